"""The game-agnostic protocol: every game's positions and observations conform to it."""

from __future__ import annotations

import json
import random

import pytest

from pegboard.core import (
    RECORD_VERSION,
    IllegalActionError,
    Observation,
    Position,
    RecordError,
    check_record,
    new_record,
)
from pegboard.draw import Match, Round


def test_draw_round_is_a_position() -> None:
    round_ = Round.deal(3, seed=1)
    assert isinstance(round_, Position)
    assert isinstance(round_.observation(0), Observation)


def test_a_generic_driver_plays_any_position_to_the_end() -> None:
    """A driver that knows only the protocol finishes a round and a match."""
    for position in (Round.deal(4, seed=2), Match(2, seed=3)):
        rng = random.Random(0)
        steps = 0
        while not position.is_over:
            seat = position.current_player
            assert seat is not None
            legal = position.legal_actions()
            assert legal, "a position that is not over has a legal action"
            assert list(position.observation(seat).legal_actions()) == list(legal)
            position.apply(rng.choice(legal))
            steps += 1
            assert steps < 100_000
        assert position.current_player is None


def test_illegal_action_error_names_its_rule() -> None:
    error = IllegalActionError("nobody draws from the last two tiles", "D8")
    assert isinstance(error, ValueError)
    assert error.rule == "D8"
    assert "D8" in str(error)


def test_record_header_is_versioned_json() -> None:
    record = new_record("draw", "match")
    assert json.loads(json.dumps(record)) == record
    assert check_record(record, game="draw", kind="match") is record
    with pytest.raises(RecordError, match="version"):
        check_record({**record, "version": RECORD_VERSION + 1})
    with pytest.raises(RecordError, match="not a pegboard record"):
        check_record({"format": "chess"})
    with pytest.raises(RecordError, match="cribbage"):
        check_record(record, game="cribbage")
    with pytest.raises(RecordError, match="JSON object"):
        check_record([1, 2])
