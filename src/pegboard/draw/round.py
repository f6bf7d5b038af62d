"""A round of Draw (D2-D15): the deal, the turns, and the settlement.

The round is the omniscient position: it knows every hand and the order of the stock.
Seats, bots and clients see it only through ``observation(seat)``.

Hands are kept as bit-sets of tile indices, and the legal plays on each open end come from
a precomputed table, because bots and the arena call ``legal_actions`` and ``apply``
millions of times.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core import IllegalActionError, RecordError, check_record, new_record
from pegboard.draw.actions import DRAW, PASS, Action, DrawTile, Pass, Play, parse_action
from pegboard.draw.line import End, Line
from pegboard.draw.scoring import RoundResult, settle
from pegboard.draw.tiles import DOUBLE_SIX, TILES_WITH, Tile, tiles_of

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
RESERVE: Final = 2
"""The last two tiles of the stock are never drawn (D6, D8)."""


def hand_size(players: int) -> int:
    """Tiles dealt to each player: 7 to 2 or 3 players, 6 to 4 (D2)."""
    check_players(players)
    return 6 if players == 4 else 7


def check_players(players: int) -> None:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Draw is played by 2 to 4 players, not {players!r} (D1)")


# For every possible open end, the (bit, Play) pairs of the tiles that fit it.
_PLAYS_ON: Final[dict[End, tuple[tuple[int, Play], ...]]] = {}
for _tile in DOUBLE_SIX:
    for _side in ("A", "B") if _tile.is_double else ("high", "low"):
        _end = End(_tile, _side)
        _PLAYS_ON[_end] = tuple(
            (t.bit, Play(t, _end)) for t in TILES_WITH[_end.value] if t is not _tile
        )
_OPENINGS: Final[tuple[Play, ...]] = tuple(Play(t) for t in DOUBLE_SIX)
_MASK_WITH: Final[tuple[int, ...]] = tuple(sum(t.bit for t in TILES_WITH[v]) for v in range(7))


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of the public history: ``seat`` took ``action``."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@dataclass(frozen=True, slots=True)
class DrawObservation:
    """What one seat may know of a round: its own hand and everything public.

    Built fresh by ``Round.observation``; it holds no reference to the round, so no other
    hand and no stock order can be reached from it.
    """

    seat: int
    num_players: int
    current_player: int | None
    leader: int
    hand: tuple[Tile, ...]
    line: Line
    hand_sizes: tuple[int, ...]
    stock_size: int
    history: tuple[Move, ...]
    known_absent: tuple[frozenset[int], ...]
    """Per seat, the numbers it is known not to hold: a pass proves it (D8)."""
    legal: tuple[Action, ...]
    result: RoundResult | None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "draw",
            "seat": self.seat,
            "num_players": self.num_players,
            "current_player": self.current_player,
            "leader": self.leader,
            "hand": [str(t) for t in self.hand],
            "line": [str(t) for t in self.line.tiles],
            "open_ends": [e.notation for e in self.line.open_ends()],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "history": [[m.seat, str(m.action)] for m in self.history],
            "known_absent": [sorted(values) for values in self.known_absent],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
        }


class Round:
    """One round of Draw, from the deal to the settlement.

    Build it with ``Round.deal`` (a shuffled deal from a seed) or ``Round.from_position``
    (any position, for tests and analysis), then alternate ``legal_actions()`` and
    ``apply(action)`` until ``is_over``; ``result`` holds the settlement.
    """

    __slots__ = (
        "_absent",
        "_current",
        "_hands",
        "_history",
        "_leader",
        "_legal",
        "_line",
        "_n",
        "_origin",
        "_passes",
        "_result",
        "_stock",
        "_taken",
    )

    _n: int
    _hands: list[int]
    _stock: list[Tile]
    _taken: int
    _line: Line
    _current: int
    _leader: int
    _passes: int
    _history: list[Move]
    _absent: list[int]
    _legal: tuple[Action, ...] | None
    _result: RoundResult | None
    _origin: dict[str, Any]

    def __init__(self) -> None:
        raise TypeError("use Round.deal(...) or Round.from_position(...)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _new(
        cls,
        hands: Sequence[int],
        stock: Sequence[Tile],
        current: int,
        line: Line,
        origin: dict[str, Any],
    ) -> Round:
        self = object.__new__(cls)
        self._n = len(hands)
        self._hands = list(hands)
        self._stock = list(stock)
        self._taken = 0  # tiles drawn so far: the stock is _stock[_taken:]
        self._line = line
        self._current = current
        self._leader = current
        self._passes = 0
        self._history = []
        self._absent = [0] * self._n  # per seat, a bit-set of tiles it cannot hold
        self._legal = None
        self._result = None
        self._origin = origin
        return self

    @classmethod
    def deal(cls, players: int, seed: int | None = None, leader: int = 0) -> Round:
        """Shuffle the 28 tiles and deal (D2): 7 each to 2 or 3 players, 6 each to 4.

        ``seed`` makes the deal reproducible (a fresh one is drawn and recorded when it is
        None); ``leader`` is the seat that opens (D3, D16).
        """
        size = hand_size(players)
        if not isinstance(leader, int) or not 0 <= leader < players:
            raise ValueError(f"the leader is a seat from 0 to {players - 1}, not {leader!r}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        tiles = list(DOUBLE_SIX)
        random.Random(seed).shuffle(tiles)
        hands = []
        for seat in range(players):
            mask = 0
            for tile in tiles[seat * size : (seat + 1) * size]:
                mask |= tile.bit
            hands.append(mask)
        origin = {"deal": {"players": players, "seed": seed, "leader": leader}}
        return cls._new(hands, tiles[players * size :], leader, Line(), origin)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Tile]],
        stock: Iterable[Tile] = (),
        current: int = 0,
        line: Line | None = None,
        *,
        leader: int | None = None,
        passes: int = 0,
        absent: Sequence[Iterable[int]] | None = None,
    ) -> Round:
        """Any position: the hands, the stock (index 0 is drawn first), the seat to play.

        The tiles need not account for all 28, but none may appear twice. A position in the
        middle of a round may also give its ``leader`` (default: ``current``), the
        consecutive ``passes`` just made (so that a blocked round ends when every player has
        passed, D11) and, per seat, the numbers it is known not to hold (``absent``, D8).
        """
        check_players(len(hands))
        hand_lists = [list(hand) for hand in hands]
        stock_list = list(stock)
        line = Line() if line is None else line.copy()
        seen: set[Tile] = set(line.tiles)
        for tile in [t for hand in hand_lists for t in hand] + stock_list:
            if not isinstance(tile, Tile):
                raise ValueError(f"not a tile: {tile!r}")
            if tile in seen:
                raise ValueError(f"{tile} appears twice in the position (D1)")
            seen.add(tile)
        if any(not hand for hand in hand_lists):
            raise ValueError("every player needs at least one tile in hand (D11)")
        if not isinstance(current, int) or not 0 <= current < len(hand_lists):
            raise ValueError(f"the seat to play is 0 to {len(hand_lists) - 1}, not {current!r}")
        masks = [sum(t.bit for t in hand) for hand in hand_lists]
        absent_masks = _absent_masks(absent, masks, hand_lists)
        n = len(hand_lists)
        if leader is None:
            leader = current
        if not isinstance(leader, int) or not 0 <= leader < n:
            raise ValueError(f"the leader is a seat from 0 to {n - 1}, not {leader!r}")
        if not isinstance(passes, int) or not 0 <= passes < n:
            raise ValueError(f"consecutive passes are 0 to {n - 1}, not {passes!r} (D11)")
        position: dict[str, Any] = {
            "hands": [[str(t) for t in hand] for hand in hand_lists],
            "stock": [str(t) for t in stock_list],
            "current": current,
            "line": [
                [str(tile), None if end is None else end.notation] for tile, end in line.plays()
            ],
        }
        # Recorded only when given, so that older position records stay as they were.
        if leader != current:
            position["leader"] = leader
        if passes:
            position["passes"] = passes
        if any(absent_masks):
            position["absent"] = [
                [v for v in range(7) if mask & _MASK_WITH[v] == _MASK_WITH[v]]
                for mask in absent_masks
            ]
        self = cls._new(masks, stock_list, current, line, {"position": position})
        self._leader = leader
        self._passes = passes
        self._absent = absent_masks
        return self

    def copy(self) -> Round:
        """An independent copy of this position."""
        other = object.__new__(Round)
        other._n = self._n
        other._hands = self._hands.copy()
        other._stock = self._stock.copy()
        other._taken = self._taken
        other._line = self._line.copy()
        other._current = self._current
        other._leader = self._leader
        other._passes = self._passes
        other._history = self._history.copy()
        other._absent = self._absent.copy()
        other._legal = self._legal
        other._result = self._result
        other._origin = self._origin
        return other

    # -- state ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        return None if self._result is not None else self._current

    @property
    def leader(self) -> int:
        """The seat that opened (or opens) the round."""
        return self._leader

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand (omniscient: never show this to a seat; use ``observation``)."""
        return tuple(tiles_of(mask) for mask in self._hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self._hands[seat])

    @property
    def stock(self) -> tuple[Tile, ...]:
        """The stock in drawing order (omniscient)."""
        return tuple(self._stock[self._taken :])

    @property
    def stock_size(self) -> int:
        return len(self._stock) - self._taken

    @property
    def line(self) -> Line:
        """A copy of the line of play."""
        return self._line.copy()

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action so far, in order (public: a draw does not show the tile)."""
        return tuple(self._history)

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> RoundResult | None:
        """The settlement once the round is over (D11-D14), else None."""
        return self._result

    def returns(self) -> tuple[int, ...]:
        """Points per seat: the settlement when over, zeros before."""
        return self._result.points if self._result is not None else (0,) * self._n

    # -- rules ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to play may take, plays first (in B4 order of the ends).

        Plays on each open end (D5); a draw while the stock holds more than two (D6),
        even with a playable tile; a pass only when neither is possible (D8).
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self._result is not None:
            return ()
        hand = self._hands[self._current]
        ends = self._line._ends
        if ends:
            first, second = ends
            if second._key < first._key:
                first, second = second, first
            plays: list[Action] = [p for bit, p in _PLAYS_ON[first] if hand & bit]
            plays += [p for bit, p in _PLAYS_ON[second] if hand & bit]
        else:
            plays = [p for p in _OPENINGS if hand & p.tile.bit]
        if len(self._stock) - self._taken > RESERVE:
            plays.append(DRAW)
        elif not plays:
            plays.append(PASS)
        legal = self._legal = tuple(plays)
        return legal

    def can_play(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to play) holds a tile that fits the line."""
        hand = self._hands[self._current if seat is None else seat]
        ends = self._line._ends
        if not ends:
            return hand != 0
        return bool(hand & (_MASK_WITH[ends[0].value] | _MASK_WITH[ends[1].value]))

    def apply(self, action: Action) -> None:
        """Take ``action`` for the seat to play; an illegal one raises and changes nothing."""
        if self._result is not None:
            raise IllegalActionError("the round is over: no more moves", "D11")
        seat = self._current
        cls = action.__class__
        if cls is Play:
            tile = action.tile  # type: ignore[union-attr]
            hand = self._hands[seat]
            if not hand & tile.bit:
                raise IllegalActionError(f"{tile} is not in your hand", "D5")
            self._line.play(tile, action.end)  # type: ignore[union-attr]
            hand ^= tile.bit
            self._hands[seat] = hand
            self._passes = 0
            self._history.append(Move(seat, action))
            self._legal = None
            if not hand:
                self._finish(domino_by=seat)
            else:
                self._current = (seat + 1) % self._n
        elif cls is DrawTile:
            if len(self._stock) - self._taken <= RESERVE:
                raise IllegalActionError(
                    "the stock is down to its last two tiles: nobody draws", "D8"
                )
            self._hands[seat] |= self._stock[self._taken].bit
            self._taken += 1
            self._history.append(Move(seat, action))
            self._legal = None
        elif cls is Pass:
            if len(self._stock) - self._taken > RESERVE:
                raise IllegalActionError(
                    "you may not pass while you can draw: draw, or play a tile", "D8"
                )
            if self.can_play(seat):
                raise IllegalActionError("you can play a tile, so you must play", "D8")
            ends = self._line._ends
            self._absent[seat] |= _MASK_WITH[ends[0].value] | _MASK_WITH[ends[1].value]
            self._passes += 1
            self._history.append(Move(seat, action))
            self._legal = None
            if self._passes >= self._n:
                self._finish(domino_by=None)
            else:
                self._current = (seat + 1) % self._n
        else:
            raise IllegalActionError(
                f"not a Draw action: {action!r} (a turn is draws, then a play or a pass)", "D4"
            )

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (``3-4@4-4B``, ``1-4``, ``draw``, ``pass``).

        When the tile fits just one open end, the end may be left out: ``3-4``.
        """
        action = parse_action(text)
        if isinstance(action, Play) and action.end is None and not self._line.is_empty:
            fitting = [e for e in self._line.open_ends() if action.tile.has(e.value)]
            if len(fitting) == 1:
                return Play(action.tile, fitting[0])
            if not fitting:
                raise IllegalActionError(
                    f"{action.tile} fits no open end of the line "
                    f"({', '.join(str(v) for v in self._line.open_values())})",
                    "D5",
                )
            raise IllegalActionError(
                f"{action.tile} fits more than one end: say which, e.g. "
                f"{Play(action.tile, fitting[0])}",
                "D5",
            )
        return action

    def _finish(self, domino_by: int | None) -> None:
        counts = tuple(sum(t.pips for t in tiles_of(mask)) for mask in self._hands)
        points = settle(counts, domino_by)
        if domino_by is not None:
            self._result = RoundResult("domino", domino_by, counts, points, self.hands)
            return
        lowest = min(counts)
        winner = counts.index(lowest) if counts.count(lowest) == 1 else None
        self._result = RoundResult("blocked", winner, counts, points, self.hands)

    # -- hidden information --------------------------------------------------------------

    def known_absent(self, seat: int) -> frozenset[int]:
        """The numbers ``seat`` is known not to hold, from its passes (public, D8)."""
        mask = self._absent[seat]
        return frozenset(v for v in range(7) if mask & _MASK_WITH[v] == _MASK_WITH[v])

    def observation(self, seat: int) -> DrawObservation:
        """What ``seat`` may know: its hand, the line, hand sizes, stock size, history."""
        if not isinstance(seat, int) or not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} at a table of {self._n}")
        return DrawObservation(
            seat=seat,
            num_players=self._n,
            current_player=self.current_player,
            leader=self._leader,
            hand=tiles_of(self._hands[seat]),
            line=self._line.copy(),
            hand_sizes=tuple(mask.bit_count() for mask in self._hands),
            stock_size=self.stock_size,
            history=tuple(self._history),
            known_absent=tuple(self.known_absent(s) for s in range(self._n)),
            legal=self.legal_actions() if seat == self.current_player else (),
            result=self._result,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Round:
        """A position ``seat`` cannot tell from this one, for search by bots.

        The tiles ``seat`` cannot see (other hands and the stock) are dealt again at random,
        keeping every hand size and what passes proved (a passer holds neither open number).
        """
        if not 0 <= seat < self._n:
            raise ValueError(f"no seat {seat!r} at a table of {self._n}")
        other = self.copy()
        others = [s for s in range(self._n) if s != seat]
        pool_mask = 0
        for s in others:
            pool_mask |= self._hands[s]
        stock = self._stock[self._taken :]
        for tile in stock:
            pool_mask |= tile.bit
        sizes = {s: self._hands[s].bit_count() for s in others}
        hands = _deal_hidden(tiles_of(pool_mask), sizes, self._absent, rng)
        if hands is None:  # so constrained that random tries failed: shuffle the truth
            hands = _shuffle_truth({s: self._hands[s] for s in others}, stock, self._absent, rng)
        dealt = 0
        for s, mask in hands.items():
            other._hands[s] = mask
            dealt |= mask
        rest = [t for t in tiles_of(pool_mask) if not dealt & t.bit]
        rng.shuffle(rest)
        other._stock = rest
        other._taken = 0
        other._legal = None
        other._origin = {"sampled": True}
        return other

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: how the round started, and every action since."""
        record = new_record("draw", "round")
        record.update(self._origin)
        record["actions"] = [str(m.action) for m in self._history]
        if self._result is not None:
            record["result"] = self._result.to_dict()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Round:
        """Replay a round record; raise ``RecordError`` if it does not replay."""
        check_record(record, game="draw", kind="round")
        try:
            if "deal" in record:
                deal = record["deal"]
                round_ = cls.deal(deal["players"], seed=deal["seed"], leader=deal["leader"])
            elif "position" in record:
                pos = record["position"]
                line = Line.from_plays(
                    [
                        (Tile.parse(t), None if e is None else End.parse(e))
                        for t, e in pos.get("line", [])
                    ]
                )
                round_ = cls.from_position(
                    [[Tile.parse(t) for t in hand] for hand in pos["hands"]],
                    [Tile.parse(t) for t in pos["stock"]],
                    current=pos["current"],
                    line=line,
                    leader=pos.get("leader"),
                    passes=pos.get("passes", 0),
                    absent=pos.get("absent"),
                )
            else:
                raise RecordError("a round record needs a 'deal' or a 'position'")
            round_.replay(record.get("actions", []))
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, RecordError):
                raise
            raise RecordError(f"the round record does not replay: {error}") from error
        replayed = round_.result
        # A recorded result must be replayed exactly: a round that is still going, or
        # ends differently, means the record was cut short or altered.
        if "result" in record and (replayed is None or replayed.to_dict() != record["result"]):
            raise RecordError("the replayed result differs from the recorded one")
        return round_

    def replay(self, actions: Iterable[str]) -> None:
        """Apply actions given in notation, in order."""
        for number, text in enumerate(actions, 1):
            try:
                self.apply(parse_action(text))
            except ValueError as error:
                raise RecordError(
                    f"action {number} ({text!r}) cannot be played: {error}"
                ) from error

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self._current} to play"
        return f"<Round {self._n} players, {state}, line {self._line}>"


