"""D4: the actions of a turn (play, draw, pass) and their notation."""

from __future__ import annotations

import pickle

import pytest

from pegboard.draw import (
    DOUBLE_SIX,
    DRAW,
    PASS,
    SIDES,
    DrawTile,
    End,
    IllegalActionError,
    Line,
    Pass,
    Play,
    Round,
    Tile,
    parse_action,
)

ALL_ENDS = [End(t, s) for t in DOUBLE_SIX for s in (("A", "B") if t.is_double else ("high", "low"))]
ALL_PLAYS = [Play(t) for t in DOUBLE_SIX] + [Play(t, e) for t in DOUBLE_SIX for e in ALL_ENDS]


def test_d4_there_are_56_possible_ends() -> None:
    assert len(ALL_ENDS) == 56
    assert len(set(ALL_ENDS)) == 56
    assert {e.side for e in ALL_ENDS} == set(SIDES)


def test_d4_actions_are_hashable_values() -> None:
    play = Play(Tile(3, 4), End(Tile(4, 4), "B"))
    assert play == Play(Tile(4, 3), End(Tile(4, 4), "B"))
    assert hash(play) == hash(Play(Tile(3, 4), End(Tile(4, 4), "B")))
    assert len({play, Play(Tile(3, 4), End(Tile(4, 4), "B")), DRAW, PASS, DrawTile(), Pass()}) == 3
    assert DrawTile() == DRAW and Pass() == PASS
    assert DRAW != PASS
    assert Play(Tile(1, 4)) != Play(Tile(1, 4), End(Tile(4, 4), "A"))
    with pytest.raises(AttributeError):
        play.tile = Tile(1, 1)  # type: ignore[misc]


def test_d4_actions_pickle_to_equal_values() -> None:
    for action in [DRAW, PASS, Play(Tile(1, 4)), Play(Tile(3, 4), End(Tile(4, 4), "B"))]:
        assert pickle.loads(pickle.dumps(action)) == action


def test_d4_notation_examples() -> None:
    assert str(Play(Tile(4, 1))) == "1-4"
    assert str(Play(Tile(3, 4), End(Tile(4, 4), "B"))) == "3-4@4-4B"
    assert str(Play(Tile(1, 1), End(Tile(1, 4), "low"))) == "1-1@1-4L"
    assert str(Play(Tile(4, 6), End(Tile(1, 4), "high"))) == "4-6@1-4H"
    assert str(DRAW) == "draw"
    assert str(PASS) == "pass"


def test_d4_every_play_round_trips_through_parse_action() -> None:
    assert len(ALL_PLAYS) == 28 + 28 * 56
    texts = set()
    for play in ALL_PLAYS:
        text = str(play)
        texts.add(text)
        assert parse_action(text) == play, text
    assert len(texts) == len(ALL_PLAYS)  # the notation tells every play apart


def test_d4_draw_and_pass_round_trip() -> None:
    assert parse_action(str(DRAW)) == DRAW
    assert parse_action(str(PASS)) == PASS
    assert parse_action(" Draw ") == DRAW
    assert parse_action("PASS") == PASS


def test_d4_parse_action_accepts_bracketed_tiles() -> None:
    assert parse_action("[3|4]@[4|4]B") == Play(Tile(3, 4), End(Tile(4, 4), "B"))
    assert parse_action("[4|1]") == Play(Tile(1, 4))


@pytest.mark.parametrize(
    "text",
    ["", "play", "drawn", "1-4@", "1-4@9-10B", "1-4@1-4A", "1-1@1-1H", "8-10", "1-4@4-4Q", "@4-4B"],
)
def test_d4_nonsense_raises_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_action(text)
    message = str(caught.value)
    assert repr(text) in message
    assert "3-4@4-4B" in message  # it shows how to write a move


def test_d4_parse_action_rejects_non_text() -> None:
    with pytest.raises(ValueError):
        parse_action(None)  # type: ignore[arg-type]


def test_b1_end_value_and_sides() -> None:
    assert End(Tile(1, 4), "high").value == 4
    assert End(Tile(1, 4), "low").value == 1
    assert End(Tile(4, 4), "A").value == 4
    assert End(Tile(4, 4), "B").value == 4
    with pytest.raises(ValueError, match="B1"):
        End(Tile(4, 4), "high")
    with pytest.raises(ValueError, match="B1"):
        End(Tile(1, 4), "A")
    with pytest.raises(ValueError, match="B1"):
        End(Tile(1, 4), "left")  # type: ignore[arg-type]


def test_b1_end_notation_round_trips() -> None:
    for end in ALL_ENDS:
        assert End.parse(end.notation) is end
        assert End.parse(str(end)) is end


def test_d5_round_parse_action_fills_in_the_only_fitting_end() -> None:
    line = Line.from_plays([(Tile(1, 4), None), (Tile(4, 4), End(Tile(1, 4), "high"))])
    round_ = Round.from_position([[Tile(1, 2), Tile(0, 4), Tile(5, 6)], [Tile(6, 6)]], line=line)
    # Open numbers: 1 (low end of [1|4]) and 4 (side B of [4|4]).
    assert round_.parse_action("2-1") == Play(Tile(1, 2), End(Tile(1, 4), "low"))
    assert round_.parse_action("[0|4]") == Play(Tile(0, 4), End(Tile(4, 4), "B"))
    assert round_.parse_action("0-4@4-4B") == Play(Tile(0, 4), End(Tile(4, 4), "B"))
    assert round_.parse_action("draw") == DRAW
    with pytest.raises(IllegalActionError) as caught:
        round_.parse_action("5-6")  # fits no open end
    assert caught.value.rule == "D5"
    with pytest.raises(ValueError):
        round_.parse_action("1-2@")


def test_d5_round_parse_action_asks_which_end_when_two_fit() -> None:
    line = Line.from_plays([(Tile(1, 6), None), (Tile(4, 6), End(Tile(1, 6), "high"))])
    round_ = Round.from_position([[Tile(1, 4)], [Tile(6, 6)]], line=line)
    with pytest.raises(IllegalActionError) as caught:
        round_.parse_action("1-4")
    assert caught.value.rule == "D5"
    assert "1-4@" in str(caught.value)  # it shows how to name the end
    opened = Round.from_position(
        [[Tile(3, 4)], [Tile(6, 6)]], line=Line.from_plays([(Tile(4, 4), None)])
    )
    with pytest.raises(IllegalActionError):
        opened.parse_action("3-4")
    assert opened.parse_action("3-4@4-4A") == Play(Tile(3, 4), End(Tile(4, 4), "A"))


def test_d3_round_parse_action_opening_needs_no_end() -> None:
    round_ = Round.from_position([[Tile(2, 5)], [Tile(6, 6)]])
    assert round_.parse_action("5-2") == Play(Tile(2, 5))
