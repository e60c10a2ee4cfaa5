// A table: the board and your hand with tap targets (taps.js), whose turn, the
// log and the moves that have no place on a picture as buttons. The page asks
// for the table once; then the table's WebSocket brings each change, the table
// itself (made for this page: its seat's hand and moves), so a move costs the
// page its POST and the new pictures only. A watcher sees the board, whose
// turn and the log only.
"use strict";
(async () => {
  let tableId = null;
  let api = null;
  let generation = 0;    // which table the page shows: a socket of an earlier one is let go
  let current = null;
  let shownText = "";
  let seat = null;       // the seat this page looks as (hot-seat); null: the one to act
  let socket = null;     // open, bringing the table with each change
  let socketSeat = null; // the seat the socket's pushes are made for
  let retryIn = 1000;    // the next reconnection's wait (doubles while it fails)

  function render(data) {
    // The same answer again (a refresh for a change already shown) would only undo a half-made move.
    const text = JSON.stringify(data);
    if (current && text === shownText) return;
    // Two refreshes at once (the move's answer and the socket's "changed") may answer out of order.
    if (current && data.version < current.version) return;
    current = data;
    shownText = text;
    document.getElementById("game-name").textContent = data.game_name + " · #" + data.table_id;
    Lobby.show(data, lobbyStep);
    After.show(data, follow);
    document.getElementById("board-section").hidden = !data.board;
    const mine = data.seats.filter((s) => s.yours);
    const yourTurn = data.to_act.includes(data.you);
    document.getElementById("turn").textContent =
      data.status === "playing" && yourTurn && mine.length === 1 ? Tabletop.word("web.page.your_turn") : data.turn_line;
    if (Tabletop.showPlayers) Tabletop.showPlayers(data);  // names open profiles (community.js)
    const picker = document.getElementById("seat-picker");
    const select = document.getElementById("seat");
    picker.hidden = mine.length < 2;
    if (mine.length > 1) {
      select.replaceChildren(...mine.map((s) => new Option(s.name, s.seat, false, s.seat === data.you)));
    }
    if (data.board) Tabletop.showPicture(document.getElementById("board"), data.board.png, data.board.alt);
    document.getElementById("watching").hidden = !data.watching;
    document.getElementById("moves-section").hidden = Boolean(data.watching) || data.status === "lobby";  // a watcher has no moves
    document.body.dataset.watching = data.watching ? "yes" : "no";
    const handSection = document.getElementById("hand-section");
    handSection.hidden = !data.hand;
    if (data.hand) Tabletop.showPicture(document.getElementById("hand"), data.hand.png, data.hand.alt);
    const buttons = Taps.show(data, act);
    document.getElementById("tap-hint").hidden = !Taps.moves.length;
    const moves = document.getElementById("moves");
    moves.replaceChildren();
    if (!data.moves.length) {
      const note = document.createElement("p");
      note.textContent = data.status === "playing" ? Tabletop.word("web.page.no_moves") : Tabletop.word("web.page.over");
      moves.append(note);
    }
    for (const move of buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = move.label;
      button.dataset.move = move.id;
      // Asks first, or offers to finish the step too: in the bar.
      button.addEventListener("click", () => (move.confirm || move.finish ? Taps.offer(move) : act(move)));
      moves.append(button);
    }
    showHintBox(data, yourTurn);
    // A lobby has no log yet: its empty heading would stand alone (beside nothing, on a desktop).
    document.getElementById("log-section").hidden = data.status === "lobby" && !data.log.length;
    const log = document.getElementById("log");
    log.replaceChildren(...data.log.map((line) => { const item = document.createElement("li"); item.textContent = line; return item; }));
    log.scrollTop = log.scrollHeight;
    document.body.dataset.version = data.version;  // what the page shows (tests wait on it)
    Tabletop.shown = data;  // and all of it (tests read it instead of asking the server)
  }

  // Hints (a game with hints on, the seat to act): GET .../hint, the move and why; ▶️ plays it.
  let hinted = null;
  function showHintBox(data, yourTurn) {
    const box = document.getElementById("hint-box");
    box.hidden = !(data.hints && data.status === "playing" && yourTurn && !data.watching);
    if (!hinted || hinted.version !== data.version || hinted.seat !== data.you) {
      hinted = null;
      document.getElementById("hint-text").textContent = "";
      document.getElementById("hint-play").hidden = true;
    }
  }

  async function askHint() {
    try {
      const hint = await Tabletop.request("GET", api + "/hint?seat=" + current.you);
      hinted = hint;
      document.getElementById("hint-text").textContent = hint.move.label + " — " + hint.why;
      document.getElementById("hint-play").hidden = false;
    } catch (error) { Tabletop.showError(error); }
  }

  // A lobby step (lobby.js): the new lobby comes with the socket's push, else it is fetched.
  async function lobbyStep(body) {
    try {
      await Tabletop.request("POST", api + "/lobby", body);
      document.getElementById("error").textContent = "";
      if (!socket) await refresh();
    } catch (error) {  // refused, nothing changed: the controls show the lobby as it is again
      Tabletop.showError(error);
      if (current) { shownText = ""; render(current); }
    }
  }

  // The channel's next table (a rematch, a new lobby): the Activity shows it in place; a page of
  // its own goes there (after.js offers it to those who did not ask for it).
  function follow(id) {
    if (Tabletop.signIn) openTable(id);
    else location.href = "/t/" + encodeURIComponent(id);
  }

  async function refresh() {
    try { render(await Tabletop.request("GET", api + (seat === null ? "" : "?seat=" + seat))); }
    catch (error) { Tabletop.showError(error); }
  }

  // The socket's pushes follow the seat the page looks as (hot-seat); without a socket, a request does.
  function lookAs(wanted) {
    seat = wanted;
    if (socket && socket.readyState === WebSocket.OPEN) {
      if (socketSeat !== seat) socket.send(JSON.stringify({ type: "seat", seat: seat === null ? null : Number(seat) }));
      socketSeat = seat;
      return false;
    }
    return true;
  }

  async function act(move) {
    for (const button of document.querySelectorAll("#moves button, #pick button")) button.disabled = true;
    const from = current.version;
    const lookAt = current.you;
    lookAs(null);  // hot-seat: the next player to act comes up by itself
    try {
      await Tabletop.request("POST", api + "/actions", { action: move.action, version: from, seat: lookAt });
      document.getElementById("error").textContent = "";
    } catch (error) {  // refused: draw it all again
      Tabletop.showError(error);
      current = null;
      await refresh();
      return;
    }
    // The new table comes with the socket's push; only when none comes is it fetched.
    setTimeout(() => { if (current && current.version <= from) refresh(); }, socket ? 4000 : 0);
  }

  async function listen() {
    const live = document.getElementById("live");
    const mine = generation;
    let opened;
    try { opened = new WebSocket(await Tabletop.socketUrl(api + "/ws", { v: current ? current.version : -1 })); }
    catch (error) { if (mine === generation) setTimeout(listen, retryIn); retryIn = Math.min(2 * retryIn, 30000); return; }
    if (mine !== generation) { opened.close(); return; }
    opened.onopen = () => {
      socket = opened;
      socketSeat = null;
      retryIn = 1000;
      live.textContent = Tabletop.word("web.page.live"); live.classList.remove("off");
      if (seat !== null) lookAs(seat);
    };
    opened.onmessage = (event) => {
      if (mine !== generation) return;
      const message = JSON.parse(event.data);
      if (message.type === "next") {
        After.next = message.table_id;
        if (Tabletop.signIn) openTable(String(message.table_id));  // the Activity shows its channel's table
        else if (current) { shownText = ""; render(current); }
      } else if (message.type === "tournament") {
        if (Tabletop.onNews) Tabletop.onNews(message);  // the standings panel follows (community.js)
      } else if (message.type === "changed" && message.table) render(message.table);
      else if ((message.type === "changed" && (!current || message.version !== current.version))
               || (message.type === "over" && (!current || current.status === "playing"))) refresh();
    };
    opened.onclose = () => {
      if (socket === opened) socket = null;
      if (mine !== generation) return;
      live.textContent = Tabletop.word("web.page.offline"); live.classList.add("off");
      setTimeout(() => { refresh(); listen(); }, retryIn);
      retryIn = Math.min(2 * retryIn, 30000);
    };
  }

  // Show table `id` (the Activity moves to its channel's next table in place).
  async function openTable(id) {
    generation += 1;
    if (socket) { const old = socket; socket = null; old.close(); }
    tableId = String(id);
    api = "/api/tables/" + tableId;
    current = null;
    shownText = "";
    seat = null;
    After.next = null;
    document.body.dataset.table = tableId;
    await refresh();
    listen();
  }
  Tabletop.openTable = openTable;

  const first = await Tabletop.tableId();
  if (first === null && !Tabletop.token) return;  // the Activity could not sign in and said why
  try {
    const data = await Tabletop.games();
    await Tabletop.loadWords(data.you.locale);
  } catch (error) { Tabletop.showError(error); return; }
  Taps.wire();
  document.getElementById("hint-button").addEventListener("click", askHint);
  document.getElementById("hint-play").addEventListener("click", () => { if (hinted) act(hinted.move); });
  document.getElementById("seat").addEventListener("change", (event) => { if (lookAs(event.target.value)) refresh(); });
  if (first !== null) await openTable(first);  // else the Activity offers a lobby and opens it
})();
