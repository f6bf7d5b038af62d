"""`pegboard play cribbage` with muggins (C18-C20): the person is asked for their count at
each claim, and told when the bot calls muggins and why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.cli.play import run_table
from pegboard.cribbage import Game
from pegboard.cribbage.actions import Claim, Muggins
from pegboard.cribbage.looks.cli import BOT, CribbageTable
from pegboard.games import make_bot
from pegboard.i18n import translator
from tests.cli.test_cribbage_play import Script  # the scripted terminal


def _played(lang: str = "en") -> tuple[Game, Script]:
    # The person (seat 0) is the pone with 5H 5D JS 4C and the 6S turned: 17 with his nobs.
    game = Game.from_position(
        ["5H 5D JS 4C", "2C 3C 9D KD"], dealer=1, crib="AH 7H 8S QC", starter="6S", muggins=1
    )
    script = Script(["1"] * 5 + ["30", "16", "0", "0"])  # five pegging moves
    bots = {BOT: make_bot("cribbage", "greedy", seed=1)}
    table = CribbageTable(games.get("cribbage"), game, bots, script, translator(lang), seed=0)
    run_table(table, script, translator(lang))
    return game, script


def test_c19_the_person_under_claims_and_the_bot_calls_muggins() -> None:
    game, script = _played()
    text = "\n".join(script.lines)
    assert "How many points do you claim? A number (C18)." in text
    assert "a claim is from 0 to 29 points" in text  # 30 refused, asked again
    assert "You claim 16." in text
    assert "The bot calls muggins for 1." in text
    assert "The count of your hand (non-dealer):" in text and "his nobs is seventeen" in text
    assert "Muggins: the bot pegs 1" in text
    assert "The bot claims 4 for its hand: 2C 3C 9D KD + 6S." in text
    assert "Muggins? The points it missed, or 0 to let the claim stand (C19)." in text
    actions = [m.action for m in game.history]
    assert Claim(16) in actions and Muggins(1) in actions
    assert game.hand_number == 2  # the show is over, the next hand dealt


def test_c18_the_claims_are_asked_in_every_language() -> None:
    for lang, words in (("pt", "Quantos pontos"), ("zh", "报多少分"), ("hi", "कितने अंकों")):
        _, script = _played(lang)
        assert words in "\n".join(script.lines), lang


def test_c19_replay_reads_a_record_with_muggins(tmp_path: Path) -> None:
    game, _ = _played()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Seat 1 claims 16." in result.output  # seat 0 is "seat 1" to people
    assert "Seat 2 calls muggins for 1." in result.output
    assert "The count of" in result.output


def test_c18_play_with_the_option_muggins_asks_for_the_count() -> None:
    answers = ["1 2"] + ["1"] * 6 + ["8"] * 12
    result = CliRunner().invoke(
        app,
        ["play", "--plain", "cribbage", "--seed", "3", "--option", "muggins=1"],
        input="\n".join(answers) + "\n",
    )
    assert "How many points do you claim? A number (C18)." in result.output, result.output
    assert "Traceback" not in result.output
    refused = CliRunner().invoke(app, ["play", "--plain", "cribbage", "--option", "muggins=2"])
    assert "the option muggins is 1 (the players count, C18) or 0, not 2" in refused.output


def test_c18_play_with_the_option_muggins_opens_the_full_screen_in_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pegboard.tui.app import PegboardApp

    opened: list[PegboardApp] = []
    monkeypatch.setattr("pegboard.cli.play.full_screen_possible", lambda: True)
    monkeypatch.setattr("pegboard.tui.app.PegboardApp.run", lambda self: opened.append(self))
    result = CliRunner().invoke(app, ["play", "cribbage", "--seed", "3", "--option", "muggins=1"])
    assert result.exit_code == 0, result.output
    [opening] = opened
    assert opening.setup.options["muggins"] == 1
    assert opening.setup.match_options()["muggins"] == 1  # the match is played with it
    # A value the registry refuses is refused before the app opens, with its rule.
    refused = CliRunner().invoke(app, ["play", "cribbage", "--option", "muggins=2"])
    assert refused.exit_code == 1 and len(opened) == 1
    assert refused.output == (
        "pegboard: error: The score is counted for the players (0), or by the players with "
        "muggins (1, C18).\n"
    )
    # --plain stays line by line in a terminal too.
    plain = CliRunner().invoke(
        app, ["play", "--plain", "cribbage", "--option", "muggins=1"], input="quit\n"
    )
    assert len(opened) == 1 and "You leave the match." in plain.output


def test_c18_c19_hint_at_the_show_is_the_exact_count(tmp_path: Path) -> None:
    # 5H 5D JS 4C with the 6S turned: fifteens 5H+JS, 5D+JS, 4+5H+6, 4+5D+6 (8), the pair
    # of fives (10), two runs 4-5-6 (16) and his nobs (JS, the starter a spade) is 17.
    game = Game.from_position(
        ["5H 5D JS 4C", "2C 3C 9D KD"], dealer=1, crib="AH 7H 8S QC", starter="6S", muggins=1
    )
    while game.phase != "show":
        game.apply(game.legal_actions()[0])
    claim = tmp_path / "claim.json"
    claim.write_text(json.dumps(game.to_record()))
    game.apply(Claim(15))
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(game.to_record()))
    ranked = []
    for path in (claim, answer):
        result = CliRunner().invoke(app, ["hint", str(path), "--json"])
        assert result.exit_code == 0, result.output
        ranked.append(json.loads(result.output)["actions"])
    assert ranked[0][0] == {
        "action": "claim 17",
        "value": 17.0,
        "unit": "net points at the show",
        "details": {},
    }
    values = {row["action"]: row["value"] for row in ranked[0]}
    assert values["claim 15"] == 13.0  # 15 pegged, 2 mugged (C19)
    assert values["claim 20"] == 17.0  # corrected to 17, nothing taken (C20)
    assert [row["action"] for row in ranked[1][:2]] == ["muggins 2", "muggins 3"]
    assert {row["action"]: row["value"] for row in ranked[1]}["no muggins"] == 0.0


def test_c18_replay_reads_a_match_record_with_muggins(tmp_path: Path) -> None:
    """A match's record (what the full screen saves and ``--save`` writes) replays with the
    players' claims: the replay's match counts with muggins too."""
    from pegboard.cribbage import CribbageMatch

    match = CribbageMatch(best_of=1, seed=5, muggins=1)
    bots = [make_bot("cribbage", "beginner", seed=seat) for seat in range(2)]
    while match.game.hand_number < 3:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)), seat=seat)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()))
    result = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    claims = [m.action for m in match.game.history if isinstance(m.action, Claim)]
    assert len(claims) == 6  # two hands, each claimed for twice and the crib (C18)
    assert result.output.count(" claims ") == 6, result.output
    assert "The count of seat 1's hand" in result.output


def test_c19_analyse_grades_an_under_claim_in_a_match_record(tmp_path: Path) -> None:
    """``pegboard analyse`` reads a match record with muggins (the full screen's save) and
    grades a claim by the points it leaves to muggins: seat 1 claims two fewer than its
    hand holds, pegging two fewer and leaving two to muggins, 4 points short (C19)."""
    from pegboard.cribbage import CribbageMatch
    from pegboard.cribbage.scoring import score_breakdown

    match = CribbageMatch(best_of=1, seed=5, muggins=1)
    bots = [make_bot("cribbage", "greedy", seed=seat) for seat in range(2)]
    held = None
    while match.game.hand_number < 2:
        seat = match.current_player
        assert seat is not None
        view = match.game.observation(seat)
        action = bots[seat].act(match.observation(seat))
        showing = view.showing
        if showing is not None and showing.claimed is None and seat == 0 and held is None:
            assert view.starter is not None
            items = score_breakdown(showing.cards, view.starter, showing.what == "crib").items
            held = sum(item.points for item in items)
            assert held >= 2 and action == Claim(held)  # the bot's exact count
            action = Claim(held - 2)
        match.apply(action, seat=seat)
    assert held is not None
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_record()))
    result = CliRunner().invoke(app, ["analyse", str(path), "--budget", "2", "--lang", "en"])
    assert result.exit_code == 0, result.output
    graded = f"played claim {held - 2}, best claim {held}, −4.0"
    assert graded in " ".join(result.output.split()), result.output
