"""A game the server has never heard of (the test-only toy ``tricks``, issue 11): created
through the REST API from its description alone, played to the end over the WebSocket by a
human and a bot (the bot thinks in the pool's worker processes, which find the game through
``PEGBOARD_GAMES``), every message each seat gets scanned for the other seat's hidden cards
as the replayed log stood then. Nothing under ``src/pegboard`` names the toy."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pegboard.games
from pegboard.i18n import translator
from pegboard.web import views
from tests.games import toy
from tests.web.conftest import HANG_GUARD, Player, new_table, seeds, service_of, token_of

CARD = re.compile(r"(?<![A-Za-z0-9_-])C[1-9](?![0-9])")
"""A card as the toy writes it (``C7``), not inside a longer word (an id, a token)."""


@pytest.fixture
def tricks_client(
    toy_game: pegboard.games.Game,
    client_on: Callable[..., TestClient],
    sqlite_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[TestClient]:
    # The server's process has the toy registered (the fixture); its bot workers are
    # other processes, which find it as any plug-in: by PEGBOARD_GAMES.
    monkeypatch.setenv(pegboard.games.ENVIRONMENT, "tests.games.toy:plug_in")
    yield client_on(sqlite_url, seed=seeds(5, 6, 7))


def truth(client: TestClient, table_id: str) -> list[toy.TricksMatch]:
    """The toy's full position after each seq, replayed from the log the database holds."""
    store = service_of(client).store
    record = store.load_table(table_id)
    assert record is not None
    log = [(seat, action) for _n, seat, action in store.log(table_id, record.match_number)]
    return [
        pegboard.games.get("tricks").replay(record.config, record.seed, log[:n])
        for n in range(len(log) + 1)
    ]


def hidden(match: toy.TricksMatch, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator, who holds no hand) may not see."""
    if seat is None:
        return toy.hidden_from(match, 0) | toy.hidden_from(match, 1)
    return toy.hidden_from(match, seat)


def leaks_of(player: Player, positions: list[toy.TricksMatch]) -> list[tuple[int, str]]:
    """Every (seq, card) of a message to ``player`` that names a card it may not see at that
    point (a message that is not a state belongs to the last state before it)."""
    found: list[tuple[int, str]] = []
    seq = 0
    for message in player.messages:
        seq = message.get("seq", seq)
        secret = hidden(positions[seq], player.seat)
        found += [(seq, card) for card in CARD.findall(repr(message)) if card in secret]
    return found


def settle(player: Player, bots: set[int]) -> dict[str, Any]:
    """``Player.settle``, bounded: a bot that cannot move (its worker knows no such game)
    fails the test instead of hanging it."""
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        player.sync()
        view = player.state["view"]
        if view["is_over"] or view["current"] not in bots:
            return player.state
        time.sleep(0.01)
    raise AssertionError(f"the bot did not move in {HANG_GUARD} s")


def play_to_the_end(client: TestClient, lang: str = "en") -> tuple[str, Player, Player]:
    table = new_table(
        client,
        "tricks",
        [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "high"}],
        hand=4,
    )
    table_id = table["table"]
    assert table["seats"][1] == {"seat": 1, "kind": "bot", "level": "high"}
    ana = Player(client, table_id, 0, token_of(table, 0), lang)
    watcher = Player(client, table_id, None, None, lang)
    moves = 0
    while True:
        state = settle(ana, {1})
        view = state["view"]
        if view["is_over"]:
            break
        assert view["your_turn"] and view["current"] == 0
        assert [item["action"] for item in view["legal"]] == [
            f"lay {card}" for card in view["observation"]["hand"]
        ]
        ana.act(view["legal"][-1]["action"])
        moves += 1
    watcher.sync()
    assert moves == 4  # four cards in a hand (T1), one laid a trick (T3)
    return table_id, ana, watcher


def test_t4_a_tricks_table_is_created_and_played_to_the_end_with_a_bot(
    tricks_client: TestClient,
) -> None:
    table_id, ana, watcher = play_to_the_end(tricks_client)
    positions = truth(tricks_client, table_id)
    final = positions[-1]
    assert final.is_over and len(positions) == 9  # 2 seats x 4 cards
    for player in (ana, watcher):
        view = player.state["view"]
        assert view["game"] == "tricks" and view["is_over"] and view["legal"] == []
        assert view["scores"] == list(final.tricks)  # Game.scores: tricks taken (T4)
        assert view["winner"] == final.winner
        # The narration, said: each card laid, each trick taken, as the events had it.
        assert sum("lays C" in line for line in view["log"]) == 8
        assert sum("takes the trick" in line for line in view["log"]) == 4
        assert "Ana lays" in " ".join(view["log"])
        assert leaks_of(player, positions) == []
    # The seat saw its own hand; the spectator no hand at all.
    first = next(m for m in ana.messages if m["type"] == "state")
    assert set(first["view"]["observation"]["hand"]) == {
        toy.card_text(c) for c in positions[0].hands[0]
    }
    assert all(m["view"]["observation"] is None for m in watcher.messages if m["type"] == "state")
    # Each state is the view of the position replayed from the log at its seq.
    for message in ana.messages:
        if message["type"] == "state":
            seq = message["seq"]
            names = ["Ana", "Leo (high)"]  # the bot: its seat's name, its level beside it
            expected = views.view(positions[seq], "tricks", 0, "en", names, narration=())
            got = dict(message["view"], log=[])
            assert got == dict(expected, log=[])


def test_the_scan_catches_a_leaky_observation(
    tricks_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same game with an observation that shows the other hand among the cards laid:
    the scan of the seat's messages must find the other seat's cards."""
    honest = toy.TricksMatch.observation

    def leaky(self: toy.TricksMatch, seat: int) -> toy.TricksObservation:
        seen = honest(self, seat)
        other = tuple(self.hands[1 - seat])
        return toy.TricksObservation(
            seen.seat, seen.hand, seen.trick, seen.laid + other, seen.tricks, seen.to_act
        )

    monkeypatch.setattr(toy.TricksMatch, "observation", leaky)
    table_id, ana, watcher = play_to_the_end(tricks_client)
    positions = truth(tricks_client, table_id)
    found = leaks_of(ana, positions)
    assert found and {card for _seq, card in found} <= {
        toy.card_text(c) for c in positions[0].hands[1]
    }
    assert leaks_of(watcher, positions) == []  # a spectator is shown no observation


