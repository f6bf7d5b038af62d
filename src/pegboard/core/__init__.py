"""The game-agnostic protocol that every pegboard game implements.

A game offers positions (:class:`Position`) with a current player, legal actions, ``apply``,
per-seat observations and resampling of hidden information, plus versioned JSON records.
Bots, the arena and every client use only this protocol.
"""

from pegboard.core.errors import N_, AllOf, AnyOf, IllegalActionError, RecordError, WordedError
from pegboard.core.narration import Event, Joined, Later
from pegboard.core.protocol import Action, Observation, Position
from pegboard.core.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    check_record,
    check_replayed,
    new_record,
    read_match_record,
    recorded_actions,
    replay_actions,
)

__all__ = [
    "N_",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Action",
    "AllOf",
    "AnyOf",
    "Event",
    "IllegalActionError",
    "Joined",
    "Later",
    "Observation",
    "Position",
    "RecordError",
    "WordedError",
    "check_record",
    "check_replayed",
    "new_record",
    "read_match_record",
    "recorded_actions",
    "replay_actions",
]
