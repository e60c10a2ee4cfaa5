// After a game's end, for its players: 🔁 Rematch (a new lobby in the same channel, with the
// same options) and Review (the moves the AI judged furthest below its best, GET .../review);
// and for everyone on the page, the channel's next lobby once there is one (the socket's
// "next", or the finished game's rematch): the Activity follows it, a page of its own links it.
"use strict";
const After = {
  review: null,  // the review shown: {table, data}
  show(data, open) {
    const section = document.getElementById("after-section");
    const finished = data.status === "finished";
    const player = data.seats.some((s) => s.yours);
    section.hidden = !(finished && (player || data.rematch)) && !this.next;
    const buttons = document.getElementById("after-buttons");
    buttons.replaceChildren();
    const next = this.next || data.rematch;
    if (next) {
      buttons.append(Lobby.button(Tabletop.word("web.after.open_next", { id: next }), "open-next", () => open(String(next))));
    } else if (finished && player) {
      buttons.append(Lobby.button("🔁 " + Tabletop.word("web.after.rematch"), "rematch", async () => {
        try { open(String((await Tabletop.request("POST", "/api/tables/" + data.table_id + "/rematch")).table_id)); }
        catch (error) { Tabletop.showError(error); }
      }));
    }
    if (finished && player) {
      buttons.append(Lobby.button(Tabletop.word("web.after.review"), "review-button", () => this.load(data.table_id), true));
    }
    if (!this.review || this.review.table !== data.table_id) document.getElementById("review").replaceChildren();
  },
  async load(tableId) {
    const box = document.getElementById("review");
    box.replaceChildren(Lobby.el("p", Tabletop.word("web.after.reviewing"), { class: "hint", role: "status" }));
    try {
      const data = await Tabletop.request("GET", "/api/tables/" + tableId + "/review");
      this.review = { table: tableId, data };
      box.replaceChildren(Lobby.el("h2", data.title), ...data.items.map((item) => {
        const part = Lobby.el("div", null, { class: "review-item" });
        const img = Lobby.el("img", null, { alt: item.alt, src: item.picture });
        part.append(Lobby.el("p", item.text), img);
        return part;
      }));
    } catch (error) { box.replaceChildren(); Tabletop.showError(error); }
  },
  next: null,  // the channel's new lobby, told by the socket
};
