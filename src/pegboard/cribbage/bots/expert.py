"""The cribbage expert: discard values with a model of the opponent's
(``pegboard.cribbage.bots.discard``), and pegging by search over the cards the opponent can
still hold.

**Pegging** (C4, C5). Determinized search: the opponent's unplayed cards and its two crib
cards are dealt among the unseen cards, respecting every public fact (its go's, C5);
``candidates`` such deals are drawn per deal searched, each weighted by how likely the
opponent's discard and plays are if the deal is right (``pegboard.cribbage.bots.opponent``,
a model checked against the expert's own hands), and the deals searched are resampled from
them. In each deal the rest of the pegging is solved
exactly by minimax (suits play no part in the pegging, so cards are searched by rank and
equal ranks are tried once), and a card's value is its mean over the deals. The value of a
line is the seat's pegging points minus the opponent's; when a seat can reach 121 in this
hand, the line that gets there first (pegging, then the pone's show, the dealer's show and
the crib, C6 and C7) is worth ``WIN`` more (or less), so near the end the search plays to
win the game rather than for points. Deterministic for a seed and a number of
determinizations.

**Among three or four** (C8-C12) the card laid away is valued by
``pegboard.cribbage.bots.lay_away`` (the hand exact, the crib from a generated table, for
the seat's side or against it) and the pegging searched round the table by
``pegboard.cribbage.bots.table_search`` (the other seats' cards dealt uniformly, a
partner's as hidden as an opponent's; the line valued by the side's margin); there the
match expert plays for points (the chance tables are the two-player game's).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Final, Literal

from pegboard.bots.base import CHANCE_UNIT, AnalysingBot, Evaluation, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, LayAway, Play
from pegboard.cribbage.bots.claims import show_action, show_analysis
from pegboard.cribbage.bots.discard import Opponent, discard_values, quick_discard
from pegboard.cribbage.bots.five_card import FiveCardPlay, five_card_view
from pegboard.cribbage.bots.lay_away import view_lay_away_values
from pegboard.cribbage.bots.opponent import CANDIDATES, play_choices, weighted_deals
from pegboard.cribbage.bots.pegging_estimate import pegging_estimates
from pegboard.cribbage.bots.pegging_search import Chance, PeggingSearch
from pegboard.cribbage.cards import Card
from pegboard.cribbage.chances import MatchState, seat_chances
from pegboard.cribbage.determinize import HiddenDeal, game_view, hidden_deal, table_view
from pegboard.cribbage.events import TARGET
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import score_hand

MATCH_FROM: Final = 76
"""From this score (either player's), the match expert plays for the match: a hand can then
end the game or decide a skunk. Before it, the chance of winning is nearly a straight line
in the hand's points, and it plays for them as the expert does (the same choices, at the
same cost)."""
MATCH_DEALS: Final = 16
"""Hidden deals (the other hand, its discard, the starter) a discard is played out over
when it is valued by the chance of winning, at the default budget (24 pegging deals; in
proportion at another, two at least): the same deals for every discard."""
MATCH_MORE_DEALS: Final = 48
"""More deals for the discard of the best mean chance and the expert's own, when they
differ, at the default budget (in proportion at another): the two compared over 64 deals
in all."""
DEFAULT_DETERMINIZATIONS: Final = 24
"""The pegging search's deals per decision at the default budget."""

ANYTIME_FIRST: Final = 8
"""Deals the anytime pegging search plays before it first asks whether its choice is made."""
ANYTIME_CLEAR: Final = 2.0
"""Standard errors by which the leading card's mean lead over the next (paired over the same
deals) must clear 0, or the difference fall short of ``ANYTIME_EVEN``, for the anytime
search to stop."""
ANYTIME_EVEN: Final = 0.25
"""Points: two cards whose difference is known (by ``ANYTIME_CLEAR`` standard errors) to be
less than this are as good as each other, and the search stops."""
ANYTIME_STRETCH: Final = 3
"""A close choice is searched up to this many times the budget's deals."""

