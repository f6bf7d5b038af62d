// "Try it" on the cribbage rules page: pick four cards and a starter, and the server's
// engine counts them (POST /api/rules/cribbage/count): the saying in the page's language
// ("fifteen two, fifteen four...") and the total, or a translated error naming the rule.
// Every word shown comes from the page or from the server; the form is hidden without this
// script, and the page reads completely without it.

import { h } from "../dom.js";

const form = document.getElementById("hand-counter");

function choices() {
  const hand = [...form.querySelectorAll("select[name=hand]")].map((s) => /** @type {HTMLSelectElement} */ (s)).map((s) => s.value).filter(Boolean);
  const starter = /** @type {HTMLSelectElement} */ (form.querySelector("select[name=starter]")).value;
  const crib = /** @type {HTMLInputElement} */ (form.querySelector("input[name=crib]")).checked;
  return { hand, starter, crib };
}

function complete({ hand, starter }) {
  return hand.length === 4 && starter !== "";
}

let asked = 0; // answers to older questions are dropped

async function count() {
  const question = choices();
  const ticket = ++asked;
  const result = form.querySelector("#count-result");
  let answer;
  try {
    const response = await fetch(form.dataset.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...question, starter: question.starter || null, lang: form.dataset.lang }),
    });
    answer = await response.json();
  } catch {
    answer = { error: form.dataset.offline };
  }
  if (ticket !== asked) return;
  form.dataset.total = answer.error ? "" : String(answer.total);
  const shown = answer.error
    ? [h("p", { class: "error" }, answer.error)]
    : [
        h("p", { class: "saying", lang: answer.lang }, answer.saying),
        h("p", { class: "total" }, h("strong", {}, answer.total_text)),
      ];
  result.replaceChildren(...shown);
}

if (form) {
  form.hidden = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    count();
  });
  form.addEventListener("change", () => {
    if (complete(choices())) count();
  });
  document.body.dataset.ready = "true";
}
