"""Hints rank every legal action of a seat from its observation alone, best first; the
cribbage discard shows hand, crib and net; bad records and seats are clear errors.

The experts are written elsewhere; these tests use small analysers defined here.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from io import StringIO
from itertools import combinations
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pegboard.bots import Evaluation
from pegboard.cli.hint import hint_table
from pegboard.cli.main import app
from pegboard.cribbage import DECK, CribbageMatch, CribbageObservation, Discard, Game, score_hand
from pegboard.draw import DrawObservation, DrawTile, Match, Play, Round
from pegboard.fives import FivesHand, FivesMatch, FivesRules
from pegboard.fives.bots.expert import FivesExpert
from pegboard.games import make_bot
from pegboard.hints import HintError, hint, register_analyser, unregister_analyser

LEVEL = "test"


class PipAnalyser:
    """Draw: a play is worth its tile's pips (the greedy idea), a draw -1, a pass -2."""

    seen: ClassVar[list[Any]] = []

    def __init__(self, budget: int | None = None) -> None:
        self.budget = budget

    def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]:
        PipAnalyser.seen.append(observation)
        out = []
        for action in observation.legal_actions():
            if isinstance(action, Play):
                value = float(action.tile.pips) + rng.random() / 100
            else:
                value = -1.0 if isinstance(action, DrawTile) else -2.0
            out.append(Evaluation(action, value, "test pips"))
        return out


class KeepAnalyser:
    """Cribbage: a discard is worth the mean show of the four kept over the 46 starters
    (the crib counted as nothing); a pegging play the card's value."""

    budget = 1

    def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]:
        # A match observation wraps the game's: the cards are in there.
        observation = getattr(observation, "game", observation)
        out = []
        for action in observation.legal_actions():
            if isinstance(action, Discard):
                kept = tuple(c for c in observation.hand if c not in action.cards)
                starters = [c for c in DECK if c not in observation.hand]
                mean = sum(score_hand(kept, s) for s in starters) / len(starters)
                details = {"hand": mean, "crib": 0.0, "net": mean}
                out.append(Evaluation(action, mean, "expected net points", details))
            else:
                value = float(getattr(getattr(action, "card", None), "value", 0))
                out.append(Evaluation(action, value, "card value"))
        return out


@pytest.fixture(autouse=True)
def _analysers() -> Iterator[None]:
    register_analyser("draw", PipAnalyser, level=LEVEL)
    register_analyser("cribbage", KeepAnalyser, level=LEVEL)
    PipAnalyser.seen.clear()
    yield
    unregister_analyser("draw", LEVEL)
    unregister_analyser("cribbage", LEVEL)


def _round_in_play(seed: int = 3, moves: int = 5) -> Round:
    round_ = Round.deal(3, seed=seed)
    bots = [make_bot("draw", "greedy", seed=s) for s in range(3)]
    for _ in range(moves):
        seat = round_.current_player
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    return round_


def test_hint_ranks_every_legal_action_best_first() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    evaluations = hint(round_, seat, level=LEVEL)
    assert [e.action for e in evaluations] != []
    assert {e.action for e in evaluations} == set(round_.legal_actions())
    assert len(evaluations) == len(round_.legal_actions())
    values = [e.value for e in evaluations]
    assert values == sorted(values, reverse=True)


def test_hint_gives_the_analyser_only_the_seats_observation() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    hint(round_, seat, level=LEVEL)
    (seen,) = PipAnalyser.seen
    assert isinstance(seen, DrawObservation)
    assert seen == round_.observation(seat)


def test_hint_from_a_record_equals_hint_from_the_position() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    record = json.loads(json.dumps(round_.to_record()))
    assert hint(record, seat, level=LEVEL) == hint(round_, seat, level=LEVEL)


def test_the_same_seed_gives_the_same_hint() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    assert hint(round_, seat, level=LEVEL, seed=4) == hint(round_, seat, level=LEVEL, seed=4)


def test_hint_works_for_matches() -> None:
    match = Match(2, seed=5)
    seat = match.current_player
    assert seat is not None
    assert len(hint(match.to_record(), seat, level=LEVEL)) == len(match.legal_actions())
    cmatch = CribbageMatch(seed=5)
    cseat = cmatch.current_player
    assert cseat is not None
    assert len(hint(cmatch.to_record(), cseat, level=LEVEL)) == 15


def test_cribbage_discard_hint_lists_the_15_choices_with_hand_crib_net() -> None:
    game = Game.new(seed=11, dealer=0)
    seat = game.current_player
    assert seat == 1  # the pone lays away first (C2)
    evaluations = hint(game, seat, level=LEVEL)
    assert len(evaluations) == 15  # C(6, 2)
    hand = game.hands[seat]
    assert {frozenset(e.action.cards) for e in evaluations} == {
        frozenset(pair) for pair in combinations(hand, 2)
    }
    for e in evaluations:
        assert set(e.details) == {"hand", "crib", "net"}
        assert e.details["net"] == e.value


