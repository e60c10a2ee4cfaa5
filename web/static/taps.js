// Tap-on-region play: invisible targets over the board and hand pictures.
// A move is made of (start, end) pairs of regions, its `steps`, in any order:
// a CUBED placement is one pair (piece, cell), a SETUP play one per tile
// (tile, square), a Death Front attack one per attacker (unit, target).
// Tap a start → its ends light up → tap one: the pair is done. Once the pairs
// done are a whole move, the bar shows it with its preview and Confirm; the
// starts that can still join light up (the next tile, another attacker).
// Moves sharing the same pairs (CUBED rotations) take turns when the piece or
// its cell is tapped again; more than CYCLE of them are listed instead.
// A game whose moves are too many to list (every SETUP play; the table's
// `continues`) is asked after each change of the pairs done which pairs may
// come next and whether they are a whole move (POST .../continue); its answer
// joins the listed moves as moves "partial" (one pair more, not whole) and the
// whole move.
"use strict";

// Which moves the pairs done so far lead to; no page, no drawing.
const TapPath = {
  CYCLE: 6,
  key: (pair) => pair[0] + "\u0000" + pair[1],

  // The moves that contain every pair of `done`.
  matching(moves, done) {
    const keys = done.map(this.key);
    return moves.filter((move) => {
      const own = new Set(move.steps.map(this.key));
      return keys.every((key) => own.has(key));
    });
  },

  // The pairs of `move` not yet done.
  rest(move, done) {
    const keys = new Set(done.map(this.key));
    return move.steps.filter((pair) => !keys.has(this.key(pair)));
  },

  // Where a tap may go next: the starts of pairs still open, and the ends of those from `pending`.
  next(moves, done, pending) {
    const starts = new Set();
    const ends = new Set();
    for (const move of this.matching(moves, done)) {
      for (const [start, end] of this.rest(move, done)) {
        starts.add(start);
        if (start === pending) ends.add(end);
      }
    }
    return { starts, ends };
  },

  // The moves that are exactly the pairs done (a move listed and answered by the server once).
  whole(moves, done) {
    const seen = new Set();
    return this.matching(moves, done).filter((move) => {
      if (move.partial || move.steps.length !== done.length || seen.has(move.id)) return false;
      seen.add(move.id);
      return true;
    });
  },

  // The server's answer for `done` as moves: one partial move per next pair, and the whole move.
  answered(done, answer) {
    const partial = answer.next.map((pair) => ({ partial: true, steps: [...done, pair] }));
    return answer.whole ? [...partial, answer.whole] : partial;
  },
};

