// The lobby's "You" panel: this browser's player (remembered without a password by an
// HttpOnly cookie the page never reads), its display name, the link to its page, and the
// "use on another device" code that moves the identity to another browser (and can be
// revoked before it is used).

import { clearError, h, showError } from "./dom.js";
import { lang, t } from "./i18n.js";
import { errorText, rememberTheName } from "./lobby.js";
import { whoAmI } from "./seat.js";

// draft: the name typed and not saved yet (the lobby's one name field keeps it across its
// re-renders, and Play or Create table give it to the new seat).
const me = { id: null, name: null, page: null, code: null, note: "", draft: null };

export async function loadMe() {
  Object.assign(me, await whoAmI());
  return me;
}

export function myName() {
  return me.name || "";
}

async function call(method, url, body) {
  clearError();
  let answer;
  try {
    answer = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify({ ...body, lang: lang() }),
    });
  } catch {
    showError(t("The server cannot be reached."));
    return null;
  }
  const result = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    showError(errorText(result) || t("Something went wrong. Try again."));
    return null;
  }
  return result;
}

export function mePanel(rerender) {
  const saveName = async (event) => {
    event.preventDefault();
    const name = /** @type {HTMLInputElement} */ (document.getElementById("me-name")).value.trim();
    const result = await call("PUT", "/api/me", { name });
    if (!result) return;
    Object.assign(me, result);
    me.draft = null;
    rememberTheName(name);
    me.note = t("Saved.");
    rerender();
  };
  const makeCode = async () => {
    const result = await call("POST", "/api/me/code", {});
    if (!result) return;
    me.code = result.code;
    me.note = "";
    rerender();
  };
  const revoke = async () => {
    const result = await call("DELETE", "/api/me/code");
    if (!result) return;
    me.code = null;
    me.note = t("The code is revoked.");
    rerender();
  };
  const useCode = async (event) => {
    event.preventDefault();
    const code = /** @type {HTMLInputElement} */ (document.getElementById("device-input")).value.trim();
    const result = await call("POST", "/api/me/device", { code });
    if (!result) return;
    Object.assign(me, result);
    me.draft = null;
    if (result.name) rememberTheName(result.name);
    me.note = t("This browser is now {name}.", { name: result.name || result.id });
    rerender();
  };
  return h(
    "section",
    { class: "panel me", id: "me-panel", "aria-labelledby": "me-title" },
    h("h2", { id: "me-title" }, t("You")),
    me.page ? h("p", {}, h("a", { href: me.page, id: "my-page" }, t("Your matches"))) : null,
    h(
      "form",
      { id: "me-form", onsubmit: saveName },
      h(
        "label",
        { class: "field" },
        h("span", {}, t("Your name")),
        h("input", {
          id: "me-name",
          type: "text",
          maxlength: "24",
          autocomplete: "nickname",
          value: me.draft ?? (me.name || ""),
          oninput: (/** @type {Event} */ event) => {
            me.draft = /** @type {HTMLInputElement} */ (event.target).value;
          },
        }),
      ),
      h("button", { type: "submit", id: "me-save" }, t("Save name")),
    ),
    me.id
      ? me.code
        ? h(
            "div",
            { class: "device-code" },
            h("p", {}, t("Enter this code on your other device, within a day; it works once.")),
            h("input", { type: "text", readonly: true, id: "device-code", value: me.code, "aria-label": t("Use on another device") }),
            h("button", { type: "button", id: "revoke-code", onclick: revoke }, t("Revoke the code")),
          )
        : h("button", { type: "button", id: "make-code", onclick: makeCode }, t("Use on another device"))
      : null,
    h(
      "form",
      { id: "device-form", onsubmit: useCode },
      h(
        "label",
        { class: "field" },
        h("span", {}, t("A code from your other device")),
        h("input", { id: "device-input", type: "text", maxlength: "64", autocomplete: "off" }),
      ),
      h("button", { type: "submit", id: "device-use" }, t("Use this code")),
    ),
    me.note ? h("p", { id: "me-note", role: "status" }, me.note) : null,
  );
}