def test_the_narration_comes_in_the_seats_language(tricks_client: TestClient) -> None:
    _table, ana, _watcher = play_to_the_end(tricks_client, lang="pt")
    _ = translator("pt")
    seat_2 = _("{name} ({level})").format(name=_("Leo"), level="high")  # the bot's name
    assert seat_2 == "Léo (high)"
    log = ana.state["view"]["log"]
    # The toy's own words have no catalog; the seats they name are said in Portuguese.
    assert any(line.startswith(seat_2) for line in log), log
    assert ana.state["view"]["lang"] == "pt_BR"


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
def test_t1_a_hand_of_nine_is_refused_naming_the_rule_in_the_asked_language(
    tricks_client: TestClient, lang: str
) -> None:
    answer = tricks_client.post(
        "/api/tables",
        json={
            "game": "tricks",
            "hand": 9,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "high"}],
            "lang": lang,
        },
    )
    assert answer.status_code == 422
    _ = translator(lang)
    message = answer.json()["error"]
    assert message == _("A hand is {minimum} to {maximum} cards (T1).").format(minimum=1, maximum=4)
    assert "T1" in message
    # The same path translates a game whose words the catalogs have (Draw's D1).
    five = tricks_client.post(
        "/api/tables",
        json={"game": "draw", "players": 5, "seats": [{"kind": "human"}] * 5, "lang": lang},
    )
    assert five.status_code == 422 and "D1" in five.json()["error"]
    assert (five.json()["error"] != "Draw is for 2, 3 or 4 players (D1).") == (lang != "en")


@pytest.mark.parametrize(
    "body",
    [
        {"hand": 0},
        {"hand": "3"},
        {"hand": True},
        {"hand": None},
        {"players": 3},
        {"seats": [{"kind": "human"}]},
        {"seats": [{"kind": "bot", "level": "high"}, {"kind": "bot", "level": "random"}]},
        {"seats": [{"kind": "human"}, {"kind": "bot", "level": "expert"}]},
        {"seats": [{"kind": "human"}, "bot"]},
        {"seats": None},
    ],
)
def test_a_bad_tricks_table_is_refused_never_a_500(
    tricks_client: TestClient, body: dict[str, Any]
) -> None:
    request = {"game": "tricks", "seats": [{"kind": "human"}, {"kind": "bot", "level": "high"}]}
    answer = tricks_client.post("/api/tables", json={**request, **body})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]


@pytest.mark.parametrize(
    "action", ["", "lay", "lay C0", "C10", "lay C1 C2", "x" * 300, "lay ①", "\u0000"]
)
def test_a_bad_move_of_tricks_is_refused_and_changes_nothing(
    tricks_client: TestClient, action: str
) -> None:
    table = new_table(tricks_client, "tricks", [{"kind": "human"}, {"kind": "human"}])
    ana = Player(tricks_client, table["table"], 0, token_of(table, 0))
    bo = Player(tricks_client, table["table"], 1, token_of(table, 1))
    ana.sync()  # the state of bo's claim of the seat
    answer = ana.answer({"type": "act", "action": action, "seq": 0})
    assert answer["type"] == "error" and answer["code"] == "illegal", answer
    not_yours = bo.answer({"type": "act", "action": "lay C1", "seq": 0})
    assert not_yours["code"] == "out_of_turn"
    assert ana.state["seq"] == 0 and service_of(tricks_client)._tables[table["table"]].seq == 0


