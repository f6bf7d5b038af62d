"""The words of a cribbage game, shared by ``play`` and ``replay``, the terminal app and
the web views.

Everything here is built from public facts (the moves as a seat saw them, the score log,
the starter, the shows, the result): the caller decides whose view it narrates. Each score
is explained from the game's own log (``ScoreEvent.saying``), never computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pegboard.cribbage import Card, CutForDeal, GameResult, ScoreEvent
from pegboard.cribbage.observation import CribbageObservation
from pegboard.i18n.catalogs import Translator

Gettext = Translator


@dataclass(frozen=True)
class Seats:
    """How a surface names the seats: the human as "you" and the other as ``other``
    (already translated), or (``human`` None, in replays) every seat by its number."""

    human: int | None
    other: str = "the bot"

    def name(self, seat: int, _: Gettext) -> str:
        if self.human is None:
            return _("seat {seat}").format(seat=seat)
        return _("you") if seat == self.human else self.other

    def subject(self, seat: int, _: Gettext) -> str:
        name = self.name(seat, _)
        return name[:1].upper() + name[1:]

    # Whole phrases, not "your" + noun: other languages place and inflect them otherwise.
    def crib(self, seat: int, _: Gettext) -> str:
        """``your crib``, ``the bot's crib``, ``seat 1's crib``."""
        if self.human is None:
            return _("seat {seat}'s crib").format(seat=seat)
        return _("your crib") if seat == self.human else _("the bot's crib")

    def into_crib(self, seat: int, _: Gettext) -> str:
        """``in your crib``, ``in the bot's crib``, ``in seat 1's crib``: where cards are
        laid (languages with cases inflect the owner after a preposition)."""
        if self.human is None:
            return _("in seat {seat}'s crib").format(seat=seat)
        return _("in your crib") if seat == self.human else _("in the bot's crib")

    def hand(self, seat: int, _: Gettext) -> str:
        """``your hand``, ``the bot's hand``, ``seat 1's hand``."""
        if self.human is None:
            return _("seat {seat}'s hand").format(seat=seat)
        return _("your hand") if seat == self.human else _("the bot's hand")

    def crib_owner(self, seat: int, _: Gettext) -> str:
        """``the crib is yours``, ``the crib is the bot's``, ``the crib is seat 1's``."""
        if self.human is None:
            return _("the crib is seat {seat}'s").format(seat=seat)
        return _("the crib is yours") if seat == self.human else _("the crib is the bot's")

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


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def scores_text(scores: Sequence[int], seats: Seats, _: Gettext) -> str:
    return " · ".join(f"{seats.name(s, _)} {score}" for s, score in enumerate(scores))


def cut_lines(cuts: Sequence[CutForDeal], seats: Seats, _: Gettext) -> list[str]:
    """The cut for the first deal (C2): the lower card deals, equal ranks cut again."""
    lines = []
    for cut in cuts:
        drawn = ", ".join(
            _("{name} {card}").format(name=seats.name(s, _), card=card)
            for s, card in enumerate(cut.cards)
        )
        dealer = cut.dealer
        if dealer is None:
            outcome = _("equal ranks: cut again")
        else:
            deals = seats.says(dealer, _("you deal"), _("{who} deals"), _, start=False)
            outcome = _("{deals} (the lower card deals, C2)").format(deals=deals)
        lines.append(
            _("Cut for the deal: {drawn}; {outcome}.").format(drawn=drawn, outcome=outcome)
        )
    return lines


def hand_header(
    hand_number: int, dealer: int, scores: Sequence[int], seats: Seats, _: Gettext
) -> str:
    deals = seats.says(dealer, _("you deal"), _("{who} deals"), _, start=False)
    return _("— Hand {number} · {deals}: {crib} · {scores} (to 121)").format(
        number=hand_number,
        deals=deals,
        crib=seats.crib_owner(dealer, _),
        scores=scores_text(scores, seats, _),
    )


def move_line(
    seat: int, text: str, dealer: int, count: int, seats: Seats, _: Gettext
) -> tuple[str, int]:
    """How a move reads, and the count after it. ``text`` is the move as the narrating
    view saw it: a bare ``discard`` is another seat's discard, its cards unseen."""
    words = text.split()
    if seat == dealer and seats.human not in (None, seat):
        place = _("in its own crib")
    else:
        place = seats.into_crib(dealer, _)
    if words == ["discard"]:
        line = seats.says(
            seat,
            _("You lay two cards {place}."),
            _("{who} lays two cards {place}."),
            _,
            place=place,
        )
        return line, count
    if words[0] == "discard":
        cards = cards_text(sorted(Card.parse(w) for w in words[1:]))  # by rank, to read
        line = seats.says(
            seat, _("You lay {cards} {place}."), _("{who} lays {cards} {place}."), _,
            cards=cards, place=place,
        )  # fmt: skip
        return line, count
    if words[0] == "play":
        card = Card.parse(words[1])
        count += card.value
        line = seats.says(
            seat, _("You play {card}: count {count}."), _("{who} plays {card}: count {count}."), _,
            card=card, count=count,
        )  # fmt: skip
        return line, count
    return seats.says(seat, _("You say go."), _("{who} says go."), _), count


