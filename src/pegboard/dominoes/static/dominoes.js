// What the page modules of the domino games share (Draw's, the Fives family's): a tile drawn
// in SVG and named for a screen reader, the actions on a line's ends, the line with markers
// to play on, the hand as buttons, a table of finished parts. Served beside each domino
// game's page module (its look's assets), which imports it as "./dominoes.js".

import { focusKey, h, restoreFocus, scalable, svgFragment } from "../dom.js";
import { labelled, t } from "../i18n.js";
import { drawBoard, endWords } from "./board.js";

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
  // the double-nine set's (D25): six and a centre; a square of eight; a square of nine
  7: [[-D, -D], [-D, 0], [-D, D], [0, 0], [D, -D], [D, 0], [D, D]],
  8: [[-D, -D], [0, -D], [D, -D], [-D, 0], [D, 0], [-D, D], [0, D], [D, D]],
  9: [[-D, -D], [0, -D], [D, -D], [-D, 0], [0, 0], [D, 0], [-D, D], [0, D], [D, D]],
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

// The smallest a marker is drawn (px): a tap target of at least 24 px (WCAG 2.5.8), with
// room to spare for its ring. (An end to play on is a 44 px button over its marker.)
export const MARKER_PX = 28;

// The width each board was last drawn at (by its id), to draw the next one at once.
const widths = new Map();
// How many tiles each board showed last, to slide in the one just played.
const shown = new Map();
// Where the tile the player just played left from (a point on the screen), if known.
let launch = null;

/**
 * The width a board in `stage` is drawn for: its own, once on the page.
 * @param {HTMLElement} stage
 * @param {string} key
 * @returns {number}
 */
function stageWidth(stage, key) {
  if (stage.isConnected && stage.clientWidth) return stage.clientWidth;
  return widths.get(key) || Math.min(document.documentElement.clientWidth - 48, 720);
}

/**
 * Whether the player asked for no motion.
 * @returns {boolean}
 */
function stillness() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Slides the tile just played (the one of order `order`) to its place: from the hand when
 * the player moved it there, else in along its arm. Nothing moves under reduced motion.
 * @param {SVGSVGElement} drawing
 * @param {import("./board.js").Laid} laid
 * @param {number} order
 * @returns {void}
 */
