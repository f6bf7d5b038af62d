"""Cribbage in lock-step with OpenSpiel's C++ ``cribbage``
(``pyspiel.load_game("cribbage", {"players": n})``), an implementation written apart from
this one: for two players (``Game``, C1-C7), three (C8) and four in partnerships (C9,
``Game.new(players=...)``), 1,000 seeded games each.

Each game is played by random legal moves through pegboard's engine, and every move is given
to OpenSpiel's state too, its chance nodes dealt our cards (its order of dealing differs, the
cards do not: C8). At every decision both must agree on whose turn it is, what is legal (the
same cards or pairs, ``go`` for its pass) and every player's score; OpenSpiel's extra passes,
for players our engine passes over, are answered and checked to be its only choice (C10).
After each show every seat's score is compared again (hands and crib, C6, C11).

Where the rules differ, the test says which rule and follows the ACC (docs/rules.md, C11;
for two players the same points of C6 and C7):

* OpenSpiel scores a crib of four cards of one suit as a flush of 4 without the starter (C6
  does not): the difference is carried as an offset for the rest of the game, and a game that
  the offset brings OpenSpiel to 121 first is left there (``cut_short_c11``);
* OpenSpiel counts the whole show before it looks for 121 (and gives the game to the lowest
  seat at 121 or more): a game won in a show, or by its hand's last card, is compared with
  our scores plus the rest of the show counted by ``score_hand`` (``ended_in_show_c11``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from pegboard.cribbage import GO, Card, Discard, Game, LayAway, Play, score_hand
from pegboard.cribbage.actions import Action
from pegboard.cribbage.events import side_of

pyspiel = pytest.importorskip("pyspiel")

PASS = 2756
"""OpenSpiel's pass (``kPassAction``): our ``go``, and its turn for a player we pass over."""

GAMES = 1000


def spiel_id(card: Card) -> int:
    """OpenSpiel's number for ``card``: clubs, diamonds, hearts, spades, each ace to king."""
    return "CDHS".index(card.suit) * 13 + card.rank - 1


def _spiel_order(card: Card) -> tuple[int, int]:
    """How OpenSpiel sorts a hand: by rank, then suit (clubs, diamonds, hearts, spades)."""
    return card.rank, "CDHS".index(card.suit)


def spiel_action(action: Action) -> int:
    if action is GO:
        return PASS
    if isinstance(action, Discard):  # two players: the pair in OpenSpiel's order of a hand
        low, high = sorted(action.cards, key=_spiel_order)
        return 52 + 52 * spiel_id(low) + spiel_id(high)
    assert isinstance(action, LayAway | Play)
    return spiel_id(action.card)


@dataclass
class Tally:
    """What the lock-step compared, and what it skipped and why."""

    games: int = 0
    decisions: int = 0
    passes: int = 0
    shows: int = 0
    crib_flush_c11: int = 0
    cut_short_c11: int = 0
    ended_in_show_c11: int = 0
    ended_exactly: int = 0


def _spiel_scores(state: Any) -> list[int]:
    """OpenSpiel's score of every seat (its returns add the winner's bonus; these do not)."""
    line = next(row for row in str(state).splitlines() if row.startswith("Scores:"))
    return [int(v) for v in line.split()[1:]]


def _ours(game: Game, offset: list[int]) -> list[int]:
    players = game.num_players
    return [game.scores[side_of(players, s)] + offset[s] for s in range(players)]


def _deal(state: Any, game: Game) -> None:
    """Give OpenSpiel this hand's cards: each seat's five in seat order, then the crib's card
    from the pack among three (C8: its order of dealing, our cards)."""
    assert state.is_chance_node()
    for hand in game.hands:
        for card in hand:
            state.apply_action(spiel_id(card))
    if game.num_players == 3:
        state.apply_action(spiel_id(game.crib[0]))
    assert state.current_player() == 0


def _pile(state: Any) -> list[str]:
    """OpenSpiel's cards of the current sequence (it ends one only once all have passed)."""
    line = next(row for row in str(state).splitlines() if row.startswith("Played cards:"))
    return line.split()[2:]


