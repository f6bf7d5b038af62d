"""What an observer is asked to tell (``pegboard.openspiel.common.Told``): OpenSpiel's
``IIGObservationType`` read in one place for Draw's, cribbage's and the generic observers,
the seats whose own part each kind shows, and how an information-state string begins."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.openspiel.common import INFORMATION_STATE, Told, told  # noqa: E402

P = pyspiel.PrivateInfoType


def test_openspiels_default_observer_is_the_observation_public_and_own() -> None:
    assert told(None) == Told(perfect_recall=False, public=True, private=P.SINGLE_PLAYER)
    assert told(pyspiel.IIGObservationType(perfect_recall=True)) == INFORMATION_STATE


@pytest.mark.parametrize("recall", [False, True])
@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("private", [P.NONE, P.SINGLE_PLAYER, P.ALL_PLAYERS])
def test_every_iig_observation_type_is_read_as_asked(
    recall: bool, public: bool, private: object
) -> None:
    kind = told(
        pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    )
    assert (kind.perfect_recall, kind.public, kind.private) == (recall, public, private)
    assert kind.has_private == (private != P.NONE)
    assert kind.all_private == (private == P.ALL_PLAYERS)
    shown = {P.NONE: (), P.SINGLE_PLAYER: (2,), P.ALL_PLAYERS: (0, 1, 2, 3)}[private]
    assert kind.seats(2, 4) == shown


def test_an_information_state_string_begins_with_the_seat_then_the_public_opening() -> None:
    assert INFORMATION_STATE.history_head(1, 2, "lead:0") == ["p1", "lead:0"]
    assert Told(True, False, P.SINGLE_PLAYER).history_head(1, 2, "lead:0") == ["p1"]
    assert Told(True, True, P.NONE).history_head(1, 2, "first:1") == ["first:1"]
    assert Told(True, False, P.NONE).history_head(1, 2, "first:1") == []
