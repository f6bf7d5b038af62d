"""``pegboard cribbage ...``: counting hands and the exact score statistics."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import typer

from pegboard.i18n import Translator, describe_error, resolve_language, translator

if TYPE_CHECKING:
    from pegboard.cribbage import Card

cribbage_app = typer.Typer(
    name="cribbage",
    help="Cribbage: count a hand, study the scores of every deal.",
    no_args_is_help=True,
    add_completion=False,
)

BAR_WIDTH = 40


@cribbage_app.command()
def stats(
    crib: bool = typer.Option(False, "--crib", help="Count as the crib (C6: 5-card flush only)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    lang: str | None = typer.Option(
        None, help="Language: en, pt, zh, hi (default: from the environment)."
    ),
) -> None:
    """The exact number of (hand, starter) pairs with each score, over all 12,994,800."""
    from pegboard.cribbage.stats import impossible_scores, mean, score_distribution

    _ = _translator(lang)

    table = score_distribution(is_crib=crib)
    total = sum(table.values())
    top = max(29, *table)
    if as_json:
        document = {
            "counted_as": "crib" if crib else "hand",
            "pairs": total,
            "counts": {str(score): table.get(score, 0) for score in range(top + 1)},
            "mean": mean(table),
            "impossible": impossible_scores(table, top),
        }
        typer.echo(json.dumps(document, indent=2))
        return
    title = (
        _("Scores of a crib over all {total} (4 cards, starter) pairs")
        if crib
        else _("Scores of a hand over all {total} (4 cards, starter) pairs")
    )
    typer.echo(title.format(total=f"{total:,}"))
    biggest = max(table.values())
    for score in range(top + 1):
        count = table.get(score, 0)
        # Round up so that a rare score still shows a sliver of bar.
        bar = "█" * -(-count * BAR_WIDTH // biggest)
        typer.echo(f"{score:>3} {count:>10,} {100 * count / total:>9.5f}%  {bar}")
    typer.echo(_("mean {mean}").format(mean=f"{mean(table):.3f}"))
    impossible = ", ".join(str(s) for s in impossible_scores(table, top)) or _("none")
    typer.echo(_("impossible: {scores}").format(scores=impossible))


@cribbage_app.command()
def score(
    hand: str = typer.Argument(..., help='Four cards, e.g. "5H 5D 5C JS".'),
    starter: str = typer.Argument(..., help="The starter, e.g. 5S."),
    crib: bool = typer.Option(False, "--crib", help="Count as the crib."),
    lang: str | None = typer.Option(
        None, help="Language: en, pt, zh, hi (default: from the environment)."
    ),
) -> None:
    """Count a hand with its starter the traditional way (C6)."""
    from pegboard.cribbage import score_breakdown

    _ = _translator(lang)
    try:
        cards = _read_cards(hand, _)
        cut = _read_cards(starter, _)
        if len(cards) != 4:
            raise ValueError(
                _("a hand is counted with 4 cards, not {count} (C6)").format(count=len(cards))
            )
        if len(cut) != 1:
            raise ValueError(_("the starter is one card, not {count}").format(count=len(cut)))
        twice = sorted({str(c) for c in cards if cards.count(c) > 1})
        if twice:
            raise ValueError(_("the hand holds {card} twice (C6)").format(card=twice[0]))
        if cut[0] in cards:
            raise ValueError(_("the starter {card} is also in the hand (C6)").format(card=cut[0]))
        breakdown = score_breakdown(cards, cut[0], is_crib=crib)
    except ValueError as error:
        typer.echo(_("Error: {reason}").format(reason=error), err=True)
        raise typer.Exit(2) from None
    kinds = {
        "fifteen": _("fifteen"),
        "pair": _("pair"),
        "run": _("run"),
        "flush": _("flush"),
        "nobs": _("nobs"),
    }
    width = max(8, *(len(k) for k in kinds.values()))
    for item in breakdown.items:
        shown = " ".join(str(c) for c in item.cards)
        typer.echo(f"{kinds.get(item.kind, item.kind):<{width}} {shown:<16} {item.points}")
    typer.echo(f"{breakdown.say(_.lang)}.")
    typer.echo(_("total {total}").format(total=breakdown.total))


def _read_cards(text: str, _: Translator) -> list[Card]:
    """The cards of ``text``; a ``ValueError`` in the user's language for a word that is
    not one."""
    from pegboard.cribbage import Card

    cards = []
    for word in text.replace(",", " ").split():
        try:
            cards.append(Card.parse(word))
        except ValueError as error:
            raise ValueError(describe_error(error, _)) from None
    return cards


def _translator(lang: str | None) -> Translator:
    """``--lang``, else the environment's language; a clear error for an unknown one."""
    try:
        return translator(resolve_language(lang))
    except ValueError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(2) from None
