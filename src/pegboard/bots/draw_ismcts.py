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
less the mean of the others'. A forced move (a single play, a forced draw, a pass) makes no
node. Below the root a voluntary draw (D6) is not searched: a player draws there only
when it cannot play (D7), as the playout policy does.

Opponents' nodes are keyed by their moves alone (single observer): a child's statistics
gather every deal where that move was legal, so the tree plans replies to what the others
can do, not to one dealt hand. The seat plays the root child visited most.

The budget is a number of iterations per decision (deterministic for a seed), or a time
limit in seconds (``time_limit``; then the result depends on the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

from pegboard.bots.base import MARGIN_UNIT, Evaluation, PlayoutExpert, legal_or_raise
from pegboard.bots.draw_expert import Dealer
from pegboard.bots.draw_playout import (
    DRAW,
    HIGH,
    LOW,
    OPEN,
    ORDER,
    PASS,
    PLAYOUT_MASK_WITH,
    Playout,
    code_of,
)
from pegboard.core import Observation
from pegboard.draw.match import MatchObservation
from pegboard.draw.round import RESERVE, DrawObservation

DEFAULT_BUDGET: Final = 600
"""Iterations per decision by default: a median decision of 26 ms on this machine when quiet,
about 0.2 s when heavily loaded (``python -m benchmarks draw_expert``)."""
EXPLORATION: Final = 0.7
"""UCB1's constant, on margins scaled by ``SCALE``."""
SCALE: Final = 40.0
"""Points of margin that count as one in the bound (a typical round's spread)."""


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
            found.append(8 * rank + OPEN)
    else:
        playable = hand & (PLAYOUT_MASK_WITH[a] | PLAYOUT_MASK_WITH[b])
        while playable:
            rank = playable.bit_length() - 1
            playable ^= 1 << rank
            low, high = LOW[rank], HIGH[rank]
            if low == a or high == a:
                found.append(8 * rank + a)
            if b != a and (low == b or high == b):
                found.append(8 * rank + b)
    if found:
        if voluntary_draw and can_draw:
            found.append(DRAW)
        return found
    return [DRAW] if can_draw else [PASS]


apply = Playout.apply_code
"""``apply(state, move)``: make a move code in ``state`` (``Playout.apply_code``)."""


def margins(state: Playout, end: int) -> list[float]:
    """Per seat, its points less the mean of the others' for the finished round."""
    points = state.points(end)
    total = sum(points)
    rest = state.n - 1
    return [p - (total - p) / rest for p in points]


class DrawISMCTS(PlayoutExpert):
    """Information-set tree search over the seat's observation; see the module docstring.

    ``budget`` is the number of iterations per decision, ``time_limit`` (seconds) replaces
    it when given. ``choose`` returns the first action of ``analyse`` (the most visited),
    at once when only one action is legal.
    """

    default_budget = DEFAULT_BUDGET
    exploration: float = EXPLORATION

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action with its mean margin for the seat, most visited first."""
        if isinstance(observation, MatchObservation):
            observation = observation.round
        if not isinstance(observation, DrawObservation):
            raise ValueError(f"the Draw expert reads Draw observations, not {observation!r}")
        legal = list(legal_or_raise(observation))
        codes = [code_of(action) for action in legal]
        unique = list(dict.fromkeys(codes))  # both ends showing one number: one move
        root = search(
            Dealer(observation), unique, rng, self.budget, self.time_limit, self.exploration
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
                    MARGIN_UNIT,
                    {"visits": float(visits), "iterations": float(root.visits)},
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
) -> Node:
    """Grow the tree from the seat's decision for ``budget`` iterations (or ``time_limit``
    seconds), and at least until every root move is tried once; its root."""
    root = Node()
    root.available = 0
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    c = exploration * SCALE
    log = math.log
    sqrt = math.sqrt
    while True:
        state = dealer.root(rng)
        node = root
        path: list[tuple[Node, int]] = []
        end = -1
        legal = root_moves
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
            if untried != -3:
                child = Node()
                children[untried] = child
                path.append((child, actor))
                end = apply(state, untried)
                if end == -1:
                    end = state.run()
                break
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
                legal = moves(state, False)
                if len(legal) > 1:
                    break
                end = apply(state, legal[0])
            if end != -1:
                break
        result = margins(state, end)
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            child.total += result[actor]
        if root.visits < len(root_moves):  # every legal action tried once, whatever the budget
            continue
        if deadline is None:
            if root.visits >= budget:
                break
        elif time.perf_counter() >= deadline:
            break
    return root


__all__ = ["DEFAULT_BUDGET", "ORDER", "DrawISMCTS", "Node", "apply", "code_of", "moves", "search"]
