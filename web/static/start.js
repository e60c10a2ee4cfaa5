// The start page: pick a game, AI players and their level, start, go to the table.
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
  } catch (error) { Tabletop.showError(error); return; }
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
