"""The Draw expert: information-set Monte Carlo tree search (single-observer ISMCTS).

Today's flat determinized search (``draw_expert``, the ``pimc`` level) tries each legal
action once per deal and plays the round out with a fixed policy: its values are the
values of that policy, so past a thousand playouts more deals buy nothing (8 times the
playouts gained +1.2 points a deal [-1.3, +3.8]). This search grows a tree instead.

One *iteration* deals the unseen tiles at random, consistently with the observation (the
same sampler as ``draw_expert``: hand sizes, stock size, what passes proved), then walks
the tree from the seat's decision: at every node the player to move picks, among the
moves it has in this deal, the child with the best upper confidence bound of its own
margin (UCB1 counting a child's *availability*, the iterations where its move was legal,
as in Cowling, Powley and Whitehouse's ISMCTS). A move not yet tried is tried first,
heaviest tile first. Past the tree the round is played out with the fast greedy policy of
``draw_playout`` (heaviest tile, the end that keeps open the number the player holds more
of), and every node on the path adds the margin of the player who moved into it: its points
less the mean of the others' (in partnerships its side's points less the opponents',
D21-D23, so that partners' nodes seek one value: each plays for its side). A forced move
(a single play, a forced draw, a pass) makes no node. Below the root a voluntary draw (D6)
is not searched: a player draws there only when it cannot play (D7), as the playout policy
does.

Opponents' nodes are keyed by their moves alone (single observer): a child's statistics
gather every deal where that move was legal, so the tree plans replies to what the others
can do, not to one dealt hand. The seat plays the root child visited most.

The budget is a number of iterations per decision (deterministic for a seed), or a time
limit in seconds (``time_limit``; then the result depends on the machine's speed).

This module is the search's reference. Its hot loop runs in C (``_fastsearch.c``, compiled
with the round's core; ``SEARCH_CORE`` says which is in use, ``PEGBOARD_PURE_PYTHON=1``
refuses it) whenever the search is the expert's (every player in the tree, greedy
playouts): it grows the very same tree from the same random numbers and hands the generator
back where this module would leave it (tests/draw/bots/test_fastsearch.py). Until somebody
passes a deal is a shuffle of the unseen tiles; after a pass (D8) the deals are counted ones
(``sampler.CountedDeals``), which the C search makes from their plan with the same random
numbers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from pegboard.bots.base import (
    CHANCE_UNIT,
    MARGIN_UNIT,
    Evaluation,
    PlayoutExpert,
    legal_or_raise,
)
from pegboard.core import Action, Observation
from pegboard.dominoes.cores import pure_python_asked
from pegboard.dominoes.ranks import ORDER, Ranks, ranks_of
from pegboard.draw.bots.details import play_details
from pegboard.draw.bots.expert import Dealer, round_view
from pegboard.draw.bots.playout import CODE, DRAW, OPEN, PASS, Playout, code_of
from pegboard.draw.bots.playout import margins as side_margins
from pegboard.draw.observation import DrawObservation
from pegboard.draw.round import RESERVE

DEFAULT_BUDGET: Final = 600
"""Iterations per decision by default: a median decision of 0.6 ms of CPU at two or three
players with the search in C, 10 ms in Python (``python -m benchmarks draw_expert --cores``)."""
EXPLORATION: Final = 0.7
"""UCB1's constant, on margins scaled by ``SCALE``."""
SCALE: Final = 40.0
"""Points of margin that count as one in the bound (a typical round's spread)."""
CHANCE_SCALE: Final = 0.4
"""The chance of winning the match that counts as one in the bound when the search plays
for the match (a round's spread near the end of a match). Set before measuring; tried
after on other seeds among three: 0.1 played much worse, 1.0 and 2.5 as 0.4 (docs/odds.md)."""


def _load_search_core() -> tuple[Callable[..., Any] | None, str]:
    """The C search when it is compiled and not refused (``PEGBOARD_PURE_PYTHON``)."""
    if pure_python_asked():
        return None, "python"
    try:
        from pegboard.draw.bots import _fastsearch
    except ImportError:
        return None, "python"
    return _fastsearch.search, "c"


_search_in_c, SEARCH_CORE = _load_search_core()
"""``SEARCH_CORE`` says where ``search`` runs its iterations when it can: ``"c"`` or
``"python"`` (see the module docstring)."""
_RANK_PIPS: dict[int, tuple[int, ...]] = {}
WEIGHT_LIMIT: Final = 1 << 127
"""The C search counts the deals after a pass in 128 bits: more deals than this (never seen:
the hands of three seats from 55 tiles are fewer than 2**70) search in Python."""


