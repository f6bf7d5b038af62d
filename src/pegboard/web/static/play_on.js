// Play on from a replay's position (issue 36): at any position of a finished match that is
// not over there, "Play on from here" makes a new unrated table from it (POST
// /api/matches/ID/play-on: the person at the seat chosen, the one to act by default, bots of
// the game's default level at the others) and goes to it, seated, as the lobby's "Play now"
// does; "What would the expert do?" asks the expert's ranking of the seat to act (GET
// /api/matches/ID/positions/K/hint) and shows its best few as the table's hints show them
// (the game's hintFace draws each move, its label in the page's language).

import { fill, h } from "./dom.js";
import * as generic from "./games/generic.js";
import { htmlLang, labelled, t } from "./i18n.js";
import { rememberedName } from "./lobby.js";

/** The expert's choices shown, as the table's hints show before "Show all". */
const SHOWN = 3;

/** A search's own figures among a hint's details: how it searched, not what it found (as
 * the report leaves them out). */
const SEARCH_FIGURES = ["iterations", "visits"];

/**
 * @typedef {{action: string, label?: string, value: number | null, unit?: string, details?: Record<string, number>}} Hint
 * @typedef {{seat: number, kind: string, link?: string}} CreatedSeat
 */

/**
 * A number as the page's language writes it, at most two decimals (as the table's hints).
 * @param {number} value the number
 * @returns {string}
 */
function number(value) {
  return new Intl.NumberFormat(htmlLang(), { maximumFractionDigits: 2 }).format(value);
}

/**
 * The server's words for a refusal ({"error"}, or FastAPI's {"detail"}), else a general one.
 * @param {Record<string, unknown>} answer the answer's JSON
 * @returns {string}
 */
function refusal(answer) {
  if (typeof answer.error === "string") return answer.error;
  if (typeof answer.detail === "string") return answer.detail;
  return t("Something went wrong. Try again.");
}

export class PlayOn {
  /**
   * @param {string} match the match's address (TABLE-N)
   * @param {Record<string, any>} page the game's page module (its hintFace draws moves)
   */
  constructor(match, page) {
    this.match = match;
    this.page = page;
    this.lang = document.documentElement.dataset.lang || "en";
    this.at = -1;
    /** @type {number | null} the seat to act at the position shown */
    this.current = null;
    this.section = h("section", { class: "panel play-on", id: "play-on", "aria-labelledby": "play-on-title" });
    this.answer = h("div", { id: "play-on-answer" });
  }

  /**
   * The position after move `at` is shown: the panel for it (nothing where it is over).
   * @param {number} at the move shown
   * @param {Record<string, any>} view its public view (current, is_over)
   * @param {string[]} names the seats' names
   * @returns {HTMLElement | null} the panel, or null where the match is over
   */
  shownAt(at, view, names) {
    const current = typeof view.current === "number" && !view.is_over ? view.current : null;
    if (current === null) {
      this.at = at;
      return null;
    }
    if (at === this.at && this.current === current) return this.section;
    this.at = at;
    this.current = current;
    fill(this.answer);
    const seat = /** @type {HTMLSelectElement} */ (
      h(
        "select",
        { id: "play-on-seat" },
        ...names.map((name, number) => h("option", { value: String(number), selected: number === current }, number === current ? t("{name} (to play)", { name }) : name)),
      )
    );
    fill(
      this.section,
      h("h2", { id: "play-on-title" }, t("From this position")),
      h(
        "div",
        { class: "play-on-controls" },
        h("label", { class: "play-on-seat" }, `${t("Play as")} `, seat),
        h("button", { type: "button", id: "play-on-button", class: "primary", onclick: () => this.playOn(at, Number(seat.value)) }, t("Play on from here")),
        h("button", { type: "button", id: "expert-button", onclick: () => this.askExpert(at, current, names[current] || "") }, t("What would the expert do?")),
      ),
      this.answer,
    );
    return this.section;
  }

