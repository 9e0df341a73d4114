// A board: SVG drawn by Python, shown as is. Elements carrying data-intent are the things a
// player can click (or focus with Tab and press Enter/Space); the intent goes back to Python,
// which asks the engine and sends a new picture. The board decides nothing itself.

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tt-board";
  el.append(root);

  root.setAttribute("tabindex", "-1"); // focus parks here when the focused spot is gone
  root.setAttribute("role", "group");

  /** The spots a player can click, in document order. */
  const spots = () => [...root.querySelectorAll("[data-intent]")];

  function draw() {
    // A keyboard player keeps their place: the spot with the same intent (else the one at the
    // same position) gets the focus back after the new picture replaces the old one.
    const had = root.contains(document.activeElement) ? document.activeElement : null;
    const hadIntent = had?.getAttribute("data-intent");
    const hadIndex = had ? spots().indexOf(had) : -1;
    root.innerHTML = model.get("svg");
    root.setAttribute("aria-label", model.get("label"));
    for (const hot of spots()) {
      hot.setAttribute("tabindex", "0");
      hot.setAttribute("role", "button");
      hot.classList.add("tt-hot");
    }
    // A picture with spots to click is a group of buttons, not one image (an image's parts
    // are hidden from screen readers); it keeps its name.
    if (spots().length) root.querySelector("svg")?.setAttribute("role", "group");
    const focus = model.get("focus") || hadIntent;
    let target = focus ? root.querySelector(`[data-intent="${CSS.escape(focus)}"]`) : null;
    if (!target && had) {
      const all = spots();
      target = all.length ? all[Math.min(Math.max(hadIndex, 0), all.length - 1)] : root;
    }
    target?.focus();
  }

  /** @param {Element | null} hot */
  function send(hot) {
    if (!hot) return;
    const intent = hot.getAttribute("data-intent");
    model.send({ intent });
  }

  // The focus ring is drawn last, on top of the whole picture: a card in a fan is partly
  // under its neighbours, and its own outline would be too. The spots keep their order.
  function ring() {
    root.querySelector(".tt-focus-ring")?.remove();
    const hot = document.activeElement?.closest?.("[data-intent]");
    const svg = root.querySelector("svg");
    if (!hot || !svg || !root.contains(hot) || !hot.matches(":focus-visible")) return;
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

  root.addEventListener("focusin", ring);
  root.addEventListener("focusout", () => root.querySelector(".tt-focus-ring")?.remove());
  root.addEventListener("click", (e) => send(e.target.closest("[data-intent]")));
  root.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      const hot = e.target.closest("[data-intent]");
      if (hot) {
        e.preventDefault();
        send(hot);
      }
    }
  });
  model.on("change:svg", draw);
  model.on("change:label", draw);
  draw();
  return () => {
    model.off("change:svg", draw);
    model.off("change:label", draw);
  };
}

export default { render };
