// "Try it" under a diagram of an All Fives or Fives and Threes rules page: a small hand;
// choose a tile, then an end (a button, or the marker in the drawing), and the server's
// engine places it and answers with the layout drawn again, its title, its caption (the
// ends total and what it scores under the page's game) and its description, or the rule
// that refuses the placement (F5). Every word comes from the page or the server, in its
// language; the figure says where to ask (data-try) and the box which tiles (data-tray).

import { askEngine } from "../rules_try.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A tile as the pages write it.
 * @param {string} tile "3-5"
 * @returns {string} "[3|5]"
 */
function tileText(tile) {
  const [a, b] = tile.split("-");
  return `[${a}|${b}]`;
}

/**
 * @typedef {{tile: string, end: string}} Placement
 * @typedef {{svg: string, title: string, caption: string, description: string, score: string}} TryTexts
 */

/**
 * Fills and shows the try box of one figure.
 * @param {HTMLElement} figure a figure with data-try and a hidden .try box
 * @returns {void}
 */
function setup(figure) {
  const box = /** @type {HTMLElement | null} */ (figure.querySelector(".try"));
  if (!box) return;
  const url = figure.dataset.try || "";
  const lang = document.documentElement.dataset.lang || document.documentElement.lang || "en";
  const ident = figure.id;
  const tray = /** @type {HTMLElement} */ (box.querySelector(".tray"));
  const ends = /** @type {HTMLElement} */ (box.querySelector(".ends"));
  const status = /** @type {HTMLElement} */ (box.querySelector(".try-status"));
  const reset = /** @type {HTMLElement} */ (box.querySelector(".reset"));
  const help = /** @type {HTMLElement} */ (box.querySelector(".try-help"));
  const drawing = /** @type {HTMLElement} */ (figure.querySelector(".diagram-drawing"));
  const parts = {
    title: /** @type {HTMLElement} */ (figure.querySelector(".diagram-title")),
    caption: /** @type {HTMLElement} */ (figure.querySelector(".diagram-caption")),
    description: /** @type {HTMLElement} */ (figure.querySelector(".diagram-desc")),
  };
  const hand = (box.dataset.tray || "").split(" ").filter(Boolean);
  const original = {
    drawing: drawing.innerHTML,
    title: parts.title.textContent || "",
    caption: parts.caption.textContent || "",
    description: parts.description.textContent || "",
  };
  /** @type {Placement[]} */
  let plays = [];
  /** @type {string | null} */
  let chosen = null;

  /**
   * Says ``text`` in the status line (a refusal marked as one).
   * @param {string} text
   * @param {boolean} refused
   * @returns {void}
   */
  function say(text, refused) {
    status.textContent = text;
    status.classList.toggle("refused", refused);
  }

  /** @returns {void} */
  function renderTray() {
    const used = new Set(plays.map((play) => play.tile));
    tray.replaceChildren(
      ...hand
        .filter((tile) => !used.has(tile))
        .map((tile) => {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = tileText(tile);
          button.dataset.tile = tile;
          button.setAttribute("aria-pressed", String(tile === chosen));
          button.addEventListener("click", () => {
            chosen = chosen === tile ? null : tile;
            renderTray();
          });
          return button;
        }),
    );
  }

  /** @returns {void} */
  function renderEnds() {
    const buttons = [];
    for (const marker of drawing.querySelectorAll(".marker")) {
      const end = marker.getAttribute("data-end") || "";
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = marker.querySelector("title")?.textContent || end;
      button.dataset.end = end;
      button.addEventListener("click", () => place(end));
      buttons.push(button);
      marker.addEventListener("click", () => place(end));
    }
    ends.replaceChildren(...buttons);
  }

  /**
   * Shows the engine's SVG, named and described by the figure's visible texts.
   * @param {string} svgText
   * @returns {void}
   */
  function showDrawing(svgText) {
    const svg = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
    if (svg.namespaceURI !== SVG_NS || svg.localName !== "svg") return;
    for (const node of svg.querySelectorAll("[id]")) node.removeAttribute("id");
    svg.setAttribute("aria-labelledby", `${ident}-title`);
    svg.setAttribute("aria-describedby", `${ident}-desc`);
    svg.setAttribute("focusable", "false");
    drawing.replaceChildren(document.importNode(svg, true));
  }

  /**
   * Shows a layout's texts in the figure.
   * @param {{title: string, caption: string, description: string}} texts
   * @returns {void}
   */
  function show(texts) {
    parts.title.textContent = texts.title;
    parts.caption.textContent = texts.caption;
    parts.description.textContent = texts.description;
  }

  /**
   * Asks the engine to place the chosen tile on ``end``.
   * @param {string} end an end of the layout ("5-5B")
   * @returns {Promise<void>}
   */
  async function place(end) {
    if (chosen === null) {
      say(help.textContent || "", true);
      return;
    }
    const next = [...plays, { tile: chosen, end }];
    const answer = await askEngine(url, lang, next);
    if (answer.error !== null) {
      say(answer.error, true);
      return;
    }
    /** @type {TryTexts} */
    const body = /** @type {any} */ (answer.body);
    plays = next;
    chosen = null;
    showDrawing(body.svg);
    show(body);
    say(body.score, false); // the title is the figure's own, just redrawn
    renderTray();
    renderEnds();
  }

  reset.addEventListener("click", () => {
    plays = [];
    chosen = null;
    drawing.innerHTML = original.drawing;
    show(original);
    say("", false);
    renderTray();
    renderEnds();
  });

  renderTray();
  renderEnds();
  box.hidden = false;
}

for (const figure of document.querySelectorAll("figure[data-try]")) {
  setup(/** @type {HTMLElement} */ (figure));
}
