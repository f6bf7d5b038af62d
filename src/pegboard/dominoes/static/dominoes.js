// What the page modules of the domino games share (Draw's, the Fives family's): a tile drawn
// in SVG and named for a screen reader, the actions on a line's ends, the line with markers
// to play on, the hand as buttons, a table of finished parts. Served beside each domino
// game's page module (its look's assets), which imports it as "./dominoes.js".

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

// A hand shown at the end of a round or hand, in a table's cell: its tiles drawn small,
// each named for a screen reader; a dash for an empty hand.
export function handCell(tiles) {
  return h(
    "td",
    { class: "tiles small" },
    ...(tiles && tiles.length
      ? tiles.map((tile) => h("span", { class: "tile-chip", role: "img", "aria-label": tileName(tile), dataset: { tile } }, tileSvg(tile)))
      : ["—"]),
  );
}

/**
 * A hand drawn small in a line of text (a replay's hands): each tile named for a screen
 * reader, a dash for an empty hand.
 * @param {string[] | null | undefined} tiles the tiles, as the views write them ("2-3")
 * @returns {HTMLElement}
 */
export function tileChips(tiles) {
  return h(
    "span",
    { class: "tiles small" },
    ...(tiles && tiles.length
      ? tiles.map((tile) => h("span", { class: "tile-chip", role: "img", "aria-label": tileName(tile), dataset: { tile } }, tileSvg(tile)))
      : ["—"]),
  );
}
