// A board: SVG drawn by Python, shown as is, with the status line above it and, beside it,
// "Since your last move" and the move log. Elements carrying data-intent are the things a
// player can click (or focus with Tab and press Enter/Space); the intent goes back to Python
// with the move number of the picture it was made on, and Python asks the engine. The board
// decides nothing itself.
//
// Pacing: after a player acts, Python sends the pictures of the moves that followed (bots,
// chance) in messages, "frames", and sets the traits to the game as it stands. The board
// plays the frames one by one, `pace` milliseconds apart, then shows the traits; Skip (or any
// click on the table) jumps to the end. With pace 0, or with no page open, nothing waits.

/** @typedef {{svg: string, label: string, status: string, move: number, lines: string[]}} Frame */

/**
 * An element of the board's frame.
 * @param {string} tag @param {string} className @param {Record<string, string>} [attrs]
 */
function make(tag, className, attrs = {}) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  for (const [name, value] of Object.entries(attrs)) e.setAttribute(name, value);
  return e;
}

// ---- Keys stay in the table. In JupyterLab a notebook's shortcuts listen on the whole page:
// an arrow key on a table's menu would move to the next cell instead of the next option, a
// letter would insert or cut a cell. So a key pressed on any control of the table stops at the
// table, as on a plain page (Voila); keys with Ctrl, Alt or Meta (save, the command palette),
// Tab and Escape go on to the notebook.

/** @param {KeyboardEvent} e */
function keepKey(e) {
  if (e.ctrlKey || e.altKey || e.metaKey || e.key === "Tab" || e.key === "Escape") return;
  e.stopPropagation();
}

/** The table around a board (a board shown alone is its own table). @param {HTMLElement} root */
function tableOf(root) {
  return /** @type {HTMLElement} */ (root.closest(".tt-table") ?? root);
}

/** Keep the keys pressed in the board's table there, once the board is on the page.
 * @param {HTMLElement} root */
function keepKeys(root) {
  const table = tableOf(root);
  if (!root.isConnected || table.dataset.ttKeys) return;
  table.dataset.ttKeys = "kept";
  table.addEventListener("keydown", keepKey);
}
// ---- end keys

// ---- The kernel is busy. A click on the table waits in the kernel behind any cell still
// running (after Run All, the lesson's later cells). Each click, choice or key that acts sends
// the board a numbered "ping" behind it; Python answers each with its number once it gets
// there. Unanswered after WAIT_MS, the table says it is waiting, until the answer comes.
const WAIT_MS = 300;
const ACTS = "button, select, input, [data-intent], .noUi-handle, .widget-toggle-button";

