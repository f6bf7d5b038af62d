"""The cribbage rules page's variants: three players and four in partnerships (C8-C12),
and five-card cribbage (C13-C17), with their examples computed by the engine.

As for the page's other examples (``rules_examples``), only the cards are written here:
the three-player deal is laid away through a real ``Game`` (``Game.from_position``) and its
crib read back from the game; the hands of three are scored by ``score_breakdown`` and said
by its ``say``; three for last is the first score a five-card ``Game.new`` logs; the targets
and lines are the engine's constants (``events``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from markupsafe import Markup

from pegboard.cribbage import Breakdown, Card, Game, LayAway, parse_cards, score_breakdown
from pegboard.cribbage.events import FIVE_CARD_TARGET, LURCH_LINE, TARGET, side_of
from pegboard.cribbage.looks.rules_chips import chip, chips, fill
from pegboard.web.rules.page import RulesContext, join, paragraph, table

# -- three players: a deal laid away (C8) ------------------------------------------------------

THREE_DEALER: Final = 2
"""Seat 3 (index 2) deals: seat 1 lays away first, the dealer last (C8)."""
THREE_HANDS: Final[tuple[str, str, str]] = ("2C 3D 8S 9H KD", "4H 4S 6D QC AC", "5D 7C 7H 10S JS")
THREE_PACK: Final = "5C"
"""The card dealt from the pack to the crib (C8)."""
THREE_STARTER: Final = "10H"
THREE_LAID: Final[tuple[tuple[int, str], ...]] = ((0, "KD"), (1, "QC"), (2, "5D"))
"""Who lays which card in the crib, in order: from the dealer's left round to the dealer."""


@dataclass(frozen=True, slots=True)
class ThreeDeal:
    """The three-player example after the lay-away: each seat's five cards, the card it
    laid, the four it kept; the crib as the game made it up, the starter and the crib's
    show."""

    dealt: tuple[tuple[Card, ...], ...]
    laid: tuple[Card, ...]
    kept: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card
    crib_show: Breakdown


@cache
def three_deal() -> ThreeDeal:
    """``THREE_LAID`` laid away through the engine; ``ValueError`` if a lay-away were not
    the seat's turn or not legal: the page shows only what the game does."""
    game = Game.from_position(
        list(THREE_HANDS), dealer=THREE_DEALER, crib=THREE_PACK, starter=THREE_STARTER
    )
    dealt = game.hands
    for seat, text in THREE_LAID:
        action = LayAway(Card.parse(text))
        if game.current_player != seat or action not in game.legal_actions():
            raise ValueError(f"seat {seat} cannot lay {text} away in the example (C8)")
        game.apply(action)
    starter = game.starter
    if starter is None:  # pragma: no cover - the starter is cut once all have laid away
        raise ValueError("no starter after the lay-away (C3)")
    laid = tuple(Card.parse(text) for _seat, text in THREE_LAID)
    return ThreeDeal(
        dealt, laid, game.kept, game.crib, starter, score_breakdown(game.crib, starter, True)
    )


def players_body(ctx: RulesContext) -> Markup:
    _, lang = ctx._, ctx.lang
    deal = three_deal()
    seats = (THREE_DEALER + 1) % 3, (THREE_DEALER + 2) % 3, THREE_DEALER
    rows: list[list[str | Markup]] = [
        [
            _("Seat {number}").format(number=seat + 1),
            chips(deal.dealt[seat], ctx),
            chip(deal.laid[k], ctx),
        ]
        for k, seat in enumerate(seats)
    ]
    laid_away = table(
        # What each keeps is the rest (``ThreeDeal.kept``, tested): a fourth column would
        # not fit a phone's width in Portuguese (seen at 360 px).
        [_("Player"), _("Dealt"), _("To the crib")],
        rows,
        caption=_("A deal among three: seat {dealer} deals").format(dealer=THREE_DEALER + 1),
        id="three-deal-table",
        class_="rules-table",
    )
    partners = sorted({side_of(4, seat) for seat in range(4)})
    sides = [[seat + 1 for seat in range(4) if side_of(4, seat) == side] for side in partners]
    return join(
        paragraph(
            _(
                "Three can play, each for themselves. Each player is dealt five cards, one at a "
                "time from the dealer's left, and one more card from the pack starts the crib. "
                "Each player then lays one card in the crib, from the dealer's left round to "
                "the dealer, so the crib still holds four cards, the dealer's (C8)."
            )
        ),
        laid_away,
        paragraph(
            fill(
                _.ngettext(
                    "The crib is the pack's card {pack} and the three cards laid away. With "
                    "the starter {starter} it scores {points} for the dealer: {saying}.",
                    "The crib is the pack's card {pack} and the three cards laid away. With "
                    "the starter {starter} it scores {points} for the dealer: {saying}.",
                    deal.crib_show.total,
                ),
                pack=chip(deal.crib[0], ctx),
                starter=chip(deal.starter, ctx),
                points=deal.crib_show.total,
                saying=Markup('<q lang="{}">{}</q>').format(lang, deal.crib_show.say(lang)),
            ),
            id="three-crib",
        ),
        paragraph(
            _(
                "Four play in two partnerships: partners sit opposite, seats {a} and {b} "
                "against seats {c} and {d}, so the turn passes from one side to the other. "
                "Each player is dealt five cards and lays one in the crib. A side keeps one "
                "score: whatever either partner pegs or shows counts for both (C9)."
            ).format(a=sides[0][0], b=sides[0][1], c=sides[1][0], d=sides[1][1])
        ),
        paragraph(
            _(
                'The player on the dealer\'s left leads. A player who cannot play says "go", '
                "and the players after them go on in turn while they can; whoever plays the "
                "last card pegs the go, and the next player who still holds cards leads "
                "again from zero (C10)."
            )
        ),
        paragraph(
            _(
                "At the show the hands are counted from the dealer's left round the table, "
                "the dealer's last, then the crib for the dealer (C11). The first player or "
                "side to reach {target} wins at once; among three or four a win is worth one "
                "game, never a skunk (C12)."
            ).format(target=TARGET)
        ),
    )


