"""Every REST body is validated by its Pydantic model (``pegboard.web.bodies``,
``pegboard.web.table_body``), and every refusal is the API's own: ``422 {"error"}`` in the
request's language, naming the field (a game's setting with its rule), never Pydantic's
English nor what was sent. Fields a body does not name are ignored (docs/web.md, "Bodies").

Each route gets a body of a wrong type, one with a field missing, one out of range, and
one with a field it does not know, in two languages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.i18n import translator
from pegboard.web.app import create_app
from pegboard.web.bodies import (
    FIELDS,
    ClaimInvite,
    CodeBody,
    CorrectionReport,
    InviteSeat,
    JoinSeat,
    LeaveSeat,
    NameBody,
)
from tests.web.conftest import PLAY_LIMITS, database_rows, invite_of, new_table, seeds, token_of

HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
LEVELS = "random, greedy, beginner, casual, strong, simulation, match-expert, expert, ismcts"
"""Cribbage's bot levels, as a refusal lists them."""
SENT = "Zq9-sent-by-the-client"
"""A value no refusal may echo."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("bodies") / "pegboard.db"
    made = create_app(
        f"sqlite:///{path}", bot_delay=0, seed_source=seeds(3), limits=PLAY_LIMITS, bot_workers=0
    )
    with TestClient(made) as client:
        yield client


Message = str | tuple[str, str]
"""A message, or a plural one (its singular and its plural, counted by ``n``)."""


def said(lang: str, message: Message, **fields: Any) -> str:
    """``message`` in ``lang``, as the server words it; for any language but English, it
    must be translated (the catalog has it)."""
    _ = translator(lang)
    if isinstance(message, tuple):
        words = _.ngettext(*message, fields["n"]).format(**fields)
        english = message[fields["n"] != 1].format(**fields)
    else:
        words, english = _(message).format(**fields), message.format(**fields)
    if lang != "en":
        assert words != english, f"not translated into {lang}: {english}"
    return words


def refused(answer: Any, status: int, lang: str, message: Message, **fields: Any) -> None:
    assert (answer.status_code, answer.json()) == (
        status,
        {"error": said(lang, message, **fields)},
    ), answer.text
    assert "Input should" not in answer.text and "Field required" not in answer.text
    assert SENT not in answer.text


def draw(**body: Any) -> dict[str, Any]:
    return {"game": "draw", "players": 2, "seats": HUMANS, **body}


def cribbage(**body: Any) -> dict[str, Any]:
    return {"game": "cribbage", "seats": HUMANS, **body}


DRAW_PLAYERS = "Draw is for 2, 3 or 4 players (D1)."
BEST_OF = "A cribbage match is the best of 1, 3, 5 or 7 games."
CLOCK = (
    "A clock has a bank of {low} to {high} seconds and an increment of {least} to {most} "
    "seconds a move."
)
CLOCK_FIELDS = {"low": 30, "high": 3600, "least": 0, "most": 60}
NAME = "A name is text."
PUBLIC = 'A table is public or private: "public" is true or false.'
RATED = 'A table is rated or not: "rated" is true or false.'
SEATS = ("Give one seat for each of the {n} player.", "Give one seat for each of the {n} players.")

NEW_TABLES: list[tuple[str, dict[str, Any], Message, dict[str, Any]]] = [
    # wrong types: a text, a boolean or a fraction is no whole number; 1 is no boolean
    ("type", draw(players="2"), DRAW_PLAYERS, {}),
    ("type", draw(players=True), DRAW_PLAYERS, {}),
    ("type", cribbage(best_of=True), BEST_OF, {}),  # a choice: true is not 1
    ("type", cribbage(best_of=3.0), BEST_OF, {}),
    ("type", draw(public=1), PUBLIC, {}),
    ("type", draw(rated="yes"), RATED, {}),
    ("type", draw(clock={"bank": "180", "increment": 3}), CLOCK, CLOCK_FIELDS),
    ("type", draw(seats=[{"kind": "human", "name": 7}, {"kind": "human"}]), NAME, {}),
    ("type", draw(seats=SENT), SEATS, {"n": 2}),
    ("type", draw(seats=[{"kind": "human"}, SENT]), "Seat {n} is not a seat.", {"n": 2}),
    ("type", {"game": 7, "seats": HUMANS}, "Choose a game: {games}.", {}),
    # missing
    ("missing", {"seats": HUMANS}, "Choose a game: {games}.", {}),
    ("missing", {"game": "draw", "seats": HUMANS}, DRAW_PLAYERS, {}),
    (
        "missing",
        {"game": "draw", "players": 3},
        SEATS,
        {"n": 3},
    ),
    ("missing", draw(clock={"bank": 180}), CLOCK, CLOCK_FIELDS),
    (
        "missing",
        cribbage(seats=[{"kind": "human"}, {"kind": "bot"}]),
        "Seat {n}: choose a bot level: {levels}.",
        {"n": 2, "levels": LEVELS},
    ),
    ("missing", cribbage(seats=[{"kind": "human"}, {}]), "Seat {n} is a human or a bot.", {"n": 2}),
    # out of range
    ("range", draw(players=5), DRAW_PLAYERS, {}),
    ("range", cribbage(best_of=2), BEST_OF, {}),
    ("range", draw(clock={"bank": 10, "increment": 0}), CLOCK, CLOCK_FIELDS),
    ("range", draw(seats=HUMANS * 3), SEATS, {"n": 2}),
    (
        "range",
        cribbage(seats=[{"kind": "human"}, {"kind": "bot", "level": SENT}]),
        "Seat {n}: choose a bot level: {levels}.",
        {"n": 2, "levels": LEVELS},
    ),
    (
        "range",
        cribbage(seats=[{"kind": "human"}, {"kind": SENT}]),
        "Seat {n} is a human or a bot.",
        {"n": 2},
    ),
]


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize(("kind", "body", "message", "fields"), NEW_TABLES)
def test_a_new_tables_body_is_refused_in_words(
    app: TestClient, lang: str, kind: str, body: dict[str, Any], message: Message, fields: Any
) -> None:
    if message == "Choose a game: {games}.":
        fields = {"games": "draw, cribbage, all-fives, fives-and-threes"}
    before = database_rows(app)
    answer = app.post("/api/tables", json={**body, "lang": lang})
    refused(answer, 422, lang, message, **fields)
    assert database_rows(app) == before


def test_a_new_tables_body_may_hold_fields_it_does_not_name(app: TestClient) -> None:
    """Ignored, at the top and in a clock alike (a newer page may send a field)."""
    clock = {"bank": 60, "increment": 2, "delay": 5}
    table = new_table(
        app, "draw", [{"kind": "human", "colour": "red"}, {"kind": "human"}], players=2,
        clock=clock, theme="dark",
    )  # fmt: skip
    summary = app.get(f"/api/tables/{table['table']}").json()
    assert (summary["clock"]["bank"], summary["clock"]["increment"]) == (60, 2)


# -- the seats' routes -----------------------------------------------------------------------


@pytest.fixture
def table(app: TestClient) -> dict[str, Any]:
    return new_table(app, "draw", HUMANS, players=2, public=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_joining_takes_a_name_of_text(app: TestClient, table: dict[str, Any], lang: str) -> None:
    url = f"/api/tables/{table['table']}/seats/1/join"
    for name in (7, [SENT], {"first": SENT}, True):
        refused(app.post(url, json={"name": name, "lang": lang}), 422, lang, NAME)
    joined = app.post(url, json={"name": "Bo", "lang": lang, "colour": "red"})
    assert joined.status_code == 200, joined.text


INVITATION = "An invitation is claimed with its code (text, at most {n} characters)."


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_claim_is_an_invitations_code_and_a_name(app: TestClient, lang: str) -> None:
    table = new_table(app, "draw", HUMANS, players=2)
    url = f"/api/tables/{table['table']}/claim"
    code = invite_of(table, 1)
    for body in ({}, {"invite": 7}, {"invite": [SENT]}, {"invite": "x" * 65}):
        refused(app.post(url, json={**body, "lang": lang}), 422, lang, INVITATION, n=64)
    # A name of another type is a name's refusal (it was the invitation's), and spends nothing.
    refused(app.post(url, json={"invite": code, "name": 7, "lang": lang}), 422, lang, NAME)
    claimed = app.post(url, json={"invite": code, "lang": lang, "extra": SENT})
    assert claimed.status_code == 200, claimed.text


TOKEN = 'A seat\'s "token" is text: the one its link holds.'


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_leaving_takes_a_token_of_text(app: TestClient, lang: str) -> None:
    table = new_table(app, "draw", HUMANS, players=2)
    url = f"/api/tables/{table['table']}/seats/0/leave"
    for token in (7, [SENT], False):
        refused(app.post(url, json={"token": token, "lang": lang}), 422, lang, TOKEN)
    assert app.get(f"/api/tables/{table['table']}").json()["seats"][0]["claimed"] is True
    left = app.post(url, json={"token": token_of(table, 0), "lang": lang, "why": SENT})
    assert left.status_code == 200, left.text


SEAT = 'Say which seat is yours: "seat" is its number.'


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_asking_for_an_invitation_names_ones_own_seat(app: TestClient, lang: str) -> None:
    table = new_table(app, "draw", HUMANS, players=2)
    ana = token_of(table, 0)
    url = f"/api/tables/{table['table']}/seats/1/invite"
    for body in ({}, {"seat": "0"}, {"seat": True}, {"seat": 0.0}, {"seat": None}):
        answer = app.post(url, json={**body, "token": ana, "lang": lang})
        refused(answer, 422, lang, SEAT)
    refused(app.post(url, json={"seat": 0, "token": 7, "lang": lang}), 422, lang, TOKEN)
    asked = app.post(url, json={"seat": 0, "token": ana, "lang": lang, "more": 1})
    assert asked.status_code == 200, asked.text


# -- the player's routes ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_a_players_name_is_text(app: TestClient, lang: str) -> None:
    browser = TestClient(app.app)
    browser.portal = app.portal
    for name in (7, [SENT], False):
        refused(browser.put("/api/me", json={"name": name, "lang": lang}), 422, lang, NAME)
    assert browser.get("/api/me").json()["id"] is None  # no player made
    named = browser.put("/api/me", json={"name": "Cy", "lang": lang, "avatar": SENT})
    assert named.status_code == 200 and named.json()["name"] == "Cy"


CODE = "A code from another device is text of at most {n} characters."


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_device_code_is_text_of_at_most_64_characters(app: TestClient, lang: str) -> None:
    for body in ({}, {"code": 5}, {"code": None}, {"code": "x" * 65}):
        answer = app.post("/api/me/device", json={**body, "lang": lang})
        refused(answer, 422, lang, CODE, n=64)
    unknown = app.post("/api/me/device", json={"code": "x" * 64, "lang": lang, "o": 1})
    assert unknown.status_code == 410, unknown.text  # read, and no code of anyone's


# -- a report of a correction ----------------------------------------------------------------

TEXT = "A report needs its text: say what is out of date."


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_reports_body_is_refused_in_words(app: TestClient, lang: str) -> None:
    url = "/api/rules/draw/corrections"
    for body, message in [
        ({}, TEXT),
        ({"text": 7}, TEXT),
        ({"text": ""}, TEXT),
        ({"text": "ok", "contact": [SENT]}, "A way to reply is text."),
    ]:
        before = database_rows(app)
        refused(app.post(url, json={**body, "lang": lang}), 422, lang, message)
        assert database_rows(app) == before
    sent = app.post(url, json={"text": "D17 is unclear", "lang": lang, "page": 3})
    assert sent.status_code == 201, sent.text


# -- the one table of refusals ---------------------------------------------------------------


@pytest.mark.parametrize(
    "model",
    [JoinSeat, ClaimInvite, LeaveSeat, InviteSeat, NameBody, CodeBody, CorrectionReport],
)
def test_every_field_of_a_body_has_its_own_refusal(model: Any) -> None:
    """No field falls back on the generic words: each says what it must be."""
    assert set(model.model_fields) - {"lang"} <= set(FIELDS)


def test_a_field_with_no_words_of_its_own_is_still_named() -> None:
    from pydantic import BaseModel, ConfigDict, StrictInt

    from pegboard.web.bodies import read
    from pegboard.web.tables import LobbyError

    class Future(BaseModel):
        model_config = ConfigDict(strict=True)
        count: StrictInt

    for body, message in [
        ({}, 'The request needs "{field}".'),
        ({"count": SENT}, '"{field}" does not hold a value this request takes.'),
    ]:
        with pytest.raises(LobbyError) as refusal:
            read(Future, body, translator("pt"))
        assert refusal.value.status == 422
        assert refusal.value.message == said("pt", message, field="count")
