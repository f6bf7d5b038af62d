// Cribbage, its page module (the look "web.page" of the game; see generic.js for the
// interface the table page calls): the hand as cards (pick two to discard, then play one at
// a time; go), the crib, the starter, the count and its pile, the show explained, and the
// end of each game.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// "10H" -> {rank: "10", suit: "H"}
export function cardParts(card) {
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

// A card as it is shown in text: rank and suit symbol ("10♥").
export function cardName(card) {
  const { rank, suit } = cardParts(card);
  return `${rank}${SUITS[suit] || suit}`;
}

// A card's accessible name, in words of the page's language ("King of hearts", "Rei de
// copas", "红桃K", "पान का बादशाह"): a symbol alone is read differently by each screen reader.
export function cardWords(card) {
  const { rank, suit } = cardParts(card);
  const ranks = { A: t("Ace"), J: t("Jack"), Q: t("Queen"), K: t("King") };
  const suits = { H: t("hearts"), D: t("diamonds"), C: t("clubs"), S: t("spades") };
  return t("{rank} of {suit}", { rank: ranks[rank] || rank, suit: suits[suit] || suit });
}

// The face of a card (decorative; the button or chip names it).
export function cardFace(card) {
  const { rank, suit } = cardParts(card);
  const red = suit === "H" || suit === "D";
  return h(
    "span",
    { class: `card-face${red ? " red" : ""}`, "aria-hidden": "true" },
    h("span", { class: "rank" }, rank),
    h("span", { class: "suit" }, SUITS[suit] || suit),
  );
}

export function cardChip(card) {
  return h("span", { class: "card-chip", role: "img", "aria-label": cardWords(card), dataset: { card } }, cardFace(card));
}

function chips(cards) {
  if (!cards || !cards.length) return h("span", { class: "muted" }, "—");
  return h("span", { class: "cards small" }, ...cards.map(cardChip));
}

// The cards of the current count, each with who played it (the pile is the tail of the
// hand's plays: a new count starts after 31 or a go).
function pileOf(view, names) {
  const pile = view.pile || [];
  if (!pile.length) return h("span", { class: "muted" }, "—");
  const played = (view.played || []).slice(-pile.length);
  return h(
    "ol",
    { class: "pile", id: "pile" },
    ...pile.map((card, i) => {
      const seat = played[i] && played[i][1] === card ? played[i][0] : null;
      return h("li", { class: "played-card" }, cardChip(card), seat === null ? null : h("small", {}, names[seat]));
    }),
  );
}

// The discard action for two picked cards, as the server lists it (deck order), else built.
function discardAction(view, picked) {
  const wanted = [...picked].sort().join(" ");
  for (const entry of view.legal || []) {
    const parts = entry.action.split(/\s+/);
    if (parts[0] === "discard" && parts.slice(1).sort().join(" ") === wanted) return entry.action;
  }
  return `discard ${picked.join(" ")}`;
}

// `ui`: ui.picked (cards picked for the crib), ui.pick(card), ui.act(action), ui.notice(text)
export function renderCribbage(view, ui, names) {
  const mine = view.seat !== null && view.seat !== undefined;
  const discarding = Boolean(view.discard_choices) && Boolean(view.your_turn);
  const playable = new Set(view.playable || []);
  ui.picked = discarding ? ui.picked.filter((card) => (view.hand || []).includes(card)) : [];

  const dealer = view.dealer === null || view.dealer === undefined ? "—" : names[view.dealer];
  const table = h(
    "section",
    { class: "crib-table", "aria-label": t("Cribbage") },
    view.hand_number ? h("h2", { class: "hand-number" }, t("Hand {number}", { number: view.hand_number })) : null,
    h(
      "dl",
      { class: "facts" },
      h("dt", {}, t("Dealer")),
      h("dd", { id: "dealer" }, dealer),
      h("dt", {}, t("Crib")),
      h(
        "dd",
        { id: "crib" },
        `${names[view.dealer] ?? ""} · ${view.crib_size || 0} `,
        view.discards && view.discards.length ? chips(view.discards) : null,
      ),
      h("dt", {}, t("Starter")),
      h("dd", { id: "starter" }, view.starter ? cardChip(view.starter) : "—"),
      h("dt", {}, t("Count")),
      h("dd", { id: "count-box" }, h("span", { id: "count", class: "count" }, String(view.count ?? 0)), " ", pileOf(view, names)),
    ),
  );

  let hand = null;
  if (mine) {
    const onlyGo = Boolean(view.your_turn && view.can_go && !discarding && !playable.size);
    const cards = (view.hand || []).map((card) => {
      const picked = ui.picked.includes(card);
      const enabled = discarding || (view.your_turn && playable.has(card));
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `card-button${picked ? " selected" : ""}${enabled ? " playable" : ""}`,
            dataset: { card, focus: `card:${card}` },
            "aria-label": cardWords(card),
            "aria-pressed": discarding ? (picked ? "true" : "false") : null,
            "aria-disabled": enabled ? "false" : "true",
            onclick: () => {
              if (discarding) {
                ui.pick(card);
              } else if (view.your_turn && playable.has(card)) {
                ui.act(`play ${card}`);
              } else {
                ui.notice(view.your_turn ? `${cardName(card)}: ${t("This card would take the count past 31 (C4).")}` : t("Not your turn."));
              }
            },
          },
          cardFace(card),
        ),
      );
    });
    hand = h(
      "section",
      { class: "hand-box", "aria-labelledby": "hand-title" },
      h("h2", { id: "hand-title" }, t("Your cards")),
      discarding ? h("p", { class: "prompt" }, t("Choose two cards for the crib.")) : null,
      !discarding && view.your_turn && playable.size ? h("p", { class: "prompt" }, t("Choose a card.")) : null,
      h("ul", { class: "hand cards" }, ...cards),
      h(
        "div",
        { class: "actions" },
        discarding
          ? h(
              "button",
              {
                type: "button",
                id: "discard-button",
                class: "primary",
                dataset: { focus: "discard" },
                disabled: ui.picked.length !== 2,
                onclick: () => ui.act(discardAction(view, ui.picked)),
              },
              t("Discard"),
            )
          : null,
        // No card keeps the count at 31 or under: Go is the only move (C5). Say why, and
        // make the button the obvious one (primary, and the table focuses it: .only-move).
        onlyGo ? h("p", { class: "prompt only-why", id: "only-move-why" }, t("No card of yours keeps the count at 31 or under: say Go (C5).")) : null,
        h(
          "button",
          {
            type: "button",
            id: "go-button",
            dataset: { focus: "go" },
            disabled: !view.can_go,
            onclick: () => ui.act("go"),
            ...(onlyGo ? { class: "primary only-move", "aria-describedby": "only-move-why" } : {}),
          },
          t("Go"),
        ),
        ui.hintButton(),
      ),
    );
  }

  return h("div", { class: "game cribbage" }, table, hand, gameEnd(view), showsSection(view, names));
}