def test_t2_a_card_not_in_the_hand_cites_its_rule_and_names_only_the_card_asked(
    tricks_client: TestClient,
) -> None:
    table = new_table(tricks_client, "tricks", [{"kind": "human"}, {"kind": "human"}])
    ana = Player(tricks_client, table["table"], 0, token_of(table, 0))
    positions = truth(tricks_client, table["table"])
    other = sorted(positions[0].hands[1])[0]
    answer = ana.answer({"type": "act", "action": f"lay C{other}", "seq": 0})
    assert answer["code"] == "illegal" and answer["rule"] == "T2"
    assert f"C{other}" in answer["message"]  # the card asked for, which says nothing more


def test_a_hint_ranks_the_seats_cards_with_the_games_strongest_bot(
    tricks_client: TestClient,
) -> None:
    table = new_table(tricks_client, "tricks", [{"kind": "human"}, {"kind": "human"}], hints=True)
    ana = Player(tricks_client, table["table"], 0, token_of(table, 0))
    hint = ana.answer({"type": "hint"})
    assert hint["type"] == "hint", hint
    hand = ana.state["view"]["observation"]["hand"]
    assert sorted(h["action"] for h in hint["hints"]) == sorted(f"lay {c}" for c in hand)
    assert hint["hints"][0]["unit"] == "expected points"
    assert hint["chance"] is None  # the toy game has no tables of its chances


def test_the_lobby_describes_tricks_from_its_description(tricks_client: TestClient) -> None:
    described = {g["name"]: g for g in tricks_client.get("/api/games?lang=pt").json()}
    tricks = described["tricks"]
    assert tricks["page"] == "tricks"  # its own page module, in its folder (tests/games/toy/)
    assert (described["draw"]["page"], described["cribbage"]["page"]) == ("draw", "cribbage")
    assert tricks["bots"] == ["random", "high"]
    assert (tricks["min_players"], tricks["max_players"]) == (2, 2)
    hand = {o["name"]: o for o in tricks["options"]}["hand"]
    assert (hand["minimum"], hand["maximum"], hand["default"], hand["rule"]) == (1, 4, 3, "T1")
    assert hand["refusal"] == "A hand is 1 to 4 cards (T1)."
    best_of = {o["name"]: o for o in described["cribbage"]["options"]}["best_of"]
    assert best_of["refusal"] != "A cribbage match is the best of 1, 3, 5 or 7 games."


def test_a_tricks_table_is_listed_and_rebuilt_from_its_log(
    tricks_client: TestClient,
) -> None:
    table = new_table(
        tricks_client, "tricks", [{"kind": "human"}, {"kind": "human"}], hand=2, public=True
    )
    listed = tricks_client.get("/api/tables").json()
    assert any(t["table"] == table["table"] and t["game"] == "tricks" for t in listed)
    ana = Player(tricks_client, table["table"], 0, token_of(table, 0))
    ana.act(ana.state["view"]["legal"][0]["action"])
    log_before = ana.state["view"]["log"]
    ana.close()
    service = service_of(tricks_client)
    service._tables.pop(table["table"])  # gone from memory: the next hello rebuilds it
    again = Player(tricks_client, table["table"], 0, token_of(table, 0))
    assert again.state["seq"] == 1 and again.state["view"]["log"] == log_before


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    hand=JSON,
    players=JSON,
    seats=st.one_of(
        JSON,
        st.lists(
            st.fixed_dictionaries({"kind": st.sampled_from(["human", "bot", "x"]), "level": JSON}),
            max_size=3,
        ),
    ),
)
def test_any_body_for_a_tricks_table_is_answered_never_a_500(
    tricks_client: TestClient, hand: Any, players: Any, seats: Any
) -> None:
    body = {"game": "tricks", "hand": hand, "players": players, "seats": seats}
    answer = tricks_client.post("/api/tables", json=body)
    assert answer.status_code in (201, 422), answer.text
    if answer.status_code == 422:
        assert answer.json()["error"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=JSON)
def test_any_action_at_a_tricks_table_is_answered_never_a_server_error(
    tricks_client: TestClient, action: Any
) -> None:
    table = new_table(tricks_client, "tricks", [{"kind": "human"}, {"kind": "human"}])
    ana = Player(tricks_client, table["table"], 0, token_of(table, 0))
    try:
        ana.send({"type": "act", "action": action, "seq": 0})
        got = ana.sync()
        assert [m["code"] for m in got if m["type"] == "error"] != ["server"], got
        assert all(m["type"] in ("state", "error") for m in got), got
    finally:
        ana.close()
