"""How a hand of the Fives family starts from a position given for tests and analysis,
checked (no tile twice, the seats, the sides' scores): ``FivesHand.from_position`` builds
its hand from the ``Start`` made here (a shuffled deal, F2, is the cores' own:
``FivesHand.deal``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.core import N_, WordedError
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile, distinct_tiles
from pegboard.fives.layout import Layout
from pegboard.fives.rules import FivesRules


@dataclass(frozen=True, slots=True)
class Start:
    """The state a hand starts from: the hands (``Tile.bit`` sets per seat), the boneyard
    in drawing order, the layout, the leader and the seat to play, the sides' scores, how
    it started (for its record) and the tiles left out of play (a position's)."""

    hands: list[int]
    boneyard: list[Tile]
    layout: Layout
    leader: int
    to_play: int
    scores: list[int]
    origin: dict[str, Any]
    outside: tuple[Tile, ...] = ()


def check_scores(rules: FivesRules, scores: Sequence[int] | None) -> list[int]:
    """The sides' scores before a hand: one whole number per side, zeros by default."""
    if scores is None:
        return [0] * rules.num_sides
    values = list(scores)
    if len(values) != rules.num_sides or any(
        not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values
    ):
        raise WordedError(
            N_("the scores are one whole number per side ({sides} sides), not {scores}"),
            sides=rules.num_sides,
            scores=values,
        )
    return values


def given(
    rules: FivesRules,
    hands: Sequence[Iterable[Tile]],
    boneyard: Iterable[Tile],
    layout_plays: Sequence[tuple[Tile, End | None]],
    leader: int | None,
    to_play: int | None,
    scores: Sequence[int] | None,
) -> Start:
    """A position given whole (``FivesHand.from_position``), checked: ``ValueError`` (or
    ``TypeError`` for rules that are not a ``FivesRules``) naming what is wrong."""
    if not isinstance(rules, FivesRules):
        raise TypeError("from_position takes a FivesRules")
    n = rules.players
    hand_lists = [list(hand) for hand in hands]
    if len(hand_lists) != n:
        raise ValueError(f"{n} hands are needed, not {len(hand_lists)} (F1)")
    bone_list = list(boneyard)
    layout = Layout.from_plays(list(layout_plays), spinner=rules.spinner)
    seen = distinct_tiles([t for hand in hand_lists for t in hand] + bone_list, layout.tiles)
    if leader is None:
        leader = 0 if to_play is None else to_play
    if to_play is None:
        to_play = leader
    for name, seat in (("leader", leader), ("seat to play", to_play)):
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"the {name} is a seat from 0 to {n - 1}, not {seat!r}")
    if not hand_lists[to_play]:
        raise ValueError(f"seat {to_play} has no tile left and cannot be the one to play")
    empty = [s for s in range(n) if not hand_lists[s]]
    if empty and (rules.all_fives or not rules.partnerships):
        raise ValueError("an empty hand ends the hand (F8): every hand needs a tile")
    if any(all(not hand_lists[s] for s in side) for side in rules.sides):
        raise ValueError("both partners are out: the hand is over (F8)")
    if layout.is_empty and to_play != leader:
        raise ValueError("the leader plays the first tile (F3)")
    side_scores = check_scores(rules, scores)
    origin = {
        "position": {
            "hands": [[str(t) for t in hand] for hand in hand_lists],
            "boneyard": [str(t) for t in bone_list],
            "layout": [[str(t), None if e is None else e.notation] for t, e in layout.plays()],
            "leader": leader,
            "to_play": to_play,
            "scores": side_scores,
        }
    }
    return Start(
        [sum(t.bit for t in hand) for hand in hand_lists],
        bone_list,
        layout,
        leader,
        to_play,
        list(side_scores),
        origin,
        tuple(t for t in DOUBLE_SIX if t not in seen),
    )