CAUTION: Final = 3.0
"""Standard errors by which a discard's gain in chance over the expert's own must clear 0
before the match expert lays it away instead (about the 1% one-sided level for the best
of 14 others)."""

DISCARD_UNIT: Final = "expected net points"
PEGGING_UNIT: Final = "expected pegging margin"
ENDGAME_UNIT: Final = "expected pegging margin, a game won or lost worth ±100"


def _hidden_deals(
    view: CribbageObservation, count: int, rng: random.Random
) -> list[tuple[list[Card], list[Card], Card]]:
    """``count`` guesses at what the seat cannot see at its discard: the other seat's four
    kept cards and two crib cards (its discard as an expert-like player would make it, by
    ``quick_discard``, unless it has discarded already) and the starter."""
    other = 1 - view.seat
    deals = []
    for _ in range(count):
        deal = hidden_deal(view, rng)
        if deal.discards:  # the other seat laid its two away already
            theirs, their_crib = list(deal.hand), list(deal.discards)
        else:
            thrown = quick_discard(deal.hand, other == view.dealer)
            theirs = [c for c in deal.hand if c not in thrown]
            their_crib = [c for c in deal.hand if c in thrown]
        deals.append((theirs, their_crib, deal.stock[0]))
    return deals


def _settled(outcomes: Sequence[dict[int, float]]) -> bool:
    """Whether the anytime pegging search's choice is made after these deals (each deal's
    value of each rank): the leading rank's lead over the next, paired over the same deals,
    is ``ANYTIME_CLEAR`` standard errors above 0, or as far below ``ANYTIME_EVEN``."""
    ranks = list(outcomes[0])
    if len(ranks) < 2:
        return True
    count = len(outcomes)
    means = {rank: math.fsum(o[rank] for o in outcomes) / count for rank in ranks}
    leader, runner = sorted(ranks, key=lambda rank: -means[rank])[:2]
    lead = [o[leader] - o[runner] for o in outcomes]
    mean = statistics.fmean(lead)
    error = statistics.stdev(lead) / math.sqrt(count)
    return mean - ANYTIME_CLEAR * error > 0 or mean + ANYTIME_CLEAR * error < ANYTIME_EVEN


def _best_first(rows: list[Evaluation]) -> list[Evaluation]:
    """``rows`` sorted best first; equal values (a game won in every deal played out) told
    apart by their net points, then by the action's notation."""
    rows.sort(key=lambda e: (-e.value, -e.details.get("net", 0.0), str(e.action)))
    return rows


def chance_of(me: int, dealer: int, match: MatchState | None) -> Chance:
    """``me``'s chance of winning (the game, or with ``match`` the match) as the hand dealt
    by ``dealer`` ends (``Chance``), from the tables; each state read once."""
    known: dict[tuple[int | None, int, int], float] = {}

    def chance(winner: int | None, s0: int, s1: int) -> float:
        key = (winner, s0, s1)
        value = known.get(key)
        if value is None:
            # No winner: the next hand is dealt by this hand's pone.
            next_dealer = dealer if winner is not None else 1 - dealer
            value = known[key] = seat_chances((s0, s1), next_dealer, winner, match)[me]
        return value

    return chance


# --- the bot ----------------------------------------------------------------------------


