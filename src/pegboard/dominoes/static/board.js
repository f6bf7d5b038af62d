// The line laid out as players lay it on a table (issue 35, defect 2): the server sends
// the line as arms going out from a centre tile (pegboard.dominoes.board: the opening
// tile, or the spinner), and this module places them to fit the width of the box it is
// drawn in. The line's two arms run left and right from the centre and turn at the box's
// edge into the next row (the right arm downwards, the left arm upwards), so every open
// end stays inside the box at any width; doubles lie crosswise; a spinner's arms C and D
// run straight up and down from it, the line's arms then keeping to their own half.
// Tiles scale down (not below MIN_SCALE) when the rows would be taller than the screen
// allows. The server's SVG lends its title, description (B1-B5) and style.

import { t } from "../i18n.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** @typedef {{tile: string, near: number, far: number, order: number, spinner?: boolean}} BoardTile */
/** @typedef {{end: string, value: number}} BoardEnd */
/** @typedef {{centre: BoardTile, arms: Record<string, BoardTile[]>, ends: Record<string, BoardEnd | null>}} Board */
/** @typedef {{tile: BoardTile, x: number, y: number, turned: boolean, first: number, second: number, arm: string, dx: number, dy: number}} PlacedTile */
/** @typedef {{arm: string, end: string, value: number, x: number, y: number}} PlacedMarker */
/** @typedef {{tiles: PlacedTile[], markers: PlacedMarker[], turns: string[], x: number, y: number, width: number, height: number}} Laid */

// Geometry in SVG units, as the server's drawing (pegboard.dominoes.svg): a tile is two
// squares of UNIT; a crosswise double is one unit along its arm and two across.
const UNIT = 40;
const GAP = 4;
const ROW = 2 * UNIT + 20; // from one row's centre to the next
const MARKER_R = 14;
const MARKER_GAP = 6;
const REACH = MARKER_GAP + 2 * MARKER_R + 2; // a marker's room past an arm's last tile
const MARGIN = 8;
const MIN_WIDTH = 6 * UNIT + 2 * GAP + 2 * REACH; // the centre and a tile on each side
const MIN_SCALE = 0.55; // a tile 44 px long, its pips still counted at a glance

const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-11, -11], [11, 11]],
  3: [[-11, -11], [0, 0], [11, 11]],
  4: [[-11, -11], [11, -11], [-11, 11], [11, 11]],
  5: [[-11, -11], [11, -11], [0, 0], [-11, 11], [11, 11]],
  6: [[-11, -11], [-11, 0], [-11, 11], [11, -11], [11, 0], [11, 11]],
  // the double-nine set's (D25): six and a centre; a square of eight; a square of nine
  7: [[-11, -11], [-11, 0], [-11, 11], [0, 0], [11, -11], [11, 0], [11, 11]],
  8: [[-11, -11], [0, -11], [11, -11], [-11, 0], [11, 0], [-11, 11], [0, 11], [11, 11]],
  9: [[-11, -11], [0, -11], [11, -11], [-11, 0], [0, 0], [11, 0], [-11, 11], [0, 11], [11, 11]],
};

/**
 * An SVG element with its attributes.
 * @param {string} tag
 * @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function svgEl(tag, attrs) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  return element;
}

/**
 * Whether a tile ("3-3") is a double.
 * @param {string} tile
 * @returns {boolean}
 */
function isDouble(tile) {
  const [a, b] = tile.split("-");
  return a === b;
}

/**
 * The arms placed in rows of `width` units (centred on x = 0): every tile's centre and
 * turn, every open end's marker, the connectors where an arm turns, and the box drawn.
 * @param {Board} board
 * @param {number} width
 * @returns {Laid}
 */
