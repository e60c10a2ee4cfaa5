// Shared by the pages: the session, the words (from /i18n/<locale>.json), JSON requests.
"use strict";
const Tabletop = {
  words: {},
  token: null,    // the Activity's session, sent as a bearer token (Discord's iframe sends no cookie)
  signIn: null,   // the Activity: a promise of the table to show (activity-start.js), else the URL names it
  word(key, params) {
    let text = this.words[key] || key;
    for (const [name, value] of Object.entries(params || {})) text = text.split("{" + name + "}").join(String(value));
    return text;
  },
  async request(method, url, body) {
    const options = { method, headers: { "Accept": "application/json" }, credentials: "same-origin" };
    if (this.token) options.headers["Authorization"] = "Bearer " + this.token;
    if (body !== undefined) { options.headers["Content-Type"] = "application/json"; options.body = JSON.stringify(body); }
    const response = await fetch(url, options);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) { const error = new Error(data.message || response.statusText); error.status = response.status; throw error; }
    return data;
  },
  // The start page's data, opening a local session first when there is none (asked, not
  // found out by a refusal: a first visit logs no error).
  async games() {
    const { you, local } = await this.request("GET", "/api/session");
    if (!you && local) await this.request("POST", "/api/local/session", { locale: navigator.language || "en" });
    return await this.request("GET", "/api/games");
  },
  // The table to show: the Activity's (null: nothing to show), else the one in /t/{id}.
  async tableId() {
    return this.signIn ? await this.signIn : location.pathname.split("/").pop();
  },
  // A socket's URL, with `query`. With a bearer token, a one-use ticket stands in for it: a
  // browser cannot set a header on a WebSocket, and the token must not be in a URL.
  async socketUrl(path, query) {
    const params = new URLSearchParams();
    if (this.token) params.set("ticket", (await this.request("POST", "/api/session/ticket")).ticket);
    for (const [name, value] of Object.entries(query || {})) params.set(name, value);
    const search = params.toString();
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path + (search ? "?" + search : "");
  },
  // A picture of the API (its URL names its version), described by `alt`. A refused (429) or
  // failed one is asked again, later each time, while it is still the one wanted. An <img>
  // cannot send a bearer token, so with one the page fetches the PNG itself and shows it from
  // a blob: URL.
  showPicture(img, url, alt, tries = 0) {
    if (alt !== undefined) img.alt = alt;
    if (tries === 0 && img.dataset.wanted === url) return;  // already shown, or on its way
    img.dataset.wanted = url;
    const again = () => {
      if (img.dataset.wanted !== url || tries >= this.PICTURE_TRIES) return;
      setTimeout(() => { if (img.dataset.wanted === url) this.showPicture(img, url, undefined, tries + 1); },
                 Math.min(8000, 500 * 2 ** tries));
    };
    const asked = tries ? url + (url.includes("?") ? "&" : "?") + "try=" + tries : url;
    if (!this.token) {
      img.onerror = again;
      img.src = asked;
      return;
    }
    fetch(asked, { headers: { "Authorization": "Bearer " + this.token } }).then(async (response) => {
      if (img.dataset.wanted !== url) return;  // a newer picture was asked for meanwhile
      if (!response.ok) { again(); return; }
      const blob = await response.blob();
      if (img.dataset.wanted !== url) return;
      const old = img.src;
      img.src = URL.createObjectURL(blob);
      if (old.startsWith("blob:")) URL.revokeObjectURL(old);
    }).catch(again);
  },
  PICTURE_TRIES: 8,
  async loadWords(locale) {
    this.words = await this.request("GET", "/i18n/" + encodeURIComponent(locale) + ".json");
    document.documentElement.lang = locale;
    for (const node of document.querySelectorAll("[data-word]")) node.textContent = this.word(node.dataset.word);
    document.title = this.word("web.page.title");
  },
  showError(error) {  // a refusal (4xx) says why in its own words; anything else went wrong
    const refused = error.status >= 400 && error.status < 500;
    document.getElementById("error").textContent = refused ? error.message : this.word("web.page.error", { message: error.message });
  },
};
