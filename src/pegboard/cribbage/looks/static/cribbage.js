// Cribbage, its page module (the look `page` of the game; see generic.js for the
// interface the table page calls): the hand as cards (pick two to discard, one among three
// or four, C8, C9; then play one at a time; go), the crib, the starter, the count and its
// pile, the show explained, and the end of each game. Among four the seats' cards name the
// sides of partners and "Your partner" (C9), as partnership Draw's do.

import { h } from "../dom.js";
import { draggable } from "../drag.js";
import { labelled, pgettext, t } from "../i18n.js";

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

/**
 * The cards of the current count, each with who played it (the pile is the tail of the
 * hand's plays: a new count starts after 31 or a go). Each card travels from where it was
 * (the hand, or the player's backs: motion.js); the last one played is lit and says so.
 * @param {{pile?: string[], played?: [number, string][]}} view
 * @param {string[]} names
 * @returns {HTMLElement}
 */
function pileOf(view, names) {
  const pile = view.pile || [];
  if (!pile.length) return h("span", { class: "muted" }, "—");
  const played = (view.played || []).slice(-pile.length);
  return h(
    "ol",
    { class: "pile", id: "pile" },
    ...pile.map((card, i) => {
      const seat = played[i] && played[i][1] === card ? played[i][0] : null;
      const chip = cardChip(card);
      chip.dataset.motion = `card:${card}`;
      if (seat !== null) chip.dataset.motionFrom = `backs:${seat}`;
      const last = i === pile.length - 1;
      if (last) {
        chip.classList.add("last-move");
        const by = seat === null ? "" : names[seat];
        chip.setAttribute("aria-label", t("{card}, the last card played, by {name}", { card: cardWords(card), name: by }));
      }
      return h("li", { class: `played-card${last ? " last" : ""}` }, chip, seat === null ? null : h("small", {}, names[seat]));
    }),
  );
}

/**
 * The pack the starter is cut from, face down (the starter travels from it: motion.js).
 * @returns {HTMLElement}
 */
function pack() {
  return h("span", { class: "pack", "aria-hidden": "true", dataset: { motion: "pack" } }, h("span", { class: "back card-back" }), h("span", { class: "back card-back" }));
}

/**
 * The starter, turned up from the pack (or the pack alone before the cut).
 * @param {string | null | undefined} starter
 * @returns {HTMLElement[]}
 */
function starterOf(starter) {
  if (!starter) return [pack(), h("span", { class: "muted" }, "—")];
  const chip = cardChip(starter);
  chip.dataset.motion = `card:${starter}`;
  chip.dataset.motionFrom = "pack";
  return [pack(), chip];
}

