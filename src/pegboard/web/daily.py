"""Daily deals on the site (issue 38): each day, for each game with a daily event
(``pegboard.daily``), the same seeded deals for every player, played at tables of one deal
(``TableRecord.deal_limit``) against the expert, scored against the field (matchpoints) and
the par (the expert in the player's seat on the same deal).

- ``GET /api/daily``: today (UTC), each game's deals and the player's state in it, the
  player's streak and month.
- ``POST /api/daily/{game}/{day}``: begin or go on with the player's attempt: the table of
  the deal in play (made when none is), or, every deal played out, the results' address.
  One attempt per player, game and day; a begun attempt goes on, it never begins again.
  Ranked when begun on the day itself; a past day is played unranked; no day after today.
- ``POST /api/daily/continue``: the same from a daily deal's table (``{"table": ID}``), as
  its page's "Next deal" asks.
- ``GET /api/daily/{game}/{day}/results``: to a player who has played that day's deals
  out, and to nobody else: the ranking, their deals beside the par and the field, and the
  field's choices at each of their decisions.

The seeds come from the installation's secret (``Store.daily_key``), the same for every
server process on the database; so do the pars, each worked out from its deal's seed. A
daily deal's table has no hints, and its replay, report and positions are refused (as a
match in play) until the day is over, except to players who have played that day's deals
out (``replay_refusal``): nobody sees a deal's cards or tiles before they are dealt to them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field, StrictStr

import pegboard.games
from pegboard.analysis import GRADE_NAMES, AnalysisError
from pegboard.daily import (
    DailyDeal,
    DailyError,
    Day,
    DaySeeds,
    daily_game,
    daily_games,
    daily_options,
    day_seeds,
    deal_level,
    field_choices,
    matchpoints,
    mean_percent,
    par_deal,
)
from pegboard.games import level_name
from pegboard.i18n import Translator, describe_error, translator
from pegboard.web import daily_store, views
from pegboard.web.analyses import Analyses
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.daily_access import today_of
from pegboard.web.daily_store import Attempt
from pegboard.web.lobby import client_of, refused, seat_link, service_of
from pegboard.web.players import PER_VIEWER, named_player, player_of, with_cookie
from pegboard.web.replays import ReplayRefusedError, finished_match, match_id
from pegboard.web.schemas import NAME_DESCRIPTION, answers, request_body
from pegboard.web.table_body import BotSeat, HumanSeat, NewTable
from pegboard.web.table_making import Start
from pegboard.web.tables import LobbyError, clean_name, lang_key

router = APIRouter()

MONTH_MINIMUM: Final = 5
"""The days a player must have played in a month to stand in its standing."""
STANDING_ROWS: Final = 50
"""The players the month's standing lists."""
STREAK_DAYS: Final = 400
"""How far back a streak is counted (a longer one shows as this)."""
PARS: dict[tuple[str, int], tuple[float, tuple[str, ...]]] = {}
"""The par of each deal worked out in this process, by game and deal seed: its margin and
log (a pure function of the seed, so every process agrees)."""


async def seeds_of(request: Request, game: str, day: Day) -> DaySeeds:
    store = service_of(request).store
    secret = await store.within(store.daily_key)
    return day_seeds(secret, day, game)


def checked_day(request: Request, game: str, text: str, _: Translator) -> tuple[str, Day]:
    """The game and day of a request; ``LobbyError`` 404 for a game without daily deals, 422
    for a day that is none and 409 for a day after today (its deals are not out)."""
    try:
        found = daily_game(game).name
    except DailyError as error:
        raise LobbyError(404, describe_error(error, _)) from None
    try:
        day = Day.parse(text)
    except DailyError as error:
        raise LobbyError(422, describe_error(error, _)) from None
    try:
        day.check_not_after(today_of(request))
    except DailyError as error:
        raise LobbyError(409, describe_error(error, _)) from None
    return found, day


async def par_of(game: str, seed: int) -> tuple[float, tuple[str, ...]]:
    """The par of the deal of ``seed``: its margin and log (worked out once per process,
    off the event loop)."""
    key = (game, seed)
    if key not in PARS:
        deal = await asyncio.to_thread(par_deal, game, seed)
        PARS[key] = (deal.margin(), deal.actions)
    return PARS[key]


