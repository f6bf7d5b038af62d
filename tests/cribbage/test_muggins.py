"""The score counted by the players, with muggins (C18-C20): the option ``muggins`` of any
cribbage table."""

from __future__ import annotations

import json
import re

import pytest

import pegboard.cribbage.description  # noqa: F401  # registers the cribbage bots
from pegboard.core import IllegalActionError, WordedError
from pegboard.cribbage import Game
from pegboard.cribbage.actions import (
    CLAIM_OF,
    NO_MUGGINS,
    Claim,
    Discard,
    LayAway,
    Muggins,
    NoMuggins,
    parse_action,
)
from pegboard.cribbage.cards import Card
from pegboard.cribbage.scoring import show_points
from pegboard.games.levels import make_bot

LEVELS = ("random", "greedy", "beginner", "casual", "strong", "expert")


def _pegged(hands: list[str], starter: str, crib: str, scores: tuple[int, ...] = (0, 0)) -> Game:
    """A hand at the pegging, dealer 0, with muggins; played out by the first legal card."""
    game = Game.from_position(hands, dealer=0, crib=crib, starter=starter, scores=scores, muggins=1)
    while game.phase == "pegging":
        game.apply(game.legal_actions()[0])
    return game


# The pone's hand 5H 5D JS 4C with the 6S turned: fifteens 5+JS, 5+JS, 5+4+6, 5+4+6 (8),
# a pair (2), runs 4-5-6 twice (6), nobs (JS, the starter a spade: 1) = 17.
PONE = "5H 5D JS 4C"
DEALER = "2C 3C 9D KD"
CRIB = "AH 7H 8S QC"
STARTER = "6S"


def test_c18_the_show_waits_for_the_pone_s_claim() -> None:
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    assert game.phase == "show"
    assert game.current_player == 1  # the pone counts first (C6)
    assert game.legal_actions() == CLAIM_OF
    view = game.observation(0)
    assert view.showing is not None
    assert view.showing.seat == 1 and view.showing.what == "hand" and view.showing.claimed is None
    assert sorted(map(str, view.showing.cards)) == sorted(PONE.split())
    # Nothing hidden is shown: the dealer's crib cards stay down until it is claimed for.
    text = str(game.observation(1).to_dict())
    assert "'8S'" not in text and "'QC'" not in text


def test_c19_an_under_claim_gives_the_opponent_the_missed_points() -> None:
    held = show_points(*[Card.parse(c) for c in PONE.split()], Card.parse(STARTER), False)
    assert held == 17  # counted by hand in the comment above
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    before = game.scores
    game.apply(parse_action("claim 16"), seat=1)  # the person forgets his nobs
    assert game.scores[1] == before[1] + 16
    assert game.current_player == 0  # the window is the dealer's
    game.apply(make_bot("cribbage", "greedy", seed=1).act(game.observation(0)), seat=0)
    assert game.scores[0] == before[0] + 1
    assert game.log[-1].reason == "muggins" and game.log[-1].points == 1
    assert str(game.history[-1].action) == "muggins 1"
    assert game.current_player == 0  # the dealer's own hand next (C6)


def test_c19_the_window_closes_at_the_next_count() -> None:
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    game.apply(Claim(10), seat=1)
    game.apply(NO_MUGGINS, seat=0)
    assert game.current_player == 0 and game.observation(0).showing.what == "hand"  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as error:
        game.apply(Muggins(7), seat=0)  # too late: the dealer's count has begun
    assert error.value.rule == "C19"


def test_c20_an_overclaim_is_corrected_and_the_opponent_pegs_nothing() -> None:
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    before = game.scores
    game.apply(Claim(24), seat=1)
    assert game.scores[1] == before[1] + 17  # what the cards hold, no more
    game.apply(Muggins(7), seat=0)  # a false call takes nothing
    assert game.scores[0] == before[0]


def test_c18_bad_claims_are_refused_naming_the_rule() -> None:
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    with pytest.raises(IllegalActionError) as error:
        parse_action("claim -2")
    assert error.value.rule == "C18"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Claim(4), seat=0)  # the pone counts first
    assert error.value.rule == "C18"
    with pytest.raises(IllegalActionError) as error:
        game.apply(NO_MUGGINS, seat=1)  # no claim to call muggins on
    assert error.value.rule == "C19"
    with pytest.raises(WordedError):
        Game.new(1, muggins=2)


def test_c18_notation_round_trips() -> None:
    for action in (Claim(0), Claim(29), Muggins(3), NoMuggins()):
        assert parse_action(str(action)) is action
    assert Claim(8) is CLAIM_OF[8]
    with pytest.raises(AttributeError):
        Claim(8).points = 9  # type: ignore[misc]