function slideIn(drawing, laid, order) {
  if (stillness() || !drawing.isConnected) return;
  const placed = laid.tiles.find((item) => item.tile.order === order);
  const slide = drawing.querySelector(`.slide[data-order="${order}"]`);
  if (!placed || !slide || typeof slide.animate !== "function") return;
  const rect = drawing.getBoundingClientRect();
  const scale = rect.width / laid.width || 1;
  let dx = -(placed.dx || 0) * 3 * 40;
  let dy = -(placed.dy || 0) * 3 * 40;
  if (launch && launch.tile === placed.tile.tile) {
    dx = (launch.x - rect.left) / scale + laid.x - placed.x;
    dy = (launch.y - rect.top) / scale + laid.y - placed.y;
  } else if (!dx && !dy) {
    dy = 120; // the opening tile comes up from the hands
  }
  launch = null;
  slide.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)`, opacity: 0.4 },
      { transform: "translate(0px, 0px)", opacity: 1 },
    ],
    { duration: 380, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
  );
}

/**
 * The ends `fits` as buttons over their markers on the board (44 px, glowing), each named
 * in words; clicked, tapped or pressed, the picked tile is played there (B4).
 * @param {HTMLElement} overlay
 * @param {import("./board.js").Laid} laid
 * @param {string[]} fits
 * @param {any} ui
 * @param {boolean} spinner
 * @returns {void}
 */
function endButtons(overlay, laid, fits, ui, spinner) {
  const keep = focusKey();
  overlay.replaceChildren(
    ...laid.markers
      .filter((marker) => fits.includes(marker.end))
      .map((marker) =>
        h(
          "button",
          {
            type: "button",
            class: "end marker fits",
            style: `left: ${((marker.x - laid.x) / laid.width) * 100}%; top: ${((marker.y - laid.y) / laid.height) * 100}%`,
            dataset: { end: marker.end, arm: marker.arm, focus: `end:${marker.end}` },
            onclick: () => ui.play(playAction(ui.selected, marker.end)),
          },
          h("span", { class: "visually-hidden" }, endWords(marker.arm, marker.value, spinner)),
        ),
      ),
  );
  if (keep && keep.startsWith("end:")) restoreFocus(keep, overlay);
}

/**
 * The line or layout on its board: the server's drawing (its title and description, B1-B5)
 * with the tiles laid out to fit the box (board.js), a marker on each open end, and the
 * ends the picked tile fits as glowing buttons over their markers.
 * @param {string} svg the server's drawing
 * @param {import("./board.js").Board | null} board the line's arms (null: empty)
 * @param {Record<string, string>} attributes
 * @param {string[]} fits
 * @param {any} ui
 * @returns {HTMLElement}
 */
export function markedLine(svg, board, attributes, fits, ui) {
  const box = h("div", { ...attributes, tabindex: "0", role: "group", "aria-labelledby": "line-title", dataset: { focus: "line" } });
  const stage = h("div", { class: "stage" });
  stage.append(svgFragment(svg));
  box.append(stage);
  const drawing = /** @type {SVGSVGElement | null} */ (box.querySelector("svg"));
  const key = attributes.id || "line";
  if (!drawing || !board) {
    // An empty line: the server's slot, where any tile opens it.
    scalable(drawing);
    for (const slot of box.querySelectorAll('[data-end="open"]')) {
      if (!fits.includes("open")) continue;
      slot.classList.add("fits");
      slot.addEventListener("click", () => ui.play(playAction(ui.selected, "open")));
    }
    shown.set(key, 0);
    return box;
  }
  drawing.removeAttribute("width");
  drawing.removeAttribute("height");
  const overlay = h("div", { class: "ends", role: "group", "aria-labelledby": "ends-label" });
  stage.append(overlay);
  const spinner = Boolean(board.centre.spinner);
  let used = 0;
  /** @type {import("./board.js").Laid} */
  let laid;
  /** @param {number} width */
  const draw = (width) => {
    used = width;
    laid = drawBoard(drawing, board, width, Math.max(240, window.innerHeight * 0.5));
    for (const marker of drawing.querySelectorAll(".marker")) {
      if (fits.includes(marker.getAttribute("data-end"))) marker.classList.add("glow");
      else if (ui.selected) marker.classList.add("dim");
    }
    endButtons(overlay, laid, fits, ui, spinner);
  };
  draw(stageWidth(stage, key));
  const count = laid.tiles.length;
  const before = shown.get(key);
  shown.set(key, count);
  if (before !== undefined && count === before + 1) {
    const order = Math.max(...laid.tiles.map((item) => item.tile.order));
    requestAnimationFrame(() => slideIn(drawing, laid, order));
  }
  // Drawn again when the box's width changes (a turned phone, a narrower window).
  const observer = new ResizeObserver(() => {
    if (!stage.isConnected) {
      observer.disconnect();
      return;
    }
    const width = stage.clientWidth;
    if (!width) return;
    widths.set(key, width);
    if (Math.abs(width - used) > 1) draw(width);
  });
  observer.observe(stage);
  return box;
}

/**
 * Under the board once a tile is picked: what to do, and the way out (the ends
 * themselves are buttons on the board).
 * @param {string[]} fits
 * @param {any} ui
 * @returns {HTMLElement | null}
 */
export function endChoices(fits, ui) {
  if (!fits.length) return null;
  return h(
    "div",
    { class: "ends-bar" },
    h("span", { class: "ends-label", id: "ends-label" }, labelled(tileName(ui.selected), t("Choose a glowing end of the line."))),
    h("button", { type: "button", class: "cancel", dataset: { focus: "cancel" }, onclick: () => ui.select(null) }, t("Close")),
  );
}

/**
 * A playable tile dragged from the hand (pointer events: mouse, pen or finger): its ends
 * glow, and dropped on one of them it is played there, as a click on that end would; a
 * tile with one end is played dropped anywhere on the board.
 * @param {PointerEvent} event
 * @param {string} tile
 * @param {string[]} ends
 * @param {any} ui
 * @returns {void}
 */
function dragTile(event, tile, ends, ui) {
  if (event.button !== 0 || !event.isPrimary) return;
  const from = { x: event.clientX, y: event.clientY };
  /** @type {HTMLElement | null} */
  let ghost = null;
  const under = (e) => {
    const target = document.elementFromPoint(e.clientX, e.clientY);
    const end = target && target.closest(".line [data-end]");
    return { end: end ? end.getAttribute("data-end") : null, board: Boolean(target && target.closest(".line")) };
  };
  const move = (e) => {
    if (!ghost) {
      if (Math.hypot(e.clientX - from.x, e.clientY - from.y) < 8) return;
      ghost = h("div", { class: "tile-ghost", "aria-hidden": "true" }, tileSvg(tile));
      document.body.append(ghost);
      ui.select(tile); // its ends glow
    }
    ghost.style.left = `${e.clientX}px`;
    ghost.style.top = `${e.clientY}px`;
    const { end } = under(e);
    for (const button of document.querySelectorAll(".line .ends button.end")) {
      button.classList.toggle("over", button.getAttribute("data-end") === end);
    }
  };
  const stop = (e) => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", stop);
    window.removeEventListener("pointercancel", stop);
    if (!ghost) return;
    ghost.remove();
    // The click that ends a drag is not a click on the tile.
    const swallow = (click) => click.stopPropagation();
    window.addEventListener("click", swallow, true);
    setTimeout(() => window.removeEventListener("click", swallow, true), 0);
    if (e.type !== "pointerup") return;
    const { end, board } = under(e);
    const chosen = end && ends.includes(end) ? end : board && ends.length === 1 ? ends[0] : null;
    if (chosen) {
      launch = { tile, x: e.clientX, y: e.clientY };
      ui.play(playAction(tile, chosen));
    }
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", stop);
  window.addEventListener("pointercancel", stop);
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
              onpointerdown: playable ? (event) => dragTile(event, tile, plays[tile], ui) : null,
              onclick: (event) => {
                if (!playable) {
                  ui.notice(canPlay ? labelled(tileName(tile), unfit) : t("Not your turn."));
                  return;
                }
                const ends = plays[tile];
                const rect = event.currentTarget.getBoundingClientRect();
                launch = { tile, x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
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

// A tile as the server writes it in text ("[3|4]").
const TILE_TEXT = /\[(\d+)\|(\d+)\]/g;

/**
 * A hint's move with its tiles drawn as the table draws them, each named for screen
 * readers ("Play [3|4] on [4|4] (line B, 4)" with both tiles drawn).
 * @param {object} view the seat's view
 * @param {{action: string, label?: string}} hint the hint
 * @returns {(string | Node)[]}
 */
export function hintFace(view, hint) {
  const text = hint.label || hint.action;
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(TILE_TEXT)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const tile = `${match[1]}-${match[2]}`;
    parts.push(h("span", { class: "tile-chip", role: "img", "aria-label": tileName(tile), dataset: { tile } }, tileSvg(tile)));
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A tile of another seat's hand, face down (the table draws one for each tile it holds):
 * a blank back, never its pips.
 * @returns {HTMLElement}
 */
export function handBack() {
  return h("span", { class: "back tile-back" });
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
