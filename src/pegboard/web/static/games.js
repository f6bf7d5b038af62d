// The games the server plays (GET /api/games, in the page's language) and each one's page
// module (static/games/PAGE.js, as the server names it; the generic one for a game with
// none). The page knows no game by name: the lobby and the table ask here.

import * as generic from "./games/generic.js";
import { lang } from "./i18n.js";

const PAGE_NAME = /^[a-z0-9_-]+$/;

let listed = { lang: null, games: [], loading: null };
const modules = new Map(); // page name -> the module's promise

// The games in the page's language (asked again after a language switch). A list asked for
// in one language and overtaken by a switch resolves with the newer list, never with the
// empty list of a page just opened (a table whose language was switched at once drew its
// game with the generic module); a list that failed is asked again next time.
/** @returns {Promise<any[]>} */
export function loadGames() {
  const code = lang();
  if (listed.lang === code && listed.loading) return listed.loading;
  /** @type {Promise<any[]>} */
  const loading = fetch(`/api/games?lang=${encodeURIComponent(code)}`)
    .then((answer) => (answer.ok ? answer.json() : null))
    .catch(() => null)
    .then((games) => {
      if (listed.loading !== loading) return listed.loading || listed.games;
      if (Array.isArray(games)) listed.games = games;
      else listed.loading = null; // not cached: the next call asks again
      return listed.games;
    });
  listed = { lang: code, games: listed.games, loading };
  return loading;
}

export function gameList() {
  return listed.games;
}

export function gameInfo(name) {
  return listed.games.find((game) => game.name === name) || null;
}

// A game's name in the page's language (its own name until the list is in).
export function gameLabel(name) {
  const info = gameInfo(name);
  return info ? info.display_name : name;
}

// The page module of the game called `name`: every export of the generic module, and the
// game's own over them.
export async function pageModule(name) {
  await loadGames();
  if (!gameInfo(name)) await loadGames(); // a list that failed: asked once more
  const info = gameInfo(name);
  const page = info && typeof info.page === "string" && PAGE_NAME.test(info.page) ? info.page : "generic";
  if (!modules.has(page)) {
    modules.set(
      page,
      import(`./games/${page}.js`)
        .then((own) => ({ ...generic, ...own }))
        .catch(() => {
          modules.delete(page); // a module that failed to come is asked for again next time
          return generic;
        }),
    );
  }
  return modules.get(page);
}
