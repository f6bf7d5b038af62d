"""Whole cribbage games over the WebSocket protocol: human against human, human against a bot."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from pegboard.cribbage import CribbageMatch
from tests.web.conftest import Player, check_states, leaks, new_table, token_of, truth_of


def play_out(players: dict[int, Player], bots: set[int], rng: random.Random) -> None:
    """Random legal moves for the humans until the match is over."""
    first = next(iter(players.values()))
    while True:
        state = first.settle(bots)
        if state["view"]["is_over"]:
            return
        player = players[state["view"]["current"]]
        player.sync()
        assert player.state["seq"] == state["seq"]
        legal = player.state["view"]["legal"]
        player.act(rng.choice(legal)["action"])


def test_c7_cribbage_between_two_humans_to_121_with_a_spectator(client: TestClient) -> None:
    table = new_table(
        client, "cribbage", [{"kind": "human", "name": "Ana"}, {"kind": "human"}], best_of=1
    )
    table_id = table["table"]
    ana = Player(client, table_id, 0, token_of(table, 0), updates=True)  # as the page
    bo = Player(client, table_id, 1, token_of(table, 1))
    watcher = Player(client, table_id, None, None, updates=True)
    play_out({0: ana, 1: bo}, set(), random.Random(3))
    for player in (bo, watcher):
        player.sync()
    truth = truth_of(client, table_id)
    final = truth.positions[-1]
    assert isinstance(final, CribbageMatch) and final.is_over
    assert max(final.games[0].result.scores) >= 121  # C7
    for player in (ana, bo, watcher):
        assert player.state["view"]["is_over"]
        assert player.state["view"]["winner"] == final.winner
    counted = [check_states(p, truth, ["Ana", ""]) for p in (ana, bo, watcher)]
    assert min(counted) > 50


def test_c7_cribbage_human_against_an_expert_bot(client: TestClient) -> None:
    table = new_table(
        client, "cribbage", [{"kind": "bot", "level": "expert"}, {"kind": "human"}], best_of=1
    )
    table_id = table["table"]
    assert table["seats"][0] == {"seat": 0, "kind": "bot", "level": "expert"}
    human = Player(client, table_id, 1, token_of(table, 1))
    play_out({1: human}, {0}, random.Random(4))
    truth = truth_of(client, table_id)
    assert truth.positions[-1].is_over
    assert check_states(human, truth, ["Maya (Expert bot)", ""]) > 20


def test_c18_c19_muggins_between_a_person_and_an_expert_bot(client: TestClient) -> None:
    """With muggins the person claims and answers the bot's claims (random numbers, the
    thirty claims the view lists), the bot claims and answers at its turns (the bot pool
    at the show: the match never stalls), and every state is the engine's view with no
    card the person may not know (a crib only once turned up to be claimed for, C18)."""
    seats = [{"kind": "bot", "level": "expert"}, {"kind": "human"}]
    table = new_table(client, "cribbage", seats, best_of=1, muggins=1)
    table_id = table["table"]
    human = Player(client, table_id, 1, token_of(table, 1))
    claims = set()
    first = human
    rng = random.Random(8)
    while True:
        state = first.settle({0})
        view = state["view"]
        if view["is_over"]:
            break
        if view["claim"] is not None:
            assert view["showing"]["asked"] == 1 and len(view["legal"]) == 30
            if view["claim"] not in claims:  # the expert's hint: the exact number first
                human.send({"type": "hint"})
                (hint,) = [m for m in human.sync() if m["type"] == "hint"]
                verb = "claim" if view["claim"] == "claim" else "muggins"
                best = hint["hints"][0]
                assert best["action"].startswith((verb, "no muggins")), best
                assert best["value"] >= max(h["value"] for h in hint["hints"])
            claims.add(view["claim"])
        human.act(rng.choice(view["legal"])["action"])
    assert claims == {"claim", "answer"}
    truth = truth_of(client, table_id)
    final = truth.positions[-1]
    assert isinstance(final, CribbageMatch) and final.is_over and final.muggins == 1
    assert check_states(human, truth, ["Maya (Expert bot)", ""]) > 20


def test_c18_a_claim_out_of_range_is_refused_in_words_and_changes_nothing(
    client: TestClient,
) -> None:
    seats = [{"kind": "bot", "level": "beginner"}, {"kind": "human"}]
    table = new_table(client, "cribbage", seats, best_of=1, muggins=1)
    human = Player(client, table["table"], 1, token_of(table, 1), lang="pt")
    rng = random.Random(2)
    while (state := human.settle({0}))["view"]["claim"] != "claim":
        human.act(rng.choice(state["view"]["legal"])["action"])
    seq = state["seq"]
    # The engine's own words, in the seat's language (pt): the rule and the number, or how
    # a claim is written; nothing played.
    said = {
        "claim 30": ("uma declaração vai de 0 a 29 pontos", "30", "C18"),
        "claim -1": ("uma declaração vai de 0 a 29 pontos", "-1", "C18"),
        "claim": ("não foi possível ler", "'claim 8'"),
    }
    for wrong, words in said.items():
        error = human.answer({"type": "act", "action": wrong, "seq": seq})
        assert error["type"] == "error" and error["code"] == "illegal", error
        assert all(word in error["message"] for word in words), error
        assert human.state["seq"] == seq
    human.act("claim 3")
    assert human.state["seq"] > seq


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ("Counting the score", "Counted for you", "You count, with muggins")),
        ("pt", ("Contagem dos pontos", "Contada para você", "Você conta, com muggins")),
        ("zh", ("计分方式", "系统代为计分", "自己报分，可抢分（muggins）")),
        ("hi", ("अंकों की गिनती", "आपके लिए गिनी जाती है", "आप खुद गिनते हैं, मगिन्स के साथ")),
    ],
)
def test_c18_the_lobby_offers_muggins_in_each_language(
    client: TestClient, lang: str, said: tuple[str, str, str]
) -> None:
    """The lobby's generic options form is made from ``GET /api/games``: the option's
    label and its two choices' labels, in the lobby's language."""
    games = {g["name"]: g for g in client.get(f"/api/games?lang={lang}").json()}
    muggins = {o["name"]: o for o in games["cribbage"]["options"]}["muggins"]
    assert (muggins["choices"], muggins["default"], muggins["rule"]) == ([0, 1], 0, "C18")
    assert (muggins["label"], *(text for _n, text in muggins["choice_labels"])) == said


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 4}, {"cards": 5}])
def test_c18_every_cribbage_table_plays_muggins(
    client: TestClient, options: dict[str, int]
) -> None:
    """Two, three, four players and five-card: a table made with muggins says so in its
    view (the heading's "Counted by the players, with muggins") and reaches its first claim
    with the person asked or told whom it waits for."""
    players = options.get("players", 2)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "beginner"}] * (players - 1)
    table = new_table(client, "cribbage", seats, best_of=1, muggins=1, **options)
    human = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(players)
    bots = set(range(1, players))
    while (state := human.settle(bots))["view"]["showing"] is None:
        assert state["view"]["muggins"] is True and not state["view"]["is_over"]
        human.act(rng.choice(state["view"]["legal"])["action"])
    view = state["view"]
    assert view["phase"] == "show" and view["claim"] in ("claim", "answer")
    assert len(view["showing"]["cards"]) == (3 if options.get("cards") == 5 else 4)  # C16


def test_the_leak_check_sees_the_other_hand_and_the_deck(client: TestClient) -> None:
    """At the first deal seat 0 may know its six cards and the cut for the deal (C2), no
    other card: the check counts the rest hidden and catches a message naming one."""
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])
    truth = truth_of(client, table["table"])
    match = truth.positions[0]
    assert isinstance(match, CribbageMatch)
    own = {str(c) for c in match.game.hands[0]}
    cuts = {str(c) for cut in match.cuts for c in cut.cards}
    assert truth.hidden(0, 0) == {str(c) for c in _deck()} - own - cuts
    other = sorted({str(c) for c in match.game.hands[1]} - cuts)[0]
    assert leaks({"log": [f"Seat 2 keeps {other}"]}, truth.hidden(0, 0)) == [other]
    assert leaks({"hand": sorted(own)}, truth.hidden(0, 0)) == []


def _deck() -> tuple[object, ...]:
    from pegboard.cribbage.cards import DECK

    return DECK


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
def test_states_come_in_the_seat_language(client: TestClient, lang: str) -> None:
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])
    english = Player(client, table["table"], 0, token_of(table, 0))
    other = Player(client, table["table"], 1, token_of(table, 1), lang=lang)
    english.sync()  # the state after the second seat was claimed
    assert other.state["view"]["lang"] != "en"
    assert other.state["view"]["log"] != english.state["view"]["log"]
    switched = english.answer({"type": "lang", "lang": lang})
    assert switched["view"]["lang"] == other.state["view"]["lang"]
