"""The generic PettingZoo environment (``pegboard.envs.game.raw_env``: one match per
episode) encodes a match with the numbers of the options played
(``Game.research_encoding(options)``): a Draw match of the double-nine set (D25-D27) with
its 167 actions and 189 entries, alone, in the Block game or in partnerships; cribbage's
five-card deal (C13), muggins (C18) and tables of three or four (C8, C9) with theirs. An
option no encoding plays is refused in words (muggins among three or four), and the
default options keep every number. Whole matches are played with every action legal (the
unwrapped environment raises on any other), and a seat's observation holds nothing of the
hands it cannot see."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from pegboard import games
from pegboard.draw.encoding import numbers_of
from pegboard.envs.base import wrap
from pegboard.envs.game import raw_env
from pegboard.games import OptionError
from pegboard.i18n import describe_error


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    # api_test warns that a dict observation "should be" a Box (as for the classic envs).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def play_match(env: Any, seed: int, check: Callable[[Any], None] | None = None) -> int:
    """A whole match of random legal actions on the unwrapped environment (an illegal one
    would raise the engine's error); every vector and mask the encoding's size. The number
    of actions taken."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    size, actions = env.encoding.observation_size, env.encoding.num_actions
    taken = 0
    for agent in env.agent_iter():
        observation, _reward, termination, truncation, _info = env.last()
        assert observation["observation"].shape == (size,)
        assert observation["action_mask"].shape == (actions,)
        if termination or truncation:
            env.step(None)
            continue
        if check is not None:
            check(env)
        legal = np.flatnonzero(observation["action_mask"])
        seat = int(agent.removeprefix("player_"))
        view = env.match.observation(seat)
        assert {env.encoding.action_index(view, a) for a in view.legal_actions()} == set(legal)
        env.step(int(rng.choice(legal)))
        taken += 1
    assert env.match.is_over
    return taken


# -- Draw's double-nine set (D25-D27) ----------------------------------------------------------

NINE = [
    {"players": 2, "set": 9},
    {"players": 3, "set": 9, "block": 1},
    {"players": 4, "set": 9, "partnerships": 1},
]


@pytest.mark.parametrize("options", NINE, ids=["two", "block-three", "partners-four"])
def test_d25_the_generic_env_plays_a_double_nine_match_with_its_numbers(
    options: dict[str, int],
) -> None:
    env = raw_env("draw", **options)
    assert (env.encoding.num_actions, env.encoding.observation_size) == (167, 189)
    agent = env.possible_agents[0]
    assert env.observation_space(agent)["observation"].shape == (189,)
    assert env.action_space(agent).n == 167
    taken = play_match(env, seed=3)
    assert env.match.tile_set == 9 and len(env.match.rounds) >= 1
    assert all(t.index < 55 for t in env.match.round.line.tiles)
    assert taken > 20


def test_d25_a_double_nine_match_passes_pettingzoo_api_test() -> None:
    api_test(wrap(raw_env("draw", players=2, set=9)), num_cycles=300, verbose_progress=False)


def test_d25_the_vectors_are_the_double_nine_numbers_of_the_round_in_play() -> None:
    env = raw_env("draw", players=3, set=9)
    env.reset(seed=5)
    nine = numbers_of(9)
    parts = {name: (start, size) for name, start, size in nine.layout}
    for seat, agent in enumerate(env.possible_agents):
        vector = env.observe(agent)["observation"]
        start, size = parts["hand"]
        hand = {int(i) for i in np.flatnonzero(vector[start : start + size])}
        assert hand == {t.index for t in env.match.round.hand(seat)}
        assert len(hand) == 7  # seven tiles each from the double-nine set (D26)


def hidden_check(env: Any, seeds: range) -> tuple[int, int, int]:
    """Over random matches: how often a seat's observation or mask changed when only the
    tiles it cannot see were dealt again (``Match.sample_hidden``), how often they did
    change, and how often another seat's observation changed with them (the comparison can
    see a change)."""
    leaks = changed = seen_by_other = 0
    rng = random.Random(0)

    def check(env: Any) -> None:
        nonlocal leaks, changed, seen_by_other
        match = env.match
        agents = env.possible_agents
        for seat in range(len(agents)):
            before = [env.observe(a) for a in agents]
            resampled = match.sample_hidden(seat, rng)
            env.match = resampled
            after = [env.observe(a) for a in agents]
            env.match = match
            others = [s for s in range(len(agents)) if s != seat]
            if all(resampled.round.hand(s) == match.round.hand(s) for s in others):
                continue
            changed += 1
            leaks += any(
                not np.array_equal(before[seat][key], after[seat][key])
                for key in ("observation", "action_mask")
            )
            seen_by_other += any(
                not np.array_equal(before[s]["observation"], after[s]["observation"])
                for s in others
            )

    for seed in seeds:
        play_match(env, seed, check)
    return leaks, changed, seen_by_other


@pytest.mark.parametrize("options", NINE, ids=["two", "block-three", "partners-four"])
def test_d25_a_seat_sees_nothing_of_the_double_nine_tiles_it_cannot_see(
    options: dict[str, int],
) -> None:
    leaks, changed, seen_by_other = hidden_check(raw_env("draw", **options), range(1))
    assert changed > 20 and seen_by_other > 20  # the hidden tiles really were dealt again
    assert leaks == 0


def test_d25_the_hidden_check_catches_a_vector_that_shows_another_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = raw_env("draw", players=2, set=9)
    honest = env.encoding

    class Leaky:
        """The double-nine numbers, but a seat's vector built from the next seat's view."""

        num_actions = honest.num_actions
        observation_size = honest.observation_size
        max_length = honest.max_length
        action_index = honest.action_index
        action = honest.action

        def encode(self, observation: Any) -> Any:
            return honest.encode(env.match.observation(1 - observation.seat))

    monkeypatch.setattr(env, "encoding", Leaky())
    leaks, changed, _seen = hidden_check(env, range(1))
    assert changed > 20 and leaks > 10


def test_d25_a_draw_match_is_dealt_again_only_where_the_seat_cannot_see() -> None:
    match = games.get("draw").new_match({"players": 3, "set": 9}, 4)
    other = match.sample_hidden(1, random.Random(2))
    assert other.observation(1) == match.observation(1)
    assert other.round.hand(0) != match.round.hand(0)
    assert (other.scores, other.round.line.tiles) == (match.scores, match.round.line.tiles)


# -- cribbage's deal, count and tables ----------------------------------------------------------

CRIBBAGE = [
    ({"cards": 5}, 1379, 381),
    ({"muggins": 1}, 1439, 441),
    ({"cards": 5, "muggins": 1}, 1439, 442),
    ({"players": 3}, 105, 603),
    ({"players": 4}, 105, 603),
]


@pytest.mark.parametrize(("options", "actions", "size"), CRIBBAGE)
def test_c8_c9_c13_c18_the_generic_env_plays_cribbage_with_the_numbers_of_its_options(
    options: dict[str, int], actions: int, size: int
) -> None:
    env = raw_env("cribbage", **options)
    assert (env.encoding.num_actions, env.encoding.observation_size) == (actions, size)
    play_match(env, seed=2)


def test_c13_a_five_card_match_passes_pettingzoo_api_test() -> None:
    api_test(wrap(raw_env("cribbage", cards=5)), num_cycles=200, verbose_progress=False)


def test_c18_muggins_among_three_or_four_is_refused_in_words() -> None:
    for players in (3, 4):
        with pytest.raises(OptionError) as error:
            raw_env("cribbage", players=players, muggins=1)
        assert (error.value.option, error.value.rule) == ("muggins", "C18")
    assert "muggins between two players only" in str(error.value)
    for lang in ("pt", "zh", "hi"):
        said = describe_error(error.value, lang)
        assert said != str(error.value) and "C18" in said


# -- the default options ------------------------------------------------------------------------


def test_the_default_options_keep_every_number() -> None:
    for name in games.names():
        game = games.get(name)
        default = game.research_encoding()
        if default is None:
            continue
        players = range(game.min_players, game.max_players + 1)
        for seats in [None] if name == "cribbage" else players:
            request = {} if seats is None else {game.players_option: seats}
            encoding = game.research_encoding(request)
            assert encoding is not None
            numbers = (encoding.num_actions, encoding.observation_size, encoding.max_length)
            assert numbers == (default.num_actions, default.observation_size, default.max_length)
    six = games.get("draw").research_encoding({"players": 4, "block": 1, "partnerships": 1})
    assert six is not None and (six.num_actions, six.observation_size) == (86, 117)
