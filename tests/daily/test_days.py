"""The day of a daily event and its seeds: written and read back, the seed an HMAC of the
day and the game under the installation's secret (recomputed here with the standard
library), no day after today handed out, and the games that have a daily event."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac

import pytest

import pegboard.games
from pegboard.arena.deals import derive_seed
from pegboard.daily import DailyError, Day, daily_game, daily_games, day_seed, day_seeds
from pegboard.i18n import describe_error, translator

SECRET = bytes(range(32))


def test_a_day_is_written_yyyy_mm_dd_and_reads_back() -> None:
    day = Day.parse("2026-12-05")
    assert str(day) == "2026-12-05"
    assert Day.parse(str(day)) == day
    assert day.after() == Day.parse("2026-12-06") and day.after(-5) == Day.parse("2026-11-30")
    assert Day.parse("2026-12-31") < Day.parse("2027-01-01")


@pytest.mark.parametrize(
    "text", ["", "2026-13-01", "2026-02-30", "05/12/2026", "2026-12-5", "２０２６-12-05", "x" * 999]
)
def test_anything_else_is_refused_in_words_and_translated(text: str) -> None:
    with pytest.raises(DailyError) as refused:
        Day.parse(text)
    assert "YYYY-MM-DD" in str(refused.value)
    worded = describe_error(refused.value, translator("pt_BR"))
    assert "YYYY-MM-DD" in worded and worded != str(refused.value)
    assert len(str(refused.value)) < 80  # a long input is not echoed whole


def test_today_is_the_day_in_utc() -> None:
    # 23:30 in Sao Paulo on the 4th is 02:30 UTC on the 5th.
    late = dt.datetime(2026, 12, 4, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=-3)))
    assert Day.today(late) == Day.parse("2026-12-05")


def test_no_day_after_today_is_handed_out() -> None:
    today = Day.parse("2026-12-05")
    today.check_not_after(today)
    Day.parse("2026-01-01").check_not_after(today)
    with pytest.raises(DailyError) as refused:
        today.after().check_not_after(today)
    assert "2026-12-06" in str(refused.value) and "2026-12-05" in str(refused.value)


def test_the_days_seed_is_an_hmac_of_the_day_and_the_game_under_the_secret() -> None:
    day = Day.parse("2026-12-05")
    for game in daily_games():
        mac = hmac.new(SECRET, f"pegboard-daily:{game}:2026-12-05".encode(), hashlib.sha256)
        assert day_seed(SECRET, day, game) == int.from_bytes(mac.digest()[:8], "big") >> 1
    seeds = {day_seed(SECRET, day.after(n), g) for n in range(30) for g in daily_games()}
    assert len(seeds) == 30 * len(daily_games())  # every day and game its own
    # Another installation's secret deals other deals: the date alone gives nothing away.
    assert day_seed(bytes(32), day, "draw") != day_seed(SECRET, day, "draw")
    with pytest.raises(ValueError):
        day_seed(b"short", day, "draw")


def test_the_deals_seeds_derive_from_the_days_and_their_count_is_the_games() -> None:
    day = Day.parse("2026-12-05")
    for game in daily_games():
        seeds = day_seeds(SECRET, day, game)
        assert seeds.seed == day_seed(SECRET, day, game)
        assert len(seeds.deals) == pegboard.games.get(game).daily_deals > 0
        assert seeds.deals == tuple(
            derive_seed(seeds.seed, "daily-deal", i) for i in range(len(seeds.deals))
        )
        assert day_seeds(SECRET, day, game) == seeds  # the same for every caller


def test_the_four_games_have_a_daily_event_and_another_name_is_refused() -> None:
    assert daily_games() == ("draw", "cribbage", "all-fives", "fives-and-threes")
    assert {pegboard.games.get(g).daily_deals for g in daily_games()} <= set(range(4, 13))
    with pytest.raises(DailyError) as refused:
        daily_game("chess")
    assert "chess" in str(refused.value) and "cribbage" in str(refused.value)
