// A finished match's report beside its replay (issue 36): "Analyse" asks the server
// (POST /api/matches/ID/analysis), the progress is polled (GET, every second while the
// analysis is queued or running, never while the page is hidden), then the report is
// shown: each player's accuracy and grades, the chart (the server's SVG, its data as a
// table for screen readers), the graded decisions in order (each a button that takes the
// viewer to the position before that move) and, at a decision's position, the expert's
// value of every legal action. Grades are marked as chess sites mark them (?! ? ??), with
// their names in words, never by colour alone.

import { fill, h } from "./dom.js";
import * as generic from "./games/generic.js";
import { htmlLang, labelled, t } from "./i18n.js";

/** How often the progress is asked while the analysis is queued or running. */
const POLL_MS = 1000;

/** A search's own figures among an action's details: how it searched, not what it found. */
const SEARCH_FIGURES = ["iterations", "visits", "deals"];

/** Details that read best in this order (a cribbage discard, as Cribbage Pro splits it; a
 * domino play); others follow in the order given. */
const DETAIL_ORDER = ["hand", "crib", "pegging", "net", "points now", "tiles left", "blocking"];

/**
 * An action's details in reading order (the server's JSON sorts them by name).
 * @param {Record<string, number>} details the details, by key
 * @returns {[string, number][]}
 */
export function orderedDetails(details) {
  /** @param {string} key @returns {number} */
  const rank = (key) => (DETAIL_ORDER.includes(key) ? DETAIL_ORDER.indexOf(key) : DETAIL_ORDER.length);
  return Object.entries(details).sort(([a], [b]) => rank(a) - rank(b));
}

/** Each grade's mark, as chess players write them. */
export const GRADE_MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/**
 * @typedef {{action: string, value: number, details?: Record<string, number>, label?: string}} ActionValue
 * @typedef {{index: number, move: number, seat: number, taken: string, best: string, taken_label?: string, best_label?: string, values: ActionValue[],
 *   unit: string, unit_name?: string, loss: number, error: number, searches: number, grade: string | null,
 *   grade_name?: string, chance?: number | null}} Decision
 * @typedef {{seat: number, decisions: number, mean_loss: number, accuracy: number, grades: Record<string, number>}} SeatSummary
 * @typedef {{name: string, seat: number, kind: string}} ChartSeries
 * @typedef {{key: string, label: string, series: ChartSeries[]}} ChartPanel
 * @typedef {{title: string, description: string, moves_label: string, panels: ChartPanel[]}} ChartInfo
 * @typedef {{decisions: Decision[], seats: SeatSummary[], names: string[], detail_names?: Record<string, string>,
 *   chart?: ChartInfo, chart_rows?: Record<string, any>[]}} ReportData
 * @typedef {{state: string, done?: number, total?: number, report?: ReportData | null, error?: string}} Analysis
 */

/**
 * A number as the page's language writes it, with `digits` decimals.
 * @param {number} value the number
 * @param {number} digits decimals shown
 * @returns {string}
 */
