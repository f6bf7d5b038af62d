"""The cribbage rules page's section on the score counted by the players, with muggins
(C18-C20), its example played by the engine.

A hand of two is pegged out (``Game.from_position`` with ``muggins=1``) and its show is
claimed as ``CLAIMS`` says: the pone forgets a pair and is mugged for it (C19), the dealer
claims more than the hand holds and pegs only what it holds (C20), the crib is claimed
exactly. What each claim pegged and what each call of muggins took are read back from the
game's log, so the page shows only what the game does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from markupsafe import Markup

from pegboard.cribbage import Card, Game, parse_action, score_hand
from pegboard.cribbage.events import ScoreEvent
from pegboard.cribbage.looks.rules_chips import chips, fill
from pegboard.web.rules.page import RulesContext, join, paragraph, table

DEALER_HAND: Final = "2C 3C 9D KD"
PONE_HAND: Final = "5H 5D JS 4C"
CRIB: Final = "AH 7H 8S QC"
STARTER: Final = "6S"
CLAIMS: Final[tuple[str, ...]] = (
    "claim 15",  # the pone's 17 less its pair: fifteen eight, two runs of three, his nobs
    "muggins 2",  # the dealer takes the pair
    "claim 6",  # the dealer's hand holds 4: corrected (C20)
    "muggins 2",  # nothing was missed: the pone takes nothing
    "claim 7",  # the crib, exactly
    "no muggins",
)
"""The show's claims and answers, in the order the game asks for them (C18, C19)."""


@dataclass(frozen=True, slots=True)
class Count:
    """One count of the example's show: whose it is (``seat``; ``crib`` for the dealer's
    crib), its cards, the claim, what the cards hold, what was pegged for the claim and
    what the opponent took by muggins."""

    seat: int
    crib: bool
    cards: tuple[Card, ...]
    claimed: int
    held: int
    pegged: int
    mugged: int


@cache
def muggins_show() -> tuple[Card, tuple[Count, ...]]:
    """The starter and the example's counts, played through the engine; ``ValueError`` if
    an action of ``CLAIMS`` were not legal when the game asks for it."""
    game = Game.from_position(
        [DEALER_HAND, PONE_HAND], dealer=0, crib=CRIB, starter=STARTER, muggins=1
    )
    while game.phase == "pegging":
        game.apply(game.legal_actions()[0])
    claims: list[int] = []
    for text in CLAIMS:
        action = parse_action(text)
        if action not in game.legal_actions():
            raise ValueError(f"{text!r} is not legal in the muggins example (C18, C19)")
        if text.startswith("claim"):
            claims.append(int(text.split()[1]))
        game.apply(action)
    shows = [e for e in game.log if e.reason in ("hand", "crib")]
    mugged = {e.cards: e.points for e in game.log if e.reason == "muggins"}
    starter = game.shows[0].starter
    counts = tuple(
        _count(event, claimed, starter, mugged.get(event.cards, 0))
        for event, claimed in zip(shows, claims, strict=True)
    )
    return starter, counts


def _count(event: ScoreEvent, claimed: int, starter: Card, mugged: int) -> Count:
    held = score_hand(event.cards, starter, event.reason == "crib")
    crib = event.reason == "crib"
    return Count(event.seat, crib, event.cards, claimed, held, event.points, mugged)


def muggins_body(ctx: RulesContext) -> Markup:
    _ = ctx._
    starter, counts = muggins_show()
    rows: list[list[str | Markup]] = []
    for count in counts:
        whose = (
            _("The dealer's crib")
            if count.crib
            else _("Seat {number}'s hand").format(number=count.seat + 1)
        )
        rows.append(
            [
                # The cards under their owner, not a column of their own: six columns did
                # not fit a phone's width in Hindi (a claim of 15 broke in two, seen at 390 px).
                Markup("{}<br>{}").format(whose, chips(count.cards, ctx)),
                str(count.claimed),
                str(count.held),
                str(count.pegged),
                str(count.mugged),
            ]
        )
    show = table(
        [
            _("Whose count"),
            _("Claimed"),
            _("The cards hold"),
            _("Pegged for the claim"),
            _("Taken by muggins"),
        ],
        rows,
        caption=fill(
            _("A show with muggins: seat 1 deals, the starter is {starter}"),
            starter=chips((starter,), ctx),
        ),
        id="muggins-table",
        class_="rules-table",
    )
    pone, hand, crib = counts
    return join(
        paragraph(
            _(
                'At a table where the players count ("You count, with muggins" when the '
                "table is opened), the show is counted by the players themselves. Each hand "
                "and then the crib is turned up in the order of the show, and its owner "
                "claims the points it holds, from 0 to 29; the claim is pegged (C18). The "
                "pegging, his heels and three for last are still pegged for everyone."
            )
        ),
        paragraph(
            _(
                'Just after a claim, the opponent on the claimant\'s left may call "muggins" '
                "and peg the points the claim missed, or let the claim stand. The chance "
                "ends when the next count begins: points missed then are lost (C19)."
            )
        ),
        paragraph(
            _(
                "A claim for more than the cards hold pegs only what they hold, and a call of "
                "muggins for more than was missed takes only what was missed (C20)."
            )
        ),
        show,
        paragraph(
            _.ngettext(
                "Seat {pone} forgot a pair: the hand holds {held}, seat {pone} claimed "
                "{claimed}, and the dealer took the {missed} missed point.",
                "Seat {pone} forgot a pair: the hand holds {held}, seat {pone} claimed "
                "{claimed}, and the dealer took the {missed} missed points.",
                pone.mugged,
            ).format(pone=pone.seat + 1, held=pone.held, claimed=pone.claimed, missed=pone.mugged),
            id="muggins-example",
        ),
        paragraph(
            _(
                "The dealer claimed {claimed} for a hand that holds {held}: the claim was "
                "corrected to {pegged}, and seat {pone}'s call of muggins took nothing. The "
                "crib was claimed exactly: {crib}."
            ).format(
                claimed=hand.claimed,
                held=hand.held,
                pegged=hand.pegged,
                pone=pone.seat + 1,
                crib=crib.held,
            )
        ),
    )
