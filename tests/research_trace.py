"""Traces of seeded episodes of Draw and cribbage through the research interfaces, to show
that a change of the adapters changes nothing a user sees (issue 34, "one generation of
surfaces"): for the PettingZoo environments every agent's observation and mask, the
rewards and the rendered text at each step; for the OpenSpiel games every player's
information-state and observation strings and tensors (the default ones and those of each
``IIGObservationType``), the legal actions and their strings, the chance outcomes, the
returns, seeded resamples, and the ISMCTS bot's choices.

Arrays are kept as a digest of their bytes, dtype and shape (identical or not is the
question; the step that differs names where). ``python -m tests.research_trace`` writes the
fixtures in ``tests/fixtures/research/``; ``tests/test_research_equivalence.py`` compares.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

FIXTURES = Path(__file__).parent / "fixtures" / "research"

ENV_CASES: dict[str, tuple[str, dict[str, Any], tuple[int, ...]]] = {
    "draw_2": ("pegboard.draw.looks.envs", {"num_players": 2, "render_mode": "ansi"}, (1, 2, 3)),
    "draw_3_points": (
        "pegboard.draw.looks.envs",
        {"num_players": 3, "reward": "points", "lang": "pt", "render_mode": "ansi"},
        (4, 5),
    ),
    "draw_4_leader": (
        "pegboard.draw.looks.envs",
        {"num_players": 4, "leader": 2, "lang": "zh", "render_mode": "ansi"},
        (6, 7),
    ),
    "cribbage_game": ("pegboard.cribbage.looks.envs", {"render_mode": "ansi"}, (1,)),
    "cribbage_win": ("pegboard.cribbage.looks.envs", {"reward": "win"}, (2,)),
    "cribbage_hand": (
        "pegboard.cribbage.looks.envs",
        {"episode": "hand", "render_mode": "ansi"},
        (3, 4, 5),
    ),
}

SPIEL_CASES: dict[str, tuple[str, dict[str, Any], tuple[int, ...], bool]] = {
    # name: (short name, parameters, seeds, every observation type too)
    "draw_2": ("pegboard_draw", {"players": 2}, (1, 2), True),
    "draw_3_zero_sum": ("pegboard_draw", {"players": 3, "zero_sum": True}, (3,), True),
    "draw_4": ("pegboard_draw", {"players": 4}, (4,), False),
    "cribbage_hand": ("pegboard_cribbage", {"hands": 1}, (1, 2), True),
    "cribbage_game": ("pegboard_cribbage", {"hands": 0}, (3,), False),
}


def digest(array: Any) -> str:
    array = np.ascontiguousarray(np.asarray(array))
    head = f"{array.dtype.str}{array.shape}".encode()
    return hashlib.sha256(head + array.tobytes()).hexdigest()[:20]


# -- PettingZoo ------------------------------------------------------------------------------


def env_trace(module: str, kwargs: dict[str, Any], seed: int) -> list[Any]:
    env = importlib.import_module(module).env(**kwargs)
    env.reset(seed=seed)
    rng = random.Random(seed)
    steps: list[Any] = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        views = {a: env.observe(a) for a in env.possible_agents}
        steps.append(
            {
                "agent": agent,
                "reward": float(reward),
                "done": [bool(termination), bool(truncation)],
                "rewards": {a: float(r) for a, r in env.rewards.items()},
                "views": {
                    a: [digest(v["observation"]), digest(v["action_mask"])]
                    for a, v in views.items()
                },
                "render": env.render() if kwargs.get("render_mode") == "ansi" else None,
            }
        )
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return [{"metadata": dict(env.unwrapped.metadata)}, *steps]


def env_traces() -> dict[str, Any]:
    return {
        f"{case}_{seed}": env_trace(module, kwargs, seed)
        for case, (module, kwargs, seeds) in ENV_CASES.items()
        for seed in seeds
    }


# -- OpenSpiel -------------------------------------------------------------------------------


def observation_types() -> list[tuple[str, Any]]:
    import pyspiel

    kinds = []
    for recall in (False, True):
        for public in (True, False):
            for private in ("SINGLE_PLAYER", "NONE", "ALL_PLAYERS"):
                kind = pyspiel.IIGObservationType(
                    perfect_recall=recall,
                    public_info=public,
                    private_info=getattr(pyspiel.PrivateInfoType, private),
                )
                kinds.append((f"{'recall' if recall else 'obs'}-{int(public)}-{private}", kind))
    return kinds


def spiel_game_info(game: Any) -> dict[str, Any]:
    kind = game.get_type()
    return {
        "short_name": kind.short_name,
        "long_name": kind.long_name,
        "utility": str(kind.utility),
        "chance_mode": str(kind.chance_mode),
        "parameters": {k: str(v) for k, v in sorted(kind.parameter_specification.items())},
        "num_distinct_actions": game.num_distinct_actions(),
        "max_chance_outcomes": game.max_chance_outcomes(),
        "num_players": game.num_players(),
        "min_utility": game.min_utility(),
        "max_utility": game.max_utility(),
        "max_game_length": game.max_game_length(),
        "information_state_tensor_shape": list(game.information_state_tensor_shape()),
        "observation_tensor_shape": list(game.observation_tensor_shape()),
    }


def spiel_trace(short: str, params: dict[str, Any], seed: int, every_kind: bool) -> list[Any]:
    import pyspiel
    from open_spiel.python.observation import make_observation

    import pegboard.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(short, params)
    kinds = [(name, make_observation(game, kind)) for name, kind in observation_types()]
    players = game.num_players()
    rng = random.Random(seed)
    resamples = random.Random(seed + 1000)
    state = game.new_initial_state()
    steps: list[Any] = [spiel_game_info(game)]
    decision = 0
    while True:
        step: dict[str, Any] = {"current": state.current_player(), "str": str(state)}
        step["returns"] = state.returns()
        for player in range(players):
            seen: dict[str, Any] = {
                "info_string": state.information_state_string(player),
                "info_tensor": digest(state.information_state_tensor(player)),
                "obs_string": state.observation_string(player),
                "obs_tensor": digest(state.observation_tensor(player)),
            }
            if every_kind:
                for name, observation in kinds:
                    observation.set_from(state, player)
                    seen[name] = [
                        observation.string_from(state, player),
                        digest(observation.tensor),
                        sorted((k, list(np.shape(v))) for k, v in observation.dict.items()),
                    ]
            step[f"p{player}"] = seen
        steps.append(step)
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            step["chance"] = [[int(a), float(p)] for a, p in outcomes]
            step["chance_strings"] = [state.action_to_string(int(a)) for a, _ in outcomes[:3]]
            actions, probs = zip(*outcomes, strict=True)
            action = int(rng.choices(actions, probs)[0])
        else:
            legal = state.legal_actions()
            step["legal"] = legal
            step["legal_strings"] = [
                state.action_to_string(state.current_player(), a) for a in legal
            ]
            decision += 1
            if decision % 4 == 1:
                seat = state.current_player()
                other = state.resample(seat, random.Random(resamples.getrandbits(63)))
                step["resample"] = [
                    str(other),
                    other.information_state_string(seat),
                    digest(other.information_state_tensor(seat)),
                    other.legal_actions(),
                ]
            action = int(rng.choice(legal))
        step["action"] = action
        state.apply_action(action)
    return steps


def ismcts_trace(game_name: str, seed: int, decisions: int) -> list[str]:
    """The ISMCTS bot's choices along a match of random moves (a budget of 12 simulations)."""
    from pegboard import games
    from pegboard.openspiel.bots import ISMCTSBot

    game = games.get(game_name)
    match = game.new_match(game.check_options({"players": 2}), seed)
    bot = ISMCTSBot(game_name, budget=12)
    rng = random.Random(seed)
    chosen: list[str] = []
    while not match.is_over and len(chosen) < decisions:
        seat = match.current_player
        observation = match.observation(seat)
        legal = observation.legal_actions()
        action = bot.choose(observation, random.Random(rng.getrandbits(63)))
        chosen.append(f"{seat}:{action}")
        assert action in legal
        game.play(match, seat, rng.choice(legal))
    return chosen


