"""A full cribbage position consistent with what one seat knows, for search by bots.

A bot sees only its observation. To search, it deals the cards it has not seen at random
(a "determinization"): the other seat's cards still in hand, that seat's two crib cards
and the undealt stock, with the starter in it while the cut is still to come. Everything
public is kept: the cards the other seat played are its own, the scores, the dealer, the
pegging count and pile, the go's said, and the rule that after a go (or being unable to
play on) a seat holds only cards worth more than the room that was left (C5:
``held_above``).

The hidden cards are dealt uniformly among the deals consistent with those facts; no
model of how the other seat chose its discards or its plays is assumed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from pegboard.core import N_, WordedError
from pegboard.cribbage.actions import Action, Discard, parse_action
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.deal import deal_held, must_hold_a_fit
from pegboard.cribbage.game import Game
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation, PublicMove
from pegboard.cribbage.position import LIMIT, Move

PEG_REASONS = frozenset({"pegging", "go", "last card"})
"""Score reasons of the pegging (his heels is taken at the cut, before it)."""
REPLAYED_REASONS = PEG_REASONS | {"hand", "crib", "muggins"}
"""What a rebuilt hand replays: the pegging, and a show being claimed with muggins (C18,
C19)."""


@dataclass(frozen=True, slots=True)
class HiddenDeal:
    """One guess at the cards a seat has not seen.

    ``hand``: the cards the other seat still holds; ``discards``: its two crib cards (empty
    while it has not discarded); ``stock``: every other unseen card, top first.
    """

    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    stock: tuple[Card, ...]


def game_view(observation: CribbageObservation | MatchObservation) -> CribbageObservation:
    """The game observation inside a match observation (or the observation itself)."""
    if isinstance(observation, MatchObservation):
        return observation.game
    if isinstance(observation, CribbageObservation) and observation.num_players == 2:
        return observation
    if isinstance(observation, CribbageObservation):
        raise WordedError(
            N_(
                "this bot plays cribbage for two; among three or four (C8, C9) choose "
                "one of the levels from random to expert"
            )
        )
    raise TypeError(f"not a cribbage observation: {observation!r}")


def table_view(observation: CribbageObservation | MatchObservation) -> CribbageObservation:
    """The game observation of any table, two, three or four seats (C8, C9), for the bots
    that play them all (``game_view`` refuses three or four)."""
    if isinstance(observation, MatchObservation):
        return observation.game
    if isinstance(observation, CribbageObservation):
        return observation
    raise TypeError(f"not a cribbage observation: {observation!r}")


@dataclass(frozen=True, slots=True)
class TableDeal:
    """One guess at the cards a seat has not seen, at a table of three or four.

    ``hands``: every seat's cards still held (the seat's own as they are); ``discards``:
    every seat's card laid in the crib (empty while it has not laid one); ``pack``: the
    pack's card of the crib among three (C8), else empty; ``stock``: every other unseen
    card, the starter on top while the cut is still to come.
    """

    hands: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]
    stock: tuple[Card, ...]


TABLE_TRIES = 200
"""Rounds of ``table_hidden_deal`` before it gives up (the true deal is one of the
consistent ones)."""


def table_hidden_deal(view: CribbageObservation, rng: random.Random) -> TableDeal:
    """Deal the cards ``view``'s seat has not seen, at random, among the other seats of a
    table of three or four (a partner's as an opponent's: it is hidden too, C9).

    Each other seat holds its number of cards, each worth more than its ``held_above``
    (C5, C10: a go proves it); the most constrained seat draws first among the unseen
    cards that fit it, and so on (near-uniform: a seat's draw does not weigh how many ways
    the later ones have); the crib's hidden cards (one a seat that has laid away, and the
    pack's among three) and the stock from the rest. Whether a seat asked to act holds a
    card that fits is not used: the bots deal when they are the seat to act.
    """
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing hidden left to deal")
    players = view.num_players
    me = view.seat
    unseen = unseen_cards(view)
    others = sorted((s for s in range(players) if s != me), key=lambda s: (-view.held_above[s], s))
    pack = 1 if players == 3 else 0
    for _ in range(TABLE_TRIES):
        taken = 0
        hands: list[tuple[Card, ...]] = [()] * players
        hands[me] = view.hand
        ok = True
        for seat in others:
            floor = view.held_above[seat]
            eligible = [c for c in unseen if c.value > floor and not taken & c.bit]
            size = view.hand_sizes[seat]
            if len(eligible) < size:
                ok = False
                break
            held = rng.sample(eligible, size)
            for card in held:
                taken |= card.bit
            hands[seat] = tuple(held)
        if not ok:
            continue
        rest = [c for c in unseen if not taken & c.bit]
        rng.shuffle(rest)
        discards: list[tuple[Card, ...]] = [()] * players
        discards[me] = view.discards
        at = 0
        for seat in range(players):
            if seat != me and view.discarded[seat]:
                discards[seat] = (rest[at],)
                at += 1
        crib_pack = tuple(rest[at : at + pack])
        return TableDeal(tuple(hands), tuple(discards), crib_pack, tuple(rest[at + pack :]))
    raise ValueError("no deal of the hidden hands fits this observation (C5, C10)")


def seen_mask(view: CribbageObservation) -> int:
    """Bit-set of the cards of this hand the seat has seen: its own, the played ones and the
    starter. Cards of earlier hands are shuffled back, so they do not count."""
    mask = 0
    for card in (*view.hand, *view.kept, *view.discards):
        mask |= card.bit
    for _, card in view.played:
        mask |= card.bit
    if view.starter is not None:
        mask |= view.starter.bit
    return mask


def unseen_cards(view: CribbageObservation) -> list[Card]:
    """The cards of the deck the seat has not seen this hand, in deck order."""
    mask = seen_mask(view)
    return [c for c in DECK if not mask & c.bit]


def hidden_deal(
    observation: CribbageObservation | MatchObservation, rng: random.Random
) -> HiddenDeal:
    """Deal the cards ``observation``'s seat has not seen, at random, consistently with it.

    The other seat's held cards are drawn among the unseen cards worth more than its
    ``held_above`` (C5); its discards and the stock from the rest.
    """
    view = game_view(observation)
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing hidden left to deal")
    other = 1 - view.seat
    unseen = unseen_cards(view)
    shown_held, shown_crib = shown_in_show(view) if view.phase == "show" else ({}, ())
    if other in shown_held or shown_crib:  # turned up in a show being claimed (C18)
        return _shown_deal(view, unseen, shown_held.get(other), shown_crib, rng)
    floor = view.held_above[other]
    eligible = [c for c in unseen if c.value > floor]
    size = view.hand_sizes[other]
    if len(eligible) < size:
        raise ValueError(
            f"no deal fits this observation: seat {other} holds {size} cards worth more "
            f"than {floor}, but only {len(eligible)} unseen cards are (C5)"
        )
    this_hand = [m for m in view.history if m.hand == view.hand_number]
    last = last_move(this_hand)
    fits = must_hold_a_fit(view.phase, view.current_player, other, last)
    held = deal_held(eligible, size, LIMIT - view.count if fits else None, rng)
    taken = {c.index for c in held}
    rest = [c for c in unseen if c.index not in taken]
    rng.shuffle(rest)
    crib = 2 if view.discarded[other] else 0
    discards = tuple(sorted(rest[:crib], key=lambda c: c.index))
    return HiddenDeal(tuple(held), discards, tuple(rest[crib:]))


def shown_in_show(
    view: CribbageObservation,
) -> tuple[dict[int, tuple[Card, ...]], tuple[Card, ...]]:
    """With muggins, the hands and the crib this hand's show has turned up so far (C18):
    each seat's held cards still unplayed, and the crib (empty until it is claimed for)."""
    held: dict[int, tuple[Card, ...]] = {}
    crib: tuple[Card, ...] = ()
    shown = [(e.seat, e.reason, e.cards) for e in view.log if e.hand == view.hand_number]
    if view.showing is not None:
        shown.append((view.showing.seat, view.showing.what, view.showing.cards))
    played = {card for _, card in view.played}
    for seat, reason, cards in shown:
        if reason == "hand":
            held[seat] = tuple(c for c in cards if c not in played)
        elif reason == "crib":
            crib = cards
    return held, crib


