// Draw (dominoes), its page module (the look "web.page" of the game; see generic.js for the
// interface the table page calls): the line drawn by the server, the hand as buttons,
// markers to play on, the round ends.

import { h, scalable, svgFragment } from "../dom.js";
import { t } from "../i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Pip positions in a half (centre 0,0; half size 40), as in pegboard.dominoes.svg.
const D = 11;
const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-D, -D], [D, D]],
  3: [[-D, -D], [0, 0], [D, D]],
  4: [[-D, -D], [D, -D], [-D, D], [D, D]],
  5: [[-D, -D], [D, -D], [0, 0], [-D, D], [D, D]],
  6: [[-D, -D], [-D, 0], [-D, D], [D, -D], [D, 0], [D, D]],
};

function svgEl(tag, attrs) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  return element;
}

// "2-3" -> [2, 3]
export function tileNumbers(tile) {
  return tile.split("-").map(Number);
}

// The accessible name of a tile, as the line's description writes it: [2|3].
export function tileName(tile) {
  const [a, b] = tileNumbers(tile);
  return `[${a}|${b}]`;
}

// A small drawing of a tile (decorative: its button carries the name).
export function tileSvg(tile) {
  const [a, b] = tileNumbers(tile);
  const svg = svgEl("svg", { viewBox: "0 0 80 40", class: "tile-face", "aria-hidden": "true", focusable: "false" });
  svg.append(svgEl("rect", { x: 1, y: 1, width: 78, height: 38, rx: 6, ry: 6 }));
  svg.append(svgEl("line", { x1: 40, y1: 6, x2: 40, y2: 34 }));
  for (const [value, cx] of [[a, 20], [b, 60]]) {
    for (const [dx, dy] of PIPS[value] || []) {
      svg.append(svgEl("circle", { cx: cx + dx * 0.8, cy: 20 + dy * 0.8, r: 3.4 }));
    }
  }
  return svg;
}

// The action that plays `tile` on `end` ("open" is the empty line's only place).
// The notation of drawing a tile (D6, F4), which the Fives family's page sends too.
export const DRAW_ACTION = "draw";

export function playAction(tile, end) {
  return end === "open" ? tile : `${tile}@${end}`;
}

// The words of an action, as the server wrote them in the view's language ("Play [3|4]
// on [4|4] (line B, 4)"); the marker's own title if the action is not listed.
function actionLabel(view, lineBox, action, end) {
  const entry = (view.legal || []).find((item) => item.action === action);
  if (entry) return entry.label;
  const marker = lineBox.querySelector(`[data-end="${CSS.escape(end)}"]`);
  const title = marker && marker.querySelector("title");
  return title ? title.textContent : action;
}

// The server's drawing of a line or layout (its title and description included), its
// markers on the ends the picked tile fits made clickable, the others dimmed.
// The smallest a marker is drawn (px): a tap target of at least 24 px (WCAG 2.5.8), with
// room to spare for its ring.
export const MARKER_PX = 28;

export function markedLine(svg, attributes, fits, ui) {
  const box = h("div", { ...attributes, tabindex: "0", role: "group", "aria-labelledby": "line-title", dataset: { focus: "line" } });
  box.append(svgFragment(svg));
  const drawing = box.querySelector("svg");
  scalable(drawing);
  // A long line on a phone is not shrunk below markers of MARKER_PX: it scrolls sideways.
  const ring = box.querySelector("[data-end] circle");
  const viewWidth = drawing && drawing.viewBox && drawing.viewBox.baseVal ? drawing.viewBox.baseVal.width : 0;
  const radius = ring ? Number(ring.getAttribute("r")) : 0;
  if (viewWidth && radius > 0) {
    const natural = parseFloat(drawing.style.maxWidth) || viewWidth;
    drawing.style.minWidth = `${Math.min(natural, Math.ceil((viewWidth * MARKER_PX) / (2 * radius)))}px`;
  }
  for (const marker of box.querySelectorAll("[data-end]")) {
    const end = marker.getAttribute("data-end");
    if (fits.includes(end)) {
      marker.classList.add("fits");
      marker.addEventListener("click", () => ui.play(playAction(ui.selected, end)));
    } else if (ui.selected) {
      marker.classList.add("dim");
    }
  }
  return box;
}

// After a tile is picked, its fitting ends as buttons too (the keyboard's way in);
// `label(end)` words each one.
export function endChoices(fits, ui, label) {
  if (!fits.length) return null;
  return h(
    "div",
    { class: "ends", role: "group", "aria-labelledby": "ends-label" },
    h("span", { class: "ends-label", id: "ends-label" }, `${tileName(ui.selected)}: ${t("Choose an end of the line.")}`),
    ...fits.map((end) =>
      h(
        "button",
        { type: "button", class: "end", dataset: { end, focus: `end:${end}` }, onclick: () => ui.play(playAction(ui.selected, end)) },
        label(end),
      ),
    ),
    h("button", { type: "button", class: "cancel", dataset: { focus: "cancel" }, onclick: () => ui.select(null) }, t("Close")),
  );
}