// The end of a game of the match (skunks, game points), while the next game is not begun.
function gameEnd(view) {
  const end = view.game_end;
  if (!end) return null;
  return h(
    "section",
    { class: "panel game-end", id: "game-end", "aria-labelledby": "game-end-title" },
    h("h2", { id: "game-end-title" }, t("Game over")),
    end.kind === "skunk" ? h("p", {}, t("Skunk")) : null,
    end.kind === "double skunk" ? h("p", {}, t("Double skunk")) : null,
    ...(end.summary || []).map((line) => h("p", {}, line)),
  );
}

// The show of the last hand, each count explained in words (C6).
export function showsSection(view, names) {
  const shows = view.shows || [];
  if (!shows.length) return null;
  const number = shows[0].hand;
  return h(
    "section",
    { class: "shows", id: "shows", "aria-labelledby": "shows-title" },
    h(
      "h2",
      { id: "shows-title" },
      number ? `${t("The show")} · ${t("Hand {number}", { number })}` : t("The show"),
    ),
    h(
      "ul",
      {},
      ...shows.map((show) =>
        h(
          "li",
          { class: "show", dataset: { seat: String(show.seat), what: show.what } },
          h(
            "p",
            { class: "show-head" },
            h("strong", {}, show.what === "crib" ? `${names[show.seat]} · ${t("Crib")}` : names[show.seat]),
            " ",
            chips(show.cards),
            show.starter ? h("span", { class: "with-starter" }, " + ", cardChip(show.starter)) : null,
            " ",
            h("span", { class: "points" }, `${t("Points")}: ${show.points}`),
          ),
          h("p", { class: "saying" }, show.saying),
        ),
      ),
    ),
  );
}

// ---- the page module's interface (generic.js says what each one does) ------------------

export const render = (view, ui, names) => renderCribbage(view, ui, names);

export const optionsLine = (view) => t("Best of {games}", { games: view.best_of });

export function playerExtras(view, seat) {
  const sizes = view.hand_sizes || [];
  return [
    view.dealer === seat ? h("span", { class: "badge" }, t("Dealer")) : null,
    view.points ? h("span", { class: "games" }, `${t("Game points")}: ${view.points[seat]}`) : null,
    sizes.length ? h("span", { class: "size" }, `${t("Cards in hand")}: ${sizes[seat]}`) : null,
  ];
}

// A cribbage match is won by game points.
export const finalLine = (view, name, seat) =>
  view.points ? `${name}: ${t("Game points")} ${view.points[seat]}` : `${name}: ${view.scores[seat]}`;

// The end of a game (skunks, game points) stays on screen until closed, as a round's end
// does in Draw; the next game's first discard may follow at once.
export function latchEnd(view, latch) {
  const finished = (view.games || []).length;
  if (latch.seen === null) {
    latch.seen = finished;
    if (view.game_end) latch.overlay = { end: view.game_end, number: finished };
    return;
  }
  if (finished > latch.seen) {
    latch.seen = finished;
    const last = view.games[finished - 1];
    latch.overlay = { end: view.game_end || { ...last, summary: [] }, number: finished };
  } else if (latch.overlay && view.game_end && latch.overlay.number === finished) {
    latch.overlay.end = view.game_end; // maybe in a new language
  }
}

export function dialogContent(view, overlay, names) {
  const { end } = overlay;
  const kind = { skunk: t("Skunk"), "double skunk": t("Double skunk") }[end.kind];
  return {
    title: t("Game over"),
    children: [
      kind ? h("p", { class: "skunk" }, kind) : null,
      ...(end.summary || []).map((line) => h("p", { class: "summary" }, line)),
      h("p", { class: "scores-after" }, names.map((name, seat) => `${name}: ${end.scores[seat]}`).join(" · ")),
      end.points_after
        ? h("p", {}, `${t("Game points")}: ${names.map((name, seat) => `${name} ${end.points_after[seat]}`).join(" · ")}`)
        : null,
    ],
    close: t("Close"),
  };
}

export const FOCUS_NEXT = ".playable[aria-disabled=false], #go-button:not([disabled])";
