"""How to play cribbage: the rules page of the game (its look ``rules``), in every
language of the catalogs.

The sections follow the site's Hindi page (the deal and the crib, his heels, pegging to
31, the go, the show in its order, the scoring table, winning and the skunk, the
questions), stated as ``docs/rules.md`` numbers them (C1-C7), then the variants
(``rules_variants``): three players and four in partnerships (C8-C12), five-card cribbage
(C13-C17), and the score counted by the players with muggins (C18-C20, ``rules_muggins``).
Every worked example and every number of the scoring table's examples is computed by the engine
(``cribbage_examples``); "try it" is a form the page's script (``rules_cribbage.js``)
sends to the counter (``cribbage_api``), and the page reads completely without it.
"""

from __future__ import annotations

from typing import Any, Final

from markupsafe import Markup, escape

from pegboard.core import N_
from pegboard.cribbage import DECK, SUIT_SYMBOLS, SUITS, Card, parse_cards
from pegboard.cribbage.events import DOUBLE_SKUNK_LINE, FIVE_CARD_TARGET, SKUNK_LINE, TARGET
from pegboard.cribbage.looks.rules_api import count_answer
from pegboard.cribbage.looks.rules_chips import chip, chips, fill
from pegboard.cribbage.looks.rules_examples import (
    BEST_HAND,
    BEST_STARTER,
    DEALER,
    PEGGING_HANDS,
    SUIT_WORDS,
    Row,
    best_hand,
    card_words,
    peg_rows,
    pegging_example,
    show_rows,
)
from pegboard.cribbage.looks.rules_muggins import muggins_body
from pegboard.cribbage.looks.rules_variants import five_card_body, players_body
from pegboard.i18n import Translator
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    element,
    join,
    paragraph,
    table,
)

COUNT_PATH: Final = "/api/rules/cribbage/try"
"""Where "try it" sends a hand: the rules pages' route, which calls ``try_answer``."""
SCRIPT: Final = "games/rules_cribbage.js"


def try_answer(body: Any, _: Translator) -> tuple[int, dict[str, Any]]:
    """``POST /api/rules/cribbage/try``: the hand counter (``cribbage_api.count_answer``)."""
    return count_answer(body, _)


def _p(*texts: str | Markup) -> Markup:
    return join(*(paragraph(text) for text in texts))


# -- the sections ------------------------------------------------------------------------------


def intro(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "Cribbage is a card game for two players, played here with six cards each and a "
            "standard deck of 52. Points are pegged on a board as they are made, and the first "
            "to reach {target} wins."
        ).format(target=TARGET),
        _(
            "Cards count at their face value, the ace as 1 and the jack, queen and king as 10 "
            "each. In a run the ace is always low: A 2 3 counts, Q K A does not (C1)."
        ),
        fill(
            _(
                "Three can play too, or four in partnerships ({players}), and two can play the "
                "older game of five cards each to {five_target} ({five_card})."
            ),
            players=element("a", _(PLAYERS_TITLE), href="#players"),
            five_card=element("a", _(FIVE_CARD_TITLE), href="#five-card"),
            five_target=FIVE_CARD_TARGET,
        ),
        fill(
            _(
                "The score is counted for you unless you choose to count it yourself, with "
                "muggins ({muggins})."
            ),
            muggins=element("a", _(MUGGINS_TITLE), href="#muggins"),
        ),
    )


def deal(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "A cut decides the first dealer: the lower card deals. Each player is dealt six "
            "cards and lays two of them face down in the crib. The crib belongs to the dealer "
            "and is counted at the end of the hand; the deal then passes to the other player "
            "(C2)."
        ),
        _(
            "The non-dealer cuts the rest of the deck and the dealer turns up its top card, "
            "the starter. It is part of both hands and of the crib at the show (C3)."
        ),
    )


def heels(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _('If the starter is a jack, the dealer pegs two points at once: "two for his heels" (C3).')
    )


def pegging(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "The non-dealer plays first. The players take turns laying one card face up in "
            "front of them and say the running total of the cards played, which may never "
            "pass 31 (C4)."
        ),
        _(
            "The card just played scores: a total of exactly 15 or exactly 31, a pair with "
            "the card before it, three or four of a kind in a row, or a run of three or more "
            "among the latest cards, in any order. The scoring table below gives the points."
        ),
    )


def go(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            'A player who cannot play a card without passing 31 says "go". The other player '
            "goes on playing as long as they can, and the one who plays the last card of the "
            "sequence pegs one point, or two in all for reaching exactly 31 (C5)."
        ),
        _(
            "The count then starts again at zero, and the player who did not play the last "
            "card leads. Play goes on until all the cards are played; the very last card pegs "
            "one point, unless it made 31."
        ),
    )


def _role(seat: int, ctx: RulesContext) -> str:
    _ = ctx._
    return _("Dealer") if seat == DEALER else _("Non-dealer")


def _who(seat: int, ctx: RulesContext) -> str:
    _ = ctx._
    return _("dealer") if seat == DEALER else _("non-dealer")


