"""The terminal app from the games registry: the set-up screen of any game, and the
generic play screen of a game with no look of its own (the test-only game ``tricks``),
driven headless at 80×24 (Textual's pilot). Nothing under src/pegboard knows tricks."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from textual.widgets import Input, Log, OptionList, Select, Static

from pegboard import games
from pegboard.draw.looks.tui import MatchScreen
from pegboard.games import Game, make_bot
from pegboard.i18n import translator
from pegboard.tui.app import PegboardApp
from pegboard.tui.capture import screen_text
from pegboard.tui.generic import GenericScreen, GenericSummaryScreen
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import Setup, load_saved, save_file
from pegboard.tui.setup_screen import SetupScreen
from tests.games import toy

SIZE = (80, 24)
SOURCES = Path(__file__).resolve().parents[2] / "src" / "pegboard"


def everything(app: PegboardApp) -> str:
    """The screen as a terminal shows it, and every line of every log and list on it
    (scrolled out of sight or not), and what is typed in its inputs."""
    screen = app.screen
    parts = [screen_text(app)]
    for log in screen.query(Log):
        parts += list(log.lines)
    for options in screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    parts += [widget.value for widget in screen.query(Input)]
    parts += [str(widget.render()) for widget in screen.query(Static)]
    return "\n".join(parts)


def hidden_on(text: str, match: toy.TricksMatch, seat: int) -> set[str]:
    """The cards ``seat`` may not know that ``text`` shows."""
    words = set(text.replace(",", " ").replace(".", " ").split())
    return toy.hidden_from(match, seat) & words


@dataclass
class Played:
    turns: int = 0
    privacy: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    summary: str = ""
    match: toy.TricksMatch | None = None


async def play_tricks(app: PegboardApp, from_setup: bool = True, hint: bool = False) -> Played:
    """Play the match on the app to its end, always the first choice (after a hint, with
    ``hint``), checking at each turn that the viewer's screen shows none of the cards that
    seat may not know, and on each privacy screen no card of any hand and no hint."""
    played = Played()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if from_setup:
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#game", Select).value = toy.NAME
            await pilot.pause()
            await pilot.pause()
            screen.query_one("#hand", Select).value = 4
            await pilot.pause()
            await pilot.press("enter")  # Start has the focus
        for _step in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GenericSummaryScreen):
                played.summary = everything(app)
                played.match = screen.match
                break
            if isinstance(screen, ContinueScreen):  # the privacy screen of hot-seat play
                below = app.screen_stack[-2]
                assert isinstance(below, GenericScreen)
                match = below.match
                text = everything(app) + "\n" + "\n".join(below.query_one("#log", Log).lines)
                cards = {toy.card_text(c) for c in (*match.hands[0], *match.hands[1])}
                assert not cards & set(text.split()), "a card of a hand on the privacy screen"
                assert str(below.query_one("#observation", Static).render()) == ""
                assert "Hint, best first:" not in text  # the last person's hint left
                played.privacy.append(text)
                await pilot.press("enter")
                continue
            assert isinstance(screen, GenericScreen)
            match = screen.match
            viewer = screen.viewer
            assert viewer == match.current_player
            played.turns += 1
            text = everything(app)
            assert not hidden_on(text, match, viewer), f"seat {viewer} is shown hidden cards"
            # the choices are the viewer's legal actions, numbered
            assert screen.choices == [str(a) for a in match.observation(viewer).legal_actions()]
            for card in match.hands[viewer]:
                assert toy.card_text(card) in text  # its own hand is on screen
            if hint:
                await pilot.press("h")
                await pilot.pause()
                text = everything(app)
                assert "Hint, best first:" in text
                assert not hidden_on(text, match, viewer), (
                    f"seat {viewer}'s hint shows hidden cards"
                )
            played.log = list(screen.query_one("#log", Log).lines)
            # the first choice by its number then Enter, or by Enter on the list alone
            # (highlighted first): a number only chooses (issue 35, defect 14)
            await pilot.press(*(("1", "enter") if played.turns % 2 else ("enter",)))
        else:
            pytest.fail("the match did not end")
        await pilot.press("q")
    return played


def test_tricks_is_set_up_and_played_to_the_end_against_a_bot(toy_game: Game) -> None:
    app = PegboardApp(Setup(lang="en", seed=3))
    played = asyncio.run(play_tricks(app))
    match = played.match
    assert match is not None and match.is_over
    assert match.hand_size == 4  # the option chosen on the set-up screen
    assert played.turns == 4 and not played.privacy  # one person: no privacy screen
    # the bot's moves and the tricks, worded from the game's own events
    assert any(line.startswith("seat 2 lays C") for line in played.log)  # counted from 1
    assert any(line.endswith("takes the trick") for line in played.log)
    scores = toy_game.scores(match)
    assert f"Final scores: seat 1: {scores[0]:g} · seat 2: {scores[1]:g}" in played.summary
    winner = "You win the match." if scores[0] > scores[1] else "Seat 2 wins the match."
    assert winner in played.summary


def test_tricks_hot_seat_shows_each_person_only_their_own_hand(toy_game: Game) -> None:
    setup = Setup(game=toy.NAME, levels=["human"], lang="en", seed=5, hand=3)
    app = PegboardApp(setup, skip_setup=True)
    played = asyncio.run(play_tricks(app, from_setup=False, hint=True))
    assert played.match is not None and played.match.is_over
    assert played.turns == 6 and played.privacy
    assert all("Pass the keyboard to seat" in text for text in played.privacy)
    assert "people play seats 1, 2." in played.log[0] or any(
        "people play seats 1, 2." in text for text in played.privacy
    )


def test_a_move_the_rules_refuse_is_named_with_its_rule_and_changes_nothing(
    toy_game: Game,
) -> None:
    async def run() -> tuple[list[str], bool]:
        app = PegboardApp(Setup(game=toy.NAME, lang="en", seed=3), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GenericScreen)
            before = screen.match.to_record()
            missing = next(c for c in toy.CARDS if c not in screen.match.hands[0])
            typed = screen.query_one("#move", Input)
            for text in (f"lay C{missing}", "nonsense"):
                typed.focus()
                typed.value = text
                await pilot.press("enter")
                await pilot.pause()
            lines = list(screen.query_one("#log", Log).lines)
            unchanged = screen.match.to_record() == before
            # a move typed in the game's notation is played as a choice is
            typed.value = str(screen.match.legal_actions()[0])
            await pilot.press("enter")
            await pilot.pause()
            moved = screen.match.to_record() != before
            await pilot.press("q")
        return lines, unchanged and moved

    lines, ok = asyncio.run(run())
    assert ok
    refusal, unreadable = lines[-2:]
    assert refusal.startswith("Not allowed: C") and refusal.endswith("is not in your hand (T2)")
    assert unreadable == "Not a move: not a move of tricks: 'nonsense' (write 'lay C7')"


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_a_hint_at_a_level_without_an_analyser_falls_back_to_a_stronger_one(game: str) -> None:
    """Draw's and cribbage's screens ask for hints as the generic screen does: greedy
    analyses nothing, so the next level that does ranks the moves (the app used to end on
    the analyser's error)."""

    async def run() -> list[str]:
        setup = Setup(2, game, lang="en", seed=4, hint_level="greedy", hint_budget=4)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            while isinstance(app.screen, ContinueScreen):  # cribbage's cut for the deal
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            lines = list(app.screen.query_one("#log", Log).lines)
            await pilot.press("q")
        return lines

    lines = asyncio.run(run())
    assert "Hint, best first:" in lines
    assert lines[-1].startswith("  3. ")


def test_a_hint_ranks_the_viewers_choices_by_the_games_analyser(toy_game: Game) -> None:
    from pegboard import hints

    async def run() -> tuple[list[str], list[str]]:
        app = PegboardApp(Setup(game=toy.NAME, lang="en", seed=4, hand=4), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GenericScreen)
            await pilot.press("h")
            await pilot.pause()
            lines = list(screen.query_one("#log", Log).lines)
            # tricks has no "expert": the strongest level that analyses, "high", ranks
            ranked = hints.rank(toy.NAME, screen.match.observation(0), "high", screen.moves)
            await pilot.press("q")
        return lines[lines.index("Hint, best first:") + 1 :], [str(e.action) for e in ranked]

    shown, ranked = asyncio.run(run())
    assert [line.split("(")[0].strip() for line in shown] == [
        f"{n}. {action}" for n, action in enumerate(ranked[:3], 1)
    ]


def test_a_generic_match_is_saved_and_resumed(toy_game: Game, tmp_path: Path) -> None:
    setup = Setup(game=toy.NAME, levels=["random"], seed=8, save_dir=tmp_path, hand=4)

    async def play_one() -> dict[str, object]:
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GenericScreen)
            await pilot.press("1", "enter")
            await pilot.pause()
            record = screen.match.to_record()
            await pilot.press("q")
        assert app.record == record
        return record

    async def resume() -> tuple[dict[str, object], str]:
        loaded, saved = load_saved(save_file(tmp_path, toy.NAME))
        assert loaded.game == toy.NAME and loaded.hand == 4 and loaded.kind(1) == "random"
        app = PegboardApp(loaded, saved=saved)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GenericScreen)
            record = screen.match.to_record()
            said = screen.query_one("#log", Log).lines[0]
            await pilot.press("q")
        return record, said

    left = asyncio.run(play_one())
    resumed, said = asyncio.run(resume())
    assert resumed == left and said == "Tricks: match resumed."