def _shown_deal(
    view: CribbageObservation,
    unseen: list[Card],
    held: tuple[Card, ...] | None,
    crib: tuple[Card, ...],
    rng: random.Random,
) -> HiddenDeal:
    """``hidden_deal`` in a show being claimed, with muggins (C18): what the show has turned
    up is the other seat's, the rest of the unseen cards dealt at random as before."""
    own = set(view.discards)
    discards = tuple(c for c in crib if c not in own)
    fixed = {c.index for c in (*(held or ()), *discards)}
    rest = [c for c in unseen if c.index not in fixed]
    rng.shuffle(rest)
    if held is None:  # every card of a hand still held was played or shown: none here
        held = tuple(rest[: view.hand_sizes[1 - view.seat]])
        rest = rest[len(held) :]
    if not discards:
        discards = tuple(sorted(rest[:2], key=lambda c: c.index))
        rest = rest[2:]
    return HiddenDeal(held, discards, tuple(rest))


def last_move(this_hand: Sequence[PublicMove]) -> tuple[int, str] | None:
    """This hand's last move as ``must_hold_a_fit`` reads it: its seat and its kind ("play",
    "go", "discard"), or None before any."""
    if not this_hand:
        return None
    text = this_hand[-1].text
    return this_hand[-1].seat, "play" if text.startswith("play") else text.split()[0]