# -- playing -------------------------------------------------------------------------------


class DailyBody(Body):
    """``POST /api/daily/{game}/{day}``: the player's name (a new player's, or a new name)."""

    name: StrictStr | None = Field(None, description=NAME_DESCRIPTION)


class ContinueBody(Body):
    """``POST /api/daily/continue``: the daily deal's table the player comes from."""

    table: StrictStr = Field(max_length=16, description="The table of a daily deal.")


async def advance(
    request: Request, game: str, day: Day, name: str | None, lang: str, _: Translator
) -> Response:
    """The player's attempt at ``game`` on ``day``, begun or gone on with: the deals played
    out at their tables are kept, and the answer is the table of the deal in play (a new
    one, or the one begun), or the results once every deal is played out."""
    service = service_of(request)
    store = service.store
    seeds = await seeds_of(request, game, day)
    player, secret = await named_player(request, name)
    ranked = day == today_of(request)
    attempt = await store.within(
        daily_store.start_attempt, store, game, str(day), player.id, ranked
    )
    count = len(seeds.deals)
    begun = {entry.deal: entry for entry in attempt.deals}
    answer: dict[str, Any] = {"game": game, "day": str(day), "deals": count, "ranked": ranked}
    status = 200
    for number, seed in enumerate(seeds.deals):
        entry = begun.get(number)
        if entry is not None and entry.margin is not None:
            continue  # played out
        if entry is not None:
            table = await service.get(entry.table_id)
            if table is not None and not table.over:
                answer.update(deal=number, table=table.id, link=f"/t/{table.id}")
                break  # the deal in play: its seat opens by the player's identity
            actions = [] if table is None else [text for _seat, text in table.record.actions]
            played = await asyncio.to_thread(DailyDeal, game, seed, actions=actions)
            last = number == count - 1
            await store.within(
                daily_store.end_deal,
                store,
                attempt.id,
                number,
                list(played.actions),
                played.margin(),
                last,
            )
            continue
        level = deal_level(pegboard.games.get(game))
        new = NewTable(
            game=game,
            options=daily_options(pegboard.games.get(game)),
            seats=(HumanSeat(kind="human", name=player.name), BotSeat(kind="bot", level=level)),
            lang=lang,
        )
        table, tokens, _invites = await service.maker.create(
            new,
            client_of(request),
            player=player.id,
            player_name=player.name,
            start=Start(seed, (), deal_limit=1),
        )
        if not await store.within(daily_store.begin_deal, store, attempt.id, number, table.id):
            # Another request (a second tab) began this deal first: the one it made stands.
            return await advance(request, game, day, name, lang, _)
        seat, token = next(iter(tokens.items()))
        await service.seats.hold(table, seat, player.id, player.name)
        answer.update(deal=number, table=table.id, link=seat_link(table.id, seat, token))
        status = 201
        break
    else:
        answer.update(finished=True, results=f"/daily/{game}/{day}")
    answer.setdefault("finished", False)
    return with_cookie(JSONResponse(answer, status_code=status), request, secret)


@router.post(
    "/api/daily/{game}/{day}",
    openapi_extra=request_body(DailyBody),
    responses=answers(404, 409, 413, 415, 422, 429, 503),
)
async def play_daily(request: Request, game: str, day: str) -> Response:
    """Begin or go on with the player's deals of ``game`` on ``day``."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        _ = translator(lang)
        asked = read(DailyBody, body, _)
        found, chosen = checked_day(request, game, day, _)
        name = clean_name(asked.name, _) if asked.name is not None else None
        return await advance(request, found, chosen, name, lang, _)
    except LobbyError as problem:
        return refused(problem)


@router.post(
    "/api/daily/continue",
    openapi_extra=request_body(ContinueBody),
    responses=answers(404, 413, 415, 422, 429, 503),
)
async def continue_daily(request: Request) -> Response:
    """From a daily deal's table, on to the player's next deal (or the results)."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        _ = translator(lang)
        asked = read(ContinueBody, body, _)
        store = service_of(request).store
        player = await player_of(request)
        found = await store.within(daily_store.daily_table, store, asked.table)
        if found is None or player is None or found.player_id != player.id:
            raise LobbyError(404, _("This is not a table of your daily deals."))
        return await advance(request, found.game, Day.parse(found.day), None, lang, _)
    except LobbyError as problem:
        return refused(problem)


