"""A ``state`` told as what changed since the last one a connection got: an ``update``.

A client that says ``"updates": true`` in its hello gets one full ``state`` (at the hello,
and again at every resync or change of language), then, for each later state, an
``update`` that names only what differs from the one before (docs/web.md):

* ``table``, present only when the table's summary changed;
* ``view``, the view's keys whose values changed, with their new values;
* ``append``, the view's lists that only grew (the log, above all), with their new items;
* ``gone``, the view's keys that are no more.

Applying them in order to the first state gives exactly every later state. Why: a state
carries the whole log of the match and the drawings of the board and the score track,
about 25-35 KB, and most of it is the same from one move to the next; the server then
encodes, compresses and sends a tenth of it, and so does the client read less.
"""

from __future__ import annotations

from typing import Any

STATE_KEYS = frozenset({"type", "seq", "match", "table", "you", "view"})
"""The keys of a ``state`` message (``TableService.state``): any other is sent whole."""


def update_of(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any] | None:
    """The ``update`` that turns the state ``before`` into the state ``after``; None when
    only a full state will do (another seat, or a message of another shape)."""
    if before.keys() != STATE_KEYS or after.keys() != STATE_KEYS or before["you"] != after["you"]:
        return None
    old, new = before["view"], after["view"]
    if not isinstance(old, dict) or not isinstance(new, dict):
        return None
    message: dict[str, Any] = {
        "type": "update",
        "seq": after["seq"],
        "match": after["match"],
        "you": after["you"],
    }
    if after["table"] != before["table"]:
        message["table"] = after["table"]
    changed: dict[str, Any] = {}
    grown: dict[str, list[Any]] = {}
    for key, value in new.items():
        if key not in old:
            changed[key] = value
            continue
        was = old[key]
        if value is was or value == was:  # identity first: the cached drawings and lines
            continue
        if isinstance(value, list) and isinstance(was, list) and _extends(value, was):
            grown[key] = value[len(was) :]
        else:
            changed[key] = value
    message["view"] = changed
    if grown:
        message["append"] = grown
    gone = [key for key in old if key not in new]
    if gone:
        message["gone"] = gone
    return message


def apply_update(state: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The state that ``update`` makes of ``state`` (a new dict; ``state`` is unchanged):
    what a client does, here for tests and the load benchmark."""
    view = dict(state["view"])
    for key in update.get("gone", ()):
        view.pop(key, None)
    view.update(update["view"])
    for key, items in update.get("append", {}).items():
        view[key] = [*view[key], *items]
    return {
        "type": "state",
        "seq": update["seq"],
        "match": update["match"],
        "table": update.get("table", state["table"]),
        "you": update["you"],
        "view": view,
    }


def _extends(longer: list[Any], shorter: list[Any]) -> bool:
    """Whether ``longer`` is ``shorter`` with items added at the end (none removed)."""
    return len(longer) > len(shorter) and longer[: len(shorter)] == shorter
