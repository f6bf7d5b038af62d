"""Versioned JSON records of games and matches.

Every record is a JSON object with ``format``, ``version`` and ``game``. A record holds the
seeds and the actions, so that a replay rebuilds every position exactly; full records
(with the deal) are for the server and for replays after the match, never for a seat
during play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, Protocol, TypeVar

from pegboard.core.errors import N_, RecordError

RECORD_FORMAT = "pegboard-record"
RECORD_VERSION = 1


class _Recorded(Protocol):
    def to_record(self) -> dict[str, Any]: ...


M = TypeVar("M", bound=_Recorded)


def new_record(game: str, kind: str) -> dict[str, Any]:
    """The header every record starts with."""
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": game, "kind": kind}


def check_record(
    record: object, game: str | None = None, kind: str | None = None
) -> dict[str, Any]:
    """Check a record's header and return it as a dict, or raise ``RecordError``."""
    if not isinstance(record, dict):
        raise RecordError(N_("a record must be a JSON object"))
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(
            N_("not a pegboard record (format is {format!r})"), format=record.get("format")
        )
    version = record.get("version")
    if version != RECORD_VERSION:
        raise RecordError(
            N_("unsupported record version {version!r} (this pegboard reads {supported})"),
            version=version,
            supported=RECORD_VERSION,
        )
    if game is not None and record.get("game") != game:
        raise RecordError(
            N_("this is a record of {found!r}, not of {game!r}"),
            found=record.get("game"),
            game=game,
        )
    if kind is not None and record.get("kind") != kind:
        raise RecordError(
            N_("this record is a {found!r}, not a {kind!r}"), found=record.get("kind"), kind=kind
        )
    return record


AFTER_THE_END = {
    "game": N_("action {number} ({text!r}) comes after the game ended"),
    "match": N_("action {number} ({text!r}) comes after the match ended"),
    "round": N_("action {number} ({text!r}) comes after the round ended"),
}
"""One message per unit a record holds (a whole sentence each, for the translators)."""


def replay_actions(
    position: Any,
    actions: object,
    parse: Callable[[str], Any],
    what: Literal["game", "match", "round"] = "game",
) -> None:
    """Apply ``actions`` (a list of notations) to ``position`` in order.

    The first action that cannot be read or played, or that comes after the end, raises a
    ``RecordError`` that gives its number, so that a damaged record is easy to find.
    """
    if isinstance(actions, str) or not isinstance(actions, Iterable):
        raise RecordError(N_("the actions of a record are a list of moves"))
    for number, text in enumerate(actions, 1):
        if position.is_over:
            raise RecordError(AFTER_THE_END[what], number=number, text=text)
        try:
            position.apply(parse(text))
        except ValueError as error:
            raise RecordError(
                N_("action {number} ({text!r}) cannot be played: {reason}"),
                number=number,
                text=text,
                reason=error,
            ) from error


def check_replayed(record: dict[str, Any], replayed: dict[str, Any], keys: Iterable[str]) -> None:
    """Raise ``RecordError`` unless the replay rebuilt every one of ``keys`` as recorded."""
    for key in keys:
        if record.get(key) != replayed.get(key):
            raise RecordError(N_("the replayed {key} differ from the record"), key=key)


def recorded_actions(record: dict[str, Any], finished: str, current: str) -> list[str]:
    """Every action of a match record in order: those of each finished unit (``record[
    finished]``, a list of rounds or games), then those of the one in play (``current``)."""
    actions: list[str] = []
    for unit in record.get(finished, []):
        actions.extend(unit["actions"])
    in_play = record.get(current)
    if in_play is not None:
        actions.extend(in_play["actions"])
    return actions


def read_match_record(
    record: dict[str, Any],
    *,
    game: str,
    start: Callable[[dict[str, Any]], M],
    parse: Callable[[str], Any],
    finished: str,
    current: str,
    checked: Iterable[str],
) -> M:
    """A match read back from its record by replaying it: ``start(record)`` makes the
    match from the record's options and seed, the actions of every finished unit
    (``record[finished]``) and of the one in play (``record[current]``) are played in
    order, and the replay must rebuild every key of ``checked`` as recorded. Any fault is
    a ``RecordError`` that says what differs, as for every game's record."""
    check_record(record, game=game, kind="match")
    try:
        match = start(record)
        replay_actions(match, recorded_actions(record, finished, current), parse, what="match")
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(N_("the match record does not replay: {reason}"), reason=error) from error
    check_replayed(record, match.to_record(), (*checked, current))
    return match
