// The table's optional sounds: a short tone when it becomes your turn, two rising ones when
// the scores change. Generated with Web Audio (no audio files), off until the person turns
// them on; the choice is kept in this browser (localStorage).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_KEY = "pegboard.sound";

/** @type {AudioContext | null} */
let context = null;

/**
 * Whether the sounds are on (off unless this browser was told otherwise).
 * @returns {boolean}
 */
export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false; // storage off (private mode): no sound
  }
}

/**
 * Turns the sounds on or off, remembered for the next visit.
 * @param {boolean} on
 * @returns {void}
 */
function setSound(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // storage off: the choice lasts as long as the page
  }
  if (on && !context && typeof AudioContext === "function") context = new AudioContext();
  if (!on && context) {
    context.close();
    context = null;
  }
}

/**
 * Plays tones one after the other (Hz), each `ms` long, if the sounds are on.
 * @param {number[]} pitches
 * @param {number} ms
 * @returns {void}
 */
function tones(pitches, ms) {
  if (!soundOn()) return;
  if (!context && typeof AudioContext === "function") context = new AudioContext();
  if (!context) return;
  const audio = context;
  pitches.forEach((pitch, i) => {
    const start = audio.currentTime + (i * ms) / 1000;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = pitch;
    // A soft attack and release: a click-free chime, not a beep.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + ms / 1000 + 0.02);
  });
  // Counted for the tests (and visible in devtools): how many sounds the page made.
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
}

/**
 * The sounds a new state calls for: your turn come round, the scores changed.
 * @param {{your_turn?: boolean, scores?: number[]} | null} before the previous view
 * @param {{your_turn?: boolean, scores?: number[]}} now the new view
 * @returns {void}
 */
export function soundsFor(before, now) {
  if (!before) return; // the first state is no event
  const scored = JSON.stringify(before.scores || []) !== JSON.stringify(now.scores || []);
  if (scored) tones([523, 784], 110);
  else if (now.your_turn && !before.your_turn) tones([660], 140);
}

/**
 * The button that turns the sounds on and off (a toggle: aria-pressed says which).
 * @param {() => void} changed called after a switch (the page re-renders)
 * @returns {HTMLElement}
 */
export function soundToggle(changed) {
  const on = soundOn();
  return h(
    "button",
    {
      type: "button",
      id: "sound-toggle",
      class: "sound-toggle",
      "aria-pressed": on ? "true" : "false",
      dataset: { focus: "sound" },
      onclick: () => {
        setSound(!soundOn());
        changed();
      },
    },
    // One name whatever the state (aria-pressed says it), a sign that shows it.
    h("span", { class: "sound-sign", "aria-hidden": "true" }, "♪"),
    ` ${t("Sound")}`,
  );
}
