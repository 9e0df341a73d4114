// Save game / Load game buttons. Nothing about the game is kept in the page: a click on Save
// game asks Python for the file, which arrives as one message and is handed to the browser as
// a download at once; a file chosen with Load game is read here and sent to Python as one
// message. Python decides everything (what to save, whether a file is a game of this table):
// `not_now` says why Save game is dimmed, `loads` whether Load game is offered.

/** @param {{ model: any, el: HTMLElement }} ctx */
function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "tt-files";

  const save = document.createElement("button");
  save.className = "jupyter-button tt-save";
  save.type = "button";
  save.innerHTML = '<i class="fa fa-download" aria-hidden="true"></i> Save game';
  save.title = "download this game (set-up and every move) as a .json file";

  const load = document.createElement("button");
  load.className = "jupyter-button tt-load";
  load.type = "button";
  load.innerHTML = '<i class="fa fa-upload" aria-hidden="true"></i> Load game';
  load.title = "load a game saved as a .json file (it replaces the game on this table)";

  const picker = document.createElement("input");
  picker.type = "file";
  picker.accept = ".json,application/json";
  picker.hidden = true;
  picker.className = "tt-load-file";

  const title = save.title;
  function label() {
    const notNow = model.get("not_now");
    save.disabled = Boolean(notNow);
    save.style.opacity = notNow ? "0.5" : ""; // dimmed, as a disabled ipywidgets button
    save.title = notNow ? `Save game: ${notNow}` : title;
    const what = notNow ? save.title : `Save game: download ${model.get("name")}`;
    save.setAttribute("aria-label", what);
    load.style.display = model.get("loads") ? "" : "none"; // a button's CSS outranks `hidden`
  }

  save.addEventListener("click", () => model.send({ save: true }));
  load.addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const file = picker.files?.[0];
    picker.value = ""; // the same file can be chosen again
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      model.send({ too_big: { name: file.name, size: file.size } });
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    model.send({ load: { name: file.name } }, undefined, [bytes.buffer]);
  });

  model.on("msg:custom", (/** @type {any} */ msg) => {
    if (!msg?.download) return;
    const { name, text } = msg.download;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    row.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });

  const traits = ["name", "not_now", "loads"];
  for (const name of traits) model.on(`change:${name}`, label);
  label();
  row.append(save, load, picker);
  el.append(row);
  return () => {
    for (const name of traits) model.off(`change:${name}`, label);
  };
}

export default { render };
