// The start page: pick a game, AI players and their level, start, go to the table;
// or watch a local game in play.
"use strict";
(async () => {
  const form = document.getElementById("new-game");
  try {
    const data = await Tabletop.games();
    await Tabletop.loadWords(data.you.locale);
    const games = document.getElementById("game");
    for (const game of data.games) games.add(new Option(game.name, game.game));
    const levels = document.getElementById("ai-level");
    for (const level of data.levels) levels.add(new Option(level.name, level.level, false, level.level === data.default_level));
    listTutorials(data.games);
    if (data.local) await listLiveGames();
  } catch (error) { Tabletop.showError(error); return; }

  // "Learn": the games with a tutorial, each opening /learn/{game}.
  function listTutorials(games) {
    const learnable = games.filter((game) => game.tutorial);
    document.getElementById("learn-games").replaceChildren(...learnable.map((game) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = "/learn/" + encodeURIComponent(game.game);
      link.className = "button";
      link.textContent = Tabletop.word("web.page.learn", { game: game.name });
      item.append(link);
      return item;
    }));
    document.getElementById("learn-section").hidden = !learnable.length;
  }

  async function listLiveGames() {
    const { tables } = await Tabletop.request("GET", "/api/local/live");
    const list = document.getElementById("live-games");
    list.replaceChildren(...tables.map((table) => {
      const item = document.createElement("li");
      const about = document.createElement("div");
      const title = document.createElement("strong");
      title.textContent = table.game_name + " · #" + table.table_id;
      about.append(title, document.createElement("br"), table.players.join(", "), document.createElement("br"), table.turn_line);
      const watch = document.createElement("a");
      watch.href = "/t/" + table.table_id;
      watch.textContent = Tabletop.word(table.status === "lobby" ? "web.lobby.join" : "web.page.watch");
      item.append(about, watch);
      return item;
    }));
    document.getElementById("live-section").hidden = false;
    if (!tables.length) {
      const none = document.createElement("li");
      none.textContent = Tabletop.word("web.page.no_live_games");
      list.append(none);
    }
  }
  // A lobby others join from their own browser (the games in play list it), started by its host.
  document.getElementById("lobby-button").addEventListener("click", async () => {
    try {
      const made = await Tabletop.request("POST", "/api/lobbies", { game: document.getElementById("game").value });
      location.href = "/t/" + made.table_id;
    } catch (error) { Tabletop.showError(error); }
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = document.getElementById("start-button");
    button.disabled = true;
    button.textContent = Tabletop.word("web.page.starting");
    const count = Number(document.getElementById("ai-count").value) || 0;
    const level = document.getElementById("ai-level").value;
    try {
      const made = await Tabletop.request("POST", "/api/local/tables", {
        game: document.getElementById("game").value,
        ai: Array(count).fill(level),
        humans: Number(document.getElementById("humans").value) || 1,
      });
      location.href = "/t/" + made.table_id;
    } catch (error) {
      Tabletop.showError(error);
      button.disabled = false;
      button.textContent = Tabletop.word("web.page.start");
    }
  });
})();
