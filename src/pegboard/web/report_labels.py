"""A report's actions in words (issue 36): each decision's actions labelled as the table's
hints label them, in the reader's language.

A stored report names actions in the engine's notation (``2-3@1-2H``, ``discard 7D 3C``),
the same in every language. The labels are made when a report is read, not stored: the
finished match is replayed and, at each decision, the deciding seat's own view (``views``)
gives its legal actions' labels (its ``legal``), as a table's hint takes them from the
seat's view. A label names no more than that seat's own view shows it (its own tiles or
cards, the board), and the match is over, so its replay shows every hand anyway. Replaying
a match costs a view per decision: the labels are kept per match and language
(``LabelCache``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

import pegboard.games
from pegboard.i18n import translator
from pegboard.web import views
from pegboard.web.replays import FinishedMatch
from pegboard.web.seat_names import seat_names

Labels = dict[int, dict[str, str]]
"""Each decision's labels, by its index in the match's log: ``{action: label}``."""

LABELLED_MATCHES = 64
"""Matches (in one language each) whose labels are kept: a report is read again and again
while its replay is stepped through."""


def decision_labels(found: FinishedMatch, decisions: Iterable[int], lang: str) -> Labels:
    """The labels of the legal actions at each of ``decisions`` (positions after that many
    moves of ``found``), each from the view of the seat that moved there."""
    wanted = set(decisions)
    _ = translator(lang)
    game = pegboard.games.get(found.game)
    match = game.new_match(found.config, found.seed)
    names = [str(name) for name in seat_names(found.game, found.seats, _)]
    labels: Labels = {}
    last = max(wanted, default=-1)
    for index, (seat, text) in enumerate(found.actions):
        if index > last:
            break
        if index in wanted:
            seen = views.view(match, found.game, seat, lang, names)
            labels[index] = {item["action"]: item["label"] for item in seen.get("legal", [])}
        game.play(match, seat, text)
    return labels


class LabelCache:
    """The labels of the reports read lately, by match and language (the least recently
    read going first); a finished match never changes, so they never go stale."""

    def __init__(self, most: int = LABELLED_MATCHES) -> None:
        self.most = most
        self._kept: OrderedDict[tuple[str, int, str], Labels] = OrderedDict()

    def get(self, found: FinishedMatch, lang: str) -> Labels | None:
        key = (found.table_id, found.number, lang)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
        return kept

    def keep(self, found: FinishedMatch, lang: str, labels: Labels) -> None:
        self._kept[(found.table_id, found.number, lang)] = labels
        while len(self._kept) > self.most:
            self._kept.popitem(last=False)
