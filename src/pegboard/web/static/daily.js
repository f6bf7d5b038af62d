// The daily deals' page (pegboard.web.daily_pages): its button asks the server for the
// table of the deal in play (POST /api/daily/GAME/DAY: begun, or gone on with) and goes to
// it, seated; every deal played out, to the results.

const form = /** @type {HTMLFormElement | null} */ (document.getElementById("daily-form"));
const said = document.getElementById("daily-error");

/** @param {string} text */
function problem(text) {
  if (said) said.textContent = text;
}

if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { game, day, lang } = form.dataset;
    const field = /** @type {HTMLInputElement | null} */ (document.getElementById("daily-name"));
    /** @type {Record<string, string>} */
    const body = { lang: lang || "en" };
    if (field && field.value.trim()) body.name = field.value.trim();
    const button = /** @type {HTMLButtonElement | null} */ (document.getElementById("daily-start"));
    if (button) button.disabled = true;
    try {
      const response = await fetch(`/api/daily/${encodeURIComponent(game || "")}/${encodeURIComponent(day || "")}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      /** @type {Record<string, any>} */
      const result = await response.json().catch(() => ({}));
      if (!response.ok) {
        problem(typeof result.error === "string" ? result.error : response.statusText);
        return;
      }
      const next = result.finished ? `${result.results}?lang=${encodeURIComponent(lang || "en")}` : result.link;
      if (typeof next === "string" && next.startsWith("/")) location.assign(next);
    } catch {
      problem(form.dataset.offline || "The server cannot be reached.");
    } finally {
      if (button) button.disabled = false;
    }
  });
}
