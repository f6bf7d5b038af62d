// The replay page (/m/ID) as a viewer: the server wrote one position (the page reads
// without this script); here the positions come from GET /api/matches/ID/positions, a
// batch at a time, and each is drawn by the game's own page module (games.js, through the
// interface games/generic.js describes) as the table draws it, every seat's hand shown.
// Step, play and pause at a chosen speed, jump to a round or hand, or use the keys (←/→,
// Home/End, space); the address keeps the position (#42), so that it can be linked.
// Beside the moves, the match's report (report.js): "Analyse", its progress, the graded
// decisions (each jumps here) and the values at a decision's position; at a position not
// over, play on from it against bots or ask what the expert would do (play_on.js).

import { fill, h, scalable, svgFragment } from "./dom.js";
import { pageModule } from "./games.js";
import { htmlLang, labelled, t, usePageLanguage } from "./i18n.js";
import { PlayOn } from "./play_on.js";
import { GameReport } from "./report.js";

/**
 * A chance (0 to 1) as a whole percentage in the page's language.
 * @param {number} value the chance
 * @returns {string}
 */
function percent(value) {
  return new Intl.NumberFormat(htmlLang(), { style: "percent", maximumFractionDigits: 0 }).format(value);
}

/** Positions asked for at once (at most the server's REPLAY_BATCH). */
const BATCH = 24;

/** Autoplay's speeds: the time each position stays on screen. */
const SPEEDS = [
  { label: "0.5×", ms: 2000 },
  { label: "1×", ms: 1000 },
  { label: "2×", ms: 500 },
  { label: "4×", ms: 250 },
];

/**
 * @typedef {{at: number, said: string[], view: Record<string, any>, hands: unknown[], chances?: number[] | null}} Position
 * @typedef {{at: number, label: string}} Part
 * @typedef {{moves: number, names: string[], parts: Part[], from: number, positions: Position[]}} Batch
 */

/**
 * The move a fragment names ("#42"), or null for none.
 * @param {string} hash the address's fragment
 * @returns {number | null}
 */
export function fragmentMove(hash) {
  const found = /^#(\d{1,9})$/.exec(hash || "");
  return found ? Number(found[1]) : null;
}

class Viewer {
  /**
   * @param {HTMLElement} root the page's #replay (its data: match, at, moves)
   * @param {Record<string, any>} page the game's page module
   */
  constructor(root, page) {
    this.root = root;
    this.page = page;
    this.match = root.dataset.match || "";
    this.moves = Number(root.dataset.moves || 0);
    this.at = Number(root.dataset.at || 0);
    /** @type {Map<number, Position>} */
    this.positions = new Map();
    /** @type {Map<number, Promise<void>>} */
    this.batches = new Map();
    /** @type {string[]} */
    this.names = [];
    /** @type {Part[]} */
    this.parts = [];
    /** @type {number | null} */
    this.timer = null;
    this.speed = SPEEDS[1].ms;
    this.section = /** @type {HTMLElement} */ (root.querySelector("#replay-position"));
    this.live = h("div", { id: "replay-live", class: "visually-hidden", role: "status", "aria-live": "polite" });
    this.counter = /** @type {HTMLElement} */ (root.querySelector("#replay-at"));
    /** @type {GameReport | null} */
    this.report = null;
    this.playOn = new PlayOn(this.match, page);
  }

  /**
   * The batch of positions holding move `at` (asked once, however many wait for it).
   * @param {number} at a move
   * @returns {Promise<void>}
   */
  load(at) {
    const from = Math.floor(at / BATCH) * BATCH;
    if (!this.batches.has(from)) {
      const lang = document.documentElement.dataset.lang || "en";
      const url = `/api/matches/${encodeURIComponent(this.match)}/positions?from=${from}&count=${BATCH}&lang=${encodeURIComponent(lang)}`;
      const loading = fetch(url)
        .then((answer) => {
          if (!answer.ok) throw new Error(`${answer.status}`);
          return answer.json();
        })
        .then((/** @type {Batch} */ batch) => {
          this.moves = batch.moves;
          this.names = batch.names;
          if (!this.parts.length && batch.parts.length) this.showParts(batch.parts);
          for (const position of batch.positions) this.positions.set(position.at, position);
        })
        .catch((error) => {
          this.batches.delete(from); // asked again at the next step
          throw error;
        });
      this.batches.set(from, loading);
    }
    return /** @type {Promise<void>} */ (this.batches.get(from));
  }

