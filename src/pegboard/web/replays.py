"""Finished matches (issue 13, "Finished matches"): every match of a table stays, under
its own address ``/m/{table}-{number}``. ``GET /m/ID?at=K`` replays it move by move
(server-rendered: the position after move K, every seat's hand shown, the board, what the
move did, the round's settlement or the show as the narration tells them), and ``GET
/api/matches/ID/record`` gives the engine's JSON record (what ``pegboard replay`` reads).

A match in progress is never replayed and its record never given (``409``): only its
players' and spectators' views over the WebSocket show it. Nothing here names a game: the
engine replays the log (the game's ``Game``, ``pegboard.games``) and each position is
shown through the views (``pegboard.web.views``), one per seat.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markupsafe import Markup
from sqlalchemy import select

import pegboard.games
from pegboard.analysis.odds import tables_of
from pegboard.games.tables import TablesError
from pegboard.i18n import Translator, say_all, translator
from pegboard.web import fair_play, pages, rules, views, wire
from pegboard.web.daily_access import replay_refusal
from pegboard.web.db import ActionRow, MatchRow, SeatRow, TableRow
from pegboard.web.limits import MATCH_ID_LENGTH, REPLAY_LINKS, REPLAY_MATCHES, REPLAY_PAGES
from pegboard.web.records import SeatInfo
from pegboard.web.schemas import answers
from pegboard.web.seat_names import seat_name, seat_names
from pegboard.web.store import Store
from pegboard.web.tables import lang_key

router = APIRouter()
SCRIPT: Final = "replay.js"
MATCH_NUMBER_MOST: Final = 999_999_999
"""A match's number has at most nine digits (a longer one names no match)."""


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A match as stored: its table's game and settings, its seats, seed and log."""

    table_id: str
    number: int
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[SeatInfo]
    """Who sat where (a person's name, a bot's level): what ``seat_names`` names them by."""
    actions: list[tuple[int, str]]
    finished: bool
    forfeit: int | None = None
    """The seat that lost the match by forfeit (it left a rated table: ``leavers``)."""
    ending: str | None = None
    """How that forfeit came (``fair_play.ENDINGS``)."""
    aborted: bool = False


def match_id(table_id: str, number: int) -> str:
    """The address of a table's match: ``TABLE-NUMBER``."""
    return f"{table_id}-{number}"


def replay_links(table_id: str, number: int, over: bool) -> list[str]:
    """The replays' addresses of a table's finished matches: every match before the one in
    play (a new one starts only once its forerunner is over), and that one once it is over;
    the last ``REPLAY_LINKS`` of them, oldest first."""
    last = number if over else number - 1
    return [f"/m/{match_id(table_id, n)}" for n in range(max(1, last - REPLAY_LINKS + 1), last + 1)]


def parse_match_id(text: str) -> tuple[str, int] | None:
    """``(table, number)`` of a match's address, or None for a text that is none."""
    if len(text) > MATCH_ID_LENGTH:
        return None
    table_id, dash, number = text.rpartition("-")
    value = wire.ascii_number(number, MATCH_NUMBER_MOST)
    if not dash or not table_id or value is None or len(number) > len(str(MATCH_NUMBER_MOST)):
        return None
    return table_id, value


def load_match(store: Store, table_id: str, number: int) -> FinishedMatch | None:
    """The stored match, finished or not (None if there is none)."""
    with store.session() as session:
        table = session.get(TableRow, table_id)
        match = session.get(MatchRow, (table_id, number))
        if table is None or match is None:
            return None
        seats = session.execute(
            select(SeatRow.seat, SeatRow.kind, SeatRow.level, SeatRow.name)
            .where(SeatRow.table_id == table_id)
            .order_by(SeatRow.seat)
        ).all()
        actions = session.execute(
            select(ActionRow.seat, ActionRow.action)
            .where(ActionRow.table_id == table_id, ActionRow.match_number == number)
            .order_by(ActionRow.seq)
        ).all()
        return FinishedMatch(
            table_id,
            number,
            table.game,
            dict(table.config),
            match.seed,
            [SeatInfo(seat, kind, level, name) for seat, kind, level, name in seats],
            [(seat, action) for seat, action in actions],
            match.finished_at is not None,
            match.forfeit,
            match.ending,
            match.aborted,
        )


