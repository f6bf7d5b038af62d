"""``cribbage_v0`` among three (C8) and four in partnerships (C9) with muggins (``muggins=1``,
C18-C20): PettingZoo's own tests pass; the claims and calls are numbered after the table's
105 and the show is in the vector (the 29 hand, a known count, claimed short by the
dealer's left and mugginsed by the seat on its left, an opponent at both tables); the
rewards are the engine's points (a side's among four); and no seat's vector or mask
changes when only the cards it has not seen (the other hands, a partner's too, and the
crib until it is turned up) are dealt again."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pegboard.cribbage import Game
from pegboard.cribbage.actions import LAY_OF, LayAway
from pegboard.cribbage.cards import Card
from pegboard.cribbage.determinize import table_hidden_deal
from pegboard.cribbage.events import side_of
from pegboard.cribbage.looks import envs as cribbage_v0
from pegboard.cribbage.table_encoding import (
    TABLE_MUGGINS_NUM_ACTIONS,
    TABLE_MUGGINS_SIZE,
    TABLE_OBS_SIZE,
)
from tests.envs.test_game_env import play
from tests.envs.test_pettingzoo import assert_same_view


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("episode", ["game", "hand"])
def test_c18_muggins_tables_pass_pettingzoo_api_and_seed_tests(players: int, episode: str) -> None:
    env = cribbage_v0.env(players=players, episode=episode, muggins=1)
    api_test(env, num_cycles=300, verbose_progress=False)
    seed_test(lambda: cribbage_v0.env(players=players, episode=episode, muggins=1), num_cycles=300)
    size = TABLE_OBS_SIZE + TABLE_MUGGINS_SIZE
    assert env.observation_space("player_0")["observation"].shape == (size,)
    assert env.action_space("player_0").n == TABLE_MUGGINS_NUM_ACTIONS == 165


def twenty_nine_at_the_show(players: int) -> Any:
    """A muggins environment whose dealer is the last seat and whose dealer's left (seat 0)
    holds the 29 hand, 5C 5H 5S JD with the 5D turned up (C6), pegged out to the show."""
    env = cribbage_v0.raw_env(players=players, muggins=1)
    env.reset(seed=0)
    hands = ["5C 5H 5S JD", "KS QS KH QH", "2C 3C 4C 6C", "9S 9H 9D 9C"][:players]
    game = Game.from_position(
        hands, dealer=players - 1, crib="AS 2S 3S 4S", starter="5D", muggins=1
    )
    while game.phase != "show":
        game.apply(game.legal_actions()[0])
    env.game = game
    env.agent_selection = f"player_{game.current_player}"
    return env


@pytest.mark.parametrize("players", [3, 4])
def test_c18_c19_the_claims_are_numbered_and_the_vector_shows_them(players: int) -> None:
    env = twenty_nine_at_the_show(players)
    game = env.game
    assert env.agent_selection == "player_0"  # from the dealer's left (C11, C18)
    mask = env.observe("player_0")["action_mask"]
    assert list(np.flatnonzero(mask)) == list(range(105, 135))  # claim 0 to 29
    vector = env.observe("player_0")["observation"]
    base = TABLE_OBS_SIZE
    assert vector[base] == 1.0 and vector[577:580].sum() == 0  # the show, not a phase above
    shown = set(np.flatnonzero(vector[base + 1 : base + 53]))
    assert shown == {Card.parse(c).index for c in ("5C", "5H", "5S", "JD")}
    assert (vector[base + 53], vector[base + 54], vector[base + 58]) == (0.0, 1.0, 1.0)
    other = env.observe("player_1")["observation"]  # the next seat sees it turned up too
    assert np.array_equal(other[base + 1 : base + 53], vector[base + 1 : base + 53])
    assert other[base + 54 + players - 1] == 1.0  # seat 0 is seat 1's last on its left
    assert (other[base + 58], other[base + 59]) == (0.0, 0.0)
    before = list(game.scores)
    env.step(105 + 27)  # claim 27 of the 29 (C18)
    assert env.agent_selection == "player_1"  # on the claimant's left: an opponent (C19)
    assert side_of(players, 1) != side_of(players, 0)
    answer = env.observe("player_1")
    assert answer["observation"][base + 59] == 1.0  # to answer
    assert answer["observation"][base + 61] == pytest.approx(27 / 29)
    assert list(np.flatnonzero(answer["action_mask"])) == list(range(135, 165))
    env.step(134 + 2)  # muggins 2: the two points missed (C19)
    assert game.scores[side_of(players, 0)] == before[side_of(players, 0)] + 27
    assert game.scores[side_of(players, 1)] == before[side_of(players, 1)] + 2


@pytest.mark.parametrize("players", [3, 4])
def test_c18_muggins_rewards_are_the_engines_points(players: int) -> None:
    agents = [f"player_{s}" for s in range(players)]
    mugged = 0
    for seed in range(8, 12):
        env = cribbage_v0.env(players=players, muggins=1, episode="hand")
        collected = play(env, seed)
        game = env.unwrapped.game
        mine = [game.scores[side_of(players, s)] for s in range(players)]
        if players == 4:  # a side's points less the other side's (C9)
            margins = [mine[s] - mine[(s + 1) % 4] for s in range(4)]
        else:  # a seat's points less the mean of the others'
            margins = [m - (sum(mine) - m) / 2 for m in mine]
        assert [collected[a] for a in agents] == margins
        mugged += any(event.reason == "muggins" for event in game.log)
    assert mugged > 0  # muggins was taken (C19), and counted in the rewards
    env = cribbage_v0.env(players=players, muggins=1)
    collected = play(env, 9)
    game = env.unwrapped.game
    assert [collected[a] for a in agents] == [float(r) for r in game.returns()]


def twin_game(game: Game, seat: int, rng: random.Random) -> Game | None:
    """This hand dealt again where ``seat`` cannot see (the other hands, the crib's other
    cards, the stock: ``determinize.table_hidden_deal``) and played again through the
    engine; None if the deal cannot replay a go, or says something else in public."""
    view = game.observation(seat)
    deal = table_hidden_deal(view, rng)
    moves = [m for m in game.history if m.hand == game.hand_number]
    hands = []
    for s in range(game.num_players):
        played = [c for p, c in view.played if p == s]
        if s == seat:  # its own five, as dealt
            held = view.kept if view.discarded[s] else view.hand
            hands.append([*held, *view.discards])
            continue
        hands.append([*played, *deal.hands[s], *deal.discards[s]])
    twin = Game.from_position(
        hands,
        dealer=view.dealer,
        crib=list(deal.pack) or None,
        starter=view.starter,
        stock=list(deal.stock) if view.starter is not None else None,
        muggins=1,
    )
    try:
        for move in moves:
            action = move.action
            if isinstance(action, LayAway) and move.seat != seat:
                action = LAY_OF[deal.discards[move.seat][0].index]
            twin.apply(action, seat=move.seat)
    except ValueError:  # a go this deal cannot say (C10)
        return None
    if twin.current_player != game.current_player or twin.scores != game.scores:
        return None
    return twin


@pytest.mark.parametrize("players", [3, 4])
def test_c18_muggins_observation_never_depends_on_hidden_cards(players: int) -> None:
    rng = random.Random(players)
    changed = crib_changed = partner_changed = 0

    def check(env: Any) -> None:
        nonlocal changed, crib_changed, partner_changed
        game = env.unwrapped.game
        if game.starter is None:  # the deal is tests/envs/test_cribbage_tables_env.py's
            return
        showing = game.observation(0).showing
        if showing is not None and showing.what == "crib":
            return  # turned up: nothing is hidden any more
        for seat, agent in enumerate(env.possible_agents):
            twin = twin_game(game, seat, rng)
            if twin is None:
                continue
            changed += 1
            crib_changed += game.phase == "show" and set(twin.crib) != set(game.crib)
            partner = (seat + 2) % 4
            partner_changed += players == 4 and twin.hands[partner] != game.hands[partner]
            other = cribbage_v0.raw_env(players=players, muggins=1)
            other.reset(seed=0)
            other.game = twin
            other.agent_selection = env.agent_selection
            assert_same_view(env.unwrapped, other, agent)

    for seed in range(3):
        play(cribbage_v0.env(players=players, muggins=1, episode="hand"), seed, check)
    assert changed > 50 and crib_changed > 10  # the check really dealt them again
    assert players == 3 or partner_changed > 10
