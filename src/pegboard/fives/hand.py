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

``FivesHand`` is a thin public layer over a *core* that holds the compact state and runs the
hot path: ``legal_actions``, ``apply`` and ``is_over`` are the core's own methods, with no
Python wrapper in between, because bots, the arena and the benchmarks call them millions of
times. The core is the C extension ``_fastfives`` when it was compiled, else the pure-Python
``PureCore`` (``_purecore.py``, the reference; ``PEGBOARD_PURE_PYTHON=1`` forces it). Both
behave identically; ``PureFivesHand`` is ``FivesHand`` on the pure core, so that the two can
be compared side by side (``tests/fives/test_cores.py``). ``CORE`` says which is in use.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast

from pegboard.core import N_, RecordError, check_record, new_record, replay_actions
from pegboard.dominoes import ranks
from pegboard.dominoes.actions import PASS, Action, Play, parse_action, with_its_end
from pegboard.dominoes.cores import fresh_seed, pure_python_asked, shuffled_in_c, shuffled_tiles
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH, Tile, tiles_of
from pegboard.fives import _purecore
from pegboard.fives._purecore import (
    ACTION_CODE,
    ACTION_END,
    ACTION_TILE,
    ACTIONS,
    END_VALUE,
    ENDS,
    KINDS,
    PureCore,
    core_rules,
    deal_order,
)
from pegboard.fives.layout import Layout
from pegboard.fives.moves import EndKind, FivesMove
from pegboard.fives.observation import FivesObservation
from pegboard.fives.positions import check_scores, given
from pegboard.fives.rules import FivesRules
from pegboard.fives.settlement import HandResult, nearest_five, settle

__all__ = [
    "CORE",
    "HAND_KIND",
    "EndKind",
    "FivesHand",
    "FivesMove",
    "FivesObservation",
    "HandResult",
    "PureFivesHand",
    "nearest_five",
]

HAND_KIND: Final = "hand"


def _load_core() -> tuple[type[PureCore], str]:
    """The C core when it is compiled and not refused, else the pure-Python one."""
    if pure_python_asked():
        return PureCore, "python"
    try:
        from pegboard.fives import _fastfives
    except ImportError:
        return PureCore, "python"
    _fastfives.setup(
        actions=ACTIONS,
        action_tile=ACTION_TILE,
        action_end=ACTION_END,
        action_free=_purecore.ACTION_FREE,
        play_code=_purecore.PLAY_CODE,
        end_value=END_VALUE,
        end_count=_purecore.END_COUNT,
        draw_code=_purecore.DRAW_CODE,
        pass_code=_purecore.PASS_CODE,
        reject=_purecore.reject,
        rank_low=ranks.LOW,
        rank_high=ranks.HIGH,
    )
    return cast("type[PureCore]", _fastfives.Core), "c"


if TYPE_CHECKING:
    _Core = PureCore
    CORE: str
else:
    _Core, CORE = _load_core()
"""``CORE`` says which core ``FivesHand`` runs on: ``"c"`` or ``"python"``."""


def _move(entry: tuple[int, int, int, int, int, int, int]) -> FivesMove:
    """The public history's entry for a core's (seat, code, total, worth, points, chip,
    values)."""
    seat, code, total, worth, points, chip, values = entry
    action = ACTIONS[code]
    if total < 0:  # a draw or a knock: the numbers the seat held none of (F4)
        return FivesMove(seat, action, values=tuple(v for v in range(7) if values >> v & 1))
    return FivesMove(seat, action, total, worth, points, bool(chip))


def _entry(move: FivesMove) -> tuple[int, int, int, int, int, int, int]:
    """A core's history entry for a public one (``_move`` reads it back)."""
    values = 0
    for value in move.values:
        values |= 1 << value
    total = -1 if move.total is None else move.total
    return (
        move.seat,
        ACTION_CODE[move.action],
        total,
        move.worth,
        move.points,
        int(move.chip_out),
        values,
    )


def _placements(layout: Layout) -> list[int]:
    """The action codes that build ``layout``, in order."""
    return [ACTION_CODE[Play(tile, end)] for tile, end in layout.plays()]