  /**
   * Show the position after move `at` (clamped), and keep it in the address.
   * @param {number} at a move
   * @returns {Promise<void>}
   */
  async go(at) {
    const wanted = Math.max(0, Math.min(this.moves, at));
    this.at = wanted;
    try {
      await this.load(wanted);
      if (wanted > 0 && !this.positions.has(wanted - 1)) await this.load(wanted - 1);
    } catch {
      this.live.textContent = t("The server cannot be reached.");
      this.stop();
      return;
    }
    if (this.at !== wanted) return; // a later step went on meanwhile
    const shown = this.positions.get(wanted);
    if (shown) this.draw(shown);
    // The next batch, before autoplay or the next steps need it.
    if (wanted + 4 < this.moves && !this.positions.has(wanted + 4)) this.load(wanted + 4).catch(() => {});
  }

  /**
   * @param {number} delta moves forward (negative: back)
   * @returns {Promise<void>}
   */
  step(delta) {
    return this.go(this.at + delta);
  }

  /**
   * Draw a position: what its move did, the scores, the game's board, the end of a round
   * or hand it brought (as the table's dialog says it), every hand; then the controls.
   * @param {Position} shown the position
   */
  draw(shown) {
    const page = this.page;
    const names = this.names;
    // The public view, no seat's turn: the game's module draws the board and no control
    // (`replay`: nobody is waited for).
    /** @type {Record<string, any>} */
    const view = { ...shown.view, seat: null, your_turn: false, legal: [], plays: {}, replay: true };
    const ui = {
      selected: null,
      picked: [],
      select: () => {},
      pick: () => {},
      play: () => {},
      act: () => {},
      notice: () => {},
      hintButton: () => null,
    };
    const before = this.positions.get(shown.at - 1);
    const latch = { seen: null, overlay: null };
    if (before) {
      page.latchEnd({ ...before.view }, latch); // what had ended by the move before...
      latch.overlay = null;
    }
    page.latchEnd(view, latch); // ...so that only what this move ended is shown
    const ended = latch.overlay ? page.dialogContent(view, latch.overlay, names) : null;
    const descriptions = Object.entries(view)
      .filter(([key, value]) => key.endsWith("_description") && typeof value === "string" && value)
      .map(([, value]) => value);
    fill(
      this.section,
      h(
        "ul",
        { id: "replay-move", class: "replay-move", "aria-label": t("This move") },
        ...(shown.said.length ? shown.said : [t("The deal")]).map((text) => h("li", {}, page.logEntry(text))),
      ),
      h(
        "ul",
        { class: "players replay-players", id: "replay-players", "aria-label": t("Players") },
        ...names.map((name, seat) =>
          h(
            "li",
            { class: `player${view.current === seat ? " current" : ""}`, dataset: { seat: String(seat) }, "aria-current": view.current === seat ? "true" : null },
            h("span", { class: "name" }, name),
            h("span", { class: "score" }, labelled(t("Score"), view.scores ? view.scores[seat] : 0)),
          ),
        ),
      ),
      // Each player's chance from this deal's start, by the tables (public facts only).
      shown.chances
        ? h(
            "p",
            { id: "replay-chances", class: "muted" },
            t("Chances of winning from this deal's start: {chances}", {
              chances: names.map((name, seat) => labelled(name, percent((shown.chances || [])[seat] || 0))).join(" · "),
            }),
          )
        : null,
      this.playOn.shownAt(shown.at, view, names),
      h("div", { class: "replay-board", id: "replay-board" }, page.render(view, ui, names)),
      descriptions.length ? h("div", { class: "visually-hidden replay-description", id: "replay-description" }, ...descriptions.map((text) => h("p", {}, text))) : null,
      ended
        ? // Not a landmark: the game's own board may hold a region of the same name.
          h("div", { class: "panel replay-end", id: "replay-end" }, h("h2", { id: "replay-end-title" }, ended.title), ...ended.children)
        : null,
      h(
        "section",
        { class: "panel replay-hands", "aria-labelledby": "replay-hands-title" },
        h("h2", { id: "replay-hands-title" }, t("Every hand")),
        h(
          "dl",
          { id: "replay-hands" },
          ...names.flatMap((name, seat) => [h("dt", {}, name), h("dd", { dataset: { seat: String(seat) } }, page.handShown(shown.hands[seat]))]),
        ),
      ),
      this.track(view),
      page.side(view, names),
    );
    this.controlsAt(shown.at);
    if (this.report) this.report.shownAt(shown.at, this.section);
    const speech = shown.said.map((text) => page.logSpeech(text)).join(" ");
    this.live.textContent = `${this.counter.textContent}. ${speech}`;
  }