# -- what a player sees of the days ------------------------------------------------------------


def state_of(attempt: Attempt | None, deals: int) -> dict[str, Any]:
    if attempt is None:
        return {"state": "new", "played": 0, "deals": deals}
    return {
        "state": "finished" if attempt.finished else "playing",
        "played": attempt.played,
        "deals": deals,
        "ranked": attempt.ranked,
    }


def streak(days: set[Day], today: Day) -> int:
    """The days in a row, up to today (or yesterday, today's not played yet), each with
    a day's deals played out, ranked."""
    day = today if today in days else today.after(-1)
    count = 0
    while day in days and count < STREAK_DAYS:
        count += 1
        day = day.after(-1)
    return count


def attempt_percent(attempt: Attempt, field: list[Attempt]) -> float | None:
    """The attempt's mean matchpoints over its deals, against ``field`` (the ranked
    finished attempts; the attempt itself among them or not)."""
    others = [a for a in field if a.id != attempt.id]
    percents = []
    for entry in attempt.deals:
        if entry.margin is None:
            continue
        board: dict[str, float] = {attempt.id: entry.margin}
        for other in others:
            theirs = next((d.margin for d in other.deals if d.deal == entry.deal), None)
            if theirs is not None:
                board[other.id] = theirs
        percents.append(matchpoints(board)[attempt.id])
    return mean_percent(percents)


@router.get("/api/daily", responses=answers(422, 429, 503))
async def daily_index(request: Request) -> JSONResponse:
    """Today, each game's daily deals and the player's state in them, their streak (days in
    a row with a day's deals played out) and their month (the mean matchpoints of its days,
    standing from ``MONTH_MINIMUM`` days)."""
    _ = translator(lang_key(request.query_params.get("lang")))
    return JSONResponse(await index_of(request, _), headers=PER_VIEWER)


async def index_of(request: Request, _: Translator) -> dict[str, Any]:
    """``GET /api/daily``'s answer (the page ``/daily`` shows it)."""
    today = today_of(request)
    store = service_of(request).store
    player = await player_of(request)
    month_start = Day.parse(str(today)[:8] + "01")
    since = min(month_start, today.after(-STREAK_DAYS))
    mine = (
        []
        if player is None
        else await store.within(daily_store.attempts_of, store, player.id, str(since))
    )
    entries = []
    for name in daily_games():
        game = pegboard.games.get(name)
        attempt = next(
            (a for a in mine if a.game == name and a.day == str(today)),
            None,
        )
        if attempt is not None:  # its deals: the state counts them
            attempt = await store.within(
                daily_store.attempt_of, store, name, str(today), attempt.player_id
            )
        entries.append(
            {
                "game": name,
                "name": _(game.display_name),
                "link": f"/daily/{name}/{today}",
                **state_of(attempt, game.daily_deals),
            }
        )
    finished = {Day.parse(a.day) for a in mine if a.finished and a.ranked}
    month_days: list[float] = []
    for attempt in mine:
        if attempt.finished and attempt.ranked and attempt.day >= str(month_start):
            field = await store.within(daily_store.field_of, store, attempt.game, attempt.day)
            full = next(a for a in field if a.id == attempt.id)
            percent = attempt_percent(full, [a for a in field if a.ranked])
            if percent is not None:
                month_days.append(percent)
    month_mean = mean_percent(month_days)
    standing = await month_standing(request, month_start, today)
    return {
        "today": str(today),
        "games": entries,
        "streak": streak(finished, today),
        "month": {
            "month": str(today)[:7],
            "days": len(month_days),
            "minimum": MONTH_MINIMUM,
            "matchpoints": month_mean if len(month_days) >= MONTH_MINIMUM else None,
            "standing": standing,
        },
    }