// The discard action for the picked cards (two, or one among three or four), as the server
// lists it (deck order), else built.
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
  const laying = view.lay_count || 2; // the cards each lays in the crib (C2; C8, C9: one)
  const playable = new Set(view.playable || []);
  ui.picked = discarding ? ui.picked.filter((card) => (view.hand || []).includes(card)) : [];

  const dealer = view.dealer === null || view.dealer === undefined ? "—" : names[view.dealer];
  const table = h(
    "section",
    { class: "crib-table", "aria-label": t("Cribbage") },
    view.hand_number ? h("h2", { class: "hand-number" }, pgettext("cribbage", "Hand {number}", { number: view.hand_number })) : null,
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
      h("dd", { id: "starter" }, ...starterOf(view.starter)),
      h("dt", {}, pgettext("running count", "Count")),
      h("dd", { id: "count-box", class: "pile-zone" }, h("span", { id: "count", class: "count" }, String(view.count ?? 0)), " ", pileOf(view, names)),
    ),
  );

  let hand = null;
  if (mine) {
    const onlyGo = Boolean(view.your_turn && view.can_go && !discarding && !playable.size);
    const choose = (card) => {
      if (discarding) {
        ui.pick(card);
      } else if (view.your_turn && playable.has(card)) {
        ui.act(`play ${card}`);
      } else {
        ui.notice(view.your_turn ? labelled(cardName(card), t("This card would take the count past 31 (C4).")) : t("Not your turn."));
      }
    };
    // A card dragged to the crib is picked as a click picks it (the second one lays both);
    // one dragged to the pile is played as a click plays it.
    const dropped = (card) => {
      if (!discarding) return choose(card);
      const next = ui.picked.includes(card) ? ui.picked : [...ui.picked, card];
      if (next.length === laying) ui.act(discardAction(view, next));
      else ui.pick(card);
    };
    const zones = () => [...document.querySelectorAll(discarding ? "#crib, #crib-pile" : "#count-box")];
    const cards = (view.hand || []).map((card) => {
      const picked = ui.picked.includes(card);
      const enabled = discarding || (view.your_turn && playable.has(card));
      const button = h(
        "button",
        {
          type: "button",
          class: `card-button${picked ? " selected" : ""}${enabled ? " playable" : ""}`,
          dataset: { card, focus: `card:${card}`, motion: `card:${card}` },
          "aria-label": cardWords(card),
          "aria-pressed": discarding ? (picked ? "true" : "false") : null,
          "aria-disabled": enabled ? "false" : "true",
          onclick: () => choose(card),
        },
        cardFace(card),
      );
      return h("li", {}, enabled ? draggable(button, zones, () => dropped(card)) : button);
    });
    hand = h(
      "section",
      { class: "hand-box", "aria-labelledby": "hand-title" },
      h("h2", { id: "hand-title" }, t("Your cards")),
      discarding ? h("p", { class: "prompt" }, laying === 1 ? t("Choose a card for the crib.") : t("Choose two cards for the crib.")) : null,
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
                disabled: ui.picked.length !== laying,
                onclick: () => ui.act(discardAction(view, ui.picked)),
              },
              t("Discard"),
            )
          : null,
        // No card keeps the count at 31 or under: Go is the only move (C5). Say why, and
        // make the button the obvious one (primary, and the table focuses it: .only-move).
        onlyGo
          ? h(
              "p",
              { class: "prompt only-why", id: "only-move-why" },
              (view.players || 2) === 2 ? t("No card of yours keeps the count at 31 or under: say Go (C5).") : t("No card of yours keeps the count at 31 or under: say Go (C10)."),
            )
          : null,
        // At the show with muggins (C18) nothing is played: no Go button.
        view.showing
          ? null
          : h(
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

  return h("div", { class: "game cribbage" }, table, claimPanel(view, ui, names), hand, gameEnd(view), showsSection(view, names));
}

// The number typed in the claim or muggins field, kept across the page's re-renders (every
// state rebuilds it) while the same question is asked: `key` names the question.
const typed = { key: "", value: "", error: "" };

/**
 * A number field 0-29 with its label, a stepper (− and +, for phones whose number
 * keyboard has none) and the button that sends it (Enter too: a form). The page checks
 * nothing: the server's engine refuses a wrong number in words (C18), and the field
 * keeps what was typed.
 * @param {{id: string, key: string, label: string, button: string, verb: string, most: number, ui: {act: (action: string) => void}}} ask
 * @returns {HTMLElement}
 */
function pointsForm(ask) {
  if (typed.key !== ask.key) Object.assign(typed, { key: ask.key, value: "", error: "" });
  // The server's refusal, said by the field as well as in the page's alert at its top (on
  // a phone the field is far below it).
  const error = h("p", { class: "points-error", id: `${ask.id}-error` }, typed.error);
  const input = h("input", {
    type: "number",
    id: ask.id,
    name: "points",
    min: "0",
    max: String(ask.most),
    step: "1",
    inputmode: "numeric",
    autocomplete: "off",
    value: typed.value,
    "aria-describedby": `${ask.id}-error`,
    "aria-invalid": typed.error ? "true" : null,
    dataset: { focus: ask.id },
    oninput: () => {
      typed.value = input.value;
    },
  });
  const step = (by) => {
    const now = Number.parseInt(input.value, 10);
    const next = Math.min(ask.most, Math.max(0, (Number.isNaN(now) ? 0 : now) + by));
    input.value = String(next);
    typed.value = input.value;
  };
  return h(
    "form",
    {
      class: "points-form",
      id: `${ask.id}-form`,
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        typed.value = input.value;
        typed.error = "";
        watchRefusal(ask.id, ask.key);
        ask.ui.act(`${ask.verb} ${input.value.trim()}`.trim());
      },
    },
    h("label", { for: ask.id }, ask.label),
    h(
      "span",
      { class: "stepper" },
      h("button", { type: "button", class: "step", "aria-label": t("One point fewer"), dataset: { focus: `${ask.id}-less` }, onclick: () => step(-1) }, "−"),
      input,
      h("button", { type: "button", class: "step", "aria-label": t("One point more"), dataset: { focus: `${ask.id}-more` }, onclick: () => step(1) }, "+"),
    ),
    h("button", { type: "submit", class: "primary", id: `${ask.id}-button`, dataset: { focus: `${ask.id}-button` } }, ask.button),
    error,
  );
}

