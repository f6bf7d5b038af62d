"""One hand of the Fives family (docs/rules.md F2-F8): the deal, the turns, the points of
every play and the end of the hand.

The hand is the omniscient position: it knows every hand and the boneyard's order. Seats,
bots and clients see it only through ``observation(seat)``. It also carries the scores
of the sides when it began (a match's), because a play may win at once (F9: All Fives
reaches its target mid-hand; Fives and Threes must reach 61 exactly, a play past it
scoring nothing).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, Self

from pegboard.core import (
    N_,
    IllegalActionError,
    RecordError,
    WordedError,
    check_record,
    new_record,
    replay_actions,
)
from pegboard.dominoes.actions import (
    DRAW,
    PASS,
    Action,
    DrawTile,
    Pass,
    Play,
    parse_action,
    with_its_end,
)
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH, Tile, tiles_of
from pegboard.fives.layout import Layout
from pegboard.fives.rules import FivesRules
from pegboard.fives.scoring import round_to_five

HAND_KIND: Final = "hand"
_SYSTEM_RANDOM: Final = random.SystemRandom()

EndKind = Literal["domino", "blocked", "target"]


@dataclass(frozen=True, slots=True)
class FivesMove:
    """One entry of the public history: ``seat`` took ``action``.

    For a play: ``total`` is the ends total after it (F6), ``worth`` what it was worth
    (F7, with the chip-out point of F8 in Fives and Threes), ``points`` what it scored
    (``worth``, or 0 when it would have passed 61 in Fives and Threes, F9). For a draw or a
    pass: ``values`` are the numbers the open ends showed (the seat held none of them).
    """

    seat: int
    action: Action
    total: int | None = None
    worth: int = 0
    points: int = 0
    chip_out: bool = False
    values: tuple[int, ...] = ()

    @property
    def overshot(self) -> bool:
        """A play whose points would have passed 61, so it scored nothing (F9)."""
        return self.worth > 0 and self.points == 0

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": str(self.action)}
        if self.total is not None:
            data.update(total=self.total, worth=self.worth, points=self.points)
            if self.chip_out:
                data["chip_out"] = True
        else:
            data["values"] = list(self.values)
        return data


def nearest_five(numerator: int, denominator: int = 1) -> int:
    """``numerator / denominator`` rounded to the nearest multiple of five, a half up (F8).

    A whole number of pips is never halfway (``round_to_five``); a share of 15 pips
    between two players, 7½, is, and it rounds up to 10.
    """
    if denominator == 1:
        return round_to_five(numerator)
    return (2 * numerator + 5 * denominator) // (10 * denominator) * 5


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended (F8) and what its end scored.

    ``kind``: ``"domino"`` (a player, or in Fives and Threes with partnerships both
    partners, went out), ``"blocked"`` (nobody could play or draw) or ``"target"`` (a play
    won the game at once, F9: no count at the end). ``by``: the seat whose play ended the
    hand (None when blocked). ``winners``: the sides that score the end of the hand (one,
    or with 3 players two tied sharing), ``counted``: per side, the pips it scores before
    rounding (``shared`` by how many), ``points``: per side, the points scored (rounded
    to five, F8; divided by five when scoring by fives, F9). ``pips``: per seat, the pips
    left in hand; ``side_pips`` per side; ``hands``: the hands revealed.
    """

    kind: EndKind
    by: int | None
    winners: tuple[int, ...]
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    counted: tuple[int, ...]
    shared: int
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    by_fives: bool = False
    counts_pips: bool = True
    """Whether this game counts the pips at the end of a hand (All Fives), or not."""
    sides: tuple[tuple[int, ...], ...] = ()
    """The seats of each side (F1)."""

    @property
    def winner(self) -> int | None:
        """The one side that scores the end of the hand, or None (nobody, or two tied)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def arithmetic(self, side: int) -> str | None:
        """What ``side`` scores, as arithmetic with the rounding shown (F8):
        ``4 + 3 = 7 → 5``, ``13 ÷ 2 = 6½ → 5``, by fives ``… → 5 ÷ 5 = 1``; None when the
        side scores nothing at the end of the hand."""
        if side not in self.winners or not self.counts_pips:
            return None
        counted = self.counted[side]
        if self.shared > 1:
            whole, part = divmod(counted, self.shared)
            fraction = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔"}.get((part, self.shared), "")
            shown = f"{whole}{fraction}" if whole or not fraction else fraction
            text = f"{counted} \u00f7 {self.shared} = {shown}"
        else:
            parts = self._parts(side)
            text = f"{' + '.join(map(str, parts))} = {counted}" if len(parts) > 1 else str(counted)
        rounded = nearest_five(counted, self.shared)
        text += f" \u2192 {rounded}"
        if self.by_fives:
            text += f" \u00f7 5 = {rounded // 5}"
        return text

    def _parts(self, side: int) -> list[int]:
        """The pips counted for ``side``: every opponent's, seat by seat."""
        if not self.sides:
            return [pips for other, pips in enumerate(self.side_pips) if other != side]
        return [
            self.pips[seat]
            for other, seats in enumerate(self.sides)
            if other != side
            for seat in seats
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "by": self.by,
            "winners": list(self.winners),
            "pips": list(self.pips),
            "side_pips": list(self.side_pips),
            "counted": list(self.counted),
            "shared": self.shared,
            "points": list(self.points),
            "hands": [[str(t) for t in hand] for hand in self.hands],
        }