  /**
   * A new table from the position after move `at`, the person at `seat`: the browser goes
   * to it, seated (its link holds the seat's key in the fragment, as the lobby's).
   * @param {number} at the move
   * @param {number} seat the person's seat
   * @returns {Promise<void>}
   */
  async playOn(at, seat) {
    fill(this.answer, h("p", { role: "status" }, t("Making the table…")));
    /** @type {Record<string, any>} */
    let result;
    try {
      const response = await fetch(`/api/matches/${encodeURIComponent(this.match)}/play-on`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        // The name this browser last gave (the lobby's), else the server's "Seat N".
        body: JSON.stringify({ at, seat, lang: this.lang, ...(rememberedName() ? { name: rememberedName() } : {}) }),
      });
      result = await response.json().catch(() => ({}));
      if (!response.ok) {
        this.showError(refusal(result));
        return;
      }
    } catch {
      this.showError(t("The server cannot be reached."));
      return;
    }
    const mine = /** @type {CreatedSeat[]} */ (result.seats || []).find((made) => made.kind === "human" && made.link);
    if (mine && mine.link) location.assign(mine.link);
    else this.showError(t("Something went wrong. Try again."));
  }

  /**
   * The expert's best few actions for `seat` after move `at`, as the table's hints.
   * @param {number} at the move
   * @param {number} seat the seat to act there
   * @param {string} name its name
   * @returns {Promise<void>}
   */
  async askExpert(at, seat, name) {
    fill(this.answer, h("p", { role: "status" }, t("The expert is thinking…")));
    /** @type {Record<string, any>} */
    let result;
    try {
      const address = `/api/matches/${encodeURIComponent(this.match)}/positions/${at}/hint?seat=${seat}&lang=${encodeURIComponent(this.lang)}`;
      const response = await fetch(address);
      result = await response.json().catch(() => ({}));
      if (!response.ok) {
        if (this.at === at) this.showError(refusal(result));
        return;
      }
    } catch {
      if (this.at === at) this.showError(t("The server cannot be reached."));
      return;
    }
    if (this.at !== at) return; // the viewer went on meanwhile: this answer is another position's
    this.showHints(/** @type {Hint[]} */ (result.hints || []), name, typeof result.chance === "number" ? result.chance : null);
  }

  /**
   * The expert's best few, each drawn as the table draws a hint (its value, unit, details).
   * @param {Hint[]} hints the ranking, best first
   * @param {string} name the seat's name
   * @param {number | null} chance the seat's chance of winning from its view there, if the game has tables
   */
  showHints(hints, name, chance) {
    const face = this.page.hintFace || generic.hintFace;
    fill(
      this.answer,
      h("h3", { id: "expert-title", tabindex: "-1" }, t("The expert's best choices for {name}", { name })),
      chance !== null
        ? h(
            "p",
            { id: "expert-chance", class: "muted" },
            t("{name}'s chance of winning the match here, as they saw it: {percent}", {
              name,
              percent: new Intl.NumberFormat(htmlLang(), { style: "percent", maximumFractionDigits: 0 }).format(chance),
            }),
          )
        : null,
      h(
        "ol",
        { id: "expert-hints", class: "expert-hints", "aria-labelledby": "expert-title" },
        ...hints.slice(0, SHOWN).map((hint) => {
          const details = Object.entries(hint.details || {})
            .filter(([key, amount]) => typeof amount === "number" && !SEARCH_FIGURES.includes(key))
            .map(([key, amount]) => labelled(key, number(amount)))
            .join(" · ");
          return h(
            "li",
            { dataset: { action: hint.action } },
            h("strong", { class: "hint-move" }, ...face({}, hint)),
            typeof hint.value === "number" ? ` — ${number(hint.value)} ${hint.unit || ""}` : "",
            details ? h("div", { class: "muted details" }, details) : null,
          );
        }),
      ),
    );
    const title = this.answer.querySelector("#expert-title");
    if (title) /** @type {HTMLElement} */ (title).focus();
  }

  /**
   * @param {string} message the refusal, in words
   */
  showError(message) {
    fill(this.answer, h("p", { class: "error", role: "alert" }, message));
  }
}
