// The lobby (/): play a game against bots in one click (Play: the table opens with the
// player seated), or set a table up in full (players, bots, options, private or public,
// rated, clock) and send its invitations; join an open table. Everything is built from the
// games the server plays (GET /api/games): each game's seats, options in words and bot
// levels for people, none of them known here by name.

import { CORRESPONDENCE_DAYS, clockFigure, correspondenceText } from "./clocks.js";
import { TurnWatch } from "./notify.js";
import { pairingPanel } from "./pairing.js";
import { clearError, fill, h, showError } from "./dom.js";
import { gameInfo, gameLabel, gameList, loadGames } from "./games.js";
import { labelled, lang, onLanguage, t } from "./i18n.js";
import { loadMe, mePanel, myName } from "./me.js";

const PREFERRED_LEVEL = "expert"; // a new bot seat's level, where the game has it (its default_bot first)
const REFRESH_EVERY = 5000;
const NAME_KEY = "pegboard.name";

// What the form holds, kept across re-renders (a language switch rebuilds every string).
/** @typedef {{kind: string, name?: string, level?: string}} SeatChoice a seat as the form holds it */

const form = {
  game: null, // the first game listed, once the list is in
  values: {}, // game name -> {option name: the control's text}
  /** @type {SeatChoice[]} */
  seats: [{ kind: "human" }],
  name: "",
  public: false, // private unless the creator chooses to list it
  hints: false, // the expert's hints between people: off unless allowed (fair play)
  rated: false, // rated: people only, no hints; each finished match updates their ratings
  clock: "game", // "game": the game's own pace; "none"; or a preset's "BANK+INCREMENT" (s)
  setup: false, // whether the full set-up is open (a disclosure under the Play buttons)
  level: null, // the opponents' level for Play (null: the game's default, the expert)
};

// Clocks a creator may choose besides the game's own: minutes each, seconds a move (Fischer).
const CLOCK_PRESETS = [
  [60, 2],
  [180, 2],
  [300, 3],
  [600, 5],
  [900, 10],
];

let created = null; // the answer of POST /api/tables, once a table is made
let openTables = [];
let root = null;

// Resolves once the form shows the games (the page says it is ready then).
export async function startLobby(main) {
  root = main;
  try {
    form.name = localStorage.getItem(NAME_KEY) || "";
  } catch {
    form.name = "";
  }
  onLanguage(() => {
    render();
    loadGames().then(() => render()); // the games' names and options in the new language
    refreshTables(); // the bots' names in the new language
  });
  render();
  refreshTables();
  setInterval(() => {
    if (!document.hidden) refreshTables();
  }, REFRESH_EVERY);
  turnWatch.start();
  await Promise.all([loadGames(), loadMe()]);
  if (!form.name && myName()) form.name = myName(); // the player's own name, remembered
  render();
}

// The tables where it is the player's turn (notify.js): listed first, and in the title.
/** @type {import("./notify.js").Turn[]} */
let myTurns = [];
const turnWatch = new TurnWatch({
  title: (others) => `${others ? `(${others}) ${t("Your turn")} · ` : ""}${lobbyTitle()}`,
  show: (turns) => {
    const changed = JSON.stringify(turns) !== JSON.stringify(myTurns);
    myTurns = turns;
    if (changed) render();
  },
});

function lobbyTitle() {
  const names = gameList().map((game) => game.display_name);
  return names.length ? `pegboard · ${names.join(" · ")}` : "pegboard";
}

// The tables where it is the player's turn, each a link to it (none: no panel).
function turnsPanel() {
  if (!myTurns.length) return null;
  return h(
    "section",
    { class: "panel your-turns", id: "your-turns", "aria-labelledby": "your-turns-title" },
    h("h2", { id: "your-turns-title" }, t("Your turn")),
    h(
      "ul",
      {},
      ...myTurns.map((turn) =>
        h(
          "li",
          {},
          h("a", { href: turn.page, dataset: { table: turn.table } }, t("{game}: table {table}", { game: turn.display_name, table: turn.table })),
          turn.left === null || turn.left === undefined ? null : h("span", { class: "turn-left muted" }, " · ", t("Time left: {time}", { time: clockFigure(turn.left / 1000, Boolean(turn.days)) })),
        ),
      ),
    ),
  );
}