export function layOut(board, width) {
  const half = width / 2;
  const spinner = Boolean(board.centre.spinner);
  const centreLength = isDouble(board.centre.tile) ? UNIT : 2 * UNIT;
  /** @type {PlacedTile[]} */
  const tiles = [
    {
      tile: board.centre,
      x: 0,
      y: 0,
      turned: isDouble(board.centre.tile),
      first: board.centre.near,
      second: board.centre.far,
      arm: "centre",
      dx: 0,
      dy: 0,
    },
  ];
  /** @type {PlacedMarker[]} */
  const markers = [];
  /** @type {string[]} */
  const turns = [];
  // The line's arms: left runs leftwards and turns up, right runs rightwards and turns
  // down. With a spinner each keeps to its side of the spinner's column.
  for (const [arm, sense] of /** @type {[string, number][]} */ ([["left", -1], ["right", 1]])) {
    // Worked out along the arm (u = sense * x), so that both arms start running to +u.
    const outer = half - REACH;
    const inner = spinner ? UNIT + REACH : -outer;
    let direction = 1;
    let row = 0;
    let cursor = centreLength / 2; // the far edge of the last tile placed
    let fresh = false; // a row with no tile yet takes one, fitting or not
    for (const item of board.arms[arm] || []) {
      const length = isDouble(item.tile) ? UNIT : 2 * UNIT;
      const next = cursor + direction * (GAP + length);
      if (!fresh && (direction > 0 ? next > outer : next < inner)) {
        // Turn into the next row, back the other way, joined by a curve outside the row.
        const y = row * ROW;
        row += sense;
        const bulge = sense * (cursor + direction * (REACH - 6));
        turns.push(`M ${sense * cursor} ${y} C ${bulge} ${y} ${bulge} ${row * ROW} ${sense * cursor} ${row * ROW}`);
        direction = -direction;
        cursor -= direction * GAP; // the new row starts under the turn
        fresh = true;
      }
      const start = cursor + direction * GAP;
      const dx = sense * direction;
      tiles.push({
        tile: item,
        x: sense * (start + (direction * length) / 2),
        y: row * ROW,
        turned: isDouble(item.tile),
        first: dx > 0 ? item.near : item.far,
        second: dx > 0 ? item.far : item.near,
        arm,
        dx,
        dy: 0,
      });
      cursor = start + direction * length;
      fresh = false;
    }
    const end = board.ends[arm];
    const x = sense * (cursor + direction * (MARKER_GAP + MARKER_R));
    if (end) markers.push({ arm, end: end.end, value: end.value, x, y: row * ROW });
  }
  // A spinner's arms, straight up and down from its ends C and D.
  for (const [arm, direction] of /** @type {[string, number][]} */ ([["up", -1], ["down", 1]])) {
    let cursor = direction * UNIT; // a crosswise spinner reaches one unit each way
    for (const item of board.arms[arm] || []) {
      const double = isDouble(item.tile);
      const length = double ? UNIT : 2 * UNIT;
      const start = cursor + direction * GAP;
      tiles.push({
        tile: item,
        x: 0,
        y: start + (direction * length) / 2,
        turned: !double, // a non-double stands along the arm; a double lies across it
        first: direction > 0 ? item.near : item.far,
        second: direction > 0 ? item.far : item.near,
        arm,
        dx: 0,
        dy: direction,
      });
      cursor = start + direction * length;
    }
    const end = board.ends[arm];
    if (end) markers.push({ arm, end: end.end, value: end.value, x: 0, y: cursor + direction * (MARKER_GAP + MARKER_R) });
  }
  let top = -UNIT;
  let bottom = UNIT;
  for (const placed of tiles) {
    const reach = placed.turned ? UNIT : UNIT / 2; // a tile is 2 x 1 units, maybe turned
    top = Math.min(top, placed.y - reach);
    bottom = Math.max(bottom, placed.y + reach);
  }
  for (const marker of markers) {
    top = Math.min(top, marker.y - MARKER_R);
    bottom = Math.max(bottom, marker.y + MARKER_R);
  }
  return { tiles, markers, turns, x: -half, y: top - MARGIN, width, height: bottom - top + 2 * MARGIN };
}

/**
 * The layout at the largest scale (at most 1 SVG unit per pixel) whose height fits
 * `maxHeight` pixels in a box `boxWidth` pixels wide, or at MIN_SCALE.
 * @param {Board} board
 * @param {number} boxWidth
 * @param {number} maxHeight
 * @returns {Laid}
 */
export function fit(board, boxWidth, maxHeight) {
  let laid = layOut(board, Math.max(MIN_WIDTH, boxWidth));
  for (let scale = 1; scale >= MIN_SCALE; scale -= 0.05) {
    laid = layOut(board, Math.max(MIN_WIDTH, boxWidth / scale));
    if ((laid.height * boxWidth) / laid.width <= maxHeight) break;
  }
  return laid;
}

/**
 * One tile at its place: the halves `first` (left, or top when turned) and `second`.
 * @param {PlacedTile} placed
 * @returns {SVGElement}
 */
