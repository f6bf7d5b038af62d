"""What happened in a game of cribbage, as events (``pegboard.core.Event``) every surface words.

The rules decide what each move did and why each score was pegged (the game's log of
``ScoreEvent``, its ``HandShow`` and ``GameResult``); this module only tells it as values:
``N_`` templates, their fields, and the seats they name, which each surface says its own
way ("you" for the reader through the second-person template ``you``). It keeps no locale
and does no I/O. A score's saying ("fifteen two, fifteen four, and a pair is six", "go for
one") is said in the counting words of the reader's language (``pegboard.cribbage.words``,
through ``Saying``); cards are written in their notation (``5H``).

Events are public unless said otherwise: a discard names its cards only through
``discarded`` (for the seat that laid them, and for replays after the game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pegboard.core import N_, Event, Joined
from pegboard.core.narration import ngettext, scores
from pegboard.cribbage.actions import Action, Claim, Discard, LayAway, Muggins, NoMuggins, Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import TARGET, CutForDeal, GameResult, ScoreEvent, side_of
from pegboard.cribbage.game import Game

CRIB = N_("{owner}'s crib")
"""A seat's crib (``your crib`` for the reader)."""
INTO_CRIB = N_("in {owner}'s crib")
"""Where a discard goes (``in your crib``)."""
HAND = N_("{owner}'s hand")
"""A seat's hand at the show (``your hand``)."""
CRIB_OWNER = N_("the crib is {owner}'s")
"""Whose crib a hand's is (``the crib is yours``)."""

SHOWN = N_("{whose}: {cards} + {starter}: {saying}.")
"""One hand or crib counted at the show (C6), with the starter and the saying."""
PEGGED = N_("{saying}: {pegs}")
"""A score made in play (his heels, pegging, go, last card): the saying and the pegs."""
PEGS = N_("{pegs} ({scores}).")
"""Who pegs how many, and both scores after it."""
COUNT_AGAIN = N_("The count starts again at zero.")
"""The end of a sequence (C5): after 31, or when neither seat can play on."""


PEGS_POINTS = ngettext("{who} pegs {points}", "{who} pegs {points}")
"""Who pegs how many: one message with plural forms, as languages put a noun or a verb
after the number (English needs neither)."""
YOU_PEG = ngettext("you peg {points}", "you peg {points}")
OWN_INTO_CRIB = N_("in your own crib")
"""Where you lay your cards when the crib is your own (languages say it reflexively)."""

GAMES = ngettext("Match over after {games} game.", "Match over after {games} games.")


@dataclass(frozen=True, slots=True)
class Saying:
    """A score said aloud the traditional way, in a language's counting words (C4-C6)."""

    score: ScoreEvent

    def in_words(self, lang: str) -> str:
        return self.score.say(lang)

    def __str__(self) -> str:
        return self.in_words("en")


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


