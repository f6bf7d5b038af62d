"""The chances of winning a match of All Fives or Fives and Threes (issue 37, docs/odds.md):
the ``pegboard.games.WinProbabilities`` of both games.

Samples: hands of the expert against itself from the standard start (``sample_hand``), their
scoring plays in order; in Fives and Threes with two sides, also hands from the scores near
61 where the experts' play depends on them (``sample_near``, grouped by ``band_of``).
Tables: a dynamic programme over the scores (``solve``, NumPy), per configuration and
target, read between hands (``side_chances``, ``pegboard.fives.chances``); within a hand,
worlds consistent with one seat's observation played out and read from the tables
(``FivesOdds.within_deal``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, cast

from pegboard.bots.base import SeededBot
from pegboard.dominoes.actions import Action
from pegboard.fives.bots.expert import FivesExpert
from pegboard.fives.bots.levels import FivesCasual
from pegboard.fives.chances import (
    SCALE,
    _tables,
    configuration_of,
    data_path,
    field_score,
    finished,
    reached,
    side_chances,
    table_name,
    unit_of,
)
from pegboard.fives.determinize import Sampler, determinize
from pegboard.fives.hand import FivesHand, FivesObservation
from pegboard.fives.rules import ALL_FIVES, EXACT_TARGET, FivesRules, GameName

__all__ = [
    "SCALE",
    "_tables",
    "configuration_of",
    "data_path",
    "field_score",
    "finished",
    "reached",
    "side_chances",
    "table_name",
    "unit_of",
]
"""Read from ``pegboard.fives.chances`` (below the bots), and kept here by name."""

LOT: Final = -1
"""A sample's next leader when a new lot finds them (All Fives after a blocked hand, F3)."""


def configuration_rules(game: GameName, configuration: str) -> FivesRules:
    """The rules a configuration's deals are played by ("4-partners-reserve": four players
    in two partnerships, the boneyard's last two tiles never drawn)."""
    words = configuration.split("-")
    return FivesRules(
        game,
        players=int(words[0]),
        partnerships="partners" in words,
        reserve=2 if "reserve" in words else 0,
    )


def configurations_of(game: GameName) -> tuple[str, ...]:
    """Every kind of table whose deals play or score differently: 2, 3 and 4 alone, 4 in
    partnerships (F1), and in All Fives each again with F4's reserve of two tiles. F9's
    scores by five play as the points do (every All Fives score is a multiple of five), so
    they need no sample of their own."""
    tables = ("2", "3", "4", "4-partners")
    if game != ALL_FIVES:
        return tables
    return (*tables, *(f"{table}-reserve" for table in tables))


NEAR: Final = "-near"
"""The suffix of a configuration's near-end samples (Fives and Threes with two sides)."""
NEAR_HANDS: Final = 16
"""Hands in one near-end sample, each from a start state of its own in the band."""
NEAR_NEEDS: Final = (*((need, need) for need in range(1, 13)), (13, 15), (16, 19), (20, 24))
"""The points a side needs to make exactly 61 where the experts' play depends on them, in
groups: one by one to 12 (the last plays, where a play past 61 scores nothing and the
experts steer for the exact finish, F9), then coarser. A side that needs 25 or more is
*far*: more than a side makes in some 95% of hands."""
FAR: Final = len(NEAR_NEEDS)
"""The group of the needs from 25 up (scores 0 to 36): far from the end."""
BAND_GROUPS: Final = (FAR + 1) ** 2
"""The groups of two sides' needs (the leader's side's, the other's): ``band_of``."""


def need_group(need: int) -> int:
    """The group of ``NEAR_NEEDS`` a side's need falls in; ``FAR`` from 25 up."""
    return next((group for group, (low, high) in enumerate(NEAR_NEEDS) if low <= need <= high), FAR)


def band_of(scores: Sequence[int]) -> int:
    """The group of a state of two sides (the leader's side's score first) by their needs
    to 61 (``NEAR_NEEDS``): ``BAND_GROUPS - 1`` when both are far."""
    lead, other = (need_group(EXACT_TARGET - score) for score in scores)
    return lead * (FAR + 1) + other


def near_configurations(game: GameName) -> tuple[str, ...]:
    """The configurations with near-end samples: Fives and Threes with two sides (two
    players, partnerships). All Fives' calibration shows no such fault (docs/odds.md),
    and three or four alone are read through one score for the field."""
    return () if game == ALL_FIVES else (f"2{NEAR}", f"4-partners{NEAR}")


