"""What changes with the number of seats round a cribbage table, and with the cards dealt: the
deal's sizes, who pegs on which score, the target, and the rules an error names (C2-C7
between two, C8-C12 among three and four in partnerships, C13-C17 for five-card cribbage
between two). The game itself (``pegboard.cribbage.game.Game``) is one for every table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from pegboard.core import N_, WordedError
from pegboard.cribbage.actions import DISCARD_OF, LAY_OF, Action, Discard, LayAway
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import side_of


def discard_choices(hand: list[Card]) -> tuple[Action, ...]:
    """Every pair of ``hand`` (C2), in deck order: the cards sorted by index, then pairs
    ``(i, j)`` with ``i < j`` in lexicographic order."""
    row = DISCARD_OF
    pairs: tuple[Discard | None, ...]
    if len(hand) == 6:  # always, in a game of two; unrolled as it is the common case
        c1, c2, c3, c4, c5, c6 = hand
        a, b, c, d, e, f = sorted((c1.index, c2.index, c3.index, c4.index, c5.index, c6.index))
        ra, rb, rc, rd, re = row[a], row[b], row[c], row[d], row[e]
        pairs = (
            ra[b], ra[c], ra[d], ra[e], ra[f],
            rb[c], rb[d], rb[e], rb[f],
            rc[d], rc[e], rc[f],
            rd[e], rd[f],
            re[f],
        )  # fmt: skip
    else:
        ordered = sorted([card.index for card in hand])
        pairs = tuple([row[x][y] for i, x in enumerate(ordered) for y in ordered[i + 1 :]])
    return pairs  # type: ignore[return-value]  # distinct cards: never None


def lay_away_choices(hand: list[Card]) -> tuple[Action, ...]:
    """Every card of ``hand`` to lay in the crib (C8, C9), in deck order."""
    return tuple([LAY_OF[index] for index in sorted([card.index for card in hand])])


@dataclass(frozen=True, slots=True)
class Table:
    """The facts of a table of ``players`` seats, looked up once per game."""

    players: int
    hand_size: int
    """Cards dealt each: six between two (C2), five among three or four (C8, C9)."""
    laid: int
    """Cards each seat lays in the crib: two (C2) or one (C8, C9)."""
    lay_type: type[Discard] | type[LayAway]
    """The action that lays them: ``Discard`` (two cards) or ``LayAway`` (one)."""
    pack: int
    """Cards the crib takes from the pack at the deal: one among three (C8)."""
    sides: tuple[int, ...]
    """The score each seat pegs on (partners opposite share one among four, C9)."""
    score_count: int
    """How many scores the game keeps: one a player, or one a side among four (C9)."""
    left: tuple[int, ...]
    """The seat on each seat's left: the next to deal, lay away, play and count."""
    pack_part: slice
    """The part of the shuffled deck after the hands that starts the crib (C8)."""
    stock_part: slice
    """The rest of the shuffled deck: the stock, the starter on top (C3)."""
    deal_parts: tuple[tuple[tuple[int, slice], ...], ...]
    """For each dealer, each seat with the part of the shuffled deck dealt to it, one card
    at a time from the dealer's left (C2, C8, C9)."""
    rounds: tuple[tuple[int, ...], ...]
    """For each seat, every seat in turn from its left round to itself: the order of the
    deal, the lay-away and the show when it deals, and of the lead after its last card."""
    deal_rule: str
    """The rule of the deal and the lay-away: C2, C8 or C9."""
    go_rule: str
    """The rule of the go: C5 between two, C10 among more."""
    turn_rule: str
    """The rule of the turn to peg: C4 between two, C10 among more."""
    end_rule: str
    """The rule of winning: C7 between two, C12 among more."""
    two: bool
    """Whether this is a game between two (C1-C7, or five-card's C13-C17)."""
    cards: int | None = None
    """The cards dealt each when the game was asked for them (``Game.new(cards=5)``): 5 for
    five-card cribbage (C13), kept in the record; None for the table's own deal."""
    kept: int = 4
    """Cards each seat keeps for the play and the show: four (C2, C8, C9), three (C13)."""
    target: int = 121
    """The score that wins at once: 121 (C7, C12), 61 (C17); the skunk lines follow from it
    (``GameResult``: 91 and 61, or the lurch below 31 at five-card)."""
    last: int = 0
    """Points the first non-dealer pegs at the start of the game: three for last (C14)."""
    one_play: bool = False
    """Whether the play ends at the first go or 31, the rest unplayed (C15)."""
    muggins: bool = False
    """Whether the players claim their own hands and cribs, with muggins (C18-C20)."""