class Cards(tuple[Card, ...]):
    """Cards as a field: written in their notation, ``5H JS``, when said."""

    __slots__ = ()

    def __str__(self) -> str:
        return cards_text(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _of(template: str, you: str, owner: int) -> Event:
    return Event(template, {}, {"owner": owner}, "info", you=you)


def crib(owner: int) -> Event:
    return _of(CRIB, N_("your crib"), owner)


def into_crib(owner: int, own: bool = False) -> Event:
    """Where cards are laid; ``own``: by the crib's owner ("You lay ... in your own crib")."""
    return _of(INTO_CRIB, OWN_INTO_CRIB if own else N_("in your crib"), owner)


def hand_of(seat: int) -> Event:
    return _of(HAND, N_("your hand"), seat)


def crib_owner(owner: int) -> Event:
    return _of(CRIB_OWNER, N_("the crib is yours"), owner)


def deals(dealer: int) -> Event:
    return Event(N_("{who} deals"), {}, {"who": dealer}, "info", you=N_("you deal"))


# -- moves -------------------------------------------------------------------------------


def discarded(seat: int, cards: Sequence[Card], dealer: int) -> Event:
    """A discard with its cards (C2), by rank to read: for the seat that laid them, or after
    the game."""
    return Event(
        N_("{who} lays {cards} {place}."),
        {"cards": Cards(sorted(cards)), "place": into_crib(dealer, own=seat == dealer)},
        {"who": seat},
        you=N_("You lay {cards} {place}."),
    )


def laid_away(seat: int, dealer: int, players: int = 2) -> Event:
    """A discard as the other seats see it: two cards, unseen (C2), or one among three or
    four (C8, C9)."""
    if players != 2:
        return Event(
            N_("{who} lays a card {place}."),
            {"place": into_crib(dealer, own=seat == dealer)},
            {"who": seat},
            you=N_("You lay a card {place}."),
        )
    return Event(
        N_("{who} lays two cards {place}."),
        {"place": into_crib(dealer, own=seat == dealer)},
        {"who": seat},
        you=N_("You lay two cards {place}."),
    )


def played(seat: int, card: Card, count: int) -> Event:
    """A card played in the pegging, and the count it makes (C4)."""
    return Event(
        N_("{who} plays {card}: count {count}."),
        {"card": card, "count": count},
        {"who": seat},
        you=N_("You play {card}: count {count}."),
    )


def said_go(seat: int) -> Event:
    return Event(N_("{who} says go."), {}, {"who": seat}, you=N_("You say go."))


def claimed(seat: int, points: int) -> Event:
    """A claim of points at the show, with muggins (C18)."""
    return Event(
        N_("{who} claims {points}."),
        {"points": points},
        {"who": seat},
        you=N_("You claim {points}."),
    )


def called_muggins(seat: int, points: int | None) -> Event:
    """Muggins called for points missed (C19), or the claim let stand (``points`` None)."""
    if points is None:
        return Event(
            N_("{who} lets the claim stand."), {}, {"who": seat}, you=N_("You let the claim stand.")
        )
    return Event(
        N_("{who} calls muggins for {points}."),
        {"points": points},
        {"who": seat},
        you=N_("You call muggins for {points}."),
    )


def moved(seat: int, text: str, dealer: int, count: int, players: int = 2) -> tuple[Event, int]:
    """A move in its notation as the narrating view saw it (a bare ``discard`` is another
    seat's, its cards unseen), and the count after it."""
    words = text.split()
    if words == ["discard"]:
        return laid_away(seat, dealer, players), count
    if words[0] == "discard":
        return discarded(seat, [Card.parse(w) for w in words[1:]], dealer), count
    if words[0] == "play":
        card = Card.parse(words[1])
        count += card.value
        return played(seat, card, count), count
    if words[0] == "claim":
        return claimed(seat, int(words[1])), count
    if words[0] == "muggins":
        return called_muggins(seat, int(words[1])), count
    if words[0] == "no":
        return called_muggins(seat, None), count
    return said_go(seat), count


# -- scores ------------------------------------------------------------------------------


def partners(side: int) -> dict[str, int]:
    """The seats of a side of partners among four (C9), as an event names them: side 0 is
    seats 0 and 2, side 1 seats 1 and 3."""
    return {"player": side, "partner": side + 2}


def side_won_match(side: int, reader: int | None = None) -> Event:
    """The win of a match by a side of partners among four (C9, C12), both named: the
    reader first when on that side (said "you": "You and Cy win the match")."""
    seats = partners(side)
    if reader == side + 2:
        seats = {"player": reader, "partner": side}
    return Event(
        N_("{player} and {partner} win the match (C12)."),
        {},
        seats,
        "end",
        you=N_("You and {partner} win the match (C12)."),
    )


def standing(points: Sequence[int], players: int = 2) -> Joined:
    """Every score as one field: a player's each (``seat 1: 15 · seat 2: 8``), or among
    four a side's, both partners named (``seat 1 and seat 3: 15 · ...``, C9)."""
    if players != 4:
        return scores(points)
    return Joined(
        tuple(
            Event(N_("{player} and {partner}: {score}"), {"score": score}, partners(side), "info")
            for side, score in enumerate(points)
        ),
        " · ",
    )


def pegs(score: ScoreEvent, points: Sequence[int], players: int = 2) -> Event:
    """Who pegs how many, and the scores on the way to 121 (a side's among four, C9)."""
    who = Event(
        PEGS_POINTS[0],
        {"points": score.points},
        {"who": score.seat},
        "score",
        you=YOU_PEG[0],
        plural=PEGS_POINTS[1],
        count="points",
        you_plural=YOU_PEG[1],
    )
    return Event(PEGS, {"pegs": who, "scores": standing(points, players)}, kind="score")


def _whose(score: ScoreEvent, dealer: int) -> Event:
    """Whose hand (the dealer's or not), or whose crib, a show's score is."""
    if score.reason == "crib":
        return crib(score.seat)
    role = N_("dealer") if score.seat == dealer else N_("non-dealer")
    return Event(N_("{hand} ({role})"), {"hand": hand_of(score.seat), "role": Event(role)}, {})


def _in_show(score: ScoreEvent, before: Moment) -> bool:
    """Whether ``score`` was made in the show of the hand ``before`` is in."""
    return score.hand == before.hand_number and score.reason in ("hand", "crib", "muggins")


def counted(score: ScoreEvent, dealer: int) -> Event:
    """With muggins, once a claim is answered: what the hand or crib held (C18, C19)."""
    return Event(
        N_("The count of {whose}: {saying}."),
        {"whose": _whose(score, dealer), "saying": Saying(score)},
        kind="score",
    )


def scored(
    score: ScoreEvent,
    points: Sequence[int],
    dealer: int,
    players: int = 2,
    claimed: bool = False,
) -> tuple[Event, ...]:
    """One score explained from the game's log: a show's hand or crib with its saying and
    then the pegs (C6, C11), or a score in play said with its pegs (C3-C5, C10). ``points``
    are the scores just after it (one a side among four). ``claimed``: a claim with muggins
    (C18), said without the count, which ``counted`` tells once the claim is answered."""
    if score.reason in ("hand", "crib"):
        whose = _whose(score, dealer)
        shown = Event(
            SHOWN,
            {
                "whose": whose,
                "cards": Cards(score.cards),
                "starter": score.starter,
                "saying": Saying(score),
            },
            kind="score",
        )
        if claimed:  # with muggins the count is told once the claim is answered (C19)
            shown = Event(
                N_("{whose}: {cards} + {starter}."),
                {"whose": whose, "cards": Cards(score.cards), "starter": score.starter},
                kind="score",
            )
        return (shown, pegs(score, points, players)) if score.points else (shown,)
    told = pegs(score, points, players)
    return (Event(PEGGED, {"saying": Saying(score), "pegs": told}, kind="score"),)


# -- the game ----------------------------------------------------------------------------


def cut(cuts: Sequence[CutForDeal]) -> tuple[Event, ...]:
    """The cuts for the first deal (C2, C8): the lower (lowest) card deals, equal ranks cut
    again."""
    events = []
    for one in cuts:
        lowest = N_("{deals} (the lower card deals, C2)")
        if len(one.cards) > 2:
            lowest = N_("{deals} (the lowest card deals, C8)")
        drawn = tuple(
            Event(N_("{name} {card}"), {"card": card}, {"name": seat}, "info")
            for seat, card in enumerate(one.cards)
        )
        dealer = one.dealer
        outcome = (
            Event(N_("equal ranks: cut again"))
            if dealer is None
            else Event(lowest, {"deals": deals(dealer)})
        )
        events.append(
            Event(N_("Cut for the deal: {drawn}; {outcome}."), {"drawn": drawn, "outcome": outcome})
        )
    return tuple(events)


def three_for_last(log: Sequence[ScoreEvent]) -> tuple[Event, ...]:
    """At five-card, the first non-dealer's three for last before the first deal (C14),
    said with the game's first lines; nothing at six-card."""
    return tuple(
        Event(
            N_("{who} pegs three for last (C14)."),
            {},
            {"who": score.seat},
            "score",
            you=N_("You peg three for last (C14)."),
        )
        for score in log[:1]
        if score.reason == "three for last"
    )


def hand_started(
    number: int, dealer: int, points: Sequence[int], *, players: int = 2, target: int = TARGET
) -> Event:
    """A hand begins: its number, the dealer, whose crib, the scores (one a player, or one a
    side among four; to 121, or to 61 at five-card, C17)."""
    return Event(
        N_("— Hand {number} · {deals}: {crib} · {scores} (to 121)")
        if target == TARGET
        else N_("— Hand {number} · {deals}: {crib} · {scores} (to 61)"),
        {
            "number": number,
            "deals": deals(dealer),
            "crib": crib_owner(dealer),
            "scores": standing(points, players),
        },
        kind="info",
    )


def result(game: GameResult) -> tuple[Event, ...]:
    """The end of a game (C7, C12): the winner (a side among four, both partners named),
    the scores, and a skunk if there is one (between two only)."""
    if game.players == 3:
        return (
            Event(
                N_("{who} wins the game: {scores}."),
                {"scores": scores(game.scores)},
                {"who": game.winner},
                "end",
                you=N_("You win the game: {scores}."),
            ),
        )
    winner, loser = game.winner, 1 - game.winner
    if game.players == 4:
        return (
            Event(
                N_("{player} and {partner} win the game, {won} to {lost}."),
                {"won": game.scores[winner], "lost": game.scores[loser]},
                partners(winner),
                "end",
                you=N_("You and {partner} win the game, {won} to {lost}."),
            ),
        )
    events = [
        Event(
            N_("{who} wins the game, {won} to {lost}."),
            {"won": game.scores[winner], "lost": game.scores[loser]},
            {"who": winner},
            "end",
            you=N_("You win the game, {won} to {lost}."),
        )
    ]
    if game.double_skunk:
        events.append(
            Event(
                N_("A double skunk: {name} did not reach 61 (C7); the game is worth 3."),
                {},
                {"name": loser},
                "end",
            )
        )
    elif game.skunk and game.target != TARGET:
        events.append(
            Event(
                N_("A lurch: {name} did not reach 31 (C17); the game is worth 2."),
                {},
                {"name": loser},
                "end",
            )
        )
    elif game.skunk:
        events.append(
            Event(
                N_("A skunk: {name} did not reach 91 (C7); the game is worth 2."),
                {},
                {"name": loser},
                "end",
            )
        )
    return tuple(events)


def game_points(points: Sequence[int], players: int = 2) -> Event:
    """The match's game points after a game (1 a game, 2 a skunk, 3 a double skunk, C7; 1
    among three or four, C12), one a side among four."""
    return Event(N_("Game points: {points}."), {"points": standing(points, players)}, kind="score")


def match_over(
    points: Sequence[int], winner: int, games: int, players: int = 2
) -> tuple[Event, ...]:
    """The end of a match: the games played and the winner (a side among four, both
    partners named), with the game points."""
    played = Event(GAMES[0], {"games": games}, kind="end", plural=GAMES[1], count="games")
    if players == 4:
        return (
            played,
            Event(
                N_("{player} and {partner} win the match, {points} (game points)."),
                {"points": standing(points, players)},
                partners(winner),
                "end",
                you=N_("You and {partner} win the match, {points} (game points)."),
            ),
        )
    return (
        played,
        Event(
            N_("{who} wins the match, {points} (game points)."),
            {"points": scores(points)},
            {"who": winner},
            "end",
            you=N_("You win the match, {points} (game points)."),
        ),
    )


class Moment(NamedTuple):
    """What the narration needs of a game just before an action (from a ``Game`` or a
    seat's observation of it: only public facts)."""

    running: int
    """The pegging count (C4)."""
    dealer: int
    starter: Card | None
    hand_number: int
    scores: tuple[int, ...]
    logged: int
    phase: str
    over: bool
    players: int = 2

    @classmethod
    def of(cls, game: Any) -> Moment:
        return cls(
            game.count,
            game.dealer,
            game.starter,
            game.hand_number,
            tuple(game.scores),
            _logged(game),
            game.phase,
            game.result is not None,
            game.num_players,
        )

    @classmethod
    def of_game(cls, game: Game) -> Moment:
        """``of`` for a ``Game``, read from its own state: a replay takes two at every
        action, so they must cost next to nothing (the values are those of the game's
        public properties)."""
        result = game._result
        return cls(
            game._count,
            game._dealer,
            game._starter,
            game._hand_no,
            tuple(game._scores),
            len(game._log),
            "over" if result is not None else game._phase,
            result is not None,
            game._table.players,
        )


def _logged(game: Any) -> int:
    """How many scores ``game`` has logged. A ``Game`` keeps its log as raw entries until
    it is read (``Game.log`` builds the ``ScoreEvent`` values): counting them costs
    nothing, where reading the log at every action would slow a replay down."""
    raw = getattr(game, "_log", None)
    return len(raw) if isinstance(raw, list) else len(game.log)


def told(seat: int, action: Action, before: Moment) -> Event:
    """``seat``'s ``action`` as every seat may know it (a discard's cards unseen)."""
    if type(action) is Play:
        return played(seat, action.card, before.running + action.card.value)
    if type(action) is Discard or type(action) is LayAway:
        return laid_away(seat, before.dealer, before.players)
    if type(action) is Claim:
        return claimed(seat, action.points)
    if type(action) is Muggins:
        return called_muggins(seat, action.points)
    if type(action) is NoMuggins:
        return called_muggins(seat, None)
    return said_go(seat)


def events_of(
    before: Moment,
    after: Moment,
    log: Sequence[ScoreEvent],
    ended: GameResult | None,
    moves: Sequence[Event],
) -> tuple[Event, ...]:
    """The events of one action: its moves (``moves``, worded by ``told`` or ``moved``),
    the starter if it was cut, each score it made (pegging, go, last card, the show,
    C3-C6), the count starting again, and the end of the game if it came (C7).

    ``before`` and ``after`` are the game (or one seat's view of it) just before and just
    after the action, ``log`` its score log (at least ``after.logged`` long) and ``ended``
    its result just after the action.
    """
    same_hand = after.hand_number == before.hand_number
    cut = before.starter is None and after.starter is not None and same_hand
    again = before.phase == after.phase == "pegging" and same_hand and after.running == 0
    over = ended is not None and not before.over
    if not (cut or again or over or after.logged > before.logged or before.phase == "show"):
        return tuple(moves)  # the common case: a move and nothing more
    events = list(moves)
    # With muggins the show is a phase of its own (C18): an answer to a claim (muggins or
    # not) logs no hand or crib, and then the count of what was claimed for is told.
    claims = before.phase == "show"
    new = log[before.logged : after.logged]
    if claims and before.logged and not any(s.reason in ("hand", "crib") for s in new):
        last = log[before.logged - 1]
        if last.reason in ("hand", "crib"):
            events.append(counted(last, before.dealer))
    if cut:
        events.append(Event(N_("The starter is cut: {card} (C3)."), {"card": after.starter}))
    points = list(before.scores)
    players = before.players
    # Claimed one at a time, the show is announced at its first claim only (C18).
    shown = claims and before.logged > 0 and _in_show(log[before.logged - 1], before)
    for score in new:
        points[side_of(players, score.seat)] = score.total
        if score.reason in ("hand", "crib") and not shown:
            shown = True
            events.append(
                Event(
                    N_("The show, with the starter {card} (C6):"),
                    {"card": score.starter},
                    kind="score",
                )
            )
        events.extend(scored(score, points, before.dealer, players, claims))
    if again:
        # Only the end of a sequence (31, or a go) brings the count back to zero (C5).
        events.append(Event(COUNT_AGAIN, kind="info"))
    if ended is not None and over:
        if log[after.logged - 1].reason != "crib":  # won before the show's end: at once (C7)
            if ended.target != TARGET:
                reached = N_("61 reached: the game ends at once (C17).")
            elif players == 2:
                reached = N_("121 reached: the game ends at once (C7).")
            else:
                reached = N_("121 reached: the game ends at once (C12).")
            events.append(Event(reached, kind="end"))
        events.extend(result(ended))
    return tuple(events)
