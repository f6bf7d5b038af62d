"""One hand of the Fives family (docs/rules.md F2-F8): the turns, the points of every play
and the end of the hand.

The hand is the omniscient position: it knows every hand and the boneyard's order. Seats,
bots and clients see it only through ``observation(seat)``. It also carries the scores
of the sides when it began (a match's), because a play may win at once (F9: All Fives
reaches its target mid-hand; Fives and Threes must reach 61 exactly, a play past it
scoring nothing).

Its parts, by responsibility: how it starts (``pegboard.fives.positions``), its public
history (``moves``), its end (``settlement``), what a seat sees (``observation``) and why
an action is refused (``refusals``); every name stays importable from here and from
``pegboard.fives``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, Self

from pegboard.core import N_, RecordError, check_record, new_record, replay_actions
from pegboard.dominoes.actions import DRAW, PASS, Action, DrawTile, Play, parse_action, with_its_end
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import MASK_WITH, Tile, tiles_of
from pegboard.fives.layout import Layout
from pegboard.fives.moves import EndKind, FivesMove
from pegboard.fives.observation import FivesObservation
from pegboard.fives.positions import Start, dealt, given
from pegboard.fives.refusals import refusal
from pegboard.fives.rules import FivesRules
from pegboard.fives.settlement import HandResult, nearest_five, settle

__all__ = [
    "HAND_KIND",
    "EndKind",
    "FivesHand",
    "FivesMove",
    "FivesObservation",
    "HandResult",
    "nearest_five",
]

HAND_KIND: Final = "hand"


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
    def _make(cls, rules: FivesRules, start: Start) -> Self:
        self = object.__new__(cls)
        self._rules = rules
        self._hands = start.hands
        self._boneyard = start.boneyard
        self._layout = start.layout
        self._leader = start.leader
        self._to_play = start.to_play
        self._scores = start.scores
        self._history = []
        self._over = None
        self._result = None
        self._legal = None
        self._origin = start.origin
        self._outside = start.outside
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
        return cls._make(rules, dealt(rules, seed, leader, scores))

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
        start = given(rules, hands, boneyard, layout_plays, leader, to_play, scores)
        self = cls._make(rules, start)
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
            raise refusal(self, action)
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
        result = self._result = settle(self._rules, self._hands, kind, by)
        for side, points in enumerate(result.points):
            self._scores[side] += points

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
        start = Start(
            list(hands),
            list(boneyard),
            observation.layout.copy(),
            observation.leader,
            observation.seat if observation.to_play is None else observation.to_play,
            list(observation.scores),
            {"sampled": True},
            observation.out_of_play,
        )
        self = cls._make(observation.rules, start)
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