class FivesHand(_Core):
    """One hand of All Fives or Fives and Threes, from the deal to its end (F2-F8).

    Build it with ``FivesHand.deal`` (a shuffled deal from a seed) or
    ``FivesHand.from_position`` (any position, for tests and analysis), then alternate
    ``legal_actions()`` and ``apply(action)`` until ``is_over``; ``result`` says how it
    ended and what the end scored, ``scores`` the sides' scores.

    The hot path, ``legal_actions``, ``apply`` and ``is_over``, is the core's own (named
    below, no wrapper in between); ``current_player``, ``num_players``, ``leader``,
    ``scores``, ``boneyard_count`` and ``drawable`` come from the core too (see
    ``_purecore.PureCore``). ``FivesHand.CORE`` says which core that is.
    """

    __slots__ = ("_layoutcache", "_movecache", "_origin", "_outside", "_result", "_rules")

    CORE: ClassVar[str] = CORE
    """The core this class runs on: ``"c"`` (``_fastfives.Core``) or ``"python"`` (``PureCore``)."""
    legal_actions = _Core.legal_actions
    """The actions of the seat to play (F4): its plays, else a draw, else a pass; the
    core's own method, not a wrapper."""
    apply = _Core.apply
    """Play an action for the seat to play (F4-F9), ``IllegalActionError`` naming the rule,
    with nothing changed, when the rules forbid it: the core's own method, not a wrapper."""
    is_over = _Core.is_over
    """Whether the hand is over (F8, F9): the core's own property, not a wrapper."""

    _rules: FivesRules
    _origin: dict[str, Any]  # how the hand started, for its record
    _outside: tuple[Tile, ...]  # tiles a position left out of play
    _result: HandResult | None  # the end, once asked for (or given by an observation)
    _layoutcache: Layout | None  # the layout so far, rebuilt lazily from the placements
    _movecache: list[FivesMove]  # the public history so far, rebuilt lazily

    def __init__(self) -> None:
        raise TypeError("use FivesHand.deal(...) or FivesHand.from_position(...)")

    # -- construction ------------------------------------------------------------------

    def _dress(
        self, rules: FivesRules, origin: dict[str, Any], outside: tuple[Tile, ...] = ()
    ) -> Self:
        """Set what the public layer keeps beside the core."""
        self._rules = rules
        self._origin = origin
        self._outside = outside
        self._result = None
        self._layoutcache = None
        self._movecache = []
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
        side_scores = check_scores(rules, scores)
        if seed is None:
            seed = fresh_seed()
        spec = core_rules(rules)
        if shuffled_in_c(seed):
            self = cls._deal(spec, seed, leader, side_scores)
        else:  # any other seed random.Random takes
            hands, bone = deal_order(spec, shuffled_tiles(seed))
            self = cls._make(spec, hands, bone, (), leader, leader, side_scores)
        origin = {"deal": {"seed": seed, "leader": leader, "scores": side_scores}}
        return self._dress(rules, origin)

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
        self = cls._make(
            core_rules(rules),
            start.hands,
            [t.index for t in start.boneyard],
            _placements(start.layout),
            start.leader,
            start.to_play,
            start.scores,
        )
        self._dress(rules, start.origin, start.outside)
        self._check_blocked()
        return self

    def copy(self) -> Self:
        """An independent copy of this position."""
        other = self._clone()
        other._rules = self._rules
        other._origin = self._origin
        other._outside = self._outside
        other._result = self._result
        other._layoutcache = None
        other._movecache = self._movecache.copy()
        return other

    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _unpickle,
            (type(self), self._getstate(), self._origin, self._outside, self._result),
        )

    # -- state ---------------------------------------------------------------------------

    @property
    def rules(self) -> FivesRules:
        return self._rules

    def _layout(self) -> Layout:
        """The layout, brought up to date (do not change it: it is a cache)."""
        placed = self._placements()
        layout = self._layoutcache
        if layout is None:
            layout = self._layoutcache = Layout(self._rules.spinner)
        for code in placed[len(layout) :]:
            end = ACTION_END[code]
            layout.play(DOUBLE_SIX[ACTION_TILE[code]], ENDS[end] if end >= 0 else None)
        return layout

    @property
    def layout(self) -> Layout:
        """A copy of the layout (changing it changes nothing here)."""
        return self._layout().copy()

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """``seat``'s tiles (omniscient: never show them to another seat)."""
        return tiles_of(self._hand_masks()[seat])

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand (omniscient)."""
        return tuple(tiles_of(mask) for mask in self._hand_masks())

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order (omniscient; in Fives and Threes, set aside)."""
        return tuple(DOUBLE_SIX[t] for t in self._bone_tiles())

    @property
    def history(self) -> tuple[FivesMove, ...]:
        moves = self._movecache
        entries = self._history_codes()
        if len(moves) < len(entries):
            moves.extend(_move(entry) for entry in entries[len(moves) :])
        return tuple(moves)

    @property
    def last_points(self) -> int:
        """What the last play scored (0 before any play)."""
        for _, _, total, _, points, _, _ in reversed(self._history_codes()):
            if total >= 0:
                return points
        return 0

    @property
    def result(self) -> HandResult | None:
        """How the hand ended and what its end scored; None while it is live."""
        result = self._result
        if result is None and self.is_over:
            kind, by = self._end_state()
            result = self._result = settle(
                self._rules,
                self._hand_masks(),
                cast("EndKind", KINDS[kind]),
                None if by < 0 else by,
            )
        return result

    # -- rules ---------------------------------------------------------------------------

    def _fitting_mask(self) -> int:
        mask = 0
        for end in self._open_ends():
            mask |= MASK_WITH[END_VALUE[end]]
        return mask

    def can_play(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to play) holds a tile that fits (F4)."""
        hand = self._hand_masks()[self._current_seat() if seat is None else seat]
        if not self._open_ends():
            return hand != 0
        return bool(hand & self._fitting_mask())

    def _values(self) -> tuple[int, ...]:
        return tuple(sorted({END_VALUE[end] for end in self._open_ends()}))

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (``3-4@4-4B``, ``1-4``, ``draw``, ``pass`` or
        ``knock``); a tile alone when it fits just one open end."""
        if isinstance(text, str) and text.strip().lower() in ("knock", "k"):
            return PASS
        return with_its_end(
            parse_action(text),
            self._layout(),
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
        layout = self.layout
        hands = self._hand_masks()
        return FivesObservation(
            rules=self._rules,
            seat=seat,
            hand=tiles_of(hands[seat]),
            layout=layout,
            open_ends=layout.open_ends(),
            ends_total=layout.ends_total() if not layout.is_empty else 0,
            hand_sizes=tuple(mask.bit_count() for mask in hands),
            boneyard_count=self.boneyard_count,
            drawable=self.drawable,
            scores=self.scores,
            leader=self.leader,
            to_play=current,
            history=self.history,
            legal=self.legal_actions() if seat == current else (),
            result=self.result,
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
        other._set_hidden(list(hands), [t.index for t in boneyard])
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
        result = observation.result
        kind = 0 if result is None else KINDS.index(result.kind)
        by = -1 if result is None or result.by is None else result.by
        self = cls._fromstate(
            (
                core_rules(observation.rules),
                tuple(hands),
                tuple(t.index for t in boneyard),
                0,
                tuple(_placements(observation.layout)),
                observation.leader,
                observation.seat if observation.to_play is None else observation.to_play,
                tuple(observation.scores),
                tuple(_entry(move) for move in observation.history),
                kind,
                by,
            )
        )
        self._dress(observation.rules, {"sampled": True}, observation.out_of_play)
        self._result = result
        return self

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: the rules, how the hand started, every action since."""
        record = new_record(self._rules.game, HAND_KIND)
        record["rules"] = self._rules.to_dict()
        record.update(self._origin)
        record["actions"] = [str(ACTIONS[code]) for _, code, *_ in self._history_codes()]
        result = self.result
        if result is not None:
            record["result"] = result.to_dict()
        record["scores"] = list(self.scores)
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
        current = self.current_player
        state = "over" if current is None else f"seat {current} to play"
        return f"<FivesHand {self._rules.game} {self._rules.players} players, {state}>"


def _unpickle(
    cls: type[FivesHand],
    state: tuple[Any, ...],
    origin: dict[str, Any],
    outside: tuple[Tile, ...],
    result: HandResult | None,
) -> FivesHand:
    self = cls._fromstate(state)
    self._dress(state[0].rules, origin, outside)
    self._result = result
    return self


CORE_METHODS: Final = ("legal_actions", "apply", "is_over")
"""The hot path ``FivesHand`` takes from its core as they are (see ``FivesHand.CORE``)."""


def _on_core(
    cls: type[FivesHand], core: type[PureCore], name: str, core_name: str
) -> type[FivesHand]:
    """``cls`` again, on another core: its methods use only ``self``/``cls``, so they carry
    over; the hot path (``CORE_METHODS``) and ``CORE`` are the other core's."""
    skip = {*cls.__slots__, "__dict__", "__weakref__"}
    namespace = {key: value for key, value in vars(cls).items() if key not in skip}
    namespace.update({method: vars(core)[method] for method in CORE_METHODS})
    namespace["CORE"] = core_name
    namespace["__qualname__"] = name
    return cast("type[FivesHand]", type(name, (core,), namespace))


PureFivesHand: Final[type[FivesHand]] = (
    FivesHand if _Core is PureCore else _on_core(FivesHand, PureCore, "PureFivesHand", "python")
)
"""``FivesHand`` on the pure-Python core (``FivesHand`` itself when that is its core)."""