def test_c18_records_say_muggins_only_when_set() -> None:
    assert "muggins" not in Game.new(3).to_record()["new"]
    assert Game.new(3, muggins=1).to_record()["new"]["muggins"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_c18_seeded_games_by_every_level_finish_and_replay(level: str, players: int) -> None:
    if players > 2 and level == "random":
        pytest.skip("covered by the others")
    if level in ("strong", "expert") and players == 2:
        bots = [make_bot("cribbage", "casual", seed=s) for s in range(players)]
        bots[0] = make_bot("cribbage", level, seed=0)
    else:
        bots = [make_bot("cribbage", level, seed=s) for s in range(players)]
    game = Game.new(11, players=players, muggins=1)
    while not game.is_over and game.hand_number <= (3 if level in ("strong", "expert") else 99):
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    replayed = Game.from_record(game.to_record())
    assert replayed.to_record() == game.to_record()
    claims = [m for m in game.history if isinstance(m.action, Claim)]
    assert claims  # the players counted


def test_c18_exact_bots_peg_what_the_engine_counts() -> None:
    """Two casual players claim exactly: the same scores as the game without muggins."""
    games = []
    for muggins in (0, 1):
        bots = [make_bot("cribbage", "casual", seed=s) for s in range(2)]
        game = Game.new(21, muggins=muggins)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)), seat=seat)
        games.append(game)
    assert games[0].scores == games[1].scores
    assert not any(e.reason == "muggins" for e in games[1].log)


def test_c18_the_beginner_forgets_nobs_and_is_mugged() -> None:
    game = _pegged([DEALER, PONE], STARTER, CRIB)
    beginner = make_bot("cribbage", "beginner", seed=0)
    assert beginner.act(game.observation(1)) is Claim(16)  # 17 less his nobs


def test_c18_a_match_with_muggins_records_and_replays() -> None:
    from pegboard.cribbage import CribbageMatch

    match = CribbageMatch(best_of=1, seed=4, muggins=1)
    bots = [make_bot("cribbage", "greedy", seed=s) for s in range(2)]
    while not match.is_over and match.game.hand_number <= 3:
        seat = match.game.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)), seat=seat)
    record = match.to_record()
    assert record["muggins"] == 1
    assert CribbageMatch.from_record(record).to_record() == record
    assert "muggins" not in CribbageMatch(best_of=1, seed=4).to_record()


def _public_cards(game: Game, seat: int) -> set[str]:
    """Every card ``seat`` may see: its own, and every card turned up for all."""
    seen = {*game.hands[seat], *game.kept[seat]}
    seen |= {card for _, card in game.played}
    seen |= {card for event in game.log for card in event.cards}
    seen |= {card for cut in game.cuts for card in cut.cards}
    for show in game.shows:
        seen.add(show.starter)
        seen |= {card for hand in show.hands if hand for card in hand}
        seen |= set(show.crib or ())
    for move in game.history:
        if move.seat == seat and isinstance(move.action, (Discard, LayAway)):
            seen |= set(move.action.cards)
    if game.phase == "show":  # the hand or crib being claimed for, read from the game
        pending = game._pending
        owner, what = (pending[0], pending[1]) if pending else game._items[0]
        seen |= set(game._show_cards(owner, what))
    if game.starter is not None:
        seen.add(game.starter)
    return {str(card) for card in seen}


@pytest.mark.parametrize(("players", "cards"), [(2, None), (2, 5), (3, None), (4, None)])
def test_c18_the_show_reveals_nothing_hidden(players: int, cards: int | None) -> None:
    """At every step of the claims, no seat's view holds a card it may not see: another
    seat's unplayed cards (five-card, C15) and the crib stay down until claimed for."""
    bots = [make_bot("cribbage", "greedy", seed=s) for s in range(players)]
    game = Game.new(7, players=players, cards=cards, muggins=1)
    steps = 0
    while not game.is_over and game.hand_number <= 4:
        seat = game.current_player
        assert seat is not None
        if game.phase == "show":
            steps += 1
            for viewer in range(players):
                text = json.dumps(game.observation(viewer).to_dict())
                shown = set(re.findall(r'"((?:10|[2-9AJQK])[SHDC])"', text))
                assert shown <= _public_cards(game, viewer), (viewer, game.history[-1])
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    assert steps > 0


def test_c18_a_seeded_game_with_muggins_is_the_same_every_time() -> None:
    records = []
    for _ in range(2):
        bots = [make_bot("cribbage", "beginner", seed=5), make_bot("cribbage", "casual", seed=6)]
        game = Game.new(20, muggins=1)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            game.apply(bots[seat].act(game.observation(seat)), seat=seat)
        records.append(game.to_record())
    assert records[0] == records[1]
    # The beginner forgets flush and nobs, and the casual takes them by muggins (C19).
    game = Game.from_record(records[0])
    mugged = [e for e in game.log if e.reason == "muggins"]
    assert [(e.seat, e.points) for e in mugged] == [(1, 1), (1, 4)]  # a nobs, a flush


