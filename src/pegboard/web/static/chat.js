// The table's chat (issue 39): one element for the page's whole life, as the log is, so that
// what the reader types and where they read survive the states that arrive while others
// play. Quick phrases travel as keys and are said here in the reader's own language; free
// text is shown as text (never as markup). The reader may turn free text off and mute an
// author: both are this browser's own choices, kept in localStorage, and nothing is sent.
import { h } from "./dom.js";
import { labelled, t } from "./i18n.js";

/** The quick phrases, by the key the server knows them by (pegboard.web.chat.PHRASES). */
export const PHRASES = {
  good_luck: "Good luck",
  well_played: "Well played",
  thanks: "Thanks",
  oops: "Oops",
  good_game: "Good game",
};
const TEXT_LENGTH = 200;
const MUTED_KEY = "pegboard.chat.muted";
const TEXT_OFF_KEY = "pegboard.chat.text-off";

/**
 * @typedef {{id: number, room: string, seat: number | null, author: string,
 *   phrase: string | null, text: string | null}} ChatLine
 */

/** @returns {Set<string>} the authors this browser muted */
function mutedAuthors() {
  try {
    const kept = JSON.parse(localStorage.getItem(MUTED_KEY) || "[]");
    return new Set(Array.isArray(kept) ? kept.filter((a) => typeof a === "string") : []);
  } catch {
    return new Set();
  }
}

/** @param {Set<string>} authors */
function keepMuted(authors) {
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...authors].slice(-200)));
  } catch {
    // storage off: the mute holds for this page only
  }
}

/** @returns {boolean} whether this browser turned free text off */
function textOff() {
  try {
    return localStorage.getItem(TEXT_OFF_KEY) === "1";
  } catch {
    return false;
  }
}

