"""Cribbage in the full-screen client, driven headless at 80×24 (Textual's pilot)."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path

from rich.text import Text
from textual.widgets import Log, Select

from pegboard.cribbage import Card, CribbageMatch
from pegboard.cribbage.cards import SUIT_SYMBOLS
from pegboard.cribbage.events import ScoreEvent
from pegboard.cribbage.looks.tui import CribbageScreen
from pegboard.cribbage.looks.tui_ends import CribbageSummaryScreen
from pegboard.cribbage.looks.tui_view import card_box, coloured, peg_board, pegs, with_symbols
from pegboard.i18n import translator
from pegboard.tui.app import PegboardApp
from pegboard.tui.capture import screen_text
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import Setup, load_saved, save_file
from pegboard.tui.setup_screen import SetupScreen

SIZE = (80, 24)


def shown(card: Card) -> re.Pattern[str]:
    """A card as the screen may write it: ``5H`` or ``5♥``, not inside a longer word."""
    rank = str(card)[:-1]
    suits = f"[{card.suit}{SUIT_SYMBOLS[card.suit]}]"
    return re.compile(rf"(?<![\w♠♥♦♣]){rank}{suits}(?![\w♠♥♦♣])")


def everything(app: PegboardApp, screen: CribbageScreen) -> str:
    """The screen as a terminal shows it, and every line of the log (scrolled or not)."""
    return screen_text(app) + "\n" + "\n".join(screen.query_one("#log", Log).lines)


def last_log_line(screen: CribbageScreen) -> str:
    return screen.query_one("#log", Log).lines[-1]


@dataclass
class Seen:
    """What a whole match showed, and which refusals were tried."""

    moments: list[str] = field(default_factory=list)
    """Each ContinueScreen: the cut, every hand's end, every game's end."""
    turns: list[str] = field(default_factory=list)
    refusals: dict[str, str] = field(default_factory=dict)
    summary: str = ""
    match: CribbageMatch | None = None


async def check_refusals(
    pilot: object, app: PegboardApp, screen: CribbageScreen, seen: Seen
) -> None:
    """Bad input, once each: the refusal names its rule and nothing changes."""
    press = pilot.press  # type: ignore[attr-defined]
    pause = pilot.pause  # type: ignore[attr-defined]
    view = screen.game_view
    before = screen.match.to_record()
    tried = None
    if view.phase == "discard" and "C2" not in seen.refusals:
        await press("1", "enter")  # one card is no discard (C2)
        await pause()
        tried = "C2"
        seen.refusals["C2"] = last_log_line(screen)
        await press("2", "3")  # a third card: two are chosen already (C2)
        await pause()
        seen.refusals["C2 third"] = last_log_line(screen)
        assert screen.selected == [screen.hand[0], screen.hand[1]]
        await press("1", "2")  # put both back
        await pause()
        assert screen.selected == []
    elif view.phase == "pegging":
        stuck = [n for n, card in enumerate(screen.hand, 1) if not screen.playable(card)]
        fits = len(stuck) < len(screen.hand)
        if stuck and "C4" not in seen.refusals:
            await press(str(stuck[0]), "enter")  # a card that would pass 31 (C4)
            tried = "C4"
        elif fits and "C5" not in seen.refusals:
            await press("g")  # go while a card fits (C5)
            tried = "C5"
        if tried:
            await pause()
            seen.refusals[tried] = last_log_line(screen)
    if tried:
        assert screen.match.to_record() == before, f"{tried}: the refusal changed the game"
        assert app.screen is screen


async def play_match(
    lang: str, seed: int, save_dir: Path | None = None, cards: int | None = None
) -> Seen:
    """A whole match (best of 1) against a greedy bot, from the set-up screen: each time
    the first two cards for the crib, or the first card that fits, or go. ``cards=5``:
    five-card cribbage, a game to 61 (C13, C17)."""
    options = {"best_of": 1} if cards is None else {"best_of": 1, "cards": cards}
    setup = Setup(game="cribbage", lang=lang, seed=seed, save_dir=save_dir, options=options)
    app = PegboardApp(setup)
    seen = Seen()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        await pilot.pause()
        for _step in range(3000):
            screen = app.screen
            if isinstance(screen, CribbageSummaryScreen):
                seen.summary = screen_text(app)
                seen.match = screen.match
                break
            if isinstance(screen, ContinueScreen):
                seen.moments.append(screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, CribbageScreen)
            game = screen.match.game
            text = everything(app, screen)
            seen.turns.append(text)
            # C2-C6: the bot's cards in hand and in the crib are not shown before the show.
            mine = screen.game_view.discards
            for card in (*game.hands[1], *(c for c in game.crib if c not in mine)):
                assert not shown(card).search(text), f"the bot's {card} is on screen"
            # The count and both scores on the table and the board are the game's.
            view = screen.game_view
            target = 61 if cards == 5 else 121
            assert f"{view.scores[0]}/{target}" in text and f"{view.scores[1]}/{target}" in text
            await check_refusals(pilot, app, screen, seen)
            if view.phase == "discard":
                await pilot.press("1", "2", "enter")
            else:
                fits = [n for n, card in enumerate(screen.hand, 1) if screen.playable(card)]
                await pilot.press(*((str(fits[0]), "enter") if fits else ("g",)))
        else:
            raise AssertionError("the match did not end")
        await pilot.press("q")
    return seen


def test_c7_whole_match_english(tmp_path: Path) -> None:
    seen = asyncio.run(play_match("en", seed=4, save_dir=tmp_path))
    match = seen.match
    assert match is not None and match.is_over and len(match.games) == 1
    cut, *hands = seen.moments
    # Each moment fits 80×24: its last line, the button, is in sight.
    assert all(moment.rstrip().endswith("Continue") for moment in seen.moments)
    assert "Cut for the deal:" in cut and "(the lower card deals, C2)" in cut
    assert any("Starter" in turn and "Your hand" in turn for turn in seen.turns)
    # C6: each hand's end counts the shows aloud, as the game's log says them.
    game = match.games[0]
    assert len(hands) >= 2
    shows = [m for m in hands if "The show, with the starter" in m]
    assert shows and any("Your hand (" in m and "The bot's hand (" in m for m in shows)
    assert any(re.search(r"fifteen two,\s+fifteen four", m) for m in shows)
    result = game.result
    assert result.scores[result.winner] >= 121
    # C7: the last hand's screen says who won, by how much, and the game points.
    who = "You win" if result.winner == 0 else "The bot wins"
    won, lost = result.scores[result.winner], result.scores[result.loser]
    assert f"{who} the game, {won} to {lost}." in hands[-1]
    points = f"you: {match.points[0]} · the bot: {match.points[1]}"
    assert f"Game points: {points} (first to 1)." in hands[-1]
    assert (result.kind != "win") == ("skunk: " in hands[-1])  # "A skunk: ..." (C7)
    assert "Match over after 1 game" in seen.summary
    assert f"--seed {match.seed}" in seen.summary
    # The refusals name their rules (C2, C4, C5), and the game went on.
    assert seen.refusals["C2"] == "Not allowed: a discard is exactly two cards, not 1 (C2)"
    assert seen.refusals["C2 third"].endswith("(C2)")
    assert seen.refusals["C4"].startswith("Not allowed: ") and "(C4)" in seen.refusals["C4"]
    assert seen.refusals["C5"].startswith("Not allowed: ") and "(C5)" in seen.refusals["C5"]
    # A match that is over leaves nothing to resume.
    assert not save_file(tmp_path, "cribbage").exists()


def test_c7_whole_match_portuguese() -> None:
    # Five-card cribbage, a game to 61 (C13, C17): the same screens, refusals and summary
    # in Portuguese in half the hands. The English match above is six-card's to 121; the
    # screens of six-card hands in Portuguese, word for word, are test_screens_unchanged's
    # cribbage-pt.
    _ = translator("pt")
    seen = asyncio.run(play_match("pt", seed=6, cards=5))
    hand = _("Your hand")
    assert hand != "Your hand" and any(hand in turn for turn in seen.turns)
    assert not any("Your hand" in turn for turn in seen.turns)
    over = _.pgettext("cribbage", "Hand {number} is over.").format(number=1)
    assert over != "Hand 1 is over." and over in seen.moments[1]
    assert any(re.search(r"quinze\s+dois", m) for m in seen.moments)  # the show, in Portuguese
    assert _("Match over after {games} game: {points} (game points).").split("{")[0] in (
        seen.summary
    )
    # Each refusal is the engine's own reason, translated by its template, its rule cited.
    not_allowed = _("Not allowed: {reason}")
    assert seen.refusals["C2"] == not_allowed.format(
        reason=_("a discard is exactly two cards, not {count}").format(count=1) + " (C2)"
    )
    c4 = re.fullmatch(
        re.escape(not_allowed.split("{")[0])
        + r"(\S+) faria (\d+): a contagem não pode passar de 31 \(C4\)",
        seen.refusals["C4"],
    )
    assert c4 is not None and int(c4.group(2)) > 31, seen.refusals["C4"]
    # A go while a card fits: at five-card its rule is C15, in six-card's words (C5).
    c5 = re.fullmatch(re.escape(not_allowed.split("{")[0]) + r"(.+) \(C15\)", seen.refusals["C5"])
    template = "you can play without passing 31 (the count is {count}), so you must"
    assert c5 is not None and _(template) != template
    assert _(template).split("{")[0] in c5.group(1), seen.refusals["C5"]


def test_undo_takes_back_your_move_and_the_bots_reply() -> None:
    async def run() -> None:
        app = PegboardApp(Setup(game="cribbage", lang="en", seed=3), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the cut for the deal
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            before = screen.match.to_record()
            state = screen.bot.rng.getstate()
            await pilot.press("u")  # nothing to take back yet
            await pilot.pause()
            assert screen.match.to_record() == before
            await pilot.press("1", "2", "enter")
            await pilot.pause()
            assert screen.match.to_record() != before
            assert screen.game_view.discarded[0]
            await pilot.press("u")
            await pilot.pause()
            assert screen.match.to_record() == before
            assert screen.bot.rng.getstate() == state
            assert app.record == before  # the save follows the undo
            assert screen.game_view.phase == "discard" and len(screen.hand) == 6
            assert last_log_line(screen) == "Your last move is taken back."
            await pilot.press("u")  # one move only
            await pilot.pause()
            assert screen.match.to_record() == before
            await pilot.press("q")

    asyncio.run(run())


def test_hints_rank_discards_with_hand_crib_and_net_and_pegging_plays() -> None:
    async def run() -> tuple[list[str], list[str], int]:
        setup = Setup(game="cribbage", lang="en", seed=5, hint_budget=4)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            before = screen.match.to_record()
            await pilot.press("h")
            await pilot.pause()
            log = list(screen.query_one("#log", Log).lines)
            discard = log[log.index("Hint, best first:") + 1 :]
            assert screen.match.to_record() == before  # a hint moves nothing
            await pilot.press("1", "2", "enter")
            await pilot.pause()
            while isinstance(app.screen, CribbageScreen) and screen.match.current_player != 0:
                await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            log = list(screen.query_one("#log", Log).lines)
            pegging = log[len(log) - 1 - log[::-1].index("Hint, best first:") + 1 :]
            legal = len(screen.game_view.legal_actions())
            await pilot.press("q")
        return discard, pegging, legal

    discard, pegging, legal = asyncio.run(run())
    assert len(discard) == 3  # fifteen discards in a six-card hand (C2): the best three
    nets = []
    for line in discard:
        found = re.fullmatch(
            r"  \d\. \S+ \S+: hand ([\d.]+), crib ([\d.]+), net ([-+][\d.]+)", line
        )
        assert found, line
        hand, crib, net = (float(x) for x in found.groups())
        # The pone: net is the hand less the dealer's crib; the dealer: the two added.
        assert abs(net - (hand - crib)) < 0.11 or abs(net - (hand + crib)) < 0.11
        nets.append(net)
    assert nets == sorted(nets, reverse=True)
    assert len(pegging) == min(3, legal)
    assert all(re.fullmatch(r"  \d\. (\S+|go) \([-+][\d.]+\)", line) for line in pegging)


def test_saved_match_resumes_where_it_was_left(tmp_path: Path) -> None:
    async def play_some() -> tuple[dict[str, object], object]:
        setup = Setup(game="cribbage", lang="zh", seed=8, best_of=3, save_dir=tmp_path)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            await pilot.press("1", "2", "enter")
            await pilot.pause()
            fits = [n for n, card in enumerate(screen.hand, 1) if screen.playable(card)]
            await pilot.press(*((str(fits[0]), "enter") if fits else ("g",)))
            await pilot.pause()
            record = screen.match.to_record()
            state = screen.bot.rng.getstate()
            await pilot.press("q")
        return record, state

    async def resume() -> tuple[dict[str, object], object, str]:
        setup, saved = load_saved(save_file(tmp_path, "cribbage"))
        assert setup.game == "cribbage" and setup.lang == "zh" and setup.best_of == 3
        app = PegboardApp(setup, saved=saved)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            text = screen_text(app)
            record = screen.match.to_record()
            state = screen.bot.rng.getstate()
            await pilot.press("q")
        return record, state, text

    left, state = asyncio.run(play_some())
    resumed, resumed_state, text = asyncio.run(resume())
    assert resumed == left and resumed_state == state
    assert resumed["target"] == 2  # the best of three: two game points win (C7)
    assert translator("zh")("Your hand") in text


def test_setup_screen_chooses_cribbage_and_the_length_of_the_match() -> None:
    async def run() -> CribbageScreen:
        app = PegboardApp(Setup(lang="en", seed=1))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert not screen.query("#best-of")  # Draw: to its target, no best-of
            screen.query_one("#players", Select).value = 3
            screen.query_one("#game", Select).value = "cribbage"
            await pilot.pause()
            players = screen.query_one("#players", Select)
            assert not players.disabled  # two, three (C8) or four in partnerships (C9)
            assert players.value == 3  # the count chosen for Draw fits cribbage too
            players.value = 2  # you and one bot
            assert screen.query_one("#best-of", Select).display
            screen.query_one("#best-of", Select).value = 5
            screen.query_one("#level-1", Select).value = "beginner"  # a level for people
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            match_screen = app.screen
            assert isinstance(match_screen, ContinueScreen)  # the cut for the deal first
            await pilot.press("enter")
            await pilot.pause()
            match_screen = app.screen
            assert isinstance(match_screen, CribbageScreen)
            await pilot.press("q")
        return match_screen

    screen = asyncio.run(run())
    assert screen.match.target == 3 and screen.bot.name == "beginner"


def test_mouse_clicks_choose_cards_and_lay_them() -> None:
    async def run() -> None:
        app = PegboardApp(Setup(game="cribbage", lang="en", seed=3), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.click("#continue")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            first, second = screen.hand[0], screen.hand[1]
            await pilot.click("#card-1")
            await pilot.click("#card-2")
            await pilot.pause()
            assert screen.selected == [first, second]
            await pilot.click("#lay")
            await pilot.pause()
            assert set(screen.game_view.discards) == {first, second}  # C2: into the crib
            await pilot.press("q")

    asyncio.run(run())


def test_c7_board_front_and_back_pegs_and_skunk_lines() -> None:
    _ = translator("en")
    # Seat 0 pegged 2 (his heels), then 6: the back peg stays where the 6 started.
    log = [
        ScoreEvent(1, 0, 2, "his heels", (Card.parse("JH"),), None, 2),
        ScoreEvent(1, 0, 6, "pegging", (Card.parse("5H"),), None, 8),
        ScoreEvent(1, 1, 0, "hand", (), Card.parse("JH"), 0),
    ]
    fronts, backs = pegs(log)
    assert fronts == [8, 0] and backs == [2, 0]
    you, bot = peg_board((30, 0), (12, 0), _)
    assert you.count("●") == 1 and you.count("○") == 1 and you.count("┊") == 2
    assert you.index("○") < you.index("●") < you.index("┊")  # 12 < 30 < 61 < 91
    assert you.endswith("30/121") and "●" not in bot and len(you) <= 80
    # The skunk lines stand at 61 and 91 of 121 along the row (C7).
    holes = you[you.index("|") + 1 : you.rindex("|")]
    first, second = (i for i, c in enumerate(holes) if c == "┊")
    assert round(first / len(holes) * 121) in range(58, 63)
    assert round(second / len(holes) * 121) in range(88, 93)


def test_c1_cards_drawn_as_boxes_in_red_and_black() -> None:
    rows = card_box(Card.parse("10H"), "3")
    assert [row.plain for row in rows] == ["┌3──┐", "│10♥│", "└───┘"]
    assert any("red" in str(span.style) for span in rows[1].spans)
    spade = card_box(Card.parse("5S"))[1]
    assert spade.plain == "│5♠ │" and not any("red" in str(s.style) for s in spade.spans)
    assert card_box(None)[1].plain == "│░░░│"  # face down: the starter before the cut
    assert with_symbols("You lay 5H 10D in your crib.") == "You lay 5♥ 10♦ in your crib."
    text: Text = coloured("fifteen two: 7C 8D")
    assert text.plain == "fifteen two: 7♣ 8♦"
    assert [text.plain[s.start : s.end] for s in text.spans] == ["7♣", "8♦"]


def test_cribbage_fits_an_80x24_terminal() -> None:
    from rich.cells import cell_len

    from pegboard.tui.capture import capture

    for lang in ("en", "zh"):
        _ = translator(lang)
        text = asyncio.run(capture("cribbage", lang, seed=4, moves=3, players=2))
        rows = text.splitlines()
        assert len(rows) <= 24 and all(cell_len(row) <= 80 for row in rows)
        # Everything of the table is in sight at once: the scores on the board, the
        # starter and the count, your hand, what to do, the keys.
        assert sum(row.endswith("/121") for row in rows) == 2
        for words in (_("Starter"), _("Your hand"), _("Hint"), _("Undo")):
            assert words in text, words
        assert _("Count {count}").split("{")[0] in text


def test_c7_best_of_three_goes_on_to_the_next_game_its_loser_dealing() -> None:
    """A best-of-three match resumed near the end of its first game: the game's end says
    the game points and who deals next (the loser, ACC 1.5), and the second game starts."""
    from pegboard.games import make_bot

    match = CribbageMatch(best_of=3, seed=12)
    bots = [make_bot("cribbage", "greedy", seed) for seed in (1, 2)]
    while not (max(match.game.scores) >= 105 and match.current_player == 0):
        seat = match.current_player
        assert seat is not None and not match.games
        match.apply(bots[seat].act(match.observation(seat)), seat=seat)
    setup = Setup(game="cribbage", lang="en", seed=12, best_of=3, levels=["greedy"])
    saved = {"game": "cribbage", "setup": setup.saved_setup(), "match": match.to_record()}
    saved["bots"] = {"1": bots[1].rng.getstate()}

    async def run() -> tuple[str, str, CribbageScreen]:
        app = PegboardApp(setup, saved=saved)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            main = app.screen
            assert isinstance(main, CribbageScreen)
            for _step in range(200):
                screen = app.screen
                if isinstance(screen, ContinueScreen):
                    text = screen_text(app)
                    await pilot.press("enter")
                    if main.match.games:
                        break
                    continue
                assert isinstance(screen, CribbageScreen)
                if screen.game_view.phase == "discard":
                    await pilot.press("1", "2", "enter")
                else:
                    fits = [n for n, c in enumerate(screen.hand, 1) if screen.playable(c)]
                    await pilot.press(*((str(fits[0]), "enter") if fits else ("g",)))
            else:
                raise AssertionError("the first game did not end")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            status = screen_text(app)
            await pilot.press("q")
        return text, status, screen

    text, status, screen = asyncio.run(run())
    first = screen.match.games[0]
    points = screen.match.points
    assert len(screen.match.games) == 1 and screen.match.game.scores == (0, 0)
    assert f"Game points: you: {points[0]} · the bot: {points[1]} (first to 2)." in text
    deals = "you deal" if first.result.loser == 0 else "the bot deals"
    assert f"Game 2: {deals} first (the loser of a game deals the next)." in text
    assert screen.match.game.dealer == first.result.loser
    assert f"Game 2 · game points: you: {points[0]} · the bot: {points[1]}" in status
    assert "you: 0 · the bot: 0 (to 121)" in status


# -- hot-seat: two people at one terminal ----------------------------------------------------


async def play_hot_seat_hand(lang: str, seed: int, save_dir: Path) -> tuple[list[str], int]:
    """The first hand of a hot-seat match (seat 1 "human"), the pilot playing both seats,
    up to the show: at every turn only the viewer's cards are on screen (never the other
    person's unplayed cards, nor what they laid in the crib), and each change of person first
    shows the privacy screen, with no card of either hand on it."""
    setup = Setup(
        game="cribbage",
        levels=["human"] * 3,
        lang=lang,
        seed=seed,
        best_of=1,
        save_dir=save_dir,
        hint_budget=4,
    )
    app = PegboardApp(setup)
    privacy: list[str] = []
    viewers: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Start
        await pilot.pause()
        await pilot.press("enter")  # the cut for the deal
        for _step in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ContinueScreen):
                below = app.screen_stack[-2]
                assert isinstance(below, CribbageScreen)
                if not isinstance(screen.body, str):
                    break  # the show: the hand is over, every card revealed (C6)
                game = below.match.game
                text = screen_text(app) + "\n" + "\n".join(below.query_one("#log", Log).lines)
                for card in (*game.hands[0], *game.hands[1], *game.crib):
                    assert not shown(card).search(text), f"{card} on the privacy screen"
                assert below.hand == []  # nothing of either hand below it
                assert below.viewer == game.current_player
                assert not viewers or viewers[-1] != below.viewer
                privacy.append(screen_text(app))
                await pilot.press("enter")
                continue
            assert isinstance(screen, CribbageScreen)
            game = screen.match.game
            viewer = screen.viewer
            assert viewer == game.current_player
            assert screen.undo_point is None  # no undo between people
            if viewers and viewers[-1] != viewer:
                assert len(privacy) > 0
            viewers.append(viewer)
            view = screen.game_view
            text = everything(app, screen)
            mine = view.discards
            other = 1 - viewer
            for card in (*game.hands[other], *(c for c in game.crib if c not in mine)):
                assert not shown(card).search(text), f"seat {other}'s {card} on seat {viewer}'s"
            assert sorted(screen.hand) == sorted(game.hands[viewer])
            if view.phase == "discard":
                # a hint and a refusal name the viewer's cards: they must leave with the turn
                await pilot.press("h", "1", "2", "3")
                await pilot.pause()
                await pilot.press("3", "enter")
            else:
                fits = [n for n, card in enumerate(screen.hand, 1) if screen.playable(card)]
                await pilot.press(*((str(fits[0]), "enter") if fits else ("g",)))
        else:
            raise AssertionError("the hand did not end")
        await pilot.press("q")
    return privacy, len(set(viewers))


def test_c2_hot_seat_hand_each_lays_away_behind_the_privacy_screen_portuguese(
    tmp_path: Path,
) -> None:
    _ = translator("pt")
    privacy, seats = asyncio.run(play_hot_seat_hand("pt", seed=4, save_dir=tmp_path))
    assert seats == 2  # both people played, each at their own turns
    passing = _("Pass the keyboard to {name}: press Enter when only they can see the screen.")
    assert passing != "Pass the keyboard to {name}: press Enter when only they can see the screen."
    assert len(privacy) >= 2
    assert all(passing.split("{")[0] in text for text in privacy)
    # the save keeps the seat kinds: resumed, seat 1 is still a person
    setup, _state = load_saved(save_file(tmp_path, "cribbage"))
    assert setup.levels[0] == "human" and setup.humans == [0, 1]


def test_a_number_then_enter_plays_one_card_in_the_pegging() -> None:
    # Issue 35, defect 14: a number key played its card at once, while the footer said
    # numbers choose, so "4, Enter" played card 4 and then another. A number chooses;
    # Enter plays the card chosen, once.
    async def run() -> None:
        app = PegboardApp(Setup(game="cribbage", lang="en", seed=3), skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the cut for the deal
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            await pilot.press("1", "2", "enter")
            for _ in range(20):  # the bot lays away and, if it leads, plays
                await pilot.pause()
                if screen.game_view.phase == "pegging" and screen.your_turn():
                    break
            assert screen.game_view.phase == "pegging" and screen.your_turn()
            held = list(screen.hand)
            number = next(n for n, card in enumerate(held, 1) if screen.playable(card))
            await pilot.press(str(number))
            await pilot.pause()
            assert screen.hand == held, "a number alone played a card"
            await pilot.press("enter")
            for _ in range(5):
                await pilot.pause()
            played = [c for c in held if c not in screen.hand]
            assert played == [held[number - 1]]
            assert "1-6/←→ space: choose · Enter: lay/play" in screen_text(app)  # as it says
            await pilot.press("q")

    asyncio.run(run())


def test_c17_a_five_card_match_is_introduced_to_61_and_six_card_to_121() -> None:
    """The opening line reads the game's own target and rule: 61 and C17 at five-card (the
    option cards=5), 121 and C7 at six-card; in the reader's language."""

    async def run(lang: str, cards: int) -> str:
        setup = Setup(game="cribbage", lang=lang, seed=3, best_of=1, cards=cards)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert not isinstance(screen, CribbageScreen)  # the cut for the deal first
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, CribbageScreen)
            assert screen.match.game.cards == (5 if cards == 5 else None)
            line = screen.introduction()
            await pilot.press("q")
            return line

    five = asyncio.run(run("en", 5))
    assert "first to 61 wins a game (C17)" in five and "121" not in five
    assert "first to 121 wins a game (C7)" in asyncio.run(run("en", 6))
    assert "先到 61 分者赢一场（C17）" in asyncio.run(run("zh", 5))


def test_c17_the_five_card_board_runs_to_61_with_the_lurch_line() -> None:
    """At five-card the board's pegs stand against 61 and its one line is the lurch (31);
    at six-card against 121 with the double-skunk (61) and skunk (91) lines."""
    _ = translator("en")
    five = peg_board([31, 3], [0, 0], _, target=61)
    assert five[0].endswith("| 31/61") and five[1].endswith("| 3/61")
    assert five[1].count("┊") == 1
    # 31 of 61 is the lurch line's own hole: the peg stands on it.
    assert five[0].count("┊") == 0 and "●" in five[0]
    six = peg_board([31, 3], [0, 0], _)
    assert six[0].endswith("| 31/121") and six[1].count("┊") == 2
