// The page module of any game that has none of its own (the server's generic view): the
// seat's observation as text, its legal moves as buttons, in the notation of the game.
//
// A game's page module (/static/games/NAME.js, named by the game's look `page` and
// told the page by GET /api/games as `page`) exports what the table page asks of it; the
// page uses this module's export for any one a game's module leaves out:
//   render(view, ui, names)       the game's part of the table (an element); `ui` holds the
//                                 page's callbacks: ui.act(action), ui.hintButton(), and the
//                                 selection state of a game that picks before it plays
//   side(view, names)             more for the side column (an element or null)
//   optionsLine(view)             the match's settings under the heading (text, or "")
//   playerExtras(view, seat)      badges and counts beside a player's name (elements)
//   handBack()                    one card or tile of another seat's hand, face down (the
//                                 table draws view.hand_sizes[seat] of them, nothing more)
//   finalLine(view, name, seat)   a seat's line in the match's final standing
//   latchEnd(view, latch)         keeps the end of a round or game on screen until closed:
//                                 sets latch.overlay ({end, number}); latch.seen is the
//                                 module's own count of what ended so far (null at first)
//   dialogContent(view, overlay, names)  that end's dialog: {title, children, close}
//   logEntry(text)                a log line as the page shows it (text and elements: a
//                                 game's cards drawn, each named for screen readers)
//   logSpeech(text)               the same line in words, for the live region
//   hintFace(view, hint)          a hint's move as the table draws it (text and elements:
//                                 cards and tiles drawn, each named for screen readers)
//   handShown(hand)               a seat's hand (a view's `hand`) drawn small, each card or
//                                 tile named: the replay shows every seat's hand so
//   FOCUS_NEXT                    where the focus goes when the control in focus went away

import { h } from "../dom.js";
import { labelled, t } from "../i18n.js";

function valueText(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(" ") : "—";
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([key, item]) => labelled(key, valueText(item)))
      .join(", ");
  }
  return String(value);
}

// The seat's own observation, as the game writes it for clients: one line a field.
function observationList(observation) {
  return h(
    "dl",
    { class: "observation", id: "observation" },
    ...Object.entries(observation).flatMap(([key, value]) => [
      h("dt", {}, key.replaceAll("_", " ")),
      h("dd", { dataset: { field: key } }, valueText(value)),
    ]),
  );
}

export function render(view, ui) {
  const mine = view.seat !== null && view.seat !== undefined;
  const legal = view.legal || [];
  const parts = [];
  if (mine && view.observation) {
    parts.push(
      h(
        "section",
        { class: "panel", "aria-labelledby": "observation-title" },
        h("h2", { id: "observation-title" }, t("What you see")),
        observationList(view.observation),
      ),
    );
  }
  if (mine) {
    parts.push(
      h(
        "section",
        { class: "panel moves", "aria-labelledby": "moves-title" },
        h("h2", { id: "moves-title" }, t("Moves")),
        legal.length
          ? h(
              "ul",
              { class: "actions", id: "moves" },
              ...legal.map((item, i) =>
                h(
                  "li",
                  {},
                  h(
                    "button",
                    {
                      type: "button",
                      class: "action-button playable",
                      "aria-disabled": "false",
                      dataset: { action: item.action, focus: `action-${i}` },
                      onclick: () => ui.act(item.action),
                    },
                    item.label || item.action,
                  ),
                ),
              ),
            )
          : h("p", { class: "muted" }, view.is_over ? t("Match over") : t("Not your turn.")),
        h("div", { class: "actions" }, ui.hintButton()),
      ),
    );
  }
  return h("div", { class: "game generic" }, ...parts);
}

export const side = () => null;

export const optionsLine = () => "";

export const playerExtras = () => [];

/**
 * A card of another seat's hand, face down: its back alone (a game's cards or tiles are
 * never named in it).
 * @returns {HTMLElement}
 */
export function handBack() {
  return h("span", { class: "back card-back" });
}

export const finalLine = (view, name, seat) => labelled(name, view.scores[seat]);

export function latchEnd() {}

export const dialogContent = () => null;

export const logEntry = (text) => [text];

export const logSpeech = (text) => text;

/**
 * A hint's move in the words the server gave it.
 * @param {object} view the seat's view
 * @param {{action: string, label?: string}} hint the hint
 * @returns {(string | Node)[]}
 */
export const hintFace = (view, hint) => [hint.label || hint.action];

/**
 * A seat's hand as text (a game with no page module of its own has no drawing of it).
 * @param {unknown} hand the seat's view's `hand`
 * @returns {string}
 */
export const handShown = (hand) => valueText(hand);

export const FOCUS_NEXT = ".playable[aria-disabled=false]";