def _catch_up(state: Any, game: Game | None, tally: Tally) -> None:
    """Answer OpenSpiel's passes until it stands where ``game`` does: the same seat to act
    in the same sequence (None: until it leaves the play, for a new deal or the end); each
    pass must be that player's only choice (C10)."""
    seat = None if game is None else game.current_player
    pile = None if game is None else [str(c).replace("10", "T") for c in game.pile]
    for _ in range(64):
        if state.is_terminal():
            return  # the caller says why (C11's offset, or the end)
        if state.is_chance_node():
            assert seat is None, "OpenSpiel dealt again while this engine plays on"
            return
        if state.current_player() == seat and _pile(state) == pile:
            return
        assert state.legal_actions() == [PASS], (
            f"OpenSpiel asks seat {state.current_player()} to choose among"
            f" {state.legal_actions()} where this engine passes over it (C10)"
        )
        state.apply_action(PASS)
        tally.passes += 1
    raise AssertionError("OpenSpiel keeps passing")


def _is_four_card_crib_flush(crib: tuple[Card, ...], starter: Card) -> bool:
    suits = {c.suit for c in crib}
    return len(suits) == 1 and starter.suit not in suits


def play_in_lockstep(players: int, seed: int, tally: Tally) -> None:
    game = Game.new(seed=seed, dealer=0, players=players)  # dealt by seat 0 first, as OpenSpiel's
    state = pyspiel.load_game("cribbage", {"players": players}).new_initial_state()
    rng = random.Random(seed)
    offset = [0] * players
    tally.games += 1
    while True:
        hand_no = game.hand_number
        _deal(state, game)
        # C8, C9: ours from the dealer's left, OpenSpiel's in seat order: the same cards.
        laid: dict[int, int] = {}
        offered: dict[int, list[int]] = {}
        while game.phase == "discard":
            seat = game.current_player
            assert seat is not None
            legal = game.legal_actions()
            offered[seat] = sorted(spiel_action(a) for a in legal)
            # every pair of the six (C2), or any one card of the five (C8, C9)
            assert len(set(offered[seat])) == len(legal) == (15 if players == 2 else 5)
            action = rng.choice(legal)
            laid[seat] = spiel_action(action)
            game.apply(action)
            tally.decisions += 1
        for seat in range(players):
            assert state.current_player() == seat
            assert sorted(state.legal_actions()) == offered[seat]
            state.apply_action(laid[seat])
        assert state.is_chance_node()
        starter = game.starter
        assert starter is not None
        state.apply_action(spiel_id(starter))  # C3: his heels on both sides
        if game.is_over:  # his heels won it (C3)
            assert state.is_terminal()
            assert _spiel_scores(state) == _ours(game, offset), _why(game, state)
            tally.ended_exactly += 1
            return
        # C4, C10: the play.
        while game.hand_number == hand_no and not game.is_over:
            seat = game.current_player
            assert seat is not None
            _catch_up(state, game, tally)
            if state.is_terminal():
                assert any(offset), "OpenSpiel ended the game where this engine plays on"
                tally.cut_short_c11 += 1  # its earlier four-card crib flushes (C11)
                return
            assert _spiel_scores(state) == _ours(game, offset), _why(game, state)
            legal = game.legal_actions()
            assert sorted(state.legal_actions()) == sorted(spiel_action(a) for a in legal)
            action = rng.choice(legal)
            game.apply(action)
            state.apply_action(spiel_action(action))
            tally.decisions += 1
            if state.is_terminal() and not game.is_over:
                assert any(offset), "OpenSpiel ended the game where this engine plays on"
                tally.cut_short_c11 += 1  # its earlier four-card crib flushes (C11)
                return
        show = game.shows[-1] if game.shows and game.shows[-1].hand == hand_no else None
        if game.is_over:
            _catch_up(state, None, tally)
            assert state.is_terminal()
            # Won in the play, both stop at the same scores; but when the hand's last card
            # ended the play (its go, or its 31), OpenSpiel went on in the same move to
            # count the whole show (C11).
            reason = game.log[-1].reason
            ended_play = reason == "last card" or (game.count == 31 and not any(game.hands))
            in_play = reason in ("pegging", "go") and not ended_play
            # Won in the play, OpenSpiel stops at the same scores; won in the show or by the
            # hand's last card, it counted the whole show (C11): ours stopped at 121, and
            # the rest of the show (C6, with OpenSpiel's crib flush) makes the difference.
            expected = _ours(game, offset) if in_play else _whole_show(game, offset)
            scores = _spiel_scores(state)
            if scores == expected:
                tally.ended_exactly += in_play
                tally.ended_in_show_c11 += not in_play
            else:
                # Only an earlier four-card crib flush (C11) brings OpenSpiel to 121 sooner,
                # in the move that ended ours.
                assert any(offset) and max(scores) >= 121, _why(game, state)
                tally.cut_short_c11 += 1
            return
        # C11: the show, counted by both; then the next deal.
        assert show is not None and show.crib is not None
        if _is_four_card_crib_flush(show.crib, show.starter):
            tally.crib_flush_c11 += 1
            for s in range(players):
                if side_of(players, s) == side_of(players, show.dealer):
                    offset[s] += 4
        _catch_up(state, None, tally)
        if state.is_terminal():
            assert any(offset) or max(game.scores) >= 121
            tally.cut_short_c11 += 1
            return
        assert _spiel_scores(state) == _ours(game, offset)
        tally.shows += 1