/**
 * While the same question is asked (`key`), the page's error box is watched: a refusal of
 * the number sent is said under the field too, and the field marked (the page is rebuilt
 * as the number is sent, so the field is found by its id).
 * @param {string} id the field's id
 * @param {string} key the question
 */
function watchRefusal(id, key) {
  const box = document.getElementById("errors");
  if (!box) return;
  const watch = new MutationObserver(() => {
    const text = (box.textContent || "").trim();
    if (typed.key !== key) {
      watch.disconnect(); // the number was taken: another question now
      return;
    }
    if (!text) return;
    watch.disconnect();
    typed.error = text;
    const error = document.getElementById(`${id}-error`);
    const input = document.getElementById(id);
    if (error) error.textContent = text;
    if (input) input.setAttribute("aria-invalid", "true");
  });
  watch.observe(box, { childList: true, subtree: true, characterData: true });
}

/**
 * With muggins, the show (C18-C20): the hand or crib being counted, turned up for all with
 * the starter and whose it is; the person's claim (a number), their answer to an
 * opponent's claim (muggins for a number of points, or let it stand), or whom the table
 * waits for.
 * @param {object} view the seat's view (`showing`, `claim`)
 * @param {object} ui the table's ui
 * @param {string[]} names the seats' names
 * @returns {HTMLElement | null}
 */
export function claimPanel(view, ui, names) {
  const showing = view.showing;
  if (!showing) return null;
  const claimant = names[showing.seat];
  const asked = showing.asked === null || showing.asked === undefined ? null : names[showing.asked];
  const yours = view.seat === showing.seat;
  const key = `${view.hand_number}:${showing.seat}:${showing.what}:${view.claim || ""}`;
  const parts = [];
  if (showing.said !== null && showing.said !== undefined) {
    parts.push(h("p", { class: "claim-said", id: "claim-said" }, yours ? t("You claim {points}.", { points: showing.said }) : t("{name} claims {points}.", { name: claimant, points: showing.said })));
    if (showing.claimed !== showing.said) {
      parts.push(h("p", { class: "claim-corrected" }, t("The cards hold fewer: {points} pegged (C20).", { points: showing.claimed })));
    }
  }
  if (view.claim === "claim") {
    parts.push(
      h("p", { class: "prompt", id: "claim-prompt" }, t("Count your cards with the starter and claim their points (C18).")),
      pointsForm({ id: "claim-points", key, label: t("Points you claim"), button: t("Claim"), verb: "claim", most: showing.most, ui }),
    );
  } else if (view.claim === "answer") {
    parts.push(
      h("p", { class: "prompt", id: "claim-prompt" }, t("Did the claim miss points? Call muggins for them, or let the claim stand (C19).")),
      pointsForm({ id: "muggins-points", key, label: t("Points missed"), button: t("Call muggins"), verb: "muggins", most: showing.most, ui }),
      h(
        "p",
        { class: "actions" },
        h("button", { type: "button", id: "no-muggins-button", dataset: { focus: "no-muggins" }, onclick: () => ui.act("no muggins") }, t("Let it stand")),
      ),
    );
  } else if (asked !== null && !view.replay) {
    const waiting = showing.said === null || showing.said === undefined ? t("Waiting for {name} to claim (C18).", { name: asked }) : t("Waiting for {name} to answer the claim (C19).", { name: asked });
    parts.push(h("p", { class: "muted waiting", id: "claim-waiting" }, waiting));
  }
  return h(
    "section",
    { class: "panel claiming", id: "claiming", "aria-labelledby": "claiming-title", dataset: { seat: String(showing.seat), what: showing.what } },
    h("h2", { id: "claiming-title" }, t("Counting {whose}", { whose: showing.whose })),
    h("p", { class: "shown-cards" }, chips(showing.cards), showing.starter ? h("span", { class: "with-starter" }, " + ", cardChip(showing.starter)) : null),
    ...parts,
  );
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
      number ? `${t("The show")} · ${pgettext("cribbage", "Hand {number}", { number })}` : t("The show"),
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
            h("span", { class: "points" }, labelled(t("Points"), show.points)),
          ),
          h("p", { class: "saying" }, show.saying),
          claimedLine(show, names),
        ),
      ),
    ),
  );
}

// ---- the page module's interface (generic.js says what each one does) ------------------