function tileElement(placed) {
  const { tile } = placed;
  const classes = ["tile"];
  if (isDouble(tile.tile)) classes.push("double");
  if (tile.order === 0) classes.push("opening");
  if (tile.spinner) classes.push("spinner");
  const group = svgEl("g", {
    class: classes.join(" "),
    "data-tile": tile.tile,
    "data-order": tile.order,
    transform: `translate(${placed.x} ${placed.y})${placed.turned ? " rotate(90)" : ""}`,
  });
  const title = svgEl("title", {});
  title.textContent = `[${tile.tile.replace("-", "|")}]`; // as dominoes.js names a tile
  group.append(title, svgEl("rect", { x: -UNIT, y: -UNIT / 2, width: 2 * UNIT, height: UNIT, rx: 6, ry: 6 }));
  group.append(svgEl("line", { x1: 0, y1: -UNIT / 2 + 5, x2: 0, y2: UNIT / 2 - 5 }));
  const pips = svgEl("g", { class: "pips" });
  for (const [value, cx] of [[placed.first, -UNIT / 2], [placed.second, UNIT / 2]]) {
    for (const [dx, dy] of PIPS[value] || []) pips.append(svgEl("circle", { cx: cx + dx, cy: dy, r: 4 }));
  }
  group.append(pips);
  // The slide of a tile just played moves this wrapper, never the tile's own transform.
  const slide = svgEl("g", { class: "slide", "data-order": tile.order, "data-arm": placed.arm });
  slide.append(group);
  return slide;
}

/**
 * A ring with the number an open end takes; `data-end` names the end (B4).
 * @param {PlacedMarker} marker
 * @param {string} label
 * @returns {SVGElement}
 */
function markerElement(marker, label) {
  const group = svgEl("g", { class: "marker", "data-end": marker.end, "data-value": marker.value, "data-arm": marker.arm });
  const title = svgEl("title", {});
  title.textContent = label;
  const text = svgEl("text", { x: marker.x, y: marker.y, "text-anchor": "middle", "dominant-baseline": "central" });
  text.textContent = String(marker.value);
  group.append(title, svgEl("circle", { cx: marker.x, cy: marker.y, r: MARKER_R }), text);
  return group;
}

/**
 * An open end in words, as a player says it: "The 4 on the left", "The 5 on the
 * spinner's top arm".
 * @param {string} arm
 * @param {number} value
 * @param {boolean} spinner
 * @returns {string}
 */
export function endWords(arm, value, spinner) {
  const words = spinner
    ? {
        left: t("The {value} on the spinner's left arm", { value }),
        right: t("The {value} on the spinner's right arm", { value }),
        up: t("The {value} on the spinner's top arm", { value }),
        down: t("The {value} on the spinner's bottom arm", { value }),
      }
    : { left: t("The {value} on the left", { value }), right: t("The {value} on the right", { value }) };
  return words[arm] || String(value);
}

/**
 * Draws `board` into `svg` (its title, description and style kept) for a box
 * `boxWidth` pixels wide; returns the layout drawn, in SVG units.
 * @param {SVGSVGElement} svg
 * @param {Board} board
 * @param {number} boxWidth
 * @param {number} maxHeight
 * @returns {Laid}
 */
export function drawBoard(svg, board, boxWidth, maxHeight) {
  const laid = fit(board, boxWidth, maxHeight);
  for (const child of [...svg.children]) {
    if (!["title", "desc", "style"].includes(child.localName)) child.remove();
  }
  svg.setAttribute("viewBox", `${laid.x} ${laid.y} ${laid.width} ${laid.height}`);
  svg.style.maxWidth = "none";
  svg.style.maxHeight = "none";
  svg.style.aspectRatio = `${laid.width} / ${laid.height}`;
  for (const path of laid.turns) svg.append(svgEl("path", { class: "turn", d: path }));
  for (const placed of laid.tiles) svg.append(tileElement(placed));
  const spinner = Boolean(board.centre.spinner);
  for (const marker of laid.markers) svg.append(markerElement(marker, endWords(marker.arm, marker.value, spinner)));
  return laid;
}

/**
 * An empty line: the dashed slot where the opening tile will go.
 * @param {SVGSVGElement} svg
 * @param {boolean} open whether the slot is a place to play (`data-end="open"`)
 * @returns {void}
 */
export function drawSlot(svg, open) {
  for (const child of [...svg.children]) {
    if (!["title", "desc", "style"].includes(child.localName)) child.remove();
  }
  svg.setAttribute("viewBox", `${-UNIT - 2 * MARGIN} ${-UNIT / 2 - 2 * MARGIN} ${2 * UNIT + 4 * MARGIN} ${UNIT + 4 * MARGIN}`);
  svg.style.maxWidth = `${2 * UNIT + 4 * MARGIN}px`;
  svg.style.aspectRatio = "";
  const attrs = { class: "slot", x: -UNIT, y: -UNIT / 2, width: 2 * UNIT, height: UNIT, rx: 6, ry: 6 };
  svg.append(svgEl("rect", open ? { ...attrs, "data-end": "open" } : attrs));
}
