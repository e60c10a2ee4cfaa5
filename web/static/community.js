// A server's standings in the Activity (issue 35): its leaderboards (a game, a season; as
// /leaderboard shows them), players' profiles (the /profile card with its words), and
// tournaments. Opened from the "Standings" button above the page, or from a player's
// name under whose turn it is. Nothing here is asked for while a game is played: a
// move costs the page what it did before.
"use strict";
const Community = {
  section: null,
  hidden: [],    // what the panel hid, shown again by Back
  game: null,
  season: "",

  where() { return Tabletop.where && Tabletop.where.guild_id ? Tabletop.where : null; },
  channelApi(path, query) {
    const where = this.where();
    const params = new URLSearchParams({ guild_id: where.guild_id, ...query });
    return "/api/channels/" + encodeURIComponent(where.channel_id) + "/" + path + "?" + params.toString();
  },
  el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    node.append(...children);
    return node;
  },
  button(word, onClick, props) {
    const node = this.el("button", { type: "button", className: "secondary", ...props });
    node.textContent = typeof word === "string" ? Tabletop.word(word) : word.text;
    node.addEventListener("click", onClick);
    return node;
  },

  // The entry: a button above the page (the table's or the empty channel's).
  mount() {
    if (!this.where() || document.getElementById("community-entry")) return;
    const entry = this.el("p", { id: "community-entry", className: "community-entry" });
    entry.append(this.button("web.community.button", () => this.open("leaderboard"), { id: "community-button" }));
    document.body.prepend(entry);
    this.section = this.el("section", { id: "community", className: "community", hidden: true });
    this.section.setAttribute("aria-labelledby", "community-title");
    document.body.append(this.section);
  },

  open(view, arg) {
    if (this.section.hidden) {
      this.hidden = [...document.body.children].filter((node) => node !== this.section && node.id !== "pick" && !node.hidden
        && node.tagName !== "SCRIPT");
      for (const node of this.hidden) node.hidden = true;
      this.section.hidden = false;
    }
    const back = this.button("web.community.back", () => this.close(), { id: "community-back" });
    const title = this.el("h2", { id: "community-title", tabIndex: -1 });
    title.textContent = Tabletop.word("web.community.title");
    const tabs = this.el("div", { className: "lobby-buttons", role: "group" });
    for (const [name, word] of [["leaderboard", "web.community.leaderboard"], ["me", "web.community.my_profile"],
                                ["tournaments", "web.community.tournaments"]]) {
      const tab = this.button(word, () => this.open(name), { className: view === name ? "" : "secondary" });
      tab.dataset.view = name;
      tab.setAttribute("aria-pressed", view === name ? "true" : "false");
      tabs.append(tab);
    }
    const body = this.el("div", { id: "community-body" });
    body.setAttribute("aria-live", "polite");
    const error = this.el("p", { id: "community-error", className: "error", role: "alert" });
    this.section.replaceChildren(this.el("header", {}, back, title), tabs, body, error);
    title.focus();
    const show = { leaderboard: () => this.leaderboard(body), me: () => this.profile(body, this.channelApi("profile", {})),
                   player: () => this.profile(body, arg), tournaments: () => this.tournaments(body) }[view];
    body.textContent = Tabletop.word("web.community.loading");
    show().catch((failure) => { body.textContent = ""; error.textContent = failure.message; });
  },

  close() {
    this.section.hidden = true;
    for (const node of this.hidden) node.hidden = false;
    this.hidden = [];
    document.getElementById("community-button")?.focus();
  },

  async leaderboard(body) {
    const query = { game: this.game || (Tabletop.shown && Tabletop.shown.game_type) || "" };  // the channel's game first
    if (this.season !== "") query.season = this.season;
    const data = await Tabletop.request("GET", this.channelApi("leaderboard", query));
    this.game = data.game;
    const pick = (label, options, chosen, onChange) => {
      const select = this.el("select");
      select.replaceChildren(...options.map(([value, text]) => new Option(text, value, false, String(value) === String(chosen))));
      select.addEventListener("change", () => onChange(select.value));
      return this.el("label", {}, this.el("span", { textContent: Tabletop.word(label) }), select);
    };
    const games = pick("web.community.game", data.games.map((g) => [g.game, g.name]), data.game,
                       (value) => { this.game = value; this.open("leaderboard"); });
    const seasons = data.seasons.length ? pick("web.community.season",
      [["", Tabletop.word("web.community.current")], ...data.seasons.map((s) => [s.number, s.label])],
      data.season === null ? "" : data.season, (value) => { this.season = value; this.open("leaderboard"); }) : "";
    const parts = [games, seasons];
    if (data.empty) {
      parts.push(this.el("p", { className: "hint", textContent: data.empty }));
    } else {
      const table = this.el("table", { id: "leaderboard", className: "leaderboard" });
      table.append(this.el("caption", { textContent: data.title }));
      const heads = ["rank", "player", "rating", "games", "wins"].map((key) => this.el("th", { scope: "col", textContent: data.heads[key] }));
      table.append(this.el("thead", {}, this.el("tr", {}, ...heads)));
      const rows = this.el("tbody");
      data.rows.forEach((row, index) => {
        if (data.gap && index === data.rows.length - 1) rows.append(this.el("tr", {}, this.el("td", { colSpan: 5, textContent: "…" })));
        const name = this.button({ text: row.you ? Tabletop.word("web.community.you_name", { name: row.name }) : row.name },
          () => this.open("player", this.channelApi("profile", { user_id: row.user_id })), { className: "link" });
        name.dataset.user = row.user_id;
        const tr = this.el("tr", { className: row.you ? "you" : "" }, this.el("td", { textContent: String(row.rank) }),
          this.el("td", {}, name), this.el("td", { textContent: row.rating }),
          this.el("td", { textContent: String(row.games) }), this.el("td", { textContent: String(row.wins) }));
        rows.append(tr);
      });
      table.append(rows);
      parts.push(this.el("div", { className: "table-scroll" }, table));
    }
    body.replaceChildren(...parts.filter(Boolean));
  },

  async profile(body, url) {
    const data = await Tabletop.request("GET", url);
    const title = this.el("h3", { textContent: Tabletop.word("web.community.profile_of", { name: data.name }) });
    const picture = this.el("img", { id: "profile-card", src: data.picture, alt: data.alt });
    body.replaceChildren(title, this.el("p", { id: "profile-line", textContent: data.line }), picture);
    body.dataset.user = data.user_id;
  },

  // The match's table in place of the empty channel's offers (as opening a lobby there does).
  showTable(id) {
    this.close();
    if (Tabletop.leaveEmptyChannel) Tabletop.leaveEmptyChannel();
    for (const node of ["lobby-offer", "learn-offer", "activity-status"]) document.getElementById(node)?.remove();
    document.getElementById("table").hidden = false;
    Tabletop.openTable(String(id));
  },

  async tournaments(body, id) {
    const data = await Tabletop.request("GET", this.channelApi("tournaments", id ? { id } : {}));
    this.tournament = { id: data.id, asked: id, body };  // followed live (news, below) while shown
    const parts = [this.el("h3", { textContent: data.title })];
    const next = data.next ? data.next.text : Tabletop.word("web.community.no_match");
    const line = this.el("p", { id: "next-match", textContent: next });
    if (data.next && data.next.table_id && Tabletop.openTable) {
      line.append(" ", this.button("web.page.watch", () => this.showTable(data.next.table_id)));
    }
    parts.push(line);
    if (data.standings) parts.push(this.el("img", { id: "standings-card", src: data.standings, alt: data.alt }));
    if (data.lines.length) parts.push(this.standingNames(data));
    for (const other of data.others) {
      parts.push(this.button({ text: other.title }, () => this.tournaments(body, other.id), { className: "link" }));
    }
    body.replaceChildren(...parts);
  },

  // The standings' players by name, each opening that player's profile (an AI or a forgotten
  // player has none): a list beside the picture, which shows the whole table.
  standingNames(data) {
    const list = this.el("ol", { id: "standings-names", className: "standings-names" });
    list.setAttribute("aria-label", Tabletop.word("web.community.entrants"));
    for (const line of data.lines) {
      const item = this.el("li", {}, this.el("span", { textContent: line.rank + ". " }));
      if (!line.people.length) item.append(line.name);
      line.people.forEach((person, index) => {
        if (index) item.append(" & ");
        const name = this.button({ text: person.name }, () => this.open("player",
          this.channelApi("tournaments/" + encodeURIComponent(data.id) + "/profile", { user_id: person.user_id })), { className: "link" });
        name.dataset.user = person.user_id;
        item.append(name);
      });
      item.append(this.el("span", { textContent: " · " + Tabletop.word("web.community.points", { points: line.points }) }));
      list.append(item);
    }
    return list;
  },

  // A tournament's news (a match ended: the socket's {"type": "tournament"}): the standings shown
  // of that tournament are asked for once more.
  news(message) {
    const shown = this.tournament;
    if (message.type !== "tournament" || !shown || this.section.hidden || !shown.body.isConnected
        || shown.id !== message.tournament_id) return;
    this.tournaments(shown.body, shown.asked).catch((failure) => {
      document.getElementById("community-error").textContent = failure.message;
    });
  },

  // Under whose turn it is: the table's players, each name opening that player's profile.
  showPlayers(data) {
    const players = document.getElementById("players");
    if (!players) return;
    const people = this.where() ? data.seats.filter((seat) => !seat.ai) : [];
    players.hidden = !people.length;
    if (!people.length) { players.replaceChildren(); return; }
    players.replaceChildren(this.el("span", { textContent: Tabletop.word("web.community.players") + ":" }),
      ...people.map((seat) => {
        const button = this.button({ text: seat.name }, () => this.open("player", "/api/tables/" + data.table_id +
          "/seats/" + seat.seat + "/profile"), { className: "link" });
        button.dataset.seat = seat.seat;
        return button;
      }));
  },
};
Tabletop.showPlayers = (data) => Community.showPlayers(data);
Tabletop.onNews = (message) => Community.news(message);
if (Tabletop.signIn) Tabletop.signIn.then(() => Community.mount()).catch(() => {});
