// Taking a seat at a table (/t/ID): the seat keys this browser holds, and the form that
// asks a person's name before it claims a one-time invitation (#invite=CODE) or joins a
// public table's free seat from the list (#join=N). The key a claim gives is this
// browser's alone: it is kept in localStorage, and the address no longer holds anything.

import { clearError, fill, h, showError } from "./dom.js";
import { gameLabel, loadGames } from "./games.js";
import { lang, t } from "./i18n.js";
import { errorText, rememberedName, rememberTheName } from "./lobby.js";

const KEY_PREFIX = "pegboard.seat.";

// What the address's fragment asks for: a seat and its key, an invitation, a seat to join.
export function fragment(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = params.get("seat");
  const token = params.get("token");
  const invite = params.get("invite");
  const join = params.get("join");
  return {
    seat: seat !== null && token !== null && /^\d+$/.test(seat) ? Number(seat) : null,
    token: seat !== null && token !== null && /^\d+$/.test(seat) ? token : null,
    invite: invite || null,
    join: join !== null && /^\d+$/.test(join) ? Number(join) : null,
  };
}

export function storedKey(tableId) {
  try {
    const value = JSON.parse(localStorage.getItem(KEY_PREFIX + tableId) || "null");
    if (value && Number.isInteger(value.seat) && typeof value.token === "string") return value;
  } catch {
    /* storage off, or not ours */
  }
  return null;
}

/**
 * Keeps a seat's key in this browser.
 * @param {string} tableId the table
 * @param {number} seat the seat
 * @param {string} token the seat's key
 * @returns {boolean} whether it is kept (false: storage is off)
 */
export function keepKey(tableId, seat, token) {
  try {
    localStorage.setItem(KEY_PREFIX + tableId, JSON.stringify({ seat, token }));
    return true;
  } catch {
    return false; /* storage off: this tab holds the seat while it is open */
  }
}

export function forgetKey(tableId) {
  try {
    localStorage.removeItem(KEY_PREFIX + tableId);
  } catch {
    /* storage off */
  }
}

// The seat this page opens: the fragment's seat and key (kept for the next visit), else
// the key kept from an earlier visit, else the seat this browser's player holds (opened by
// the player's identity, its HttpOnly cookie), else none (a spectator).
export async function seatOf(tableId, asked) {
  if (asked.seat !== null) {
    // Once kept, the key leaves the address: a copied or shared address never carries it,
    // and a reload opens the seat from the kept key. Where nothing can be kept (storage
    // off), the address stays the only way back to the seat.
    if (keepKey(tableId, asked.seat, asked.token)) history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}`);
    return { seat: asked.seat, token: asked.token };
  }
  const stored = storedKey(tableId);
  if (stored) return stored;
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/mine`);
    const mine = answer.ok ? await answer.json() : null;
    if (mine && Number.isInteger(mine.seat)) return { seat: mine.seat, token: null, player: true };
  } catch {
    /* the server is out of reach: watch, and the socket's retries find it */
  }
  return { seat: null, token: null };
}

// This browser's player ({id, name, page}; id null: none yet).
export async function whoAmI() {
  try {
    const answer = await fetch("/api/me");
    if (answer.ok) return await answer.json();
  } catch {
    /* out of reach */
  }
  return { id: null, name: null, page: null };
}

// The form that takes a seat: resolves with {seat, token} once the seat is this browser's,
// or with no seat when the person chooses to watch (or the invitation is spent).
export function askForSeat(main, tableId, asked) {
  return new Promise((resolve) => {
    const table = `/api/tables/${encodeURIComponent(tableId)}`;
    let summary = null;
    let spent = null; // the refusal of a claim (or of the invitation's check), once it came
    // An invitation is checked before a name is asked (issue 35): one no longer valid is
    // said once, and no name is asked for nothing.
    let checking = asked.invite !== null;
    const render = () => {
      const name = /** @type {HTMLInputElement | null} */ (document.getElementById("claim-name"));
      const typed = name ? name.value : rememberedName();
      const focused = document.activeElement && document.activeElement.id === "claim-name";
      let where = summary ? gameLabel(summary.game) : "";
      if (where && asked.join !== null) where += ` · ${t("Seat {number}", { number: asked.join + 1 })}`;
      fill(
        main,
        h(
          "section",
          { class: "panel claim", id: "claim", "aria-labelledby": "claim-title" },
          h("h1", { id: "claim-title" }, t("Take your seat")),
          where ? h("p", { class: "muted" }, where) : null,
          spent
            ? h("p", { id: "claim-refused", role: "alert" }, spent)
            : checking
              ? h("p", { class: "muted", id: "claim-checking" }, "…")
              : h(
                "form",
                { id: "claim-form", onsubmit: (event) => submit(event) },
                h("p", {}, t("Choose the name the others at the table will see.")),
                h(
                  "label",
                  { class: "field" },
                  h("span", {}, t("Your name")),
                  h("input", { id: "claim-name", type: "text", maxlength: "24", autocomplete: "nickname", required: true, value: typed }),
                ),
                h("button", { type: "submit", id: "claim-button", class: "primary" }, t("Take this seat")),
              ),
          h(
            "p",
            {},
            h(
              "button",
              { type: "button", id: "watch-button", onclick: () => done({ seat: null, token: null }) },
              t("Spectate"),
            ),
          ),
        ),
      );
      if (focused) document.getElementById("claim-name")?.focus();
    };
    const done = (creds) => {
      history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}`); // nothing in the address
      resolve(creds);
    };
    const submit = async (event) => {
      event.preventDefault();
      clearError();
      const name = /** @type {HTMLInputElement} */ (document.getElementById("claim-name")).value.trim();
      rememberTheName(name);
      const url = asked.join !== null ? `${table}/seats/${asked.join}/join` : `${table}/claim`;
      const body = asked.join !== null ? { name, lang: lang() } : { invite: asked.invite, name, lang: lang() };
      let answer;
      try {
        answer = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      } catch {
        showError(t("The server cannot be reached."));
        return;
      }
      const result = await answer.json().catch(() => ({}));
      if (!answer.ok || typeof result.token !== "string") {
        spent = errorText(result) || t("Something went wrong. Try again.");
        render(); // said once, in the panel (an alert), not again in the errors' box
        return;
      }
      keepKey(tableId, result.seat, result.token);
      done({ seat: result.seat, token: result.token });
    };
    render();
    if (checking) {
      checkInvitation(table, asked.invite).then((refusal) => {
        checking = false;
        spent = refusal;
        render();
      });
    }
    Promise.all([fetch(table).then((answer) => (answer.ok ? answer.json() : null)), loadGames(), whoAmI()]).then(
      ([value, , player]) => {
        summary = value;
        const name = /** @type {HTMLInputElement | null} */ (document.getElementById("claim-name"));
        if (name && !name.value && player.name) name.value = player.name; // the player's own
        render();
      },
      () => {},
    );
  });
}

/**
 * Whether an invitation still works (POST /api/tables/ID/invitation, which claims nothing):
 * null when it does, else the server's refusal in words ("This invitation was already
 * used..."). Out of reach, null: the claim itself will say what went wrong.
 * @param {string} table the table's REST address
 * @param {string} invite the invitation's code
 * @returns {Promise<string|null>}
 */
async function checkInvitation(table, invite) {
  try {
    const answer = await fetch(`${table}/invitation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ invite, lang: lang() }),
    });
    if (answer.ok) return null;
    const result = await answer.json().catch(() => ({}));
    return errorText(result) || t("Something went wrong. Try again.");
  } catch {
    return null;
  }
}