def scores_before_pegging(view: CribbageObservation) -> list[int]:
    """The scores as this hand's pegging began: the view's, less what was pegged since, and
    claimed in a show with muggins (the pegging and the claims are then replayed from them)."""
    scores = list(view.scores)
    for event in view.log:
        if event.hand == view.hand_number and event.reason in REPLAYED_REASONS:
            scores[event.seat] -= event.points
    return scores


def replay_pegging(game: Game, this_hand: Sequence[PublicMove]) -> None:
    """Apply this hand's public moves after the discards (the plays and go's) to ``game``."""
    for move in this_hand:
        if move.text != "discard" and not move.text.startswith("discard "):
            game.apply(parse_action(move.text), seat=move.seat)


def determinize(observation: CribbageObservation | MatchObservation, rng: random.Random) -> Game:
    """A full ``Game`` that ``observation``'s seat cannot tell from the real one.

    The unseen cards are dealt by :func:`hidden_deal`; the position is then rebuilt with
    ``Game.from_position`` at the start of this hand's pegging (or at the discard) and this
    hand's public moves are replayed, so that the count, the pile, the go's and the scores
    come out as the seat saw them. Earlier hands' log, shows and moves are copied from the
    observation. Later hands are shuffled from ``rng``.
    """
    view = game_view(observation)
    deal = hidden_deal(view, rng)
    seat, other = view.seat, 1 - view.seat
    dealer, pone = view.dealer, 1 - view.dealer
    seed = rng.getrandbits(63)
    hands: list[list[Card]] = [[], []]
    discards: list[tuple[Card, ...]] = [(), ()]
    discards[seat] = view.discards
    discards[other] = deal.discards
    this_hand = [m for m in view.history if m.hand == view.hand_number]
    if view.phase == "discard":
        hands[seat] = [*view.hand, *view.discards] if view.discarded[seat] else list(view.hand)
        hands[other] = [*deal.hand, *deal.discards]
        game = Game.from_position(
            hands,
            dealer=dealer,
            scores=view.scores,
            stock=deal.stock,
            seed=seed,
            hand_number=view.hand_number,
            cards=view.cards,
            muggins=int(view.muggins),
        )
        if view.discarded[pone]:
            first, second = discards[pone]
            game.apply(Discard(first, second))
    else:
        assert view.starter is not None
        hands[seat] = list(view.kept)
        hands[other] = [*(c for s, c in view.played if s == other), *deal.hand]
        scores = scores_before_pegging(view)
        game = Game.from_position(
            hands,
            dealer=dealer,
            scores=scores,
            crib=[*discards[pone], *discards[dealer]],
            starter=view.starter,
            stock=deal.stock,
            seed=seed,
            hand_number=view.hand_number,
            cards=view.cards,
            muggins=int(view.muggins),
        )
        replay_pegging(game, this_hand)
    _copy_past(game, view, discards)
    return game


def _copy_past(game: Game, view: CribbageObservation, discards: list[tuple[Card, ...]]) -> None:
    """Give the rebuilt game the public past of the observed one: the score log, the shows
    and every move (the other seat's hidden discards of earlier hands are read from the
    crib at their show, this hand's from the deal).

    ``Game.from_position`` starts a game afresh, so they are handed over with
    ``Game._adopt_record``: records only, they take no part in the play.
    """
    shows = {show.hand: show for show in view.shows}
    moves: list[Move] = []
    for public in view.history:
        action: Action
        if public.text == "discard":
            if public.hand == view.hand_number:
                cards = discards[public.seat]
            else:
                show = shows[public.hand]
                assert show.crib is not None
                first = public.seat != show.dealer  # the pone's two come first in the crib
                cards = show.crib[:2] if first else show.crib[2:]
            action = Discard(cards[0], cards[1])
        else:
            action = parse_action(public.text)
        moves.append(Move(public.hand, public.seat, action))
    game._adopt_record(view.log, view.shows, moves)


