// The page's entry: the language first (every string depends on it), then the lobby at /
// or a table at /t/ID.

import { initialLanguage, lang, onLanguage, setLanguage } from "./i18n.js";
import { startLobby } from "./lobby.js";
import { startTable } from "./table.js";

async function main() {
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("lang-select"));
  await setLanguage(initialLanguage());
  select.value = lang();
  select.addEventListener("change", () => setLanguage(select.value));
  onLanguage((code) => {
    select.value = code;
  });
  const root = document.getElementById("main");
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  if (match) {
    startTable(root, decodeURIComponent(match[1]));
  } else {
    await startLobby(root);
  }
  document.body.dataset.ready = "true"; // tests wait for this
}

main();
