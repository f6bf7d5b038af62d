// The service worker of Web Push (issue 39, pegboard.web.notices): it shows a notice the
// server pushed ("your turn", "NAME moved"), already in the player's language, one per
// table (its tag: a newer one replaces it), and a click opens that table. Served at
// /push-sw.js so that its scope is the whole site. It reads nothing else and keeps nothing.

/** @type {any} the worker's own global scope (ServiceWorkerGlobalScope) */
const worker = globalThis;

worker.addEventListener("push", (/** @type {any} */ event) => {
  /** @type {{title?: string, body?: string, url?: string, tag?: string}} */
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  event.waitUntil(
    worker.registration.showNotification(notice.title || "pegboard", {
      body: notice.body || "",
      tag: notice.tag,
      icon: "/static/icon-turn.svg",
      data: { url: typeof notice.url === "string" && notice.url.startsWith("/") ? notice.url : "/" },
    }),
  );
});

worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  event.waitUntil(worker.clients.openWindow(event.notification.data.url));
});
