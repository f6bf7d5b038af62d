// The table page (/t/ID): one WebSocket, a full re-render on every state, the parts common
// to every game here (players, turn, hints, board, log, round and match ends); what is
// particular to a game comes from its page module (games.js: static/games/NAME.js, or the
// generic one), through the interface that games/generic.js describes.

import { clearError, fill, focusKey, h, place, restoreFocus, scalable, showError, svgFragment } from "./dom.js";
import { gameInfo, gameLabel, loadGames, pageModule } from "./games.js";
import * as generic from "./games/generic.js";
import { htmlLang, labelled, lang, onLanguage, t } from "./i18n.js";
import { MatchLog } from "./log.js";
import { errorText, inviteLinks, rulesHref, rulesLink, seatLabel } from "./lobby.js";
import { replayLinks } from "./earlier.js";
import { awayBadge, confirmLeaving, forfeitText, leaverButton, leavingText, tickAway } from "./leavers.js";
import { clockBadge, tickClocks, timeLeftButton } from "./clocks.js";
import { askForSeat, forgetKey, fragment, seatOf } from "./seat.js";
import { flip, snapshot } from "./motion.js";
import { soundsFor, soundToggle } from "./sound.js";
import { TurnWatch, notify, notifyToggle } from "./notify.js";
import { TableSocket } from "./socket.js";
import { TableChat } from "./chat.js";

// A number as the page's language writes it, at most two decimals (hint values are
// averages over many deals).
function number(value) {
  if (typeof value !== "number") return String(value);
  return new Intl.NumberFormat(htmlLang(), { maximumFractionDigits: 2 }).format(value);
}

/**
 * A chance (0 to 1) as a whole percentage in the page's language: 0.54 as "54%".
 * @param {number} value the chance
 * @returns {string}
 */
function percent(value) {
  return new Intl.NumberFormat(htmlLang(), { style: "percent", maximumFractionDigits: 0 }).format(value);
}

// The hints shown before "Show all": the expert's best few.
const HINTS_SHOWN = 3;

// A hint's details: {name: value} (names already translated) as "name: value · ...".
function detailsText(details) {
  if (!details) return "";
  if (typeof details === "string") return details;
  return Object.entries(details)
    .map(([name, value]) => labelled(name, number(value)))
    .join(" · ");
}

// #seat=0&token=... (the fragment never reaches the server's logs), #invite=CODE (a
// one-time invitation: the page asks for a name, then claims it), #join=N (a free seat of
// a public table, from the lobby's list), or nothing (the key this browser keeps, if any).
export async function startTable(main, tableId) {
  const asked = fragment(location.hash);
  const creds = asked.invite || asked.join !== null ? await askForSeat(main, tableId, asked) : await seatOf(tableId, asked);
  const page = new TablePage(main, tableId, creds);
  page.start();
  return page;
}

class TablePage {
  constructor(main, tableId, creds) {
    this.main = main;
    this.tableId = tableId;
    this.creds = creds;
    this.message = null; // the last state message
    this.page = null; // the game's page module, once the first state said the game
    this.pageOf = null; // the game it is the module of
    this.selected = null; // a game that picks one thing before it plays (a Draw tile)
    this.picked = []; // a game that picks several (cribbage's crib)
    this.hints = null;
    /** @type {number | null} the seat's chance of winning, from its own view, with the hints */
    this.hintChance = null;
    /** Whether hints are on screen or asked for this position (else an answer is dropped). */
    this.hintsWanted = false;
    this.pending = false; // an action sent, its answer not yet back
    /** Whether this page asked for every seat's chance of winning (public facts only). */
    this.chancesOn = false;
    /** @type {{match: number, takebacks: number, seq: number, chances: number[]} | null} the last chances told */
    this.chances = null;
    // One line that stays in the page from state to state, so that a screen reader hears
    // it (politely) once per move, when the chances of the new position come.
    this.chancesLine = h("p", { id: "live-chances", class: "muted live-chances", "aria-live": "polite" });
    this.latch = { seen: null, overlay: null }; // the page module's end of a round or game
    this.match = null;
    this.closedMessage = null;
    this.dialog = h("dialog", { id: "round-end", "aria-labelledby": "round-end-title" });
    this.dialog.addEventListener("close", () => {
      this.latch.overlay = null;
      this.refreshRulesLink();
      // The focus goes back where it was before the dialog opened, if that control is
      // still there; else to the next sensible place.
      const back = this.returnFocus;
      this.returnFocus = null;
      if (restoreFocus(back, this.main)) return;
      const next = this.main.querySelector(".playable:not([aria-disabled=true]), #again-button, button:not([disabled])");
      if (next) next.focus();
    });
    // Leave asks first (one click left a match): Escape or Stay keeps the seat.
    this.leaveDialog = h("dialog", { id: "leave-confirm", "aria-labelledby": "leave-confirm-title", "aria-describedby": "leave-confirm-text" });
    this.leaveDialog.addEventListener("close", () => {
      // Stayed: back to Leave table (a state may have redrawn it meanwhile).
      const button = document.getElementById("leave-button");
      if (button && !this.main.contains(document.activeElement)) button.focus();
    });
    document.body.append(this.dialog, this.leaveDialog);
    // The grid around the log stays in the page from state to state, as the log does.
    this.log = new MatchLog(t("Log"));
    // "Your turn" in the title and icon, here and at the player's other tables.
    this.turns = new TurnWatch({ here: tableId, title: (others) => this.pageTitle(others) });
    this.chat = new TableChat((message) => this.socket.send(message));
    this.playColumn = h("div", { class: "play-col" });
    this.sideColumn = h("div", { class: "side-col" });
    this.grid = h("div", { class: "table-grid" }, this.playColumn, this.sideColumn);
  }

