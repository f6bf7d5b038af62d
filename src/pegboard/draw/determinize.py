"""Determinization: a full round that one seat cannot tell from the real one.

Search bots never touch the real position: they see an observation, deal the tiles they
cannot see (the other hands and the stock) at random, consistently with everything public,
and search the result. Only a pass proves anything about a hand (D8: a passer holds no
tile of either open number); a draw proves nothing, since drawing is allowed with a
playable tile (D6).

``sample_hidden_masks`` is the sampler alone (bit-sets, no ``Round``), for bots that run
their own playouts; ``determinize`` builds the ``Round``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH, Tile, tiles_of
from pegboard.draw.actions import Pass
from pegboard.draw.round import DrawObservation, Move, Round

_ALL = sum(t.bit for t in DOUBLE_SIX)
_REJECTION_TRIES = 400


def trailing_passes(history: Sequence[Move]) -> int:
    """The consecutive passes that end the history (a play resets them, D11)."""
    count = 0
    for move in reversed(history):
        if move.action.__class__ is not Pass:
            break
        count += 1
    return count


def forbidden_masks(observation: DrawObservation) -> list[int]:
    """Per seat, the bit-set of tiles it is proven not to hold (from its passes, D8)."""
    result = []
    for values in observation.known_absent:
        mask = 0
        for value in values:
            mask |= MASK_WITH[value]
        result.append(mask)
    return result


def unseen_mask(observation: DrawObservation) -> int:
    """The tiles the seat cannot see: every tile not in its hand and not on the line."""
    seen = 0
    for tile in observation.hand:
        seen |= tile.bit
    for tile in observation.line.tiles:
        seen |= tile.bit
    return _ALL & ~seen


def sample_hidden_masks(
    observation: DrawObservation, rng: random.Random
) -> tuple[list[int], list[Tile]]:
    """Hands (bit-sets, the seat's own included) and a stock order consistent with the
    observation, uniformly at random among the consistent deals.

    The unseen tiles are the 28 less the seat's hand and the line. A position built with
    fewer than 28 tiles (``Round.from_position``) leaves some out of play; since the seat
    cannot tell which, they are chosen at random too.

    Raises ``ValueError`` when the observation is of a finished round or is inconsistent
    (the unseen tiles do not match the hand sizes and stock size, or no deal keeps what
    the passes proved).
    """
    if observation.result is not None:
        raise ValueError("the round is over: its hands are revealed, nothing is hidden")
    me = observation.seat
    sizes = list(observation.hand_sizes)
    if sizes[me] != len(observation.hand):
        raise ValueError("the observation's hand does not match its own hand size")
    unseen = tiles_of(unseen_mask(observation))
    others = [s for s in range(observation.num_players) if s != me]
    if len(unseen) < sum(sizes[s] for s in others) + observation.stock_size:
        raise ValueError(
            f"{len(unseen)} unseen tiles cannot fill the other hands and a stock of "
            f"{observation.stock_size} (D1, D2)"
        )
    forbidden = forbidden_masks(observation)
    unseen_bits = sum(t.bit for t in unseen)
    constrained = [s for s in others if forbidden[s] & unseen_bits]
    hands = [0] * observation.num_players
    hands[me] = sum(t.bit for t in observation.hand)
    dealt = _deal(unseen, others, sizes, forbidden, constrained, rng)
    for seat, mask in dealt.items():
        hands[seat] = mask
    held = 0
    for mask in dealt.values():
        held |= mask
    stock = [t for t in unseen if not held & t.bit]
    rng.shuffle(stock)
    # In a real round every unseen tile is somewhere; a position built for analysis may
    # leave tiles out of play, and which ones is unknown: they are left out at random.
    return hands, stock[: observation.stock_size]


def _deal(
    unseen: Sequence[Tile],
    others: Sequence[int],
    sizes: Sequence[int],
    forbidden: Sequence[int],
    constrained: Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """The other seats' hands, uniform among the deals that respect ``forbidden``.

    The most constrained seat draws its hand uniformly from the tiles it may hold; the rest
    are dealt uniformly; a deal that breaks another seat's constraint is drawn again. Every
    deal valid for the first seat is proposed with the same probability, so the accepted
    deals are uniform over the valid ones (exact rejection sampling). Only when rejection
    keeps failing (rare, heavily constrained positions) does a valid deal come from a
    matching, mixed by random constraint-keeping swaps (close to uniform, not exactly).
    """
    if not constrained:
        pool = list(unseen)
        rng.shuffle(pool)
        return _split(pool, others, sizes)
    first = min(constrained, key=lambda s: sum(1 for t in unseen if not forbidden[s] & t.bit))
    eligible = [t for t in unseen if not forbidden[first] & t.bit]
    if len(eligible) < sizes[first]:
        raise ValueError(f"seat {first} cannot hold {sizes[first]} tiles it is allowed (D8)")
    rest_seats = [s for s in others if s != first]
    checks = [s for s in constrained if s != first]
    for _ in range(_REJECTION_TRIES):
        chosen = rng.sample(eligible, sizes[first])
        hand = sum(t.bit for t in chosen)
        pool = [t for t in unseen if not hand & t.bit]
        rng.shuffle(pool)
        hands = _split(pool, rest_seats, sizes)
        if all(not hands[s] & forbidden[s] for s in checks):
            hands[first] = hand
            return hands
    return _matched_and_mixed(unseen, others, sizes, forbidden, rng)


def _split(pool: Sequence[Tile], seats: Sequence[int], sizes: Sequence[int]) -> dict[int, int]:
    """Deal ``pool`` in order: each seat its size, the rest left for the stock."""
    hands: dict[int, int] = {}
    start = 0
    for seat in seats:
        hands[seat] = sum(t.bit for t in pool[start : start + sizes[seat]])
        start += sizes[seat]
    return hands


def _matched_and_mixed(
    unseen: Sequence[Tile],
    others: Sequence[int],
    sizes: Sequence[int],
    forbidden: Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """A valid deal by bipartite matching (tiles to seats or stock), then random swaps."""
    stock = -1
    capacity = {s: sizes[s] for s in others}
    capacity[stock] = len(unseen) - sum(capacity.values())
    owner: dict[Tile, int] = {}
    load = dict.fromkeys(capacity, 0)

    def allowed(tile: Tile, seat: int) -> bool:
        return seat == stock or not forbidden[seat] & tile.bit

    def place(tile: Tile, visited: set[int]) -> bool:
        for seat in capacity:
            if seat in visited or not allowed(tile, seat):
                continue
            visited.add(seat)
            if load[seat] < capacity[seat]:
                owner[tile] = seat
                load[seat] += 1
                return True
            for other in [t for t, s in owner.items() if s == seat]:
                if place(other, visited):
                    owner[tile] = seat
                    return True
        return False

    for tile in unseen:
        if not place(tile, set()):
            raise ValueError("no deal of the unseen tiles keeps what the passes proved (D8)")
    tiles = list(unseen)
    owners = [owner[t] for t in tiles]
    for _ in range(50 * len(tiles)):
        i, j = rng.randrange(len(tiles)), rng.randrange(len(tiles))
        if allowed(tiles[i], owners[j]) and allowed(tiles[j], owners[i]):
            owners[i], owners[j] = owners[j], owners[i]
    hands = dict.fromkeys(others, 0)
    for tile, seat in zip(tiles, owners, strict=True):
        if seat != stock:
            hands[seat] |= tile.bit
    return hands


def determinize(observation: DrawObservation, rng: random.Random) -> Round:
    """A full round consistent with ``observation``, the unseen tiles dealt at random.

    The seat's own hand, the line, every hand size, the stock size, the seat to play, the
    leader, the consecutive passes so far and what passes proved (``known_absent``) are
    kept; the other hands and the stock order are drawn uniformly among the deals that fit
    them. The round's history starts empty: the past is not replayed.
    """
    hands, stock = sample_hidden_masks(observation, rng)
    current = observation.current_player
    assert current is not None  # sample_hidden_masks refused a finished round
    return Round.from_position(
        [tiles_of(mask) for mask in hands],
        stock,
        current=current,
        line=observation.line,
        leader=observation.leader,
        passes=trailing_passes(observation.history),
        absent=observation.known_absent,
    )
