// The lobby (/): create a table, see its invitations, join an open table.

import { clearError, fill, h, showError } from "./dom.js";
import { lang, onLanguage, t } from "./i18n.js";

const LEVELS = ["random", "greedy", "expert", "ismcts"];
const REFRESH_EVERY = 5000;
const NAME_KEY = "pegboard.name";

// What the form holds, kept across re-renders (a language switch rebuilds every string).
const form = {
  game: "draw",
  players: 2,
  seats: [
    { kind: "human", level: "expert" },
    { kind: "bot", level: "expert" },
    { kind: "bot", level: "expert" },
    { kind: "bot", level: "expert" },
  ],
  target: "",
  bestOf: 1,
  name: "",
};

let created = null; // the answer of POST /api/tables, once a table is made
let openTables = [];
let root = null;

export function startLobby(main) {
  root = main;
  try {
    form.name = localStorage.getItem(NAME_KEY) || "";
  } catch {
    form.name = "";
  }
  onLanguage(() => render());
  render();
  refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, REFRESH_EVERY);
}

function render() {
  document.title = `pegboard · ${t("Draw dominoes")} · ${t("Cribbage")}`;
  const keep = document.activeElement && document.activeElement.id;
  fill(root, h("h1", {}, "pegboard"), created ? createdPanel() : createForm(), tablesPanel());
  if (keep) {
    const again = document.getElementById(keep);
    if (again) again.focus({ preventScroll: true });
  }
}

function seatCount() {
  return form.game === "cribbage" ? 2 : form.players;
}

export function levelLabel(level) {
  const labels = { random: t("Random"), greedy: t("Greedy"), expert: t("Expert"), ismcts: t("Search (ISMCTS)") };
  return labels[level] || level;
}

export function gameLabel(game) {
  return game === "cribbage" ? t("Cribbage") : t("Draw dominoes");
}

function seatLabel(seat) {
  return t("Seat {number}", { number: seat + 1 });
}

