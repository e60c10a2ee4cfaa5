// Tap-on-region play: invisible targets over the board and hand pictures.
// Tap where a move starts → the regions it can go to light up → tap one →
// the bar shows the move (or lists the moves sharing that start and end,
// e.g. CUBED rotations) with Confirm and Cancel.
"use strict";
const Taps = {
  moves: [],      // the moves whose start and end are both regions on the pictures
  start: null,    // the region id tapped first
  choices: [],    // the moves from `start` to the region tapped second
  picked: null,   // the move Confirm would send
  act: null,

  // Lays the targets of one picture ("board" or "hand") over it; returns the ids shown.
  lay(part, picture) {
    const layer = document.getElementById(part + "-spots");
    const percent = (value, whole) => (100 * value / whole) + "%";
    // The picture's shape before it loads, so the targets are in place at once.
    layer.parentNode.style.aspectRatio = picture ? picture.width + " / " + picture.height : "";
    layer.replaceChildren(...(picture ? picture.regions : []).map((region) => {
      const [x0, y0, x1, y1] = region.box;
      const spot = document.createElement("button");
      spot.type = "button";
      spot.className = "spot";
      spot.dataset.region = region.id;
      spot.setAttribute("aria-label", region.id);
      Object.assign(spot.style, {
        left: percent(x0, picture.width), top: percent(y0, picture.height),
        width: percent(x1 - x0, picture.width), height: percent(y1 - y0, picture.height),
      });
      spot.addEventListener("click", () => this.tap(region.id));
      return spot;
    }));
    return picture ? picture.regions.map((region) => region.id) : [];
  },

  // Takes the table's data; answers the moves left for buttons (no start or end region).
  show(data, act) {
    this.act = act;
    const shown = new Set([...this.lay("board", data.board), ...this.lay("hand", data.hand)]);
    const tappable = (move) => move.from !== null && move.to !== null && shown.has(move.from) && shown.has(move.to);
    this.moves = data.moves.filter(tappable);
    this.reset();
    return data.moves.filter((move) => !tappable(move));
  },

  reset() {
    this.start = null;
    this.choices = [];
    this.picked = null;
    this.paint();
  },

  tap(id) {
    const targets = this.targets();
    if (this.start !== null && targets.has(id)) {
      this.choices = this.moves.filter((move) => move.from === this.start && move.to === id);
      this.picked = this.choices.length === 1 ? this.choices[0] : null;
    } else if (id !== this.start && this.moves.some((move) => move.from === id)) {
      this.start = id;
      this.choices = [];
      this.picked = null;
    } else {
      this.start = null;
      this.choices = [];
      this.picked = null;
    }
    this.paint();
  },

  targets() {
    return new Set(this.moves.filter((move) => move.from === this.start).map((move) => move.to));
  },

  paint() {
    const starts = new Set(this.moves.map((move) => move.from));
    const targets = this.targets();
    const end = this.choices.length ? this.choices[0].to : null;
    for (const spot of document.querySelectorAll(".spot")) {
      const id = spot.dataset.region;
      spot.classList.toggle("start", this.start === null && starts.has(id));
      spot.classList.toggle("chosen", id === this.start);
      spot.classList.toggle("target", this.start !== null && targets.has(id) && id !== end);
      spot.classList.toggle("end", id === end);
      spot.classList.toggle("live", starts.has(id) || (this.start !== null && targets.has(id)));
    }
    this.paintBar();
  },

  paintBar() {
    const bar = document.getElementById("pick");
    bar.hidden = !this.choices.length;
    document.body.classList.toggle("picking", !bar.hidden);
    document.getElementById("pick-label").textContent =
      this.picked ? this.picked.label : this.choices.length ? Tabletop.word("web.page.pick_one") : "";
    const list = document.getElementById("pick-list");
    list.replaceChildren(...(this.choices.length > 1 ? this.choices : []).map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.label;
      button.dataset.move = move.id;
      button.classList.toggle("picked", move === this.picked);
      button.addEventListener("click", () => { this.picked = move; this.paintBar(); });
      return button;
    }));
    document.getElementById("confirm").disabled = !this.picked;
    document.getElementById("cancel").disabled = false;  // sending a move disabled the bar
  },

  wire() {
    document.getElementById("confirm").addEventListener("click", () => { if (this.picked) this.act(this.picked); });
    document.getElementById("cancel").addEventListener("click", () => this.reset());
  },
};
