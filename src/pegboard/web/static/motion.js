// Motion on the table: the page is rebuilt on every state (table.js), so nothing can be
// moved in place. Instead each thing that may travel carries a key (data-motion="card:QC",
// "peg:0:front", "pack"...): before a render the page notes where each key stands, after it
// every key found again somewhere else is played from its old place to its new one (FLIP:
// first, last, invert, play). A thing new to the table may say where it comes from
// (data-motion-from="backs:1", an opponent's hand; "pack", the starter cut from the pack).
// Under prefers-reduced-motion: reduce nothing moves at all.

const DURATION_MS = 320;
const EASING = "cubic-bezier(0.2, 0.7, 0.2, 1)";
// Less than this (px) is no move: a re-render that only re-lays a row by a pixel.
const STILL_PX = 2;

/**
 * Whether the person asked their system for less motion.
 * @returns {boolean}
 */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where each keyed thing under `root` stands now (its box on screen, in px).
 * @param {ParentNode} root
 * @returns {Map<string, DOMRect>}
 */
export function snapshot(root) {
  const places = new Map();
  for (const element of root.querySelectorAll("[data-motion]")) {
    const key = element.getAttribute("data-motion");
    if (key && !places.has(key)) places.set(key, element.getBoundingClientRect());
  }
  return places;
}

/**
 * The factor from screen px to the user units of an SVG element's own drawing (a CSS
 * transform on an SVG shape is in the units of its viewBox).
 * @param {Element} element
 * @returns {number}
 */
function userUnitsPerPx(element) {
  const svg = element instanceof SVGElement ? element.ownerSVGElement : null;
  if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return 1;
  const width = svg.getBoundingClientRect().width;
  return width ? svg.viewBox.baseVal.width / width : 1;
}

/**
 * Plays each keyed thing under `root` from where `before` saw it (or where it came from)
 * to where it is now. Returns how many moved.
 * @param {ParentNode} root
 * @param {Map<string, DOMRect>} before
 * @returns {number}
 */
export function flip(root, before) {
  if (reducedMotion() || !before.size) return 0;
  let moved = 0;
  for (const element of root.querySelectorAll("[data-motion]")) {
    const key = element.getAttribute("data-motion") || "";
    const source = element.getAttribute("data-motion-from");
    const first = before.get(key) || (source ? before.get(source) : undefined);
    if (!first) continue;
    const last = element.getBoundingClientRect();
    const dx = first.left + first.width / 2 - (last.left + last.width / 2);
    const dy = first.top + first.height / 2 - (last.top + last.height / 2);
    const appeared = !before.has(key);
    if (Math.hypot(dx, dy) < STILL_PX && !appeared) continue;
    const scale = userUnitsPerPx(element);
    const from = `translate(${dx * scale}px, ${dy * scale}px)`;
    // A thing that came out of a pile of backs grows to its size on its way. One keyframe:
    // the animation ends where the page's own style puts the thing (a picked card raised).
    const frames = appeared ? [{ transform: `${from} scale(0.6)`, opacity: 0.4 }] : [{ transform: from }];
    element.animate(frames, { duration: DURATION_MS, easing: EASING });
    moved += 1;
  }
  return moved;
}
