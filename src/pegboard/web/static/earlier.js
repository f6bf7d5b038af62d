// The table's finished matches (the summary's "replays", /m/TABLE-N): a link to each
// replay, so that a table played again still leads to its earlier matches.
import { h } from "./dom.js";
import { labelled, t } from "./i18n.js";

export function replayLinks(table) {
  const replays = (table && Array.isArray(table.replays) ? table.replays : []).filter(
    (href) => typeof href === "string" && href.startsWith("/m/"),
  );
  if (!replays.length) return h("span", { id: "replays", hidden: true });
  return h(
    "nav",
    { class: "muted replays", id: "replays", "aria-label": t("Replays") },
    labelled(t("Replays"), ""),
    ...replays.flatMap((href, index) => {
      const number = Number(String(href).split("-").pop());
      const link = h("a", { href, class: "replay-link" }, t("Match {number}", { number }));
      return index ? [" · ", link] : [link];
    }),
  );
}
