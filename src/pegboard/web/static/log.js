// The match's log: one element for the page's whole life, so that its reader's place in it
// (and a scroll on its way there: Chromium animates Home, End and the wheel) survives the
// states that arrive while bots play. Rebuilding it on every state cut such a scroll short:
// a reader who pressed Home as a bot moved was left half-way.
import { h } from "./dom.js";

const NEAR_END_PX = 4;

export class MatchLog {
  constructor(title) {
    this.entries = [];
    this.list = h("ol", { id: "log", tabindex: "0", "aria-labelledby": "log-title", dataset: { focus: "log" } });
    this.title = h("h2", { id: "log-title" }, title);
    this.element = h("section", { class: "log", "aria-labelledby": "log-title" }, this.title, this.list);
    // Whether the reader follows the newest event. A key or wheel that leaves the end says
    // so at once; where a scroll ends says it after. Not each step of a scroll: the first
    // frames of one that leaves the end are still within a few pixels of it.
    this.follow = true;
    this.top = 0;
    const near = () => this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < NEAR_END_PX;
    const ended = "onscrollend" in window ? "scrollend" : "scroll";
    this.list.addEventListener("scroll", () => {
      this.top = this.list.scrollTop;
    });
    this.list.addEventListener(ended, () => {
      this.follow = near();
    });
    this.list.addEventListener("keydown", (event) => {
      if (["Home", "PageUp", "ArrowUp"].includes(event.key)) this.follow = false;
      if (event.key === "End") this.follow = true;
    });
    this.list.addEventListener("wheel", (event) => {
      if (event.deltaY < 0) this.follow = false;
    });
  }

  // The entries of the state to show: the new ones are appended to those already shown; any
  // other change (a new match, another language) rebuilds the list.
  /**
   * @param {string[]} entries the log's entries, oldest first
   * @param {string} title the log's heading
   * @param {(text: string) => (string | Node)[]} render an entry as the page shows it
   * @returns {void}
   */
  update(entries, title, render) {
    this.title.textContent = title;
    const grown = entries.length >= this.entries.length && this.entries.every((text, i) => entries[i] === text);
    const fresh = grown ? entries.slice(this.entries.length) : entries;
    const items = fresh.map((text) => h("li", {}, ...render(text)));
    if (grown) this.list.append(...items);
    else this.list.replaceChildren(...items);
    this.entries = entries.slice();
    // The numbers' room (style.css): as many digits as the last entry's number has.
    this.list.style.setProperty("--log-digits", String(Math.max(2, String(entries.length).length)));
    this.changed = fresh.length > 0 || !grown;
  }

  // After the page is in place: the newest event in sight if the reader follows it, else
  // the reader's place kept (the list was moved out of the page and back, which resets it).
  settle(wasConnected) {
    if (this.follow) {
      if (this.changed || !wasConnected) this.list.scrollTop = this.list.scrollHeight;
    } else if (!wasConnected) {
      this.list.scrollTop = this.top;
    }
  }
}
