"""Determinization: a full round that one seat cannot tell from the real one.

Search bots never touch the real position: they see an observation, deal the tiles they
cannot see (the other hands and the stock) at random, consistently with everything public,
and search the result. Only a pass proves anything about a hand (D8: a passer holds no
tile of either open number); a draw proves nothing, since drawing is allowed with a
playable tile (D6). In the Block game (D18-D20) every pass proves it, from the first turn
on (D19), and the stock is the sleeping tiles: dealt at random like a stock, never drawn.

``sample_hidden_masks`` is the sampler alone (bit-sets, no ``Round``), for bots that run
their own playouts; ``determinize`` builds the ``Round``. Both deal with
``pegboard.draw.sampler.sample_deal``, the one sampler of hidden tiles (``Round.sample_hidden``
uses it too): exactly uniform among the deals the seat cannot tell apart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.dominoes.tiles import DOUBLE_NINE, MASK_WITH_IN, SETS, Tile, tiles_of
from pegboard.draw.actions import Pass
from pegboard.draw.observation import DrawObservation, Move
from pegboard.draw.round import Round
from pegboard.draw.sampler import sample_deal

_ALL = {tile_set: sum(t.bit for t in tiles) for tile_set, tiles in SETS.items()}
"""Every tile of each set (D1, D25), as a bit-set."""


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
    mask_with = MASK_WITH_IN[observation.tile_set]
    for values in observation.known_absent:
        mask = 0
        for value in values:
            mask |= mask_with[value]
        result.append(mask)
    return result


def unseen_mask(observation: DrawObservation) -> int:
    """The tiles the seat cannot see: every tile of the round's set (D1, D25) not in its hand
    and not on the line."""
    seen = 0
    for tile in observation.hand:
        seen |= tile.bit
    for tile in observation.line.tiles:
        seen |= tile.bit
    return _ALL[observation.tile_set] & ~seen


def sample_hidden_masks(
    observation: DrawObservation, rng: random.Random
) -> tuple[list[int], list[Tile]]:
    """Hands (bit-sets, the seat's own included) and a stock order consistent with the
    observation, uniformly at random among the consistent deals (``sampler.sample_deal``).

    The unseen tiles are the set's 28 (55 with the double-nine set, D25) less the seat's
    hand and the line. A position built with fewer than the set's tiles
    (``Round.from_position``) leaves some out of play; since the seat cannot tell which,
    they are chosen at random too.

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
    others = {s: sizes[s] for s in range(observation.num_players) if s != me}
    dealt, stock = sample_deal(
        unseen_mask(observation),
        others,
        observation.stock_size,
        forbidden_masks(observation),
        rng,
    )
    hands = [0] * observation.num_players
    hands[me] = sum(t.bit for t in observation.hand)
    for seat, mask in dealt.items():
        hands[seat] = mask
    return hands, [DOUBLE_NINE[i] for i in stock]


def determinize(observation: DrawObservation, rng: random.Random) -> Round:
    """A full round consistent with ``observation``, the unseen tiles dealt at random.

    The seat's own hand, the line, every hand size, the stock size, the seat to play, the
    leader, the consecutive passes so far and what passes proved (``known_absent``) are
    kept; the other hands and the stock order are drawn uniformly among the deals that fit
    them. The round's history starts empty: the past is not replayed. A Block observation
    gives a Block round, its sampled stock asleep (D18); a partnership observation a
    partnership round (D21), the partner's hand dealt at random as the opponents' are.
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
        block=observation.block,
        partnerships=observation.partnerships,
        tile_set=observation.tile_set,
    )


def public_determinize(observation: DrawObservation, rng: random.Random) -> Round:
    """A full round consistent with the round's public facts alone, for a spectator's
    chances (issue 37): every hand and the stock dealt at random, uniformly among the deals
    that keep the line, the hand sizes, the stock size, the seat to play, the leader, the
    passes in a row and what the passes proved (D8; every pass in the Block game, D19),
    a Block round's sleeping tiles dealt as its stock (D18).

    ``observation`` may be any seat's: its own hand is never read, so the worlds are the same
    whichever seat's view is given and whatever the hands hold."""
    if observation.result is not None:
        raise ValueError("the round is over: its hands are revealed, nothing is hidden")
    seen = 0
    for tile in observation.line.tiles:
        seen |= tile.bit
    sizes = dict(enumerate(observation.hand_sizes))
    dealt, stock = sample_deal(
        _ALL[observation.tile_set] & ~seen,
        sizes,
        observation.stock_size,
        forbidden_masks(observation),
        rng,
    )
    current = observation.current_player
    assert current is not None  # a round not over has a seat to play
    return Round.from_position(
        [tiles_of(dealt[seat]) for seat in range(observation.num_players)],
        [DOUBLE_NINE[i] for i in stock],
        current=current,
        line=observation.line,
        leader=observation.leader,
        passes=trailing_passes(observation.history),
        absent=observation.known_absent,
        block=observation.block,
        partnerships=observation.partnerships,
        tile_set=observation.tile_set,
    )
