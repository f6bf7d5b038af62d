"""The game-agnostic protocol that every pegboard game implements.

A game offers positions (:class:`Position`) with a current player, legal actions, ``apply``,
per-seat observations and resampling of hidden information, plus versioned JSON records.
Bots, the arena and every client use only this protocol.
"""

from pegboard.core.errors import IllegalActionError, RecordError
from pegboard.core.protocol import Action, Observation, Position
from pegboard.core.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    check_record,
    check_replayed,
    new_record,
    recorded_actions,
    replay_actions,
)

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Action",
    "IllegalActionError",
    "Observation",
    "Position",
    "RecordError",
    "check_record",
    "check_replayed",
    "new_record",
    "recorded_actions",
    "replay_actions",
]