  /**
   * The score track or board, as the table shows it beside the game.
   * @param {Record<string, any>} view the public view
   * @returns {HTMLElement | null}
   */
  track(view) {
    if (!view.track_svg) return null;
    const box = h("div", { class: "track", id: "track" });
    box.append(svgFragment(view.track_svg));
    scalable(box.querySelector("svg"));
    return h("section", { class: "board", "aria-labelledby": "board-title" }, h("h2", { id: "board-title" }, t("Scores")), box);
  }

  /**
   * The controls, the address and the language links at move `at`.
   * @param {number} at the move shown
   */
  controlsAt(at) {
    this.root.dataset.at = String(at);
    this.counter.dataset.at = String(at);
    this.counter.dataset.moves = String(this.moves);
    this.counter.textContent = t("Move {at} of {n}", { at, n: this.moves });
    for (const button of this.root.querySelectorAll("[data-step]")) {
      const key = /** @type {HTMLButtonElement} */ (button).dataset.step;
      /** @type {HTMLButtonElement} */ (button).disabled = key === "back" ? at === 0 : at === this.moves;
    }
    this.slider.value = String(at);
    this.slider.max = String(this.moves);
    let current = null;
    for (const part of this.parts) if (part.at <= at) current = part.at;
    for (const link of this.root.querySelectorAll("#replay-parts a")) {
      const mine = Number(/** @type {HTMLElement} */ (link).dataset.at) === current;
      if (mine) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
    const address = new URL(location.href);
    address.searchParams.delete("at");
    address.hash = String(at);
    history.replaceState(null, "", address.href);
    // The language links keep the position too.
    for (const link of document.querySelectorAll(".lang-list a")) {
      const target = new URL(/** @type {HTMLAnchorElement} */ (link).href);
      target.hash = String(at);
      /** @type {HTMLAnchorElement} */ (link).href = target.href;
    }
  }

  /**
   * The rounds or hands, each a link to where it starts (the server's list, or one made).
   * @param {Part[]} parts the match's parts
   */
  showParts(parts) {
    this.parts = parts;
    const list = this.root.querySelector("#replay-parts");
    if (!list) return;
    for (const link of list.querySelectorAll("a")) {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        this.stop();
        this.go(Number(/** @type {HTMLElement} */ (link).dataset.at));
      });
    }
  }

  /** Autoplay on (from the first move when at the last), or off. */
  toggle() {
    if (this.timer !== null) {
      this.stop();
      return;
    }
    if (this.at >= this.moves) this.go(0);
    this.root.dataset.playing = "true";
    this.playButton.setAttribute("aria-pressed", "true");
    this.playButton.textContent = t("Pause");
    this.schedule();
  }

  /** The next autoplay step, after the chosen speed's time. */
  schedule() {
    this.timer = window.setTimeout(async () => {
      if (this.timer === null) return;
      if (this.at >= this.moves) {
        this.stop();
        return;
      }
      await this.step(1);
      if (this.timer === null) return;
      if (this.at >= this.moves) this.stop();
      else this.schedule();
    }, this.speed);
  }

  /** Autoplay off. */
  stop() {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
    this.root.dataset.playing = "false";
    if (this.playButton) {
      this.playButton.setAttribute("aria-pressed", "false");
      this.playButton.textContent = t("Autoplay");
    }
  }

  /**
   * A step button of the controls.
   * @param {string} label its words
   * @param {string} key what it does: first, back, forward, last
   * @param {() => void} action
   * @returns {HTMLButtonElement}
   */
  button(label, key, action) {
    return /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", id: `replay-${key}`, dataset: { step: key === "first" || key === "back" ? "back" : "forward" }, onclick: () => { this.stop(); action(); } }, label)
    );
  }

  /** The server's links become the viewer's controls; the keys and the address follow. */
  setUp() {
    this.playButton = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", id: "replay-play", class: "primary", "aria-pressed": "false", onclick: () => this.toggle() }, t("Autoplay"))
    );
    const speed = h(
      "select",
      { id: "replay-speed", onchange: (/** @type {Event} */ event) => { this.speed = Number(/** @type {HTMLSelectElement} */ (event.target).value); } },
      ...SPEEDS.map((choice) => h("option", { value: String(choice.ms), selected: choice.ms === this.speed }, choice.label)),
    );
    this.slider = /** @type {HTMLInputElement} */ (
      h("input", { type: "range", id: "replay-slider", min: "0", max: String(this.moves), value: String(this.at), oninput: () => { this.stop(); this.go(Number(this.slider.value)); } })
    );
    const nav = /** @type {HTMLElement} */ (this.root.querySelector("#replay-nav"));
    fill(
      nav,
      h(
        "div",
        { class: "replay-buttons" },
        this.button(t("First"), "first", () => this.go(0)),
        this.button(t("Back"), "back", () => this.step(-1)),
        this.playButton,
        this.button(t("Forward"), "forward", () => this.step(1)),
        this.button(t("Last"), "last", () => this.go(this.moves)),
      ),
      h("label", { class: "replay-speed" }, `${t("Speed")} `, speed),
      h("label", { class: "replay-slider" }, h("span", { class: "visually-hidden" }, t("Move")), this.slider),
    );
    this.root.append(this.live);
    this.stop();
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.addEventListener("hashchange", () => {
      const asked = fragmentMove(location.hash);
      if (asked !== null && asked !== this.at) this.go(asked);
    });
  }

  /**
   * ←/→ step, Home/End go to the first and last move, space plays or pauses; not while
   * typing or choosing in a field, which uses those keys itself.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
    const moves = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.go(0), End: () => this.go(this.moves) };
    if (event.key in moves) {
      event.preventDefault();
      this.stop();
      moves[/** @type {keyof typeof moves} */ (event.key)]();
    } else if (event.key === " " && !(target instanceof HTMLElement && target.closest("button, a"))) {
      event.preventDefault(); // a space on a button presses that button instead
      this.toggle();
    }
  }
}

/**
 * Start the viewer on the page's #replay, at the move the address names (#42), else the
 * one the server showed.
 * @returns {Promise<void>}
 */
async function start() {
  const root = document.getElementById("replay");
  if (!root) return;
  await usePageLanguage(document.documentElement.dataset.lang || "en");
  const page = await pageModule(root.dataset.game || "");
  const viewer = new Viewer(root, page);
  viewer.setUp();
  const report = new GameReport(viewer.match, page, (at) => {
    viewer.stop();
    viewer.go(at);
  });
  root.append(report.section);
  root.classList.add("with-report");
  viewer.report = report;
  const asked = fragmentMove(location.hash);
  await viewer.go(asked === null ? viewer.at : asked);
  // The table's "Analyse" opens this page with ?analyse=1: the analysis is asked at once.
  await report.start(new URLSearchParams(location.search).get("analyse") === "1");
  document.body.dataset.ready = "true"; // tests wait for this
}

start();