def _whole_show(game: Game, offset: list[int]) -> list[int]:
    """Every seat's score had the show of the last hand been counted to its end, OpenSpiel's
    way (C11): the hands and crib ``game`` did not reach counted by ``score_hand`` (C6), and
    a four-card crib flush worth 4."""
    players = game.num_players
    scores = _ours(game, offset)
    starter = game.starter
    assert starter is not None
    last = game.hand_number
    show = game.shows[-1] if game.shows and game.shows[-1].hand == last else None
    counted = [show is not None and show.hands[s] is not None for s in range(players)]
    gains = [0] * players
    for seat in range(players):
        if not counted[seat]:
            gains[seat] += score_hand(game.kept[seat], starter)
    crib = game.crib
    if show is None or show.crib is None:
        gains[game.dealer] += score_hand(crib, starter, is_crib=True)
    gains[game.dealer] += 4 * _is_four_card_crib_flush(crib, starter)
    for seat, points in enumerate(gains):
        for s in range(players):
            if side_of(players, s) == side_of(players, seat):
                scores[s] += points
    return scores


def _why(game: Game, state: Any) -> str:
    """What to read when the engines part: our last scores and moves, and OpenSpiel's state."""
    events = "\n".join(str(e) for e in game.log[-4:])
    moves = " ".join(str(m) for m in game.history[-8:])
    return f"seed game {game!r}\n{events}\n{moves}\n{state}"


def _run(players: int) -> Tally:
    tally = Tally()
    for seed in range(GAMES):
        play_in_lockstep(players, seed, tally)
    return tally


def test_c2_c7_two_players_peg_and_show_in_lockstep_with_openspiel() -> None:
    """The two-player game (C2-C7), the model the others follow: the same comparisons."""
    tally = _run(2)
    assert tally.games == GAMES
    assert tally.decisions > 100 * GAMES and tally.passes > 10 * GAMES
    assert tally.shows > 6 * GAMES
    assert tally.ended_exactly > GAMES // 10
    print(tally)


def test_c8_c10_c11_three_players_peg_and_show_in_lockstep_with_openspiel() -> None:
    tally = _run(3)
    assert tally.games == GAMES
    # Enough of every kind of point was compared for the test to mean something.
    assert tally.decisions > 100 * GAMES and tally.passes > 10 * GAMES
    assert tally.shows > 8 * GAMES
    assert tally.ended_exactly > GAMES // 10
    print(tally)


def test_c9_c10_c11_four_players_in_partnerships_in_lockstep_with_openspiel() -> None:
    tally = _run(4)
    assert tally.games == GAMES
    assert tally.decisions > 100 * GAMES and tally.passes > 10 * GAMES
    assert tally.shows > 4 * GAMES
    assert tally.ended_exactly > GAMES // 10
    print(tally)
