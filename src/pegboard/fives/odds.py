"""The chances of winning a match of All Fives or Fives and Threes (issue 37, docs/odds.md):
the ``pegboard.games.WinProbabilities`` of both games.

Samples: hands of the expert against itself from the standard start (``sample_hand``), their
scoring plays in order. Tables: a dynamic programme over the scores (``solve``, NumPy), per
configuration and target, read between hands (``side_chances``); within a hand, worlds
consistent with one seat's observation played out and read from the tables
(``FivesOdds.within_deal``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final, cast

from pegboard.bots.base import SeededBot
from pegboard.core import N_
from pegboard.dominoes.actions import Action
from pegboard.fives.bots.expert import FivesExpert
from pegboard.fives.bots.levels import FivesCasual
from pegboard.fives.determinize import Sampler, determinize
from pegboard.fives.hand import FivesHand, FivesObservation
from pegboard.fives.rules import ALL_FIVES, EXACT_TARGET, FivesRules, GameName
from pegboard.games.tables import TablesError, read_tables

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


def sample_hand(game: GameName, configuration: str, seed: int) -> list[Any]:
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
    hand = FivesHand.deal(rules, seed=stream.getrandbits(63), leader=0)
    bots = [SeededBot(FivesExpert(), stream.getrandbits(63)) for _ in range(rules.players)]
    while (seat := hand.current_player) is not None:
        hand.apply(cast(Action, bots[seat].act(hand.observation(seat))))
    plays: list[int] = []
    for move in hand.history:
        if move.worth:
            plays += [rules.side_of(move.seat), move.worth]
    result = hand.result
    assert result is not None
    if result.kind == "target":  # unreachable from 0 in one hand; kept out of the samples
        raise AssertionError("a hand from 0 reached the target")
    if not rules.all_fives:
        next_leader = 1
    elif result.kind == "domino" and result.by is not None:
        next_leader = result.by
    else:
        next_leader = LOT
    end = list(result.points) if rules.all_fives else []
    return [next_leader, end, plays]


def data_path(game: GameName) -> Path:
    """The game's data file, beside this module (``all-fives.odds.json.gz``)."""
    return Path(__file__).with_name(f"{game}.odds.json.gz")


# -- the tables ---------------------------------------------------------------------------

NEVER: Final = 10_000
"""The event index of a side that does not reach the target in a hand."""
AT_END: Final = 9_999
"""The event index of the end of the hand (F8's count, every side's at once)."""
SCALE: Final = 100_000
"""Probabilities are stored as integers of 1/SCALE: the same JSON on every machine."""
BATCHES: Final = 10
"""Disjoint batches of each configuration's hands whose tables give the stated error."""


def targets_of(game: GameName, configuration: str) -> tuple[int, ...]:
    """The targets a configuration is played to (F9): All Fives 250 with two players, 200
    with three or four, and 61 when scored by fives; Fives and Threes exactly 61."""
    if game != ALL_FIVES:
        return (EXACT_TARGET,)
    players = configuration_rules(game, configuration).players
    return (250 if players == 2 else 200, EXACT_TARGET)


def unit_of(game: GameName, target: int) -> int:
    """A match's score per step of a table: All Fives scores in fives (5 points a step; by
    fives a score is already divided by five: 1), Fives and Threes in points."""
    return 5 if game == ALL_FIVES and target != EXACT_TARGET else 1


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


def solve(hands: _Hands, sides: int, target: int, exact: bool) -> Any:
    """The chance of winning of a side from each state between hands, by a dynamic
    programme from the highest scores down: ``V[w, s, m]`` for the side ``w`` places after the
    leader's, with ``s`` (in the table's units) against ``m`` for every other side. With
    two sides that is the state itself; with more, every opponent is taken at one score,
    their mean after each hand (docs/odds.md says what that costs).
    A hand that scores nothing leaves the scores where they were, with another leader: each
    state's sides are solved together (a small linear system)."""
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
    for diagonal in range(2 * target - 2, -1, -1):
        low = max(0, diagonal - target + 1)
        own = np.arange(low, min(diagonal, target - 1) + 1)
        against = diagonal - own
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
            constant[:, w] = share @ (win + moving * later)  # per cell of the diagonal
            for step in range(sides):
                looped = same * hands.shift[:, step][:, None]
                looping[:, w, (w - step) % sides] += share @ looped
        # A hand that scores nothing forever would never end: no chance for anyone.
        system = np.eye(sides) - looping * (1 - 1e-9)
        solved = np.linalg.solve(system, constant[..., None])[..., 0]  # (cells, sides)
        values[:, own, against] = solved.T
        mean[own, against] = solved.mean(axis=1)
    return values


