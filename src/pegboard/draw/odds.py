"""Draw's chances of winning (``pegboard.games.WinProbabilities``, issue 37).

**The samples.** A sampled deal is one round from 0-0, seat 0 leading, played by 2, 3 or 4
experts (one configuration each): ``[winner, points]``, the seat that scored (seat 0 led)
and its points, ``[-1, 0]`` when nobody scored (a blocked round with the lowest count
shared, D14). A round gives points to one seat at most (D13, D14), so that is the whole
of its effect on the match; the next leader is the next seat whatever happened (D16). The
expert plays for the round's points whatever the scores and the target, so rounds from
0-0 stand for rounds at any score.

**The tables.** A state between rounds is the points each seat still needs (the target
less its score) and who leads; the chances depend on nothing else, so one table serves
every target from 1 to ``MAX_TARGET``. Per table size, ``chances`` holds, on a grid of
needs (``GRIDS``: every point up to 100 with two players; coarser with three and four,
whose tables would otherwise hold 500^3 and 500^4 states), the chance of each seat counted
from the leader, the leader first. Between grid points the chances are interpolated
linearly along each seat's need, both in the programme (a round's points take a need off
the grid) and when the table is read. The programme is solved level by level (the sum of
the grid indices: a round that scores lowers it), exactly for the samples up to that
interpolation: a round that scores nothing, or less than the grid's step, leaves the
level as it is but passes the lead, and the rotations of a state are solved together.
NumPy builds the tables: the levels are whole arrays of states (some seconds in all,
the bootstrap's included).

**The error.** ``ERROR_RESAMPLES`` bootstrap resamples of each configuration's rounds, each
its own programme: the standard error of the leader's chance at the start of the match to
the rules' target (D17) and the largest anywhere. The grid's own cost, against finer grids
from the same rounds (``python -m benchmarks draw_odds``), is in docs/odds.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from pegboard.bots.base import SeededBot
from pegboard.core import N_
from pegboard.draw.actions import Action, DrawTile, Pass, Play
from pegboard.draw.bots.levels import CasualBot, ExpertBot
from pegboard.draw.chances import (
    GRIDS,
    PATH,
    SCALE,
    _bracket,
    chances_from,
)
from pegboard.draw.determinize import determinize, public_determinize
from pegboard.draw.match import Match, MatchObservation, target_for
from pegboard.draw.round import Round
from pegboard.games.tables import TablesError

SAMPLING_LEVEL: Final = ExpertBot
"""Who plays the sampled rounds: the expert level."""
PLAYOUT_LEVEL: Final = CasualBot
"""Who plays a round out within a deal: the greedy policy the expert's own search plays
its rounds out with past its tree (heaviest tile, the end that keeps the number held
most), some 2 ms a round, so that 32 worlds take a fraction of a second at every move."""
CONFIGURATIONS: Final = ("2", "3", "4")
ERROR_RESAMPLES: Final = 8


# -- sampling ---------------------------------------------------------------------------------


def sample_round(players: int, seed: int) -> list[int]:
    """One round from 0-0, seat 0 leading, played by ``players`` experts seeded from
    ``seed``: ``[winner, points]``, or ``[-1, 0]`` when nobody scored (D14)."""
    seeds = random.Random(seed)
    bots = [SeededBot(SAMPLING_LEVEL(), seeds.getrandbits(63)) for _ in range(players)]
    round_ = Round.deal(players, seed=seeds.getrandbits(63), leader=0)
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        round_.apply(_draw_action(bots[seat].act(round_.observation(seat))))
    result = round_.result
    assert result is not None
    if result.winner is None:
        return [-1, 0]
    return [result.winner, result.points[result.winner]]


def _draw_action(action: object) -> Action:
    """A bot's action, which a Draw bot draws from the observation's legal actions."""
    assert isinstance(action, Play | DrawTile | Pass)
    return action


# -- the programme ------------------------------------------------------------------------------


def _kernels(rounds: Sequence[Sequence[int]], grid: Sequence[int], players: int) -> Any:
    """From the rounds: per seat counted from the leader, the chance that it scores at least
    each grid need (``cross[r, j]``) and that it lands on each grid need below
    (``land[r, j, k]``, the landing interpolated between two grid points, ``k == j`` when it
    stays above the next lower one); and the chance that nobody's need changes."""
    import numpy as np

    size = len(grid)
    share = 1 / len(rounds)
    cross = np.zeros((players, size))
    land = np.zeros((players, size, size))
    still = 0.0
    counts: dict[tuple[int, int], int] = {}
    for winner, points in rounds:
        if winner < 0 or points == 0:
            still += share
        else:
            counts[(winner, points)] = counts.get((winner, points), 0) + 1
    for (winner, points), count in sorted(counts.items()):
        weight = count * share
        for j, need in enumerate(grid):
            left = need - points
            if left <= 0:
                cross[winner, j] += weight
                continue
            k = _bracket(grid, left)
            low, high = grid[k], grid[min(k + 1, size - 1)]
            if low == left:
                land[winner, j, k] += weight
            else:
                part = (high - left) / (high - low)
                land[winner, j, k] += weight * part
                land[winner, j, k + 1] += weight * (1 - part)
    return cross, land, still