const Taps = {
  moves: [],      // the moves all of whose steps are regions on the pictures
  done: [],       // the pairs tapped so far
  pending: null,  // a start tapped, its end not yet
  turn: 0,        // which of the moves sharing the pairs done is shown (CUBED rotations)
  listed: null,   // the move picked from the list, when there are too many to take turns
  offered: null,  // a move of the buttons that asks first (its `confirm`), shown in the bar
  picked: null,   // the move Confirm would send
  act: null,
  table: null,    // the table's data shown: its id, version and seat, and whether it `continues`
  found: [],      // the server's moves for the pairs done (TapPath.answered)
  asked: null,    // the pairs done the last question to the server was about
  answers: new Map(),  // the server's answers for this table's version, by the pairs done

  // Lays the targets of one picture ("board" or "hand") over it; returns the ids shown. Each
  // is a button named in words (the picture's `names`: as the move labels name what it shows),
  // inert — out of the tab order and of the accessibility tree — until it matters (paint).
  lay(part, picture) {
    const layer = document.getElementById(part + "-spots");
    const percent = (value, whole) => (100 * value / whole) + "%";
    const names = (picture && picture.names) || {};
    // The picture's shape before it loads, so the targets are in place at once.
    layer.parentNode.style.aspectRatio = picture ? picture.width + " / " + picture.height : "";
    layer.replaceChildren(...(picture ? picture.regions : []).map((region) => {
      const [x0, y0, x1, y1] = region.box;
      const spot = document.createElement("button");
      spot.type = "button";
      spot.className = "spot";
      spot.inert = true;
      spot.setAttribute("aria-hidden", "true");  // inert says it too, but not every reader hears inert
      spot.dataset.region = region.id;
      spot.dataset.name = names[region.id] || region.id;
      spot.setAttribute("aria-label", spot.dataset.name);
      Object.assign(spot.style, {
        left: percent(x0, picture.width), top: percent(y0, picture.height),
        width: percent(x1 - x0, picture.width), height: percent(y1 - y0, picture.height),
      });
      spot.addEventListener("click", () => this.tap(region.id));
      return spot;
    }));
    return picture ? picture.regions.map((region) => region.id) : [];
  },

  // Takes the table's data; answers the moves left for buttons (not all on the pictures).
  show(data, act) {
    this.act = act;
    const focused = document.activeElement;
    const wasOn = focused && focused.classList.contains("spot") ? focused.dataset.region : null;
    const shown = new Set([...this.lay("board", data.board), ...this.lay("hand", data.hand)]);
    const tappable = (move) => (move.steps || []).length > 0 && move.steps.every((pair) => pair.every((id) => shown.has(id)));
    this.moves = data.moves.filter(tappable);
    this.table = data;
    this.answers = new Map();
    // The answer for no pairs yet comes with the table: the page asks nothing at a new position.
    if (data.continues) this.answers.set(JSON.stringify([]), { version: data.version, next: data.next || [], whole: null });
    this.reset();
    this.keepFocus(wasOn, focused);
    return data.moves.filter((move) => !tappable(move));
  },

  // A move button whose move asks first (Death Front: proposing to end): the bar shows it with its question.
  offer(move) {
    this.reset();
    this.offered = move;
    this.paintBar();
  },

  // A new table replaced the targets: the keyboard's place goes to the same region if it still
  // matters, else to the turn line (never lost to the page's top).
  keepFocus(region, focused) {
    if (focused && focused !== document.body && document.contains(focused)) return;
    const again = region === null ? null : document.querySelector(".spot.live[data-region=" + JSON.stringify(region) + "]");
    if (again) again.focus();
    else if (focused && focused !== document.body) document.getElementById("turn").focus();
  },

  reset() {
    this.offered = null;
    this.done = [];
    this.pending = null;
    this.turn = 0;
    this.listed = null;
    this.found = [];
    this.ask();
    this.paint();
  },

  all() { return this.found.length ? this.moves.concat(this.found) : this.moves; },

  whole() { return TapPath.whole(this.all(), this.done); },

  // Asks the server where the pairs done may go next (a game that `continues` only).
  async ask() {
    const table = this.table;
    if (!table || !table.continues) return;
    const done = this.done.slice();
    const key = JSON.stringify(done);
    this.asked = key;
    document.body.dataset.asking = "yes";
    try {
      const answer = this.answers.get(key) || await Tabletop.request(
        "POST", "/api/tables/" + table.table_id + "/continue", { version: table.version, seat: table.you, steps: done });
      if (this.table !== table) return;  // another version came meanwhile
      this.answers.set(key, answer);
      if (this.asked !== key) return;  // the pairs changed meanwhile
      this.found = TapPath.answered(done, answer);
      this.paint();
    } catch (error) {
      if (this.asked === key) Tabletop.showError(error);
    } finally {
      if (this.asked === key) document.body.dataset.asking = "no";
    }
  },

  tap(id) {
    this.offered = null;
    const { starts, ends } = TapPath.next(this.all(), this.done, this.pending);
    const last = this.done[this.done.length - 1];
    const whole = this.whole();
    const taking = whole.length > 1 && whole.length <= TapPath.CYCLE;
    if (this.pending !== null) {
      if (ends.has(id)) this.add([this.pending, id]);
      else if (id !== this.pending && starts.has(id)) this.pending = id;
      else if (id === this.pending) this.pending = null;
      else { this.pending = null; return this.tap(id); }
    } else if (last && taking && (id === last[1] || (this.done.length === 1 && id === last[0]))) {
      this.turn += 1;  // the next of the moves sharing these pairs: a CUBED piece turns
    } else if (this.done.some((pair) => pair[1] === id)) {
      const back = this.done.find((pair) => pair[1] === id);
      this.drop(back);  // back one step: that pair's start stays chosen
      this.pending = back[0];
    } else if (this.done.some((pair) => pair[0] === id)) {
      this.drop(this.done.find((pair) => pair[0] === id));  // an attacker leaves, a tile goes back
    } else if (starts.has(id)) {
      this.pending = id;
      const only = TapPath.next(this.all(), this.done, id).ends;
      // Nowhere else to go (not while the server is still answering where it may go).
      if (this.done.length && only.size === 1 && document.body.dataset.asking !== "yes") this.add([id, [...only][0]]);
    } else return this.reset();
    if (!this.done.length && this.pending === null) return this.reset();
    this.paint();
  },

  add(pair) {
    this.done.push(pair);
    this.pending = null;
    this.turn = 0;
    this.listed = null;
    this.ask();
  },

  drop(pair) {
    this.done = this.done.filter((other) => other !== pair);
    this.turn = 0;
    this.listed = null;
    this.ask();
  },

  paint() {
    const { starts, ends } = TapPath.next(this.all(), this.done, this.pending);
    const chosen = new Set(this.done.map((pair) => pair[0]));
    const placed = new Set(this.done.map((pair) => pair[1]));
    if (this.pending !== null) chosen.add(this.pending);
    for (const spot of document.querySelectorAll(".spot")) {
      const id = spot.dataset.region;
      const target = this.pending !== null && ends.has(id);
      const start = this.pending === null && starts.has(id) && !chosen.has(id);
      const end = placed.has(id) && !target;
      const live = start || target || chosen.has(id) || placed.has(id) || starts.has(id);
      spot.classList.toggle("start", start);
      spot.classList.toggle("chosen", chosen.has(id));
      spot.classList.toggle("target", target);
      spot.classList.toggle("end", end);
      spot.classList.toggle("live", live);
      // Not by colour only: the state is said (pressed: chosen or placed; a target says so) and marked.
      if (spot.inert === live) {
        if (!live && spot === document.activeElement) document.getElementById("turn").focus();
        spot.inert = !live;
        spot.setAttribute("aria-hidden", String(!live));
      }
      spot.setAttribute("aria-pressed", String(chosen.has(id) || end));
      const name = spot.dataset.name;
      spot.setAttribute("aria-label", target ? Tabletop.word("web.page.spot_target", { name })
        : end ? Tabletop.word("web.page.spot_placed", { name }) : name);
    }
    this.paintBar();
  },

  paintBar() {
    const whole = this.whole();
    const listing = whole.length > TapPath.CYCLE;
    this.picked = this.offered || (listing ? this.listed : whole.length ? whole[this.turn % whole.length] : null);
    const bar = document.getElementById("pick");
    bar.hidden = !this.done.length && !this.offered;
    document.body.classList.toggle("picking", !bar.hidden);
    const { starts } = TapPath.next(this.all(), this.done, null);
    document.getElementById("pick-label").textContent =
      this.picked ? this.picked.label : listing ? Tabletop.word("web.page.pick_one") : Tabletop.word("web.page.go_on");
    const notes = [];
    if (this.picked && this.picked.preview) notes.push(this.picked.preview);
    if (this.picked && this.picked.confirm) notes.push(this.picked.confirm);  // what the move brings: asked before Confirm
    if (!listing && whole.length > 1) {
      notes.push(Tabletop.word("web.page.tap_again", { n: this.turn % whole.length + 1, count: whole.length }));
    }
    if (this.picked && !this.offered && starts.size) notes.push(Tabletop.word("web.page.or_more"));
    this.note().textContent = notes.join(" ");
    const list = document.getElementById("pick-list");
    list.replaceChildren(...(listing ? whole : []).map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.label;
      button.dataset.move = move.id;
      button.classList.toggle("picked", move === this.listed);
      button.addEventListener("click", () => { this.listed = move; this.paintBar(); });
      return button;
    }));
    document.getElementById("confirm").disabled = !this.picked;
    document.getElementById("cancel").disabled = false;  // sending a move disabled the bar
  },

  // The bar's line under the label: the preview and how to go on (made here, so every page has it).
  note() {
    let note = document.getElementById("pick-preview");
    if (!note) {
      note = document.createElement("p");
      note.id = "pick-preview";
      note.className = "preview";
      note.setAttribute("aria-live", "polite");
      document.getElementById("pick-label").after(note);
    }
    return note;
  },

  wire() {
    document.getElementById("confirm").addEventListener("click", () => { if (this.picked) this.act(this.picked); });
    document.getElementById("cancel").addEventListener("click", () => this.reset());
    // Escape is Cancel, said out loud: a half-made move is only ever let go on purpose.
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && (this.done.length || this.pending !== null)) { this.reset(); event.preventDefault(); }
    });
  },
};