class CribbageExpert(AnalysingBot):
    """Expected-value discards with a model of the opponent's; pegging by minimax over
    determinized deals weighted by what the opponent's discard implies.

    ``determinizations`` is the search budget for the pegging (deals of the unseen cards
    per decision); the same seed and budget always give the same choices. ``time_limit``
    (seconds), when given, also stops the pegging search once that time is spent (after
    one deal at least): such a bot is not deterministic, as the number of deals searched
    then depends on the machine's speed. ``opponent`` is how the crib is valued (see
    ``Opponent``); ``candidates`` how many uniform deals are drawn per deal searched and
    weighted by the opponent's discard and, with ``read_plays`` (issue 43), its plays (1:
    the deals are uniform, as before issue 20).
    ``CribbageExpert(opponent="uniform", candidates=1)`` is the expert of before issue 20.

    ``anytime`` (issue 43): when it plays (``choose``), the pegging search looks after
    ``ANYTIME_FIRST`` deals, and after each one more, whether its choice is made
    (``_settled``: the leading card clear of the next, or the two as good as each other) and
    stops if so; a close choice is searched on, up to ``ANYTIME_STRETCH`` times the budget.
    ``analyse`` (hints, reports) always searches the budget's deals. ``anytime=False`` is
    the fixed budget of before.

    ``objective="match"`` plays for the chance of winning the match (issue 37), read from
    the tables (``pegboard.cribbage.chances``) once either score is ``MATCH_FROM`` or more:
    the pegging search's lines end in that chance, and each discard is played out over
    ``MATCH_DEALS`` hidden deals (the other hand and its discard, the starter, his heels)
    by the same search, the shows counted in their order. Before that score it discards for
    the hand's points, and pegs for them unless a line of its search may reach 121 (the
    search's bound, ``PeggingSearch.endgame``): there a game won or lost is worth the chance
    of winning, not ±100 points. With the default ``objective="points"`` it plays for the
    hand's points.
    """

    name = "expert"

    def __init__(
        self,
        determinizations: int = DEFAULT_DETERMINIZATIONS,
        time_limit: float | None = None,
        opponent: Opponent = "model",
        candidates: int = CANDIDATES,
        objective: Literal["points", "match"] = "points",
        read_plays: bool = True,
        anytime: bool = True,
    ) -> None:
        if determinizations < 1:
            raise ValueError(f"the search needs at least one deal, not {determinizations}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"a time limit is a positive number of seconds, not {time_limit}")
        if opponent not in ("model", "uniform"):
            raise ValueError(f"the opponent is valued as 'model' or 'uniform', not {opponent!r}")
        if candidates < 1:
            raise ValueError(f"at least one candidate deal per deal searched, not {candidates}")
        if objective not in ("points", "match"):
            raise ValueError(f"the expert plays for 'points' or the 'match', not {objective!r}")
        self.objective = objective
        self.determinizations = determinizations
        self.time_limit = time_limit
        self.opponent: Opponent = opponent
        self.candidates = candidates
        self.read_plays = read_plays
        self.anytime = anytime

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action of the seat, best first, with its value and unit (the pegging
        searched over the budget's deals, never fewer: hints and reports compare values)."""
        return self._analysed(observation, rng, anytime=False)

    def _analysed(
        self, observation: Observation, rng: random.Random, anytime: bool
    ) -> list[Evaluation]:
        counted = show_analysis(observation)  # with muggins: the claims (C18-C20)
        if counted is not None:
            return counted
        if five_card_view(observation) is not None:  # its tables are six-card's (C13)
            return FiveCardPlay(deals=self.determinizations).analyse(observation, rng)
        legal = legal_or_raise(observation)
        if table_view(observation).num_players != 2:  # type: ignore[arg-type]
            return _best_first(self._table_analyse(table_view(observation), legal, rng))  # type: ignore[arg-type]
        view = game_view(observation)  # type: ignore[arg-type]
        chance = self._chance(observation, view)
        if isinstance(legal[0], Discard):
            return self._ranked_discards(view, chance, rng, pegging=True)
        if chance is None and self.objective == "match":
            state = rng.getstate()
            rows = self._pegging(view, legal, rng, anytime=anytime)
            if rows[0].unit != ENDGAME_UNIT:
                return _best_first(rows)
            # A line of this search may reach 121 (its bound says so): a game won or lost
            # is then worth what it is worth, the chance of winning, not ±100 points. The
            # same deals again (the same random numbers), their lines ending in that chance.
            rng.setstate(state)
            chance = self._match_chance(observation, view)
        return _best_first(self._pegging(view, legal, rng, chance, anytime))

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """``analyse``'s best action; a discard without the pegging estimate, which is
        shown and never weighed."""
        counted = show_action(observation)  # with muggins: claim, or call muggins (C18)
        if counted is not None:
            return counted
        if five_card_view(observation) is not None:  # its tables are six-card's (C13)
            return FiveCardPlay(deals=self.determinizations).choose(observation, rng)
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        if not isinstance(legal[0], Discard):
            played: Action = self._analysed(observation, rng, self.anytime)[0].action
            return played
        view = game_view(observation)  # type: ignore[arg-type]
        rows = self._ranked_discards(view, self._chance(observation, view), rng, pegging=False)
        best: Action = rows[0].action
        return best

    def _table_analyse(
        self, view: CribbageObservation, legal: Sequence[Action], rng: random.Random
    ) -> list[Evaluation]:
        """Among three or four (C8-C12): each card to lay away by its net points
        (``lay_away``: the hand exact, the crib from the generated table, for the seat's
        side or against it), each play by the search round the table (``table_search``);
        for points, also at ``objective="match"`` (the chance tables are the two-player
        game's)."""
        # Imported here: the search round a table builds on this module's constants.
        from pegboard.cribbage.bots.table_search import table_pegging

        if isinstance(legal[0], LayAway):
            rows = []
            for v in view_lay_away_values(view):
                details = {"hand": float(v.hand), "crib": float(v.crib), "net": float(v.net)}
                rows.append(Evaluation(v.action, float(v.net), DISCARD_UNIT, details))
            return rows
        return table_pegging(view, legal, rng, self.determinizations, self.time_limit)

    def _ranked_discards(
        self, view: CribbageObservation, chance: Chance | None, rng: random.Random, pegging: bool
    ) -> list[Evaluation]:
        """Every discard, best first: by its net points, or with ``chance`` by the chance of
        winning (``_match_discards``); ``pegging`` adds the pegging estimate as a detail."""
        rows = self._discards(view, self.opponent, pegging=pegging)
        if chance is not None:
            rows = self._match_discards(view, rows, chance, rng)
        return _best_first(rows)

    @staticmethod
    def _discards(
        view: CribbageObservation, opponent: Opponent = "model", pegging: bool = False
    ) -> list[Evaluation]:
        """Every discard valued by its net (hand and crib); with ``pegging``, also the
        kept four's pegging estimate as a detail (``pegging_estimate``), never in the value."""
        six = [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)
        own_crib = view.dealer == view.seat
        values = discard_values(six, own_crib, opponent)
        kept = [[c for c in six if c not in v.discard.cards] for v in values]
        pegs: list[float | None] = [None] * len(values)
        if pegging:
            pegs = list(pegging_estimates(six, kept, own_crib))
        rows = []
        for v, peg in zip(values, pegs, strict=True):
            details = {"hand": float(v.hand), "crib": float(v.crib)}
            if peg is not None:
                details["pegging"] = peg
            details["net"] = float(v.net)
            rows.append(Evaluation(v.discard, float(v.net), DISCARD_UNIT, details))
        return rows

    def _match_deals(self, at_default: int) -> int:
        """Deals for a discard's chance at this budget: ``at_default`` at the default, in
        proportion at another (a report's small test budgets stay quick), two at least."""
        return max(2, round(at_default * self.determinizations / DEFAULT_DETERMINIZATIONS))

    def _chance(self, observation: Observation, view: CribbageObservation) -> Chance | None:
        """The seat's chance of winning the match as the search's lines end, when it plays
        for the match here (``objective``, ``MATCH_FROM``); None when it plays for points."""
        if self.objective != "match" or max(view.scores) < MATCH_FROM:
            return None
        return self._match_chance(observation, view)

    @staticmethod
    def _match_chance(observation: Observation, view: CribbageObservation) -> Chance:
        """The seat's chance of winning the game, or in a match the match, as a line ends."""
        match: MatchState | None = None
        if isinstance(observation, MatchObservation):
            match = ((observation.points[0], observation.points[1]), observation.target)
        return chance_of(view.seat, view.dealer, match)

    def _match_discards(
        self,
        view: CribbageObservation,
        rows: Sequence[Evaluation],
        chance: Chance,
        rng: random.Random,
    ) -> list[Evaluation]:
        """Every discard valued by the chance of winning: played out over the same
        ``MATCH_DEALS`` hidden deals (``_played_out``; the other seat's discard as an
        expert-like player would make it). The value is cautious: the expert's own discard
        (the most net points) at its mean chance, any other at the lower bound of its gain
        over it (the mean difference less ``CAUTION`` standard errors), so that it is chosen
        only when the deals say clearly that it wins more. The mean chance and the net
        points stay as details."""
        six = [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)
        deals = _hidden_deals(view, self._match_deals(MATCH_DEALS), rng)
        played = [self._played_out(view, six, row, deals, chance) for row in rows]
        # The expert's own discard (the most net points) unless another is better by more
        # than CAUTION standard errors of the difference over the same deals: a chance read
        # from 16 deals is too noisy to overrule the exact net on its mean alone, and the
        # best of 14 others' means is the luckiest of them. The best of them on its mean
        # is played out again against the expert's own over MATCH_MORE_DEALS more deals.
        base = min(range(len(rows)), key=lambda i: (-rows[i].value, str(rows[i].action)))
        challenger = max(range(len(rows)), key=lambda i: (statistics.fmean(played[i]), -i))
        if challenger != base and statistics.fmean(played[challenger]) > statistics.fmean(
            played[base]
        ):
            more = _hidden_deals(view, self._match_deals(MATCH_MORE_DEALS), rng)
            for i in (base, challenger):
                played[i] = played[i] + self._played_out(view, six, rows[i], more, chance)
        base_mean = statistics.fmean(played[base])
        out = []
        for row, values in zip(rows, played, strict=True):
            mean = statistics.fmean(values)
            paired = played[base][: len(values)]
            differences = [v - b for v, b in zip(values, paired, strict=True)]
            error = statistics.stdev(differences) / math.sqrt(len(differences))
            bound = base_mean + statistics.fmean(differences) - CAUTION * error
            value = base_mean if row is rows[base] else min(1.0, max(0.0, bound))
            details = {**row.details, "chance": mean}
            out.append(Evaluation(row.action, value, CHANCE_UNIT, details))
        return out

    def _played_out(
        self,
        view: CribbageObservation,
        six: Sequence[Card],
        row: Evaluation,
        deals: Sequence[tuple[list[Card], list[Card], Card]],
        chance: Chance,
    ) -> list[float]:
        """``row``'s discard's chance in each of ``deals`` (the other seat's kept four and
        crib cards, the starter): his heels, the pegging searched exactly in chance mode,
        the shows in their order (C3, C6, C7)."""
        assert isinstance(row.action, Discard)
        me, other = view.seat, 1 - view.seat
        dealer, pone = view.dealer, 1 - view.dealer
        kept = [c for c in six if c not in row.action.cards]
        out = []
        for theirs, their_crib, starter in deals:
            scores = list(view.scores)
            if starter.rank == 11:  # his heels: the dealer pegs 2 at the cut (C3)
                scores[dealer] += 2
                if scores[dealer] >= TARGET:
                    out.append(chance(dealer, scores[0], scores[1]))
                    continue
            hands: list[list[int]] = [[], []]
            hands[me] = sorted(c.rank for c in kept)
            hands[other] = sorted(c.rank for c in theirs)
            show_of = {me: score_hand(kept, starter), other: score_hand(theirs, starter)}
            crib = score_hand([*row.action.cards, *their_crib], starter, is_crib=True)
            search = PeggingSearch(
                hands, me, dealer, scores, (show_of[pone], show_of[dealer], crib), chance
            )
            values = search.root(pone, 0, [], (False, False)).values()
            out.append(max(values) if pone == me else min(values))
        return out

    def _pegging(
        self,
        view: CribbageObservation,
        legal: Sequence[Action],
        rng: random.Random,
        chance: Chance | None = None,
        anytime: bool = False,
    ) -> list[Evaluation]:
        """Each legal play (or the go) by its mean over the budget's deals; ``anytime``,
        from ``ANYTIME_FIRST`` deals on, stops as soon as the choice is made
        (``_settled``) and searches a close one on, up to ``ANYTIME_STRETCH`` times the
        budget."""
        me, other = view.seat, 1 - view.seat
        assert view.starter is not None and view.current_player == me
        starter = view.starter
        pile = [c.rank for c in view.pile]
        played_other = [c for s, c in view.played if s == other]
        outcomes: list[dict[int, float]] = []  # each deal's value of each rank
        go_outcomes: list[float] = []
        endgame = False
        memo: dict[tuple[int, ...], tuple[dict[int, float], float]] = {}
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        # In chance mode the values are chances, not points: there the budget is fixed.
        anytime = anytime and chance is None
        most = self.determinizations * (ANYTIME_STRETCH if anytime else 1)
        # Anytime, the deals are drawn and weighed (the costly part) as they are needed.
        batch = min(ANYTIME_FIRST, most) if anytime else self.determinizations
        deals: list[HiddenDeal] = []
        choices = play_choices(view) if self.read_plays and self.candidates > 1 else None
        while len(outcomes) < most:
            if outcomes and deadline is not None and time.monotonic() > deadline:
                break
            if anytime and len(outcomes) >= ANYTIME_FIRST and _settled(outcomes):
                break
            if len(outcomes) == len(deals):  # the next batch of deals
                if self.candidates > 1:
                    deals += weighted_deals(view, rng, batch, self.candidates * batch, choices)
                else:
                    deals += [hidden_deal(view, rng) for _ in range(batch)]
            deal = deals[len(outcomes)]
            kept = [*played_other, *deal.hand]
            crib = [*view.discards, *deal.discards]
            hands = [[], []]  # type: list[list[int]]
            hands[me] = sorted(c.rank for c in view.hand)
            hands[other] = sorted(c.rank for c in deal.hand)
            show_of = {me: score_hand(view.kept, starter), other: score_hand(kept, starter)}
            shows = (
                show_of[view.pone],
                show_of[view.dealer],
                score_hand(crib, starter, is_crib=True),
            )
            search = PeggingSearch(hands, me, view.dealer, view.scores, shows, chance)
            endgame = endgame or search.endgame
            # The same ranks give the same pegging; the shows matter only near 121.
            key = (*hands[other], -1, *(shows if search.endgame else ()))
            if key not in memo:
                if isinstance(legal[0], Play):
                    memo[key] = (search.root(me, view.count, pile, view.said_go), 0.0)
                else:
                    memo[key] = ({}, search.go_value(me, view.count, pile, view.said_go))
            values, go_value = memo[key]
            outcomes.append(values)
            go_outcomes.append(go_value)
        searched = len(outcomes)
        totals: dict[int, float] = {}
        for values in outcomes:
            for rank, value in values.items():
                totals[rank] = totals.get(rank, 0.0) + value
        go_total = 0.0
        for go_value in go_outcomes:
            go_total += go_value
        unit = CHANCE_UNIT if chance is not None else ENDGAME_UNIT if endgame else PEGGING_UNIT
        rows = []
        for action in legal:
            if isinstance(action, Play):
                mean = totals[action.card.rank] / searched
            else:
                mean = go_total / searched
            rows.append(Evaluation(action, mean, unit))
        return rows

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit}"
        if self.objective != "points":
            limit += f", objective={self.objective!r}"
        model = ""
        if self.opponent != "model" or self.candidates != CANDIDATES:
            model = f", opponent={self.opponent!r}, candidates={self.candidates}"
        if not self.read_plays:
            model += ", read_plays=False"
        if not self.anytime:
            model += ", anytime=False"
        return f"CribbageExpert(determinizations={self.determinizations}{limit}{model})"

    @property
    def budget(self) -> int:
        """The search budget (``Searching``): the pegging determinizations."""
        return self.determinizations

    @budget.setter
    def budget(self, value: int) -> None:
        if value < 1:
            raise ValueError(f"the search needs at least one deal, not {value}")
        self.determinizations = value
