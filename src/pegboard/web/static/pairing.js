// "Play a person" (issue 39, quick pairing): the lobby's panel that asks the server for an
// opponent of a close rating at a game, casual or rated, waits (asking again every few
// seconds: the rating window widens the longer one waits), and opens the table once paired.
// After the wait the player chose, it offers a bot instead.

import { CORRESPONDENCE_DAYS, correspondenceText } from "./clocks.js";
import { clearError, h, showError } from "./dom.js";
import { lang, t } from "./i18n.js";

const ASK_EVERY_MS = 2000;
/** The waits after which a bot may be offered, in seconds (0: never). */
const BOT_AFTER = [30, 60, 120, 0];

/**
 * @typedef {{name: string, display_name: string, min_players: number, max_players: number}} GameInfo
 * @typedef {{games: () => GameInfo[], name: () => string | null,
 *   playBot: (game: GameInfo) => void, render: () => void}} Lobby
 */

const state = {
  /** @type {string | null} */ game: null,
  rated: false,
  /** "live", or a correspondence table's days a move ("3d") */
  pace: "live",
  botAfter: 60,
  /** @type {string | null} */ ticket: null,
  waited: 0,
  /** @type {ReturnType<typeof setInterval> | null} */ timer: null,
};

/**
 * @param {Lobby} lobby
 * @returns {GameInfo[]} the games two may play
 */
function gamesForTwo(lobby) {
  return lobby.games().filter((info) => info.min_players <= 2 && info.max_players >= 2);
}

/**
 * @param {Lobby} lobby
 * @param {{status: string, table?: string, ticket?: string, waited?: number}} answer
 */
function follow(lobby, answer) {
  if (answer.status === "paired" && answer.table) {
    stop(false);
    location.assign(`/t/${encodeURIComponent(answer.table)}`);
    return;
  }
  state.ticket = answer.ticket || state.ticket;
  state.waited = answer.waited || 0;
  const status = document.getElementById("pairing-status");
  const offer = botOffered();
  if (status && Boolean(document.getElementById("pairing-bot")) === offer) {
    status.textContent = waitingText();
  } else {
    lobby.render();
  }
}

function waitingText() {
  if (state.pace !== "live") {
    return t("Looking for an opponent by correspondence: you may close this page, the table will be among your turns once paired.");
  }
  return t("Looking for an opponent: {seconds} s", { seconds: state.waited });
}

/** Whether the wait the player chose is over (a live pace only: a correspondence one waits). */
function botOffered() {
  return state.pace === "live" && state.botAfter > 0 && state.waited >= state.botAfter;
}

/** @param {boolean} tell whether to tell the server (the place given up) */
function stop(tell) {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  if (tell && state.ticket) {
    fetch(`/api/pairing/${encodeURIComponent(state.ticket)}`, { method: "DELETE" }).catch(() => {});
  }
  state.ticket = null;
  state.waited = 0;
}

/** @param {Lobby} lobby */
async function start(lobby) {
  clearError();
  const game = state.game || (gamesForTwo(lobby)[0] || {}).name;
  if (!game) return;
  let answer;
  try {
    const response = await fetch("/api/pairing", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game, rated: state.rated, pace: state.pace, name: lobby.name() || null, lang: lang() }),
    });
    answer = await response.json();
    if (!response.ok) {
      showError(answer.error || t("Something went wrong. Try again."));
      return;
    }
  } catch {
    showError(t("The server cannot be reached."));
    return;
  }
  state.ticket = answer.ticket;
  state.timer = setInterval(() => ask(lobby), ASK_EVERY_MS);
  // A page closed while it waits gives its place up at once (not 30 seconds later, when a
  // player who came meanwhile would have been paired with nobody there). A place at a
  // correspondence pace waits on: its player need not be here.
  addEventListener("pagehide", () => {
    if (state.ticket && state.pace === "live") {
      fetch(`/api/pairing/${encodeURIComponent(state.ticket)}`, { method: "DELETE", keepalive: true }).catch(() => {});
    }
  });
  lobby.render();
  follow(lobby, answer);
}