@dataclass(frozen=True, slots=True)
class FivesObservation:
    """What one seat may know of a hand: its own tiles and everything public.

    Built fresh by ``FivesHand.observation``; it holds no reference to the hand, so no
    other hand and no boneyard tile can be reached from it.
    """

    rules: FivesRules
    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    open_ends: tuple[End, ...]
    ends_total: int
    hand_sizes: tuple[int, ...]
    boneyard_count: int
    drawable: int
    scores: tuple[int, ...]
    """Per side."""
    leader: int
    to_play: int | None
    history: tuple[FivesMove, ...]
    legal: tuple[Action, ...]
    result: HandResult | None
    out_of_play: tuple[Tile, ...] = ()
    """Tiles a position for analysis left out of the hand (``from_position``): known to
    every seat to be in no hand and not in the boneyard. None in a dealt hand."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.rules.sides

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        return self.to_play

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game,
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "layout": [[str(t), None if e is None else e.notation] for t, e in self.layout.plays()],
            "spinner": None if self.layout.spinner is None else str(self.layout.spinner),
            "open_ends": [e.notation for e in self.open_ends],
            "ends_total": self.ends_total,
            "hand_sizes": list(self.hand_sizes),
            "boneyard_count": self.boneyard_count,
            "drawable": self.drawable,
            "scores": list(self.scores),
            "sides": [list(side) for side in self.rules.sides],
            "leader": self.leader,
            "to_play": self.to_play,
            "history": [move.to_dict() for move in self.history],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
            "out_of_play": [str(t) for t in self.out_of_play],
        }


class FivesHand:
    """One hand of All Fives or Fives and Threes, from the deal to its end (F2-F8).

    Build it with ``FivesHand.deal`` (a shuffled deal from a seed) or
    ``FivesHand.from_position`` (any position, for tests and analysis), then alternate
    ``legal_actions()`` and ``apply(action)`` until ``is_over``; ``result`` says how it
    ended and what the end scored, ``scores`` the sides' scores.
    """

    __slots__ = (
        "_boneyard",
        "_hands",
        "_history",
        "_layout",
        "_leader",
        "_legal",
        "_origin",
        "_outside",
        "_over",
        "_result",
        "_rules",
        "_scores",
        "_to_play",
    )

    _rules: FivesRules
    _hands: list[int]
    _boneyard: list[Tile]
    _layout: Layout
    _leader: int
    _to_play: int
    _scores: list[int]
    _history: list[FivesMove]
    _over: tuple[EndKind, int | None] | None
    _result: HandResult | None
    _legal: tuple[Action, ...] | None
    _origin: dict[str, Any]
    _outside: tuple[Tile, ...]

    def __init__(self) -> None:
        raise TypeError("use FivesHand.deal(...) or FivesHand.from_position(...)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _make(
        cls,
        rules: FivesRules,
        hands: list[int],
        boneyard: list[Tile],
        layout: Layout,
        leader: int,
        to_play: int,
        scores: list[int],
        origin: dict[str, Any],
    ) -> Self:
        self = object.__new__(cls)
        self._rules = rules
        self._hands = hands
        self._boneyard = boneyard
        self._layout = layout
        self._leader = leader
        self._to_play = to_play
        self._scores = scores
        self._history = []
        self._over = None
        self._result = None
        self._legal = None
        self._origin = origin
        self._outside = ()
        return self

    @classmethod
    def deal(
        cls,
        rules: FivesRules,
        seed: int | None = None,
        leader: int = 0,
        scores: Sequence[int] | None = None,
    ) -> Self:
        """Shuffle the 28 tiles and deal (F2): ``random.Random(seed).shuffle`` of the tiles
        in ``DOUBLE_SIX`` order, each seat's tiles dealt in turn from the top, the rest the
        boneyard in drawing order (set aside in Fives and Threes). ``leader`` leads (F3);
        ``scores`` are the sides' scores before the hand (a match's)."""
        if not isinstance(rules, FivesRules):
            raise TypeError("deal takes a FivesRules")
        n = rules.players
        if not isinstance(leader, int) or not 0 <= leader < n:
            raise ValueError(f"the leader is a seat from 0 to {n - 1}, not {leader!r}")
        side_scores = _check_scores(rules, scores)
        if seed is None:
            seed = _SYSTEM_RANDOM.getrandbits(63)
        tiles = list(DOUBLE_SIX)
        random.Random(seed).shuffle(tiles)
        size = rules.hand_size
        hands = [sum(t.bit for t in tiles[s * size : (s + 1) * size]) for s in range(n)]
        origin = {"deal": {"seed": seed, "leader": leader, "scores": list(side_scores)}}
        return cls._make(
            rules,
            hands,
            tiles[n * size :],
            Layout(rules.spinner),
            leader,
            leader,
            side_scores,
            origin,
        )

    @classmethod
    def from_position(
        cls,
        rules: FivesRules,
        hands: Sequence[Iterable[Tile]],
        boneyard: Iterable[Tile] = (),
        layout_plays: Sequence[tuple[Tile, End | None]] = (),
        leader: int | None = None,
        to_play: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> Self:
        """Any position, for tests and analysis: the hands, the boneyard (index 0 is drawn
        first; in Fives and Threes the tiles set aside), the layout as its plays, the
        seat that led and the seat to play (default: the leader), the sides' scores.

        The tiles need not account for all 28, but none may appear twice. In Fives and
        Threes with partnerships one partner may already be out (an empty hand)."""
        if not isinstance(rules, FivesRules):
            raise TypeError("from_position takes a FivesRules")
        n = rules.players
        hand_lists = [list(hand) for hand in hands]
        if len(hand_lists) != n:
            raise ValueError(f"{n} hands are needed, not {len(hand_lists)} (F1)")
        bone_list = list(boneyard)
        layout = Layout.from_plays(list(layout_plays), spinner=rules.spinner)
        seen: set[Tile] = set(layout.tiles)
        for tile in [t for hand in hand_lists for t in hand] + bone_list:
            if not isinstance(tile, Tile):
                raise ValueError(f"not a tile: {tile!r}")
            if tile in seen:
                raise ValueError(f"{tile} appears twice in the position (D1)")
            seen.add(tile)
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
        side_scores = _check_scores(rules, scores)
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
        self = cls._make(
            rules,
            [sum(t.bit for t in hand) for hand in hand_lists],
            bone_list,
            layout,
            leader,
            to_play,
            list(side_scores),
            origin,
        )
        self._outside = tuple(t for t in DOUBLE_SIX if t not in seen)
        self._check_blocked()
        return self

    def copy(self) -> Self:
        """An independent copy of this position."""
        other = object.__new__(type(self))
        other._rules = self._rules
        other._hands = self._hands.copy()
        other._boneyard = self._boneyard.copy()
        other._layout = self._layout.copy()
        other._leader = self._leader
        other._to_play = self._to_play
        other._scores = self._scores.copy()
        other._history = self._history.copy()
        other._over = self._over
        other._result = self._result
        other._legal = self._legal
        other._origin = self._origin
        other._outside = self._outside
        return other

    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copy()

    # -- state ---------------------------------------------------------------------------

    @property
    def rules(self) -> FivesRules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._rules.players

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the hand is over."""
        return None if self._over is not None else self._to_play

    @property
    def is_over(self) -> bool:
        return self._over is not None

    @property
    def layout(self) -> Layout:
        """A copy of the layout (changing it changes nothing here)."""
        return self._layout.copy()

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """``seat``'s tiles (omniscient: never show them to another seat)."""
        return tiles_of(self._hands[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand (omniscient)."""
        return tuple(tiles_of(mask) for mask in self._hands)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order (omniscient; in Fives and Threes, set aside)."""
        return tuple(self._boneyard)

    @property
    def boneyard_count(self) -> int:
        return len(self._boneyard)

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (F4): the boneyard less the reserve in All
        Fives, none in Fives and Threes."""
        if not self._rules.all_fives:
            return 0
        return max(0, len(self._boneyard) - self._rules.reserve)

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side, the score so far (the match's before the hand, and this hand's)."""
        return tuple(self._scores)

    @property
    def history(self) -> tuple[FivesMove, ...]:
        return tuple(self._history)

    @property
    def last_points(self) -> int:
        """What the last play scored (0 before any play)."""
        for move in reversed(self._history):
            if move.total is not None:
                return move.points
        return 0

    @property
    def result(self) -> HandResult | None:
        """How the hand ended and what its end scored; None while it is live."""
        return self._result

    # -- rules ---------------------------------------------------------------------------

    def _fitting_mask(self) -> int:
        mask = 0
        for end in self._layout.open_ends():
            mask |= MASK_WITH[end.value]
        return mask

    def can_play(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to play) holds a tile that fits (F4)."""
        hand = self._hands[self._to_play if seat is None else seat]
        if self._layout.is_empty:
            return hand != 0
        return bool(hand & self._fitting_mask())

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to play (F4): its plays, else a draw, else a pass."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._over is not None:
            return ()
        tiles = tiles_of(self._hands[self._to_play])
        if self._layout.is_empty:
            return tuple(Play(t) for t in tiles)
        ends = self._layout.open_ends()
        plays = tuple(Play(t, e) for t in tiles for e in ends if t.has(e.value))
        if plays:
            return plays
        return (DRAW,) if self.drawable > 0 else (PASS,)

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to play; ``IllegalActionError`` naming the rule,
        with nothing changed, when the rules forbid it."""
        if action not in self.legal_actions():
            self._reject(action)
        seat = self._to_play
        rules = self._rules
        self._legal = None
        if action.__class__ is Play:
            assert isinstance(action, Play)
            tile = action.tile
            self._hands[seat] &= ~tile.bit
            self._layout.play(tile, action.end)
            total = self._layout.ends_total()
            worth = rules.points(total)
            out = self._hands[seat] == 0
            chip = out and not rules.all_fives
            if chip:
                worth += 1
            side = rules.side_of(seat)
            points = worth
            if rules.exact and self._scores[side] + worth > rules.target:
                points = 0
            self._scores[side] += points
            self._history.append(FivesMove(seat, action, total, worth, points, chip))
            if points and self._reached(side):
                self._end("target", seat)
            elif out and (
                rules.all_fives
                or not rules.partnerships
                or all(self._hands[s] == 0 for s in rules.sides[side])
            ):
                self._end("domino", seat)
            else:
                self._advance()
        elif action.__class__ is DrawTile:
            values = self._values()
            tile = self._boneyard.pop(0)
            self._hands[seat] |= tile.bit
            self._history.append(FivesMove(seat, DRAW, values=values))
        else:
            self._history.append(FivesMove(seat, PASS, values=self._values()))
            self._advance()

    def _values(self) -> tuple[int, ...]:
        return tuple(sorted({end.value for end in self._layout.open_ends()}))

    def _reached(self, side: int) -> bool:
        score, target = self._scores[side], self._rules.target
        return score == target if self._rules.exact else score >= target

    def _advance(self) -> None:
        """The next seat clockwise that still holds tiles; the end if nobody can play."""
        n = self._rules.players
        seat = self._to_play
        for _ in range(n):
            seat = (seat + 1) % n
            if self._hands[seat]:
                break
        self._to_play = seat
        self._check_blocked()

    def _check_blocked(self) -> None:
        if self._layout.is_empty or self.drawable > 0:
            return
        fitting = self._fitting_mask()
        if not any(mask & fitting for mask in self._hands):
            self._end("blocked", None)

    def _end(self, kind: EndKind, by: int | None) -> None:
        self._over = (kind, by)
        self._legal = ()
        result = self._result = _settle(self._rules, self._hands, kind, by)
        for side, points in enumerate(result.points):
            self._scores[side] += points

    def _reject(self, action: object) -> None:
        if self._over is not None:
            raise IllegalActionError(N_("the hand is over: no more moves"), "F8")
        seat = self._to_play
        if isinstance(action, Play):
            if not self._hands[seat] & action.tile.bit:
                raise IllegalActionError(N_("{tile} is not in your hand"), "F4", tile=action.tile)
            # The layout explains a misplaced tile (D5, F5); it is a copy: nothing changes.
            self._layout.copy().play(action.tile, action.end)
        elif isinstance(action, DrawTile):
            if not self._rules.all_fives:
                raise IllegalActionError(
                    N_("Fives and Threes has no drawing: a player who cannot play knocks"), "F4"
                )
            if self._layout.is_empty or self.can_play():
                raise IllegalActionError(
                    N_("you hold a tile that fits, so you must play it, not draw"), "F4"
                )
            if self._rules.reserve:
                raise IllegalActionError(
                    N_("the last two tiles of the boneyard are never drawn: pass"), "F4"
                )
            raise IllegalActionError(N_("the boneyard is empty: pass"), "F4")
        elif isinstance(action, Pass):
            if self._layout.is_empty or self.can_play():
                raise IllegalActionError(N_("you can play a tile, so you must play"), "F4")
            raise IllegalActionError(
                N_("you may not pass while you can draw: draw until a tile fits"), "F4"
            )
        else:
            raise IllegalActionError(
                N_("not a move of the Fives family: {action!r} (a play, draw or pass)"),
                "F4",
                action=action,
            )
        raise AssertionError(f"{action} was refused but breaks no rule")

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (``3-4@4-4B``, ``1-4``, ``draw``, ``pass`` or
        ``knock``); a tile alone when it fits just one open end."""
        if isinstance(text, str) and text.strip().lower() in ("knock", "k"):
            return PASS
        return with_its_end(
            parse_action(text),
            self._layout,
            N_("{tile} fits no open end of the layout ({values})"),
            self._values(),
        )

    # -- hidden information --------------------------------------------------------------

    def observation(self, seat: int) -> FivesObservation:
        """What ``seat`` may know: its tiles, the layout, every hand's size, the boneyard's
        size, the scores and the public history; at the end, the hands revealed."""
        n = self._rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r} at a table of {n}")
        current = self.current_player
        layout = self._layout.copy()
        return FivesObservation(
            rules=self._rules,
            seat=seat,
            hand=tiles_of(self._hands[seat]),
            layout=layout,
            open_ends=layout.open_ends(),
            ends_total=layout.ends_total() if not layout.is_empty else 0,
            hand_sizes=tuple(mask.bit_count() for mask in self._hands),
            boneyard_count=len(self._boneyard),
            drawable=self.drawable,
            scores=tuple(self._scores),
            leader=self._leader,
            to_play=current,
            history=tuple(self._history),
            legal=self.legal_actions() if seat == current else (),
            result=self._result,
            out_of_play=self._outside,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Self:
        """A position ``seat`` cannot tell from this one, for search by bots: the tiles it
        cannot see dealt again, uniformly over the deals consistent with what it saw
        (``pegboard.fives.determinize``)."""
        from pegboard.fives.determinize import sample_hands

        n = self._rules.players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r} at a table of {n}")
        hands, boneyard = sample_hands(self.observation(seat), rng)
        other = self.copy()
        other._hands = list(hands)
        other._boneyard = list(boneyard)
        other._origin = {"sampled": True}
        return other

    @classmethod
    def _from_observation(
        cls,
        observation: FivesObservation,
        hands: Sequence[int],
        boneyard: Sequence[Tile],
    ) -> Self:
        """The live position of ``observation`` with these hidden tiles (for the bots)."""
        rules = observation.rules
        self = cls._make(
            rules,
            list(hands),
            list(boneyard),
            observation.layout.copy(),
            observation.leader,
            observation.seat if observation.to_play is None else observation.to_play,
            list(observation.scores),
            {"sampled": True},
        )
        self._outside = observation.out_of_play
        self._history = list(observation.history)
        if observation.result is not None:
            self._over = (observation.result.kind, observation.result.by)
            self._result = observation.result
            self._legal = ()
        return self

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: the rules, how the hand started, every action since."""
        record = new_record(self._rules.game, HAND_KIND)
        record["rules"] = self._rules.to_dict()
        record.update(self._origin)
        record["actions"] = [str(move.action) for move in self._history]
        if self._result is not None:
            record["result"] = self._result.to_dict()
        record["scores"] = list(self._scores)
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Self:
        """Replay a hand record exactly; ``RecordError`` if it does not replay."""
        check_record(record, kind=HAND_KIND)
        try:
            rules = FivesRules.from_dict(record.get("rules"))
            if record.get("game") != rules.game:
                raise RecordError(N_("the record's game and its rules' game differ"))
            if "deal" in record:
                deal = record["deal"]
                hand = cls.deal(
                    rules, seed=deal["seed"], leader=deal["leader"], scores=deal.get("scores")
                )
            elif "position" in record:
                pos = record["position"]
                hand = cls.from_position(
                    rules,
                    [[Tile.parse(t) for t in tiles] for tiles in pos["hands"]],
                    [Tile.parse(t) for t in pos.get("boneyard", [])],
                    [
                        (Tile.parse(t), None if e is None else End.parse(e))
                        for t, e in pos.get("layout", [])
                    ],
                    leader=pos.get("leader"),
                    to_play=pos.get("to_play"),
                    scores=pos.get("scores"),
                )
            else:
                raise RecordError(N_("a hand record needs a 'deal' or a 'position'"))
            replay_actions(hand, record.get("actions", []), hand.parse_action, what="round")
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(
                N_("the hand record does not replay: {reason}"), reason=error
            ) from error
        replayed = hand.to_record()
        for key in ("result", "scores"):
            if key in record and record[key] != replayed.get(key):
                raise RecordError(N_("the replayed {key} differ from the record"), key=key)
        return hand

    def __repr__(self) -> str:
        state = "over" if self._over is not None else f"seat {self._to_play} to play"
        return f"<FivesHand {self._rules.game} {self._rules.players} players, {state}>"


def _check_scores(rules: FivesRules, scores: Sequence[int] | None) -> list[int]:
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


def _settle(rules: FivesRules, hands: Sequence[int], kind: EndKind, by: int | None) -> HandResult:
    """The end of a hand (F8): who scores the pips left, rounded to five (All Fives)."""
    revealed = tuple(tiles_of(mask) for mask in hands)
    pips = tuple(sum(t.pips for t in tiles) for tiles in revealed)
    sides = rules.sides
    side_pips = tuple(sum(pips[s] for s in side) for side in sides)
    counted = [0] * len(sides)
    points = [0] * len(sides)
    winners: tuple[int, ...] = ()
    shared = 1
    if kind == "domino":
        assert by is not None
        winners = (rules.side_of(by),)
    elif kind == "blocked":
        lowest = min(side_pips)
        winners = tuple(side for side, p in enumerate(side_pips) if p == lowest)
        if len(winners) > 1 and (rules.partnerships or len(sides) == 2 or not rules.all_fives):
            winners = ()
    if rules.all_fives and kind != "target":
        if len(winners) == 1:
            side = winners[0]
            counted[side] = sum(p for other, p in enumerate(side_pips) if other != side)
            points[side] = rules.counted(round_to_five(counted[side]))
        elif winners:
            shared = len(winners)
            rest = sum(p for other, p in enumerate(side_pips) if other not in winners)
            if rest == 0:
                winners, shared = (), 1
            for side in winners:
                counted[side] = rest
                points[side] = rules.counted(nearest_five(rest, shared))
    elif not rules.all_fives and kind == "blocked":
        winners = ()  # F8: a blocked hand of Fives and Threes scores nothing
    return HandResult(
        kind=kind,
        by=by,
        winners=winners if rules.all_fives or kind == "domino" else (),
        pips=pips,
        side_pips=side_pips,
        counted=tuple(counted),
        shared=shared,
        points=tuple(points),
        hands=revealed,
        by_fives=rules.by_fives,
        counts_pips=rules.all_fives,
        sides=sides,
    )