  start() {
    this.socket = new TableSocket(this.tableId, this.creds, {
      state: (message) => this.onState(message),
      error: (message) => this.onError(message),
      hint: (message) => {
        // An answer to hints the player has closed since, or to a position the table has left,
        // is dropped: a late answer (the expert thinks a while) must not reopen the panel.
        if (!this.hintsWanted) return;
        this.hints = message.hints || [];
        this.hintChance = typeof message.chance === "number" ? message.chance : null;
        this.render();
        const box = document.getElementById("hints");
        // Asked by the Hint button: go read them (not when a language switch re-asked).
        if (box && this.hintAsked) box.focus({ preventScroll: false });
        this.hintAsked = false;
      },
      chances: (message) => this.onChances(message),
      status: (status) => this.onStatus(status),
      chat: (message) => {
        if (message.type === "chat_history") this.chat.history(message.lines || []);
        else if (message.type === "chat") this.chat.add(message.line);
        else if (message.type === "reported") this.chat.markReported(message.line);
      },
      closedForGood: (message) => {
        // A key that opens nothing now is forgotten; one whose seat another window of the
        // same player holds still opens it.
        const elsewhere = message.code === "elsewhere" || message.code === 4409;
        if (this.creds.seat !== null && !elsewhere) forgetKey(this.tableId);
        if (this.closedMessage && !message.message) return; // the error said it already
        this.closedMessage =
          message.message || (message.code === 4404 ? t("No such table.") : t("This link is not valid for this table."));
        showError(this.closedMessage);
        this.onStatus("closed");
        this.render();
      },
    });
    this.socket.lang = lang();
    onLanguage((code) => {
      this.socket.setLanguage(code); // the server answers a state in the new language
      // Hints on screen are asked again, to come back in the new language too.
      if (this.hints !== null) this.socket.send({ type: "hint" });
      this.onStatus(this.status);
      this.chat.words();
      this.render();
      loadGames().then(() => this.render()); // the game's name in the new language
    });
    this.render();
    this.turns.start();
    this.receivedAt = Date.now();
    tickAway(this.main, this); // the away seats' time left, counted down
    tickClocks(this.main, this); // the running clock, counted down
    this.checkTable().then((exists) => {
      if (exists) this.socket.connect();
    });
  }

