"""A cribbage game's record: written (``Game.to_record``) and replayed exactly
(``Game.from_record``, a ``RecordError`` at the first difference).

Split from ``pegboard.cribbage.game``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pegboard.core import N_, RecordError, check_record, new_record

if TYPE_CHECKING:
    from pegboard.cribbage.game import Game


def game_record(game: Game) -> dict[str, Any]:
    """A versioned JSON record: how the game started, and every action since."""
    if "sampled" in game._origin:
        raise RecordError(N_("a sampled position has no record: it never happened"))
    record = new_record("cribbage", "game")
    record.update(game._origin)
    record["first_dealer"] = game._first_dealer
    record["cuts"] = [[str(c) for c in cut.cards] for cut in game._cuts]
    record["actions"] = [str(action) for _, _, action in game._history]
    record["hands_played"] = game._hand_no
    record["scores"] = list(game._scores)
    record["result"] = None if game._result is None else game._result.to_dict()
    return record


def replayed_game(cls: type[Game], record: dict[str, Any]) -> Game:
    """Replay a game record exactly as a ``cls`` (``Game`` or a subclass); raise
    ``RecordError`` if anything differs."""
    check_record(record, game="cribbage", kind="game")
    try:
        if "new" in record:
            start = record["new"]
            game = cls.new(
                seed=start["seed"],
                dealer=start["dealer"],
                players=start.get("players", 2),
                cards=start.get("cards"),
                muggins=start.get("muggins", 0),
            )
        elif "position" in record:
            pos = record["position"]
            game = cls.from_position(
                pos["hands"],
                dealer=pos["dealer"],
                scores=pos["scores"],
                crib=pos["crib"],
                starter=pos["starter"],
                stock=pos["stock"],
                seed=pos["seed"],
                hand_number=pos["hand_number"],
                cards=pos.get("cards"),
                muggins=pos.get("muggins", 0),
            )
        else:
            raise RecordError(N_("a game record needs a 'new' or a 'position'"))
        # Read as the game reads them: ``discard 5H`` is one card among three or four (C8).
        game.replay(record["actions"])
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RecordError(N_("the game record does not replay: {reason}"), reason=error) from error
    replayed = game.to_record()
    for key in ("first_dealer", "cuts", "hands_played", "scores", "result"):
        if key in record and record[key] != replayed[key]:
            raise RecordError(N_("the replayed {key} differ from the record"), key=key)
    return game