def sample_near(game: GameName, configuration: str, seed: int) -> list[Any]:
    """``NEAR_HANDS`` hands of ``configuration`` (without its ``NEAR``) from the band near
    the end: for each, a group of the two sides' needs drawn uniformly among those where
    either side is near (``band_of``), then a score uniformly within each side's group of
    needs, and the hand played by experts who see those scores (``sample_hand``). Each is
    ``[next, end, plays, [leader's side's score, the other's]]``; a play's points are the
    ends' (F7, F8), a play past 61 among them (it scored nothing: the programme replays
    the hand from its start by F9, as it replays the hands from 0-0)."""
    stream = random.Random(seed)
    hands = []
    for _ in range(NEAR_HANDS):
        group = stream.randrange(BAND_GROUPS - 1)
        start = []
        for side_group in divmod(group, FAR + 1):
            low, high = NEAR_NEEDS[side_group] if side_group < FAR else (25, EXACT_TARGET)
            start.append(EXACT_TARGET - stream.randint(low, high))
        base = configuration.removesuffix(NEAR)
        hands.append([*sample_hand(game, base, stream.getrandbits(63), start), start])
    return hands


def sample_hand(
    game: GameName, configuration: str, seed: int, scores: Sequence[int] | None = None
) -> list[Any]:
    """One hand of ``configuration`` played by four (or two, three) experts, each its own
    bot seeded from ``seed`` and seeing only its observation, from the standard start: seat
    0 leads, every score 0. What it returns, as JSON ints: ``[next, end, plays]``. ``next``
    is the seat that leads the next hand (F3: the one who dominoed in All Fives, ``LOT``
    after a blocked hand; always 1 in Fives and Threes), ``end`` the points each side
    scores at the end of the hand (F8; empty in Fives and Threes, which scores none), and
    ``plays`` the scoring plays in order, flat: side, points, side, points... (the
    chip-out point of Fives and Threes is part of its play's points). Seat 0 leads, so a
    seat is its place after the leader, and a side (0 the leader's) too."""
    rules = configuration_rules(game, configuration)
    stream = random.Random(seed)
    hand = FivesHand.deal(rules, seed=stream.getrandbits(63), leader=0, scores=scores)
    bots = [SeededBot(FivesExpert(), stream.getrandbits(63)) for _ in range(rules.players)]
    while (seat := hand.current_player) is not None:
        hand.apply(cast(Action, bots[seat].act(hand.observation(seat))))
    plays: list[int] = []
    for move in hand.history:
        if move.worth:
            plays += [rules.side_of(move.seat), move.worth]
    result = hand.result
    assert result is not None
    if result.kind == "target" and scores is None:  # unreachable from 0 in one hand
        raise AssertionError("a hand from 0 reached the target")
    if not rules.all_fives:
        next_leader = 1
    elif result.kind == "domino" and result.by is not None:
        next_leader = result.by
    else:
        next_leader = LOT
    end = list(result.points) if rules.all_fives else []
    return [next_leader, end, plays]


# -- the tables ---------------------------------------------------------------------------

NEVER: Final = 10_000
"""The event index of a side that does not reach the target in a hand."""
AT_END: Final = 9_999
"""The event index of the end of the hand (F8's count, every side's at once)."""
BATCHES: Final = 10
"""Disjoint batches of each configuration's hands whose tables give the stated error."""


def targets_of(game: GameName, configuration: str) -> tuple[int, ...]:
    """The targets a configuration is played to (F9): All Fives 250 with two players, 200
    with three or four, and 61 when scored by fives; Fives and Threes exactly 61."""
    if game != ALL_FIVES:
        return (EXACT_TARGET,)
    players = configuration_rules(game, configuration).players
    return (250 if players == 2 else 200, EXACT_TARGET)


def sampled_per_step(game: GameName) -> int:
    """A sampled hand's points per step of every table: All Fives' are all multiples of
    five, a step of 5 points to 250 or 200 and by fives a point of 61 (F9: each score
    divided by five); Fives and Threes' are points."""
    return 5 if game == ALL_FIVES else 1