def table_name(configuration: str, target: int) -> str:
    """A table's key in the data file: its configuration and its target ("3-reserve/200")."""
    return f"{configuration}/{target}"


def configuration_of(rules: FivesRules) -> str:
    """The configuration a match's rules are sampled as."""
    name = str(rules.players) + ("-partners" if rules.partnerships else "")
    return name + ("-reserve" if rules.reserve else "")


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
        rules = configuration_rules(game, configuration)
        sides = rules.num_sides
        for number, target in enumerate(targets_of(game, configuration)):
            unit = unit_of(game, target)
            steps = target // unit
            per_step = sampled_per_step(game)
            hands = _Hands(found, sides, rules.players, per_step)
            values = solve(hands, sides, steps, rules.exact)
            tables[table_name(configuration, target)] = (
                np.rint(values * SCALE).astype(np.int64).ravel().tolist()
            )
            if number == 0 and len(found) >= 2 * BATCHES:
                batches = np.stack(
                    [
                        solve(
                            _Hands(found[k::BATCHES], sides, rules.players, per_step),
                            sides,
                            steps,
                            rules.exact,
                        )
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


@cache
def _tables(path: Path) -> dict[str, tuple[int, ...]]:
    """The tables of a data file, each flat in units of 1/SCALE (read once; plain Python:
    a server reads them without NumPy, which only their making needs)."""
    data = read_tables(path)
    return {name: tuple(values) for name, values in data["tables"].items() if name != "error"}


def reached(rules: FivesRules, score: int) -> bool:
    """Whether a side's score wins (F9: All Fives at or past the target, Fives and Threes
    exactly)."""
    return score == rules.target if rules.exact else score >= rules.target


def finished(rules: FivesRules, side_scores: Sequence[int]) -> list[float] | None:
    """Per side, 1 for the side that won and 0 for the others, when a side has reached the
    target (F9: of two tied sides sharing a blocked hand's pips, the higher; equal, a draw:
    nobody); None while nobody has."""
    at = [score for score in side_scores if reached(rules, score)]
    if not at:
        return None
    best = max(at)
    alone = side_scores.count(best) == 1
    return [1.0 if alone and score == best else 0.0 for score in side_scores]


def field_score(others: Sequence[int]) -> int:
    """The score a seat's opponents are looked up at in a table of three or four alone:
    two thirds of the best one's and a third of their mean (the other opponent's, with
    two sides). The tables take every opponent at one score; of the statistics tried
    against whole matches of the same hands, each seat with its own score
    (``python -m benchmarks.fives_odds_field``), the mean understates a leader's threat
    and the best score alone overstates it; this blend came closest (docs/odds.md)."""
    best, mean = max(others), sum(others) // len(others)
    return (2 * best + mean) // 3


def side_chances(
    path: Path, rules: FivesRules, side_scores: Sequence[int], leader: int | None
) -> list[float]:
    """Per side, its chance of winning from the state between hands: the sides' scores and
    the seat to lead the next hand (None: a new lot will find them, every seat alike)."""
    over = finished(rules, side_scores)
    if over is not None:
        return over
    if leader is None:
        each = [side_chances(path, rules, side_scores, seat) for seat in range(rules.players)]
        return [sum(column) / rules.players for column in zip(*each, strict=True)]
    name = table_name(configuration_of(rules), rules.target)
    flat = _tables(path).get(name)
    if flat is None:
        raise TablesError(
            N_("no table of the chances of winning for {table} in {game}"),
            table=name,
            game=rules.game,
        )
    unit = unit_of(rules.game, rules.target)
    steps = rules.target // unit
    sides = rules.num_sides
    first = rules.side_of(leader)
    steps_of = [score // unit for score in side_scores]
    chances = []
    for side in range(sides):
        others = [steps_of[other] for other in range(sides) if other != side]
        field = field_score(others)
        place = (side - first) % sides
        # The flat table's index of [place, own steps, field steps] (C order).
        chances.append(flat[(place * steps + steps_of[side]) * steps + field] / SCALE)
    total = sum(chances)
    if sides > 2 and total > 0:  # each side's chance is against a field of its own
        chances = [chance / total for chance in chances]
    return chances


class FivesOdds:
    """The tables of one game of the family (``pegboard.games.WinProbabilities``)."""

    def __init__(self, game: GameName) -> None:
        self.game = game

    @property
    def path(self) -> Path:
        return data_path(self.game)

    @property
    def configurations(self) -> tuple[str, ...]:
        return configurations_of(self.game)

    def sample_deal(self, configuration: str, seed: int) -> Any:
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
