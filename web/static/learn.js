// A tutorial on the live board (/learn/{game}): the step's text, the board with
// the step's cells outlined, your hand, and your moves made by tapping as at a
// real table (taps.js: the tutorial's JSON has a table's shape). The server's
// tutorial runner decides: the taught move takes the step, any other is refused
// with the step's explanation and nothing changes. The summary ends it.
"use strict";
// In the Activity (activity-start.js) it runs on the table page, for Tabletop.learnGame,
// and adds the parts learn.html has and the table page lacks.
(async () => {
  const game = Tabletop.learnGame || decodeURIComponent(location.pathname.split("/").pop());
  const api = "/api/learn/" + encodeURIComponent(game);
  let current = null;

  // The catalogues' **bold** marks as <strong>, everything else as text.
  function rich(node, text) {
    node.replaceChildren(...String(text || "").split("**").map((part, index) => {
      if (index % 2 === 0) return document.createTextNode(part);
      const strong = document.createElement("strong");
      strong.textContent = part;
      return strong;
    }));
  }

  function listOf(id, lines) {
    document.getElementById(id).replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      rich(item, line);
      return item;
    }));
  }

  function addMissingParts() {
    if (document.getElementById("lesson")) return;
    const lesson = document.createElement("section");
    lesson.id = "lesson";
    lesson.className = "lesson";
    lesson.setAttribute("aria-live", "polite");
    lesson.innerHTML = '<p id="learn-step"></p><p id="learn-text"></p><ul id="learn-notes" class="notes"></ul>' +
      '<p id="learn-wrong" class="wrong" role="alert" hidden></p><div id="learn-summary" hidden>' +
      '<p id="summary-learnt"></p><ul id="summary-lines"></ul><p id="summary-next"></p><p id="summary-again"></p></div>';
    document.querySelector("main header").after(lesson);
    const again = document.createElement("p");
    again.innerHTML = '<button id="start-over" type="button" class="secondary" data-word="web.learn.start_over"></button>';
    document.getElementById("error").before(again);
    const log = document.getElementById("log");
    if (log) log.closest("section").hidden = true;  // a tutorial has no game log
  }

  function render(data) {
    current = data;
    document.getElementById(document.getElementById("learn-title") ? "learn-title" : "game-name").textContent = data.title;
    rich(document.getElementById("learn-step"), data.heading);
    rich(document.getElementById("learn-text"), data.text);
    listOf("learn-notes", data.notes);
    document.getElementById("learn-wrong").hidden = true;
    const summary = document.getElementById("learn-summary");
    summary.hidden = !data.summary;
    if (data.summary) {
      rich(document.getElementById("summary-learnt"), data.summary.learnt);
      listOf("summary-lines", data.summary.lines);
      rich(document.getElementById("summary-next"), data.summary.next);
      rich(document.getElementById("summary-again"), data.summary.again);
    }
    if (data.board) Tabletop.showPicture(document.getElementById("board"), data.board.png, data.board.alt);
    const handSection = document.getElementById("hand-section");
    handSection.hidden = !data.hand;
    if (data.hand) Tabletop.showPicture(document.getElementById("hand"), data.hand.png, data.hand.alt);
    const buttons = Taps.show(data, act);
    document.getElementById("tap-hint").hidden = !Taps.moves.length;
    document.getElementById("moves-section").hidden = data.finished;
    const moves = document.getElementById("moves");
    moves.replaceChildren(...buttons.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.label;
      button.dataset.move = move.id;
      button.addEventListener("click", () => act(move));
      return button;
    }));
    document.getElementById("error").textContent = "";
    document.body.dataset.step = data.finished ? "done" : String(data.step);  // what the page shows (tests wait on it)
  }

  async function act(move) {
    for (const button of document.querySelectorAll("#moves button, #pick button")) button.disabled = true;
    try {
      render(await Tabletop.request("POST", api + "/move", { action: move.action, step: current.step }));
    } catch (error) {
      if (error.status === 422) {  // not the taught move: the step's explanation, nothing changed
        Taps.reset();
        for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
        const wrong = document.getElementById("learn-wrong");
        rich(wrong, error.message);
        wrong.hidden = false;
        document.body.dataset.wrong = String(Number(document.body.dataset.wrong || 0) + 1);
        return;
      }
      Tabletop.showError(error);
      await load();
    }
  }

  async function load() {
    try { render(await Tabletop.request("GET", api)); } catch (error) { Tabletop.showError(error); }
  }

  addMissingParts();
  try {
    const data = await Tabletop.games();
    await Tabletop.loadWords(data.you.locale);
  } catch (error) { Tabletop.showError(error); return; }
  Taps.wire();
  document.getElementById("start-over").addEventListener("click", async () => {
    try { render(await Tabletop.request("POST", api + "/restart")); } catch (error) { Tabletop.showError(error); }
  });
  await load();
})();