export const render = (view, ui, names) => renderCribbage(view, ui, names);

// The match's length, and five-card cribbage when the table plays it (C13-C17).
export const optionsLine = (view) => {
  const parts = [t("Best of {games}", { games: view.best_of })];
  if (view.cards === 5) parts.push(t("Five-card cribbage"));
  if (view.muggins) parts.push(t("Counted by the players, with muggins")); // C18-C20
  return parts.join(" · ");
};

/**
 * Badges and counts beside a player's name; the dealer's crib lies by them as a pile of
 * backs (a drop target while the cards are laid away). Among four, the side of partners
 * and "Your partner" on the viewer's partner's card (C9).
 * @param {{dealer?: number, points?: number[], hand_sizes?: number[], crib_size?: number, seat?: (number|null), sides?: {seats: number[], label: string, yours: boolean}[]}} view
 * @param {number} seat
 * @returns {(HTMLElement | null)[]}
 */
export function playerExtras(view, seat) {
  const sizes = view.hand_sizes || [];
  const crib = view.crib_size || 0;
  const sides = view.sides || [];
  const sideOf = sides.findIndex((entry) => entry.seats.includes(seat));
  const partner = sideOf >= 0 && sides[sideOf].yours && seat !== view.seat;
  return [
    view.dealer === seat ? h("span", { class: "badge" }, t("Dealer")) : null,
    partner ? h("span", { class: "badge partner-badge" }, t("Your partner")) : null,
    sideOf >= 0 ? h("span", { class: "badge side-badge" }, sides[sideOf].label) : null,
    view.points ? h("span", { class: "games" }, labelled(t("Game points"), view.points[seat])) : null,
    sizes.length ? h("span", { class: "size" }, labelled(t("Cards in hand"), sizes[seat])) : null,
    view.dealer === seat
      ? h(
          "span",
          { class: "crib-pile", id: "crib-pile", dataset: { count: String(crib) } },
          h("span", { class: "crib-backs", "aria-hidden": "true" }, ...Array.from({ length: crib }, () => h("span", { class: "back card-back" }))),
          labelled(t("Crib"), crib),
        )
      : null,
  ];
}

// A cribbage match is won by game points.
export const finalLine = (view, name, seat) =>
  view.points ? labelled(name, labelled(t("Game points"), view.points[seat])) : labelled(name, view.scores[seat]);

// A show (C6) as it was counted: the key that tells one show from the next (its hand and
// its cards; a new game's hands count from 1 again).
function showKey(view) {
  const shows = view.shows || [];
  if (!shows.length) return null;
  return shows.map((show) => `${show.hand}:${show.seat}:${show.what}:${show.cards.join(" ")}:${show.starter}`).join("|");
}

// The show of each hand and the end of each game (skunks, game points) stay on screen until
// closed, as a round's end does in Draw: the next hand is dealt at once (a bot's discard may
// follow), and the newcomer saw the show flash past below the fold. A show that ends the game
// and the game's end are one dialog.
export function latchEnd(view, latch) {
  const finished = (view.games || []).length;
  const key = showKey(view);
  if (latch.seen === null) {
    latch.seen = finished;
    latch.show = key; // a page opened after the show: not shown again
    if (view.game_end) latch.overlay = { end: view.game_end, number: finished, shows: null };
    return;
  }
  const newShow = key !== null && key !== latch.show;
  if (newShow) latch.show = key;
  if (finished > latch.seen) {
    latch.seen = finished;
    const last = view.games[finished - 1];
    latch.overlay = { end: view.game_end || { ...last, summary: [] }, number: finished, shows: newShow ? view.shows : null };
  } else if (newShow) {
    latch.overlay = { end: null, number: finished, shows: view.shows };
  } else if (latch.overlay && latch.overlay.number === finished) {
    // The same dialog, maybe in a new language.
    if (latch.overlay.end && view.game_end) latch.overlay.end = view.game_end;
    if (latch.overlay.shows && key === latch.show) latch.overlay.shows = view.shows;
  }
}

/**
 * With muggins, what a hand's or crib's owner claimed and what an opponent mugged (C18,
 * C19), under what it held; nothing at a table that counts for the players.
 * @param {{claimed?: number, mugged?: number, mugged_by?: (number|null)}} show
 * @param {string[]} names
 * @returns {HTMLElement | null}
 */