def test_setup_lists_every_registered_game_and_its_seats_and_options(toy_game: Game) -> None:
    _ = translator("pt")

    async def run() -> tuple[list[object], list[object], list[object]]:
        app = PegboardApp(Setup(lang="pt"))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            game_select = screen.query_one("#game", Select)
            listed = list(game_select._options)
            game_select.value = toy.NAME
            await pilot.pause()
            await pilot.pause()
            levels = [value for _label, value in screen.query_one("#level-1", Select)._options]
            hand = [value for _label, value in screen.query_one("#hand", Select)._options]
            assert screen.query_one("#players", Select).disabled  # two players, no choice
            assert _("Players") in everything(app)
            await pilot.press("q")
        return listed, levels, hand

    listed, levels, hand = asyncio.run(run())
    assert [value for _label, value in listed] == list(games.names())
    assert (_("Draw dominoes"), "draw") in listed and ("Tricks", toy.NAME) in listed
    assert levels == [*toy_game.bot_levels(), "human"] == ["random", "high", "human"]
    assert hand == [1, 2, 3, 4]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_d17_a_target_the_rules_refuse_is_named_and_the_match_does_not_start(lang: str) -> None:
    _ = translator(lang)
    refusal = _("A target is a whole number of points from {minimum} to {maximum} (D17).")

    async def run() -> tuple[str, bool, object]:
        app = PegboardApp(Setup(lang=lang, seed=2))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            target = screen.query_one("#target", Input)
            target.focus()
            target.value = "0"
            await pilot.press("enter")  # Enter in a typed option starts, as Start does
            await pilot.pause()
            said = str(screen.query_one("#refusal", Static).render())
            refused = app.screen is screen
            target.value = "20"
            await pilot.pause()
            assert str(screen.query_one("#refusal", Static).render()) == ""
            await pilot.press("enter")
            await pilot.pause()
            match_screen = app.screen
            started = isinstance(match_screen, MatchScreen) and match_screen.match.target
            await pilot.press("q")
        return said, refused, started

    said, refused, started = asyncio.run(run())
    assert refused and started == 20
    option = games.get("draw").option("target")
    assert said == refusal.format(minimum=option.minimum, maximum=option.maximum)