async def month_standing(request: Request, month_start: Day, today: Day) -> list[dict[str, Any]]:
    """The month's standing: every player with ``MONTH_MINIMUM`` days or more played out,
    ranked, in the month up to ``today``, by the mean of their days' matchpoints (each game's
    day counts once, scored against that day's ranked field), best first; the first
    ``STANDING_ROWS``."""
    store = service_of(request).store
    percents: dict[str, tuple[str | None, list[float]]] = {}
    for game in daily_games():
        days = await store.within(daily_store.finished_days, store, game, str(month_start))
        for day, field in days.items():
            if day > str(today):
                continue
            for attempt in field:
                percent = attempt_percent(attempt, field)
                if percent is not None:
                    percents.setdefault(attempt.player_id, (attempt.player_name, []))[1].append(
                        percent
                    )
    rows = sorted(
        (
            (sum(values) / len(values), len(values), player, name)
            for player, (name, values) in percents.items()
            if len(values) >= MONTH_MINIMUM
        ),
        key=lambda row: (-row[0], -row[1], row[2]),
    )
    return [
        {"rank": place, "name": name, "player": player, "days": days, "matchpoints": mean}
        for place, (mean, days, player, name) in enumerate(rows[:STANDING_ROWS], 1)
    ]


async def own_attempt(request: Request, game: str, day: Day) -> Attempt | None:
    """The requesting player's attempt at ``game`` on ``day`` (None: no identity, or none)."""
    player = await player_of(request)
    if player is None:
        return None
    store = service_of(request).store
    return await store.within(daily_store.attempt_of, store, game, str(day), player.id)


@router.get("/api/daily/{game}/{day}", responses=answers(404, 409, 422, 429, 503))
async def daily_day(request: Request, game: str, day: str) -> Response:
    """The player's state in ``game``'s deals of ``day`` (``state``: new, playing, finished)."""
    _ = translator(lang_key(request.query_params.get("lang")))
    try:
        found, chosen = checked_day(request, game, day, _)
    except LobbyError as problem:
        return refused(problem)
    attempt = await own_attempt(request, found, chosen)
    described = pegboard.games.get(found)
    return JSONResponse(
        {
            "game": found,
            "name": _(described.display_name),
            "day": str(chosen),
            "today": str(today_of(request)),
            "ranked": chosen == today_of(request) if attempt is None else attempt.ranked,
            **state_of(attempt, described.daily_deals),
        },
        headers=PER_VIEWER,
    )


@router.get("/api/daily/{game}/{day}/results", responses=answers(403, 404, 409, 422, 429, 503))
async def daily_results(request: Request, game: str, day: str) -> Response:
    """The day's results, to a player who has played its deals out: the ranking of the ranked
    players (mean matchpoints, then the sum against par), and each of the player's deals:
    its margin, the par's, its matchpoints, and at each of the player's decisions their move,
    the par's where the par came to the same position, and the field's moves there."""
    lang = lang_key(request.query_params.get("lang"))
    _ = translator(lang)
    try:
        found, chosen = checked_day(request, game, day, _)
        mine = await own_attempt(request, found, chosen)
        if mine is None or not mine.finished:
            raise LobbyError(
                403,
                _("Play the day's deals out first: then you see the results and others' play."),
            )
    except LobbyError as problem:
        return refused(problem)
    answer = await results_of(request, found, chosen, mine, lang)
    return JSONResponse(answer, headers=PER_VIEWER)


def decision_labels(
    game: str, seed: int, log: Sequence[str], lang: str
) -> dict[int, dict[str, str]]:
    """At each of the player's decisions of a deal played as ``log`` (by its move's index),
    every legal action's label in ``lang``, as the player's own view there names it (as a
    table's hints and a report's labels are named): the field's and the par's moves made
    from the same position are among them."""
    deal = DailyDeal(game, seed)
    _ = translator(lang)
    names = [_("You"), _(level_name(game, deal.level))]
    labels: dict[int, dict[str, str]] = {}
    for move, text in enumerate(log):
        if deal.to_act == deal.seat:
            seen = views.view(deal.match, game, deal.seat, lang, names)
            labels[move] = {item["action"]: item["label"] for item in seen.get("legal", [])}
        deal.play_logged(text)
    return labels


