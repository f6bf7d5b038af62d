"""A daily deal: the first deal of a match from the deal's seed, the same for every player;
over where the game says its first deal is (cribbage C6, Draw D16, the Fives family F8);
the player's bad move refused and nothing changed; the bots seeded move by move, so that
the par (the expert in the player's seat) is what an independent replay of the expert
gives, and a player who plays the expert's moves scores the par exactly."""

from __future__ import annotations

import hashlib
import random

import pytest

import pegboard.games
from pegboard.core import IllegalActionError
from pegboard.daily import DailyDeal, DailyError, daily_games, par_deal
from pegboard.games import OutOfTurnError, make_bot

GAMES = ("draw", "cribbage", "all-fives", "fives-and-threes")
SEEDS = (11, 2026)


def sha_seed(match_seed: int, move: int) -> int:
    """A move's bot's seed, recomputed: the first 63 bits of SHA-256 of "SEED:MOVE"."""
    digest = hashlib.sha256(f"{match_seed}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def first_deal_over(game: str, match: object) -> bool:
    """The game's own count of its deals, read without ``Game.deals_over``: Draw's finished
    rounds, the Fives family's hands, cribbage's hand number."""
    if game == "draw":
        return len(match.rounds) >= 1  # type: ignore[attr-defined]
    if game == "cribbage":
        return match.game.hand_number > 1 or match.game.result is not None  # type: ignore[attr-defined]
    return len(match.hands) >= 1  # type: ignore[attr-defined]


def random_deal(game: str, seed: int, choices: int) -> DailyDeal:
    """A deal the player plays at random (from ``choices``), the bots as the daily has them."""
    deal = DailyDeal(game, seed)
    rng = random.Random(choices)
    deal.bots_play()
    while deal.to_act is not None:
        deal.play(rng.choice(list(deal.observation().legal_actions())))
        deal.bots_play()
    return deal


def test_every_daily_game_is_here() -> None:
    assert set(daily_games()) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_c6_d16_f8_a_deal_starts_at_0_0_and_is_over_at_its_first_deals_end(game: str) -> None:
    for seed in SEEDS:
        deal = DailyDeal(game, seed)
        assert not deal.finished and set(deal.points()) == {0.0}
        other = DailyDeal(game, seed)  # another player, the same deal
        assert other.observation().to_dict() == deal.observation().to_dict()
        played = random_deal(game, seed, choices=seed)
        assert played.finished and played.to_act is None
        deals_over = pegboard.games.get(game).deals_over
        assert deals_over is not None and deals_over(played.match) == 1
        assert first_deal_over(game, played.match)
        # One move before the end the deal was not over: it ends on its last move.
        before = DailyDeal(game, seed, actions=played.actions[:-1])
        assert not before.finished and not first_deal_over(game, before.match)
        # The log replays the deal whole.
        again = DailyDeal(game, seed, actions=played.actions)
        assert again.points() == played.points() and again.finished


@pytest.mark.parametrize("game", GAMES)
def test_the_players_bad_moves_are_refused_and_change_nothing(game: str) -> None:
    deal = DailyDeal(game, SEEDS[0])
    deal.bots_play()
    before = deal.observation().to_dict()
    with pytest.raises(ValueError):
        deal.play("no such move")
    assert deal.observation().to_dict() == before and deal.to_act == deal.seat
    legal = {str(a) for a in deal.observation().legal_actions()}
    other = DailyDeal(game, SEEDS[0], seat=1 - deal.seat)
    other.bots_play()
    # A move of the other seat's is not the player's to make (it is the bot's turn there, or
    # the move is not in the player's hand): refused with the rule.
    illegal = [str(a) for a in other.observation().legal_actions() if str(a) not in legal]
    if illegal and deal.to_act == deal.seat:
        with pytest.raises((IllegalActionError, ValueError)):
            deal.play(illegal[0])
        assert deal.observation().to_dict() == before
    finished = random_deal(game, SEEDS[0], choices=1)
    with pytest.raises(DailyError):
        finished.play(str(next(iter(legal))))


def test_a_move_out_of_turn_is_refused() -> None:
    deal = DailyDeal("draw", 5)
    if deal.to_act == deal.seat:  # the player leads: let them, then it is the bot's turn
        deal.play(deal.observation().legal_actions()[0])
    assert deal.to_act != deal.seat
    with pytest.raises(OutOfTurnError):
        deal.play("draw")


def independent_par(game: str, seed: int) -> list[tuple[int, str]]:
    """The par recomputed without ``pegboard.daily``: the match from the seed, the expert at
    every seat, move ``k`` by an expert seeded as the web's tables seed a move's bot
    (``sha_seed``), until
    the game's first deal is over."""
    described = pegboard.games.get(game)
    options = described.check_options({described.players_option: 2})
    match = described.new_match(options, seed)
    moves: list[tuple[int, str]] = []
    while not first_deal_over(game, match):
        seat = match.current_player
        bot = make_bot(game, "expert", seed=sha_seed(seed, len(moves)))
        played = described.play(match, seat, bot.act(match.observation(seat)))
        moves.append((seat, played.notation))
    return moves


@pytest.mark.parametrize("game", GAMES)
def test_the_par_is_the_experts_deal_recomputed_independently(game: str) -> None:
    for seed in SEEDS:
        par = par_deal(game, seed)
        assert par.log == independent_par(game, seed)
        assert par.finished


@pytest.mark.parametrize("game", GAMES)
def test_a_player_who_plays_the_experts_moves_scores_the_par_exactly(game: str) -> None:
    seed = SEEDS[1]
    deal = DailyDeal(game, seed)
    deal.bots_play()
    while deal.to_act is not None:
        bot = make_bot(game, "expert", seed=sha_seed(seed, len(deal.log)))
        deal.play(bot.act(deal.observation()))
        deal.bots_play()
    par = par_deal(game, seed)
    assert deal.log == par.log and deal.margin() == par.margin()


def deal_key(game: str, match: object) -> object:
    """Which deal is in play, read from the match's own parts (not ``Game.deals_over``)."""
    if game == "draw":
        return id(match.round)  # type: ignore[attr-defined]
    if game == "cribbage":
        return (len(match.games), match.game.hand_number)  # type: ignore[attr-defined]
    return id(match.hand)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_c6_d16_f8_deals_over_counts_every_deal_of_a_whole_match(game: str) -> None:
    described = pegboard.games.get(game)
    deals_over = described.deals_over
    assert deals_over is not None
    options = described.check_options({described.players_option: 2})
    match = described.new_match(options, 7)
    bots = [make_bot(game, "random", seed=s) for s in range(2)]
    counted, key = 0, deal_key(game, match)
    while match.current_player is not None:
        seat = match.current_player
        described.play(match, seat, bots[seat].act(match.observation(seat)))
        if deal_key(game, match) != key:  # a deal ended, and the next began (or a game ended)
            counted, key = counted + 1, deal_key(game, match)
        elif match.current_player is None:
            counted += 1  # the last deal ended the match within it: no next one begins
        assert deals_over(match) == counted
    assert counted > 1