# -- five-card cribbage (C13-C17) ------------------------------------------------------------

FIVE_HANDS: Final[tuple[tuple[str, str, str], ...]] = (
    ("9C 6D 6H", "6S", "Britannica"),  # a nine and two sixes, a six turned: 12
    ("4H 5D 6C", "6S", "Britannica"),  # 4 5 6, a six turned: two runs and two fifteens
    ("6H 7D 8C", "8S", "Cassell"),  # two separate sequences, three for each
    ("2H 7H 9H", "KC", ""),  # a flush of three (C16)
    ("2H 7H 9H", "KH", ""),  # and four with the starter
    ("5H 5D 5C", "5S", ""),  # the highest hand of three: 20
)
"""Hands of three with their starter; the first three are the books' worked examples
(docs/rules.md C16), the source named in the table."""


def five_hand(hand: str, starter: str) -> Breakdown:
    """A hand of three shown with the starter (C16), as the engine counts it."""
    return score_breakdown(parse_cards(hand), Card.parse(starter))


@cache
def three_for_last() -> int:
    """The points a five-card game gives its first non-dealer before the first deal (C14):
    the first score the engine logs."""
    first = Game.new(0, cards=5).log[0]
    if first.reason != "three for last":  # pragma: no cover - C14 is the game's first score
        raise ValueError("a five-card game starts without three for last (C14)")
    return first.points


def five_card_body(ctx: RulesContext) -> Markup:
    _, lang = ctx._, ctx.lang
    rows: list[list[str | Markup]] = []
    for hand, starter, source in FIVE_HANDS:
        shown = five_hand(hand, starter)
        rows.append(
            [
                fill(
                    _("{hand} + {starter}"),
                    hand=chips(parse_cards(hand), ctx),
                    starter=chip(Card.parse(starter), ctx),
                ),
                Markup('<q lang="{}">{}</q>').format(lang, shown.say(lang)),
                str(shown.total),
                source or "\u2014",
            ]
        )
    hands = table(
        [_("Hand and starter"), _("Counted"), _("Points"), _("Source")],
        rows,
        caption=_("Hands of three with the starter, as the game counts them"),
        id="five-card-table",
        class_="rules-table",
    )
    return join(
        paragraph(
            _(
                "The older game for two, once round the board. Each player is dealt five "
                "cards and lays two in the crib, so each keeps three and the crib holds four, "
                "the dealer's (C13)."
            )
        ),
        paragraph(
            _.ngettext(
                'At the start of the game the first non-dealer pegs {points}, "three for '
                "last\", to make up for the dealer's first crib: once a game, not every "
                "hand (C14).",
                'At the start of the game the first non-dealer pegs {points}, "three for '
                "last\", to make up for the dealer's first crib: once a game, not every "
                "hand (C14).",
                three_for_last(),
            ).format(points=three_for_last())
        ),
        paragraph(
            _(
                "There is only one play to 31. The non-dealer leads and the players play in "
                'turn as in the six-card game; when one says "go", the other plays every card '
                "that still fits and pegs the go. Then the play is over: the count does not "
                "start again, and cards not played are still counted in the show (C15)."
            )
        ),
        paragraph(
            _(
                "At the show a hand is its three cards with the starter. Three cards of one "
                "suit are a flush of 3, and 4 with the starter; the crib's flush counts only "
                "with the starter, as in the six-card game (C16). Hands of three as the game "
                "counts them, the books' worked examples first:"
            )
        ),
        hands,
        paragraph(
            _(
                "The first to reach {target} wins at once. A winner whose opponent has not "
                'reached {lurch}, half the game, has "lurched" them, and the game counts '
                "two; there is no double skunk (C17)."
            ).format(target=FIVE_CARD_TARGET, lurch=LURCH_LINE)
        ),
    )
