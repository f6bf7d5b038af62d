"""The cribbage view with muggins (docs/web.md, "Cribbage": ``muggins``, ``showing``,
``claim``): at the show the hand or crib being counted is turned up for all with the
starter and whose it is (C6, C18); its owner is asked for one number (C18), the opponent on
the left for an answer, muggins or not (C19), everyone else told whom the table waits for;
the claims, the answers and the points mugged are in the log, and an overclaim is said as
corrected (C20). Between two and among three.
"""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage.actions import CLAIM_OF, MUGGINS_OF, NO_MUGGINS
from pegboard.cribbage.match import CribbageMatch
from pegboard.cribbage.scoring import score_breakdown
from pegboard.web.views import view

NAMES = {2: ["Ana", "Bo"], 3: ["Ana", "Bo", "Cy"]}


def _at_the_show(players: int, seed: int, *, held_at_least: int = 0) -> CribbageMatch:
    """A match with muggins at its first claim (C18) of a hand or crib holding at least
    ``held_at_least`` points: random legal moves, answers let stand, from ``seed``."""
    rng = random.Random(seed)
    match = CribbageMatch(best_of=1, seed=seed, players=players, muggins=1)
    while not match.is_over:
        game = match.game.observation(0)
        showing = game.showing
        if game.phase == "show" and showing is not None and showing.claimed is None:
            if _held(match) >= held_at_least:
                return match
            match.apply(CLAIM_OF[_held(match)])
            match.apply(NO_MUGGINS)
            continue
        match.apply(rng.choice(match.legal_actions()))
    raise AssertionError("the match ended before such a show")


def _held(match: CribbageMatch) -> int:
    """What the hand or crib being claimed for holds (C6), counted by the rules' own
    scoring, not by the view."""
    game = match.game.observation(0)
    assert game.showing is not None and game.starter is not None
    crib = game.showing.what == "crib"
    return score_breakdown(game.showing.cards, game.starter, crib).total


def _views(match: CribbageMatch, lang: str = "en") -> dict[int | None, dict[str, object]]:
    players = match.players
    return {
        seat: view(match, "cribbage", seat, lang, names=NAMES[players])
        for seat in (*range(players), None)
    }


@pytest.mark.parametrize("players", [2, 3])
def test_c18_the_owner_is_asked_for_one_number_and_the_cards_are_turned_up(players: int) -> None:
    match = _at_the_show(players, seed=players)
    game = match.game
    showing = game.observation(0).showing
    assert showing is not None
    owner = showing.seat
    views = _views(match)
    for seat, v in views.items():
        assert v["muggins"] is True and v["phase"] == "show"
        shown = v["showing"]
        assert isinstance(shown, dict)
        # Turned up for everyone: the cards are the owner's kept ones (or the crib), C6.
        truth = game.kept[owner] if showing.what == "hand" else game.crib
        assert sorted(shown["cards"]) == sorted(str(c) for c in truth)
        assert shown["starter"] == str(game.starter) and shown["seat"] == owner
        assert shown["said"] is None and shown["claimed"] is None and shown["asked"] == owner
        assert shown["most"] == 29
        mine = seat == owner
        assert v["claim"] == ("claim" if mine else None)
        whose = "your" if mine else f"{NAMES[players][owner]}'s"
        assert shown["whose"] == f"{whose} {showing.what}"
        # Thirty claims to the owner, one a number: the page asks with one field.
        labels = [item["label"] for item in v["legal"]]  # type: ignore[attr-defined]
        assert labels == ([f"Claim {n}" for n in range(30)] if mine else [])
    pt = view(match, "cribbage", owner, "pt", names=NAMES[players])
    assert pt["showing"]["whose"] in ("sua mão", "seu crib")
    assert pt["legal"][8]["label"] == "Declarar 8"


