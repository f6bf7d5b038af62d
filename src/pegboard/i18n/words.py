"""Words that several surfaces show beside the rules' own: the units and detail names of
the bots' evaluations (``pegboard.bots.Evaluation``), in ``pegboard hint``'s table and in
the web app's hints."""

from __future__ import annotations

from pegboard.i18n.catalogs import Translator


def known_words(_: Translator) -> dict[str, str]:
    """The units and detail names the bots report (``Evaluation``), translated; the
    table shows any other name as the bot gave it."""
    return {
        "expected point margin": _("expected point margin"),
        "expected net points": _("expected net points"),
        "expected pegging margin": _("expected pegging margin"),
        "expected pegging margin, a game won or lost worth ±100": _(
            "expected pegging margin, a game won or lost worth ±100"
        ),
        "expected points": _("expected points"),
        "net points at the show": _("net points at the show"),
        "chance of winning the match": _("chance of winning the match"),
        "chance": _("chance"),
        "deals": _("deals"),
        "hand": _("hand"),
        "crib": _("crib"),
        "pegging": _("pegging"),
        "net": _("net"),
        "points now": _("points now"),
        "tiles left": _("tiles left"),
        "blocking": _("blocking (%)"),
    }