PageKey = tuple[str, int, int, str]
"""A replay page: its table, match number, move and language."""


class ReplayCache:
    """What a finished match's replay pages cost, kept: a finished match never changes, so
    its stored form (``FinishedMatch``, up to ``matches`` of them) and its pages (by move
    and language, up to ``pages``) are made once and then served, the least recently asked
    for going first. A match in play is never put here (its pages are 409s, made by
    nobody), and each language has pages of its own. Two askers of one page that is not
    made yet wait for the same making (``made``), so many at once cost one."""

    def __init__(self, pages: int = REPLAY_PAGES, matches: int = REPLAY_MATCHES) -> None:
        self.most_pages = pages
        self.most_matches = matches
        self._pages: OrderedDict[PageKey, str] = OrderedDict()
        self._matches: OrderedDict[tuple[str, int], FinishedMatch] = OrderedDict()
        self._making: dict[PageKey, asyncio.Future[str]] = {}
        self._parts: OrderedDict[tuple[str, int, str], list[Part]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._pages) + len(self._matches)

    def clear(self) -> None:
        self._pages.clear()
        self._matches.clear()
        self._parts.clear()

    def parts(self, found: FinishedMatch, lang: str) -> list[Part] | None:
        """The rounds or hands of a finished match in ``lang``, if known (``survey``)."""
        return self._parts.get((found.table_id, found.number, lang))

    def keep_parts(self, found: FinishedMatch, lang: str, parts: list[Part]) -> None:
        self._parts[(found.table_id, found.number, lang)] = parts
        while len(self._parts) > self.most_matches:
            self._parts.popitem(last=False)

    def match(self, table_id: str, number: int) -> FinishedMatch | None:
        found = self._matches.get((table_id, number))
        if found is not None:
            self._matches.move_to_end((table_id, number))
        return found

    def keep_match(self, found: FinishedMatch) -> None:
        if not found.finished:
            return  # a match in play changes: never kept
        self._matches[(found.table_id, found.number)] = found
        while len(self._matches) > self.most_matches:
            self._matches.popitem(last=False)

    def page(self, key: PageKey) -> str | None:
        found = self._pages.get(key)
        if found is not None:
            self._pages.move_to_end(key)
        return found

    def keep_page(self, key: PageKey, page: str) -> None:
        self._pages[key] = page
        while len(self._pages) > self.most_pages:
            self._pages.popitem(last=False)

    async def made(self, key: PageKey, make: Callable[[], Awaitable[str]]) -> str:
        """The page ``key``: kept, or made by ``make`` (once for all who ask meanwhile)."""
        found = self.page(key)
        if found is not None:
            return found
        making = self._making.get(key)
        if making is None:
            making = asyncio.ensure_future(make())
            self._making[key] = making
            making.add_done_callback(lambda done: self._made(key, done))
        return await asyncio.shield(making)

    def _made(self, key: PageKey, done: asyncio.Future[str]) -> None:
        del self._making[key]
        if not done.cancelled() and done.exception() is None:
            self.keep_page(key, done.result())


def cache_of(request: Request) -> ReplayCache:
    cache: ReplayCache = request.app.state.replay_cache
    return cache


class ReplayRefusedError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def finished_match(request: Request, text: str, _: Translator) -> FinishedMatch:
    """The finished match at the address ``text``: ``ReplayRefusedError`` 404 for none, 409 for a
    match still in play (it is never replayed with its hidden information)."""
    parsed = parse_match_id(text)
    store: Store = request.app.state.service.store
    cache = cache_of(request)
    found = None if parsed is None else cache.match(*parsed)
    if found is None and parsed is not None:
        found = await asyncio.to_thread(load_match, store, *parsed)
        if found is not None:
            cache.keep_match(found)
    if found is None:
        raise ReplayRefusedError(404, _("There is no such match."))
    if not found.finished:
        raise ReplayRefusedError(
            409,
            _("This match is still being played: it can be replayed once it is over."),
        )
    if (refusal := await replay_refusal(request, found.table_id, _)) is not None:
        raise ReplayRefusedError(409, refusal)
    return found