export class TableChat {
  /**
   * @param {(message: object) => boolean} send sends a message on the table's socket
   */
  constructor(send) {
    this.send = send;
    /** @type {ChatLine[]} */
    this.lines = [];
    /** @type {Set<number>} the lines this reader reported */
    this.reported = new Set();
    this.muted = mutedAuthors();
    this.textOff = textOff();
    /** @type {(seat: number) => string} a seat's name, as the page's view says it */
    this.nameOf = (seat) => t("Seat {number}", { number: seat + 1 });
    this.me = null; // the reader's seat (null: a spectator)
    this.title = h("h2", { id: "chat-title" });
    this.list = h("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite", "aria-relevant": "additions" });
    this.phrases = h("div", { class: "chat-phrases", role: "group" });
    this.input = h("input", {
      id: "chat-text",
      type: "text",
      maxlength: String(TEXT_LENGTH),
      autocomplete: "off",
      dataset: { focus: "chat-text" },
    });
    this.label = h("label", { for: "chat-text" });
    this.sendButton = h("button", { type: "submit", id: "chat-send" });
    this.form = h("form", { class: "chat-form" }, this.label, this.input, this.sendButton);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const said = this.input.value.trim();
      if (said && this.send({ type: "chat", text: said })) this.input.value = "";
    });
    this.textToggle = h("input", { type: "checkbox", id: "chat-text-off" });
    this.textToggle.checked = this.textOff;
    this.textToggle.addEventListener("change", () => {
      this.textOff = this.textToggle.checked;
      try {
        localStorage.setItem(TEXT_OFF_KEY, this.textOff ? "1" : "0");
      } catch {
        // storage off: for this page only
      }
      this.draw();
    });
    this.toggleLabel = h("label", { for: "chat-text-off", class: "chat-toggle" });
    this.unmute = h("button", { type: "button", id: "chat-unmute", class: "link-button", onclick: () => this.unmuteAll() });
    this.element = h(
      "section",
      { class: "chat", id: "chat", "aria-labelledby": "chat-title" },
      this.title,
      this.list,
      this.phrases,
      this.form,
      h("p", { class: "chat-options" }, this.textToggle, this.toggleLabel, " ", this.unmute),
    );
    this.words();
  }

  // The chat's own words in the page's language (a language switch calls it again).
  words() {
    this.title.textContent = this.me === null ? t("Spectators' chat") : t("Chat");
    this.phrases.setAttribute("aria-label", t("Quick phrases"));
    this.phrases.replaceChildren(
      ...Object.entries(PHRASES).map(([key, english]) =>
        h("button", { type: "button", class: "chat-phrase", dataset: { phrase: key }, onclick: () => this.send({ type: "chat", phrase: key }) }, t(english)),
      ),
    );
    this.label.textContent = t("Say something");
    this.sendButton.textContent = t("Send");
    this.toggleLabel.textContent = t("Hide free text (quick phrases only)");
    this.form.hidden = this.textOff;
    this.draw();
  }

  /**
   * Who reads: their seat (null: a spectator), and how a seat is named.
   * @param {number | null} seat
   * @param {(seat: number) => string} nameOf
   */
  reader(seat, nameOf) {
    const changed = seat !== this.me;
    this.me = seat;
    this.nameOf = nameOf;
    if (changed) this.words();
  }

  /** @param {ChatLine[]} lines the room's last lines (a new socket's: they replace ours) */
  history(lines) {
    const known = new Map(this.lines.map((line) => [line.id, line]));
    for (const line of lines) known.set(line.id, line);
    this.lines = [...known.values()].sort((a, b) => a.id - b.id).slice(-100);
    this.draw();
  }

  /** @param {ChatLine} line a line just said */
  add(line) {
    if (this.lines.some((known) => known.id === line.id)) return; // told twice: a resync
    this.lines.push(line);
    // In the order the lines were said (two server processes may tell them in another).
    this.lines.sort((a, b) => a.id - b.id);
    if (this.lines.length > 100) this.lines.shift();
    this.draw();
  }

  /** @param {number} lineId a line this reader's report of which the server stored */
  markReported(lineId) {
    this.reported.add(lineId);
    this.draw();
  }

  /** @param {ChatLine} line */
  who(line) {
    return line.seat === null ? t("Spectator") : this.nameOf(line.seat);
  }

  draw() {
    this.form.hidden = this.textOff;
    this.unmute.hidden = this.muted.size === 0;
    this.unmute.textContent = t("Unmute everyone");
    const shown = this.lines.filter((line) => !this.muted.has(line.author) && !(this.textOff && line.text !== null));
    const mine = (/** @type {ChatLine} */ line) => this.me !== null && line.seat === this.me;
    this.list.replaceChildren(
      ...shown.map((line) => {
        const said = line.phrase !== null ? t(PHRASES[/** @type {keyof typeof PHRASES} */ (line.phrase)] || line.phrase) : line.text || "";
        const who = this.who(line);
        const actions = mine(line)
          ? []
          : [
              h("button", { type: "button", class: "chat-mute link-button", "aria-label": t("Mute {name}", { name: who }), onclick: () => this.mute(line.author) }, t("Mute")),
              this.reported.has(line.id)
                ? h("span", { class: "chat-reported" }, t("Reported"))
                : h(
                    "button",
                    { type: "button", class: "chat-report link-button", "aria-label": t("Report this line of {name}", { name: who }), onclick: () => this.send({ type: "report", line: line.id }) },
                    t("Report"),
                  ),
            ];
        return h(
          "li",
          { class: line.phrase !== null ? "chat-line phrase" : "chat-line", dataset: { line: String(line.id), author: line.author } },
          h("span", { class: "chat-who" }, labelled(who, "")),
          // Free text is in whatever language its author wrote: unknown to the page.
          h("span", { class: "chat-said", lang: line.text !== null ? "" : null }, said),
          ...actions,
        );
      }),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }

  unmuteAll() {
    this.muted.clear();
    keepMuted(this.muted);
    this.draw();
  }

  /** @param {string} author */
  mute(author) {
    this.muted.add(author);
    keepMuted(this.muted);
    this.draw();
  }
}
