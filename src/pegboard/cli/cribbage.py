"""``pegboard cribbage ...``: counting hands and the exact score statistics."""

from __future__ import annotations

import json

import typer

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
) -> None:
    """The exact number of (hand, starter) pairs with each score, over all 12,994,800."""
    from pegboard.cribbage.stats import impossible_scores, mean, score_distribution

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
    title = "crib" if crib else "hand"
    typer.echo(f"Scores of a {title} over all {total:,} (4 cards, starter) pairs")
    biggest = max(table.values())
    for score in range(top + 1):
        count = table.get(score, 0)
        # Round up so that a rare score still shows a sliver of bar.
        bar = "█" * -(-count * BAR_WIDTH // biggest)
        typer.echo(f"{score:>3} {count:>10,} {100 * count / total:>9.5f}%  {bar}")
    typer.echo(f"mean {mean(table):.3f}")
    impossible = impossible_scores(table, top)
    typer.echo(f"impossible: {', '.join(str(s) for s in impossible) or 'none'}")


@cribbage_app.command()
def score(
    hand: str = typer.Argument(..., help='Four cards, e.g. "5H 5D 5C JS".'),
    starter: str = typer.Argument(..., help="The starter, e.g. 5S."),
    crib: bool = typer.Option(False, "--crib", help="Count as the crib."),
    lang: str | None = typer.Option(
        None, help="Language of the counting: en, pt, zh, hi (default: from the environment)."
    ),
) -> None:
    """Count a hand with its starter the traditional way (C6)."""
    from pegboard.cli.i18n import resolve_language
    from pegboard.cribbage import Card, parse_cards, score_breakdown

    try:
        key = resolve_language(lang)
        breakdown = score_breakdown(parse_cards(hand), Card.parse(starter), is_crib=crib)
    except ValueError as error:
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(2) from None
    for item in breakdown.items:
        typer.echo(f"{item.kind:<8} {' '.join(str(c) for c in item.cards):<16} {item.points}")
    typer.echo(f"{breakdown.say(key)}.")
    typer.echo(f"total {breakdown.total}")