function field(label, control) {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

function createForm() {
  const gameChoice = h(
    "fieldset",
    { class: "choices" },
    h("legend", {}, t("Game")),
    ...["draw", "cribbage"].map((game) =>
      h(
        "label",
        {},
        h("input", {
          type: "radio",
          name: "game",
          id: `game-${game}`,
          value: game,
          checked: form.game === game,
          onchange: () => {
            form.game = game;
            render();
          },
        }),
        " ",
        gameLabel(game),
      ),
    ),
  );
  const seats = [];
  if (form.game === "draw") {
    seats.push(
      field(
        t("Players"),
        h(
          "select",
          {
            id: "players",
            onchange: (event) => {
              form.players = Number(event.target.value);
              render();
            },
          },
          ...[2, 3, 4].map((n) => h("option", { value: String(n), selected: form.players === n }, String(n))),
        ),
      ),
    );
  }
  for (let i = 0; i < seatCount(); i += 1) seats.push(seatRow(i));
  const options =
    form.game === "draw"
      ? field(
          t("Target score"),
          h("input", {
            id: "target",
            type: "number",
            min: "1",
            max: "1000",
            inputmode: "numeric",
            // The rules' default (D17): 100 points with two players, 61 with three or four.
            placeholder: t("Default ({target})", { target: form.players === 2 ? 100 : 61 }),
            value: form.target,
            oninput: (event) => {
              form.target = event.target.value;
            },
          }),
        )
      : field(
          t("Best of"),
          h(
            "select",
            {
              id: "best-of",
              onchange: (event) => {
                form.bestOf = Number(event.target.value);
              },
            },
            ...[1, 3, 5, 7].map((n) =>
              h("option", { value: String(n), selected: form.bestOf === n }, t("Best of {games}", { games: n })),
            ),
          ),
        );
  return h(
    "section",
    { class: "panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("New table")),
    h(
      "form",
      { id: "create-form", onsubmit: (event) => createTable(event) },
      gameChoice,
      field(
        t("Your name"),
        h("input", {
          id: "your-name",
          type: "text",
          maxlength: "24",
          autocomplete: "nickname",
          value: form.name,
          oninput: (event) => {
            form.name = event.target.value;
          },
        }),
      ),
      h("fieldset", { class: "seats" }, h("legend", {}, t("Players")), ...seats),
      options,
      h("button", { type: "submit", id: "create", class: "primary" }, t("Create table")),
    ),
  );
}

function seatRow(i) {
  const seat = form.seats[i];
  const kind = h(
    "select",
    {
      id: `seat-${i}-kind`,
      "aria-label": seatLabel(i),
      onchange: (event) => {
        seat.kind = event.target.value;
        render();
      },
    },
    h("option", { value: "human", selected: seat.kind === "human" }, t("Human")),
    h("option", { value: "bot", selected: seat.kind === "bot" }, t("Bot")),
  );
  const level =
    seat.kind === "bot"
      ? h(
          "select",
          {
            id: `seat-${i}-level`,
            "aria-label": `${t("Bot level")} (${seatLabel(i)})`,
            onchange: (event) => {
              seat.level = event.target.value;
            },
          },
          ...LEVELS.map((lv) => h("option", { value: lv, selected: seat.level === lv }, levelLabel(lv))),
        )
      : null;
  return h("div", { class: "seat-row" }, h("span", { class: "seat-name", "aria-hidden": "true" }, seatLabel(i)), kind, level);
}

async function createTable(event) {
  event.preventDefault();
  clearError();
  rememberName();
  const seats = [];
  let named = false;
  for (let i = 0; i < seatCount(); i += 1) {
    const seat = form.seats[i];
    if (seat.kind === "bot") {
      seats.push({ kind: "bot", level: seat.level });
    } else {
      // The creator takes the first human seat: that seat carries their name.
      const entry = { kind: "human" };
      if (!named && form.name.trim()) entry.name = form.name.trim();
      named = true;
      seats.push(entry);
    }
  }
  if (!named) {
    showError(t("Choose at least one human seat."));
    return;
  }
  const body = { game: form.game, players: seatCount(), seats, lang: lang() };
  if (form.game === "draw") {
    body.target = form.target.trim() === "" ? null : Number(form.target);
  } else {
    body.best_of = form.bestOf;
  }
  let answer;
  try {
    answer = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    showError(t("The server cannot be reached."));
    return;
  }
  const result = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    showError(errorText(result) || t("Something went wrong. Try again."));
    return;
  }
  created = result;
  try {
    // The table page shows the invitations again (this browser tab only).
    sessionStorage.setItem(`pegboard.invites.${result.table}`, JSON.stringify(result));
  } catch {
    /* storage off: the links are on screen now */
  }
  render();
  refreshTables(); // the new table, if it has a free seat
  const go = document.getElementById("take-seat");
  if (go) go.focus();
}

// The server's message for a refused request: {"error": ...} (or FastAPI's {"detail": ...}).
export function errorText(result) {
  if (!result) return "";
  if (typeof result.error === "string") return result.error;
  if (typeof result.detail === "string") return result.detail;
  return "";
}

function rememberName() {
  try {
    localStorage.setItem(NAME_KEY, form.name.trim());
  } catch {
    /* storage off */
  }
}

// A read-only field with the link and a button that copies it.
function linkRow(label, link, id) {
  const url = new URL(link, location.origin).href;
  const input = h("input", { type: "text", readonly: true, id, value: url, "aria-label": label });
  const copy = h(
    "button",
    {
      type: "button",
      class: "copy",
      "aria-label": `${t("Copy invite link")}: ${label}`,
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = t("Link copied");
        } catch {
          input.select(); // no clipboard (an insecure origin): selected for Ctrl+C instead
        }
      },
    },
    t("Copy invite link"),
  );
  return h("div", { class: "link-row" }, h("span", { class: "link-label" }, label), input, copy);
}

