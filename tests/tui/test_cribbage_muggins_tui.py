"""Cribbage with muggins in the full-screen client (C18-C20), driven headless at 80×24.

The person counts their own hand at the show: the hand counted is drawn turned up with the
starter and whose it is, the claim is typed (digits, Enter), an under-claim is mugged by
the bot, a bot's claim is answered (muggins, or let it stand), a number the rules refuse
changes nothing. The hands' counts are checked by hand here (fifteens, pairs, runs, his
nobs), not read back from the engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Log, Select

from pegboard.cribbage import Card
from pegboard.cribbage.looks.tui import CribbageScreen
from pegboard.cribbage.looks.tui_view import card_name
from pegboard.i18n import translator
from pegboard.tui.app import PegboardApp
from pegboard.tui.capture import screen_text
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import Setup, load_saved, save_file
from pegboard.tui.setup_screen import SetupScreen

SIZE = (80, 24)
SEED = 5
"""Seed 5, the person's first hand: K♠ 7♥ 5♠ 9♦ kept, the starter 6♠; seven points:
fifteen two (K 5), fifteen four (9 6), and a run of three (5 6 7) is seven. The bot deals:
the person (the pone) claims first (C6, C18)."""
HELD = 7

Asked = Callable[[CribbageScreen], bool]


def setup(
    lang: str = "en", players: int = 2, save_dir: Path | None = None, **options: int
) -> Setup:
    return Setup(
        players,
        "cribbage",
        ["greedy"] * (players - 1),
        lang,
        SEED,
        save_dir=save_dir,
        options={"best_of": 1, "muggins": 1, **options},
    )


def log_lines(screen: CribbageScreen) -> list[str]:
    return list(screen.query_one("#log", Log).lines)


def your_claim(screen: CribbageScreen) -> bool:
    showing = screen.showing
    return showing is not None and showing.claimed is None


def your_answer(screen: CribbageScreen) -> bool:
    showing = screen.showing
    return showing is not None and showing.claimed is not None


async def play_until(pilot: Pilot[None], app: PegboardApp, asked: Asked) -> CribbageScreen:
    """Play on (the first cards, the exact counts) until the person is ``asked``."""
    for _step in range(300):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, ContinueScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, CribbageScreen), screen
        if screen.your_turn() and asked(screen):
            return screen
        await pilot.press(*screen.first_choice_keys())
    raise AssertionError("the person was never asked")


def test_c19_you_claim_less_than_your_hand_holds_and_the_bot_mugs_the_rest() -> None:
    async def run() -> tuple[str, list[str], list[str], tuple[int, ...], tuple[int, ...]]:
        app = PegboardApp(setup(), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            shown = screen_text(app)
            before = screen.game_view.scores
            await pilot.press("5", "enter")  # two short of the seven it holds
            await pilot.pause()
            after = screen.match.game.scores
            lines = log_lines(screen)
            # The bot's claim for its hand: answered next, the hand-over after the crib.
            await play_until(pilot, app, your_answer)
            asked = screen_text(app)
            await pilot.press("q")
        return shown, lines, asked.splitlines(), before, after

    shown, lines, asked, before, after = asyncio.run(run())
    # C18: your hand turned up with the starter, named, and the question.
    assert "Starter │6♠ │  Your hand │5♠ ││7♥ ││9♦ ││K♠ │" in shown, shown
    assert "claim its points (C18): 0 to 29, then Enter." in " ".join(shown.split())
    assert "0-9 Enter: claim or muggins" in shown
    # C19: you peg your 5, the bot takes the 2 you missed; the log says what the hand held.
    assert "You claim 5." in lines and "The bot calls muggins for 2." in lines, lines
    said = "\n".join(lines)
    assert "The count of your hand (non-dealer): fifteen two, fifteen four, and a run" in said
    you, bot = before[0] + 5, before[1] + 2
    assert f"Muggins: the bot pegs 2 (you: {you} · the bot: {bot})." in said, said
    assert after[0] == you  # the bot then claimed its own hand: its score went on
    # The bot's claim, named as such, with its cards turned up.
    assert any("The bot's hand" in row and "claimed" in row for row in asked), asked
    assert any("The bot claims" in row and "for the hand (C18)." in row for row in asked)


def test_c18_a_wrong_entry_is_refused_with_its_rule_and_changes_nothing() -> None:
    async def run() -> tuple[list[str], str, str, bool, bool]:
        app = PegboardApp(setup(), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            record = screen.match.to_record()
            await pilot.press("enter")  # nothing typed
            await pilot.press("3", "0", "enter")  # 30: more than any hand holds (C18)
            await pilot.pause()
            lines = log_lines(screen)
            unchanged = screen.match.to_record() == record and your_claim(screen)
            await pilot.press("9", "4", "backspace")  # 9 typed, 4 taken back
            await pilot.pause()
            typed = str(screen.query_one("#prompt").render())
            await pilot.press("backspace", "7", "enter")
            await pilot.pause()
            claimed = log_lines(screen)[len(lines) :]
            await pilot.press("q")
            return lines, typed, "\n".join(claimed), unchanged, app.screen is screen

    lines, typed, claimed, unchanged, same = asyncio.run(run())
    assert lines[-2] == "Type the points first, then Enter."
    assert lines[-1] == (
        "Not allowed: a claim is from 0 to 29 points, the most a hand can hold, not 30 (C18)"
    )
    assert unchanged and same
    assert typed.endswith("▸ 9"), typed
    # The exact count: nothing missed, the bot lets it stand.
    assert "You claim 7." in claimed and "The bot lets the claim stand." in claimed, claimed


def test_c19_c20_you_answer_the_bots_claims_and_the_hand_over_tells_the_whole_show() -> None:
    async def run() -> tuple[list[str], str, tuple[int, ...], tuple[int, ...]]:
        app = PegboardApp(setup(), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            await pilot.press(*str(HELD), "enter")
            screen = await play_until(pilot, app, your_answer)
            hand = screen.showing
            assert hand is not None and hand.what == "hand"
            before = screen.game_view.scores
            # The bot counted its hand exactly: muggins for 3 takes nothing (C20).
            await pilot.press("3", "enter")
            await pilot.pause()
            crib = screen.showing
            assert crib is not None and crib.what == "crib"
            await pilot.click("#stand")  # the crib's claim let stand, by the button
            await pilot.pause()
            lines = log_lines(screen)
            assert isinstance(app.screen, ContinueScreen), app.screen
            over = screen_text(app)
            after = screen.match.game.scores
            await pilot.press("q")
            return lines, over, before, after

    lines, over, before, after = asyncio.run(run())
    assert "You call muggins for 3." in lines and "You let the claim stand." in lines, lines
    assert after[0] == before[0]  # nothing was missed: nothing taken (C20)
    # The hand's end: the whole show, every hand and the crib counted, the claims pegged.
    assert "Hand 1 is over." in over
    assert "Your hand (non-dealer): K♠ 7♥ 5♠ 9♦ + 6♠: fifteen two, fifteen four, and a" in over
    assert "The bot's hand (dealer):" in over and "The bot's crib:" in over
    assert f"You peg {HELD}" in over


def test_c18_hint_at_the_show_is_the_exact_count() -> None:
    async def run() -> list[str]:
        app = PegboardApp(setup(), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            await pilot.press("h")
            await pilot.pause()
            lines = log_lines(screen)
            await pilot.press("q")
            return lines

    lines = asyncio.run(run())
    at = lines.index("Hint, best first:")
    assert lines[at + 1] == f"  1. claim {HELD} (+{HELD}.00)", lines[at:]


def test_c18_c19_three_players_you_claim_and_answer_the_seat_on_your_right() -> None:
    async def run() -> tuple[str, list[str]]:
        app = PegboardApp(setup(players=3), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_answer)
            asked = screen_text(app)
            await pilot.press("0", "enter")  # let it stand
            await pilot.pause()
            screen = await play_until(pilot, app, your_claim)
            await pilot.press(*screen.claim_keys())
            await pilot.pause()
            lines = log_lines(screen)
            await pilot.press("q")
            return asked, lines

    asked, lines = asyncio.run(run())
    # Among three each other seat by its number: seat 3 claims, you (on its left) answer.
    assert "Seat 3's hand" in asked and "Seat 3 claims" in asked, asked
    assert "You let the claim stand." in lines, lines
    assert any(line.startswith("You claim ") for line in lines), lines
    assert any(line.startswith("Seat 2 lets the claim stand.") for line in lines), lines


def test_c16_c18_a_five_card_hand_of_three_is_claimed_and_in_chinese() -> None:
    async def run() -> tuple[str, list[str]]:
        app = PegboardApp(setup("zh", cards=5), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            shown = screen_text(app)
            showing = screen.showing
            assert showing is not None and len(showing.cards) == 3  # C16
            await pilot.press(*screen.claim_keys())
            await pilot.pause()
            lines = log_lines(screen)
            await pilot.press("q")
            return shown, lines

    shown, lines = asyncio.run(run())
    _ = translator("zh")
    asked = _("Count {whose} with the starter and claim its points (C18): 0 to 29, then Enter.")
    assert asked.format(whose=_("your hand"))[:12] in shown, shown
    assert _("Starter") in shown and "0-9 Enter" in shown
    assert any(line.startswith("你报 ") for line in lines), lines


def test_a_saved_match_resumes_at_the_show(tmp_path: Path) -> None:
    async def leave() -> dict[str, object]:
        app = PegboardApp(setup(save_dir=tmp_path), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_claim)
            record = screen.match.to_record()
            await pilot.press("q")
        return record

    async def resume() -> tuple[str, list[str], bool]:
        saved_setup, state = load_saved(save_file(tmp_path, "cribbage"), translator("en"))
        app = PegboardApp(saved_setup, saved=state)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            shown = screen_text(app)
            await pilot.press(*str(HELD), "enter")
            await pilot.pause()
            lines = log_lines(screen)
            await pilot.press("q")
            return shown, lines, screen.match.game.observation(0).muggins

    asyncio.run(leave())
    shown, lines, muggins = asyncio.run(resume())
    assert muggins
    assert "Your hand │5♠ ││7♥ ││9♦ ││K♠ │" in shown and "claim its points (C18)" in shown
    assert "You claim 7." in lines and "The bot lets the claim stand." in lines, lines


def test_c18_the_bots_crib_is_not_shown_before_it_is_claimed() -> None:
    async def run() -> tuple[str, tuple[Card, ...], tuple[Card, ...]]:
        app = PegboardApp(setup(), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            screen = await play_until(pilot, app, your_answer)  # the bot's hand, claimed
            game = screen.match.game
            mine = screen.game_view.discards
            theirs = tuple(c for c in game.crib if c not in mine)
            text = screen_text(app) + "\n".join(log_lines(screen))
            await pilot.press("q")
            return text, theirs, mine

    text, theirs, mine = asyncio.run(run())
    assert len(theirs) == 2 and len(mine) == 2
    for card in theirs:
        assert str(card) not in text and card_name(card) not in text, card


def test_c18_the_setup_screen_offers_counting_the_score_in_every_language() -> None:
    async def run(lang: str) -> tuple[str, str, int]:
        app = PegboardApp(Setup(game="cribbage", lang=lang, seed=SEED))
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            offered = screen_text(app)
            select = app.screen.query_one("#muggins", Select)
            select.value = 1  # "You count, with muggins"
            await pilot.pause()
            chosen = screen_text(app)
            await pilot.click("#start")
            await pilot.pause()
            # The match, under the cut for the deal.
            playing = [s for s in app.screen_stack if isinstance(s, CribbageScreen)]
            muggins = int(playing[0].match.game.observation(0).muggins) if playing else 0
            await pilot.press("q")
            return offered, chosen, muggins

    for lang in ("en", "pt", "zh", "hi"):
        _ = translator(lang)
        offered, chosen, muggins = asyncio.run(run(lang))
        assert _("Counting the score") in offered, (lang, offered)
        assert _("Counted for you") in offered and _("You count, with muggins") not in offered
        assert _("You count, with muggins") in chosen, (lang, chosen)
        assert muggins == 1, lang