// A seat's own tiles as buttons: a playable tile plays at once on its only end, or is
// selected for the end buttons; another says why it cannot be played (\`unfit\`, the rule).
// Draw's and the Fives family's tables both show their hands so.
export function handBox(view, ui, plays, canPlay, unfit, actions) {
  return h(
    "section",
    { class: "hand-box", "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title" }, t("Your tiles")),
    canPlay && !ui.selected && Object.keys(plays).length ? h("p", { class: "prompt" }, t("Choose a tile.")) : null,
    h(
      "ul",
      { class: "hand tiles" },
      ...(view.hand || []).map((tile) => {
        const playable = canPlay && tile in plays;
        return h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: `tile-button${ui.selected === tile ? " selected" : ""}${playable ? " playable" : ""}`,
              dataset: { tile, focus: `tile:${tile}`, ends: String(playable ? plays[tile].length : 0) },
              "aria-label": tileName(tile),
              "aria-pressed": ui.selected === tile ? "true" : "false",
              "aria-disabled": playable ? "false" : "true",
              onclick: () => {
                if (!playable) {
                  ui.notice(canPlay ? `${tileName(tile)}: ${unfit}` : t("Not your turn."));
                  return;
                }
                const ends = plays[tile];
                if (ends.length === 1) ui.play(playAction(tile, ends[0]));
                else ui.select(ui.selected === tile ? null : tile);
              },
            },
            tileSvg(tile),
          ),
        );
      }),
    ),
    actions,
  );
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
  const lineBox = markedLine(view.line_svg, { class: "line", id: "line" }, fits, ui);
  const endButtons = endChoices(fits, ui, (end) => actionLabel(view, lineBox, playAction(ui.selected, end), end));

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
    h("span", { id: "stock-count" }, `${t("Stock")}: ${view.stock}`),
  );

  return h(
    "div",
    { class: "game draw" },
    h("section", { class: "line-box", "aria-labelledby": "line-title" }, h("h2", { id: "line-title", class: "visually-hidden" }, t("Line of play")), lineBox, endButtons, counts),
    hand,
  );
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
            h(
              "td",
              { class: "tiles small" },
              ...(hands[seat] && hands[seat].length
                ? hands[seat].map((tile) => h("span", { class: "tile-chip", role: "img", "aria-label": tileName(tile), dataset: { tile } }, tileSvg(tile)))
                : ["—"]),
            ),
            h("td", { class: "pips" }, pips.length ? String(pips[seat]) : ""),
            h("td", { class: "points" }, String(roundEnd.points[seat])),
          ),
        ),
      ),
    ),
    h("h3", {}, t("Settlement")),
    h("p", { class: "arithmetic", id: "arithmetic" }, roundEnd.arithmetic),
    ...(roundEnd.summary || []).map((line) => h("p", { class: "summary" }, line)),
    roundEnd.next_leader !== null && roundEnd.next_leader !== undefined && !view.is_over
      ? h("p", {}, t("Next leader: {name}", { name: names[roundEnd.next_leader] }))
      : null,
  ];
}

// Finished parts of a match (Draw's rounds, a Fives hand): one row each, its points per
// column (a seat, or a side) and the score after it. Both domino tables show theirs so.
export function partsTable(id, columns, parts, rowLabel) {
  if (!parts.length) return null;
  return h(
    "table",
    { class: "rounds", id },
    h("caption", {}, t("Scores")),
    h("thead", {}, h("tr", {}, h("td", {}), ...columns.map((column) => h("th", { scope: "col" }, column)))),
    h(
      "tbody",
      {},
      ...parts.map((part) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, rowLabel(part)),
          ...part.points.map((points, column) => h("td", {}, `+${points} → ${part.scores_after[column]}`)),
        ),
      ),
    ),
  );
}

// Finished rounds: points per seat and the match scores after each.
export function roundsTable(view, names) {
  return partsTable("rounds", names, view.rounds || [], (round) => t("Round {number}", { number: round.number }));
}

// ---- the page module's interface (generic.js says what each one does) ------------------

export const render = (view, ui) => renderDraw(view, ui);

export const side = (view, names) => roundsTable(view, names);

export const optionsLine = (view) => `${t("Target")}: ${view.target}`;

export function playerExtras(view, seat) {
  const sizes = view.hand_sizes || [];
  return [
    view.leader === seat ? h("span", { class: "badge" }, t("Leader")) : null,
    sizes.length ? h("span", { class: "size" }, `${t("Tiles in hand")}: ${sizes[seat]}`) : null,
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
      h("p", { class: "scores-after" }, `${t("Scores")}: ${names.map((name, seat) => `${name} ${after[seat]}`).join(" · ")}`),
    ],
    close: view.is_over ? t("Close") : t("Next round"),
  };
}

export const FOCUS_NEXT = ".playable[aria-disabled=false], #draw-button:not([disabled]), #pass-button:not([disabled])";
