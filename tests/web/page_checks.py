"""What the browser tests check on any page: every glyph drawn by a font that has it, no
horizontal scrolling, and axe-core's accessibility rules. Shared by the rules pages' and
the corrections' browser tests."""

from __future__ import annotations

import functools
import json
import subprocess
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page


@functools.cache
def font_charset(family: str) -> frozenset[int]:
    """The code points of the installed fonts of ``family`` (fontconfig's charset)."""
    listing = subprocess.run(
        ["fc-list", "--format", "%{charset}\n", f":family={family}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    ).stdout
    points: set[int] = set()
    for part in listing.split():
        low, _sep, high = part.partition("-")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    return frozenset(points)


MARK_TEXTS = """() => {
  // A page checked before: its marks are of that check, and numbered again here.
  for (const old of document.querySelectorAll('[data-glyph-check]')) {
    old.removeAttribute('data-glyph-check');
  }
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent) continue;
    if (parent.closest('[hidden], title, desc, noscript, style, script, select')) continue;
    const marked = parent.getAttribute('data-glyph-check');
    if (marked !== null) {  // an element of several texts: one entry, marked once
      found[Number(marked)] += ' ' + text;
      continue;
    }
    parent.setAttribute('data-glyph-check', String(found.length));
    found.push(text);
  }
  // A select draws its chosen option: its fonts must hold every option's characters.
  for (const select of document.querySelectorAll('select')) {
    if (select.closest('[hidden]')) continue;
    select.setAttribute('data-glyph-check', String(found.length));
    found.push([...select.options].map((o) => o.textContent).join(' '));
  }
  return found;
}"""


def missing_glyphs(page: Page) -> list[tuple[str, str, list[str]]]:
    """The characters shown on ``page`` that no font Chromium drew their element with has
    (CDP ``CSS.getPlatformFontsForNode``, and fontconfig's charsets): ``(character, text,
    fonts used)``."""
    texts: list[str] = page.evaluate(MARK_TEXTS)
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]
    # The marked elements' node ids, read from the whole tree at once (a query of the page
    # for each mark was as many round trips to the browser as there are texts, again).
    marked = nodes_marked(root)
    missing = []
    for number, text in enumerate(texts):
        used = session.send("CSS.getPlatformFontsForNode", {"nodeId": marked[number]})["fonts"]
        fonts = [font["familyName"] for font in used]
        covered = frozenset().union(*(font_charset(f) for f in fonts))
        for char in sorted(set(text)):
            if not char.isspace() and ord(char) not in covered:
                missing.append((char, text[:60], fonts))
    session.detach()
    return missing


def nodes_marked(root: dict[str, Any]) -> dict[int, int]:
    """The node id of each element of CDP's tree ``root`` (``DOM.getDocument``) that
    ``MARK_TEXTS`` marked, by its mark."""
    found: dict[int, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        attributes = node.get("attributes", [])
        for name, value in zip(attributes[::2], attributes[1::2], strict=True):
            if name == "data-glyph-check":
                found[int(value)] = node["nodeId"]
        stack.extend(node.get("children", []))
        stack.extend(node.get("shadowRoots", []))
        if "contentDocument" in node:
            stack.append(node["contentDocument"])
    return found


def horizontal_overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 or less: no sideways scroll)."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


AXE = Axe()
AXE_OPTIONS = json.dumps({"resultTypes": ["violations"]})
"""axe-playwright-python's options of ``Axe.run``: every rule of axe's defaults runs; only
the violations are reported in full."""


def axe_violations(page: Page) -> list[str]:
    """axe-core's violations on ``page``, as ``rule: [targets]``.

    What ``Axe.run`` does (the same axe, the same rules and options), but the script (half
    a megabyte) injected once per document rather than at every run, and only each
    violation's rule and targets sent back from the page."""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE.axe_script)
    found: list[tuple[str, list[Any]]] = page.evaluate(
        f"axe.run({AXE_OPTIONS}).then((results) => results.violations.map("
        "(v) => [v.id, v.nodes.map((n) => n.target)]))"
    )
    return [f"{rule}: {targets}" for rule, targets in found]