def pegging_example_body(ctx: RulesContext) -> Markup:
    _, lang = ctx._, ctx.lang
    example = pegging_example()
    rows: list[list[str | Markup]] = []
    for step in example.steps:
        played: str | Markup = _('"go"') if step.card is None else chip(step.card, ctx)
        said = Markup("<br>").join(
            _.ngettext(
                "{saying} ({who} pegs {points})", "{saying} ({who} pegs {points})", score.points
            ).format(saying=score.say(lang), who=_who(score.seat, ctx), points=score.points)
            for score in step.scores
        )
        count = str(step.count)
        if step.restarts:
            count = _("{count}, then the count starts again").format(count=step.count)
        rows.append([_role(step.seat, ctx), played, count, said or "—"])
    sequence = table(
        [_("Player"), _("Card"), _.pgettext("running count", "Count"), _("Score")],
        rows,
        caption=_("A pegging sequence, played through the game's own rules"),
        id="pegging-example-table",
        class_="rules-table",
    )
    hands = pegging_hands()
    text = _(
        "The dealer holds {dealer}; the non-dealer holds {pone}. The non-dealer leads, "
        "and each card scores as the game counts it:"
    )
    return join(
        paragraph(fill(text, dealer=chips(hands[0], ctx), pone=chips(hands[1], ctx))), sequence
    )


def pegging_hands() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return parse_cards(PEGGING_HANDS[0]), parse_cards(PEGGING_HANDS[1])


def show(ctx: RulesContext) -> Markup:
    _, lang = ctx._, ctx.lang
    example = pegging_example()
    items = []
    for score in example.shows:
        if score.reason == "crib":
            whose = _("The crib")
        elif score.seat == DEALER:
            whose = _("The dealer's hand")
        else:
            whose = _("The non-dealer's hand")
        items.append(
            Markup("{}: {} + {}: {}").format(
                whose,
                chips(score.cards, ctx),
                chip(example.starter, ctx),
                _("{saying}, {points}").format(saying=score.say(lang), points=score.points),
            )
        )
    return _p(
        _(
            "After the pegging each hand is counted with the starter, always in this order: "
            "first the non-dealer's hand, then the dealer's hand, then the crib, which the "
            "dealer scores (C6)."
        ),
        _(
            "Every different combination of cards scores on its own, so one card can count "
            "in several fifteens, a pair and a run at once: a few fives and tens can make a "
            "big hand."
        ),
        _("The show after the pegging sequence above, as the game counts it:"),
    ) + Markup('<ol class="show-order">{}</ol>').format(
        Markup("").join(Markup("<li>{}</li>").format(item) for item in items)
    )


# -- the scoring table ---------------------------------------------------------------------------


def _rows_table(rows: list[Row], caption: str, table_id: str, ctx: RulesContext) -> Markup:
    _ = ctx._
    body: list[list[str | Markup]] = []
    for what, points, example in rows:
        shown: str | Markup = "—"
        if example is not None:
            # The colon is the language's (zh writes a full-width one): from the catalog,
            # never a literal (issue 41's review).
            shown = Markup(escape(_("{cards}: {points}"))).format(
                cards=chips(example[0], ctx),
                points=element("span", str(example[1]), class_="example-points"),
            )
        body.append(
            [
                _(what),
                element("span", points if points.isdigit() else _(points), class_="points"),
                shown,
            ]
        )
    return table(
        [_("Combination"), _("Points"), _("Example")],
        body,
        caption=caption,
        id=table_id,
        class_="rules-table",
    )


def scoring(ctx: RulesContext) -> Markup:
    _ = ctx._
    return join(
        _p(_("Each example is scored by the game's own engine.")),
        _rows_table(
            show_rows(), _("The show: a hand or the crib with the starter"), "scoring-show", ctx
        ),
        _rows_table(peg_rows(), _("The pegging: the card just played"), "scoring-pegging", ctx),
    )


def best(ctx: RulesContext) -> Markup:
    _, lang = ctx._, ctx.lang
    breakdown = best_hand()
    return _p(
        _(
            "The highest hand is 29: three fives and the jack in the hand, and the fourth five "
            "turned up as the starter, of the jack's suit."
        )
    ) + Markup(
        '<figure class="hand-example" id="best-hand-cards"><div>{} + {}</div>'
        '<figcaption><q lang="{}">{}</q> ({})</figcaption></figure>'
    ).format(
        chips(BEST_HAND, ctx),
        chip(BEST_STARTER, ctx),
        lang,
        breakdown.say(lang),
        _.ngettext("{points} point", "{points} points", breakdown.total).format(
            points=breakdown.total
        ),
    )


def _card_options(ctx: RulesContext) -> Markup:
    _ = ctx._
    groups = []
    for suit in SUITS:
        options = Markup("").join(
            Markup('<option value="{}">{}</option>').format(str(card), card_words(card, _))
            for card in DECK
            if card.suit == suit
        )
        label = f"{SUIT_SYMBOLS[suit]} {_(SUIT_WORDS[suit])}"
        groups.append(Markup('<optgroup label="{}">{}</optgroup>').format(label, options))
    return Markup('<option value="">{}</option>').format(_("Choose a card")) + Markup("").join(
        groups
    )