def solve(rounds: Sequence[Sequence[int]], players: int, grid: Sequence[int] | None = None) -> Any:
    """The chances (a NumPy array ``[G ** players, players]``, the states in C order of
    their grid indices, each seat counted from the leader) that ``rounds`` make, on
    ``grid`` (``GRIDS[players]`` unless given: a finer one measures the grid's cost)."""
    import numpy as np

    grid = GRIDS[players] if grid is None else grid
    size = len(grid)
    cross, land, still = _kernels(rounds, grid, players)
    below = np.tril(np.ones((size, size)), -1)  # a landing strictly below the need
    moving = land * below  # [seat, j, k]
    staying = np.einsum("rjj->rj", land)  # [seat, j]: stays at its grid need
    index = np.indices((size,) * players).reshape(players, -1).T  # [states, seats]
    strides = np.array([size ** (players - 1 - m) for m in range(players)])
    rotated = np.roll(index, -1, axis=1) @ strides  # the state seen from the next leader
    shift = np.roll(np.arange(players), 1)  # seat i after the round is seat i-1 from the next
    level = index.sum(axis=1)
    chances = np.zeros((size**players, players))
    local = np.zeros_like(chances)  # what a state's level owes the levels below
    stay = still + sum(staying[r][index[:, r]] for r in range(players))
    for height in range(level.max() + 1):
        states = np.flatnonzero(level == height)
        at = index[states]
        owed = np.zeros((len(states), players))
        for r in range(players):
            owed[:, r] += cross[r][at[:, r]]
            # Every need k of seat r below its own, the others' needs as they were.
            sources = (states - at[:, r] * strides[r])[:, None] + np.arange(size) * strides[r]
            after = chances[rotated[sources]][..., shift]  # [states, k, seats]
            owed += np.einsum("sk,skn->sn", moving[r][at[:, r]], after)
        local[states] = owed
        # A state, its rotations: x = owed + stay * x(next leader, seats shifted), n times
        # round the cycle back to x itself.
        total = np.zeros_like(owed)
        factor = np.ones(len(states))
        current = states
        for turn in range(players):
            total += factor[:, None] * local[current][:, np.roll(np.arange(players), turn)]
            factor = factor * stay[current]
            current = rotated[current]
        chances[states] = total / (1 - factor)[:, None]
    return chances


def start_state(players: int) -> int:
    """The flat index of the start of a match to the rules' target (D17)."""
    j = GRIDS[players].index(target_for(players))
    return sum(j * len(GRIDS[players]) ** m for m in range(players))


