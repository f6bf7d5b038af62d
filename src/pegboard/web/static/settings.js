// The player's own settings on their page (pegboard.web.player_page): take a vacation from
// the correspondence tables (PUT /api/me/vacation) or end it (DELETE). The page is the
// server's: once the server agreed, it is shown again as the server now writes it; a
// refusal is said in the server's words (translated there).

const said = document.getElementById("settings-error");

/** @param {string} text */
function problem(text) {
  if (said) said.textContent = text;
}

/**
 * Send one change of the settings, then show the page anew.
 * @param {HTMLFormElement} form
 * @param {string} method
 * @param {Record<string, unknown> | null} body
 */
async function change(form, method, body) {
  const lang = form.dataset.lang || "en";
  const button = form.querySelector("button");
  if (button) button.disabled = true;
  try {
    const response = await fetch(`/api/me/vacation?lang=${encodeURIComponent(lang)}`, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify({ ...body, lang }) : undefined,
    });
    if (response.ok) {
      location.reload();
      return;
    }
    /** @type {Record<string, any>} */
    const result = await response.json().catch(() => ({}));
    problem(typeof result.error === "string" ? result.error : response.statusText);
  } catch {
    problem(form.dataset.offline || "The server cannot be reached.");
  } finally {
    if (button) button.disabled = false;
  }
}

const take = /** @type {HTMLFormElement | null} */ (document.getElementById("vacation-form"));
if (take) {
  take.addEventListener("submit", (event) => {
    event.preventDefault();
    const days = /** @type {HTMLSelectElement | null} */ (document.getElementById("vacation-days"));
    change(take, "PUT", { days: Number(days ? days.value : 1) });
  });
}

const end = /** @type {HTMLFormElement | null} */ (document.getElementById("vacation-end"));
if (end) {
  end.addEventListener("submit", (event) => {
    event.preventDefault();
    change(end, "DELETE", null);
  });
}