class Node:
    """A decision in the tree: per move tried, its child; and, as a child, the statistics
    of the player who made the move into it."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def moves(state: Playout, voluntary_draw: bool) -> list[int]:
    """The moves of the player to move in ``state``, heaviest tile first (D4-D9): its plays
    (and a draw besides, when ``voluntary_draw`` and the stock allows, D6); else a draw
    while the stock allows (D7); else the pass (D8)."""
    hand = state.hands[state.current]
    a, b = state.a, state.b
    found = []
    can_draw = len(state.stock) - state.taken > RESERVE
    if a < 0:
        playable = hand
        while playable:
            rank = playable.bit_length() - 1
            playable ^= 1 << rank
            found.append(CODE * rank + OPEN)
    else:
        ranks = state.ranks
        playable = hand & (ranks.mask_with[a] | ranks.mask_with[b])
        while playable:
            rank = playable.bit_length() - 1
            playable ^= 1 << rank
            low, high = ranks.low[rank], ranks.high[rank]
            if low == a or high == a:
                found.append(CODE * rank + a)
            if b != a and (low == b or high == b):
                found.append(CODE * rank + b)
    if found:
        if voluntary_draw and can_draw:
            found.append(DRAW)
        return found
    return [DRAW] if can_draw else [PASS]


apply = Playout.apply_code
"""``apply(state, move)``: make a move code in ``state`` (``Playout.apply_code``)."""


def policy_move(state: Playout) -> int:
    """The playout policy's move for the player to move (``Playout.run``'s first step):
    the heaviest tile that fits, on the end that keeps open the number held more of;
    else a draw while the stock allows; else the pass."""
    hand = state.hands[state.current]
    a, b = state.a, state.b
    ranks = state.ranks
    mask_with = ranks.mask_with
    playable = hand if a < 0 else hand & (mask_with[a] | mask_with[b])
    if playable:
        rank = playable.bit_length() - 1
        if a < 0:
            return CODE * rank + OPEN
        low, high = ranks.low[rank], ranks.high[rank]
        if low == a or high == a:
            if (low == b or high == b) and a != b:
                rest = hand ^ (1 << rank)
                held_a = (rest & mask_with[a]).bit_count()
                held_b = (rest & mask_with[b]).bit_count()
                return CODE * rank + (b if held_a > held_b or (held_a == held_b and a > b) else a)
            return CODE * rank + a
        return CODE * rank + b
    return DRAW if len(state.stock) - state.taken > RESERVE else PASS


def margins(state: Playout, end: int) -> list[float]:
    """Per seat, its points less the mean of the others' for the finished round; in
    partnerships its side's margin (``playout.margins``), which partners share."""
    return side_margins(state.points(end), state.partners)


@dataclass(frozen=True, slots=True)
class Outcomes:
    """What a round's end is worth to each seat when the search plays for the match
    (``DrawISMCTS.outcomes``) rather than for the round's margin: per winner of the round
    (nobody first: a blocked round whose lowest count is shared, D14) and its points, each
    seat's value, its chance of winning the match then, 0 to 1 (``draw.bots.match``).
    A round of players alone scores for one seat at most (D13, D14)."""

    players: int
    most: int
    """The most points a round can score (every tile of the set in the others' hands)."""
    values: tuple[float, ...]
    """Flat: ``values[((winner + 1) * (most + 1) + points) * players + seat]``."""

    def of(self, points: Sequence[int]) -> list[float]:
        """Each seat's value of a round that ended with ``points`` per seat."""
        winner = next((seat for seat, scored in enumerate(points) if scored > 0), -1)
        scored = min(points[winner], self.most) if winner >= 0 else 0
        start = ((winner + 1) * (self.most + 1) + scored) * self.players
        return list(self.values[start : start + self.players])


