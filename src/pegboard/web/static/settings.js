// The player's own settings on their page (pegboard.web.player_page): take a vacation from
// the correspondence tables (PUT /api/me/vacation) or end it (DELETE); have this browser
// notified by Web Push (POST /api/me/push, pegboard.web.notices); give or stop the daily
// digest's address (PUT and DELETE /api/me/email, pegboard.web.digests). The page is the
// server's: once the server agreed, it is shown again as the server now writes it; a
// refusal is said in the server's words (translated there), the page's own in its
// data- attributes (written by the server in the page's language).

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
async function change(form, method, body, path = "/api/me/vacation") {
  const lang = form.dataset.lang || "en";
  const button = form.querySelector("button");
  if (button) button.disabled = true;
  try {
    const response = await fetch(`${path}?lang=${encodeURIComponent(lang)}`, {
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

const giveEmail = /** @type {HTMLFormElement | null} */ (document.getElementById("email-form"));
if (giveEmail) {
  giveEmail.addEventListener("submit", (event) => {
    event.preventDefault();
    const field = /** @type {HTMLInputElement | null} */ (document.getElementById("email-address"));
    change(giveEmail, "PUT", { email: field ? field.value.trim() : "" }, "/api/me/email");
  });
}

const stopEmail = /** @type {HTMLFormElement | null} */ (document.getElementById("email-stop"));
if (stopEmail) {
  stopEmail.addEventListener("submit", (event) => {
    event.preventDefault();
    change(stopEmail, "DELETE", null, "/api/me/email");
  });
}

/**
 * A base64url text as the bytes pushManager.subscribe takes for the server's key.
 * @param {string} text
 */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Subscribe this browser to Web Push and tell the server (its notices come in the page's
 * language): the service worker at the site's root shows them.
 * @param {HTMLButtonElement} button
 */
async function notifyThisDevice(button) {
  const { lang = "en", done = "", unsupported = "", denied = "", offline = "" } = button.dataset;
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    problem(unsupported);
    return;
  }
  button.disabled = true;
  try {
    const answer = await fetch(`/api/push/key?lang=${encodeURIComponent(lang)}`);
    /** @type {Record<string, any>} */
    const found = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      problem(typeof found.error === "string" ? found.error : answer.statusText);
      return;
    }
    if ((await Notification.requestPermission()) !== "granted") {
      problem(denied);
      return;
    }
    let subscription;
    try {
      const registration = await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(String(found.key)),
      });
    } catch {
      problem(unsupported); // no push service this browser can reach
      return;
    }
    const response = await fetch("/api/me/push", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ subscription: subscription.toJSON(), lang }),
    });
    /** @type {Record<string, any>} */
    const result = await response.json().catch(() => ({}));
    if (!response.ok) {
      problem(typeof result.error === "string" ? result.error : response.statusText);
      return;
    }
    problem(done);
  } catch {
    problem(offline);
  } finally {
    button.disabled = false;
  }
}

const pushButton = /** @type {HTMLButtonElement | null} */ (document.getElementById("push-button"));
if (pushButton) pushButton.addEventListener("click", () => notifyThisDevice(pushButton));
