// The toy's page module (its look `page`): everything from the generic module (the
// observation as text, the moves as buttons), and beside each player a star per trick
// taken, drawn without words so that it needs no catalog.

import { h } from "../dom.js";

export function playerExtras(view, seat) {
  const tricks = (view.scores || [])[seat] || 0;
  return [h("span", { class: "tricks-won", "aria-hidden": "true" }, "★".repeat(tricks))];
}
