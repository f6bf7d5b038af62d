"""The words of a cribbage game, shared by ``play`` and ``replay``, the terminal app and
the web views.

What happened is told by the rules as events (``pegboard.cribbage.narration``), built from
public facts (the moves as a seat saw them, the score log, the starter, the shows, the
result): the caller decides whose view it narrates. This module says those events
(``say``) with the seats named the surface's way and lays them out; each score is
explained from the game's own log (``ScoreEvent.saying``), never computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pegboard.core import N_, Event, Joined
from pegboard.cribbage import Card, CutForDeal, GameResult, ScoreEvent, narration
from pegboard.cribbage.events import TARGET
from pegboard.cribbage.observation import CribbageObservation
from pegboard.i18n.catalogs import Translator
from pegboard.i18n.narration import say

Gettext = Translator

OTHER: dict[str, str] = {
    narration.CRIB: N_("the bot's crib"),
    narration.INTO_CRIB: N_("in the bot's crib"),
    narration.HAND: N_("the bot's hand"),
    narration.CRIB_OWNER: N_("the crib is the bot's"),
}
"""The phrases about the other seat when a human plays a bot: whole phrases, not the
bot's name put into the general one (languages contract and inflect them: "do robô")."""

OWN_CRIB = N_("in its own crib")
"""Where the bot lays its cards when the crib is its own."""

INDENT: dict[str, str] = {
    narration.SHOWN: "  ",
    narration.PEGGED: "  ",
    narration.PEGS: "    ",
    narration.COUNT_AGAIN: "  ",
}
"""The layout of a narration: a score under its move, a show's pegs under its hand."""


@dataclass(frozen=True)
class Seats:
    """How a surface names the seats: the human as "you" and the other as ``other``
    (already translated), or (``human`` None, in replays) every seat by its number, counted
    from 1 as people count them."""

    human: int | None
    other: str = "the bot"

    def name(self, seat: int, _: Gettext) -> str:
        if self.human is None:
            return _("seat {seat}").format(seat=seat + 1)
        return _("you") if seat == self.human else self.other

    def subject(self, seat: int, _: Gettext) -> str:
        name = self.name(seat, _)
        return name[:1].upper() + name[1:]

    # Whole phrases, not "your" + noun: other languages place and inflect them otherwise.
    # A surface that names seats otherwise (the web's display names) overrides these; the
    # events' phrases about a seat (``PHRASES``) are said through them.
    def crib(self, seat: int, _: Gettext) -> str:
        """``your crib``, ``the bot's crib``, ``seat 1's crib``."""
        return self._phrase(narration.crib(seat), _)

    def into_crib(self, seat: int, _: Gettext) -> str:
        """``in your crib``, ``in the bot's crib``, ``in seat 1's crib``: where cards are
        laid (languages with cases inflect the owner after a preposition)."""
        return self._phrase(narration.into_crib(seat), _)

    def hand(self, seat: int, _: Gettext) -> str:
        """``your hand``, ``the bot's hand``, ``seat 1's hand``."""
        return self._phrase(narration.hand_of(seat), _)

    def crib_owner(self, seat: int, _: Gettext) -> str:
        """``the crib is yours``, ``the crib is the bot's``, ``the crib is seat 1's``."""
        return self._phrase(narration.crib_owner(seat), _)

    def _phrase(self, event: Event, _: Gettext) -> str:
        if self.human is not None and event.subject != self.human:
            return _(OTHER[event.template])
        return say(event, _, lambda seat: self.name(seat, _), self.human)

    def says(
        self, seat: int, you: str, other: str, _: Gettext, start: bool = True, **values: object
    ) -> str:
        """``you`` for the human (second person), else ``other`` with ``{who}`` filled in
        (both already translated); ``start``: the words begin a sentence."""
        if seat == self.human:
            text = you.format(**values)
        else:
            text = other.format(who=self.name(seat, _), **values)
        return capital(text) if start else text

    def say(self, event: Event, _: Gettext, start: bool = False) -> str:
        """``event`` in words, its seats named as these seats are; ``start``: it begins a
        sentence."""
        phrase = PHRASES.get(event.template)
        if phrase is not None and event.subject is not None:
            text = getattr(self, phrase)(event.subject, _)
        else:
            text = say(self._seen(event, _), _, lambda seat: self.name(seat, _), self.human)
        return capital(text) if start else text

    def _seen(self, event: Event, _: Gettext) -> Event:
        """``event`` with its phrases about a seat said these seats' way (``PHRASES``), and
        the bot's own crib said so when a human plays."""
        fields: dict[str, object] = {}
        for key, value in event.fields.items():
            if isinstance(value, Event):
                phrase = PHRASES.get(value.template)
                subject = value.subject
                if phrase is None or subject is None:
                    value = self._seen(value, _)
                elif (
                    key == "place"
                    and value.template == narration.INTO_CRIB
                    and self.human is not None
                    and subject == event.subject
                ):
                    own = narration.OWN_INTO_CRIB if subject == self.human else OWN_CRIB
                    value = _(own)
                else:
                    value = getattr(self, phrase)(subject, _)
            elif isinstance(value, Joined):
                value = Joined(tuple(self._seen(v, _) for v in value.items), value.separator)
            fields[key] = value
        return replace(event, fields=fields)


@dataclass(frozen=True)
class TableSeats(Seats):
    """The seats round a table of three or four (C8, C9) as a terminal names them: the
    human "you", every other seat by its number ("seat 3"), in every phrase too (there is
    no one "bot" to speak of)."""

    def name(self, seat: int, _: Gettext) -> str:
        if seat == self.human:
            return super().name(seat, _)  # "you"
        return _("seat {seat}").format(seat=seat + 1)

    def _phrase(self, event: Event, _: Gettext) -> str:
        return say(event, _, lambda seat: self.name(seat, _), self.human)


