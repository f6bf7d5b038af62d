"""The ``ismcts`` level at every cribbage table: five-card (C13-C17) and muggins (C18-C20)
between two, three (C8) and four in partnerships (C9), with muggins too. It plays whole hands and games with
every action legal, searches the game of the table's options, builds its search from the
observation alone (two positions the seat cannot tell apart give the same search), and the
arena seats it round a table."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from typer.testing import CliRunner  # noqa: E402

from pegboard.arena import ArenaConfig, run_arena  # noqa: E402
from pegboard.cli.main import app  # noqa: E402
from pegboard.cribbage import Game  # noqa: E402
from pegboard.cribbage.looks.openspiel import search_game, search_state  # noqa: E402
from pegboard.cribbage.table_determinize import table_world  # noqa: E402
from pegboard.games import make_bot  # noqa: E402
from pegboard.openspiel.bots import ISMCTSBot  # noqa: E402

TABLES = [
    (2, 5, 0),
    (2, None, 1),
    (2, 5, 1),
    (3, None, 0),
    (4, None, 0),
    (3, None, 1),
    (4, None, 1),
]
"""(players, cards, muggins): every table but the six-card game between two (tested in
test_ismcts.py)."""


def _play(game: Game, budget: int, hands: int | None) -> int:
    """Play ``game`` by ismcts bots, one a seat, for ``hands`` hands (None: to its end),
    asserting every action legal; the number of decisions taken."""
    bots = [make_bot("cribbage", "ismcts", seed=seat) for seat in range(game.num_players)]
    for bot in bots:
        bot.bot.budget = budget  # type: ignore[attr-defined]
    decisions = 0
    while not game.is_over and (hands is None or game.hand_number <= hands):
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions()
        game.apply(action, seat=seat)
        decisions += 1
    return decisions


@pytest.mark.parametrize(("players", "cards", "muggins"), TABLES)
def test_c8_c9_c13_c18_ismcts_plays_whole_hands_at_every_table(
    players: int, cards: int | None, muggins: int
) -> None:
    for seed in range(2):
        game = Game.new(seed=seed, players=players, cards=cards, muggins=muggins)
        assert _play(game, 6, hands=2) > 0
        assert game.hand_number == 3 or game.is_over
        if muggins:  # the claims were the bot's (C18)
            assert any(str(m.action).startswith("claim") for m in game.history)


@pytest.mark.parametrize(("players", "cards", "muggins"), [(2, 5, 1), (3, None, 0), (4, None, 1)])
def test_c12_c17_ismcts_plays_a_whole_game(players: int, cards: int | None, muggins: int) -> None:
    game = Game.new(seed=11, players=players, cards=cards, muggins=muggins)
    _play(game, 2, hands=None)
    assert game.is_over and max(game.scores) >= game.target


@pytest.mark.parametrize(("players", "cards", "muggins"), TABLES)
def test_c8_c9_c13_c18_the_search_game_is_one_hand_of_the_table_s_game(
    players: int, cards: int | None, muggins: int
) -> None:
    game = Game.new(seed=3, players=players, cards=cards, muggins=muggins)
    seat = game.current_player
    assert seat is not None
    state = search_state(game.observation(seat), random.Random(1))
    expected = {"hands": 1, "players": players, "cards": cards or 6, "muggins": muggins}
    assert state.get_game().get_parameters() == expected
    assert state.get_game() is search_game(players, cards or 6, muggins)
    assert state.current_player() == seat
    assert sorted(state.table.game.legal_actions(), key=str) == sorted(
        game.legal_actions(), key=str
    )


def _twin(game: Game, seat: int, rng: random.Random) -> Game:
    """Another position ``seat`` cannot tell from ``game``: the cards it has not seen dealt
    otherwise (between two the engine's sample; round a table a hand built from the
    observation, the first hand's, whose observation holds nothing older)."""
    if game.num_players == 2:
        return game.sample_hidden(seat, rng)
    return table_world(game.observation(seat), rng).game


@pytest.mark.parametrize(("players", "cards", "muggins"), [(2, None, 0), *TABLES])
def test_c9_ismcts_searches_from_the_observation_alone(
    players: int, cards: int | None, muggins: int
) -> None:
    """Two positions with the same observation and other hidden cards (a partner's too at
    four) give the same search states and the same choice for the same rng: nothing of the
    hidden cards reaches the search but through the observation."""
    rng = random.Random(players * 10 + (cards or 6) + muggins)
    game = Game.new(seed=5, players=players, cards=cards, muggins=muggins)
    play = random.Random(2)
    checked = 0
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        view = game.observation(seat)
        if len(view.legal_actions()) > 1:
            twin = _twin(game, seat, rng)
            assert twin.observation(seat) == view
            assert twin.hands != game.hands or twin.crib != game.crib or twin.stock != game.stock
            for k in range(2):
                one = search_state(view, random.Random(k)).table.game
                other = search_state(twin.observation(seat), random.Random(k)).table.game
                assert (one.hands, one.crib, one.stock) == (other.hands, other.crib, other.stock)
                assert one.hands[seat] == game.hands[seat]  # its own cards, as they are
            bot = ISMCTSBot("cribbage", 4)
            assert bot.choose(view, random.Random(7)) == bot.choose(
                twin.observation(seat), random.Random(7)
            )
            checked += 1
        game.apply(play.choice(game.legal_actions()), seat=seat)
    assert checked >= 3


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_search_deals_the_others_cards_among_the_unseen(players: int) -> None:
    """The worlds searched differ from the real deal (they deal what the seat has not seen)
    and never put a card the seat has seen in another seat's hand."""
    game = Game.new(seed=8, players=players)
    seat = game.current_player
    assert seat is not None
    view = game.observation(seat)
    differ = 0
    for k in range(10):
        world = search_state(view, random.Random(k)).table.game
        for other in range(players):
            if other != seat:
                assert not set(world.hands[other]) & set(view.hand)
        differ += world.hands != game.hands
    assert differ >= 8


def test_c8_the_arena_seats_ismcts_among_three() -> None:
    result = CliRunner().invoke(
        app,
        ["arena", "cribbage", "--players", "3", "--bots", "ismcts,random", "--deals", "1",
         "--duplicate", "--budget", "3", "--workers", "1", "--seed", "4"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "ismcts" in result.output and "random" in result.output


@pytest.mark.parametrize(
    ("bots", "options"),
    [
        (("ismcts", "random", "ismcts", "random"), ()),
        (("ismcts", "random"), (("cards", 5), ("muggins", 1))),
        (("ismcts", "random", "random"), (("muggins", 1),)),
    ],
)
def test_c8_c9_c13_c18_the_arena_seats_ismcts_at_four_and_with_five_card_and_muggins(
    bots: tuple[str, ...], options: tuple[tuple[str, int], ...]
) -> None:
    config = ArenaConfig(
        "cribbage", bots, deals=1, duplicate=True, seed=6, budget=3, options=options
    )
    results = run_arena(config)
    assert len(results) == len(bots)  # every seating of the deal (two between two)
