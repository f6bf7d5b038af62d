// The page's own strings come translated from the server (GET /api/messages, gettext
// catalogs); game texts arrive already translated inside each view. Messages are looked
// up by their English msgid, so a string the catalog lacks still shows in English.

// The languages are the page's list (#lang-select), which the server writes from its one
// definition (pegboard.core.languages): each option's value is the catalog's code (pt_BR),
// its lang the BCP 47 tag screen readers pick their voice from (pt-BR), and its data-key
// the language key (pt), which starts the browser's tags for it.
const OFFERED = [.../** @type {HTMLSelectElement | null} */ (document.getElementById("lang-select"))?.options || []].map((option) => ({
  code: option.value,
  tag: option.lang || option.value,
  key: option.dataset.key || option.value,
}));

export const LANGUAGES = OFFERED.length ? OFFERED.map((language) => language.code) : ["en"];

const HTML_LANG = Object.fromEntries(OFFERED.map((language) => [language.code, language.tag]));

const STORAGE_KEY = "pegboard.lang";

let current = "en";
let messages = {};
const listeners = [];

// The language to start in: the one chosen before, else the browser's, else English.
export function initialLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem(STORAGE_KEY);
  } catch {
    saved = null; // storage may be off (private mode); the browser's language then
  }
  if (saved && LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const lower = tag.toLowerCase();
    const known = OFFERED.find((language) => lower.startsWith(language.key.toLowerCase()));
    if (known) return known.code;
  }
  return "en";
}

export function lang() {
  return current;
}

export function htmlLang(code = current) {
  return HTML_LANG[code] || "en";
}

// Fetch the catalog of `code` and make it current; listeners re-render every string.
export async function setLanguage(code) {
  if (!LANGUAGES.includes(code)) code = "en";
  let table = {};
  try {
    const answer = await fetch(`/api/messages?lang=${encodeURIComponent(code)}`);
    if (answer.ok) {
      const body = await answer.json();
      table = body.messages || {};
    }
  } catch {
    table = {}; // offline: English msgids still read well
  }
  current = code;
  messages = table;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    /* storage off: the choice lasts for this page only */
  }
  document.documentElement.lang = htmlLang(code);
  translateStatic(document);
  for (const listener of listeners) listener(code);
}

/**
 * The catalog of a page the server wrote in one language (a replay, whose address says its
 * language): made current as setLanguage does, without the language switch's list (that
 * page has links instead) and without storing a choice the reader did not make here.
 * @param {string} code the page's language key (its <html data-lang>: "pt")
 * @returns {Promise<void>}
 */
export async function usePageLanguage(code) {
  let table = {};
  try {
    const answer = await fetch(`/api/messages?lang=${encodeURIComponent(code)}`);
    if (answer.ok) table = (await answer.json()).messages || {};
  } catch {
    table = {}; // offline: English msgids still read well
  }
  current = code;
  messages = table;
}

export function onLanguage(listener) {
  listeners.push(listener);
}

// t("Seat {number}", {number: 2}): the translation of a msgid with its fields filled in. Both
// Python brace fields and %(name)s fields are understood, as the catalogs may use either.
export function t(msgid, fields = {}) {
  return fill(lookUp(msgid) ?? msgid, fields);
}

/**
 * The catalog's translation of a key, if it has one.
 * @param {string} key a msgid, or a context and a msgid (see pgettext)
 * @returns {string | undefined}
 */
function lookUp(key) {
  return Object.prototype.hasOwnProperty.call(messages, key) && messages[key] ? messages[key] : undefined;
}

/**
 * A text with its fields filled in.
 * @param {string} text
 * @param {Object<string, unknown>} fields
 * @returns {string}
 */
function fill(text, fields) {
  return text
    .replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole))
    .replace(/%\((\w+)\)[sd]/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/**
 * A label and its value as the reader's language punctuates them: "Score: 5", zh "得分：5"
 * (the catalog's "{label}: {value}"), never a colon written here.
 * @param {string} label already in the reader's language
 * @param {unknown} value
 * @returns {string}
 */
export function labelled(label, value) {
  return fill(lookUp("{label}: {value}") ?? "{label}: {value}", { label, value: String(value) });
}

// pgettext("running count", "Count"): a word in one of its roles (gettext's msgctxt), for
// an English word that other languages say differently in each role; keyed as the server's
// catalog keys it (the context, U+0004, the msgid).
export function pgettext(context, msgid, fields = {}) {
  return fill(lookUp(`${context}\u0004${msgid}`) ?? msgid, fields);
}

// Elements written in index.html carry their msgid: data-i18n (text), data-i18n-title,
// data-i18n-label (aria-label).
export function translateStatic(root) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-title]")) {
    element.title = t(element.dataset.i18nTitle);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
}
