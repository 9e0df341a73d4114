// Two dice. Python sets the faces (`values`, the engine's throw) and counts the throws
// (`throws`); when the count changes the dice tumble for half a second, then land on the
// engine's values. The dice decide nothing: the tumbling faces are only a picture.

const FACES = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
const STILL = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "tt-dice";
  root.setAttribute("role", "img");
  el.append(root);
  const dice = [0, 1].map(() => {
    const die = document.createElement("div");
    die.className = "tt-die";
    for (let k = 0; k < 9; k++) die.append(document.createElement("span"));
    root.append(die);
    return die;
  });

  /** @param {number[]} values @param {boolean[]} used */
  function show(values, used) {
    dice.forEach((die, k) => {
      const v = values[k];
      die.querySelectorAll("span").forEach((pip, j) => {
        pip.classList.toggle("on", Boolean(v) && FACES[v].includes(j));
      });
      die.classList.toggle("used", Boolean(used[k]));
    });
  }

  let timer = null;
  function land() {
    const values = model.get("values");
    show(values, model.get("used"));
    root.dataset.values = values.join("-");
    root.setAttribute("aria-label", model.get("label"));
  }
  function roll() {
    if (timer) clearInterval(timer);
    if (STILL) return land();
    let n = 0;
    root.classList.add("tt-rolling");
    const face = () => 1 + Math.floor(Math.random() * 6);
    timer = setInterval(() => {
      n += 1;
      show([face(), face()], [false, false]);
      if (n >= 8) {
        clearInterval(timer);
        timer = null;
        root.classList.remove("tt-rolling");
        land();
      }
    }, 60);
  }
  const quiet = () => { if (!timer) land(); };
  model.on("change:throws", roll);
  model.on("change:values", quiet);
  model.on("change:used", quiet);
  land();
  return () => {
    if (timer) clearInterval(timer);
    model.off("change:throws", roll);
    model.off("change:values", quiet);
    model.off("change:used", quiet);
  };
}

export default { render };