def test_budget_reaches_an_analyser_that_searches() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    built: list[PipAnalyser] = []

    def factory() -> PipAnalyser:
        built.append(PipAnalyser(100))
        return built[-1]

    register_analyser("draw", factory, level=LEVEL)
    hint(round_, seat, level=LEVEL, budget=7)
    hint(round_, seat, level=LEVEL)
    assert [analyser.budget for analyser in built] == [7, 100]


def test_a_seat_not_to_act_is_an_error() -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    with pytest.raises(HintError, match=f"seat {(seat + 1) % 3} is not to act"):
        hint(round_, (seat + 1) % 3, level=LEVEL)


@pytest.mark.parametrize("seat", [-1, 3, 9, "0"])
def test_a_seat_out_of_range_is_an_error(seat: Any) -> None:
    with pytest.raises(HintError, match="from 0 to 2"):
        hint(_round_in_play(), seat, level=LEVEL)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"format": "other"}, "not a pegboard record"),
        (
            {"format": "pegboard-record", "version": 1, "game": "go", "kind": "x"},
            "no game 'go'; the games are draw, cribbage",
        ),
        (
            {"format": "pegboard-record", "version": 1, "game": "draw", "kind": "game"},
            "no record of kind 'game' for draw",
        ),
        (
            {"format": "pegboard-record", "version": 1, "game": "draw", "kind": "round"},
            "does not replay|needs a 'deal'",
        ),
        ("not a record", "position or a record"),
    ],
)
def test_a_bad_record_is_an_error(record: Any, message: str) -> None:
    with pytest.raises(HintError, match=message):
        hint(record, 0, level=LEVEL)


def test_an_unknown_level_names_the_levels_that_give_hints() -> None:
    with pytest.raises(HintError, match=r"no 'wizard' analyser for draw .*test"):
        hint(_round_in_play(), _round_in_play().current_player or 0, level="wizard")


def test_an_analyser_that_skips_a_legal_action_is_caught() -> None:
    class Lazy:
        def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]:
            return [Evaluation(observation.legal_actions()[0], 1.0, "x")]

    register_analyser("draw", Lazy, level=LEVEL)
    round_ = Round.deal(2, seed=1)
    with pytest.raises(RuntimeError, match="legal ones"):
        hint(round_, round_.current_player or 0, level=LEVEL)


def test_a_finished_round_has_no_hint() -> None:
    round_ = _round_in_play(moves=0)
    bots = [make_bot("draw", "greedy", seed=s) for s in range(3)]
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    with pytest.raises(HintError, match="over"):
        hint(round_, 0, level=LEVEL)


# -- pegboard hint -----------------------------------------------------------------------

runner = CliRunner()


