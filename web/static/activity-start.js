// The Activity: the table page (table.js, taps.js) inside Discord. Before
// table.js shows anything, this signs in through Discord's Embedded App SDK
// (the bundle web/static/build/activity.js, built from web/activity), keeps the
// session as a bearer token (Discord's iframe sends no cookie; the token stays
// in memory, never in a URL or storage) and finds the table of the Activity's
// channel. table.js waits for Tabletop.signIn; null means there is nothing to show.
"use strict";
Tabletop.signIn = (async () => {
  const main = document.getElementById("table");
  const status = document.createElement("p");
  status.id = "activity-status";
  status.className = "turn";
  status.setAttribute("role", "status");
  main.before(status);
  main.hidden = true;
  for (const link of document.querySelectorAll('header a[href="/"]')) link.hidden = true;  // no local play in Discord
  const say = (key, params) => { status.textContent = Tabletop.word(key, params); };
  let where = null;  // the Activity's channel and server
  try {
    const config = await Tabletop.request("GET", "/activity/config.json");
    await Tabletop.loadWords(config.locale);
    if (!config.built) { say("activity.page.not_built"); return null; }
    if (!config.client_id) { say("web.err.no_discord"); return null; }
    const query = new URLSearchParams(location.search);
    if (!config.mock && !query.has("frame_id")) { say("activity.page.outside"); return null; }
    say("activity.page.signing_in");
    const discord = await import("/static/build/activity.js");
    const { session, channelId, guildId } = await discord.signIn(config, async (code) => {
      const answer = await Tabletop.request("POST", "/api/discord/session", { code });
      Tabletop.token = answer.token;
      return answer;
    });
    await Tabletop.loadWords(session.locale);
    where = { channel_id: String(channelId), guild_id: guildId ? String(guildId) : "" };
    say("activity.page.finding");
    const found = await Tabletop.request("GET", "/api/channels/" + encodeURIComponent(channelId) + "/table" +
      (guildId ? "?guild_id=" + encodeURIComponent(guildId) : ""));
    Tabletop.where = where;  // the channel's standings (community.js)
    status.remove();
    main.hidden = false;
    document.body.dataset.table = found.table_id;  // the table shown (tests read it; the URL does not name it)
    return String(found.table_id);
  } catch (error) {
    status.textContent = error.status ? error.message : Tabletop.word("activity.page.failed", { message: error.message });
    if (Tabletop.token && (error.status === 403 || error.status === 404)) offerTutorials(status, main);
    if (Tabletop.token && error.status === 404 && where && where.guild_id) {
      Tabletop.where = where;
      Tabletop.leaveEmptyChannel = () => leaveEmptyChannel(status, main);  // a tournament's Watch (community.js)
      offerLobbies(status, main, where);
      listenToChannel(where, status, main);
    }
    return null;
  }
})();

// The empty channel's page: shown the table that opens here (from the chat, another Activity or
// this one) as soon as it does, through the channel's socket; gone once a table is shown.
function leaveEmptyChannel(status, main) {
  Tabletop.channelLeft = true;
  for (const id of ["lobby-offer", "learn-offer"]) document.getElementById(id)?.remove();
  status.remove();
  main.hidden = false;
  if (Tabletop.channelSocket) { const socket = Tabletop.channelSocket; Tabletop.channelSocket = null; socket.close(); }
}

async function listenToChannel(where, status, main, retryIn = 1000) {
  const again = () => { if (!Tabletop.channelLeft) setTimeout(() => listenToChannel(where, status, main, Math.min(2 * retryIn, 30000)), retryIn); };
  let socket;
  try {
    socket = new WebSocket(await Tabletop.socketUrl(
      "/api/channels/" + encodeURIComponent(where.channel_id) + "/ws", { guild_id: where.guild_id }));
  } catch (error) { again(); return; }
  if (Tabletop.channelLeft) { socket.close(); return; }
  Tabletop.channelSocket = socket;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "next" && !Tabletop.channelLeft && Tabletop.openTable) {
      leaveEmptyChannel(status, main);
      Tabletop.openTable(String(message.table_id));
    } else if (Tabletop.onNews) Tabletop.onNews(message);  // a tournament's (community.js)
  };
  socket.onclose = (event) => {
    if (Tabletop.channelSocket === socket) Tabletop.channelSocket = null;
    if (event.code !== 1008) again();  // 1008: this session may no longer view the channel
  };
}

// Signed in but no table to show: the tutorials, played here in place (learn.js
// on this page: the bearer token lives in this page's memory only, so no link away).
async function offerTutorials(status, main) {
  try {
    const { games } = await Tabletop.request("GET", "/api/games");
    const list = document.createElement("ul");
    list.id = "learn-games";
    list.className = "learn-games";
    list.replaceChildren(...games.filter((game) => game.tutorial).map((game) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.game = game.game;
      button.textContent = Tabletop.word("web.page.learn", { game: game.name });
      button.addEventListener("click", () => {
        Tabletop.learnGame = game.game;
        leaveEmptyChannel(status, main);  // a tutorial is played to its end here, not replaced by a new lobby
        const script = document.createElement("script");
        script.src = "/static/learn.js";
        document.head.append(script);
      });
      item.append(button);
      return item;
    }));
    if (!list.children.length) return;
    const offer = document.createElement("section");
    offer.id = "learn-offer";
    const title = document.createElement("h2");
    title.textContent = Tabletop.word("web.page.learn_games");
    offer.append(title, list);
    status.after(offer);
  } catch (error) { /* the status already says why there is no table */ }
}

// An empty channel: open a lobby of a game here, the same lobby the chat shows (its lobby
// message is posted there); the page then shows it in place (table.js's openTable).
async function offerLobbies(status, main, where) {
  try {
    const { games } = await Tabletop.request("GET", "/api/games");
    const offer = document.createElement("section");
    offer.id = "lobby-offer";
    const title = document.createElement("h2");
    title.textContent = Tabletop.word("web.lobby.open_here");
    const list = document.createElement("ul");
    list.className = "learn-games";
    list.replaceChildren(...games.map((game) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.open = game.game;
      button.textContent = Tabletop.word("web.lobby.open", { game: game.name });
      button.addEventListener("click", async () => {
        try {
          const made = await Tabletop.request("POST", "/api/lobbies", { game: game.game, ...where });
          if (Tabletop.channelLeft) return;  // the channel's socket showed it already
          leaveEmptyChannel(status, main);
          await Tabletop.openTable(String(made.table_id));
        } catch (error) { status.textContent = error.message; }
      });
      item.append(button);
      return item;
    }));
    offer.append(title, list);
    status.after(offer);
  } catch (error) { /* the status already says why there is no table */ }
}
