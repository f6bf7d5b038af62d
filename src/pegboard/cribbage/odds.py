"""Cribbage's chances of winning (``pegboard.games.WinProbabilities``, issue 37).

**The samples.** A sampled deal is one hand from 0-0, seat 0 dealing, played by two
experts: the points pegged in the order they were pegged, the dealer's positive and the
pone's negative (``[-1, 2, -2, 1, -8, 12, 4]``: the pone pegs 1, the dealer 2, ..., the
pone's hand 8, the dealer's 12, the crib 4). The order matters: a game ends the moment a
player reaches 121 (C7), in the pegging or at the show, where the pone counts first. The
expert plays for the hand's points whatever the scores, so hands from 0-0 stand for hands
at any score.

**The table.** ``outcome[x][y]``: from the start of a hand with the dealer at ``x`` and the
pone at ``y``, the chance of each end of the game: the dealer wins by 1, 2 or 3 game
points (a skunk when the loser ends below 91, a double skunk below 61: C7), then the pone
does. A dynamic programme from the highest scores down, each state the mean over the sampled
hands of the end they make there: a win when one player's running total reaches 121 first,
otherwise the table's own value at the next hand's start (the deal passes). Every hand pegs
at least the last card's point (C5), so the next state is always higher and the programme is
exact for the samples. Its error is measured by batch means (the hands split in
``ERROR_BATCHES`` batches, each its own programme; the spread of their chances over the
square root of their number): the standard error of the dealer's chance at 0-0 and the
largest anywhere.

**A match** of several games (``CribbageMatch``): the game points each game gives come from
the table at 0-0 (every game starts there, its loser dealing first: ACC rule 1.5), and a
small programme over the match's game points gives the chance of reaching its target first.
Reading the tables is ``pegboard.cribbage.chances`` (below the bots, which play from them
too); this module makes them, with NumPy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from pegboard.bots.base import SeededBot, legal_or_raise
from pegboard.core import N_
from pegboard.cribbage.actions import Action, Discard
from pegboard.cribbage.bots.basic import GreedyBot
from pegboard.cribbage.bots.discard import quick_discard
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.chances import (
    PATH,
    SCALE,
    MatchState,
    hand_start,
    seat_chances,
)
from pegboard.cribbage.determinize import determinize, game_view, public_determinize
from pegboard.cribbage.events import DOUBLE_SKUNK_LINE, SKUNK_LINE, TARGET
from pegboard.cribbage.game import Game
from pegboard.cribbage.match import CribbageMatch, MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.games.tables import TablesError

ERROR_BATCHES: Final = 8


# -- sampling ---------------------------------------------------------------------------------


# Who plays the sampled hands: the expert. Who plays a hand out within a deal: PlayoutBot.


def _six_card(state: Any) -> None:
    """The tables are six-card's between two: a five-card game or view (C13-C17), or one of
    three or four, has no chances here (``TablesError``, which the surfaces read as "none
    to give")."""
    if getattr(state, "cards", None) == 5:
        raise TablesError(N_("no chances of winning at five-card cribbage (C13)"))
    # Nor of a table of three or four (C8, C9): ``pegboard hint`` on such a position ranks
    # the moves and gives no chance, instead of a bot for two refusing the view.
    if getattr(state, "num_players", 2) != 2:
        raise TablesError(N_("cribbage here is for two players (C2)"))


class PlayoutBot:
    """The player of a hand played out within a deal, where every estimate plays many:
    the expert's quick reading of a discard (``quick_discard``: the kept four's mean over
    the starter and the crib from the stored table), and greedy pegging (the card worth
    most now). A whole hand in about 1.5 ms, a twelfth of the strong level's; its
    estimates within 0.003 of the strong level's on average (docs/odds.md)."""

    name = "playout"
    quick = True

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def choose(self, observation: Any, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if not isinstance(legal[0], Discard):
            return cast(Action, self._greedy.choose(observation, rng))
        view = game_view(observation)
        six = [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)
        thrown = quick_discard(six, view.dealer == view.seat)
        return next(a for a in legal if isinstance(a, Discard) and set(a.cards) == thrown)


def sample_hand(seed: int) -> list[int]:
    """One hand from 0-0, seat 0 dealing, played by two experts seeded from ``seed``: its
    points in the order they were pegged, the dealer's positive, the pone's negative."""
    seeds = random.Random(seed)
    # The expert as the tables were made (issue 37): the deals weighed by the other seat's
    # discard alone and the budget fixed. Today's expert (issue 43: the plays read, the
    # search anytime) is within a tenth of a point a hand of it (docs/bots.md), and the
    # data file stays what this generator makes.
    made_by = CribbageExpert(read_plays=False, anytime=False)
    bots = [SeededBot(made_by, seeds.getrandbits(63)) for _ in range(2)]
    game = Game.new(seed=seed, dealer=0)
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        game.apply(cast(Action, bots[seat].act(game.observation(seat))))
    return [
        event.points if event.seat == 0 else -event.points
        for event in game.log
        if event.hand == 1 and event.points
    ]


# -- the programme ------------------------------------------------------------------------------


def solve(hands: Sequence[Sequence[int]]) -> Any:
    """The outcome table (a NumPy array ``[121, 121, 6]``) that ``hands`` make: the
    dynamic programme of the module's docstring, vectorised over the hands."""
    import numpy as np

    count = len(hands)
    longest = max(len(hand) for hand in hands)
    # Per hand: after each event, the dealer's and the pone's running totals.
    dealer_runs = np.zeros((count, longest + 1), dtype=np.int64)
    pone_runs = np.zeros((count, longest + 1), dtype=np.int64)
    for i, hand in enumerate(hands):
        d = p = 0
        for j, points in enumerate(hand, start=1):
            if points > 0:
                d += points
            else:
                p -= points
            dealer_runs[i, j] = d
            pone_runs[i, j] = p
        dealer_runs[i, len(hand) + 1 :] = d
        pone_runs[i, len(hand) + 1 :] = p
    never = longest + 1
    needs = np.arange(TARGET + 1)
    # first[i, n]: the event at which a running total first reaches n (never: longest + 1);
    # the other player's total just then.
    dealer_first = _first_reaching(dealer_runs, needs, never)
    pone_first = _first_reaching(pone_runs, needs, never)
    rows = np.arange(count)[:, None]
    pone_then = pone_runs[rows, np.minimum(dealer_first, longest)]
    dealer_then = dealer_runs[rows, np.minimum(pone_first, longest)]
    dealer_total, pone_total = dealer_runs[:, -1], pone_runs[:, -1]

    # The next hand's start depends on a hand only through its two totals: the hands are
    # grouped by them, and each state's continuation is a sum over the groups.
    pairs, group = np.unique(
        np.stack([dealer_total, pone_total], axis=1), axis=0, return_inverse=True
    )
    group = group.reshape(-1)
    table = np.zeros((TARGET, TARGET, 6))
    for total in range(2 * TARGET - 2, -1, -1):
        xs = np.arange(max(0, total - TARGET + 1), min(total, TARGET - 1) + 1)
        ys = total - xs
        dealer_needs, pone_needs = TARGET - xs, TARGET - ys  # [states]
        d_at = dealer_first[:, dealer_needs].T  # [states, hands]
        p_at = pone_first[:, pone_needs].T
        dealer_wins = d_at < p_at
        pone_wins = p_at < d_at
        values = np.zeros((len(xs), 6))
        if dealer_wins.any():
            loser = ys[:, None] + pone_then[:, dealer_needs].T
            for k, points in enumerate(_game_points(loser)):
                values[:, k] = (dealer_wins & points).sum(axis=1) / count
        if pone_wins.any():
            loser = xs[:, None] + dealer_then[:, pone_needs].T
            for k, points in enumerate(_game_points(loser)):
                values[:, 3 + k] = (pone_wins & points).sum(axis=1) / count
        # The hands that end nobody's game, counted per group of totals; the next hand's
        # start: the pone deals, at its new score; its outcome seen from the other side
        # (the halves swapped).
        going_on = ~(dealer_wins | pone_wins)
        states = np.broadcast_to(np.arange(len(xs))[:, None], going_on.shape)
        flat = states[going_on] * len(pairs) + np.broadcast_to(group, going_on.shape)[going_on]
        counts = np.bincount(flat, minlength=len(xs) * len(pairs)).reshape(len(xs), len(pairs))
        used = counts.any(axis=0)
        next_dealer = np.minimum(ys[:, None] + pairs[used, 1][None, :], TARGET - 1)
        next_pone = np.minimum(xs[:, None] + pairs[used, 0][None, :], TARGET - 1)
        following = table[next_dealer, next_pone]  # [states, groups, 6]
        following = np.concatenate([following[..., 3:], following[..., :3]], axis=-1)
        values += np.einsum("sg,sgk->sk", counts[:, used], following) / count
        table[xs, ys] = values
    return table


def _first_reaching(runs: Any, needs: Any, never: int) -> Any:
    import numpy as np

    reached = runs[:, :, None] >= needs[None, None, :]  # [hands, events, needs]
    return np.where(reached.any(axis=1), reached.argmax(axis=1), never)


def _game_points(loser: Any) -> tuple[Any, Any, Any]:
    """Which of 1, 2 and 3 game points a win is worth with the loser at ``loser`` (C7)."""
    double = loser < DOUBLE_SKUNK_LINE
    skunk = (loser < SKUNK_LINE) & ~double
    return ~(skunk | double), skunk, double


def build_tables(samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """The data file's tables: the outcome table at 1/SCALE, and the standard error of the
    dealer's chance of winning at 0-0 and at its worst (batch means)."""
    import numpy as np

    hands = list(samples["2"])
    table = solve(hands)
    wins = table[..., :3].sum(axis=-1)
    # Batch means: the hands split in ERROR_BATCHES, each its own programme; the spread of
    # their chances over the square root of their number is the full table's standard error.
    size = len(hands) // ERROR_BATCHES
    batches = [
        solve(hands[i * size : (i + 1) * size])[..., :3].sum(axis=-1) for i in range(ERROR_BATCHES)
    ]
    errors = np.std(np.array(batches), axis=0, ddof=1) / math.sqrt(ERROR_BATCHES)
    return {
        "outcomes": np.rint(table * SCALE).astype(int).tolist(),
        "error": {
            "start": round(float(errors[0, 0]), 4),
            "largest": round(float(errors.max()), 4),
            "batches": ERROR_BATCHES,
        },
        "first_dealer": round(float(wins[0, 0]), 4),
    }


class CribbageTables:
    """Cribbage's ``WinProbabilities``: one configuration, two players."""

    path = PATH
    configurations = ("2",)

    def covers(self, options: Mapping[str, Any]) -> bool:
        # The tables are of two players (C2) at six-card: not of five-card's 61 (C13-C17).
        return int(options.get("players", 2)) == 2 and options.get("cards") in (None, 6)

    def sample_deal(self, configuration: str, seed: int) -> list[int]:
        if configuration != "2":
            raise TablesError(N_("cribbage here is for two players (C2)"))
        return sample_hand(seed)

    def build(self, samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
        return build_tables(samples)

    def between_deals(self, match: Any) -> tuple[float, float]:
        _six_card(match.game if isinstance(match, CribbageMatch) else match)
        if isinstance(match, CribbageMatch):
            if match.winner is not None:
                return (1.0, 0.0) if match.winner == 0 else (0.0, 1.0)
            game = match.game
            points = tuple(match.points)
            return seat_chances(
                hand_start(game), game.dealer, None, ((points[0], points[1]), match.target)
            )
        if isinstance(match, Game):
            winner = match.result.winner if match.result is not None else None
            return seat_chances(hand_start(match), match.dealer, winner, None)
        raise TablesError(N_("no chances of winning for {what}"), what=type(match).__name__)

    def within_deal(
        self, observation: Any, samples: int, rng: random.Random
    ) -> tuple[float, float]:
        if isinstance(observation, MatchObservation):
            view = observation.game
            match: MatchState | None = (
                (observation.points[0], observation.points[1]),
                observation.target,
            )
            if observation.winner is not None:
                return (1.0, 0.0) if observation.winner == 0 else (0.0, 1.0)
        elif isinstance(observation, CribbageObservation):
            view, match = observation, None
        else:
            raise TablesError(
                N_("no chances of winning for {what}"), what=type(observation).__name__
            )
        _six_card(view)
        if view.result is not None:  # the game is won: only the match is left to play
            return seat_chances(view.scores, view.dealer, view.result.winner, match)
        return _played_out(lambda: determinize(view, rng), match, samples, rng)

    def within_public(self, match: Any, samples: int, rng: random.Random) -> tuple[float, float]:
        """The worlds of ``within_deal`` dealt from the hand's public facts alone
        (``public_determinize``: both hands, the crib and an uncut starter at random, a go's
        proof kept, C5), played out by the same quick player and read from the table."""
        if not isinstance(match, CribbageMatch):
            raise TablesError(N_("no chances of winning for {what}"), what=type(match).__name__)
        _six_card(match.game)
        if match.winner is not None:
            return self.between_deals(match)
        # Seat 0's view for its public parts only: public_determinize never reads a hand.
        observation = match.observation(0)
        view = observation.game
        state: MatchState = ((observation.points[0], observation.points[1]), observation.target)
        if view.result is not None:
            return seat_chances(view.scores, view.dealer, view.result.winner, state)
        return _played_out(lambda: public_determinize(view, rng), state, samples, rng)


def _played_out(
    world_of: Callable[[], Game], match: MatchState | None, samples: int, rng: random.Random
) -> tuple[float, float]:
    """The mean over ``samples`` worlds (``world_of`` deals each) of the chances at the
    hand's end, each hand played out by the quick player."""
    total = [0.0, 0.0]
    bots = [SeededBot(PlayoutBot(), rng.getrandbits(63)) for _ in range(2)]
    for _ in range(samples):
        world = world_of()
        hand = world.hand_number
        while not world.is_over and world.hand_number == hand:
            seat = world.current_player
            assert seat is not None
            world.apply(cast(Action, bots[seat].act(world.observation(seat))))
        winner = world.result.winner if world.result is not None else None
        chances = seat_chances(world.scores, world.dealer, winner, match)
        total[0] += chances[0]
        total[1] += chances[1]
    return (total[0] / samples, total[1] / samples)


TABLES: Final = CribbageTables()