async def grades_of(request: Request, table_id: str, _: Translator) -> dict[int, str | None]:
    """The grade of each decision of the deal played at ``table_id`` (by its move), from its
    game report when one is stored (``pegboard.web.analyses``: made when the player asks
    for it from the deal's replay); none before. A grade is named in ``_``'s language; None:
    no loss worth one."""
    analyses: Analyses = request.app.state.analyses
    try:
        found = await finished_match(request, match_id(table_id, 1), _)
        stored = await analyses.stored(analyses.key(found))
    except (ReplayRefusedError, AnalysisError):
        return {}
    if stored is None:
        return {}
    grades: dict[int, str | None] = {}
    for decision in stored.report.get("decisions", []):
        grade = decision.get("grade")
        grades[int(decision["index"])] = None if grade is None else _(GRADE_NAMES[grade])
    return grades


async def results_of(
    request: Request, found: str, chosen: Day, mine: Attempt, lang: str = "en"
) -> dict[str, Any]:
    """``GET /api/daily/GAME/DAY/results``'s answer for the finished attempt ``mine``, its
    moves named in ``lang``."""
    store = service_of(request).store
    seeds = await seeds_of(request, found, chosen)
    field = await store.within(daily_store.field_of, store, found, str(chosen))
    ranked = [a for a in field if a.ranked]
    pars = [await par_of(found, seed) for seed in seeds.deals]
    standings = sorted(
        (
            (
                attempt_percent(attempt, ranked) or 0.0,
                sum((d.margin or 0.0) - pars[d.deal][0] for d in attempt.deals),
                attempt,
            )
            for attempt in ranked
        ),
        key=lambda standing: (-standing[0], -standing[1]),
    )
    ranking = [
        {
            "rank": place,
            "name": attempt.player_name,
            "matchpoints": percent,
            "against_par": against,
            "you": attempt.id == mine.id,
        }
        for place, (percent, against, attempt) in enumerate(standings, 1)
    ]
    deals = []
    field_logs = {
        d: [e.actions for a in field for e in a.deals if e.deal == d and e.actions is not None]
        for d in range(len(seeds.deals))
    }
    comparison = ranked if mine.ranked else [*ranked, mine]
    for entry in mine.deals:
        margin = entry.margin or 0.0
        par_margin, par_log = pars[entry.deal]
        board = {
            a.id: m
            for a in comparison
            for m in [next((d.margin for d in a.deals if d.deal == entry.deal), None)]
            if m is not None
        }
        mine_log = entry.actions or ()
        labels = await asyncio.to_thread(
            decision_labels, found, seeds.deals[entry.deal], mine_log, lang
        )
        grades = await grades_of(request, entry.table_id, translator(lang))
        decisions = []
        for move, words in labels.items():
            before = mine_log[:move]
            chosen_by = field_choices(field_logs[entry.deal], before)
            total = sum(chosen_by.values())
            same = par_log[:move] == before and len(par_log) > move
            par = par_log[move] if same else None
            decisions.append(
                {
                    "move": move,
                    "graded": move in grades,
                    "grade": grades.get(move),
                    "yours": mine_log[move],
                    "yours_label": words.get(mine_log[move], mine_log[move]),
                    "par": par,
                    "par_label": None if par is None else words.get(par, par),
                    "field": [
                        {
                            "action": chosen,
                            "label": words.get(chosen, chosen),
                            "count": n,
                            "share": n / total,
                        }
                        for chosen, n in chosen_by.most_common(3)
                    ],
                }
            )
        deals.append(
            {
                "deal": entry.deal,
                "table": entry.table_id,
                "margin": margin,
                "par": par_margin,
                "against_par": margin - par_margin,
                "matchpoints": matchpoints(board).get(mine.id),
                "analysed": bool(grades),
                "decisions": decisions,
            }
        )
    return {
        "game": found,
        "day": str(chosen),
        "players": len(ranked),
        "ranked": mine.ranked,
        "ranking": ranking,
        "deals": deals,
        "matchpoints": attempt_percent(mine, comparison),
    }
