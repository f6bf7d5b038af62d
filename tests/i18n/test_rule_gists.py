"""Every rule a move can break has its gist, said when a refusal's own words are not in a
catalog: each game gives the gists of its rules (``Game.rule_gists``), and
``pegboard.i18n.rule_gist`` finds them through the registry, translated."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pegboard.games
from pegboard.i18n import rule_gist, translator

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pegboard"
CITED = re.compile(r"""IllegalActionError\(\s*(?:N_\()?[^,]*?\)?,\s*["']([A-Z]\d+)["']""", re.S)


def cited_rules(package: str) -> set[str]:
    """The rules the refusals of a package's modules cite (``IllegalActionError(..., "F4")``)."""
    return {
        rule
        for path in (PACKAGE / package).rglob("*.py")
        for rule in CITED.findall(path.read_text(encoding="utf-8"))
    }


@pytest.mark.parametrize("name", ["draw", "cribbage", "all-fives", "fives-and-threes"])
def test_every_rule_a_game_s_refusals_cite_has_a_gist(name: str) -> None:
    game = pegboard.games.get(name)
    package = game.match_type.__module__.split(".")[1]
    rules = cited_rules(package) | {game.over_rule}
    assert rules, f"no refusal found in pegboard.{package}: the scan reads nothing"
    missing = sorted(rule for rule in rules if rule_gist(rule, translator("en")) is None)
    assert missing == [], f"{name} cites rules with no gist: {missing}"


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
def test_a_gist_is_said_in_the_reader_s_language(lang: str) -> None:
    for rule in ("D8", "C5", "F4", "F9"):
        english = rule_gist(rule, translator("en"))
        said = rule_gist(rule, translator(lang))
        assert english and said and said != english, (rule, lang, said)


def test_a_rule_no_game_has_has_no_gist() -> None:
    assert rule_gist("Z9", translator("en")) is None
