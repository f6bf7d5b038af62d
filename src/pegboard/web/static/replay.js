// The replay page (/m/ID): the keys ←/→/Home/End follow the page's own links to the
// first, previous, next and last move (the page works without this script too).
const steps = new Map();
for (const step of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".replay-step"))) {
  steps.set(step.dataset.key, step);
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest("input, textarea, select")) return;
  const step = steps.get(event.key);
  if (step instanceof HTMLAnchorElement) {
    event.preventDefault();
    window.location.assign(step.href);
  }
});
