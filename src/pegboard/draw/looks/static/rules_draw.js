// "Try it" under a diagram of a rules page (pegboard.web.rules): a tray of tiles; choose one,
// then a joining point (a button, or the marker in the drawing), and the server's engine
// answers with the new line drawn, its title, caption and description, or the rule that
// refuses the tile (D5). Every word comes from the page or the server, in its language;
// the diagram's own data says where to ask (data-try) and what it starts from (data-plays).

import { askEngine } from "../rules_try.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function tileText(tile) {
  const [a, b] = tile.split("-");
  return `[${a}|${b}]`;
}

function setup(figure) {
  const box = figure.querySelector(".try");
  if (!box) return;
  const url = figure.dataset.try;
  const start = JSON.parse(figure.dataset.plays || "[]");
  const lang = document.documentElement.dataset.lang || "en";
  const ident = figure.id;
  const tray = box.querySelector(".tray");
  const ends = box.querySelector(".ends");
  const status = box.querySelector(".try-status");
  const reset = box.querySelector(".reset");
  const tiles = (box.dataset.tray || "").split(" ").filter(Boolean);
  const original = {
    drawing: figure.querySelector(".diagram-drawing").innerHTML,
    title: figure.querySelector(".diagram-title").textContent,
    caption: figure.querySelector(".diagram-caption").textContent,
    description: figure.querySelector(".diagram-desc").textContent,
  };
  let plays = start.slice();
  let chosen = null;

  function say(text, refused) {
    status.textContent = text;
    status.classList.toggle("refused", Boolean(refused));
  }

  function renderTray() {
    tray.replaceChildren();
    const used = new Set(plays.map((play) => play[0]));
    for (const tile of tiles) {
      if (used.has(tile)) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = tileText(tile);
      button.dataset.tile = tile;
      button.setAttribute("aria-pressed", String(tile === chosen));
      button.addEventListener("click", () => {
        chosen = chosen === tile ? null : tile;
        renderTray();
      });
      tray.append(button);
    }
  }

  function renderEnds() {
    ends.replaceChildren();
    for (const marker of figure.querySelectorAll(".diagram-drawing .marker")) {
      const end = marker.getAttribute("data-end");
      const label = marker.querySelector("title")?.textContent || end;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.dataset.end = end;
      button.addEventListener("click", () => place(end));
      ends.append(button);
      marker.addEventListener("click", () => place(end));
    }
  }

  // The engine's SVG, its name and description pointed at the figure's visible texts.
  function showDrawing(svgText) {
    const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = parsed.documentElement;
    if (svg.namespaceURI !== SVG_NS || svg.localName !== "svg") return;
    for (const node of svg.querySelectorAll("[id]")) node.removeAttribute("id");
    svg.setAttribute("aria-labelledby", `${ident}-title`);
    svg.setAttribute("aria-describedby", `${ident}-desc`);
    svg.setAttribute("focusable", "false");
    figure.querySelector(".diagram-drawing").replaceChildren(document.importNode(svg, true));
  }

  function show(texts) {
    figure.querySelector(".diagram-title").textContent = texts.title;
    figure.querySelector(".diagram-caption").textContent = texts.caption;
    figure.querySelector(".diagram-desc").textContent = texts.description;
  }

  async function place(end) {
    if (chosen === null) {
      say(box.querySelector(".try-help").textContent, true);
      return;
    }
    const next = [...plays, [chosen, end]];
    const answer = await askEngine(url, lang, next);
    if (answer.error !== null) {
      say(answer.error, true);
      return;
    }
    const body = answer.body;
    plays = next;
    chosen = null;
    showDrawing(body.svg);
    show(body);
    say(body.title, false);
    renderTray();
    renderEnds();
  }

  reset.addEventListener("click", () => {
    plays = start.slice();
    chosen = null;
    figure.querySelector(".diagram-drawing").innerHTML = original.drawing;
    show(original);
    say("", false);
    renderTray();
    renderEnds();
  });

  renderTray();
  renderEnds();
  box.hidden = false;
}

for (const figure of document.querySelectorAll("figure[data-try]")) setup(figure);
