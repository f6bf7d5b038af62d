// Draw (dominoes), its page module (the look `page` of the game; see generic.js for the
// interface the table page calls): the line drawn by the server, the hand as buttons,
// markers to play on, the round ends.

import { h } from "../dom.js";
import { labelled, t } from "../i18n.js";
import { endWords } from "./board.js";
import { endChoices, handBox, markedLine, handCell, partsTable, tileChips } from "./dominoes.js";

/**
 * The open ends in words, as the Fives games show theirs: "Open ends: 4 and 6".
 * @param {import("./board.js").Board | null} board
 * @returns {string}
 */
function openEnds(board) {
  if (!board) return t("Open ends: none yet");
  const ends = ["left", "right"].map((arm) => board.ends[arm]).filter(Boolean);
  if (!ends.length) return "";
  return t("Open ends: {ends}", { ends: ends.map((end, i) => endWords(i ? "right" : "left", end.value, false)).join(" · ") });
}

// Renders the Draw part of the table. `ui` holds the page's selection state and the
// callbacks: ui.selected (tile or null), ui.select(tile), ui.play(action), ui.act(action).
export function renderDraw(view, ui) {
  const mine = view.seat !== null && view.seat !== undefined;
  const plays = view.plays || {};
  const canPlay = Boolean(view.your_turn);
  if (ui.selected && !(ui.selected in plays && canPlay)) ui.selected = null;

  // The line: the server's SVG, title and B-format description included.
  const fits = ui.selected ? plays[ui.selected] || [] : [];
  const lineBox = markedLine(view.line_svg, view.line_board || null, { class: "line", id: "line" }, fits, ui);
  const endButtons = endChoices(fits, ui);

  // No tile fits: drawing (D7), else passing (D8), is the only move. Say why, and make
  // that button the obvious one (primary, and the table focuses it: .only-move).
  const stuck = canPlay && !Object.keys(plays).length;
  const only = stuck && view.can_draw ? "draw" : stuck && view.can_pass ? "pass" : null;
  const why = {
    draw: t("No tile of yours fits an open end of the line: draw one (D7)."),
    pass: t("No tile of yours fits an open end, and nobody draws now: pass (D8)."),
  };
  const onlyAttrs = (move) =>
    only === move ? { class: "primary only-move", "aria-describedby": "only-move-why" } : {};
  const actions = h(
    "div",
    { class: "actions" },
    only ? h("p", { class: "prompt only-why", id: "only-move-why" }, why[only]) : null,
    h(
      "button",
      { type: "button", id: "draw-button", dataset: { focus: "draw" }, disabled: !view.can_draw, onclick: () => ui.act("draw"), ...onlyAttrs("draw") },
      t("Draw a tile"),
    ),
    h(
      "button",
      { type: "button", id: "pass-button", dataset: { focus: "pass" }, disabled: !view.can_pass, onclick: () => ui.act("pass"), ...onlyAttrs("pass") },
      t("Pass"),
    ),
    ui.hintButton(),
  );
  const hand = mine ? handBox(view, ui, plays, canPlay, t("No open end of the line shows a number of this tile (D5)."), actions) : null;

  const counts = h(
    "p",
    { class: "counts" },
    h("span", { id: "open-ends" }, openEnds(view.line_board || null)),
    " · ",
    h("span", { id: "stock-count" }, labelled(t("Stock"), view.stock)),
  );

  return h(
    "div",
    { class: "game draw" },
    h("section", { class: "line-box", "aria-labelledby": "line-title" }, h("h2", { id: "line-title", class: "visually-hidden" }, t("Line of play")), lineBox, endButtons, counts),
    hand,
  );
}

/**
 * The settlement in words: who won the round and what they scored (its arithmetic follows
 * in the summary; a bare "48 = 48" under the hands said nothing).
 * @param {{seat: number | null}} view the seat's view
 * @param {{winner?: number | null, points: number[], settlement_words?: string}} roundEnd the round's end (a partnership round's settlement already in words)
 * @param {string[]} names each seat's name
 * @returns {string}
 */
function settlementWords(view, roundEnd, names) {
  if (roundEnd.settlement_words) return roundEnd.settlement_words; // a side's points (D22, D23)
  const winner = roundEnd.winner;
  if (winner === null || winner === undefined) return t("Nobody scores this round.");
  const points = roundEnd.points[winner];
  if (winner === view.seat) return t("You win the round: +{points}.", { points });
  return t("{name} wins the round: +{points}.", { name: names[winner], points });
}

// The end of a round: every hand shown, pip counts, points and the arithmetic (D15-D16).
export function roundEndContent(view, roundEnd, names) {
  const hands = roundEnd.hands || [];
  const pips = roundEnd.pip_counts || [];
  return [
    h(
      "table",
      { class: "revealed", id: "revealed" },
      h("caption", {}, t("Hands revealed")),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("td", {}),
          h("td", {}),
          h("th", { scope: "col" }, t("Pip count")),
          h("th", { scope: "col" }, t("Points")),
        ),
      ),
      h(
        "tbody",
        {},
        ...names.map((name, seat) =>
          h(
            "tr",
            { dataset: { seat: String(seat) } },
            h("th", { scope: "row", class: "who" }, name),
            handCell(hands[seat]),
            h("td", { class: "pips" }, pips.length ? String(pips[seat]) : ""),
            h("td", { class: "points" }, String(roundEnd.points[seat])),
          ),
        ),
      ),
    ),
    h("h3", { id: "settlement" }, settlementWords(view, roundEnd, names)),
    ...(roundEnd.summary || []).map((line) => h("p", { class: "summary" }, line)),
    roundEnd.next_leader !== null && roundEnd.next_leader !== undefined && !view.is_over
      ? h("p", {}, t("Next leader: {name}", { name: names[roundEnd.next_leader] }))
      : null,
  ];
}