def _absent_masks(
    absent: Sequence[Iterable[int]] | None, masks: Sequence[int], hands: Sequence[Sequence[Tile]]
) -> list[int]:
    """Per seat, the bit-set of tiles it cannot hold, from the numbers it cannot hold (D8)."""
    if absent is None:
        return [0] * len(masks)
    absent_lists = [list(values) for values in absent]
    if len(absent_lists) != len(masks):
        raise ValueError(f"absent numbers are given per seat: {len(masks)} sets needed")
    result = []
    for seat, values in enumerate(absent_lists):
        mask = 0
        for value in values:
            if not isinstance(value, int) or not 0 <= value <= 6:
                raise ValueError(f"not a number of the double-six set: {value!r} (D1)")
            mask |= _MASK_WITH[value]
        held = [t for t in hands[seat] if mask & t.bit]
        if held:
            raise ValueError(f"seat {seat} holds {held[0]}, a number it is known not to hold (D8)")
        result.append(mask)
    return result


def _deal_hidden(
    pool: Sequence[Tile],
    sizes: dict[int, int],
    absent: Sequence[int],
    rng: random.Random,
    tries: int = 200,
) -> dict[int, int] | None:
    """Random hands of the given sizes from ``pool``, none holding a tile it cannot hold."""
    constrained = sorted((s for s in sizes if absent[s]), key=lambda s: -absent[s].bit_count())
    free = [s for s in sizes if not absent[s]]
    for _ in range(tries):
        remaining = list(pool)
        rng.shuffle(remaining)
        hands: dict[int, int] = {}
        ok = True
        for s in constrained:
            eligible = [t for t in remaining if not absent[s] & t.bit]
            if len(eligible) < sizes[s]:
                ok = False
                break
            chosen = eligible[: sizes[s]]
            hands[s] = sum(t.bit for t in chosen)
            remaining = [t for t in remaining if not hands[s] & t.bit]
        if not ok:
            continue
        for s in free:
            chosen = remaining[: sizes[s]]
            hands[s] = sum(t.bit for t in chosen)
            remaining = remaining[sizes[s] :]
        return hands
    return None


def _shuffle_truth(
    hands: dict[int, int], stock: Sequence[Tile], absent: Sequence[int], rng: random.Random
) -> dict[int, int]:
    """Random swaps from the true deal that keep every constraint (a fallback)."""
    places: list[tuple[int | None, Tile]] = [
        (s, t) for s, mask in hands.items() for t in tiles_of(mask)
    ] + [(None, t) for t in stock]
    tiles = [t for _, t in places]
    owners = [s for s, _ in places]
    for _ in range(20 * len(tiles)):
        i, j = rng.randrange(len(tiles)), rng.randrange(len(tiles))
        a, b = owners[i], owners[j]
        if (a is None or not absent[a] & tiles[j].bit) and (
            b is None or not absent[b] & tiles[i].bit
        ):
            tiles[i], tiles[j] = tiles[j], tiles[i]
    result = dict.fromkeys(hands, 0)
    for owner, tile in zip(owners, tiles, strict=True):
        if owner is not None:
            result[owner] |= tile.bit
    return result