def try_it(ctx: RulesContext) -> Markup:
    _ = ctx._
    options = _card_options(ctx)
    cards = Markup("").join(
        Markup(
            '<p class="pick"><label for="count-card-{n}">{label}</label> '
            '<select id="count-card-{n}" name="hand">{options}</select></p>'
        ).format(n=n, label=_("Card {n}").format(n=n), options=options)
        for n in range(1, 5)
    )
    return Markup(
        "<p>{intro}</p>"
        "<noscript><p>{noscript}</p></noscript>"
        '<form id="hand-counter" class="hand-counter" hidden data-endpoint="{endpoint}" '
        'data-lang="{lang}" data-offline="{offline}">'
        "<fieldset><legend>{hand}</legend>{cards}</fieldset>"
        '<p class="pick"><label for="count-starter">{starter}</label> '
        '<select id="count-starter" name="starter">{options}</select></p>'
        '<p><input type="checkbox" id="count-crib" name="crib"> '
        '<label for="count-crib">{crib}</label></p>'
        '<p><button type="submit" id="count-button">{count}</button></p>'
        '<div id="count-result" role="status" aria-live="polite"></div></form>'
    ).format(
        intro=_(
            "Pick four cards and a starter to see the hand counted the traditional way "
            '("fifteen two, fifteen four...") and its total, by the same rules as the game.'
        ),
        noscript=_("The counter needs JavaScript; the examples above are counted the same way."),
        endpoint=COUNT_PATH,
        offline=_("The server cannot be reached."),
        lang=ctx.lang,
        hand=_("The hand"),
        cards=cards,
        starter=_("Starter"),
        options=options,
        crib=_("Count it as the crib (a flush there needs the starter)"),
        count=_.pgettext("button: count a hand", "Count"),
    )


def winning(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "Points are pegged as soon as they are made, and the first player to reach {target} "
            "wins at once, even in the middle of the pegging or of the show (C7)."
        ).format(target=TARGET),
        _(
            'A winner whose opponent has not reached {skunk} has "skunked" them, and the game '
            "is worth two; below {double} it is a double skunk, worth three (our standard). "
            "Otherwise a game is worth one."
        ).format(skunk=SKUNK_LINE, double=DOUBLE_SKUNK_LINE),
        _(
            "The deal alternates and the crib is the dealer's, so a strong crib can turn a "
            "close game."
        ),
    )


def questions(ctx: RulesContext) -> Markup:
    return Markup("")


def q_highest(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "Twenty-nine: three fives and the jack in the hand, and the remaining five as the "
            "starter, of the same suit as the jack ({total} as the game counts it)."
        ).format(total=best_hand().total)
    )


def q_crib_flush(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "Only when the four cards of the crib and the starter are all of one suit: it "
            "scores five. A flush of four counts only in a hand."
        )
    )


def q_first(ctx: RulesContext) -> Markup:
    _ = ctx._
    return _p(
        _(
            "The non-dealer always counts first. Near the end of a game this can decide the "
            "winner before the dealer counts at all."
        )
    )


PLAYERS_TITLE: Final = N_("Three players, and four in partnerships")
FIVE_CARD_TITLE: Final = N_("Five-card cribbage")
MUGGINS_TITLE: Final = N_("Counting your own score: muggins")

PAGE: Final = RulesPage(
    title=N_("How to play {game}"),  # the registry's name, as the lobby says it
    intro=intro,
    sections=(
        Section(
            "deal", N_("The deal and the crib"), deal, (Section("heels", N_("His heels"), heels),)
        ),
        Section(
            "pegging",
            N_("Pegging to 31"),
            pegging,
            (
                Section("go", N_("The go"), go),
                Section("pegging-example", N_("A pegging sequence"), pegging_example_body),
            ),
        ),
        Section("show", N_("The show"), show),
        Section(
            "scoring",
            N_("Scoring"),
            scoring,
            (Section("best-hand", N_("The highest hand: 29"), best),),
        ),
        Section("try", N_("Try it: count a hand"), try_it),
        Section("winning", N_("Winning the game"), winning),
        Section("players", PLAYERS_TITLE, players_body),  # C8-C12
        Section("five-card", FIVE_CARD_TITLE, five_card_body),  # C13-C17
        Section("muggins", MUGGINS_TITLE, muggins_body),  # C18-C20
        Section(
            "questions",
            N_("Questions about playing cribbage"),
            questions,
            (
                Section(
                    "q-highest", N_("What is the highest possible hand in cribbage?"), q_highest
                ),
                Section("q-crib-flush", N_("Does a flush count in the crib?"), q_crib_flush),
                Section("q-first", N_("Who counts first in cribbage?"), q_first),
            ),
        ),
    ),
    scripts=(SCRIPT,),
    # The table's moments (docs/web.md): a turn is the pegging's, a hand's end on screen is
    # the show and its scores, the end of the match (and of a game) is how a game is won.
    anchors={
        "turn": "pegging",
        "round_end": "scoring",
        "match_end": "winning",
        "game_end": "winning",
    },
    try_answer=try_answer,
)
"""The cribbage rules page (the game's look ``rules``)."""
