"""``pegboard daily GAME``: the day's deals played in the terminal against the daily's
bots, each scored against the par the library computes, the secret made once and kept
to its owner, and every bad input refused in words, exit 1."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.daily import Day, day_seeds, par_deal

runner = CliRunner()
DAY = "2026-12-01"
ANSWERS = "1\n" * 400  # the first move listed, every time


def secret_of(path: Path) -> bytes:
    return bytes.fromhex(path.read_text().strip())


@pytest.mark.parametrize("game", ["draw", "fives-and-threes"])
def test_the_days_deals_are_played_and_each_scored_against_the_librarys_par(
    game: str, tmp_path: Path
) -> None:
    secret = tmp_path / "key"
    args = ["daily", game, "--day", DAY, "--secret-file", str(secret), "--lang", "en"]
    result = runner.invoke(app, args, input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600  # made for its owner alone
    seeds = day_seeds(secret_of(secret), Day.parse(DAY), game)
    lines = re.findall(
        r"Deal (\d+): you (\S+), the expert in your seat (\S+): (\S+) against par\.",
        result.output,
    )
    assert [int(n) for n, *_ in lines] == list(range(1, len(seeds.deals) + 1))
    for (_n, margin, par, difference), seed in zip(lines, seeds.deals, strict=True):
        assert float(par) == par_deal(game, seed).margin()
        assert float(difference) == float(margin) - float(par)
    day = re.search(
        r"The day: you (\S+) over (\d+) deals?, the expert in your seat (\S+)\.", result.output
    )
    assert day is not None
    assert float(day[1]) == sum(float(margin) for _n, margin, _p, _d in lines)
    assert int(day[2]) == len(lines)
    assert float(day[3]) == sum(float(par) for _n, _m, par, _d in lines)
    # The same secret and day: the same deals, the same scores (once: Draw's day is long).
    if game == "fives-and-threes":
        again = runner.invoke(app, args, input=ANSWERS)
        assert again.output == result.output


def test_leaving_midway_scores_the_deals_played(tmp_path: Path) -> None:
    secret = tmp_path / "key"
    args = ["daily", "draw", "--day", DAY, "--secret-file", str(secret), "--lang", "en"]
    result = runner.invoke(app, args, input="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    played = len(re.findall(r"Deal \d+: you", result.output))
    assert 1 <= played < 8  # 30 answers play a deal or more, not the day
    assert f"over {played} deal{'s' if played > 1 else ''}, the expert" in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["daily", "chess"], "There are daily deals of draw, cribbage"),
        (["daily", "draw", "--day", "2026-02-30"], "A day is written YYYY-MM-DD"),
        (["daily", "draw", "--day", "2999-01-01"], "are not out yet"),
    ],
)
def test_bad_input_is_refused_in_words(args: list[str], words: str, tmp_path: Path) -> None:
    result = runner.invoke(app, [*args, "--secret-file", str(tmp_path / "k"), "--lang", "en"])
    assert result.exit_code == 1
    assert words in result.output
    assert "Traceback" not in result.output


def test_a_secret_file_that_is_not_one_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "key"
    bad.write_text("not hex\n")
    result = runner.invoke(app, ["daily", "draw", "--secret-file", str(bad), "--lang", "en"])
    assert result.exit_code == 1 and "is not one" in result.output
    assert bad.read_text() == "not hex\n"  # left as it was


def test_the_refusals_are_translated(tmp_path: Path) -> None:
    args = ["daily", "draw", "--day", "2999-01-01", "--secret-file", str(tmp_path / "k")]
    english = runner.invoke(app, [*args, "--lang", "en"]).output
    for lang in ("pt", "zh", "hi"):
        said = runner.invoke(app, [*args, "--lang", lang]).output
        assert said != english and "2999-01-01" in said


def test_a_sites_database_gives_that_sites_deals(tmp_path: Path) -> None:
    from pegboard.web.db import make_engine, upgrade
    from pegboard.web.store import Store

    url = f"sqlite:///{tmp_path / 'site.db'}"
    upgrade(url)
    engine = make_engine(url)
    site = Store(engine).daily_key()  # the secret the site deals its days from
    engine.dispose()
    args = ["daily", "fives-and-threes", "--day", DAY, "--database", url, "--lang", "en"]
    result = runner.invoke(app, args, input=ANSWERS)
    assert result.exit_code == 0, result.output
    seeds = day_seeds(site, Day.parse(DAY), "fives-and-threes")
    pars = re.findall(r"the expert in your seat (\S+): ", result.output)
    assert [float(p) for p in pars] == [
        par_deal("fives-and-threes", s).margin() for s in seeds.deals
    ]


def test_a_database_that_cannot_be_used_is_said_in_words(tmp_path: Path) -> None:
    for url in ("nosuchdb://x", f"sqlite:///{tmp_path}/no/such/folder/site.db"):
        result = runner.invoke(app, ["daily", "draw", "--database", url, "--lang", "en"])
        assert result.exit_code == 1, result.output
        assert "cannot be used" in result.output and "Traceback" not in result.output