// Invitation links of a created table: one per human seat and the spectators' link.
export function inviteLinks(result, mySeat) {
  const rows = [];
  for (const seat of result.seats || []) {
    if (seat.kind !== "human" || !seat.invite) continue;
    const label =
      seat.seat === mySeat ? `${seatLabel(seat.seat)} (${t("you")})` : `${t("Invite")}: ${seatLabel(seat.seat)}`;
    rows.push(linkRow(label, seat.invite, `invite-${seat.seat}`));
  }
  if (result.spectate) rows.push(linkRow(t("Spectator link"), result.spectate, "spectate-link"));
  return rows;
}

function createdPanel() {
  const mine = (created.seats || []).find((seat) => seat.kind === "human" && seat.invite);
  const target = mine ? mine.invite : created.spectate;
  return h(
    "section",
    { class: "panel", "aria-labelledby": "created-title" },
    h("h2", { id: "created-title" }, t("Invite")),
    h("p", {}, t("Send each player the link of their seat: whoever opens it plays that seat.")),
    ...inviteLinks(created, mine ? mine.seat : null),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { type: "button", id: "take-seat", class: "primary", onclick: () => location.assign(target) },
        mine ? t("Take this seat") : t("Spectate"),
      ),
      h(
        "button",
        {
          type: "button",
          id: "new-table",
          onclick: () => {
            created = null;
            render();
          },
        },
        t("New table"),
      ),
    ),
  );
}

async function refreshTables() {
  try {
    const answer = await fetch("/api/tables");
    if (!answer.ok) return;
    openTables = await answer.json();
  } catch {
    return; // the list stays as it was; the next refresh tries again
  }
  const list = document.getElementById("open-tables");
  if (list) list.replaceWith(tablesList());
}

function tablesPanel() {
  return h(
    "section",
    { class: "panel", "aria-labelledby": "open-title" },
    h("h2", { id: "open-title" }, t("Open tables")),
    tablesList(),
    h("button", { type: "button", id: "refresh", onclick: () => refreshTables() }, t("Refresh")),
  );
}

function statusLabel(status) {
  return { open: t("Open"), playing: t("Playing"), over: t("Over") }[status] || status;
}

function seatText(seat) {
  if (seat.kind === "bot") return `${t("Bot")} (${levelLabel(seat.level)})`;
  if (seat.claimed) return seat.name || t("Human");
  return t("Free seat");
}

function tablesList() {
  if (!openTables.length) {
    return h("p", { id: "open-tables", class: "muted" }, t("No open tables yet."));
  }
  return h(
    "ul",
    { id: "open-tables", class: "tables" },
    ...openTables.map((table) =>
      h(
        "li",
        { class: "table-item", dataset: { table: table.table } },
        h(
          "span",
          { class: "table-game" },
          `${gameLabel(table.game)} · ${t("Players")}: ${table.players} · ${t("Status")}: ${statusLabel(table.status)}`,
        ),
        h(
          "ul",
          { class: "table-seats" },
          ...table.seats.map((seat) =>
            h(
              "li",
              {},
              `${seatLabel(seat.seat)}: ${seatText(seat)} `,
              seat.kind === "human" && !seat.claimed
                ? h(
                    "button",
                    {
                      type: "button",
                      class: "join",
                      "aria-label": `${t("Join")}: ${seatLabel(seat.seat)}`,
                      onclick: () => join(table.table, seat.seat),
                    },
                    t("Join"),
                  )
                : null,
            ),
          ),
        ),
        h("a", { href: `/t/${encodeURIComponent(table.table)}`, class: "watch" }, t("Spectate")),
      ),
    ),
  );
}

async function join(tableId, seat) {
  clearError();
  rememberName();
  let answer;
  try {
    answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: form.name.trim() }),
    });
  } catch {
    showError(t("The server cannot be reached."));
    return;
  }
  const result = await answer.json().catch(() => ({}));
  if (!answer.ok || !result.token) {
    showError(errorText(result) || t("This seat is taken."));
    refreshTables();
    return;
  }
  location.assign(`/t/${encodeURIComponent(tableId)}#seat=${seat}&token=${encodeURIComponent(result.token)}`);
}
