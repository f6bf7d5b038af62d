// Leavers (issue 13): an away seat with the time left before the others may act (counted
// down here from the server's figures), the seat a bot plays for its absent player, the
// button that hands an away seat to a bot (an unrated table) or claims the win (a rated
// one), and the end of a match lost by forfeit. The server decides: this only shows.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { botLabel } from "./lobby.js";

// Seconds as m:ss ("1:05").
export function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// The seconds since the state came, and so the seat's figures as they stand now.
function now(info, receivedAt) {
  const passed = (Date.now() - receivedAt) / 1000;
  return { away: info.away + passed, left: Math.max(0, info.grace_left - passed) };
}

// An away seat's words: the time left before the others may act, then how long it has been.
export function awayText(info, receivedAt) {
  const { away, left } = now(info, receivedAt);
  if (left > 0) return t("Away, {time} left", { time: clockText(Math.ceil(left)) });
  return t("Away for {time}", { time: clockText(away) });
}

// Whether the grace time of the away seat has ended (by the page's count).
export function graceOver(info, receivedAt) {
  return info.grace_left !== null && info.grace_left !== undefined && now(info, receivedAt).left <= 0;
}

/**
 * The presence badge of a person's seat whose player is away: played by a bot, or waiting
 * (with its time, while the match is on; a finished match counts no time).
 * @param {{seat: number, away?: number | null, grace_left?: number | null, stand_in?: string | null}} info the seat
 * @param {number} receivedAt when the state came (Date.now())
 * @param {boolean} [over] whether the match is over
 * @returns {HTMLElement}
 */
export function awayBadge(info, receivedAt, over = false) {
  if (info.stand_in) {
    return h(
      "span",
      { class: "presence stand-in", dataset: { presence: "stand-in", seat: String(info.seat) } },
      t("Away: {bot} plays for them", { bot: botLabel(info.stand_in) }),
    );
  }
  return h(
    "span",
    { class: "presence away", dataset: { presence: "away", seat: String(info.seat) } },
    over || info.away === null || info.away === undefined ? t("Away") : awayText(info, receivedAt),
  );
}

// The button another seated player has once the away seat's grace time is over.
export function leaverButton(table, info, name, you, over, receivedAt, send) {
  if (you === null || you === undefined || over || table.forfeit !== null) return null;
  if (info.kind !== "human" || !info.claimed || info.connected || info.stand_in || info.seat === you) return null;
  if (!graceOver(info, receivedAt)) return null;
  const claim = table.leavers === "claim";
  return h(
    "button",
    {
      type: "button",
      class: "leaver-button",
      id: `leaver-${info.seat}`,
      dataset: { focus: `leaver-${info.seat}` },
      "aria-label": claim ? t("Claim the win: {name} left", { name }) : t("Hand to a bot: {name}", { name }),
      onclick: () => send({ type: claim ? "claim" : "takeover", seat: info.seat }),
    },
    claim ? t("Claim the win") : t("Hand to a bot"),
  );
}

// The words of a match lost by forfeit: how (its seat's win claimed, its player resigned by
// leaving, or ran out of time), and when it came before every seat had moved, that the
// match is aborted (pegboard.web.fair_play.ending_text says the same for the replays).
const ENDINGS = {
  claim: "{name} left: the match is over by forfeit.",
  resign: "{name} left the table: the match is over by resignation.",
  flag: "{name} ran out of time: the match is over.",
};

export function forfeitText(table, names) {
  const said = t(ENDINGS[table.ending] || ENDINGS.claim, { name: names[table.forfeit] });
  if (!table.aborted) return said;
  return `${said} ${t("The match is aborted: not every player had moved yet, so it is not rated.")}`;
}

// Every second: the away seats' words again, and a render when a grace time ends (its
// button appears). Returns the interval's id.
export function tickAway(main, page) {
  return setInterval(() => {
    const message = page.message;
    if (!message || !message.table || page.isOver(message.view)) return; // no timers after the end
    let ended = false;
    for (const info of message.table.seats) {
      if (info.away === null || info.away === undefined || info.stand_in || info.seat === message.you) continue;
      const badge = main.querySelector(`.presence.away[data-seat="${info.seat}"]`);
      if (badge) {
        const text = awayText(info, page.receivedAt);
        if (badge.textContent !== text) badge.textContent = text;
      }
      const button = main.querySelector(`#leaver-${info.seat}`);
      if (!button && graceOver(info, page.receivedAt) && !info.connected) ended = true;
    }
    if (ended && page.mayOfferLeaver()) page.render();
  }, 1000);
}

/**
 * What leaving one's seat means at this table, in the words of the confirmation (the
 * server's leave: docs/web.md, "POST .../leave"): a rated match in play is resigned; else the
 * seat becomes free and the match waits for whoever takes it.
 * @param {{rated?: boolean, public?: boolean}} table the table's summary
 * @param {boolean} over whether the match is over
 * @returns {string}
 */
export function leavingText(table, over) {
  if (over) return t("The match is over: your seat becomes free for whoever comes next.");
  if (table.rated) {
    return t("This match is rated: leaving now resigns it, and you lose it by forfeit (or it is aborted, if not every player has moved yet).");
  }
  if (table.public) return t("Your seat becomes free: anyone may take it from the open tables, and the match waits until someone does.");
  return t("Your seat becomes free: the match waits until someone you invite takes it.");
}

/**
 * The confirmation of Leave, in its dialog: what leaving means here, then Stay (the focus,
 * as Escape) and Leave table.
 * @param {HTMLDialogElement} dialog the dialog to fill and open
 * @param {string} words what leaving means (leavingText)
 * @param {() => void} leave what Leave table does
 * @returns {void}
 */
export function confirmLeaving(dialog, words, leave) {
  dialog.replaceChildren(
    h("h2", { id: "leave-confirm-title" }, t("Leave this table?")),
    h("p", { id: "leave-confirm-text" }, words),
    h(
      "div",
      { class: "actions" },
      h("button", { type: "button", id: "leave-stay-button", class: "primary", autofocus: true, onclick: () => dialog.close() }, t("Stay")),
      h(
        "button",
        {
          type: "button",
          id: "leave-confirm-button",
          onclick: () => {
            dialog.close();
            leave();
          },
        },
        t("Leave table"),
      ),
    ),
  );
  if (!dialog.open) dialog.showModal();
}