@router.get(
    "/api/matches/{match}/record",
    responses=answers(404, 409, 422, 429, 503),
)
async def match_record(request: Request, match: str) -> Response:
    """The engine's record of a finished match (``pegboard replay`` reads it)."""
    _ = translator(lang_key(request.query_params.get("lang")))
    try:
        found = await finished_match(request, match, _)
    except ReplayRefusedError as refusal:
        return JSONResponse({"error": refusal.message}, status_code=refusal.status)
    played = await asyncio.to_thread(
        pegboard.games.get(found.game).replay, found.config, found.seed, found.actions
    )
    record: dict[str, Any] = played.to_record()
    name = f"pegboard-{match_id(found.table_id, found.number)}.json"
    return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@dataclass(frozen=True, slots=True)
class Position:
    """The position after ``at`` moves of a finished match: what move ``at`` did, the
    public view and every seat's view (a finished match hides nothing)."""

    at: int
    moves: int
    said: list[str]
    public: dict[str, Any]
    seats: list[dict[str, Any]]
    chances: list[float] | None = None
    """Each seat's chance of winning from the start of the deal in play, by the game's
    tables (``pegboard.analysis.win_probability`` with no sample: public facts only); None
    for a game without tables."""


@dataclass(frozen=True, slots=True)
class Part:
    """A round or hand of a match (its view's ``part``) and the move it starts at."""

    at: int
    label: str


@dataclass(frozen=True, slots=True)
class Survey:
    """A finished match's parts, and its positions from one move to another."""

    parts: list[Part]
    positions: list[Position]


def survey(
    found: FinishedMatch, start: int, stop: int, lang: str, known: list[Part] | None = None
) -> Survey:
    """Replay ``found`` once: its parts (each round or hand where it starts, read from the
    public view's ``part``; none for a game whose view has none), unless ``known``
    already, and the positions after ``start`` to ``stop`` - 1 moves (clamped to 0..its
    moves), viewed for all."""
    _ = translator(lang)
    moves = len(found.actions)
    start, stop = max(0, min(start, moves)), max(0, min(stop, moves + 1))
    game = pegboard.games.get(found.game)
    match = game.new_match(found.config, found.seed)
    narration: list[Any] = []
    said: list[Any] = []
    names = seat_names(found.game, found.seats, _)
    parts: list[Part] = [] if known is None else known
    positions: list[Position] = []
    for at in range(moves + 1 if known is None else stop):
        if at:
            seat, text = found.actions[at - 1]
            said = list(game.play(match, seat, text).events)
            narration.extend(said)
        wanted = start <= at < stop
        if known is not None and not wanted:
            continue  # the parts are known: only the wanted positions are viewed
        public = views.view(match, found.game, None, lang, names, narration)
        label = public.get("part")
        if known is None and isinstance(label, str) and (not parts or parts[-1].label != label):
            parts.append(Part(at, label))
        if wanted:
            words = say_all(said, _, lambda seat: str(names[seat]))
            seats = [
                views.view(match, found.game, seat, lang, names, narration)
                for seat in range(match.num_players)
            ]
            chances = deal_chances(game, match)
            positions.append(Position(at, moves, words, public, seats, chances))
    return Survey(parts, positions)


def deal_chances(game: pegboard.games.Game, match: Any) -> list[float] | None:
    """Each seat's chance from the start of ``match``'s deal in play, by the tables (1 and
    0 once it is over: public facts only); None when the game has no tables, or none for
    this kind of match."""
    if game.win_probabilities is None:
        return None
    try:
        return [round(float(chance), 4) for chance in tables_of(game).between_deals(match)]
    except TablesError:
        return None


