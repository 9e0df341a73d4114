// A board: SVG drawn by Python, shown as is. Elements carrying data-intent are the things a
// player can click (or focus with Tab and press Enter/Space); the intent goes back to Python,
// which asks the engine and sends a new picture. The board decides nothing itself.

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tt-board";
  el.append(root);

  function draw() {
    root.innerHTML = model.get("svg");
    root.setAttribute("aria-label", model.get("label"));
    for (const hot of root.querySelectorAll("[data-intent]")) {
      hot.setAttribute("tabindex", "0");
      hot.setAttribute("role", "button");
      hot.classList.add("tt-hot");
    }
    const focus = model.get("focus");
    if (focus) root.querySelector(`[data-intent="${CSS.escape(focus)}"]`)?.focus();
  }

  /** @param {Element | null} hot */
  function send(hot) {
    if (!hot) return;
    const intent = hot.getAttribute("data-intent");
    model.send({ intent });
  }

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