// Finished rounds: points per seat and the match scores after each.
export function roundsTable(view, names) {
  return partsTable("rounds", names, view.rounds || [], (round) => t("Round {number}", { number: round.number }));
}

// ---- the page module's interface (generic.js says what each one does) ------------------

// A hint's move with its tiles drawn (dominoes.js).
export { hintFace } from "./dominoes.js";

export const render = (view, ui) => renderDraw(view, ui);

// The sides of partners and their scores (D21, D24), above the finished rounds.
function sidesList(view) {
  const sides = view.sides || [];
  if (!sides.length) return null;
  return h(
    "section",
    { class: "panel sides", "aria-labelledby": "sides-title" },
    h("h2", { id: "sides-title" }, (view.words || {}).sides || ""),
    h(
      "ul",
      { class: "sides-list", id: "sides" },
      ...sides.map((entry, index) =>
        h("li", { class: entry.yours ? "yours" : "", dataset: { side: String(index) } }, labelled(entry.label, entry.score)),
      ),
    ),
  );
}

export const side = (view, names) => {
  const rounds = roundsTable(view, names);
  const sides = sidesList(view);
  return sides ? h("div", {}, sides, rounds) : rounds;
};

// The target, and the double-nine set when the table plays it (D25).
export const optionsLine = (view) => {
  const target = labelled(t("Target"), view.target);
  return view.tile_set === 9 ? `${target} · ${t("Double-nine set")}` : target;
};

/**
 * Badges and counts on a seat's card: the leader, in partnerships the side and "Your
 * partner" on the viewer's partner's card (D21), the tiles in hand.
 * @param {{hand_sizes?: number[], sides?: {seats: number[], label: string, yours: boolean}[], leader?: (number|null), seat: (number|null)}} view
 * @param {number} seat
 * @returns {(HTMLElement|null)[]}
 */
export function playerExtras(view, seat) {
  const sizes = view.hand_sizes || [];
  const sides = view.sides || [];
  const sideOf = sides.findIndex((entry) => entry.seats.includes(seat));
  const partner = sideOf >= 0 && sides[sideOf].yours && seat !== view.seat;
  return [
    view.leader === seat ? h("span", { class: "badge" }, t("Leader")) : null,
    partner ? h("span", { class: "badge partner-badge" }, t("Your partner")) : null,
    sideOf >= 0 ? h("span", { class: "badge side-badge" }, sides[sideOf].label) : null,
    sizes.length ? h("span", { class: "size" }, labelled(t("Tiles in hand"), sizes[seat])) : null,
  ];
}

// The round-end screen stays until the player closes it, even when the next round's
// first move (a bot's, at once) already cleared view.round_end.
export function latchEnd(view, latch) {
  const finished = (view.rounds || []).length;
  if (latch.seen === null) {
    latch.seen = finished;
    if (view.round_end) latch.overlay = { end: view.round_end, number: finished };
    return;
  }
  if (finished > latch.seen) {
    latch.seen = finished;
    const last = view.rounds[finished - 1];
    // A page that missed the settlement's own state (a reconnect) still has the reveal.
    const end = view.round_end || view.last_round || {
      hands: [],
      points: last.points,
      arithmetic: "",
      next_leader: null,
    };
    latch.overlay = { end, number: finished };
  } else if (latch.overlay && view.round_end && latch.overlay.number === finished) {
    latch.overlay.end = view.round_end; // the same round end, maybe in a new language
  }
}

export function dialogContent(view, overlay, names) {
  const { end, number } = overlay;
  const hasHands = end.hands && end.hands.length;
  const after = end.scores_after || view.scores;
  return {
    title: `${t("Round over")} · ${t("Round {number}", { number })}`,
    children: [
      ...(hasHands
        ? roundEndContent(view, end, names)
        : [h("p", {}, end.points.map((p, seat) => `${names[seat]}: +${p}`).join(", "))]),
      h("p", { class: "scores-after" }, labelled(t("Scores"), names.map((name, seat) => labelled(name, after[seat])).join(" · "))),
    ],
    close: view.is_over ? t("Close") : t("Next round"),
  };
}

export const FOCUS_NEXT = ".playable[aria-disabled=false], #draw-button:not([disabled]), #pass-button:not([disabled])";

// Another seat's tiles are drawn face down as the domino games draw them.
export { handBack } from "./dominoes.js";
/**
 * A seat's hand as the table draws tiles (a replay shows every hand).
 * @param {string[] | null | undefined} hand the tiles, as the views write them ("2-3")
 * @returns {HTMLElement}
 */
export const handShown = (hand) => tileChips(hand);