function render() {
  turnWatch.update();
  const keep = document.activeElement && document.activeElement.id;
  // The set-up as the player left it: a disclosure opened a moment ago has not yet told its
  // "toggle" (a queued event), and a render in between closed it under their keyboard.
  const setup = document.getElementById("setup-more");
  if (setup instanceof HTMLDetailsElement) form.setup = setup.open;
  fill(
    root,
    h("h1", {}, t("Lobby")),
    h("p", { class: "lead", id: "site-lead" }, t("Play dominoes and cards in your browser, against bots or with friends: press Play now to start at once.")),
    turnsPanel(),
    created
      ? createdPanel()
      : [
          quickPlayPanel(),
          pairingPanel({ games: gameList, name: () => playerName() || null, playBot: (info) => quickPlay(info), render }),
          mePanel(render),
          setupPanel(),
        ],
    dailyPanel(),
    tablesPanel(),
    leaderboardsPanel(),
    created ? mePanel(render) : null,
  );
  if (keep) {
    const again = document.getElementById(keep);
    if (again) again.focus({ preventScroll: true });
  }
}

// The game chosen in the form: the one the player picked, else the first the server plays.
function chosen() {
  const games = gameList();
  let info = form.game === null ? null : gameInfo(form.game);
  if (!info && games.length) {
    info = games[0];
    form.game = info.name;
  }
  return info;
}

function playersOption(info) {
  return info.options.find((option) => option.name === info.players_option) || null;
}

// The text of an option's control: what the player typed or chose, else its default.
function valueOf(info, option) {
  const values = (form.values[info.name] = form.values[info.name] || {});
  if (!(option.name in values)) {
    let initial = option.default;
    if (initial === null && !option.optional) initial = option.minimum ?? option.choices[0] ?? "";
    values[option.name] = initial === null || initial === undefined ? "" : String(initial);
  }
  return values[option.name];
}

function setValue(info, option, text) {
  form.values[info.name][option.name] = text;
}

function seatCount(info) {
  if (info.min_players === info.max_players) return info.min_players;
  const option = playersOption(info);
  const n = option ? Number(valueOf(info, option)) : info.min_players;
  return Number.isInteger(n) && n >= info.min_players && n <= info.max_players ? n : info.min_players;
}

/**
 * The bot levels the lobby offers people for a game (the registry's levels for people; the
 * research ones stay in the API).
 * @param {any} info a game of GET /api/games
 * @returns {string[]}
 */
function peopleLevels(info) {
  return info.people_bots && info.people_bots.length ? info.people_bots : info.bots || [];
}

/**
 * A seat's bot level, one of the game's levels for people (its default where none is chosen).
 * @param {any} info a game of GET /api/games
 * @param {{level?: string}} seat
 * @returns {string}
 */
function levelOf(info, seat) {
  const levels = peopleLevels(info);
  if (levels.includes(seat.level)) return seat.level;
  if (info.default_bot && levels.includes(info.default_bot)) return info.default_bot;
  return levels.includes(PREFERRED_LEVEL) ? PREFERRED_LEVEL : levels[levels.length - 1];
}

function seatAt(i) {
  while (form.seats.length <= i) form.seats.push({ kind: "bot" });
  return form.seats[i];
}

// A level's name for people, as the server gives it (GET /api/games: bot_names, translated).
function serverLevelName(level) {
  for (const game of gameList()) {
    const name = (game.bot_names || {})[level];
    if (name) return name;
  }
  return null;
}

export function levelLabel(level) {
  const labels = { random: t("Random"), greedy: t("Greedy"), expert: t("Expert"), ismcts: t("Search (ISMCTS)") };
  return serverLevelName(level) || labels[level] || level;
}

// A bot seat's name: the bot and its level ("Expert bot"), any game's levels included.
export function botLabel(level) {
  const labels = {
    random: t("Random bot"),
    greedy: t("Greedy bot"),
    expert: t("Expert bot"),
    ismcts: t("Search bot (ISMCTS)"),
  };
  return serverLevelName(level) || labels[level] || t("Bot ({level})", { level });
}

export function seatLabel(seat) {
  return t("Seat {number}", { number: seat + 1 });
}

