"""Shared helpers for the cribbage game tests: building positions and comparing states."""

from __future__ import annotations

import json
import random
from typing import Any

from pegboard.core import RecordError
from pegboard.cribbage import Card, Game, Play, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def play(text: str) -> Play:
    return Play(Card.parse(text))


def _record(game: Game) -> str | None:
    try:
        return json.dumps(game.to_record(), sort_keys=True)
    except RecordError:  # a sampled position has no record
        return None


def snapshot(game: Game) -> Any:
    """Everything a game holds, hidden or public, in a comparable form."""
    return (
        _record(game),
        game.hands,
        game.kept,
        game.crib,
        game.stock,
        game.starter,
        game.count,
        game.pile,
        game.played,
        game.scores,
        game.log,
        game.shows,
        game.history,
        game.current_player,
        game.phase,
        game.dealer,
        game.hand_number,
        game.legal_actions(),
        json.dumps(game.observation(0).to_dict(), sort_keys=True),
        json.dumps(game.observation(1).to_dict(), sort_keys=True),
    )


def play_randomly(game: Game, rng: random.Random, steps: int | None = None) -> None:
    """Take random legal actions until the game ends (or for ``steps`` actions)."""
    taken = 0
    while not game.is_over and (steps is None or taken < steps):
        game.apply(rng.choice(game.legal_actions()))
        taken += 1