def position(found: FinishedMatch, at: int, lang: str) -> Position:
    """Replay ``found`` to move ``at`` (clamped to 0..its moves) and view it for all."""
    at = max(0, min(at, len(found.actions)))
    return survey(found, at, at + 1, lang).positions[0]


def _hand_text(hand: Any) -> str:
    if isinstance(hand, list | tuple):
        return " ".join(str(part) for part in hand)
    return "" if hand is None else str(hand)


def render_position(
    found: FinishedMatch, shown: Position, lang: str, parts: list[Part] | None = None
) -> str:
    """The replay page at ``shown`` (``templates/replay.html``): the navigation, the
    match's rounds or hands (``parts``), what the move did, the board, every seat's hand."""
    _ = translator(lang)
    names = shown.public.get("names", [])
    forfeit = found.forfeit
    ended = (
        fair_play.ending_text(
            found.ending,
            found.aborted,
            seat_name(found.game, found.seats[forfeit], _),
            _,
        )
        if forfeit is not None and 0 <= forfeit < len(found.seats)
        else None
    )
    return pages.render(
        "replay.html",
        lang,
        path=f"/m/{match_id(found.table_id, found.number)}",
        scripts=(SCRIPT,),
        address=f"/m/{match_id(found.table_id, found.number)}",
        game=_(pegboard.games.get(found.game).display_name),
        match=match_id(found.table_id, found.number),
        table=found.table_id,
        game_name=found.game,
        at=shown.at,
        moves=shown.moves,
        parts=parts or [],
        back=max(0, shown.at - 1),
        forward=min(shown.moves, shown.at + 1),
        ended=ended,
        said=shown.said,
        # The engine's drawings: SVG whose texts (names among them) it escapes itself.
        drawings=[
            Markup(value)
            for key, value in shown.public.items()
            if key.endswith("_svg") and isinstance(value, str)
        ],
        descriptions=[
            value
            for key, value in shown.public.items()
            if key.endswith("_description") and isinstance(value, str) and value
        ],
        hands=[
            (
                str(names[seat]) if seat < len(names) else str(seat + 1),
                _hand_text(seat_view.get("hand")) or "—",
            )
            for seat, seat_view in enumerate(shown.seats)
        ],
    )


@router.get("/m/{match}", include_in_schema=False)
async def replay_page(request: Request, match: str) -> Response:
    """The replay of a finished match at ``?at=K`` (default: its last move)."""
    lang = rules.request_lang(request)
    _ = translator(lang)
    try:
        found = await finished_match(request, match, _)
    except ReplayRefusedError as refusal:
        page = pages.message_page(lang, refusal.message, path=f"/m/{match[:64]}")
        return HTMLResponse(page, status_code=refusal.status)
    asked = request.query_params.get("at")
    at = len(found.actions) if asked is None else wire.ascii_number(asked, len(found.actions))
    if at is None:
        message = _("A move is a whole number, from 0 to {n}.").format(n=len(found.actions))
        return HTMLResponse(
            pages.message_page(lang, message, path=f"/m/{match[:64]}"), status_code=422
        )
    key = (found.table_id, found.number, at, lang)
    cache = cache_of(request)
    made = await cache.made(key, lambda: render_page(cache, found, at, lang))
    return HTMLResponse(made)


async def surveyed(
    cache: ReplayCache, found: FinishedMatch, start: int, stop: int, lang: str
) -> Survey:
    """``survey`` in a thread, the match's parts kept once known (they cost a view of every
    move); the cache is only touched here, on the event loop."""
    known = cache.parts(found, lang)
    done = await asyncio.to_thread(survey, found, start, stop, lang, known)
    cache.keep_parts(found, lang, done.parts)
    return done


async def render_page(cache: ReplayCache, found: FinishedMatch, at: int, lang: str) -> str:
    """The replay page of ``found`` at move ``at`` in ``lang`` (the costly part: the match
    replayed to ``at`` and viewed for every seat)."""
    at = max(0, min(at, len(found.actions)))
    done = await surveyed(cache, found, at, at + 1, lang)
    return await asyncio.to_thread(render_position, found, done.positions[0], lang, done.parts)
