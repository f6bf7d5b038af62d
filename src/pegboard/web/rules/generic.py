"""The rules page of a game with none of its own: built from its description (``Game``):
its name, its seats, and its options with their ranges and the rules they cite."""

from __future__ import annotations

from markupsafe import Markup

from pegboard.core import N_
from pegboard.games import Game
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    element,
    items,
    join,
    paragraph,
)


def _about(ctx: RulesContext) -> Markup:
    game, _ = ctx.game, ctx._
    if game.min_players == game.max_players:
        seats = _.ngettext(
            "{game} is played by {n} player.", "{game} is played by {n} players.", game.min_players
        ).format(game=_(game.display_name), n=game.min_players)
    else:
        seats = _("{game} is played by {minimum} to {maximum} players.").format(
            game=_(game.display_name), minimum=game.min_players, maximum=game.max_players
        )
    return join(
        paragraph(seats),
        paragraph(
            _(
                "This page is made from the game's description; the game has no rules page "
                "of its own yet."
            )
        ),
    )


def _options(ctx: RulesContext) -> Markup:
    _ = ctx._
    if not ctx.game.options:
        return paragraph(_("A match of this game has no options."))
    entries = []
    for option in ctx.game.options:
        refusal = option.refusal()
        allowed = _(refusal.template).format(**refusal.fields)
        if option.default is None:
            default = _("Left out, it takes the rules' own value.")
        else:
            default = _("Left out, it is {value}.").format(value=option.default)
        entries.append(join(element("strong", _(option.label)), ": ", allowed, " ", default))
    return items(entries)


def page_for(game: Game) -> RulesPage:
    """The generic rules page of ``game``."""
    del game  # the sections read the game from their context
    return RulesPage(
        title=N_("How to play {game}"),
        intro=None,
        sections=(
            Section("about", N_("The game"), _about),
            Section("options", N_("A match's options"), _options),
        ),
    )