function claimedLine(show, names) {
  if (show.claimed === undefined || show.claimed === null) return null;
  const parts = [labelled(t("Claimed"), show.claimed)];
  if (show.mugged && show.mugged_by !== null && show.mugged_by !== undefined) {
    parts.push(labelled(t("Muggins by {name}", { name: names[show.mugged_by] }), show.mugged));
  }
  return h("p", { class: "claimed" }, parts.join(" · "));
}

// The show in the dialog: the starter, then each hand and the crib with its cards, every
// count (fifteens, pairs, runs, flush, nobs) with its cards and points, the saying, and
// the hand's points.
function showDialogParts(shows, names) {
  const starter = shows[0].starter;
  return [
    h("p", { class: "show-starter" }, labelled(t("Starter"), ""), cardChip(starter)),
    h(
      "ul",
      { class: "show-list" },
      ...shows.map((show) =>
        h(
          "li",
          { class: "shown", dataset: { seat: String(show.seat), what: show.what } },
          h("h3", {}, show.what === "crib" ? `${names[show.seat]} · ${t("Crib")}` : names[show.seat]),
          h("p", { class: "shown-cards" }, chips(show.cards), h("span", { class: "with-starter" }, " + ", cardChip(show.starter))),
          (show.items || []).length
            ? h(
                "ul",
                { class: "counts-said" },
                ...show.items.map((item) =>
                  h("li", { class: "count-item", dataset: { kind: item.kind } }, labelled(item.label, ""), chips(item.cards), ` → ${item.points}`),
                ),
              )
            : null,
          h("p", { class: "saying" }, show.saying),
          h("p", { class: "points" }, labelled(t("Points"), show.points)),
          claimedLine(show, names),
        ),
      ),
    ),
  ];
}

export function dialogContent(view, overlay, names) {
  const { end, shows } = overlay;
  const scoresLine = (scores) => h("p", { class: "scores-after" }, names.map((name, seat) => labelled(name, scores[seat])).join(" · "));
  const showParts = shows && shows.length ? showDialogParts(shows, names) : [];
  if (!end) {
    const number = shows[0].hand;
    return {
      title: number ? `${t("The show")} · ${pgettext("cribbage", "Hand {number}", { number })}` : t("The show"),
      children: [...showParts, scoresLine(view.scores)],
      close: t("Continue"),
    };
  }
  const kind = { skunk: t("Skunk"), "double skunk": t("Double skunk") }[end.kind];
  return {
    title: t("Game over"),
    children: [
      kind ? h("p", { class: "skunk" }, kind) : null,
      ...(end.summary || []).map((line) => h("p", { class: "summary" }, line)),
      scoresLine(end.scores),
      end.points_after
        ? h("p", {}, labelled(t("Game points"), names.map((name, seat) => labelled(name, end.points_after[seat])).join(" · ")))
        : null,
      ...(showParts.length ? [h("h3", {}, t("The show")), ...showParts] : []),
    ],
    close: t("Close"),
  };
}

// The log's card codes ("QC", "10H", as the server writes them in every language) drawn as
// the page draws cards ("Q♣", red or black), each named in words for screen readers.
const CARD_CODE = /(?<![A-Za-z0-9])(10|[2-9AJQK])([SHDC])(?![A-Za-z0-9])/g;

export function logEntry(text) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(CARD_CODE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const card = match[0];
    const red = match[2] === "H" || match[2] === "D";
    parts.push(h("span", { class: `card-text${red ? " red" : ""}`, role: "img", "aria-label": cardWords(card), dataset: { card } }, cardName(card)));
    at = match.index + card.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A hint's move with its cards drawn as the table draws them ("Discard 4♦ 8♦" as chips),
 * not as the server's codes ("4D 8D").
 * @param {object} view the seat's view
 * @param {{action: string, label?: string}} hint the hint
 * @returns {(string | Node)[]}
 */
export function hintFace(view, hint) {
  const text = hint.label || hint.action;
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(CARD_CODE)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(cardChip(match[0]));
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

// The same in words alone, for the live region that reads new events aloud.
export const logSpeech = (text) => text.replace(CARD_CODE, (card) => cardWords(card));

export const FOCUS_NEXT = ".playable[aria-disabled=false], #go-button:not([disabled]), #claim-points, #muggins-points";

/**
 * A seat's hand as the table draws cards (a replay shows every hand).
 * @param {string[] | null | undefined} hand the cards, as the views write them ("5H")
 * @returns {HTMLElement}
 */
export const handShown = (hand) => chips(hand);