# -- `pegboard play GAME` full screen: any registered game ---------------------------------


def test_full_screen_opens_any_registered_game_its_options_checked_by_the_game(
    toy_game: Game, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import typer

    from pegboard.cli.tui import full_screen

    opened: list[PegboardApp] = []
    monkeypatch.setattr(PegboardApp, "run", lambda self: opened.append(self))
    _ = translator("en")
    full_screen(toy.NAME, None, "high", 5, None, None, None, _)
    [app] = opened
    assert (app.setup.game, app.setup.players, app.setup.seed) == (toy.NAME, 2, 5)
    assert app.setup.kind(1) == "high" and app.setup.hand == 3  # the game's default
    assert not app.skip_setup  # the set-up screen first, chosen as given
    refusals = {
        (3, "high", None): "Tricks is for two players (T1).",
        (None, "expert", None): "no 'expert' bots for tricks; choose one of: random, high",
        (None, "high", 3): "--best-of is not an option of Tricks",
    }
    for (players, bots, best_of), message in refusals.items():
        with pytest.raises(typer.Exit):
            full_screen(toy.NAME, players, bots, 5, best_of, None, None, _)
        assert capsys.readouterr().err == f"pegboard: error: {message}\n"
    assert len(opened) == 1
    # any of the game's options by name (`--option hand=4`), checked by the game
    full_screen(toy.NAME, 2, "high", 5, None, None, None, _, options={"hand": 4})
    assert opened[-1].setup.hand == 4
    with pytest.raises(typer.Exit):
        full_screen(toy.NAME, None, "high", 5, None, None, None, _, options={"hand": 9})
    assert capsys.readouterr().err == "pegboard: error: A hand is 1 to 4 cards (T1).\n"


def test_full_screen_resumes_the_match_saved_last_of_any_game(
    toy_game: Game, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from pegboard.cli.tui import resume_full_screen

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    setup = Setup(game=toy.NAME, levels=["random"], seed=3, save_dir=tmp_path / "pegboard")
    match = toy_game.new_match(setup.match_options(), 3)
    setup.save(match, {1: make_bot(toy.NAME, "random", 1)})
    opened: list[PegboardApp] = []
    monkeypatch.setattr(PegboardApp, "run", lambda self: opened.append(self))
    resume_full_screen(None, False, None, translator("en"))
    [app] = opened
    assert app.setup.game == toy.NAME and app.saved is not None
    assert app.saved["match"] == match.to_record()