function decimal(value, digits = 1) {
  return new Intl.NumberFormat(htmlLang(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** The unit of a value that is a chance of winning (pegboard.bots.base.CHANCE_UNIT). */
const CHANCE_UNIT = "chance of winning the match";

/**
 * A decision's value or loss in its unit: a chance of winning as a percentage, points as
 * a number with one decimal.
 * @param {Decision} decision the decision
 * @param {number} value the value or loss
 * @returns {string}
 */
function inUnit(decision, value) {
  if (decision.unit !== CHANCE_UNIT) return decimal(value);
  return new Intl.NumberFormat(htmlLang(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * A translated message whose `{field}`s are elements (an action drawn): the text split
 * around them, so that a language may put them in any order.
 * @param {string} text the message, its plain fields already filled
 * @param {Record<string, (string | Node)[]>} parts the fields that are elements
 * @returns {(string | Node)[]}
 */
export function withParts(text, parts) {
  /** @type {(string | Node)[]} */
  const out = [];
  let at = 0;
  for (const found of text.matchAll(/\{(\w+)\}/g)) {
    if (!(found[1] in parts)) continue;
    if (found.index > at) out.push(text.slice(at, found.index));
    out.push(...parts[found[1]]);
    at = found.index + found[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * A grade's mark (?! ? ??) with its name for screen readers and as the tooltip.
 * @param {Decision} decision a graded decision
 * @returns {HTMLElement}
 */
export function gradeMark(decision) {
  const name = decision.grade_name || decision.grade || "";
  return h(
    "span",
    { class: `grade-mark grade-${decision.grade}`, role: "img", "aria-label": name, title: name, dataset: { grade: decision.grade || "" } },
    GRADE_MARKS[/** @type {keyof typeof GRADE_MARKS} */ (decision.grade)] || "",
  );
}

/**
 * The attributes of a box a wide table scrolls in (on a phone): a region the keyboard
 * reaches, so that it can scroll it too, named as its table.
 * @param {string} label the table's name
 * @returns {Record<string, string>}
 */
function scrollBox(label) {
  return { class: "report-scroll", tabindex: "0", role: "region", "aria-label": label };
}

export class GameReport {
  /**
   * @param {string} match the match's address (TABLE-N)
   * @param {Record<string, any>} page the game's page module (its hintFace draws actions)
   * @param {(at: number) => void} go shows the viewer's position after move `at`
   */
  constructor(match, page, go) {
    this.match = match;
    this.page = page;
    this.go = go;
    this.lang = document.documentElement.dataset.lang || "en";
    /** @type {number | null} */
    this.timer = null;
    /** @type {Analysis} */
    this.analysis = { state: "none" };
    /** @type {Map<number, Decision>} the decisions by the position they were made at */
    this.decisions = new Map();
    /** @type {string[]} */
    this.names = [];
    /** @type {Record<string, string>} each detail's name, translated */
    this.details = {};
    this.at = -1;
    this.title = h("h2", { id: "report-title", tabindex: "-1" }, t("Game report"));
    this.status = h("div", { id: "report-status" });
    this.body = h("div", { id: "report-body" });
    this.section = h("section", { class: "panel report", id: "report", "aria-labelledby": "report-title" }, this.title, this.status, this.body);
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.stopPolling();
      else if (this.busy()) this.refresh();
    });
  }

  /** @returns {string} the analysis's address, in the page's language */
  address() {
    return `/api/matches/${encodeURIComponent(this.match)}/analysis?lang=${encodeURIComponent(this.lang)}`;
  }

  /** @returns {boolean} whether the analysis is on its way */
  busy() {
    return this.analysis.state === "queued" || this.analysis.state === "running";
  }

  /**
   * What the server says of the analysis; asks for one first when `ask` and there is none.
   * @param {boolean} ask whether the page was opened to analyse (the table's "Analyse")
   * @returns {Promise<void>}
   */
  async start(ask) {
    await this.refresh();
    if (ask && (this.analysis.state === "none" || this.analysis.state === "failed")) await this.request();
  }

  /**
   * Ask for the analysis (the "Analyse" button): its progress follows.
   * @returns {Promise<void>}
   */
  async request() {
    this.showStatus(h("p", { role: "status" }, t("Asking for the analysis…")));
    this.title.focus();
    await this.ask("POST");
  }

  /**
   * The analysis's state now: shown, and asked again in a second while it is on its way.
   * @returns {Promise<void>}
   */
  refresh() {
    return this.ask("GET");
  }

  /**
   * @param {"GET" | "POST"} method asked how
   * @returns {Promise<void>}
   */
  async ask(method) {
    this.stopPolling();
    /** @type {Analysis} */
    let answer;
    try {
      const response = await fetch(this.address(), { method });
      answer = await response.json();
      if (!response.ok) {
        this.showError(answer.error || t("The server cannot be reached."));
        return;
      }
    } catch {
      this.showError(t("The server cannot be reached."));
      return;
    }
    this.analysis = answer;
    this.show();
    if (this.busy() && !document.hidden) this.timer = window.setTimeout(() => this.refresh(), POLL_MS);
  }

  /** No more asking until told (the page hidden, or the analysis over). */
  stopPolling() {
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * A refusal (a match in play, a full queue), with the button to try again.
   * @param {string} message the server's words
   */
  showError(message) {
    this.showStatus(h("p", { class: "error", id: "report-error", role: "alert" }, message), this.analyseButton());
  }

  /**
   * @param {...(Node | null)} children what the status says now
   */
  showStatus(...children) {
    fill(this.status, ...children);
  }

  /** @returns {HTMLButtonElement} the button that asks for the analysis */
  analyseButton() {
    return /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", id: "analyse-button", class: "primary", onclick: () => this.request() }, t("Analyse"))
    );
  }

  /** The analysis as it stands: a button, its progress, its failure, or the report. */
  show() {
    const analysis = this.analysis;
    const done = analysis.done || 0;
    const total = analysis.total || 0;
    if (analysis.state === "none") {
      this.showStatus(h("p", {}, t("The expert can value every decision of this match and grade the mistakes.")), this.analyseButton());
    } else if (analysis.state === "failed") {
      this.showStatus(h("p", { class: "error", role: "alert" }, analysis.error || t("The analysis failed.")), this.analyseButton());
    } else if (this.busy()) {
      const words = analysis.state === "queued" && !done ? t("Waiting for the analysis to start…") : t("Analysing: {done} of {total} decisions", { done, total });
      this.showStatus(
        h("p", { id: "report-progress-text", role: "status" }, words),
        h("progress", { id: "report-progress", max: String(Math.max(total, 1)), value: String(done), "aria-labelledby": "report-progress-text" }),
      );
    } else if (analysis.state === "done" && analysis.report) {
      this.showStatus(h("p", { class: "visually-hidden", role: "status" }, t("The report is ready.")));
      this.showReport(analysis.report);
    }
  }

  /**
   * The report: the players' figures, the graded decisions, the chart.
   * @param {ReportData} report the server's report
   */
  showReport(report) {
    this.names = report.names || [];
    this.details = report.detail_names || {};
    this.decisions = new Map(report.decisions.map((decision) => [decision.index, decision]));
    const graded = report.decisions.filter((decision) => decision.grade);
    fill(
      this.body,
      this.playersTable(report.seats),
      h("div", { id: "report-decision", class: "report-decision" }),
      h("h3", { id: "report-graded-title" }, t("Graded moves")),
      graded.length
        ? h("ol", { id: "report-graded", class: "report-graded", "aria-labelledby": "report-graded-title" }, ...graded.map((decision) => h("li", {}, this.decisionButton(decision))))
        : h("p", { id: "report-graded" }, t("No inaccuracy, mistake or blunder.")),
      this.chart(report),
    );
    this.body.dataset.ready = "true";
    const at = this.at;
    this.at = -1;
    if (at >= 0) this.shownAt(at, null);
  }

  /**
   * Each player's accuracy and how many of each grade, a row each.
   * @param {SeatSummary[]} seats the figures per seat
   * @returns {HTMLElement}
   */
  playersTable(seats) {
    const heads = [t("Player"), t("Accuracy"), t("Inaccuracies"), t("Mistakes"), t("Blunders")];
    return h(
      "div",
      scrollBox(t("Accuracy of each player")),
      h(
        "table",
        { id: "report-players", class: "report-players" },
        h("caption", { class: "visually-hidden" }, t("Accuracy of each player")),
        // A grade's column is headed by its mark alone (its word for screen readers and in
        // the legend below): three words across cut the last column off a desktop's report.
        h("thead", {}, h("tr", {}, ...heads.map((head, i) => h("th", { scope: "col" }, i >= 2 ? [h("span", { "aria-hidden": "true", class: "grade-mark", title: head }, Object.values(GRADE_MARKS)[i - 2]), h("span", { class: "visually-hidden" }, head)] : head)))),
        h(
          "tbody",
          {},
          ...seats.map((seat) =>
            h(
              "tr",
              { dataset: { seat: String(seat.seat) } },
              h("th", { scope: "row" }, this.names[seat.seat] || t("Seat {number}", { number: seat.seat + 1 })),
              h("td", { class: "accuracy" }, decimal(seat.accuracy)),
              ...Object.keys(GRADE_MARKS).map((grade) => h("td", { dataset: { grade } }, String(seat.grades[grade] || 0))),
            ),
          ),
        ),
      ),
      h(
        "p",
        { class: "muted report-legend", "aria-hidden": "true" },
        heads
          .slice(2)
          .map((head, i) => `${Object.values(GRADE_MARKS)[i]} ${head}`)
          .join(" · "),
      ),
    );
  }

  /**
   * An action drawn as the table draws a hint's move (cards and tiles named).
   * @param {Decision} decision its decision
   * @param {string} action the action
   * @returns {(string | Node)[]}
   */
  actionFace(decision, action) {
    const valued = decision.values.find((value) => value.action === action);
    // The server's words (the hints' label, in the page's language), the notation if none.
    const named = { [decision.taken]: decision.taken_label, [decision.best]: decision.best_label };
    const face = this.page.hintFace || generic.hintFace;
    return face({}, { action, label: (valued && valued.label) || named[action] || action });
  }

  /**
   * A graded decision as a button that shows its position.
   * @param {Decision} decision the decision
   * @returns {HTMLElement}
   */
  decisionButton(decision) {
    const fields = {
      move: decision.move,
      name: this.names[decision.seat] || "",
      grade: decision.grade_name || decision.grade || "",
      loss: inUnit(decision, decision.loss),
      error: inUnit(decision, decision.error),
    };
    // Near a match's end a decision is valued by the chance of winning, not in points.
    const text =
      decision.unit === CHANCE_UNIT
        ? t("Move {move}, {name}, {grade}: played {taken}, best {best}, −{loss} ± {error} of the chance of winning", fields)
        : t("Move {move}, {name}, {grade}: played {taken}, best {best}, −{loss} ± {error} points", fields);
    return h(
      "button",
      {
        type: "button",
        class: "report-move",
        dataset: { index: String(decision.index), grade: decision.grade || "" },
        onclick: () => this.go(decision.index),
      },
      gradeMark(decision),
      " ",
      ...withParts(text, { taken: this.actionFace(decision, decision.taken), best: this.actionFace(decision, decision.best) }),
    );
  }

  /**
   * The chart (the server's SVG) and its data as a table, for screen readers and anyone.
   * @param {ReportData} report the report
   * @returns {HTMLElement}
   */
  chart(report) {
    const source = `/api/matches/${encodeURIComponent(this.match)}/analysis.svg?lang=${encodeURIComponent(this.lang)}`;
    const chart = report.chart;
    return h(
      "figure",
      { class: "report-chart", id: "report-chart" },
      h("img", { src: source, alt: chart ? `${chart.title}. ${chart.description}` : t("The match's chart: the scores and the points lost at each decision (its data follows as a table).") }),
      h("figcaption", {}, chart ? chart.title : t("Scores and points lost, move by move")),
      chart ? this.chartTable(chart, report.chart_rows || []) : null,
    );
  }

  /**
   * The chart's figures (the server's rows: a move, then each panel's value per series) as
   * a table in a disclosure: a column a series, a row a move.
   * @param {ChartInfo} chart the chart's words and series
   * @param {Record<string, any>[]} rows the server's chart_rows
   * @returns {HTMLElement | null}
   */
  chartTable(chart, rows) {
    if (!rows.length) return null;
    const cell = (/** @type {unknown} */ value) => (typeof value === "number" ? new Intl.NumberFormat(htmlLang(), { maximumFractionDigits: 1 }).format(value) : "—");
    const columns = chart.panels.flatMap((panel) => panel.series.map((series, i) => ({ key: panel.key, i, head: labelled(panel.label, series.name) })));
    return h(
      "details",
      { class: "report-data" },
      h("summary", {}, t("The chart as a table")),
      h(
        "div",
        scrollBox(t("The chart as a table")),
        h(
          "table",
          { id: "report-chart-table" },
          h("caption", { class: "visually-hidden" }, chart.description),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, chart.moves_label), ...columns.map((column) => h("th", { scope: "col" }, column.head)))),
          h(
            "tbody",
            {},
            ...rows.map((row) =>
              h("tr", {}, h("th", { scope: "row" }, String(row.move)), ...columns.map((column) => h("td", {}, cell((row[column.key] || [])[column.i])))),
            ),
          ),
        ),
      ),
    );
  }

  /**
   * The viewer shows the position after move `at`: the decision made there (if any) is
   * shown with every action's value, its button marked as current, and the move just
   * shown marked with its grade.
   * @param {number} at the position shown
   * @param {HTMLElement | null} position the viewer's position section (its move list)
   */
  shownAt(at, position) {
    const moveList = position && position.querySelector("#replay-move");
    const made = this.decisions.get(at - 1);
    if (moveList && made && made.grade) {
      const first = moveList.querySelector("li");
      if (first) first.prepend(gradeMark(made), " ");
    }
    if (at === this.at) return;
    this.at = at;
    for (const button of this.body.querySelectorAll(".report-move")) {
      const mine = Number(/** @type {HTMLElement} */ (button).dataset.index) === at;
      if (mine) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    const panel = this.body.querySelector("#report-decision");
    if (!panel) return;
    const decision = this.decisions.get(at);
    if (!decision) {
      fill(/** @type {HTMLElement} */ (panel));
      return;
    }
    fill(/** @type {HTMLElement} */ (panel), ...this.decisionValues(decision));
  }

  /**
   * A decision's every legal action valued, best first, the one played marked, and the
   * deciding seat's chance of winning when the report has it.
   * @param {Decision} decision the decision
   * @returns {(HTMLElement | null)[]}
   */
  decisionValues(decision) {
    const best = decision.values.length ? decision.values[0].value : 0;
    const name = this.names[decision.seat] || "";
    return [
      h("h3", { id: "report-decision-title" }, decision.grade ? [gradeMark(decision), " "] : null, t("Move {move}: {name} to play", { move: decision.move, name })),
      // The chance is the deciding seat's own estimate, from its view then (issue 37).
      typeof decision.chance === "number"
        ? h(
            "p",
            { id: "report-chance", class: "muted" },
            t("{name}'s chance of winning as they decided: {percent}", {
              name,
              percent: new Intl.NumberFormat(htmlLang(), { style: "percent", maximumFractionDigits: 0 }).format(decision.chance),
            }),
          )
        : null,
      h(
        "div",
        scrollBox(t("Move {move}: {name} to play", { move: decision.move, name })),
        h(
          "table",
          { class: "report-values", id: "report-values", "aria-labelledby": "report-decision-title", dataset: { index: String(decision.index) } },
          h("caption", {}, t("The expert's value of each choice ({unit}), best first", { unit: decision.unit_name || decision.unit })),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Choice")), h("th", { scope: "col" }, t("Value")), h("th", { scope: "col" }, decision.unit === CHANCE_UNIT ? t("Chance lost") : t("Points lost")), h("th", { scope: "col" }, t("Played")))),
          h(
            "tbody",
            {},
            ...decision.values.map((value) => {
              const taken = value.action === decision.taken;
              const details = orderedDetails(value.details || {})
                .filter(([key]) => !SEARCH_FIGURES.includes(key))
                // A count (tiles left, points now) reads as one: 6, not 6.0.
                .map(([key, amount]) => labelled((this.details || {})[key] || key, decimal(amount, Number.isInteger(amount) ? 0 : 1)))
                .join(" · ");
              return h(
                "tr",
                { class: taken ? "taken" : null, dataset: { action: value.action } },
                h("th", { scope: "row" }, ...this.actionFace(decision, value.action), details ? h("div", { class: "muted details" }, details) : null),
                h("td", {}, inUnit(decision, value.value)),
                h("td", {}, inUnit(decision, Math.max(0, best - value.value))),
                h("td", {}, taken ? t("played") : ""),
              );
            }),
          ),
        ),
      ),
    ];
  }
}
