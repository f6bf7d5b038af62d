// "Your turn", wherever the player is (issue 39, "Notifications"): the tab's title and icon
// say it when it is the player's turn at this table or at any other of theirs (the server's
// GET /api/me/turns, asked now and then), the lobby lists those tables, and the browser's
// own notifications say it when the page is not in sight, if the player turned them on
// here (kept in localStorage) and the browser allows it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "pegboard.notify";
const ASK_EVERY_MS = 20_000;
const ICON = "/static/icon.svg";
const ICON_TURN = "/static/icon-turn.svg";

/** @typedef {{table: string, game: string, display_name: string, seat: number, page: string, days: number | null, left: number | null}} Turn */

/** @returns {boolean} whether the player asked for the browser's notifications here */
export function notifyOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on" && typeof Notification === "function" && Notification.permission === "granted";
  } catch {
    return false;
  }
}

/**
 * The browser's notification, when asked for and the page is not in sight: one per table
 * (its tag), replacing the one before.
 * @param {string} title
 * @param {string} body
 * @param {string} tag
 * @returns {void}
 */
export function notify(title, body, tag) {
  if (!notifyOn()) return;
  if (document.visibilityState === "visible" && document.hasFocus()) return;
  try {
    new Notification(title, { body, tag, icon: ICON_TURN });
    document.body.dataset.notified = String(Number(document.body.dataset.notified || 0) + 1);
  } catch {
    // a browser that allows them only from a service worker: the title and icon say it
  }
}

/**
 * The button that turns the browser's notifications on and off (a toggle: aria-pressed).
 * Turning them on asks the browser's permission; refused, the button stays off.
 * @param {() => void} changed called after a switch (the page re-renders)
 * @returns {HTMLElement | null} none where the browser has no notifications
 */
export function notifyToggle(changed) {
  if (typeof Notification !== "function") return null;
  const on = notifyOn();
  return h(
    "button",
    {
      type: "button",
      id: "notify-toggle",
      class: "sound-toggle",
      "aria-pressed": on ? "true" : "false",
      dataset: { focus: "notify" },
      onclick: async () => {
        let wanted = !on;
        if (wanted && Notification.permission !== "granted") {
          wanted = (await Notification.requestPermission()) === "granted";
        }
        try {
          localStorage.setItem(STORAGE_KEY, wanted ? "on" : "off");
        } catch {
          // storage off: the choice lasts as long as the page
        }
        changed();
      },
    },
    t("Notify me"),
  );
}

/** Whether the icon shows "your turn" now. */
let iconTurn = false;

/** @param {boolean} turn */
function setIcon(turn) {
  if (turn === iconTurn) return;
  iconTurn = turn;
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (link) link.href = turn ? ICON_TURN : ICON;
  document.body.dataset.iconTurn = String(turn);
}

/**
 * The player's turns at their tables, asked of the server now and then, shown in the tab's
 * icon and title (``title(count)`` gives the page's own title) and handed to ``show``.
 */
export class TurnWatch {
  /**
   * @param {{here?: string | null, title: (others: number) => string, show?: (turns: Turn[]) => void}} options
   *   here: this page's table (its own turn is the page's business), title: the page's title
   *   given how many other tables wait for the player, show: what else to do with them
   */
  constructor(options) {
    this.here = options.here || null;
    this.title = options.title;
    this.show = options.show || (() => {});
    /** @type {Turn[]} the other tables where it is the player's turn */
    this.turns = [];
    this.yourTurnHere = false;
    /** @type {Set<string>} the tables already notified (until their turn passes) */
    this.told = new Set();
    this.timer = null;
  }

  start() {
    this.ask();
    this.timer = setInterval(() => this.ask(), ASK_EVERY_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.ask();
    });
  }

  async ask() {
    let turns = [];
    try {
      const answer = await fetch(`/api/me/turns?lang=${encodeURIComponent(document.documentElement.lang || "en")}`);
      if (!answer.ok) return;
      turns = (await answer.json()).turns || [];
    } catch {
      return; // the server out of reach: the socket's status says so
    }
    this.turns = turns.filter((/** @type {Turn} */ turn) => turn.table !== this.here);
    const waiting = new Set(this.turns.map((turn) => turn.table));
    for (const turn of this.turns) {
      if (!this.told.has(turn.table)) notify(t("Your turn"), turn.display_name, turn.table);
    }
    this.told = waiting;
    this.update();
    this.show(this.turns);
  }

  /** @param {boolean} yours whether it is the player's turn at this page's table */
  setHereTurn(yours) {
    this.yourTurnHere = yours;
    this.update();
  }

  update() {
    setIcon(this.yourTurnHere || this.turns.length > 0);
    document.title = this.title(this.turns.length);
  }
}