def test_c18_a_claimed_show_is_determinized_as_the_seat_sees_it() -> None:
    """The searches' worlds (``determinize``, ``public_determinize``, of the six-card game
    between two: five-card's bots deal their own) rebuild a show being claimed with its
    claims and the cards it turned up: the same phase, turn, scores and claim."""
    import random

    from pegboard.cribbage.determinize import determinize, public_determinize

    bots = [make_bot("cribbage", "beginner", seed=s) for s in range(2)]
    game = Game.new(20, muggins=1)
    rng = random.Random(0)
    checked = 0
    while not game.is_over and game.hand_number <= 4:
        seat = game.current_player
        assert seat is not None
        if game.phase == "show":
            view = game.observation(seat)
            for world in (determinize(view, rng), public_determinize(view, rng)):
                seen = world.observation(seat)
                assert (seen.phase, seen.current_player, seen.scores) == (
                    view.phase,
                    view.current_player,
                    view.scores,
                )
                assert seen.showing is not None and view.showing is not None
                assert sorted(seen.showing.cards) == sorted(view.showing.cards)
                assert seen.showing.claimed == view.showing.claimed
            checked += 1
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    assert checked > 0


@pytest.mark.parametrize(("players", "cards"), [(2, None), (2, 5), (3, None), (4, None)])
def test_c18_c19_the_experts_analysis_at_the_show_puts_the_exact_count_first(
    players: int, cards: int | None
) -> None:
    """The hint at a show (``pegboard hint``, the full screen's ``h``): the claim of what
    the cards hold, or muggins for exactly what a claim missed, ranks first at every table;
    an under-claim is worth what it pegs less what it leaves to muggins (C19)."""
    import random

    from pegboard.cribbage.bots.expert import CribbageExpert
    from pegboard.cribbage.scoring import score_breakdown

    expert = CribbageExpert(determinizations=2)
    bots = [make_bot("cribbage", "beginner", seed=s) for s in range(players)]  # it misses
    game = Game.new(5, players=players, cards=cards, muggins=1)
    checked: set[str] = set()
    while not game.is_over and game.hand_number <= 3:
        seat = game.current_player
        assert seat is not None
        view = game.observation(seat)
        showing = view.showing
        if showing is not None and view.starter is not None:
            crib = showing.what == "crib"
            items = score_breakdown(showing.cards, view.starter, crib).items
            held = sum(item.points for item in items)
            ranked = expert.analyse(view, random.Random(0))
            values = {str(row.action): row.value for row in ranked}
            if showing.claimed is None:
                assert ranked[0].action == Claim(held)
                assert values["claim 0"] == -held
                checked.add("claim")
            else:
                missed = held - showing.claimed
                assert ranked[0].action == (Muggins(missed) if missed else NO_MUGGINS)
                assert values["muggins 29"] == missed
                checked.add("muggins" if missed else "no muggins")
        game.apply(bots[seat].act(view), seat=seat)
    assert {"claim", "no muggins"} <= checked


def test_c18_a_match_records_start_keeps_muggins() -> None:
    """The registry reads a match record's options (``pegboard analyse``, ``replay``): with
    muggins it says so, and a record without it is read as before."""
    from pegboard.cribbage import CribbageMatch
    from pegboard.games import get

    record_start = get("cribbage").record_start
    assert record_start is not None
    options = record_start(CribbageMatch(best_of=1, seed=3, muggins=1).to_record())[0]
    assert options == {"players": 2, "best_of": 1, "cards": 6, "muggins": 1}
    assert "muggins" not in record_start(CribbageMatch(best_of=1, seed=3).to_record())[0]


@pytest.mark.parametrize("level", ["expert", "match-expert"])
def test_c18_c19_the_hint_ranks_the_exact_claim_and_the_exact_call_first(level: str) -> None:
    """The hints' and reports' analysis at the show: the claim of what the hand holds (17,
    counted above by hand) first, each point short of it worth two less (one pegged the
    fewer, one left to be mugged, C19), an overclaim no better (C20); the answer to a claim
    of 15, muggins for the 2 missed first, letting it stand worth 2 less."""
    import random

    game = _pegged([DEALER, PONE], STARTER, CRIB)
    bot = make_bot("cribbage", level, seed=0)
    rows = bot.bot.analyse(game.observation(1), random.Random(0))  # type: ignore[attr-defined]
    assert rows[0].action is Claim(17) and len(rows) == 30
    value = {row.action: row.value for row in rows}
    assert value[Claim(17)] - value[Claim(15)] == 4 and value[Claim(20)] == value[Claim(17)]
    game.apply(Claim(15))
    rows = bot.bot.analyse(game.observation(0), random.Random(0))  # type: ignore[attr-defined]
    value = {row.action: row.value for row in rows}
    assert rows[0].action is Muggins(2) and value[Muggins(2)] - value[NO_MUGGINS] == 2