class _Hands:
    """A configuration's sampled hands as arrays, their points in a table's units."""

    def __init__(self, samples: Sequence[Any], sides: int, seats: int, unit: int) -> None:
        import numpy as np  # the research extra's: only the tables' making needs it

        count = len(samples)
        longest = max((len(plays) // 2 for _, _, plays in samples), default=0)
        self.count = count
        self.side = np.full((count, max(longest, 1)), -1, dtype=np.int64)
        self.points = np.zeros((count, max(longest, 1)), dtype=np.int64)
        self.end = np.zeros((count, sides), dtype=np.int64)
        # Per hand, the chance that the next hand's leader is each place after this one's,
        # counted in sides (a new lot: every seat alike).
        self.shift = np.zeros((count, sides))
        for i, (following, end, plays) in enumerate(samples):
            self.side[i, : len(plays) // 2] = plays[0::2]
            self.points[i, : len(plays) // 2] = [p // unit for p in plays[1::2]]
            if end:
                self.end[i] = [p // unit for p in end]
            if following == LOT:
                for seat in range(seats):
                    self.shift[i, seat % sides] += 1 / seats
            else:
                self.shift[i, following % sides] = 1.0


def _race(hands: _Hands, sides: int, target: int, exact: bool) -> tuple[Any, Any]:
    """For each hand, each side (by its place after the leader's) and each score it may
    start the hand with: the index of the play at which it reaches the target (``AT_END``:
    by the end of the hand's count; ``NEVER``), and its score after the hand's plays and
    end (F9: All Fives at or past the target, Fives and Threes exactly, a play past 61
    scoring nothing)."""
    import numpy as np  # the research extra's: only the tables' making needs it

    count = hands.count
    score = np.broadcast_to(np.arange(target), (count, sides, target)).copy()
    hit = np.full((count, sides, target), NEVER, dtype=np.int64)
    seat_axis = np.arange(sides)[None, :, None]
    for event in range(hands.side.shape[1]):
        mine = hands.side[:, event][:, None, None] == seat_axis
        gain = hands.points[:, event][:, None, None] * mine
        after = score + gain
        if exact:
            after = np.where(after > target, score, after)
        reached = (after >= target) & (hit == NEVER) & (gain > 0)
        hit[reached] = event
        score = np.where(hit == NEVER, after, score)
    ended = score + hands.end[:, :, None]
    hit[(hit == NEVER) & (ended >= target)] = AT_END
    return hit, ended


def solve(hands: _Hands, sides: int, target: int, exact: bool, groups: Any | None = None) -> Any:
    """The chance of winning of a side from each state between hands, by a dynamic
    programme from the highest scores down: ``V[w, s, m]`` for the side ``w`` places after the
    leader's, with ``s`` (in the table's units) against ``m`` for every other side. With
    two sides that is the state itself; with more, every opponent is taken at one score,
    their mean after each hand (docs/odds.md says what that costs).
    A hand that scores nothing leaves the scores where they were, with another leader: each
    state's sides are solved together (a small linear system).

    With ``groups`` (two sides only: Fives and Threes' near-end samples), each hand's group
    of start states (``band_of``; -1: a hand from 0-0): a state in the band near the end is
    the mean over the hands sampled in its group, each replayed from the state's own
    scores, instead of over the hands from 0-0 (a group without hands: those)."""
    import numpy as np  # the research extra's: only the tables' making needs it

    hit, ended = _race(hands, sides, target, exact)
    share = np.full(hands.count, 1 / hands.count)
    values = np.zeros((sides, target, target))
    mean = np.zeros((target, target))  # over the sides' places: after a new lot
    lot = hands.shift.max(axis=1) < 1.0
    following = hands.shift.argmax(axis=1)
    mine = [(hit[:, w, :], ended[:, w, :]) for w in range(sides)]
    theirs = []
    best_them = []
    for w in range(sides):
        others = [side for side in range(sides) if side != w]
        best_them.append(ended[:, others, :].max(axis=1))
        if len(others) == 1:
            field = ended[:, others[0], :]
        else:  # their mean, rounded to the nearest step (a half up): the field's score
            field = (2 * ended[:, others, :].sum(axis=1) + len(others)) // (2 * len(others))
        theirs.append((hit[:, others, :].min(axis=1), field))
    weights = None if groups is None else _group_weights(groups, target)
    for diagonal in range(2 * target - 2, -1, -1):
        low = max(0, diagonal - target + 1)
        own = np.arange(low, min(diagonal, target - 1) + 1)
        against = diagonal - own
        if weights is not None:  # per cell and side's place, its hands' weights
            by_place = [weights[0][own, against], weights[0][against, own]]
        constant = np.zeros((len(own), sides))
        looping = np.zeros((len(own), sides, sides))
        for w in range(sides):
            hit_me, end_me = mine[w][0][:, own], mine[w][1][:, own]
            hit_them, end_them = theirs[w][0][:, against], theirs[w][1][:, against]
            win = (hit_me < hit_them) | (
                (hit_me == AT_END) & (hit_them == AT_END) & (end_me > best_them[w][:, against])
            )
            going = (hit_me == NEVER) & (hit_them == NEVER)
            same = going & (end_me == own) & (end_them == against)
            moving = going & ~same
            s2 = np.where(moving, end_me, 0)
            m2 = np.where(moving, end_them, 0)
            place = ((w - following) % sides)[:, None]
            later = np.where(lot[:, None], mean[s2, m2], values[place, s2, m2])
            if weights is None:
                constant[:, w] = share @ (win + moving * later)  # per cell of the diagonal
            else:
                table = weights[1][by_place[w]]  # (cells, hands)
                constant[:, w] = np.einsum("ch,hc->c", table, win + moving * later)
            for step in range(sides):
                looped = same * hands.shift[:, step][:, None]
                if weights is None:
                    looping[:, w, (w - step) % sides] += share @ looped
                else:
                    looping[:, w, (w - step) % sides] += np.einsum("ch,hc->c", table, looped)
        # A hand that scores nothing forever would never end: no chance for anyone.
        system = np.eye(sides) - looping * (1 - 1e-9)
        solved = np.linalg.solve(system, constant[..., None])[..., 0]  # (cells, sides)
        values[:, own, against] = solved.T
        mean[own, against] = solved.mean(axis=1)
    return values


def _group_weights(groups: Any, target: int) -> tuple[Any, Any]:
    """For ``solve`` with near-end samples: the group of every state (the leader's side's
    score, the other's: ``band_of``) and, per group, the weight of each hand in its mean
    (a group without hands: the hands from 0-0)."""
    import numpy as np  # the research extra's: only the tables' making needs it

    scores = range(target)
    of_state = np.array([[band_of((a, b)) for b in scores] for a in scores], dtype=np.int64)
    base = groups < 0
    table = np.zeros((BAND_GROUPS, len(groups)))
    for group in range(BAND_GROUPS):
        mine = groups == group
        chosen = mine if mine.any() and group != BAND_GROUPS - 1 else base
        table[group] = chosen / chosen.sum()
    return of_state, table


def _solved(
    rules: FivesRules,
    steps: int,
    per_step: int,
    hands: Sequence[Any],
    near: Sequence[Any],
) -> Any:
    """``solve`` of a configuration's ``hands`` from 0-0 and its ``near``-end hands."""
    import numpy as np  # the research extra's: only the tables' making needs it

    sides = rules.num_sides
    held = _Hands([*hands, *(h[:3] for h in near)], sides, rules.players, per_step)
    if not near:
        return solve(held, sides, steps, rules.exact)
    groups = np.array([-1] * len(hands) + [band_of(h[3]) for h in near], dtype=np.int64)
    return solve(held, sides, steps, rules.exact, groups)


def build_tables(game: GameName, samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """Every table of ``game`` from its samples (``FivesOdds.build``): per configuration and
    target, ``V[w, s, m]`` (``solve``) flattened, in integers of 1/``SCALE``; and under
    ``"error"``, per configuration at its first target, the standard error of the table
    at the start (the leader's chance at 0-0) and the largest over the table, from the
    spread of the tables of ``BATCHES`` disjoint batches of its hands (batch means)."""
    import numpy as np  # the research extra's: only the tables' making needs it

    tables: dict[str, Any] = {}
    errors: dict[str, Any] = {}
    for configuration in configurations_of(game):
        found = list(samples.get(configuration, ()))
        if not found:
            continue
        # The near-end samples: each sample is ``NEAR_HANDS`` hands, each with its start.
        near = [hand for deal in samples.get(configuration + NEAR, ()) for hand in deal]
        rules = configuration_rules(game, configuration)
        for number, target in enumerate(targets_of(game, configuration)):
            unit = unit_of(game, target)
            steps = target // unit
            per_step = sampled_per_step(game)

            values = _solved(rules, steps, per_step, found, near)
            tables[table_name(configuration, target)] = (
                np.rint(values * SCALE).astype(np.int64).ravel().tolist()
            )
            if number == 0 and len(found) >= 2 * BATCHES:
                batches = np.stack(
                    [
                        _solved(rules, steps, per_step, found[k::BATCHES], near[k::BATCHES])
                        for k in range(BATCHES)
                    ]
                )
                spread = batches.std(axis=0, ddof=1) / np.sqrt(BATCHES)
                errors[configuration] = {
                    "start": round(float(spread[0, 0, 0]), 5),
                    "largest": round(float(spread.max()), 5),
                }
    tables["error"] = errors
    return tables


class FivesOdds:
    """The tables of one game of the family (``pegboard.games.WinProbabilities``)."""

    def __init__(self, game: GameName) -> None:
        self.game = game

    @property
    def path(self) -> Path:
        return data_path(self.game)

    def covers(self, options: Mapping[str, Any]) -> bool:
        return True  # every table size, partnerships, target and rules of the family

    @property
    def configurations(self) -> tuple[str, ...]:
        return configurations_of(self.game) + near_configurations(self.game)

    def sample_deal(self, configuration: str, seed: int) -> Any:
        if configuration.endswith(NEAR):
            return sample_near(self.game, configuration, seed)
        return sample_hand(self.game, configuration, seed)

    def build(self, samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
        return build_tables(self.game, samples)

    def between_deals(self, match: Any) -> list[float]:
        rules: FivesRules = match.rules
        if match.is_over:
            winner = match.winner
            return [1.0 if rules.side_of(seat) == winner else 0.0 for seat in range(rules.players)]
        hands = match.hands
        start = hands[-1].scores_after if hands else (0,) * rules.num_sides
        sides = side_chances(self.path, rules, start, match.hand.leader)
        return [sides[rules.side_of(seat)] for seat in range(rules.players)]

    def within_deal(self, observation: Any, samples: int, rng: random.Random) -> list[float]:
        """Each world of ``samples`` is dealt by ``determinize`` from the observation and
        played out to the hand's end by the casual level (the most points now, F7): quick
        enough for 32 worlds at every move, where the expert would take seconds."""
        # A match's observation holds its hand's; a hand's own ``hand`` is the seat's tiles.
        view: FivesObservation = (
            observation if isinstance(observation, FivesObservation) else observation.hand
        )
        rules = view.rules
        total = [0.0] * rules.num_sides
        casual = FivesCasual()
        for _ in range(samples):
            hand = determinize(view, rng)
            while (seat := hand.current_player) is not None:
                hand.apply(cast(Action, casual.choose(hand.observation(seat), rng)))
            for side, chance in enumerate(self._after(rules, hand)):
                total[side] += chance / samples
        return [total[rules.side_of(seat)] for seat in range(rules.players)]

    def within_public(self, match: Any, samples: int, rng: random.Random) -> list[float]:
        """The worlds of ``within_deal`` dealt from the hand's public facts alone (every
        hand and the boneyard, each seat's draws and passes kept as the determinization
        knows them, F4), played out by the same casual level and read from the tables."""
        if match.is_over:
            return self.between_deals(match)
        rules: FivesRules = match.rules
        # Seat 0's view for its public parts only: a public Sampler never reads a hand.
        view: FivesObservation = match.hand.observation(0)
        sampler = Sampler(view, public=True)
        total = [0.0] * rules.num_sides
        casual = FivesCasual()
        for _ in range(samples):
            hand = FivesHand._from_observation(view, *sampler.sample(rng))
            while (seat := hand.current_player) is not None:
                hand.apply(cast(Action, casual.choose(hand.observation(seat), rng)))
            for side, chance in enumerate(self._after(rules, hand)):
                total[side] += chance / samples
        return [total[rules.side_of(seat)] for seat in range(rules.players)]

    def _after(self, rules: FivesRules, hand: FivesHand) -> list[float]:
        """Per side, its chance once ``hand`` is over: won, or read from the tables with
        the next hand's leader (F3)."""
        result = hand.result
        leader: int | None
        if not rules.all_fives:
            leader = (hand.leader + 1) % rules.players
        elif result is not None and result.kind == "domino" and result.by is not None:
            leader = result.by
        else:
            leader = None
        return side_chances(self.path, rules, hand.scores, leader)
