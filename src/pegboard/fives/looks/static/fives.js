// The Fives family (All Fives, with its spinner, and Fives and Threes), their page module
// (the look `page` of both games; see generic.js for the interface the table page
// calls): the layout drawn by the server with a marker on every open end, the hand as
// buttons (pick a tile, then an end; a tile that fits one end plays at once), Draw and
// Knock/Pass exactly when the rules allow them, the sides (partners pegging one score),
// the points of the last play with their arithmetic, and the end of each hand.
//
// The words of these games that the page's catalog has not got (the boneyard, knock, the
// sides) come in the view, already in the page's language (view.words).

import { h } from "../dom.js";
import { labelled, pgettext, t } from "../i18n.js";
import { DRAW_ACTION, endChoices, handBox, markedLine, handCell, partsTable, tileChips } from "./dominoes.js";

// The page's own style for these games, once (the table page has the common one).
function ensureStyle() {
  if (document.querySelector('link[data-style="fives"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/games/fives.css", dataset: { style: "fives" } }));
}

function words(view) {
  return view.words || {};
}

// The sides: each seat alone, or two partners pegging one score (F1).
function sidesList(view) {
  const sides = view.sides || [];
  return h(
    "section",
    { class: "panel sides", "aria-labelledby": "sides-title" },
    h("h2", { id: "sides-title" }, words(view).sides || ""),
    h(
      "ul",
      { class: "sides-list", id: "sides" },
      ...sides.map((side, index) =>
        h(
          "li",
          {
            class: `side${side.yours ? " yours" : ""}${side.to_play ? " current" : ""}`,
            dataset: { side: String(index), seats: side.seats.join(" ") },
          },
          h("span", { class: `side-swatch swatch-${index % 4}`, "aria-hidden": "true" }),
          h("span", { class: "side-name" }, side.label),
          h("span", { class: "side-score", dataset: { score: String(side.score) } }, side.score_text),
        ),
      ),
    ),
  );
}

// The last play's points and how they came (the narration's arithmetic).
function lastPlay(view) {
  const last = view.last_play;
  if (!last) return null;
  return h(
    "p",
    { class: `last-play${last.points ? " scored" : ""}`, id: "last-play", dataset: { points: String(last.points) } },
    last.text,
  );
}

export function renderFives(view, ui) {
  ensureStyle();
  const mine = view.seat !== null && view.seat !== undefined;
  const plays = view.plays || {};
  const canPlay = Boolean(view.your_turn);
  const said = words(view);
  if (ui.selected && !(ui.selected in plays && canPlay)) ui.selected = null;

  // The layout: the server's SVG, its title and description included.
  const fits = ui.selected ? plays[ui.selected] || [] : [];
  const layoutBox = markedLine(view.layout_svg, view.layout_board || null, { class: "line layout", id: "layout" }, fits, ui);
  const endButtons = endChoices(fits, ui);

  const buttons = [];
  if (view.can_draw) {
    buttons.push(h("button", { type: "button", id: "draw-button", dataset: { focus: DRAW_ACTION }, onclick: () => ui.act(DRAW_ACTION) }, t("Draw a tile")));
  }
  if (view.can_pass) {
    buttons.push(h("button", { type: "button", id: "pass-button", dataset: { focus: "pass" }, onclick: () => ui.act("pass") }, said.pass || t("Pass")));
  }

  const actions = h("div", { class: "actions" }, ...buttons, ui.hintButton());
  const hand = mine ? handBox(view, ui, plays, canPlay, said.unfit || "", actions) : null;

  const counts = h(
    "p",
    { class: "counts" },
    h("span", { id: "ends-total" }, said.ends || ""),
    " · ",
    h("span", { id: "boneyard-count", dataset: { count: String(view.boneyard) } }, said.boneyard || ""),
  );

  return h(
    "div",
    { class: "game fives" },
    sidesList(view),
    h(
      "section",
      { class: "line-box", "aria-labelledby": "layout-title" },
      h("h2", { id: "layout-title", class: "visually-hidden" }, said.layout || t("Line of play")),
      layoutBox,
      endButtons,
      counts,
      lastPlay(view),
    ),
    hand,
  );
}

// The end of a hand: every hand shown, its pips, and the settlement as arithmetic with the
// rounding shown (F8).
export function handEndContent(view, end, names) {
  const hands = end.hands || [];
  const pips = end.pips || [];
  const said = words(view);
  return [
    h(
      "table",
      { class: "revealed", id: "revealed" },
      h("caption", {}, t("Hands revealed")),
      h("thead", {}, h("tr", {}, h("td", {}), h("td", {}), h("th", { scope: "col" }, t("Pip count")))),
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
          ),
        ),
      ),
    ),
    h("h3", {}, t("Settlement")),
    ...(end.summary || []).map((line, index) => h("p", { class: "summary", id: index === 0 ? "hand-end-how" : null }, line)),
    h("ul", { class: "arithmetic", id: "arithmetic" }, ...(end.arithmetic || []).map((line) => h("li", {}, line))),
    end.next_leader !== null && end.next_leader !== undefined && !view.is_over
      ? h("p", {}, t("Next leader: {name}", { name: names[end.next_leader] }))
      : null,
    end.scores_text ? h("p", { class: "scores-after" }, labelled(said.scores || t("Scores"), end.scores_text)) : null,
  ];
}