def score_line(event: ScoreEvent, scores: Sequence[int], seats: Seats, _: Gettext) -> str:
    """Who pegs how many, and the scores on the way to 121."""
    pegs = seats.says(
        event.seat,
        _("you peg {points}"),
        _("{who} pegs {points}"),
        _,
        start=False,
        points=event.points,
    )
    return _("{pegs} ({scores}).").format(pegs=pegs, scores=scores_text(scores, seats, _))


def event_lines(
    event: ScoreEvent, scores: Sequence[int], dealer: int, seats: Seats, _: Gettext
) -> list[str]:
    """One score explained: the saying from the game's log, then the pegs."""
    if event.reason in ("hand", "crib"):
        starter = event.starter
        if event.reason == "crib":
            whose = capital(seats.crib(event.seat, _))
        else:
            role = _("dealer") if event.seat == dealer else _("non-dealer")
            whose = _("{hand} ({role})").format(hand=capital(seats.hand(event.seat, _)), role=role)
        lines = [
            "  "
            + _("{whose}: {cards} + {starter}: {saying}.").format(
                whose=whose,
                cards=cards_text(event.cards),
                starter=starter,
                saying=event.say(_.lang),
            )
        ]
        if event.points:
            lines.append("    " + capital(score_line(event, scores, seats, _)))
        return lines
    saying = capital(event.say(_.lang))
    return [
        "  " + _("{saying}: {pegs}").format(saying=saying, pegs=score_line(event, scores, seats, _))
    ]


def result_lines(result: GameResult, seats: Seats, _: Gettext) -> list[str]:
    """The end of a game (C7): the winner, the scores, and a skunk if there is one."""
    winner, loser = result.winner, result.loser
    lines = [
        seats.says(
            winner,
            _("You win the game, {won} to {lost}."),
            _("{who} wins the game, {won} to {lost}."),
            _,
            won=result.scores[winner],
            lost=result.scores[loser],
        )
    ]
    if result.double_skunk:
        lines.append(
            _("A double skunk: {name} did not reach 61 (C7); the game is worth 3.").format(
                name=seats.name(loser, _)
            )
        )
    elif result.skunk:
        lines.append(
            _("A skunk: {name} did not reach 91 (C7); the game is worth 2.").format(
                name=seats.name(loser, _)
            )
        )
    return lines


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
    lines: list[str] = []
    count = before.count
    dealer = before.dealer
    for seat, text in moves:
        line, count = move_line(seat, text, dealer, count, seats, _)
        lines.append(line)
    if (
        before.starter is None
        and after.starter is not None
        and after.hand_number == before.hand_number
    ):
        lines.append(_("The starter is cut: {card} (C3).").format(card=after.starter))
    scores = list(before.scores)
    shown = False
    for event in after.log[len(before.log) :]:
        scores[event.seat] = event.total
        if event.reason in ("hand", "crib") and not shown:
            shown = True
            lines.append(_("The show, with the starter {card} (C6):").format(card=event.starter))
        lines.extend(event_lines(event, scores, dealer, seats, _))
    same_hand = after.hand_number == before.hand_number
    if before.phase == after.phase == "pegging" and same_hand and after.count == 0:
        # Only the end of a sequence (31, or a go) brings the count back to zero (C5).
        lines.append("  " + _("The count starts again at zero."))
    if after.result is not None and before.result is None:
        last = after.log[-1]
        if last.reason != "crib":  # won before the hand was counted out: at once (C7)
            lines.append(_("121 reached: the game ends at once (C7)."))
        lines.extend(result_lines(after.result, seats, _))
    return lines
