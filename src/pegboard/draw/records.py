"""A Draw round's record: written (``Round.to_record``) and replayed (``Round.from_record``,
a ``RecordError`` when it does not replay or ends otherwise than recorded).

Split from ``pegboard.draw.round``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from pegboard.core import N_, RecordError, check_record, new_record
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import Tile
from pegboard.draw._purecore import ACTIONS

if TYPE_CHECKING:
    from pegboard.draw.round import Round

R = TypeVar("R", bound="Round")


def round_record(round_: Round) -> dict[str, Any]:
    """A versioned JSON record: how the round started, and every action since."""
    record = new_record("draw", "round")
    record.update(round_._origin)
    record["actions"] = [str(ACTIONS[code]) for _, code in round_._history_codes()]
    result = round_.result
    if result is not None:
        record["result"] = result.to_dict()
    return record


def replayed_round(cls: type[R], record: dict[str, Any]) -> R:
    """Replay a round record as a ``cls`` (``Round``, ``PureRound``); raise ``RecordError``
    if it does not replay."""
    check_record(record, game="draw", kind="round")
    try:
        if "deal" in record:
            deal = record["deal"]
            round_ = cls.deal(
                deal["players"],
                seed=deal["seed"],
                leader=deal["leader"],
                block=deal.get("block", False),  # a record without it is Draw's (D18)
                # and one without partnerships is of players alone (D21)
                partnerships=deal.get("partnerships", False),
                tile_set=deal.get("set", 6),  # and one without set is of the double-six (D25)
            )
        elif "position" in record:
            pos = record["position"]
            line = Line.from_plays(
                [
                    (Tile.parse(t), None if e is None else End.parse(e))
                    for t, e in pos.get("line", [])
                ]
            )
            round_ = cls.from_position(
                [[Tile.parse(t) for t in hand] for hand in pos["hands"]],
                [Tile.parse(t) for t in pos["stock"]],
                current=pos["current"],
                line=line,
                leader=pos.get("leader"),
                passes=pos.get("passes", 0),
                absent=pos.get("absent"),
                block=pos.get("block", False),
                partnerships=pos.get("partnerships", False),
                tile_set=pos.get("set", 6),
            )
        else:
            raise RecordError(N_("a round record needs a 'deal' or a 'position'"))
        round_.replay(record.get("actions", []))
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(N_("the round record does not replay: {reason}"), reason=error) from error
    replayed = round_.result
    # A recorded result must be replayed exactly: a round that is still going, or
    # ends differently, means the record was cut short or altered.
    if "result" in record and (replayed is None or replayed.to_dict() != record["result"]):
        raise RecordError(N_("the replayed result differs from the recorded one"))
    return round_