// Finished hands: the points of each side and the score after each.
export function handsTable(view) {
  const labels = (view.sides || []).map((side) => side.label);
  return partsTable("hands", labels, view.hands_played || [], (hand) => pgettext("the Fives family", "Hand {number}", { number: hand.number }));
}

// ---- the page module's interface (generic.js says what each one does) ------------------

// A hint's move with its tiles drawn (dominoes.js).
export { hintFace } from "./dominoes.js";

export const render = (view, ui) => renderFives(view, ui);

export const side = (view) => handsTable(view);

export const optionsLine = (view) => words(view).options || "";

/**
 * Badges and counts on a seat's card: the leader, the side of partners (and "Your partner"
 * on the viewer's partner's card, so that a partner is told from an opponent at a glance),
 * the tiles in hand.
 * @param {{hand_sizes?: number[], sides?: {seats: number[], label: string, yours: boolean}[], leader?: (number|null), seat: (number|null)}} view
 * @param {number} seat
 * @returns {(HTMLElement|null)[]}
 */
export function playerExtras(view, seat) {
  const sizes = view.hand_sizes || [];
  const sideOf = (view.sides || []).findIndex((entry) => entry.seats.includes(seat));
  const partner = sideOf >= 0 && view.sides[sideOf].yours && view.sides[sideOf].seats.length > 1 && seat !== view.seat;
  return [
    view.leader === seat ? h("span", { class: "badge" }, t("Leader")) : null,
    partner ? h("span", { class: "badge partner-badge" }, t("Your partner")) : null,
    sideOf >= 0 && (view.sides[sideOf].seats.length > 1) ? h("span", { class: "badge side-badge" }, view.sides[sideOf].label) : null,
    sizes.length ? h("span", { class: "size" }, labelled(t("Tiles in hand"), sizes[seat])) : null,
  ];
}

export const finalLine = (view, name, seat) => labelled(name, view.scores[seat]);

// The end of a hand stays on screen until the player closes it, even when the next hand's
// first move (a bot's, at once) already cleared view.hand_end.
export function latchEnd(view, latch) {
  const finished = (view.hands_played || []).length;
  if (latch.seen === null) {
    latch.seen = finished;
    if (view.hand_end) latch.overlay = { end: view.hand_end, number: finished };
    return;
  }
  if (finished > latch.seen) {
    latch.seen = finished;
    const end = view.hand_end || view.last_hand;
    if (end) latch.overlay = { end, number: finished };
  } else if (latch.overlay && view.hand_end && latch.overlay.number === finished) {
    latch.overlay.end = view.hand_end; // the same hand's end, maybe in a new language
  }
}

export function dialogContent(view, overlay, names) {
  const { end } = overlay;
  return {
    title: end.title || pgettext("the Fives family", "Hand {number}", { number: end.number }),
    children: handEndContent(view, end, names),
    close: view.is_over ? t("Close") : words(view).next || t("Next round"),
  };
}

export const FOCUS_NEXT = ".playable[aria-disabled=false], #draw-button, #pass-button";

// Another seat's tiles are drawn face down as the domino games draw them.
export { handBack } from "./dominoes.js";
/**
 * A seat's hand as the table draws tiles (a replay shows every hand).
 * @param {string[] | null | undefined} hand the tiles, as the views write them ("2-3")
 * @returns {HTMLElement}
 */
export const handShown = (hand) => tileChips(hand);