/** @param {Lobby} lobby */
async function ask(lobby) {
  if (!state.ticket) return;
  try {
    const response = await fetch(`/api/pairing/${encodeURIComponent(state.ticket)}?lang=${encodeURIComponent(lang())}`);
    if (response.status === 404) {
      stop(false);
      lobby.render();
      return;
    }
    if (response.ok) follow(lobby, await response.json());
  } catch {
    // out of reach a moment: ask again at the next tick
  }
}

/**
 * The lobby's "Play a person" panel.
 * @param {Lobby} lobby
 * @returns {HTMLElement | null}
 */
export function pairingPanel(lobby) {
  const games = gamesForTwo(lobby);
  if (!games.length) return null;
  if (!state.game || !games.some((info) => info.name === state.game)) state.game = games[0].name;
  const title = h("h2", { id: "pairing-title" }, t("Play a person"));
  if (state.ticket) {
    const info = games.find((g) => g.name === state.game) || games[0];
    const offer = botOffered();
    return h(
      "section",
      { class: "panel pairing", id: "pairing", "aria-labelledby": "pairing-title" },
      title,
      h("p", { id: "pairing-status", role: "status" }, waitingText()),
      h(
        "p",
        {},
        h("button", { type: "button", id: "pairing-stop", onclick: () => { stop(true); lobby.render(); } }, t("Stop looking")),
        offer ? " " : null,
        offer
          ? h("button", { type: "button", id: "pairing-bot", class: "primary", onclick: () => { stop(true); lobby.playBot(info); } }, t("Play a bot instead"))
          : null,
      ),
    );
  }
  return h(
    "section",
    { class: "panel pairing", id: "pairing", "aria-labelledby": "pairing-title" },
    title,
    h("p", {}, t("The server finds you an opponent of about your rating; the longer you wait, the wider it looks.")),
    h(
      "p",
      { class: "pairing-choices" },
      h(
        "label",
        {},
        `${t("Game")} `,
        h(
          "select",
          { id: "pairing-game", onchange: (/** @type {Event} */ event) => { state.game = /** @type {HTMLSelectElement} */ (event.target).value; } },
          ...games.map((info) => h("option", { value: info.name, selected: info.name === state.game }, info.display_name)),
        ),
      ),
      " ",
      h(
        "label",
        {},
        h("input", { type: "checkbox", id: "pairing-rated", checked: state.rated, onchange: (/** @type {Event} */ event) => { state.rated = /** @type {HTMLInputElement} */ (event.target).checked; } }),
        ` ${t("Rated table")}`,
      ),
      " ",
      h(
        "label",
        {},
        `${t("Pace")} `,
        h(
          "select",
          { id: "pairing-pace", onchange: (/** @type {Event} */ event) => { state.pace = /** @type {HTMLSelectElement} */ (event.target).value; } },
          h("option", { value: "live", selected: state.pace === "live" }, t("Live clock")),
          ...CORRESPONDENCE_DAYS.map((days) => h("option", { value: `${days}d`, selected: state.pace === `${days}d` }, correspondenceText(days))),
        ),
      ),
      " ",
      h(
        "label",
        {},
        `${t("Offer a bot after")} `,
        h(
          "select",
          { id: "pairing-bot-after", onchange: (/** @type {Event} */ event) => { state.botAfter = Number(/** @type {HTMLSelectElement} */ (event.target).value); } },
          ...BOT_AFTER.map((seconds) =>
            h("option", { value: String(seconds), selected: seconds === state.botAfter }, seconds ? t("{seconds} s", { seconds }) : t("Never")),
          ),
        ),
      ),
    ),
    h("p", {}, h("button", { type: "button", id: "pairing-start", class: "primary", onclick: () => start(lobby) }, t("Find an opponent"))),
  );
}