class DrawISMCTS(PlayoutExpert):
    """Information-set tree search over the seat's observation; see the module docstring.

    ``budget`` is the number of iterations per decision, ``time_limit`` (seconds) replaces
    it when given. ``choose`` returns the first action of ``analyse`` (the most visited),
    at once when only one action is legal.
    """

    default_budget = DEFAULT_BUDGET
    exploration: float = EXPLORATION
    opponents_in_tree: bool = True
    """False: the others move by the playout policy inside the tree too, which then holds
    the seat's own decisions only."""
    common_deals: bool = False
    """True: every root action is tried on each deal (``search``)."""
    shaped_playouts: bool = False
    """True: the playouts play by ``Playout.run_shaped``, not the greedy ``run``."""
    budget_factor: Mapping[int, int] = MappingProxyType({})
    """Per number of players, how many times ``budget`` a decision searches (1 when not
    given): the ``budget`` counts the iterations of a decision at the other tables."""
    voluntary_draws: bool = True
    """False: ``choose`` does not search the root's draw (D6) while a play is legal, as the
    tree never does below the root: the seat plays (``draws_voluntarily``). ``analyse``
    still values every legal action (a hint and a report need the draw's value)."""

    def draws_voluntarily(self, observation: DrawObservation) -> bool:
        """Whether ``choose`` weighs a draw while a play is legal in this round."""
        return self.voluntary_draws

    def outcomes(self, observation: Observation) -> Outcomes | None:
        """What the round's ends are worth when the search plays for the match (a level
        that does says so here); None: the search plays for the round's margin."""
        return None

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if len(legal) == 1:  # forced: no search, and no random numbers drawn
            return legal[0]
        view = round_view(observation)
        outcomes = self.outcomes(observation)
        best: Action = self._ranked(view, rng, self.draws_voluntarily(view), outcomes)[0].action
        return best

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action with its mean margin for the seat (or its chance of winning
        the match, when it plays for it), most visited first."""
        return self._ranked(round_view(observation), rng, True, self.outcomes(observation))

    def _ranked(
        self,
        observation: DrawObservation,
        rng: random.Random,
        voluntary_draws: bool,
        outcomes: Outcomes | None = None,
    ) -> list[Evaluation]:
        """``analyse``'s ranking; without ``voluntary_draws`` a draw while a play is legal is
        not searched and comes last (valued -inf). With ``outcomes`` the values are chances
        of winning the match, and the exploration is scaled to them (``CHANCE_SCALE``)."""
        legal = list(legal_or_raise(observation))
        ranks = ranks_of(observation.tile_set)
        codes = [code_of(action, ranks) for action in legal]
        unique = list(dict.fromkeys(codes))  # both ends showing one number: one move
        if not voluntary_draws and len(unique) > 1 and DRAW in unique:
            unique.remove(DRAW)
        root = search(
            Dealer(observation),
            unique,
            rng,
            self.budget * self.budget_factor.get(observation.num_players, 1),
            self.time_limit,
            self.exploration if outcomes is None else self.exploration * CHANCE_SCALE / SCALE,
            self.opponents_in_tree,
            self.common_deals,
            self.shaped_playouts,
            outcomes,
        )
        result = []
        for action, code in zip(legal, codes, strict=True):
            child = root.children.get(code)
            visits = child.visits if child is not None else 0
            value = child.total / visits if child is not None and visits else -math.inf
            result.append(
                Evaluation(
                    action,
                    value,
                    MARGIN_UNIT if outcomes is None else CHANCE_UNIT,
                    # Tiles left and blocking: shown beside the search's figures, never weighed.
                    {
                        "visits": float(visits),
                        "iterations": float(root.visits),
                        **play_details(observation, action),
                    },
                )
            )
        order = {a: k for k, a in enumerate(legal)}
        result.sort(key=lambda e: (-e.details["visits"], -e.value, order[e.action]))
        return result


def search(
    dealer: Dealer,
    root_moves: list[int],
    rng: random.Random,
    budget: int,
    time_limit: float | None,
    exploration: float,
    opponents_in_tree: bool = True,
    common_deals: bool = False,
    shaped_playouts: bool = False,
    outcomes: Outcomes | None = None,
) -> Node:
    """Grow the tree from the seat's decision for ``budget`` iterations (or ``time_limit``
    seconds), and at least until every root move is tried once; its root. Without
    ``opponents_in_tree`` the other players move by the playout policy, not the tree.
    With ``common_deals`` every root move is tried on each deal (one iteration each), as
    the flat search compares its actions, and the tree grows below each of them. With
    ``shaped_playouts`` the playouts are ``Playout.run_shaped``'s."""
    c = exploration * SCALE
    if (
        _search_in_c is not None
        and opponents_in_tree
        and not common_deals
        and not shaped_playouts
        and type(rng) is random.Random
    ):
        counted = dealer.counted
        if dealer.pool is not None or (counted is not None and counted.total < WEIGHT_LIMIT):
            return _search_c(_search_in_c, dealer, root_moves, rng, budget, time_limit, c, outcomes)
    root = Node()
    root.available = 0
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    playout = Playout.run_shaped if shaped_playouts else Playout.run
    while True:
        deal = dealer.root(rng)
        if common_deals:
            for move in root_moves:
                _iterate(
                    deal.copy(), root, root_moves, move, c, opponents_in_tree, playout, outcomes
                )
        else:
            _iterate(deal, root, root_moves, -3, c, opponents_in_tree, playout, outcomes)
        if root.visits < len(root_moves):  # every legal action tried once, whatever the budget
            continue
        if deadline is None:
            if root.visits >= budget:
                break
        elif time.perf_counter() >= deadline:
            break
    return root