def _write(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return path


def test_cli_hint_prints_a_discard_table(tmp_path: Path) -> None:
    game = Game.new(seed=11, dealer=0)
    path = _write(tmp_path, game.to_record())
    # The command line counts seats from 1 (issue 35, defect 5): seat 1 of the library.
    result = runner.invoke(app, ["hint", str(path), "--seat", "2", "--level", LEVEL])
    assert result.exit_code == 0, result.output
    for word in ("hand", "crib", "net", "expected net points", "15 legal actions"):
        assert word in result.output
    rows = [line for line in result.output.splitlines() if "discard" in line]
    assert len(rows) == 15


def test_cli_hint_json(tmp_path: Path) -> None:
    round_ = _round_in_play()
    seat = round_.current_player
    assert seat is not None
    path = _write(tmp_path, round_.to_record())
    args = ["hint", str(path), "--seat", str(seat + 1), "--level", LEVEL, "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["win_probability"] is None  # a round alone: no match to win
    data = answer["actions"]
    expected = hint(round_, seat, level=LEVEL)
    assert [d["action"] for d in data] == [str(e.action) for e in expected]
    assert [d["value"] for d in data] == [e.value for e in expected]
    assert all(d["unit"] == "test pips" and d["details"] == {} for d in data)


@pytest.mark.parametrize(
    ("content", "seat", "message"),
    [
        (None, "1", "cannot read"),
        ("{not json", "1", "not a JSON record"),
        ('{"format": "pegboard-record", "version": 7}', "1", "unsupported record version"),
        ("GAME", "5", "seat is a number from 1 to 2, not 5"),
        ("GAME", "0", "seat is a number from 1 to 2, not 0"),
        ("GAME", "1", "seat 1 is not to act: it is seat 2's turn"),
    ],
)
def test_cli_hint_errors_are_one_line(
    tmp_path: Path, content: str | None, seat: str, message: str
) -> None:
    path = tmp_path / "r.json"
    if content == "GAME":
        content = json.dumps(Game.new(seed=11, dealer=0).to_record())
    if content is not None:
        path.write_text(content)
    result = runner.invoke(app, ["hint", str(path), "--seat", seat, "--level", LEVEL])
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_cribbage_observation_given_to_the_analyser_holds_only_the_seats_hand() -> None:
    game = Game.new(seed=11, dealer=0)
    seen: list[Any] = []

    class Spy(KeepAnalyser):
        def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]:
            seen.append(observation)
            return super().analyse(observation, rng)

    register_analyser("cribbage", Spy, level=LEVEL)
    hint(game, 1, level=LEVEL)
    assert isinstance(seen[0], CribbageObservation)
    assert set(seen[0].hand) == set(game.hands[1])
    assert not {str(c) for c in game.hands[0]} & set(json.dumps(seen[0].to_dict()).split('"'))


# -- the Fives family: the expert's hints -------------------------------------------------

FIVES_BUDGET = 40


def _fives_positions(game: str) -> Iterator[tuple[FivesHand, int]]:
    """Seeded live hands of ``game`` (2 players, 3, and 4 in partnerships) where the seat to
    play has a choice, after a few greedy moves: the hand and the seat."""
    for seed in range(9):
        players = (2, 3, 4)[seed % 3]
        hand = FivesHand.deal(FivesRules(game, players), seed=seed, leader=seed % players)  # type: ignore[arg-type]
        bots = [make_bot(game, "greedy", seed=seed + s) for s in range(players)]
        for _ in range(3 + seed):
            seat = hand.current_player
            if seat is None:
                break
            hand.apply(bots[seat].act(hand.observation(seat)))
        seat = hand.current_player
        if seat is not None and len(hand.legal_actions()) > 1:
            yield hand, seat


@pytest.mark.parametrize("game", ["all-fives", "fives-and-threes"])
def test_f4_fives_hints_rank_the_legal_actions_and_the_best_is_the_experts_move(
    game: str,
) -> None:
    """The expert's hints for a Fives position: every legal action once, best first, the
    best the move the expert itself plays with the same seed and budget."""
    checked = 0
    for hand, seat in _fives_positions(game):
        evaluations = hint(hand, seat, level="expert", seed=checked, budget=FIVES_BUDGET)
        legal = hand.legal_actions()
        assert sorted(map(str, (e.action for e in evaluations))) == sorted(map(str, legal))
        values = [e.value for e in evaluations]
        assert values == sorted(values, reverse=True)
        expert = FivesExpert(budget=FIVES_BUDGET)
        move = expert.choose(hand.observation(seat), random.Random(checked))
        assert move == evaluations[0].action
        assert all(e.unit == "expected point margin" for e in evaluations)
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game", ["all-fives", "fives-and-threes"])
def test_f2_fives_hints_use_no_hidden_tile(game: str) -> None:
    """The hints are the same when every tile the seat cannot see is dealt again (the
    other hands and the boneyard resampled), and the same from the hand's record or from
    its match's."""
    differed = 0
    for number, (hand, seat) in enumerate(_fives_positions(game)):
        expected = hint(hand, seat, level="expert", seed=number, budget=FIVES_BUDGET)
        for k in range(2):
            twin = hand.sample_hidden(seat, random.Random(100 * number + k))
            differed += twin.hands != hand.hands
            assert hint(twin, seat, level="expert", seed=number, budget=FIVES_BUDGET) == expected
        record = json.loads(json.dumps(hand.to_record()))
        assert hint(record, seat, level="expert", seed=number, budget=FIVES_BUDGET) == expected
    assert differed >= 6
    match = FivesMatch(FivesRules(game, 2), seed=7)  # type: ignore[arg-type]
    match_seat = match.current_player
    assert match_seat is not None
    from_record = hint(match.to_record(), match_seat, level="expert", budget=FIVES_BUDGET)
    assert from_record == hint(match, match_seat, level="expert", budget=FIVES_BUDGET)
    assert {e.action for e in from_record} == set(match.legal_actions())


def test_the_hint_table_prints_counts_as_integers() -> None:
    # An ISMCTS hint's details are counts held as floats: "iterations 600.00" read oddly.
    ranked = [Evaluation("draw", 5.2204, "margin", {"iterations": 600.0, "visits": 412.0})]
    console = Console(file=StringIO(), width=100)
    console.print(hint_table(ranked, 0, "expert"))
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    assert " 600 " in printed and " 412 " in printed and " 5.22 " in printed, printed
    assert ".00" not in printed and "5.220" not in printed, printed


def test_the_hint_table_shows_a_discard_as_hand_crib_pegging_net() -> None:
    # Cribbage Pro's order: the hand, the crib, the pegging, and the net they make.
    game = Game.new(seed=1, dealer=0)
    ranked = hint(game, 1)
    console = Console(file=StringIO(), width=140)
    console.print(hint_table(ranked, 1, "expert"))
    printed = console.file.getvalue()  # type: ignore[attr-defined]
    header = next(line for line in printed.splitlines() if "crib" in line)
    columns = [cell.strip() for cell in header.split("┃") if cell.strip()]
    assert columns[-4:] == ["hand", "crib", "pegging", "net"], header