def _table(players: int) -> Table:
    rules = {2: ("C2", "C5", "C4", "C7"), 3: ("C8", "C10", "C10", "C12")}
    deal, go, turn, end = rules.get(players, ("C9", "C10", "C10", "C12"))
    hand_size = 6 if players == 2 else 5
    return Table(
        players=players,
        hand_size=hand_size,
        laid=2 if players == 2 else 1,
        lay_type=Discard if players == 2 else LayAway,
        pack=1 if players == 3 else 0,
        sides=tuple(side_of(players, seat) for seat in range(players)),
        score_count=2 if players == 4 else players,
        left=tuple((seat + 1) % players for seat in range(players)),
        pack_part=slice(players * hand_size, players * hand_size + (players == 3)),
        stock_part=slice(players * hand_size + (players == 3), None),
        deal_parts=tuple(
            tuple(
                ((dealer + 1 + k) % players, slice(k, players * hand_size, players))
                for k in range(players)
            )
            for dealer in range(players)
        ),
        rounds=tuple(
            tuple((seat + step) % players for step in range(1, players + 1))
            for seat in range(players)
        ),
        deal_rule=deal,
        go_rule=go,
        turn_rule=turn,
        end_rule=end,
        two=players == 2,
    )


PLAYERS: Final = (2, 3, 4)
"""The tables cribbage is played at: two players, three (C8), or two partnerships (C9)."""

TABLES: Final = {players: _table(players) for players in PLAYERS}


FIVE_CARD: Final = replace(
    TABLES[2],
    hand_size=5,
    pack_part=slice(10, 10),
    stock_part=slice(10, None),
    deal_parts=tuple(
        tuple(((dealer + 1 + k) % 2, slice(k, 10, 2)) for k in range(2)) for dealer in range(2)
    ),
    deal_rule="C13",
    go_rule="C15",
    end_rule="C17",
    cards=5,
    kept=3,
    target=61,
    last=3,
    one_play=True,
)
"""Five-card cribbage between two (C13-C17): five cards each, two each to the crib, three
for last, one play to 31, the show of three cards and the starter, the game to 61."""

CARDS: Final = (5, 6)
"""The cards dealt each between two: five (C13) or six (C2)."""


def table_of(players: object, cards: object = None) -> Table:
    """The table of ``players`` seats dealt ``cards`` each (None: the table's own deal, six
    between two, five among three or four); a clear error naming the rules otherwise."""
    if isinstance(players, int) and not isinstance(players, bool) and players in TABLES:
        table = TABLES[players]
        number = isinstance(cards, int) and not isinstance(cards, bool)
        if cards is None or (number and cards == table.hand_size):
            return table
        if players == 2 and number and cards == 5:
            return FIVE_CARD
        raise WordedError(
            N_(
                "cribbage deals six cards each between two (C2) or five for five-card "
                "cribbage (C13), and five among three or four (C8, C9), not {cards!r}"
            ),
            cards=cards,
        )
    raise WordedError(
        N_(
            "cribbage is for two players, three (C8) or four in two partnerships (C9), "
            "not {players!r}"
        ),
        players=players,
    )


def with_muggins(table: Table, muggins: object) -> Table:
    """``table`` with the players counting their own shows when ``muggins`` is 1 (C18-C20);
    unchanged with 0; a clear error naming the rule otherwise."""
    if muggins is True or muggins is False or muggins not in (0, 1):
        raise WordedError(
            N_("the option muggins is 1 (the players count, C18) or 0, not {muggins!r}"),
            muggins=muggins,
        )
    return replace(table, muggins=True) if muggins else table
