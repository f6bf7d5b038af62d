// Clocks (issue 33): each seat's time left, the running one counted down here from the
// server's figures (table.clock: the time left in ms as the state was made, and whose
// clock runs). The server counts and flags: this only shows. Screen readers hear the
// time left when they ask (the "Time left" button), and once when the player's own time
// falls under LOW_SECONDS.

import { h } from "./dom.js";
import { htmlLang, labelled, t } from "./i18n.js";

const LOW_SECONDS = 20;
// A correspondence table's move is "low" in its last hours: the player has a day to come.
const LOW_CORRESPONDENCE_SECONDS = 6 * 3600;
const TICK_MS = 250;

/**
 * A whole number of days, hours or minutes in the page's language, by CLDR (Intl):
 * "2 days", "2天", "2 दिन", with the plural each language asks for.
 * @param {number} amount
 * @param {"day" | "hour" | "minute"} unit
 * @param {"long" | "narrow"} [display]
 */
export function unitText(amount, unit, display = "long") {
  return new Intl.NumberFormat(htmlLang(), { style: "unit", unit, unitDisplay: display }).format(amount);
}

// A correspondence table's days a move (pegboard.web.clocks.CORRESPONDENCE_DAYS).
export const CORRESPONDENCE_DAYS = [1, 2, 3, 7];

/**
 * A correspondence table's pace in words: "Correspondence: 3 days a move".
 * @param {number} days
 */
export function correspondenceText(days) {
  return t("Correspondence: {time} a move", { time: unitText(days, "day") });
}

// A correspondence clock's time left: days and hours, hours and minutes, then m:ss.
export function longFigure(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86400);
  const hours = Math.floor((whole % 86400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (days > 0) return `${unitText(days, "day", "narrow")} ${unitText(hours, "hour", "narrow")}`;
  if (hours > 0) return `${unitText(hours, "hour", "narrow")} ${unitText(minutes, "minute", "narrow")}`;
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

// Seconds as m:ss, or s.d under ten seconds ("0:07" would hide the tenths that matter); a
// correspondence clock's (days a move) in days and hours.
export function clockFigure(seconds, correspondence = false) {
  if (correspondence) return longFigure(seconds);
  const left = Math.max(0, seconds);
  if (left < 10) return (Math.floor(left * 10) / 10).toFixed(1);
  const whole = Math.floor(left);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// The time under which a clock shows (and says, once) that it runs low.
function lowSeconds(clock) {
  return clock.days ? LOW_CORRESPONDENCE_SECONDS : LOW_SECONDS;
}

// A seat's seconds left now, by the page's count since the state came.
export function secondsLeft(clock, seat, receivedAt) {
  const left = clock.left[seat] / 1000;
  if (clock.running !== seat) return left;
  return Math.max(0, left - (Date.now() - receivedAt) / 1000);
}

// A seat's clock, or nothing at a table without one (or a bot's seat: bots have none).
export function clockBadge(table, seat, receivedAt) {
  const clock = table && table.clock;
  const info = table && table.seats[seat];
  if (!clock || !info || info.kind !== "human") return null;
  const seconds = secondsLeft(clock, seat, receivedAt);
  const running = clock.running === seat;
  const figure = clockFigure(seconds, Boolean(clock.days));
  return h(
    "span",
    {
      class: `clock${running ? " running" : ""}${seconds < lowSeconds(clock) ? " low" : ""}`,
      dataset: { seat: String(seat), running: String(running) },
      // Not a live region: a clock read out every second would drown everything else.
      role: "timer",
      "aria-label": t("Time left: {time}", { time: figure }),
    },
    figure,
  );
}

// Every seat's time left in words, for the "Time left" button's announcement.
export function timeLeftText(table, names, receivedAt) {
  const clock = table.clock;
  const parts = [];
  for (let seat = 0; seat < names.length; seat += 1) {
    const info = table.seats[seat];
    if (!info || info.kind !== "human") continue;
    const figure = clockFigure(secondsLeft(clock, seat, receivedAt), Boolean(clock.days));
    parts.push(clock.running === seat ? t("{name}: {time}, running", { name: names[seat], time: figure }) : labelled(names[seat], figure));
  }
  return `${labelled(t("Time left"), parts.join("; "))}.`;
}

// The button that says every clock to a screen reader (and to anyone who asks).
export function timeLeftButton(page) {
  const table = page.message && page.message.table;
  if (!table || !table.clock) return null;
  return h(
    "button",
    {
      type: "button",
      id: "time-left-button",
      dataset: { focus: "time-left" },
      onclick: () => {
        const box = document.getElementById("announce");
        const text = timeLeftText(page.message.table, page.names(page.message.view), page.receivedAt);
        if (box) box.textContent = box.textContent === text ? `${text} ` : text; // said again
      },
    },
    t("Time left"),
  );
}

// Four times a second: the running clock's figure again, and the player's own warning once
// when their time falls under LOW_SECONDS. Returns the interval's id.
export function tickClocks(main, page) {
  let warned = null; // the state (match:seq) whose low time was said
  return setInterval(() => {
    const message = page.message;
    const clock = message && message.table && message.table.clock;
    if (!clock || clock.running === null || clock.running === undefined) return;
    const seat = clock.running;
    const seconds = secondsLeft(clock, seat, page.receivedAt);
    const badge = main.querySelector(`.clock[data-seat="${seat}"]`);
    const figure = clockFigure(seconds, Boolean(clock.days));
    if (badge) {
      if (badge.textContent !== figure) {
        badge.textContent = figure;
        badge.setAttribute("aria-label", t("Time left: {time}", { time: figure }));
      }
      badge.classList.toggle("low", seconds < lowSeconds(clock));
    }
    const state = `${message.match}:${message.seq}`;
    if (seat === message.you && seconds < lowSeconds(clock) && warned !== state) {
      warned = state;
      const box = document.getElementById("announce");
      if (box) box.textContent = t("{time} left on your clock.", { time: figure });
    }
  }, TICK_MS);
}
