// A lobby on the board (status "lobby"): who sits, Join / Leave, the host's AI seats and
// level, the game's options and who starts, the sides of a team lobby, Start and Cancel.
// Every control is one POST .../lobby {do, ...}: the table service's lobby step, as the
// Discord lobby's buttons; the new lobby comes back with the socket's push (to every page).
// After the end: Review and Rematch; a new lobby in the channel is announced ("next").
"use strict";
const Lobby = {
  el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
    return node;
  },
  button(text, id, onClick, secondary) {
    const node = this.el("button", text, { type: "button", id });
    if (secondary) node.className = "secondary";
    node.addEventListener("click", onClick);
    return node;
  },
  // A select of `choices` [{value, label}] on `value`; the host's only (others see it disabled).
  select(id, title, value, choices, enabled, onPick) {
    const label = this.el("label");
    const select = this.el("select", null, { id });
    select.replaceChildren(...choices.map((c) => new Option(c.label, c.value, false, c.value === value)));
    select.disabled = !enabled;
    select.addEventListener("change", () => onPick(select.value));
    label.append(this.el("span", title), select);
    return label;
  },
  // The game's own choices of each seat (a Death Front faction): your seat's, and the host's for
  // each AI seat. A value not chosen yet is left to Start ("Not chosen"); the server checks each pick.
  seatChoices(lobby, step) {
    const word = (key, params) => Tabletop.word(key, params);
    const controls = [];
    for (const choice of lobby.seat_choices) {
      for (const seat of lobby.seats.filter((s) => s.may_choose)) {
        const chosen = seat.chosen[choice.key];
        const values = [{ value: "", label: word("web.lobby.not_chosen") }, ...choice.values];
        const title = seat.yours ? choice.title : word("web.lobby.choice_for", { choice: choice.title, name: seat.name });
        const control = this.select("lobby-choice-" + choice.key + "-" + seat.seat, title, chosen || "", values, true,
          (value) => step({ do: "choice", key: choice.key, value, ...(seat.yours ? {} : { seat: seat.seat }) }));
        control.querySelector("option[value='']").disabled = true;  // a choice is made, not taken back
        controls.push(control);
      }
    }
    return controls;
  },
  // The host moves any seat (an AI's too) to a side: one entry per seat and side it is not on.
  sideMove(lobby, step) {
    const word = (key, params) => Tabletop.word(key, params);
    const moves = [{ value: "", label: "—" }];
    for (const seat of lobby.seats) {
      lobby.sides.names.forEach((name, side) => {
        if (seat.side !== side) moves.push({ value: seat.seat + ":" + side, label: word("teams.lobby.move_option", { seat: seat.seat + 1, name: seat.name, side: name }) });
      });
    }
    const control = this.select("lobby-side-move", word("teams.lobby.move"), "", moves, true, (value) => {
      const [seat, side] = value.split(":").map(Number);
      step({ do: "side", seat, side });
    });
    control.querySelector("option[value='']").disabled = true;
    return control;
  },
  show(data, step) {
    const section = document.getElementById("lobby-section");
    const lobby = data.lobby;
    section.hidden = !lobby;
    if (!lobby) return;
    const word = (key, params) => Tabletop.word(key, params);
    document.getElementById("lobby-help").textContent = word("web.lobby.help", { min: lobby.min, max: lobby.max });
    const sideName = (side) => (side === null || !lobby.sides ? "" : " · " + lobby.sides.names[side]);
    document.getElementById("lobby-seats").replaceChildren(...lobby.seats.map((s) => this.el("li",
      (s.ai ? "🤖 " : "") + s.name + (s.host ? " 👑" : "") + (s.level ? " · " + s.level : "") + sideName(s.side)
      + s.choices.map((c) => " · " + c).join("") + (s.yours ? " " + word("web.lobby.you") : ""))));
    const yours = document.getElementById("lobby-yours");
    yours.replaceChildren();
    if (!lobby.joined && !lobby.full) yours.append(this.button(word("web.lobby.join"), "lobby-join", () => step({ do: "join" })));
    if (lobby.joined && !lobby.you_host) yours.append(this.button(word("web.lobby.leave"), "lobby-leave", () => step({ do: "leave" }), true));
    if (lobby.sides && lobby.joined) {
      lobby.sides.names.forEach((name, side) => yours.append(
        this.button(word("web.lobby.pick_side", { side: name }), "lobby-side-" + side, () => step({ do: "side", side }), true)));
    }
    const choices = document.getElementById("lobby-choices");
    choices.replaceChildren(...this.seatChoices(lobby, step));
    choices.hidden = !choices.children.length;
    const host = lobby.you_host;
    const options = document.getElementById("lobby-options");
    options.replaceChildren(...lobby.options.map((o) => this.select("lobby-option-" + o.key, o.title, o.value, o.values, host,
      (value) => step({ do: "option", key: o.key, value }))));
    if (lobby.first) {
      options.append(this.select("lobby-first", lobby.first.title, lobby.first.value, lobby.first.values, host,
        (value) => step({ do: "option", key: lobby.first.key, value })));
    }
    const hasAi = lobby.seats.some((s) => s.level);
    if (host && hasAi) {
      options.append(this.select("lobby-ai-level", word("web.page.ai_level"), lobby.ai_level || "",
        lobby.levels.map((l) => ({ value: l.level, label: l.name })), true, (level) => step({ do: "ai_level", level })));
    }
    if (host && lobby.sides) options.append(this.sideMove(lobby, step));
    const hostButtons = document.getElementById("lobby-host");
    hostButtons.replaceChildren();
    hostButtons.hidden = !host;
    if (host) {
      if (!lobby.full) hostButtons.append(this.button(word("web.lobby.add_ai"), "lobby-add-ai", () => step({ do: "add_ai" }), true));
      hostButtons.append(this.button(word("web.lobby.cancel"), "lobby-cancel", () => step({ do: "cancel" }), true),
                         this.button(word("web.lobby.start"), "lobby-start", () => step({ do: "start" })));
    } else {
      hostButtons.hidden = false;
      hostButtons.append(this.el("p", word("web.lobby.host_starts"), { class: "hint" }));
    }
  },
};
