"""The full-screen client of Draw, driven headless at 80×24 (Textual's pilot)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.widgets import Button, Label, Log, OptionList, Select, Static

from pegboard.draw import DrawTile, End, Line, Match, Pass, Tile
from pegboard.draw.looks.tui import MatchScreen, SummaryScreen
from pegboard.draw.looks.tui_view import line_rows
from pegboard.i18n import translator
from pegboard.tui.app import PegboardApp
from pegboard.tui.screens import ContinueScreen, RoundOverScreen
from pegboard.tui.setup import Setup, load_saved, save_file
from pegboard.tui.setup_screen import SetupScreen

SIZE = (80, 24)
TARGET = 20  # a short match: the rules' target (D17) would take many rounds


def screen_text(app: PegboardApp) -> str:
    """Everything the current screen shows in words: statics, labels, buttons, options, log."""
    screen = app.screen
    parts = [str(w.render()) for w in screen.query(Static)]
    parts += [str(w.label) for w in screen.query(Button)]
    parts += [str(w.render()) for w in screen.query(Label)]
    for options in screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    for log in screen.query(Log):
        parts += list(log.lines)
    return "\n".join(parts)


def both_ways(tile: object) -> tuple[str, str]:
    low, high = tile.low, tile.high  # type: ignore[attr-defined]
    return f"[{low}|{high}]", f"[{high}|{low}]"


async def play_match(lang: str, seed: int = 3, target: int = TARGET) -> tuple[list[str], int]:
    """A whole match, you against a greedy bot: always the first legal action. Checks, at
    each of your turns, the controls against the rules and that no bot tile is shown."""
    setup = Setup(players=2, levels=["greedy"] * 3, lang=lang, seed=seed, target=target)
    app = PegboardApp(setup)
    seen: list[str] = []
    turns = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        seen.append(screen_text(app))
        await pilot.press("enter")  # the Start button has the focus
        for _step in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, SummaryScreen):
                seen.append(screen_text(app))
                break
            if isinstance(screen, RoundOverScreen):
                seen.append(screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen)
            turns += 1
            match = screen.match
            legal = match.legal_actions()
            # D6/D8: draw offered exactly when legal, pass exactly when forced.
            assert screen.query_one("#draw", Button).disabled == (DrawTile() not in legal)
            assert screen.query_one("#pass", Button).disabled == (Pass() not in legal)
            text = screen_text(app)
            for tile in match.round.hands[1]:
                for shown in both_ways(tile):
                    assert shown not in text, f"bot tile {shown} on screen mid-round"
            if turns == 1:
                seen.append(text)
            if screen.choices:
                await pilot.press("1", "enter")
            elif DrawTile() in legal:
                await pilot.press("d")
            else:
                await pilot.press("p")
        else:
            pytest.fail("the match did not end")
        assert match.is_over
        await pilot.press("q")
    return seen, turns


def test_d17_whole_match_english() -> None:
    seen, turns = asyncio.run(play_match("en"))
    assert turns > 0
    setup, first_turn, *rest = seen
    assert "Players" in setup and "Start" in setup
    assert "Your hand:" in first_turn and "Draw" in first_turn
    assert any("Settlement:" in text and "Hands revealed:" in text for text in rest)
    assert "Match over after" in rest[-1]


def test_d17_whole_match_portuguese() -> None:
    # A match to 1 point (D17): its first scoring round ends it, the round's screen and the
    # summary in Portuguese as a longer match's. The English match above plays the rounds
    # of a match to 20 and checks every turn; the screens of one to 20 in Portuguese, word
    # for word, are test_screens_unchanged's draw-pt.
    _ = translator("pt")
    seen, _turns = asyncio.run(play_match("pt", seed=5, target=1))
    setup, first_turn, *rest = seen
    assert _("Players") != "Players" and _("Players") in setup
    assert _("Your hand: {tiles} (count {count})").split("{")[0] in first_turn
    assert "Your hand" not in first_turn
    assert _("Hands revealed:") in rest[0]
    assert _("Final scores: {scores}").split("{")[0] in rest[-1]


def test_hint_shows_ranked_actions() -> None:
    async def run() -> list[str]:
        setup = Setup(players=2, lang="en", seed=7, target=TARGET, hint_budget=4)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            await pilot.press("h")
            await pilot.pause()
            lines = list(screen.query_one("#log", Log).lines)
            legal = screen.match.legal_actions()
            await pilot.press("q")
        return lines[lines.index("Hint, best first:") + 1 :], legal

    ranked, legal = asyncio.run(run())
    assert len(ranked) == min(3, len(legal))
    assert [line.split(".")[0].strip() for line in ranked] == [
        str(n) for n in range(1, len(ranked) + 1)
    ]


def test_b4_line_marks_open_ends_and_doubles_crosswise() -> None:
    _ = translator("en")
    line = Line()
    assert line_rows(line, 76, _) == ["The line is empty: any tile may open it."]
    line.play(Tile(4, 4))
    line.play(Tile(3, 4), End(Tile(4, 4), "B"))
    line.play(Tile(1, 4), End(Tile(4, 4), "A"))
    # The chain is [1|4][4|4][4|3]: the double stands crosswise, 4 over 4, and the
    # open ends 1 and 3 are marked at the two extremes (D9: exactly two).
    words, top, middle, bottom = line_rows(line, 76, _)
    assert words.startswith("Open ends: ")
    assert middle == "◀[1|4]│━│[4|3]▶"
    assert top.strip() == "┌4┐" and bottom.strip() == "└4┘"
    assert top.index("┌") == middle.index("│")


def test_line_wraps_to_the_width_of_the_terminal() -> None:
    _ = translator("en")
    line = Line()
    line.play(Tile(0, 1))
    tail = End(Tile(0, 1), "high")
    for a, b in [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 0)]:
        tail = line.play(Tile(a, b), tail)
    rows = line_rows(line, 22, _)
    # Two bands, one row each: no double stands above or below the line.
    assert rows[1:] == ["◀[0|1][1|2][2|3][3|4]", "[4|5][5|6][6|0]▶"]


def test_undo_takes_back_your_move_and_the_bots_replies() -> None:
    async def run() -> None:
        setup = Setup(players=2, lang="en", seed=3, target=TARGET)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            before = screen.match.to_record()
            hand_sizes = screen.match.observation(0).round.hand_sizes
            await pilot.press(*(("1", "enter") if screen.choices else ("d",)))
            await pilot.pause()
            assert screen.match.to_record() != before
            await pilot.press("u")
            await pilot.pause()
            assert screen.match.to_record() == before
            assert screen.match.observation(0).round.hand_sizes == hand_sizes
            assert "Your last move is taken back." in screen_text(app)
            # the save follows the undo: quitting now resumes before the move taken back
            assert app.record == before
            await pilot.press("u")  # one move only: nothing more to take back
            await pilot.pause()
            assert screen.match.to_record() == before
            await pilot.press("q")

    asyncio.run(run())


def test_saved_match_resumes_where_it_was_left(tmp_path: Path) -> None:
    path = save_file(tmp_path, "draw")

    async def play_some() -> dict[str, object]:
        setup = Setup(players=3, lang="pt", seed=9, target=TARGET, save_dir=tmp_path)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            for _step in range(3):
                await pilot.press(*(("1", "enter") if screen.choices else ("d",)))
                await pilot.pause()
                if not isinstance(app.screen, MatchScreen):
                    break
            record = screen.match.to_record()
            await pilot.press("q")
        return record

    async def resume() -> dict[str, object]:
        setup, saved = load_saved(path)
        assert setup.lang == "pt" and setup.players == 3
        app = PegboardApp(setup, saved=saved)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            record = screen.match.to_record()
            await pilot.press("q")
        return record

    left = asyncio.run(play_some())
    assert path.exists()
    assert asyncio.run(resume()) == left


def test_no_save_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no saved match"):
        load_saved(tmp_path / "missing.json")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="cannot be read"):
        load_saved(tmp_path / "bad.json")
    # A save whose bots' random streams are missing cannot go on as it would have.
    setup = Setup(players=2, seed=1, save_dir=tmp_path)
    state = {"game": "draw", "setup": setup.saved_setup(), "match": Match(2, seed=1).to_record()}
    setup.store({**state, "bots": {}}, over=False)
    with pytest.raises(ValueError, match="cannot be read"):
        load_saved(save_file(tmp_path, "draw"))
    setup.store({**state, "bots": {"1": random.Random(5).getstate()}}, over=False)
    assert load_saved(save_file(tmp_path, "draw"))[0].seed == 1


def test_setup_screen_chooses_players_and_language() -> None:
    async def run() -> MatchScreen:
        app = PegboardApp(Setup(lang="en", seed=1, target=TARGET))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert not screen.query_one("#level-2", Select).display  # two players: one bot
            screen.query_one("#players", Select).value = 4
            await pilot.pause()
            assert screen.query_one("#level-3", Select).display
            screen.query_one("#level-3", Select).value = "beginner"  # a level for people
            screen.query_one("#lang", Select).value = "hi"
            await pilot.pause()
            await pilot.pause()
            assert translator("hi")("Players") in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            match_screen = app.screen
            assert isinstance(match_screen, MatchScreen)
            text = screen_text(app)
            await pilot.press("q")
        assert translator("hi")("Hint") in text
        return match_screen

    screen = asyncio.run(run())
    assert screen.match.players == 4
    assert screen.setup.levels[2] == "beginner" and screen.bots[3].name == "beginner"


def test_d8_auto_plays_only_forced_moves() -> None:
    async def run() -> None:
        app = PegboardApp(Setup(players=2, lang="en", seed=3, target=TARGET), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("a")
            for _step in range(300):
                await pilot.pause()
                screen = app.screen
                if isinstance(screen, SummaryScreen):
                    break
                if isinstance(screen, RoundOverScreen):
                    await pilot.press("enter")
                    continue
                assert isinstance(screen, MatchScreen)
                # With auto on, the human is asked only when there is a tile to play.
                assert screen.choices
                await pilot.press("1", "enter")
            else:
                pytest.fail("the match did not end")
            await pilot.press("q")

    asyncio.run(run())


def test_cli_resume_without_a_save_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from pegboard.cli.main import app

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    result = CliRunner().invoke(app, ["play", "--resume"])
    assert result.exit_code == 1
    assert result.output == (
        f"pegboard: error: there is no saved match to resume in {tmp_path / 'pegboard'}\n"
    )
    result = CliRunner().invoke(app, ["play", "draw", "--resume", "--lang", "pt"])
    missing = translator("pt")("there is no saved match at {path}")
    assert result.exit_code == 1
    assert missing.format(path=save_file(tmp_path / "pegboard", "draw")) in result.output
    # `pegboard tui` is an alias of `pegboard play`.
    result = CliRunner().invoke(app, ["tui", "--resume"])
    assert result.exit_code == 1 and "no saved match to resume" in result.output


def test_d6_draw_button_works_with_the_mouse() -> None:
    async def run() -> None:
        # Seed 3 deals the human a hand where drawing is legal at the first turn.
        app = PegboardApp(Setup(players=2, lang="en", seed=3, target=TARGET), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            assert DrawTile() in screen.match.legal_actions()
            size = len(screen.match.observation(0).round.hand)
            stock = screen.match.observation(0).round.stock_size
            await pilot.click("#draw")
            await pilot.pause()
            after = screen.match.observation(0).round
            # D4: a draw leaves the turn with the drawer, one tile richer.
            assert after.current_player == 0
            assert after.stock_size == stock - 1 and len(after.hand) == size + 1
            await pilot.press("q")

    asyncio.run(run())


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_d8_a_pass_key_while_drawing_is_allowed_is_refused_naming_the_rule(lang: str) -> None:
    _ = translator(lang)

    async def run() -> tuple[str, bool]:
        # Seed 3: at the first turn the stock allows a draw, so a pass is not allowed (D8).
        app = PegboardApp(Setup(players=2, lang=lang, seed=3, target=TARGET), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            assert DrawTile() in screen.match.legal_actions()
            before = screen.match.to_record()
            await pilot.press("p")
            await pilot.pause()
            said = list(screen.query_one("#log", Log).lines)[-1]
            unchanged = screen.match.to_record() == before and screen.match.current_player == 0
            await pilot.press("q")
        return said, unchanged

    said, unchanged = asyncio.run(run())
    assert unchanged
    if lang == "en":
        assert said == "Not allowed: you may not pass while you can draw: draw, or play a tile (D8)"
    else:
        # The engine's own reason, translated by its template, its rule cited.
        english = "you may not pass while you can draw: draw, or play a tile"
        reason = _("{reason} ({rule})").format(reason=_(english), rule="D8")
        assert _(english) != english
        assert said == _("Not allowed: {reason}").format(reason=reason) and "pass" not in said


# -- hot-seat: two people at one terminal ----------------------------------------------------


async def play_hot_seat(lang: str, seed: int) -> tuple[int, int, list[str]]:
    """A whole match of two people (seat 1 "human"), the pilot playing both seats: at every
    turn only the viewer's hand is on screen, and each change of person first shows the
    privacy screen, with no tile of either hand on it. Returns the turns, the privacy screens
    and their texts."""
    setup = Setup(
        players=2, levels=["human"] * 3, lang=lang, seed=seed, target=TARGET, hint_budget=4
    )
    app = PegboardApp(setup, skip_setup=True)
    turns = 0
    handovers: list[str] = []
    last_viewer = 0
    async with app.run_test(size=SIZE) as pilot:
        for _step in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, SummaryScreen):
                break
            if isinstance(screen, RoundOverScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, ContinueScreen):  # the privacy screen
                match_screen = app.screen_stack[-2]
                assert isinstance(match_screen, MatchScreen)
                match = match_screen.match
                # the privacy screen, and the log the next person will read under it
                text = screen_text(app) + "\n".join(match_screen.query_one("#log", Log).lines)
                for seat in (0, 1):
                    for tile in match.round.hands[seat]:
                        for shown in both_ways(tile):
                            assert shown not in text, f"tile {shown} on the privacy screen"
                # the screen below holds no hand either
                assert str(match_screen.query_one("#hand", Static).render()) == ""
                assert match_screen.viewer == match.current_player != last_viewer
                handovers.append(text)
                await pilot.press("enter")
                continue
            assert isinstance(screen, MatchScreen)
            match = screen.match
            viewer = screen.viewer
            assert viewer == match.current_player
            if viewer != last_viewer:
                assert len(handovers) > 0  # the privacy screen came first
            last_viewer = viewer
            turns += 1
            text = screen_text(app)
            other = 1 - viewer
            for tile in match.round.hands[other]:
                for shown in both_ways(tile):
                    assert shown not in text, f"seat {other}'s tile {shown} on seat {viewer}'s"
            hand = str(screen.query_one("#hand", Static).render())
            for tile in match.round.hands[viewer]:
                assert any(shown in hand for shown in both_ways(tile))
            assert screen.undo_point is None  # no undo between people
            if turns <= 4:  # a hint names the viewer's tiles: it must leave with the turn
                await pilot.press("h")
                await pilot.pause()
                assert "Hint, best first:" in screen.query_one("#log", Log).lines
            legal = match.legal_actions()
            if screen.choices:
                await pilot.press("1", "enter")
            elif DrawTile() in legal:
                await pilot.press("d")
            else:
                await pilot.press("p")
        else:
            pytest.fail("the match did not end")
        assert isinstance(app.screen, SummaryScreen)
        assert match.is_over
        await pilot.press("q")
    return turns, len(handovers), handovers


def test_hot_seat_whole_match_shows_only_the_viewers_hand() -> None:
    turns, count, texts = asyncio.run(play_hot_seat("en", seed=3))
    assert turns > 0 and count > 0
    assert all("Pass the keyboard to seat" in text for text in texts)
    # Nobody in particular is "you" at a shared keyboard.
    assert "people play seats 1, 2." in texts[0] and "You are seat" not in texts[0]


def test_hot_seat_setup_offers_human_for_each_seat() -> None:
    async def run() -> list[object]:
        app = PegboardApp(Setup(lang="pt"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            select = app.screen.query_one("#level-1", Select)
            values = [value for _label, value in select._options]
            select.value = "human"
            await pilot.pause()
            assert app.setup.levels[0] == "human"
            assert app.setup.humans == [0, 1]
            await pilot.press("q")
        return values

    assert "human" in asyncio.run(run())


def test_hot_seat_save_keeps_the_seat_kinds_and_resumes_behind_the_privacy_screen(
    tmp_path: Path,
) -> None:
    """Three seats: two people (0 and 1) and a greedy bot (2). Seat 0 moves, the turn
    passes to seat 1 behind the privacy screen; the save keeps who is a person, and the
    resumed match again shows the privacy screen before seat 1's hand."""
    path = save_file(tmp_path, "draw")
    seed = next(s for s in range(100) if Match(3, seed=s, target=TARGET).first_leader == 0)
    setup = Setup(
        players=3, levels=["human", "greedy", "greedy"], seed=seed, target=TARGET, save_dir=tmp_path
    )

    async def play_one() -> dict[str, object]:
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            assert screen.bots.keys() == {2}
            while screen.match.current_player != 1:  # seat 0 (and the bot) until seat 1
                assert isinstance(app.screen, MatchScreen) and screen.viewer == 0
                await pilot.press(
                    *(("1", "enter") if screen.choices else ("d" if screen.can_draw else "p",))
                )
                await pilot.pause()
            assert type(app.screen) is ContinueScreen
            assert "Pass the keyboard to seat 2" in screen_text(app)  # counted from 1
            record = screen.match.to_record()
            await pilot.press("q")
        return record

    async def resume() -> dict[str, object]:
        loaded, saved = load_saved(path)
        assert loaded.humans == [0, 1] and loaded.kind(2) == "greedy"
        app = PegboardApp(loaded, saved=saved)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert type(app.screen) is ContinueScreen  # seat 1 to play: privacy first
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen) and screen.viewer == 1
            hand = str(screen.query_one("#hand", Static).render())
            for tile in screen.match.round.hands[1]:
                assert any(shown in hand for shown in both_ways(tile))
            record = screen.match.to_record()
            await pilot.press("q")
        return record

    left = asyncio.run(play_one())
    assert asyncio.run(resume()) == left


def test_a_number_chooses_a_tile_and_enter_plays_it_once() -> None:
    # Issue 35, defect 14, the same keys in every game: a number chooses (the list's
    # highlight), Enter plays; "2, Enter" is one move, the second choice.
    async def run() -> None:
        app = PegboardApp(Setup(players=2, lang="en", seed=3, target=TARGET), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, MatchScreen)
            assert len(screen.choices) >= 2, "seed 3 opens with two tiles to choose from"
            before = screen.match.to_record()
            chosen = screen.choices[1]
            await pilot.press("2")
            await pilot.pause()
            assert screen.match.to_record() == before, "a number alone played a tile"
            await pilot.press("enter")
            for _ in range(5):
                await pilot.pause()
            done = len(before["current_round"]["actions"])
            actions = screen.match.to_record()["current_round"]["actions"]
            assert actions[done] == str(chosen), actions  # the tile chosen, and only it:
            assert screen.match.current_player == 0  # the bot replied; nothing more of ours
            assert len(actions) == done + 2, actions
            assert "1-9+Enter: play" in screen_text(app)
            await pilot.press("q")

    asyncio.run(run())
