"""Issue 13, "What a newcomer hit": a player named "you" read as "you opens the line" to
everyone else. The views quote a name that reads as the second person, in every language
(the word each language's log calls the viewer, and its other forms); the show's counts
come with the view (C6)."""

from __future__ import annotations

import pytest

import pegboard.games
from pegboard.i18n import translator
from pegboard.web.views import view
from pegboard.web.views_common import narrated_names

LANGS = ("en", "pt", "zh", "hi")


def _played(game: str, moves: int) -> object:
    description = pegboard.games.get(game)
    options = {"players": 2} if game == "draw" else {}
    match = description.new_match(description.check_options(options), 5)
    for _move in range(moves):
        seat = match.current_player
        legal = view(match, game, seat, "en")["legal"]
        description.play(match, seat, legal[0]["action"])
    return match


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_that_reads_as_you_is_quoted_in_every_language(lang: str) -> None:
    _ = translator(lang)
    pronouns = ["you", "You", "YOU", "você", "Você", "你", "您", "आप", "you too"]
    marked = narrated_names([*pronouns, "Ana", "Youssef", "Yousra"], _)
    assert marked[-3:] == ["Ana", "Youssef", "Yousra"]  # a name merely like it is kept
    for name, written in zip(pronouns, marked, strict=False):
        assert written != name and name in written and written.startswith("“")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_the_log_never_names_another_player_you(game: str, lang: str) -> None:
    _ = translator(lang)
    you = _("you")
    match = _played(game, 8)
    for seat in (None, 1):  # a spectator, and the other player
        seen = view(match, game, seat, lang, ["you", you])
        log = "\n".join(seen["log"])
        assert "“you”" in log
        if seat is None:  # the viewer's own seat is "you", whatever its name
            assert f"“{you}”" in log
        assert seen["names"] == ["“you”", f"“{you}”"]
    # The viewer's own page is not changed: its moves are in the second person.
    assert view(match, game, 0, lang, ["Ana", "Bob"])["names"] == ["Ana", "Bob"]


def test_c6_the_show_comes_with_each_count_its_cards_and_points() -> None:
    match = _played("cribbage", 0)
    description = pegboard.games.get("cribbage")
    for _move in range(40):
        seen = view(match, "cribbage", 0, "pt")
        if seen["shows"]:
            break
        seat = match.current_player
        description.play(match, seat, view(match, "cribbage", seat, "en")["legal"][0]["action"])
    assert seen["shows"]
    for show in seen["shows"]:
        assert sum(item["points"] for item in show["items"]) == show["points"]
        for item in show["items"]:
            assert item["kind"] in {"fifteen", "pair", "run", "flush", "nobs"}
            assert set(item["cards"]) <= {*show["cards"], show["starter"]}
            assert item["label"] and item["label"] != item["kind"]  # in Portuguese