function field(label, control) {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

const SELECT_AT_MOST = 12; // a range of at most this many numbers is a list to choose from

/**
 * A choice of an option in words, as the game's description gives it ("Yes: two against
 * two" for 1), translated by the server; "" when it gives none (the number is shown).
 * @param {any} option an option of GET /api/games
 * @param {number|null} value the choice (null: the rules' own)
 * @returns {string}
 */
function choiceLabel(option, value) {
  const found = (option.choice_labels || []).find(([choice]) => choice === value);
  return found ? found[1] : "";
}

function optionId(option) {
  return option.name.replaceAll("_", "-");
}

// An option's control: a list of its choices (or of a short range), else a number field
// with its range; an optional one may be left empty for the rules' own value.
function optionControl(info, option, rerender) {
  const value = valueOf(info, option);
  const id = optionId(option);
  let numbers = option.choices && option.choices.length ? option.choices : null;
  if (!numbers && option.minimum !== null && option.maximum !== null && option.maximum - option.minimum < SELECT_AT_MOST) {
    numbers = [];
    for (let n = option.minimum; n <= option.maximum; n += 1) numbers.push(n);
  }
  if (numbers) {
    return h(
      "select",
      {
        id,
        onchange: (event) => {
          setValue(info, option, event.target.value);
          if (rerender) render();
        },
      },
      option.optional ? h("option", { value: "", selected: value === "" }, choiceLabel(option, null) || t("The rules' default")) : null,
      ...numbers.map((n) => h("option", { value: String(n), selected: value === String(n) }, choiceLabel(option, n) || String(n))),
    );
  }
  return h("input", {
    id,
    type: "number",
    min: option.minimum === null ? null : String(option.minimum),
    max: option.maximum === null ? null : String(option.maximum),
    inputmode: "numeric",
    placeholder: option.optional ? t("The rules' default") : null,
    value,
    oninput: (event) => {
      setValue(info, option, event.target.value);
    },
  });
}

// The options' values for the request, or the refusal (the game's words, its rule cited)
// of the first one out of range.
function optionValues(info) {
  const body = {};
  for (const option of info.options) {
    const text = valueOf(info, option).trim();
    if (text === "" && option.optional) {
      body[option.name] = null;
      continue;
    }
    const n = Number(text);
    const fits =
      text !== "" &&
      Number.isInteger(n) &&
      (!option.choices.length || option.choices.includes(n)) &&
      (option.minimum === null || n >= option.minimum) &&
      (option.maximum === null || n <= option.maximum);
    if (!fits) return { refusal: option.refusal };
    body[option.name] = n;
  }
  return { body };
}

// "How to play" a game: its rules page (GET /api/games gives its address and the anchor of
// each moment: turn, round_end, match_end) in the page's language, at `moment`'s part.
// `variant`: a table's own sections by moment (a view's rules_anchors: five-card cribbage's,
// the Block game's turn), over the game's.
export function rulesHref(info, moment, variant = null) {
  if (!info || typeof info.rules !== "string" || !info.rules.startsWith("/rules/")) return null;
  const own = moment && variant ? variant[moment] : null;
  const anchor = own || (moment && info.rules_anchors ? info.rules_anchors[moment] : null);
  const hash = typeof anchor === "string" && /^[A-Za-z][\w-]*$/.test(anchor) ? `#${anchor}` : "";
  return `${info.rules}?lang=${encodeURIComponent(lang())}${hash}`;
}

export function rulesLink(info, moment, variant = null) {
  const href = rulesHref(info, moment, variant);
  if (!href) return "";
  return h("a", { href, class: "rules-link" }, t("How to play {game}", { game: info.display_name }));
}

/**
 * The levels Play may seat, in order: every game's levels for people, once each.
 * @returns {string[]}
 */
function quickLevels() {
  const levels = [];
  for (const info of gameList()) for (const level of peopleLevels(info)) if (!levels.includes(level)) levels.push(level);
  return levels;
}

/**
 * "Play now": one Play button a game, each opening a table against bots at once, and the
 * opponents' level above them (the expert unless another is chosen: one click).
 * @returns {HTMLElement}
 */
function quickPlayPanel() {
  const games = gameList();
  const levels = quickLevels();
  const current = form.level && levels.includes(form.level) ? form.level : null;
  const level = (lv) => {
    const checked = current ? current === lv : gameList().some((info) => levelOf(info, {}) === lv);
    return h(
      "label",
      {},
      h("input", {
        type: "radio",
        name: "quick-level",
        id: `level-${lv}`,
        value: lv,
        checked,
        onchange: () => {
          form.level = lv;
        },
      }),
      " ",
      levelLabel(lv),
    );
  };
  return h(
    "section",
    { class: "panel quick-play", id: "quick-play", "aria-labelledby": "play-title" },
    h("h2", { id: "play-title" }, t("Play against bots")),
    levels.length ? h("fieldset", { class: "choices levels" }, h("legend", {}, t("Opponents")), ...levels.map(level)) : null,
    h(
      "ul",
      { class: "quick-games" },
      ...games.map((info) =>
        h(
          "li",
          { class: "quick-game", dataset: { game: info.name } },
          h("span", { class: "quick-game-name" }, info.display_name),
          h(
            "button",
            {
              type: "button",
              class: "primary",
              id: `play-${info.name}`,
              "aria-label": t("Play now: {game}", { game: info.display_name }),
              onclick: () => quickPlay(info),
            },
            t("Play now"),
          ),
          rulesLink(info),
        ),
      ),
    ),
  );
}

/**
 * The full set-up, one step away: a disclosure holding the form (players, bots, options,
 * private or public, hints, clock, rated), open while the player keeps it open.
 * @returns {HTMLElement}
 */
function setupPanel() {
  const details = h(
    "details",
    {
      class: "setup",
      id: "setup-more",
      open: form.setup,
      ontoggle: () => {
        form.setup = details.open;
      },
    },
    h("summary", { id: "setup-summary" }, t("Set up a table: players, bots, rules, private or rated, clock")),
    createForm(),
  );
  return details;
}

function createForm() {
  const info = chosen();
  if (!info) {
    return h("section", { class: "panel", "aria-labelledby": "create-title" }, h("h2", { id: "create-title" }, t("New table")), h("p", { class: "muted" }, "…"));
  }
  const gameChoice = h(
    "fieldset",
    { class: "choices" },
    h("legend", {}, t("Game")),
    ...gameList().map((game) =>
      h(
        "span",
        { class: "game-choice" },
        h(
          "label",
          {},
          h("input", {
            type: "radio",
            name: "game",
            id: `game-${game.name}`,
            value: game.name,
            checked: form.game === game.name,
            onchange: () => {
              form.game = game.name;
              render();
            },
          }),
          " ",
          game.display_name,
        ),
        " ",
        rulesLink(game),
      ),
    ),
  );
  const seats = [];
  const players = playersOption(info);
  if (players && info.min_players !== info.max_players) {
    seats.push(field(players.label, optionControl(info, players, true)));
  }
  for (let i = 0; i < seatCount(info); i += 1) seats.push(seatRow(info, i));
  const options = info.options
    .filter((option) => option !== players)
    .filter((option) => !(option.minimum !== null && option.minimum === option.maximum))
    .map((option) => field(option.label, optionControl(info, option, true)));
  return h(
    "section",
    { class: "panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("New table")),
    h(
      "form",
      { id: "create-form", onsubmit: (event) => createTable(event) },
      gameChoice,
      h("fieldset", { class: "seats" }, h("legend", {}, t("Players")), ...seats),
      ...options,
      visibilityChoice(),
      hintsChoice(info),
      clockChoice(info),
      ratedChoice(info),
      h("button", { type: "submit", id: "create", class: "primary" }, t("Create table")),
    ),
  );
}

// Private (reached only by its links) or public (listed in the open tables, anyone may join).
function visibilityChoice() {
  const choice = (value, id, label) =>
    h(
      "label",
      {},
      h("input", {
        type: "radio",
        name: "visibility",
        id,
        value,
        checked: form.public === (value === "public"),
        onchange: () => {
          form.public = value === "public";
        },
      }),
      " ",
      label,
    );
  return h(
    "fieldset",
    { class: "choices visibility" },
    h("legend", {}, t("Who may join")),
    choice("private", "table-private", t("Private: only the people you send its links")),
    choice("public", "table-public", t("Public: listed in the open tables, anyone may join")),
  );
}

/**
 * How many of the form's seats are people, and how many bots.
 * @param {any} info a game of GET /api/games
 * @returns {{people: number, bots: number}}
 */
function seatKinds(info) {
  let people = 0;
  for (let i = 0; i < seatCount(info); i += 1) if (seatAt(i).kind !== "bot") people += 1;
  return { people, bots: seatCount(info) - people };
}

/**
 * Fair play: hints are offered at a table of one person; between two or more people only if
 * the creator allows them (the REST field "hints"), and never at a rated table.
 * @param {any} info a game of GET /api/games
 * @returns {HTMLElement}
 */
function hintsChoice(info) {
  const { people } = seatKinds(info);
  if (people < 2 || form.rated) form.hints = false;
  const why = form.rated
    ? t("A rated table has no hints (fair play).")
    : t("Only for a table of two or more people: a person alone with bots always has hints.");
  return h(
    "p",
    { class: "hints-choice" },
    h(
      "label",
      {},
      h("input", {
        type: "checkbox",
        id: "allow-hints",
        checked: form.hints,
        disabled: people < 2 || form.rated,
        "aria-describedby": "allow-hints-why",
        onchange: (event) => {
          form.hints = event.target.checked;
          render(); // a table with hints cannot be rated
        },
      }),
      " ",
      t("Allow hints"),
    ),
    " ",
    h("small", { id: "allow-hints-why", class: "muted" }, why),
  );
}

// A time control as people write it: minutes, then seconds a move ("3+2").
function timeControlText(bank, increment) {
  return `${bank / 60}+${increment}`;
}

// The clock: the game's own pace (none for one person with bots), another, or none at all.
function clockChoice(info) {
  const own = info.time_control;
  const option = (value, label) => h("option", { value, selected: form.clock === value }, label);
  return h(
    "p",
    { class: "clock-choice" },
    h(
      "label",
      { for: "table-clock" },
      t("Clock"),
      " ",
      h(
        "select",
        {
          id: "table-clock",
          "aria-describedby": "table-clock-why",
          onchange: (event) => {
            form.clock = event.target.value;
          },
        },
        option("game", own ? t("The game's own: {time}", { time: timeControlText(own.bank, own.increment) }) : t("The game's own")),
        ...CLOCK_PRESETS.map(([bank, increment]) => option(`${bank}+${increment}`, timeControlText(bank, increment))),
        ...CORRESPONDENCE_DAYS.map((days) => option(`${days}d`, correspondenceText(days))),
        option("none", t("No clock")),
      ),
    ),
    " ",
    h("small", { id: "table-clock-why", class: "muted" }, t("Minutes for each player, plus seconds after each move. A person alone with bots plays without one unless they choose one.")),
    " ",
    h("small", { id: "table-clock-correspondence", class: "muted" }, t("Correspondence: each move has its days, and the players need not stay; past them a rated match is lost, and a bot plays a casual seat until its player is back.")),
  );
}

// The REST field "clock" of the form's choice: left out for the game's own.
function clockBody() {
  if (form.clock === "game") return undefined;
  if (form.clock === "none") return null;
  if (form.clock.endsWith("d")) return { days: Number(form.clock.slice(0, -1)) };
  const [bank, increment] = form.clock.split("+").map(Number);
  return { bank, increment };
}

/**
 * Rated (every seat a person, no hints): a choice that cannot go with the others is disabled,
 * its reason beside it (the server still refuses such a table, in words).
 * @param {any} info a game of GET /api/games
 * @returns {HTMLElement}
 */
function ratedChoice(info) {
  const { bots } = seatKinds(info);
  let why = "";
  if (bots) why = t("Not with a bot: a rated match is played by people only.");
  else if (form.hints) why = t("Not with hints: a rated match has no hints (fair play).");
  if (why) form.rated = false;
  return h(
    "p",
    { class: "choices rated" },
    h(
      "label",
      {},
      h("input", {
        type: "checkbox",
        id: "table-rated",
        checked: form.rated,
        disabled: Boolean(why),
        "aria-describedby": why ? "table-rated-why" : null,
        onchange: (event) => {
          form.rated = event.target.checked;
          render(); // a rated table has no hints
        },
      }),
      " ",
      t("Rated: each finished match updates the players' ratings (people only, no hints)"),
    ),
    why ? " " : null,
    why ? h("small", { id: "table-rated-why", class: "muted" }, why) : null,
  );
}

// The daily deals (GET /daily, pegboard.web.daily_pages), in the page's language.
function dailyPanel() {
  return h(
    "section",
    { class: "panel daily", "aria-labelledby": "daily-title" },
    h("h2", { id: "daily-title" }, t("Daily deals")),
    h("p", {}, t("The same deals for everyone today, against the expert: see how you do against the field.")),
    h("p", {}, h("a", { href: `/daily?lang=${encodeURIComponent(lang())}`, id: "daily-link", class: "button-link" }, t("Today's deals"))),
  );
}

// Each game's leaderboard (GET /leaderboard/NAME), in the page's language.
function leaderboardsPanel() {
  const games = gameList();
  if (!games.length) return null;
  return h(
    "nav",
    { class: "panel leaderboards", "aria-labelledby": "leaderboards-title" },
    h("h2", { id: "leaderboards-title" }, t("Leaderboards")),
    h(
      "ul",
      {},
      ...games.map((game) =>
        h("li", {}, h("a", { href: `/leaderboard/${encodeURIComponent(game.name)}?lang=${encodeURIComponent(lang())}` }, game.display_name)),
      ),
    ),
  );
}

function seatRow(info, i) {
  const seat = seatAt(i);
  seat.level = levelOf(info, seat);
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
          ...peopleLevels(info).map((lv) => h("option", { value: lv, selected: seat.level === lv }, levelLabel(lv))),
        )
      : null;
  return h("div", { class: "seat-row" }, h("span", { class: "seat-name", "aria-hidden": "true" }, seatLabel(i)), kind, level);
}

/**
 * The player's name, from the lobby's one name field (the "You" panel's, which may not be
 * saved yet), else the name this player or browser gave before.
 * @returns {string}
 */
function playerName() {
  const field = /** @type {HTMLInputElement|null} */ (document.getElementById("me-name"));
  return ((field && field.value) || myName() || form.name || "").trim();
}

/**
 * The seats of a table to play at once: the player's, then a bot of `level` at each other
 * seat of the game's usual count.
 * @param {any} info a game of GET /api/games
 * @param {string} level one of the game's levels for people
 * @returns {{seats: object[], count: number}}
 */
function quickSeats(info, level) {
  const players = playersOption(info);
  const usual = players && Number.isInteger(players.default) ? players.default : info.min_players;
  const count = Math.min(Math.max(usual, info.min_players), info.max_players);
  /** @type {SeatChoice[]} */
  const seats = [{ kind: "human", ...(playerName() ? { name: playerName() } : {}) }];
  while (seats.length < count) seats.push({ kind: "bot", level });
  return { seats, count };
}

/**
 * Play at once (one click): a private table of the game against bots of the level chosen
 * (the expert unless another is), its options the rules' own; the table opens with the
 * player seated.
 * @param {any} info a game of GET /api/games
 * @returns {Promise<void>}
 */
async function quickPlay(info) {
  clearError();
  form.name = playerName();
  rememberName();
  const { seats, count } = quickSeats(info, quickLevel(info));
  const body = { game: info.name, seats, public: false, lang: lang() };
  if (playersOption(info)) body[info.players_option] = count;
  await newTable(body);
}

/**
 * The level Play seats: the one chosen above the games where this game has it, else its
 * default (the expert).
 * @param {any} info a game of GET /api/games
 * @returns {string}
 */
function quickLevel(info) {
  return levelOf(info, { level: form.level || undefined });
}

async function createTable(event) {
  event.preventDefault();
  clearError();
  form.name = playerName();
  rememberName();
  const info = chosen();
  if (!info) return;
  const seats = [];
  let named = false;
  for (let i = 0; i < seatCount(info); i += 1) {
    const seat = seatAt(i);
    if (seat.kind === "bot") {
      seats.push({ kind: "bot", level: levelOf(info, seat) });
    } else {
      // The creator takes the first human seat: that seat carries their name.
      const entry = { kind: "human" };
      if (!named && form.name) entry.name = form.name;
      named = true;
      seats.push(entry);
    }
  }
  if (!named) {
    showError(t("Choose at least one human seat."));
    return;
  }
  const options = optionValues(info);
  if (options.refusal) {
    showError(options.refusal);
    return;
  }
  /** @type {Record<string, unknown>} */
  const body = { ...options.body, game: info.name, seats, public: form.public, lang: lang() };
  if (form.hints) body.hints = true;
  if (form.rated) body.rated = true;
  const clock = clockBody();
  if (clock !== undefined) body.clock = clock;
  if (playersOption(info)) body[info.players_option] = seatCount(info);
  await newTable(body);
}

/**
 * Make the table (POST /api/tables). With no one to invite (every other seat a bot, not
 * listed for others to join), the table opens at once, the player seated; else the
 * invitations are shown, to send before taking the seat.
 * @param {object} body the request
 * @returns {Promise<void>}
 */
async function newTable(body) {
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
  const mine = (result.seats || []).find((seat) => seat.kind === "human" && seat.link);
  const invited = (result.seats || []).some((seat) => seat.invite);
  if (mine && !invited) {
    location.assign(mine.link); // nobody to invite: straight to the table, seated
    return;
  }
  created = result;
  loadMe().then(() => render()); // a table's creator is a player now
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
  rememberTheName(form.name);
}

// A read-only field with the link and a button that copies it.
function linkRow(label, link, id, button = t("Copy invite link")) {
  const url = new URL(link, location.origin).href;
  const input = h("input", { type: "text", readonly: true, id, value: url, "aria-label": label });
  const copy = h(
    "button",
    {
      type: "button",
      class: "copy",
      "aria-label": labelled(button, label),
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = t("Link copied");
        } catch {
          input.select(); // no clipboard (an insecure origin): selected for Ctrl+C instead
        }
      },
    },
    button,
  );
  return h("div", { class: "link-row" }, h("span", { class: "link-label" }, label), input, copy);
}