def _search_c(
    search_in_c: Callable[..., Any],
    dealer: Dealer,
    root_moves: list[int],
    rng: random.Random,
    budget: int,
    time_limit: float | None,
    c: float,
    outcomes: Outcomes | None,
) -> Node:
    """``search`` in C (``_fastsearch.search``): the same iterations on the same deals, from
    and back to ``rng``'s state and the order of the dealer's pool. Its root, with the
    statistics of its children (the C search keeps the tree below them to itself).

    A dealer without a pool (what passes proved shapes the deal) has counted its deals
    (``sampler.CountedDeals``): the C search deals them from its plan, drawing the very
    random numbers the Python dealer draws."""
    ranks = dealer.ranks
    pool = dealer.pool
    plan = None
    if pool is None:
        assert dealer.counted is not None
        pool = []
        plan = dealer.counted.plan()
    version, words, gauss = rng.getstate()
    visits, children, words, order = search_in_c(
        pool,
        dealer.own,
        dealer.sizes,
        dealer.seat,
        dealer.block,
        dealer.ends,
        dealer.current,
        dealer.passes,
        dealer.partners,
        ranks.low,
        ranks.high,
        _rank_pips(ranks),
        ranks.mask_with,
        RESERVE,
        root_moves,
        words,
        budget,
        time_limit,
        c,
        plan,
        ranks.rank_bit,
        None if outcomes is None else outcomes.values,
        -1 if outcomes is None else outcomes.most,
    )
    rng.setstate((version, words, gauss))
    pool[:] = order
    root = Node()
    root.available = 0
    root.visits = visits
    for move, child_visits, total, available in reversed(children):  # in the order tried
        child = root.children[move] = Node()
        child.visits, child.total, child.available = child_visits, total, available
    return root


def _rank_pips(ranks: Ranks) -> tuple[int, ...]:
    """Per playout rank of ``ranks``, its tile's pips (D12)."""
    pips = _RANK_PIPS.get(ranks.tile_set)
    if pips is None:
        pips = _RANK_PIPS[ranks.tile_set] = tuple(t.pips for t in ranks.order)
    return pips


def _iterate(
    state: Playout,
    root: Node,
    legal: list[int],
    first: int,
    c: float,
    opponents_in_tree: bool,
    playout: Callable[[Playout], int],
    outcomes: Outcomes | None = None,
) -> None:
    """One iteration from the root in the deal ``state``: down the tree by the upper bounds
    (the root's move ``first``, unless it is -3), one new node, the playout, and the margins
    back up the path."""
    log = math.log
    sqrt = math.sqrt
    me = state.current
    node = root
    path: list[tuple[Node, int]] = []
    end = -1
    while True:
        children = node.children
        untried = -3
        for move in legal:
            child = children.get(move)
            if child is None:
                if untried == -3:
                    untried = move
            else:
                child.available += 1
        actor = state.current
        if first != -3:  # the root's move is given: no choice there
            untried = first if first not in children else -3
        if untried != -3:
            child = Node()
            children[untried] = child
            path.append((child, actor))
            end = apply(state, untried)
            if end == -1:
                end = playout(state)
            break
        if first != -3:
            best_move, first = first, -3
        else:
            best_move = legal[0]
            best = -math.inf
            for move in legal:
                child = children[move]
                score = child.total / child.visits + c * sqrt(log(child.available) / child.visits)
                if score > best:
                    best, best_move = score, move
        node = children[best_move]
        path.append((node, actor))
        end = apply(state, best_move)
        # Forced moves make no node: make them, then look at the next decision.
        while end == -1:
            if not opponents_in_tree and state.current != me:
                end = apply(state, policy_move(state))
                continue
            legal = moves(state, False)
            if len(legal) > 1:
                break
            end = apply(state, legal[0])
        if end != -1:
            break
    result = margins(state, end) if outcomes is None else outcomes.of(state.points(end))
    root.visits += 1
    for child, actor in path:
        child.visits += 1
        child.total += result[actor]


__all__ = [
    "DEFAULT_BUDGET",
    "ORDER",
    "SEARCH_CORE",
    "DrawISMCTS",
    "Node",
    "Outcomes",
    "apply",
    "code_of",
    "moves",
    "search",
]