@pytest.mark.parametrize("players", [2, 3])
def test_c19_the_next_player_answers_a_claim_that_missed_points(players: int) -> None:
    match = _at_the_show(players, seed=10 + players, held_at_least=4)
    showing = match.game.observation(0).showing
    assert showing is not None
    owner, held = showing.seat, _held(match)
    answerer = (owner + 1) % players  # the claimant's left (C19)
    names = NAMES[players]
    match.apply(CLAIM_OF[held - 2])
    views = _views(match)
    for seat, v in views.items():
        shown = v["showing"]
        assert isinstance(shown, dict)
        assert shown["said"] == shown["claimed"] == held - 2 and shown["asked"] == answerer
        assert v["claim"] == ("answer" if seat == answerer else None)
    labels = [item["label"] for item in views[answerer]["legal"]]  # type: ignore[attr-defined]
    assert labels[0] == "Let the claim stand" and "Muggins for 2" in labels
    said = f"{names[owner]} claims {held - 2}."
    assert said in views[answerer]["log"] and said in views[None]["log"]  # type: ignore[operator]
    assert f"You claim {held - 2}." in views[owner]["log"]  # type: ignore[operator]
    for lang, word in (("pt", "declara"), ("zh", "报"), ("hi", "दावा")):
        log = view(match, "cribbage", None, lang, names=names)["log"]
        assert any(names[owner] in line and word in line for line in log[-4:]), (lang, log[-4:])
    before = match.game.scores[answerer]
    match.apply(MUGGINS_OF[2])
    after = view(match, "cribbage", answerer, "en", names=names)
    assert match.game.scores[answerer] == before + 2
    log = after["log"]
    assert "You call muggins for 2." in log
    mugged = [line for line in log if line.startswith("Muggins: you peg 2")]
    assert len(mugged) == 1 and log.index(mugged[0]) > log.index("You call muggins for 2.")
    assert any(line.startswith(f"The count of {names[owner]}'s") for line in log)


def test_c20_an_overclaim_is_said_as_claimed_and_pegged_as_held() -> None:
    match = _at_the_show(2, seed=4)
    showing = match.game.observation(0).showing
    assert showing is not None
    held = _held(match)
    match.apply(CLAIM_OF[held + 3])
    shown = view(match, "cribbage", None, "en")["showing"]
    assert shown["said"] == held + 3 and shown["claimed"] == held


def test_c18_c19_the_show_entries_say_what_was_held_claimed_and_mugged() -> None:
    """Once the hand's show is over, its entries (the show's dialog) are what each hand and
    crib held (C6), with what its owner claimed and what an opponent mugged (C19)."""
    match = _at_the_show(2, seed=21, held_at_least=3)
    showing = match.game.observation(0).showing
    assert showing is not None
    owner, held, hand = showing.seat, _held(match), match.game.hand_number
    match.apply(CLAIM_OF[held - 3])
    match.apply(MUGGINS_OF[3])
    while match.game.hand_number == hand and not match.is_over:
        match.apply(CLAIM_OF[_held(match)])
        match.apply(NO_MUGGINS)
    shows = view(match, "cribbage", 0, "en")["shows"]
    first = next(s for s in shows if s["seat"] == owner and s["what"] == showing.what)
    assert first["points"] == held and first["claimed"] == held - 3
    assert first["mugged"] == 3 and first["mugged_by"] == 1 - owner
    others = [s for s in shows if s is not first]
    assert all(s["claimed"] == s["points"] and s["mugged"] == 0 for s in others)


def test_a_table_that_counts_for_the_players_has_no_claims() -> None:
    rng = random.Random(2)
    match = CribbageMatch(best_of=1, seed=2)
    while match.game.hand_number == 1:
        v = view(match, "cribbage", match.current_player, "en")
        assert v["muggins"] is False and v["showing"] is None and v["claim"] is None
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("options", [{"cards": 5}, {"muggins": 1}, {"players": 3, "muggins": 1}])
def test_c13_c18_a_finished_game_is_replayed_as_it_was_dealt_and_counted(
    options: dict[str, int],
) -> None:
    """The log of a match of several games replays each finished game: at five-card (C13)
    and with muggins (C18) only as the match dealt and counted it (a six-card replay, or
    one without claims, refuses the record)."""
    rng = random.Random(6)
    match = CribbageMatch(best_of=5, seed=6, **options)
    while not match.games:
        match.apply(rng.choice(match.legal_actions()))
    match.apply(rng.choice(match.legal_actions()))
    v = view(match, "cribbage", 0, "en")
    result = match.games[0].result
    said = [line for line in v["log"] if "wins the game" in line or "win the game" in line]
    assert len(said) == 1 and str(result.scores[result.winner]) in said[0]