PHRASES: dict[str, str] = {
    narration.CRIB: "crib",
    narration.INTO_CRIB: "into_crib",
    narration.HAND: "hand",
    narration.CRIB_OWNER: "crib_owner",
}
"""The events' phrases about a seat, said by the ``Seats`` method of that name (which a
surface may override)."""


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def scores_text(scores: Sequence[int], seats: Seats, _: Gettext, players: int = 2) -> str:
    """Every score in words: one a player, or among four one a side, both partners named
    (``scores`` then has the two sides', C9)."""
    return seats.say(Event("{scores}", {"scores": narration.standing(scores, players)}), _)


def table_opening(players: int, games: int, _: Gettext) -> str:
    """A match's opening among three or four (C8, C9): the table, the best of ``games``,
    what wins a game (C12), your seat and, among four, your partner's; both terminals say
    it."""
    if players == 4:
        opening = _.ngettext(
            "Cribbage for four in two partnerships, the best of {games}: the first side "
            "to 121 wins a game (C12). You are seat 1; your partner is seat 3, opposite "
            "(C9).",
            "Cribbage for four in two partnerships, the best of {games}: the first side "
            "to 121 wins a game (C12). You are seat 1; your partner is seat 3, opposite "
            "(C9).",
            games,
        )
    else:
        opening = _.ngettext(
            "Cribbage for three, the best of {games}: the first to 121 wins a game (C12). "
            "You are seat 1.",
            "Cribbage for three, the best of {games}: the first to 121 wins a game (C12). "
            "You are seat 1.",
            games,
        )
    return opening.format(games=games)


def cut_lines(cuts: Sequence[CutForDeal], seats: Seats, _: Gettext) -> list[str]:
    """The cut for the first deal (C2): the lower card deals, equal ranks cut again."""
    return [seats.say(event, _) for event in narration.cut(cuts)]


def opening_scores(log: Sequence[ScoreEvent], seats: Seats, _: Gettext) -> list[str]:
    """The scores pegged before the first deal: at five-card the first non-dealer's three
    for last (C14); none at six-card."""
    return [seats.say(event, _, start=True) for event in narration.three_for_last(log)]


def hand_header(
    hand_number: int,
    dealer: int,
    scores: Sequence[int],
    seats: Seats,
    _: Gettext,
    *,
    players: int = 2,
    target: int = TARGET,
) -> str:
    """A hand's first line: its dealer, the crib's owner, the scores (one a player, or one a
    side among four, C9) on the way to 121 (61 at five-card, C17)."""
    return seats.say(
        narration.hand_started(hand_number, dealer, scores, players=players, target=target), _
    )


def move_line(
    seat: int, text: str, dealer: int, count: int, seats: Seats, _: Gettext, players: int = 2
) -> tuple[str, int]:
    """How a move reads, and the count after it. ``text`` is the move as the narrating
    view saw it: a bare ``discard`` is another seat's discard, its cards unseen (two, or
    one among three or four)."""
    event, count = narration.moved(seat, text, dealer, count, players)
    return seats.say(event, _, start=True), count


def score_line(
    event: ScoreEvent, scores: Sequence[int], seats: Seats, _: Gettext, players: int = 2
) -> str:
    """Who pegs how many, and the scores on the way to 121 (a side's among four)."""
    return seats.say(narration.pegs(event, scores, players), _)


def event_lines(
    event: ScoreEvent,
    scores: Sequence[int],
    dealer: int,
    seats: Seats,
    _: Gettext,
    players: int = 2,
    claimed: bool = False,
) -> list[str]:
    """One score explained: the saying from the game's log, then the pegs. ``claimed``: a
    show's claim with muggins (C18), said without its count (``counted_lines`` tells it
    once the claim is answered, C19)."""
    return _lines(narration.scored(event, scores, dealer, players, claimed), seats, _)


def counted_lines(event: ScoreEvent, dealer: int, seats: Seats, _: Gettext) -> list[str]:
    """With muggins, once a claim is answered: what the hand or crib held (C18, C19)."""
    return _lines((narration.counted(event, dealer),), seats, _)


def result_lines(result: GameResult, seats: Seats, _: Gettext) -> list[str]:
    """The end of a game (C7): the winner, the scores, and a skunk if there is one."""
    return _lines(narration.result(result), seats, _)


def _lines(events: Sequence[Event], seats: Seats, _: Gettext) -> list[str]:
    """Events as the lines of a narration, each a sentence, laid out (``INDENT``)."""
    return [INDENT.get(e.template, "") + seats.say(e, _, start=True) for e in events]


def narrate(
    before: CribbageObservation,
    after: CribbageObservation,
    moves: Sequence[tuple[int, str]],
    seats: Seats,
    _: Gettext,
) -> list[str]:
    """The lines for one action: the move, the starter if it was cut, each score it made
    (pegging, go, last card, the show), and the end of the game if it came.

    ``before`` and ``after`` are the same game seen from one seat around the action;
    ``moves`` the new moves as the narrator may show them (seat, notation).
    """
    count = before.count
    told = []
    for seat, text in moves:
        event, count = narration.moved(seat, text, before.dealer, count, before.num_players)
        told.append(event)
    then, now = narration.Moment.of(before), narration.Moment.of(after)
    return _lines(narration.events_of(then, now, after.log, after.result, told), seats, _)
