// Dragging a card or tile to where it goes (cribbage: the crib, the pile), with pointer
// events so that a mouse, a pen and a finger all drag alike. A press that does not travel
// stays a click (tap): the element's own click handler plays then, so a drag and a click
// end in the same action.

// A press that travels less than this (px) is a click.
const DRAG_PX = 8;

/**
 * The drop target under the point (x, y), among `targets`, if any.
 * @param {Element[]} targets
 * @param {number} x
 * @param {number} y
 * @returns {Element | null}
 */
function targetAt(targets, x, y) {
  for (const target of targets) {
    const box = target.getBoundingClientRect();
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return target;
  }
  return null;
}

/**
 * Swallows the click the browser sends after a drag ends (the drop played already).
 * @returns {void}
 */
function swallowNextClick() {
  /** @param {Event} event */
  const swallow = (event) => {
    event.stopPropagation();
    event.preventDefault();
  };
  window.addEventListener("click", swallow, { capture: true, once: true });
  // No click follows a drag released off the element: the swallower must not outlive it.
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
}

/**
 * Makes `element` draggable to the elements `targets()` finds when a drag starts;
 * `drop(target)` is called when it is released over one.
 * @param {HTMLElement} element
 * @param {() => Element[]} targets
 * @param {(target: Element) => void} drop
 * @returns {HTMLElement} the element
 */
export function draggable(element, targets, drop) {
  element.classList.add("draggable");
  element.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    const startX = down.clientX;
    const startY = down.clientY;
    let dragging = false;
    /** @type {Element[]} */
    let zones = [];
    /** @type {Element | null} */
    let over = null;
    /** @param {PointerEvent} move */
    const onMove = (move) => {
      const dx = move.clientX - startX;
      const dy = move.clientY - startY;
      if (!dragging && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!dragging) {
        dragging = true;
        zones = targets();
        for (const zone of zones) zone.classList.add("drop-zone");
        element.classList.add("dragging");
      }
      element.style.transform = `translate(${dx}px, ${dy}px)`;
      const now = targetAt(zones, move.clientX, move.clientY);
      if (now !== over) {
        if (over) over.classList.remove("drop-over");
        if (now) now.classList.add("drop-over");
        over = now;
      }
    };
    /** @param {PointerEvent} up */
    const onUp = (up) => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      if (!dragging) return; // a click: the element's click handler plays
      for (const zone of zones) zone.classList.remove("drop-zone", "drop-over");
      element.classList.remove("dragging");
      element.style.transform = "";
      swallowNextClick();
      const target = up.type === "pointerup" ? targetAt(zones, up.clientX, up.clientY) : null;
      if (target) drop(target);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
  });
  return element;
}