def spiel_traces() -> dict[str, Any]:
    traces: dict[str, Any] = {
        f"{case}_{seed}": spiel_trace(short, params, seed, every_kind)
        for case, (short, params, seeds, every_kind) in SPIEL_CASES.items()
        for seed in seeds
    }
    traces["ismcts_draw"] = ismcts_trace("draw", 5, 40)
    traces["ismcts_cribbage"] = ismcts_trace("cribbage", 6, 40)
    return traces


def write(name: str, trace: dict[str, Any]) -> None:
    """The fixture ``name``: JSON, one item a line, gzipped (with no time in its header, so
    that the same trace writes the same bytes)."""
    FIXTURES.mkdir(parents=True, exist_ok=True)
    text = json.dumps(trace, indent=0, sort_keys=True, ensure_ascii=False) + "\n"
    (FIXTURES / f"{name}.json.gz").write_bytes(gzip.compress(text.encode(), 9, mtime=0))


def read(name: str) -> dict[str, Any]:
    text = gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()).decode()
    found: dict[str, Any] = json.loads(text)
    return found


def normal(trace: Any) -> Any:
    """A trace as JSON reads it back (tuples as lists)."""
    return json.loads(json.dumps(trace, sort_keys=True, ensure_ascii=False))


if __name__ == "__main__":
    which = sys.argv[1:] or ["envs", "openspiel"]
    if "envs" in which:
        write("envs", env_traces())
    if "openspiel" in which:
        write("openspiel", spiel_traces())
