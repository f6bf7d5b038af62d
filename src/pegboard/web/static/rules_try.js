// What every rules page's "try it" does with the server's engine: send the placements so
// far, and get back the diagram drawn again with its words, or the refusal in words. Each
// game's rules script (in its package's looks/static/) says what a placement is and how to
// show the answer.

/**
 * Ask the engine to lay ``plays`` on the page's diagram (POST ``url``, in ``lang``).
 * @param {string} url the page's try address (``/api/rules/GAME/try``)
 * @param {string} lang the page's language
 * @param {unknown[]} plays the placements so far, the new one last
 * @returns {Promise<{body: Record<string, any> | null, error: string | null}>} the engine's
 *   answer, or (body null) the words of its refusal ("…" when the server is not reached)
 */
export async function askEngine(url, lang, plays) {
  let response;
  let body;
  try {
    response = await fetch(`${url}?lang=${encodeURIComponent(lang)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plays }),
    });
    body = await response.json();
  } catch {
    return { body: null, error: "…" };
  }
  if (!response.ok) return { body: null, error: body.error || String(response.status) };
  return { body, error: null };
}