def build_tables(samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """The data file's tables: per table size, the chances at 1/SCALE (each state's last
    seat left out: the chances sum to 1, since nobody else scores in a round that takes a
    seat to its target, D17, and a match is never drawn), the leader's chance at the start
    of a match to the rules' target, and the bootstrap's error."""
    import numpy as np

    chances: dict[str, list[int]] = {}
    start: dict[str, float] = {}
    error: dict[str, dict[str, float]] = {}
    rng = np.random.default_rng(37)
    for configuration in CONFIGURATIONS:
        players = int(configuration)
        rounds = [tuple(r) for r in samples[configuration]]
        table = solve(rounds, players)
        spread = []
        for _ in range(ERROR_RESAMPLES):
            chosen = rng.integers(0, len(rounds), len(rounds))
            spread.append(solve([rounds[i] for i in chosen], players))
        errors = np.std(np.array(spread), axis=0, ddof=1)
        first = start_state(players)
        chances[configuration] = np.rint(table[:, :-1] * SCALE).astype(int).reshape(-1).tolist()
        start[configuration] = round(float(table[first, 0]), 4)
        error[configuration] = {
            "start": round(float(errors[first, 0]), 4),
            "largest": round(float(errors.max()), 4),
        }
    return {
        "grids": {str(n): list(GRIDS[n]) for n in GRIDS},
        "chances": chances,
        "leader_at_start": start,
        "error": {"resamples": ERROR_RESAMPLES, **error},
    }


def _needs(scores: Sequence[int], target: int) -> list[int]:
    return [target - score for score in scores]


def _alone(partnerships: bool, tile_set: int = 6) -> None:
    """The tables are of players alone on the double-six set: a partnership match (D21,
    D24: sides to 100) has none, nor has a match of the double-nine set (D25, D27: other
    deals, other counts), which is said rather than a wrong figure."""
    if partnerships:
        raise TablesError(
            N_("no chances of winning for partnership Draw: the tables are of players alone")
        )
    if tile_set != 6:
        raise TablesError(
            N_("no chances of winning with the double-nine set: the tables are of double-six")
        )


def _finished(winner: int | None, players: int) -> tuple[float, ...]:
    return tuple(1.0 if seat == winner else 0.0 for seat in range(players))


class DrawTables:
    """Draw's ``WinProbabilities``: one configuration per table size."""

    path = PATH
    configurations = CONFIGURATIONS

    def covers(self, options: Mapping[str, Any]) -> bool:
        # The tables are of players alone (D21) on the double-six set (D25, D27).
        return not options.get("partnerships") and options.get("set", 6) in (None, 6)

    def sample_deal(self, configuration: str, seed: int) -> list[int]:
        if configuration not in CONFIGURATIONS:
            raise TablesError(N_("Draw is for 2, 3 or 4 players (D1)."))
        return sample_round(int(configuration), seed)

    def build(self, samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
        return build_tables(samples)

    def between_deals(self, match: Any) -> tuple[float, ...]:
        if not isinstance(match, Match):
            raise TablesError(N_("no chances of winning for {what}"), what=type(match).__name__)
        _alone(match.partnerships, match.tile_set)
        if match.is_over:
            return _finished(match.winner, match.players)
        # The scores change only when a round is settled: they are the round's start.
        return chances_from(_needs(match.scores, match.target), match.round.leader)

    def within_deal(self, observation: Any, samples: int, rng: random.Random) -> tuple[float, ...]:
        if not isinstance(observation, MatchObservation):
            raise TablesError(
                N_("no chances of winning for {what}: a round alone has no match to win"),
                what=type(observation).__name__,
            )
        view = observation.round
        _alone(view.partnerships, view.tile_set)
        players = view.num_players
        if observation.is_over or view.result is not None:
            return _finished(observation.winner, players)
        return _played_out(observation, lambda: determinize(view, rng), samples, rng)

    def within_public(self, match: Any, samples: int, rng: random.Random) -> tuple[float, ...]:
        """The worlds of ``within_deal`` dealt from the round's public facts alone
        (``public_determinize``: every hand and the stock at random, the passes' proofs
        kept, D8), each played out by the same quick player and read from the table."""
        if not isinstance(match, Match):
            raise TablesError(N_("no chances of winning for {what}"), what=type(match).__name__)
        _alone(match.partnerships, match.tile_set)
        if match.is_over:
            return _finished(match.winner, match.players)
        # Seat 0's view for its public parts only: public_determinize never reads a hand.
        observation = match.observation(0)
        view = observation.round
        if view.result is not None:
            return _finished(observation.winner, match.players)
        return _played_out(observation, lambda: public_determinize(view, rng), samples, rng)


def _played_out(
    observation: MatchObservation, world_of: Callable[[], Round], samples: int, rng: random.Random
) -> tuple[float, ...]:
    """The mean over ``samples`` worlds (``world_of`` deals each) of the chances at the
    round's end, each round played out by the quick player."""
    players = observation.round.num_players
    bots = [SeededBot(PLAYOUT_LEVEL(), rng.getrandbits(63)) for _ in range(players)]
    total = [0.0] * players
    for _ in range(samples):
        world = world_of()
        while not world.is_over:
            seat = world.current_player
            assert seat is not None
            world.apply(_draw_action(bots[seat].act(world.observation(seat))))
        assert world.result is not None
        scores = [s + p for s, p in zip(observation.scores, world.result.points, strict=True)]
        leader = (observation.round.leader + 1) % players
        chances = chances_from(_needs(scores, observation.target), leader)
        for seat in range(players):
            total[seat] += chances[seat]
    return tuple(value / samples for value in total)


TABLES: Final = DrawTables()