PUBLIC_TRIES = 2000
"""Rejection rounds of ``public_held`` before it gives up (the true deal is one of the
consistent ones, so a real position is never short of them)."""


def public_held(
    unseen: list[Card],
    sizes: tuple[int, ...],
    floors: tuple[int, ...],
    fits: int | None,
    room: int,
    rng: random.Random,
) -> tuple[list[Card], list[Card]]:
    """Both seats' held cards drawn from ``unseen``, uniformly among the deals where seat
    ``s`` holds ``sizes[s]`` cards, each worth more than ``floors[s]`` (C5: a go proves it),
    and seat ``fits`` (if any) holds one worth at most ``room``. Seat 0's cards are drawn
    first, then kept with the chance that seat 1's cards can be drawn from what is left
    (the number of its hands over the most there could be): exactly uniform on the pairs."""
    eligible = [[c for c in unseen if c.value > floors[s]] for s in (0, 1)]

    def ways(seat: int, taken: set[int]) -> int:
        cards = [c for c in eligible[seat] if c.index not in taken]
        count = comb(len(cards), sizes[seat])
        if fits == seat:
            count -= comb(sum(1 for c in cards if c.value > room), sizes[seat])
        return count

    most = ways(1, set())
    if most > 0 and ways(0, set()) > 0:
        for _ in range(PUBLIC_TRIES):
            first = deal_held(eligible[0], sizes[0], room if fits == 0 else None, rng)
            taken = {c.index for c in first}
            if rng.randrange(most) < ways(1, taken):
                left = [c for c in eligible[1] if c.index not in taken]
                return first, deal_held(left, sizes[1], room if fits == 1 else None, rng)
    raise ValueError("no deal of both hands fits the public facts (C5)")


def public_determinize(view: CribbageObservation, rng: random.Random) -> Game:
    """A full ``Game`` of this hand consistent with its public facts alone, for a
    spectator's chances (issue 37): ``view`` may be any seat's, its own cards are never read.

    At the discard nothing of the hand is public but who has discarded: both hands are dealt
    afresh from the deck (the discards still to be made by whoever plays the world out). In
    the pegging the starter and the cards played are public; each seat's held cards are dealt
    among the unseen ones above what its go's proved (``held_above``, C5), the seat to play
    holding a card that fits when the engine's turn proves it, the crib (unknown until the
    show) and the stock from the rest; this hand's public moves are replayed."""
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing hidden left to deal")
    dealer = view.dealer
    seed = rng.getrandbits(63)
    if view.phase == "discard":
        deck = list(DECK)
        rng.shuffle(deck)
        return Game.from_position(
            [deck[:6], deck[6:12]],
            dealer=dealer,
            scores=view.scores,
            stock=deck[12:],
            seed=seed,
            hand_number=view.hand_number,
            muggins=int(view.muggins),
        )
    assert view.starter is not None
    seen = view.starter.bit
    for _, card in view.played:
        seen |= card.bit
    shown_held, shown_crib = shown_in_show(view) if view.phase == "show" else ({}, ())
    for card in (*shown_crib, *(c for cards in shown_held.values() for c in cards)):
        seen |= card.bit  # turned up in a show being claimed (C18)
    unseen = [c for c in DECK if not seen & c.bit]
    this_hand = [m for m in view.history if m.hand == view.hand_number]
    last = last_move(this_hand)
    current = view.current_player
    fits = (
        current
        if current is not None and must_hold_a_fit(view.phase, current, current, last)
        else None
    )
    sizes = tuple(0 if seat in shown_held else n for seat, n in enumerate(view.hand_sizes))
    held = list(
        public_held(
            unseen,
            sizes,
            view.held_above,
            fits,
            LIMIT - view.count,
            rng,
        )
    )
    for seat, cards in shown_held.items():
        held[seat] = list(cards)
    taken = {c.index for cards in held for c in cards}
    rest = [c for c in unseen if c.index not in taken]
    rng.shuffle(rest)
    if shown_crib:
        rest = [*shown_crib, *rest]
    hands = [[*(c for s, c in view.played if s == seat), *held[seat]] for seat in (0, 1)]
    scores = scores_before_pegging(view)
    game = Game.from_position(
        hands,
        dealer=dealer,
        scores=scores,
        crib=rest[:4],
        starter=view.starter,
        stock=rest[4:],
        seed=seed,
        hand_number=view.hand_number,
        muggins=int(view.muggins),
    )
    replay_pegging(game, this_hand)
    return game