// A created table's one-time invitations (one per human seat but the creator's; `open`:
// the seats still free, when known) and the spectators' link. The creator's own seat has
// no link here: its key is theirs alone.
export function inviteLinks(result, open = null) {
  const rows = [];
  for (const seat of result.seats || []) {
    if (seat.kind !== "human" || !seat.invite) continue;
    if (open && !open.has(seat.seat)) continue; // claimed: that invitation is spent
    rows.push(linkRow(labelled(t("Invite"), seatLabel(seat.seat)), seat.invite, `invite-${seat.seat}`));
  }
  if (result.spectate) rows.push(linkRow(t("Spectator link"), result.spectate, "spectate-link", t("Copy link")));
  return rows;
}

function createdPanel() {
  const mine = (created.seats || []).find((seat) => seat.kind === "human" && seat.link);
  const target = mine ? mine.link : created.spectate;
  const invited = (created.seats || []).some((seat) => seat.invite);
  return h(
    "section",
    { class: "panel", "aria-labelledby": "created-title" },
    h("h2", { id: "created-title" }, t("Invite")),
    invited ? h("p", {}, t("Send each person the invitation of a seat: it works once, for whoever opens it first.")) : null,
    ...inviteLinks(created),
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

/**
 * Fetch the open tables again (their seats' names in the page's language) and redraw the list.
 * @returns {Promise<void>}
 */
async function refreshTables() {
  try {
    const answer = await fetch(`/api/tables?lang=${encodeURIComponent(lang())}`);
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

/**
 * What the open tables' list says of a seat: a bot by the name the table calls it
 * (the server's display_name: "Leo (Expert bot)"), a person by theirs, else that it is free.
 * @param {{kind: string, level: (string|null), name: (string|null), display_name?: string, claimed: boolean}} seat
 * @returns {string}
 */
function seatText(seat) {
  if (seat.kind === "bot") return seat.display_name || botLabel(seat.level);
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
          [gameLabel(table.game), labelled(t("Players"), table.players), labelled(t("Status"), statusLabel(table.status))].join(" · "),
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
                      "aria-label": labelled(t("Join"), seatLabel(seat.seat)),
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

// Joining a seat from the list: the table's page asks for the name, then takes the seat.
function join(tableId, seat) {
  clearError();
  form.name = playerName(); // the table's page asks for the name, this one first
  rememberName();
  location.assign(`/t/${encodeURIComponent(tableId)}#join=${seat}`);
}

// The name this browser last gave (the table page's name field starts with it).
export function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
}

export function rememberTheName(name) {
  try {
    localStorage.setItem(NAME_KEY, name.trim());
  } catch {
    /* storage off */
  }
}
