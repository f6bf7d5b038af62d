// Small DOM helpers: build elements without innerHTML for anything a player typed.

// h("button", {class: "x", onclick: f, "aria-label": "..."}, "text", child, ...)
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      element.className = value;
    } else if (key === "dataset") {
      Object.assign(element.dataset, value);
    } else if (key === "value" || key === "checked" || key === "selected") {
      element[key] = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

// Markup the server made (the line and track SVGs, built by pegboard.dominoes.svg and the
// views): parsed as a fragment, never mixed with text a player typed.
export function svgFragment(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup || "";
  return template.content;
}

// Show one message in the aria-live region (errors are announced at once).
export function showError(message) {
  const box = document.getElementById("errors");
  if (!box) return;
  box.replaceChildren(h("p", {}, message));
  box.classList.add("shown");
}

export function clearError() {
  const box = document.getElementById("errors");
  if (!box) return;
  box.replaceChildren();
  box.classList.remove("shown");
}

// Restore focus after a re-render to the control with the same data-focus key, so that a
// keyboard player keeps their place when a new state arrives.
export function focusKey() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  return active && active.dataset ? active.dataset.focus || null : null;
}

/**
 * @param {string | null} key the focused control's data-focus key, as focusKey gave it
 * @param {ParentNode} [root] where to look for it
 * @returns {boolean} whether a control took the focus
 */
export function restoreFocus(key, root = document) {
  if (!key) return false;
  const target = /** @type {HTMLButtonElement | null} */ (root.querySelector(`[data-focus="${CSS.escape(key)}"]`));
  if (target && !target.disabled) {
    target.focus({ preventScroll: true });
    return true;
  }
  return false;
}

// replaceChildren, skipping the nulls that stand for "nothing here" (replaceChildren itself
// would write them as the text "null").
export function fill(element, ...children) {
  element.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

// A server SVG that shrinks with the screen: its drawn width becomes its largest width,
// and the viewBox keeps its proportions (CSS sets width: 100%, height: auto).
export function scalable(svg) {
  if (!svg) return;
  const width = svg.getAttribute("width");
  if (width) svg.style.maxWidth = `${width}px`;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
}

// Like fill, but the children already in `element` that are among the new ones stay where
// they are, never taken out and put back: an element taken out of the page loses its scroll
// position and any scroll on its way. The kept ones must come in the order they are in.
export function place(element, ...children) {
  const wanted = children.flat().filter((child) => child !== null && child !== undefined && child !== false);
  const keep = new Set(wanted);
  for (const child of [...element.childNodes]) if (!keep.has(child)) child.remove();
  let cursor = element.firstChild;
  for (const child of wanted) {
    if (child === cursor) cursor = cursor.nextSibling;
    else element.insertBefore(child, cursor);
  }
}