  // A mistyped link: say so at once instead of retrying a socket for a table that is not.
  async checkTable() {
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}`);
      if (answer.status === 404) {
        this.closedMessage = t("No such table.");
        showError(this.closedMessage);
        this.render();
        return false;
      }
    } catch {
      return true; // the socket's retries will find the server when it is back
    }
    return true;
  }

  onStatus(status) {
    const box = document.getElementById("connection");
    if (!box) return;
    const again = status === this.status;
    this.status = status;
    // A new connection knows nothing of what the last one asked: the chances again.
    if (status === "connected" && !again && this.chancesOn) this.socket.send({ type: "chances", on: true });
    box.dataset.status = status;
    if (status === "reconnecting" && !again) {
      // Counted for the tests of reconnection (and visible to curious players in devtools).
      document.body.dataset.reconnects = String(Number(document.body.dataset.reconnects || 0) + 1);
    }
    box.textContent = { reconnecting: t("Reconnecting…"), connected: t("Connected"), closed: t("Disconnected") }[status] || "";
  }

  onState(message) {
    const game = message.view.game;
    if (this.pageOf !== game) {
      // The game's page module first (fetched once): states wait for it in order.
      this.pageOf = game;
      this.pageReady = pageModule(game).then((page) => {
        this.page = page;
      });
    }
    this.pageReady.then(() => this.showState(message));
  }

  showState(message) {
    const previous = this.message;
    this.message = message;
    this.receivedAt = Date.now(); // the away seats' figures are as of now
    this.pending = false;
    const view = message.view;
    if (!previous || previous.seq !== message.seq || previous.match !== message.match) {
      this.hints = null; // hints belong to one position
      this.hintsWanted = false;
      this.allHints = false;
    }
    if (this.match !== message.match) {
      // A new match (play again): forget the old one's rounds.
      this.match = message.match;
      this.latch = { seen: null, overlay: null };
      if (this.dialog.open) this.dialog.close();
    }
    const arriving = this.latch.seen === null;
    this.page.latchEnd(view, this.latch);
    // Someone who arrives at a finished match (a spectator, a player back later) sees the
    // match's end (the page's "Match over"), not the last round's dialog out of its time.
    if (arriving && this.isOver(view)) this.latch.overlay = null;
    this.render();
    this.announce(previous, message);
    // Not on a language switch (the same position told again) nor in another match.
    if (previous && previous.match === message.match && previous.view.lang === view.lang) {
      soundsFor(previous.view, view);
      // The browser's notification when the turn comes round and the page is out of sight.
      if (view.your_turn && !previous.view.your_turn) notify(t("Your turn"), gameLabel(view.game), this.tableId);
    }
  }

  // The tab's title: the player's turn here first, then how many other tables wait for them.
  /** @param {number} others */
  pageTitle(others) {
    const view = this.message ? this.message.view : null;
    const here = view && view.your_turn ? `${t("Your turn")} · ` : "";
    const elsewhere = others ? `(${others}) ` : "";
    return `${elsewhere}${here}${view ? gameLabel(view.game) : ""} · pegboard`;
  }

  /** Every seat's chance of winning, for the position it was worked out at. */
  onChances(message) {
    if (!this.chancesOn || !message.on || !Array.isArray(message.chances)) return;
    this.chances = { match: message.match, takebacks: message.takebacks || 0, seq: message.seq, chances: message.chances };
    this.showChances();
  }

  // The chances line: the seats' chances of the position on screen (the last ones, marked
  // as such, while the new position's are worked out); its text changes once per move.
  showChances() {
    const line = this.chancesLine;
    if (!this.chancesOn || !this.message) {
      line.textContent = "";
      return;
    }
    const known = this.chances;
    if (!known || known.match !== this.message.match) {
      line.textContent = t("Working out the chances of winning…");
      return;
    }
    const names = this.names(this.message.view);
    const text = t("Chances of winning, from what everyone sees: {chances}", {
      chances: names.map((name, seat) => labelled(name, percent(known.chances[seat] || 0))).join(" · "),
    });
    line.dataset.seq = String(known.seq);
    // A move taken back and another made has the seq of the one taken back: the count of
    // takebacks tells the positions apart.
    const takebacks = (this.message.table && this.message.table.takebacks) || 0;
    line.dataset.current = String(known.seq === this.message.seq && known.takebacks === takebacks);
    if (line.textContent !== text) line.textContent = text;
  }

  // "Chances of winning": a toggle where the table offers them (never at a rated table).
  chancesToggle() {
    const table = this.message ? this.message.table : null;
    if (!table || !table.chances) return null;
    return h(
      "button",
      {
        type: "button",
        id: "chances-toggle",
        class: "sound-toggle", // the look of the other toggles beside it (pressed: filled)
        "aria-pressed": this.chancesOn ? "true" : "false",
        dataset: { focus: "chances" },
        onclick: () => {
          this.chancesOn = !this.chancesOn;
          this.chances = null;
          this.socket.send({ type: "chances", on: this.chancesOn });
          this.render();
        },
      },
      h("span", { class: "sound-sign", "aria-hidden": "true" }, "%"),
      ` ${t("Chances of winning")}`,
    );
  }

  onError(message) {
    this.pending = false;
    let text = message.message || t("Something went wrong. Try again.");
    if (message.code === "stale") text = t("The table moved on; here it is as it stands now.");
    if (message.rule && !text.includes(message.rule)) text += ` (${message.rule})`;
    showError(text);
  }

  // ---- actions -------------------------------------------------------------------------

  act(action) {
    if (this.pending) return;
    clearError();
    this.selected = null;
    this.picked = [];
    if (this.socket.act(action)) {
      this.pending = true;
    } else {
      showError(t("The server cannot be reached."));
    }
    this.render();
  }

  notice(text) {
    showError(text);
  }

  uiState() {
    return {
      selected: this.selected,
      picked: this.picked,
      select: (tile) => {
        this.selected = tile;
        this.render();
        // Keyboard players go straight to the first fitting end; a line wider than the
        // screen scrolls to its first fitting marker.
        const first = this.main.querySelector(".ends button.end");
        if (first && tile) first.focus();
        const marker = this.main.querySelector(".line .marker.fits");
        if (marker && tile) marker.scrollIntoView({ block: "nearest", inline: "center" });
      },
      pick: (card) => {
        if (this.picked.includes(card)) this.picked = this.picked.filter((c) => c !== card);
        else if (this.picked.length < 2) this.picked = [...this.picked, card];
        else this.picked = [this.picked[1], card];
        this.render();
      },
      play: (action) => this.act(action),
      act: (action) => this.act(action),
      notice: (text) => this.notice(text),
      // No Hint button at all where the table allows no hints (fair play: a table of two
      // or more people, unless its creator allowed them).
      hintButton: () =>
        this.message && this.message.table && this.message.table.hints === false
          ? null
          : h(
          "button",
          {
            type: "button",
            id: "hint-button",
            dataset: { focus: "hint" },
            disabled: !(this.message && this.message.view.your_turn),
            onclick: () => {
              clearError();
              this.hintAsked = true;
              this.hintsWanted = true;
              this.socket.send({ type: "hint" });
            },
          },
          t("Hint"),
        ),
    };
  }

  // ---- rendering -----------------------------------------------------------------------

  /**
   * Each seat's one name, as the server names it everywhere (view.names: the player's, a
   * bot's with its level, "Leo (Expert bot)"), else the seat's number.
   * @param {{players: number, names?: string[]}} view
   * @returns {string[]}
   */
  names(view) {
    const names = [];
    for (let seat = 0; seat < view.players; seat += 1) {
      const given = view.names && view.names[seat];
      names.push(given || t("Seat {number}", { number: seat + 1 }));
    }
    return names;
  }

  // A takeback (issue 39): the button for the seat whose move is the last, at a casual table
  // with another person; the question to the others, with Accept and Decline.
  takebackPanel(view, names) {
    const table = this.message && this.message.table;
    const you = this.message ? this.message.you : null;
    if (!table || you === null || you === undefined || view.is_over || table.rated || table.deal_limit) return null;
    const people = (table.seats || []).filter((/** @type {{kind: string, claimed: boolean}} */ s) => s.kind === "human" && s.claimed);
    if (people.length < 2) return null;
    const ask = table.takeback;
    if (!ask) {
      if (table.last_mover !== you) return null;
      return h(
        "p",
        { class: "takeback" },
        h("button", { type: "button", id: "takeback-button", dataset: { focus: "takeback" }, onclick: () => this.socket.send({ type: "takeback" }) }, t("Take back my move")),
      );
    }
    if (ask.seat === you) {
      return h("p", { class: "takeback", id: "takeback-asked", role: "status" }, t("Waiting for the others to answer your takeback."));
    }
    const answered = (ask.accepted || []).includes(you);
    return h(
      "div",
      { class: "takeback takeback-question", id: "takeback-question", role: "group", "aria-labelledby": "takeback-text" },
      h("p", { id: "takeback-text" }, t("{name} asks to take back their last move.", { name: names[ask.seat] || seatLabel(ask.seat) })),
      answered
        ? null
        : h(
            "p",
            {},
            h("button", { type: "button", id: "takeback-accept", class: "primary", dataset: { focus: "takeback-accept" }, onclick: () => this.socket.send({ type: "takeback_answer", accept: true }) }, t("Accept")),
            " ",
            h("button", { type: "button", id: "takeback-decline", dataset: { focus: "takeback-decline" }, onclick: () => this.socket.send({ type: "takeback_answer", accept: false }) }, t("Decline")),
          ),
    );
  }

  // The chat is for people: a player alone with bots has none (a spectator always has one).
  chatShown() {
    const seats = (this.message && this.message.table && this.message.table.seats) || [];
    const you = this.message ? this.message.you : null;
    return you === null || you === undefined || seats.filter((/** @type {{kind: string}} */ s) => s.kind === "human").length > 1;
  }

  // Who is at a seat: a bot, a free seat, or a person here (connected) or away.
  presence(seat) {
    const seats = (this.message && this.message.table && this.message.table.seats) || [];
    const info = seats[seat];
    if (!info) return null;
    let state = "bot";
    let text = t("Bot");
    if (info.kind === "human" && !info.claimed) {
      state = "free";
      text = t("Free seat");
    } else if (info.kind === "human") {
      // The time left, or its bot; no time once the match is over (nothing waits for them).
      if (!info.connected) return awayBadge(info, this.receivedAt, this.isOver(this.message.view));
      state = "here";
      text = t("Connected");
    }
    return h("span", { class: `presence ${state}`, dataset: { presence: state } }, text);
  }

  render() {
    const keep = focusKey();
    const hadFocus = this.main.contains(document.activeElement);
    if (!this.message) {
      fill(
      this.main,
        h("p", { class: "muted" }, this.closedMessage || "…"),
        this.closedMessage ? h("p", {}, h("a", { href: `/t/${encodeURIComponent(this.tableId)}` }, t("Spectate"))) : null,
        h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))),
      );
      return;
    }
    const { view } = this.message;
    // Where each thing that may travel stands before the page is rebuilt (motion.js).
    const before = snapshot(this.main);
    const names = this.names(view);
    const ui = this.uiState();
    const game = this.page.render(view, ui, names);
    this.selected = ui.selected;
    this.picked = ui.picked;
    const logWasShown = this.log.element.isConnected;
    this.log.update(view.log || [], t("Log"), (text) => this.page.logEntry(text));
    fill(this.playColumn, game, this.hintsPanel());
    this.chat.reader(this.message.you ?? null, (seat) => names[seat] || seatLabel(seat));
    place(this.sideColumn, this.board(view), this.log.element, this.chatShown() ? this.chat.element : null, this.page.side(view, names));
    place(
      this.main,
      this.heading(view),
      this.turnLine(view, names),
      this.takebackPanel(view, names),
      timeLeftButton(this),
      this.playersList(view, names),
      this.chancesOn ? this.chancesLine : null,
      view.is_over || this.forfeited() ? this.matchOver(view, names) : null,
      this.grid,
      this.invites(),
      this.footer(view),
    );
    this.showChances();
    this.turns.setHereTurn(Boolean(view.your_turn) && !view.is_over);
    this.markLastTile();
    flip(this.main, before);
    this.renderDialog(view, names, keep);
    this.log.settle(logWasShown);
    // For tests and styling: whose turn it is, and whether a move is on its way.
    document.body.dataset.turn = view.is_over ? "over" : view.your_turn ? "yours" : "other";
    document.body.dataset.pending = String(this.pending);
    document.body.dataset.seq = `${this.message.match}:${this.message.seq}`;
    if (!restoreFocus(keep, this.main) && hadFocus && !this.main.contains(document.activeElement)) {
      // The control in focus went away (a tile played): the next sensible place.
      const next = this.main.querySelector(`${this.page.FOCUS_NEXT || generic.FOCUS_NEXT}, #hand-title`);
      if (next) {
        if (next.id === "hand-title") next.setAttribute("tabindex", "-1");
        next.focus({ preventScroll: true });
      }
    }
    // The only move there is (a game's .only-move: Draw a tile, Go): focused once per state,
    // unless the person is elsewhere (the language menu, a dialog, or reading the log, whose
    // reader would lose their place in it).
    const only = this.main.querySelector(".only-move:not([disabled])");
    const state = document.body.dataset.seq;
    if (only && this.onlyFocused !== state && !this.dialog.open) {
      const active = document.activeElement;
      const reading = active && this.log.element.contains(active);
      if (!active || active === document.body || (this.main.contains(active) && !reading)) {
        only.focus({ preventScroll: true });
      }
    }
    this.onlyFocused = only ? state : null;
  }

  heading(view) {
    this.headView = view;
    // A daily deal's options are the game's defaults, one deal of them played: not told.
    const detail = this.daily() ? t("Daily deals") : this.page.optionsLine(view);
    const who =
      view.seat === null || view.seat === undefined
        ? t("You are watching this table.")
        : t("{name} (you)", { name: this.names(view)[view.seat] });
    const table = this.message ? this.message.table : null;
    const visibility = (table && table.public ? t("Public table") : t("Private table")) + (table && table.rated ? ` · ${t("Rated table")}` : "");
    return h(
      "div",
      { class: "table-head" },
      h("h1", {}, gameLabel(view.game)),
      h("p", { class: "muted" }, detail ? `${detail} · ${who}` : who),
      h("p", { class: "muted visibility", id: "visibility", dataset: { public: String(Boolean(table && table.public)) } }, visibility),
      h("p", { class: "rules" }, rulesLink(gameInfo(view.game), this.rulesMoment(view), view.rules_anchors)),
      h("p", { class: "table-tools" }, soundToggle(() => this.render()), " ", notifyToggle(() => this.render()), " ", this.chancesToggle()),
      replayLinks(table),
    );
  }

  // The heading's "How to play" when the moment changes without a render (a dialog closed).
  refreshRulesLink() {
    const link = this.main.querySelector(".table-head a.rules-link");
    const href = this.headView ? rulesHref(gameInfo(this.headView.game), this.rulesMoment(this.headView), this.headView.rules_anchors) : null;
    if (link && href) link.setAttribute("href", href);
  }

  // The part of the rules that matters now: a round's end on screen (its scoring, even when
  // it ended the match), the match's end, or a turn.
  rulesMoment(view) {
    if (this.latch && this.latch.overlay) return "round_end";
    return view.is_over ? "match_end" : "turn";
  }

  /**
   * Whether the match is over: ended by its rules or lost by forfeit.
   * @param {{is_over?: boolean}} view the seat's view
   * @returns {boolean}
   */
  isOver(view) {
    return Boolean(view.is_over) || this.forfeited();
  }

  // Whether the match in play was lost by forfeit (a leaver's, at a rated table).
  forfeited() {
    const table = this.message && this.message.table;
    return Boolean(table && table.forfeit !== null && table.forfeit !== undefined);
  }

  // Whether this page may offer a leaver's button: a seated player, the match on.
  mayOfferLeaver() {
    const view = this.message && this.message.view;
    return Boolean(view && view.seat !== null && view.seat !== undefined && !view.is_over && !this.forfeited());
  }

  /** Whether this is a daily deal's table: its match is one deal (pegboard.web.daily). */
  daily() {
    return Boolean(this.message && this.message.table && this.message.table.deal_limit);
  }

  winnerText(view, names) {
    if (this.forfeited()) return forfeitText(this.message.table, names);
    if (this.daily()) {
      if (view.winner === null || view.winner === undefined) return t("The deal is drawn.");
      if (view.winner === view.seat) return t("You win the deal.");
      return t("{name} wins the deal.", { name: names[view.winner] });
    }
    if (view.winner_text) return view.winner_text; // a game's own words (a side of partners)
    if (view.winner === null || view.winner === undefined) return t("The match is drawn.");
    if (view.winner === view.seat) return t("You win the match.");
    return t("{name} wins the match.", { name: names[view.winner] });
  }

  turnLine(view, names) {
    const text = this.turnText(view, names);
    // Your turn is a banner no one can miss; another's turn a quiet line (and their card lit).
    return h("p", { class: `turn${view.your_turn && !view.is_over ? " yours" : ""}`, id: "turn" }, text);
  }

  turnText(view, names) {
    let text;
    if (view.is_over || this.forfeited()) {
      text = labelled(this.daily() ? t("Deal over") : t("Match over"), this.winnerText(view, names));
    } else if (view.your_turn) {
      text = t("Your turn");
    } else if (view.current !== null && view.current !== undefined) {
      text = t("Waiting for {name}", { name: names[view.current] });
    } else {
      text = t("Waiting for players");
    }
    return text;
  }

  // What a screen reader hears after a state: the log's new events, then whose turn it is.
  // The page is rebuilt on every state, so this goes to a live region that stays
  // (index.html), and nothing is said on the first state or a language switch.
  announce(previous, message) {
    const box = document.getElementById("announce");
    const view = message.view;
    if (!box || !previous || previous.view.lang !== view.lang) return;
    const before = previous.view.log || [];
    const now = view.log || [];
    // The log is a window of the last events: find where the old one's tail starts it.
    let start = 0;
    for (let k = Math.min(before.length, now.length); k > 0; k -= 1) {
      if (now.slice(0, k).every((entry, i) => entry === before[before.length - k + i])) {
        start = k;
        break;
      }
    }
    const text = [...now.slice(start).map((entry) => this.page.logSpeech(entry)), this.turnText(view, this.names(view))].join(" ");
    if (box.textContent !== text) box.textContent = text;
  }

  playersList(view, names) {
    return h(
      "ul",
      { class: "players", id: "players", "aria-label": t("Players") },
      ...names.map((name, seat) =>
        h(
          "li",
          {
            class: `player${view.current === seat ? " current" : ""}${view.seat === seat ? " me" : ""}`,
            dataset: { seat: String(seat) },
            "aria-current": view.current === seat ? "true" : null,
          },
          h("span", { class: "name" }, view.seat === seat ? t("{name} (you)", { name }) : name),
          clockBadge(this.message && this.message.table, seat, this.receivedAt),
          this.presence(seat),
          this.leaverButton(view, seat, name),
          this.backButton(view, seat),
          ...this.badges(view, seat),
          h("span", { class: "score" }, labelled(t("Score"), view.scores ? view.scores[seat] : 0)),
          ...this.counts(view, seat),
          this.handBacks(view, seat),
        ),
      ),
    );
  }

  // "Hand to a bot" / "Claim the win" for an away seat whose grace time is over.
  leaverButton(view, seat, name) {
    const table = this.message && this.message.table;
    const info = table && table.seats[seat];
    if (!info) return null;
    const send = (message) => {
      clearError();
      this.socket.send(message);
    };
    return leaverButton(table, info, name, view.seat, view.is_over, this.receivedAt, send);
  }

  // "Take my seat back": a bot plays the player's own seat (their time ran out at a casual
  // table) while they are here.
  backButton(view, seat) {
    const table = this.message && this.message.table;
    const info = table && table.seats[seat];
    if (!info || !info.stand_in || view.seat !== seat || view.is_over || this.forfeited()) return null;
    return h(
      "button",
      {
        type: "button",
        id: "back-button",
        class: "leaver-button",
        dataset: { focus: "back" },
        onclick: () => {
          clearError();
          this.socket.send({ type: "back" });
        },
      },
      t("Take my seat back"),
    );
  }

  /**
   * "Analyse": the finished match's replay, which asks for its report at once (?analyse=1).
   * The match just over is the table's last replay (the server lists it once it is over).
   * @returns {HTMLElement | null}
   */
  analyseLink() {
    const table = this.message && this.message.table;
    const replays = table && Array.isArray(table.replays) ? table.replays.filter((href) => typeof href === "string" && href.startsWith("/m/")) : [];
    if (!replays.length) return null;
    const href = `${replays[replays.length - 1]}?lang=${encodeURIComponent(lang())}&analyse=1`;
    return h("p", { class: "analyse-link" }, h("a", { href, id: "analyse-link", class: "button-link" }, t("Analyse this match")));
  }

  matchOver(view, names) {
    const playing = view.seat !== null && view.seat !== undefined;
    // A daily deal's table (its match is one deal): on to the day's next deal; its replay
    // and report wait until the day is played out (pegboard.web.daily).
    const daily = this.daily();
    return h(
      "section",
      { class: "panel match-over", id: "match-over", "aria-labelledby": "match-over-title" },
      h("h2", { id: "match-over-title" }, daily ? t("Deal over") : t("Match over")),
      h("p", { class: "winner" }, this.winnerText(view, names)),
      h(
        "ol",
        { class: "final" },
        // Each game says what wins its match (the score; cribbage: game points); a daily
        // deal is won on the deal's points.
        ...names.map((name, seat) =>
          h("li", {}, daily ? `${name} · ${labelled(t("Score"), number((view.scores || [])[seat] || 0))}` : this.page.finalLine(view, name, seat)),
        ),
      ),
      daily ? null : this.analyseLink(),
      playing && daily
        ? h("button", { type: "button", id: "next-deal-button", class: "primary", dataset: { focus: "again" }, onclick: () => this.nextDeal() }, t("Next deal"))
        : null,
      playing && !daily
        ? h(
            "button",
            { type: "button", id: "again-button", class: "primary", dataset: { focus: "again" }, onclick: () => this.socket.send({ type: "again" }) },
            t("Play again"),
          )
        : null,
    );
  }

  /**
   * From a daily deal's table on: the day's next deal's table, or the day's results once
   * every deal is played out (POST /api/daily/continue).
   * @returns {Promise<void>}
   */
  async nextDeal() {
    clearError();
    try {
      const response = await fetch("/api/daily/continue", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ table: this.tableId, lang: lang() }),
      });
      const result = await response.json().catch(() => ({}));
      if (!response.ok) {
        showError(errorText(result) || t("Something went wrong. Try again."));
        return;
      }
      const next = result.finished ? `${result.results}?lang=${encodeURIComponent(lang())}` : result.link;
      if (typeof next === "string" && next.startsWith("/")) location.assign(next);
      else showError(t("Something went wrong. Try again."));
    } catch {
      showError(t("The server cannot be reached."));
    }
  }

  /**
   * The expert's hints: the best few (all of them on asking: cribbage's 15 discards pushed
   * the hand off the screen), each move drawn as the table draws it (the page module's
   * hintFace) with a button that plays it, as playing it by hand does.
   * @returns {HTMLElement | null}
   */
  hintsPanel() {
    if (this.hints === null) return null;
    const view = this.message.view;
    const shown = this.allHints ? this.hints : this.hints.slice(0, HINTS_SHOWN);
    const mayPlay = Boolean(view.your_turn) && !this.pending;
    const hintFace = this.page.hintFace || generic.hintFace;
    return h(
      "section",
      { class: "panel hints", id: "hints", tabindex: "-1", "aria-labelledby": "hints-title" },
      h("h2", { id: "hints-title" }, t("Hints")),
      this.hintChance !== null
        ? h("p", { id: "hints-chance", class: "muted" }, t("Your chance of winning the match, as you see it: {percent}", { percent: percent(this.hintChance) }))
        : null,
      h(
        "ol",
        {},
        ...shown.map((hint, i) =>
          h(
            "li",
            { dataset: { action: hint.action } },
            h("strong", { class: "hint-move" }, ...hintFace(view, hint)),
            hint.value !== null && hint.value !== undefined ? ` — ${number(hint.value)} ${hint.unit || ""}` : "",
            detailsText(hint.details) ? h("div", { class: "muted details" }, detailsText(hint.details)) : null,
            h(
              "button",
              {
                type: "button",
                class: "hint-play",
                dataset: { focus: `hint-play-${i}` },
                disabled: !mayPlay,
                "aria-label": labelled(t("Play this"), hint.label || hint.action),
                onclick: () => this.act(hint.action),
              },
              t("Play this"),
            ),
          ),
        ),
      ),
      h(
        "div",
        { class: "actions" },
        this.hints.length > HINTS_SHOWN
          ? h(
              "button",
              {
                type: "button",
                id: "hints-all",
                dataset: { focus: "hints-all" },
                "aria-expanded": this.allHints ? "true" : "false",
                onclick: () => {
                  this.allHints = !this.allHints;
                  this.render();
                },
              },
              this.allHints ? t("Show the best {count}", { count: HINTS_SHOWN }) : t("Show all {count}", { count: this.hints.length }),
            )
          : null,
        h(
          "button",
          {
            type: "button",
            id: "hints-close",
            dataset: { focus: "close-hints" },
            onclick: () => {
              this.hints = null;
              this.hintsWanted = false;
              this.render();
            },
          },
          t("Close"),
        ),
      ),
    );
  }

  board(view) {
    if (!view.track_svg) return null;
    const box = h("div", { class: "track", id: "track" });
    box.append(svgFragment(view.track_svg));
    scalable(box.querySelector("svg"));
    // Each peg travels from its old hole to its new one (motion.js).
    for (const peg of box.querySelectorAll("circle.peg[data-seat]")) {
      const kind = peg.classList.contains("front") ? "front" : "back";
      peg.setAttribute("data-motion", `peg:${peg.getAttribute("data-seat")}:${kind}`);
    }
    return h("section", { class: "board", "aria-labelledby": "board-title" }, h("h2", { id: "board-title" }, t("Scores")), this.pegLegend(view, box), box);
  }

  // Which peg colour is whose: each seat's front peg as the board draws it, then its name.
  pegLegend(view, box) {
    const names = this.names(view);
    const items = [];
    for (let seat = 0; seat < names.length; seat += 1) {
      const peg = box.querySelector(`circle.peg.front[data-seat="${seat}"]`);
      if (!peg) continue;
      const swatch = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      swatch.setAttribute("viewBox", "0 0 16 16");
      swatch.setAttribute("class", "peg-swatch");
      swatch.setAttribute("aria-hidden", "true");
      swatch.setAttribute("focusable", "false");
      const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      for (const [key, value] of [["cx", "8"], ["cy", "8"], ["r", "6"], ["fill", peg.getAttribute("fill")], ["stroke", "#1b1b1b"]]) dot.setAttribute(key, value);
      swatch.append(dot);
      // A lane the board names otherwise than its seat is a side's (partners peg together):
      // the side's own label, which says "You and ..." already.
      const lane = peg.getAttribute("data-name");
      const own = view.seat === seat ? t("{name} (you)", { name: names[seat] }) : names[seat];
      const name = lane && lane !== names[seat] ? lane : own;
      items.push(h("li", { dataset: { seat: String(seat), colour: peg.getAttribute("fill") } }, swatch, name));
    }
    return items.length ? h("ul", { class: "peg-legend", id: "peg-legend", "aria-label": t("Peg colours") }, ...items) : null;
  }

  invites() {
    let stored = null;
    try {
      stored = JSON.parse(sessionStorage.getItem(`pegboard.invites.${this.tableId}`) || "null");
    } catch {
      stored = null;
    }
    if (!this.message) return null;
    // Only the invitations to seats still free: a claimed one is spent.
    const seats = this.message.table.seats;
    const free = seats.filter((seat) => seat.kind === "human" && !seat.claimed).map((seat) => seat.seat);
    // An invitation this tab keeps is still good while the server says one is waiting.
    const open = new Set(seats.filter((seat) => seat.kind === "human" && !seat.claimed && seat.invited).map((seat) => seat.seat));
    const known = new Set(((stored && stored.seats) || []).filter((seat) => seat.invite && open.has(seat.seat)).map((seat) => seat.seat));
    // A seated person may invite someone to a free seat whose invitation they do not hold
    // (a seat given up at a private table has none: nobody could come back to it).
    const seated = this.creds.seat !== null && this.creds.seat !== undefined;
    const asks = seated ? free.filter((seat) => !known.has(seat)) : [];
    if (!stored && !asks.length) return null;
    return h(
      "details",
      { class: "invites", open: asks.length > 0 || this.freshInvite === true },
      h("summary", {}, t("Invite")),
      ...(stored ? inviteLinks(stored, open) : []),
      ...asks.map((seat) =>
        h("button", { type: "button", id: `new-invite-${seat}`, onclick: () => this.newInvite(seat) }, labelled(t("New invitation"), seatLabel(seat))),
      ),
    );
  }

  // A new one-time invitation to a free seat (POST .../seats/N/invite), kept with this
  // tab's other invitations and shown as a link to copy.
  async newInvite(seat) {
    const body = { seat: this.creds.seat, lang: lang() };
    if (this.creds.token) body.token = this.creds.token;
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(this.tableId)}/seats/${seat}/invite`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const result = await answer.json().catch(() => ({}));
      if (!answer.ok) {
        showError(errorText(result) || t("Something went wrong. Try again."));
        return;
      }
      const key = `pegboard.invites.${this.tableId}`;
      let stored = null;
      try {
        stored = JSON.parse(sessionStorage.getItem(key) || "null");
      } catch {
        stored = null;
      }
      stored = stored || { seats: [] };
      stored.seats = (stored.seats || []).filter((entry) => entry.seat !== seat);
      stored.seats.push({ seat, kind: "human", invite: result.invite });
      sessionStorage.setItem(key, JSON.stringify(stored));
      this.freshInvite = true; // shown open, to be copied
      this.render();
    } catch {
      showError(t("The server cannot be reached."));
    }
  }

  footer(view) {
    const playing = view.seat !== null && view.seat !== undefined;
    return h(
      "div",
      { class: "actions footer" },
      h("a", { href: "/", class: "button-link" }, t("Back to the lobby")),
      playing ? h("button", { type: "button", id: "leave-button", onclick: () => this.askLeave() }, t("Leave table")) : null,
    );
  }

  /**
   * Leave table: first the confirmation, saying what leaving means at this table.
   * @returns {void}
   */
  askLeave() {
    const table = (this.message && this.message.table) || {};
    const over = Boolean(this.message && this.isOver(this.message.view));
    confirmLeaving(this.leaveDialog, leavingText(table, over), () => this.leave());
  }

  // Give the seat back (a new token is made for whoever joins next), then the lobby.
  async leave() {
    try {
      const answer = await fetch(
        `/api/tables/${encodeURIComponent(this.tableId)}/seats/${this.creds.seat}/leave`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(this.creds.token ? { token: this.creds.token } : {}) },
      );
      if (!answer.ok) {
        const body = await answer.json().catch(() => ({}));
        showError(errorText(body) || t("Something went wrong. Try again."));
        return;
      }
    } catch {
      showError(t("The server cannot be reached."));
      return;
    }
    this.socket.close();
    forgetKey(this.tableId);
    location.assign("/");
  }

  /**
   * Another seat's hand as the table shows it: one back for each card or tile it holds,
   * nothing more (its count is written beside it, by the game's counts). A spectator sees
   * every seat's so; a player their own hand face up instead.
   * @param {{seat?: number | null, hand_sizes?: number[]}} view
   * @param {number} seat
   * @returns {HTMLElement | null}
   */
  handBacks(view, seat) {
    const sizes = view.hand_sizes || [];
    if (seat === view.seat || typeof sizes[seat] !== "number") return null;
    const backs = Array.from({ length: sizes[seat] }, () => this.page.handBack());
    return h("span", { class: "hand-backs", "aria-hidden": "true", dataset: { motion: `backs:${seat}`, count: String(sizes[seat]) } }, ...backs);
  }

  /**
   * The tile laid last on a domino board (the highest placement order the server's drawing
   * gives, data-order) lit, and named for screen readers beside the board.
   * @returns {void}
   */
  markLastTile() {
    const tiles = [...this.main.querySelectorAll("svg [data-tile][data-order]")];
    if (!tiles.length) return;
    const last = tiles.reduce((best, tile) => (Number(tile.getAttribute("data-order")) > Number(best.getAttribute("data-order")) ? tile : best));
    last.classList.add("last-move");
    const drawing = last.closest("svg");
    const box = drawing && drawing.parentElement;
    if (!box) return;
    const [low, high] = (last.getAttribute("data-tile") || "").split("-");
    const said = h("p", { class: "visually-hidden", id: "last-move" }, t("Last tile played: {tile}", { tile: `[${low}|${high}]` }));
    box.after(said);
  }

  // The game's badges (a dealer, a leader) come before the score, its counts after it.
  badges(view, seat) {
    return this.page.playerExtras(view, seat).filter((el) => el && el.classList.contains("badge"));
  }

  counts(view, seat) {
    return this.page.playerExtras(view, seat).filter((el) => el && !el.classList.contains("badge"));
  }

  renderDialog(view, names, keep) {
    const content = this.latch.overlay ? this.page.dialogContent(view, this.latch.overlay, names) : null;
    if (!content) {
      if (this.dialog.open) this.dialog.close();
      return;
    }
    // A new state while the dialog is open (the bots play on) redraws it: the focus stays in it.
    const inside = this.dialog.open && this.dialog.contains(document.activeElement) ? focusKey() || "continue" : null;
    fill(
      this.dialog,
      h("h2", { id: "round-end-title" }, content.title),
      ...content.children,
      h(
        "form",
        { method: "dialog" },
        h("button", { type: "submit", class: "primary", id: "continue-button", autofocus: true, dataset: { focus: "continue" } }, content.close || t("Close")),
      ),
    );
    if (inside) restoreFocus(inside, this.dialog);
    if (!this.dialog.open) {
      this.returnFocus = keep;
      this.dialog.showModal();
      // Opened at its top, its title in view: focusing Continue scrolled a tall show to its
      // end (Continue stays in view at the bottom, style.css).
      this.dialog.scrollTop = 0;
    }
  }
}