/** @param {any} model @param {HTMLElement} root @param {HTMLElement} banner */
function watchKernel(model, root, banner) {
  let asked = 0;
  let answered = 0;
  let timer = 0;
  const table = () => tableOf(root);
  /** @param {boolean} on */
  const waiting = (on) => {
    banner.hidden = !on;
    table().classList.toggle("tt-waiting", on);
  };
  /** @param {Event} e */
  function acted(e) {
    const target = /** @type {Element} */ (e.target);
    if (!target?.closest?.(ACTS) || !table().contains(target)) return;
    if (e instanceof KeyboardEvent && e.key !== "Enter" && e.key !== " ") return;
    // after the control's own message to the kernel, so the answer comes after it
    window.setTimeout(() => {
      asked += 1;
      model.send({ ping: asked });
      window.clearTimeout(timer);
      timer = window.setTimeout(() => waiting(answered < asked), WAIT_MS);
    }, 0);
  }
  model.on("msg:custom", (/** @type {any} */ msg) => {
    if (typeof msg?.pong !== "number") return;
    answered = Math.max(answered, msg.pong);
    if (answered >= asked) {
      window.clearTimeout(timer);
      waiting(false);
    }
  });
  for (const type of ["click", "change", "keydown"]) document.addEventListener(type, acted, true);
  return () => {
    for (const type of ["click", "change", "keydown"]) {
      document.removeEventListener(type, acted, true);
    }
    window.clearTimeout(timer);
  };
}
// ---- end busy kernel

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const root = make("div", "tt-board-widget");
  const head = make("div", "tt-board-head");
  const status = make("div", "tt-status", { "aria-live": "polite" });
  const skip = make("button", "jupyter-button tt-skip", {
    type: "button",
    title: "show the game as it stands now, without waiting for each move",
  });
  skip.textContent = "Skip to now";
  skip.hidden = true;
  const busy = make("div", "tt-busy", { role: "status" });
  busy.textContent = "Waiting for the notebook's running cells…";
  busy.hidden = true;
  head.append(status, skip, busy);

  const over = make("div", "tt-over");
  over.hidden = true;

  const row = make("div", "tt-board-row");
  // focus parks on the board when the focused spot is gone
  const board = make("div", "tt-board", { tabindex: "-1", role: "group" });
  const side = make("div", "tt-side");
  const recentHead = make("div", "tt-recent-head");
  const recent = make("ol", "tt-recent", { "aria-live": "polite" });
  const logBox = make("details", "tt-log-box");
  const logHead = make("summary", "");
  const log = make("ol", "tt-log", { "aria-label": "move log" });
  logBox.append(logHead, log);
  side.append(recentHead, recent, logBox);
  row.append(board, side);
  root.append(head, over, row);
  el.append(root);

  /** @type {Frame[]} */
  let queue = [];
  let timer = 0;
  let playing = false;
  /** more moves were announced and have not arrived yet */
  let expecting = false;
  /** Skip was pressed while moves were on their way: show them without waiting */
  let skipping = false;
  /** the move of the picture on screen (a click says which move it was made on) */
  let shownMove = -1;

  /** The spots a player can click, in document order. */
  const spots = () => [...board.querySelectorAll("[data-intent]")];

  /** @param {HTMLOListElement} list @param {string[]} lines */
  function fill(list, lines) {
    list.replaceChildren(...lines.map(item));
  }

  /** @param {string} line */
  function item(line) {
    const li = document.createElement("li");
    li.textContent = line;
    return li;
  }

  /** @param {string} svg @param {string} label */
  function picture(svg, label) {
    // A keyboard player keeps their place: the spot with the same intent (else the one at the
    // same position) gets the focus back after the new picture replaces the old one.
    const had = board.contains(document.activeElement) ? document.activeElement : null;
    const hadIntent = had?.getAttribute("data-intent");
    const hadIndex = had ? spots().indexOf(had) : -1;
    board.innerHTML = svg;
    board.setAttribute("aria-label", label);
    for (const hot of spots()) {
      hot.setAttribute("tabindex", "0");
      hot.setAttribute("role", "button");
      hot.classList.add("tt-hot");
    }
    // A picture with spots to click is a group of buttons, not one image (an image's parts
    // are hidden from screen readers); it keeps its name.
    if (spots().length) board.querySelector("svg")?.setAttribute("role", "group");
    const focus = model.get("focus") || hadIntent;
    let target = focus ? board.querySelector(`[data-intent="${CSS.escape(focus)}"]`) : null;
    if (!target && had) {
      const all = spots();
      target = all.length ? all[Math.min(Math.max(hadIndex, 0), all.length - 1)] : board;
    }
    target?.focus();
  }

  function heads() {
    recentHead.textContent = model.get("recent_title");
    recentHead.hidden = !recentHead.textContent;
    recent.hidden = recent.children.length === 0;
    logHead.textContent = `Move log (${log.children.length})`;
    log.scrollTop = log.scrollHeight;
    recent.scrollTop = recent.scrollHeight;
  }

  /** Show the game as it stands (the traits). */
  function present() {
    picture(model.get("svg"), model.get("label"));
    status.innerHTML = model.get("status");
    fill(recent, model.get("recent"));
    fill(log, model.get("log"));
    const end = model.get("over");
    over.hidden = !end;
    over.innerHTML = end;
    heads();
    shownMove = model.get("move");
    if (model.get("seen") !== shownMove) {
      model.set("seen", shownMove);
      model.save_changes();
    }
  }

  /** @param {Frame} frame */
  function show(frame) {
    picture(frame.svg, frame.label);
    status.innerHTML = frame.status;
    for (const line of frame.lines) {
      recent.append(item(line));
      log.append(item(line));
    }
    heads();
    shownMove = frame.move;
  }

  /** @param {boolean} on */
  function setPlaying(on) {
    playing = on;
    skip.hidden = !on;
    root.closest(".tt-table")?.classList.toggle("tt-playing", on);
    if (model.get("playing") !== on) {
      model.set("playing", on);
      model.save_changes();
    }
  }

  function step() {
    timer = 0;
    const frame = queue.shift();
    if (!frame) {
      if (expecting) return; // the moves that follow are on their way: keep playing
      setPlaying(false);
      present();
      return;
    }
    show(frame);
    timer = window.setTimeout(step, model.get("pace"));
  }

  /** Jump to the game as it stands (and past the moves still on their way). */
  function finish() {
    window.clearTimeout(timer);
    timer = 0;
    queue = [];
    skipping = expecting;
    expecting = false;
    setPlaying(false);
    present();
  }

  model.on("msg:custom", (/** @type {any} */ msg) => {
    if (!Array.isArray(msg?.frames)) return;
    if (msg.reset) recent.replaceChildren(); // a player's own action: the panel starts afresh
    if (skipping || !model.get("pace")) {
      // skipped, or no pace: each frame drawn at once, and the traits that follow draw the end
      skipping = Boolean(msg.more) && skipping;
      for (const frame of msg.frames) show(frame);
      return;
    }
    expecting = Boolean(msg.more);
    queue.push(...msg.frames);
    if (!playing && (queue.length || expecting)) {
      setPlaying(true);
      step(); // the first frame at once (a player's own action), the others at the pace
    } else if (playing && !timer) {
      step(); // it was waiting for these
    }
  });

  /** A trait changed: show the traits once all that came together have landed, unless
   * frames are still playing (they end with the traits). */
  let pending = false;
  function changed() {
    if (playing && !expecting && !queue.length && model.get("move") === shownMove) {
      finish(); // the frame on screen is the game as it stands: nothing is left to wait for
      return;
    }
    if (playing || pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (!playing) present();
    });
  }

  /** @param {Element | null} hot */
  function send(hot) {
    if (!hot) return;
    model.send({ intent: hot.getAttribute("data-intent"), move: shownMove });
  }

  // The focus ring is drawn last, on top of the whole picture: a card in a fan is partly
  // under its neighbours, and its own outline would be too. The spots keep their order.
  function ring() {
    board.querySelector(".tt-focus-ring")?.remove();
    const hot = document.activeElement?.closest?.("[data-intent]");
    const svg = board.querySelector("svg");
    if (!hot || !svg || !board.contains(hot) || !hot.matches(":focus-visible")) return;
    const view = svg.viewBox.baseVal;
    const s = svg.getBoundingClientRect();
    const r = hot.getBoundingClientRect();
    if (!s.width || !view?.width) return;
    const k = view.width / s.width;
    const box = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    box.setAttribute("class", "tt-focus-ring");
    box.setAttribute("x", String((r.left - s.left) * k - 3));
    box.setAttribute("y", String((r.top - s.top) * k - 3));
    box.setAttribute("width", String(r.width * k + 6));
    box.setAttribute("height", String(r.height * k + 6));
    box.setAttribute("rx", "6");
    svg.append(box);
  }

  // Any click on the table while the moves play finishes the playback first (and does
  // nothing else): the player then acts on the game as it stands. The classroom tools under
  // the table (replay, saves...) work meanwhile.
  /** @param {Event} e */
  function interrupt(e) {
    if (!playing) return;
    const target = /** @type {Element} */ (e.target);
    const mine = root.closest(".tt-table");
    if (!mine || target.closest?.(".tt-table") !== mine || target.closest(".tt-tools")) return;
    if (target.closest(".tt-skip")) return;
    e.stopPropagation();
    e.preventDefault();
    finish();
  }
  /** @param {KeyboardEvent} e */
  const interruptKey = (e) => {
    keepKeys(root); // the board is on the page by the time a key is pressed in it
    if (e.key === "Enter" || e.key === " ") interrupt(e);
  };
  document.addEventListener("click", interrupt, true);
  document.addEventListener("keydown", interruptKey, true);

  // A review's row opened a move: bring the board into view (it may be far above the row).
  /** @param {any} msg */
  const reveal = (msg) => {
    // the board itself: its wrappers may have no box of their own (display: contents)
    if (msg?.scroll === "board") board.scrollIntoView({ block: "nearest" });
  };
  model.on("msg:custom", reveal);

  skip.addEventListener("click", finish);
  board.addEventListener("focusin", ring);
  board.addEventListener("focusout", () => board.querySelector(".tt-focus-ring")?.remove());
  for (const area of [board, over]) {
    area.addEventListener("click", (e) => send(e.target.closest("[data-intent]")));
    area.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        const hot = e.target.closest("[data-intent]");
        if (hot) {
          e.preventDefault();
          send(hot);
        }
      }
    });
  }
  const traits = ["svg", "label", "status", "recent", "recent_title", "log", "over", "move"];
  for (const name of traits) model.on(`change:${name}`, changed);
  present();
  const unwatch = watchKernel(model, root, busy);
  requestAnimationFrame(() => keepKeys(root));
  return () => {
    unwatch();
    model.off("msg:custom", reveal);
    for (const name of traits) model.off(`change:${name}`, changed);
    document.removeEventListener("click", interrupt, true);
    document.removeEventListener("keydown", interruptKey, true);
    window.clearTimeout(timer);
  };
}

export default { render };
