"""Seeded sessions of ``pegboard play --plain``, ``pegboard replay`` and ``pegboard hint``,
and their transcripts as the command line printed them.

The transcripts in ``tests/cli/transcripts/`` were recorded on the code before Draw and
cribbage moved onto the generic command line (their own play and replay loops, issue 34);
``tests/cli/test_transcripts.py`` checks that today's code prints every one of them byte
for byte. Record them again only on purpose (a sentence changed on purpose):

    PYTHONPATH=src python -m tests.cli.transcripts

The sessions run in order in one directory, so that a record saved by ``play --save`` is
the one a later session replays or hints (save, then load). The bots are seeded, and so is
every match: the same code prints the same bytes.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage import Game as CribbageGame
from pegboard.draw import Line, Match, Round, Tile
from pegboard.games import make_bot
from pegboard.i18n import ENVIRONMENT

FOLDER = Path(__file__).parent / "transcripts"

# Draw: nonsense, a tile that is no tile, a pass while a draw is allowed, a tile on no open
# end, a draw (refused once the stock is down to two), a number out of range, an empty
# answer, then the first listed move.
DRAW_BAD_THEN_GOOD = ["xyzzy", "9-9", "pass", "6-6@0-0A", "draw", "99", "", "1"]
# Cribbage: nonsense, a go while a card fits, a word, the same card twice, one number (a
# card alone in the discard), three numbers, a card not held, then "1 2" (the first
# two cards in the discard, an error at the pegging) and "1".
CRIBBAGE_BAD_THEN_GOOD = ["xyzzy", "go", "discard 5H", "1 1", "1", "1 2 3", "KH QH", "1 2", "1"]
HELP_SHOW = ["help", "show", "0"]
PLENTY = 3000


@dataclass(frozen=True)
class Session:
    name: str
    args: tuple[str, ...]
    answers: tuple[str, ...] | None = None
    files: tuple[str, ...] = ()
    """Files the session writes (their hash is part of the transcript)."""
    setup: Callable[[Path], None] | None = None
    """Writes the records the session reads."""


def _write(name: str, record: Any) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        made = record() if callable(record) else record
        text = made if isinstance(made, str) else json.dumps(made, indent=1)
        (folder / name).write_text(text + "\n")

    return setup


def _draw_bot_match(players: int, seed: int, target: int | None = None) -> Match:
    match = Match(players, seed=seed, target=target)
    bots = [make_bot("draw", "greedy" if s else "random", seed=seed + s) for s in range(players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))  # type: ignore[arg-type]
    return match


def _draw_unfinished(moves: int, seed: int) -> dict[str, Any]:
    match = Match(2, seed=seed, target=10)
    for _ in range(moves):
        if match.is_over:
            break
        match.apply(match.legal_actions()[0])
    return match.to_record()


def _draw_round_boundary(seed: int) -> dict[str, Any]:
    """A match record stopped just as a round ended (its next round not begun)."""
    match = Match(2, seed=seed, target=200)
    while not match.rounds:
        match.apply(match.legal_actions()[0])
    return match.to_record()


def _draw_round(hands: list[list[str]], stock: list[str], opening: str, actions: list[str]) -> Any:
    line = Line.from_plays([(Tile.parse(opening), None)])
    round_ = Round.from_position(
        [[Tile.parse(t) for t in hand] for hand in hands],
        [Tile.parse(t) for t in stock],
        current=0,
        line=line,
    )
    round_.replay(actions)
    return round_.to_record()


def _draw_dealt_round(seed: int) -> dict[str, Any]:
    match = Match(3, seed=seed)
    record: dict[str, Any] = match.round.to_record()
    return record


def _draw_tampered(seed: int) -> dict[str, Any]:
    record = _draw_bot_match(2, seed).to_record()
    record["rounds"][0]["actions"][0] = "pass"
    return record


def _cribbage_bot_game(seed: int) -> CribbageGame:
    game = CribbageGame.new(seed=seed)
    bots = [make_bot("cribbage", lv, seed=seed + s) for s, lv in enumerate(("greedy", "random"))]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))  # type: ignore[arg-type]
    return game


def _cribbage_bot_match(seed: int, best_of: int = 3) -> CribbageMatch:
    match = CribbageMatch(best_of=best_of, seed=seed)
    bots = [make_bot("cribbage", "greedy", seed=seed + s) for s in (0, 1)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))  # type: ignore[arg-type]
    return match


def _cribbage_unfinished_game(moves: int, seed: int) -> dict[str, Any]:
    game = CribbageGame.new(seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return game.to_record()


def _cribbage_between_games(seed: int) -> dict[str, Any]:
    """A match record stopped just as its first game ended."""
    match = CribbageMatch(best_of=3, seed=seed)
    bots = [make_bot("cribbage", "greedy", seed=seed + s) for s in (0, 1)]
    while not match.games:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))  # type: ignore[arg-type]
    return match.to_record()


def _cribbage_position() -> dict[str, Any]:
    position = CribbageGame.from_position(
        ["10H 5C 6C 7C", "10D QD KD JD"], dealer=1, crib="6H 6S 2C 9S", starter="9H"
    )
    for text in ["10H", "10D", "5C", "go", "6C"]:
        position.apply(position.parse_action(text))
    return position.to_record()


def _cribbage_tampered(seed: int) -> dict[str, Any]:
    record = _cribbage_bot_game(seed).to_record()
    record["actions"][0] = "go"
    return record


def _replays(name: str, record: str, langs: tuple[str, ...] = ("en",)) -> list[Session]:
    return [Session(f"{name}-{lang}", ("replay", record, "--lang", lang), None) for lang in langs]


LANGS = ("en", "pt", "zh", "hi")
HEADER = '{"format": "pegboard-record", "version": 1, '


def _sessions() -> list[Session]:
    s: list[Session] = []
    play = ("play", "--plain")
    # -- Draw at the table ------------------------------------------------------------------
    s.append(
        Session(
            "draw-play-bad-input-whole-match",
            (
                *play,
                "draw",
                "--players",
                "2",
                "--bots",
                "greedy",
                "--seed",
                "11",
                "--save",
                "draw-match.json",
            ),
            tuple(DRAW_BAD_THEN_GOOD * PLENTY),
            files=("draw-match.json",),
        )
    )
    s += _replays("draw-replay-saved-whole-match", "draw-match.json", ("en", "zh"))
    s.append(Session("draw-hint-finished", ("hint", "draw-match.json", "--level", "greedy")))
    for lang, players, level, seed in (
        ("en", "3", "random", "3"),
        ("pt", "3", "greedy", "5"),
        ("zh", "4", "greedy", "6"),
        ("hi", "2", "random", "7"),
    ):
        s.append(
            Session(
                f"draw-play-{players}-players-{lang}",
                (
                    *play,
                    "draw",
                    "--players",
                    players,
                    "--bots",
                    level,
                    "--seed",
                    seed,
                    "--target",
                    "12",
                    "--lang",
                    lang,
                    "--save",
                    f"draw-{lang}.json",
                ),
                tuple(HELP_SHOW + DRAW_BAD_THEN_GOOD + ["1"] * PLENTY),
                files=(f"draw-{lang}.json",),
            )
        )
        s += _replays(f"draw-replay-{lang}", f"draw-{lang}.json", (lang,))
    s.append(
        Session(
            "draw-play-defaults",
            (*play, "draw", "--seed", "2", "--option", "target=15"),
            tuple(["1"] * PLENTY),
        )
    )
    s.append(
        Session(
            "draw-play-quit-and-save",
            (*play, "--seed", "12", "--save", "draw-quit.json"),
            ("show", "1", "2", "quit"),
            files=("draw-quit.json",),
        )
    )
    s += _replays("draw-replay-unfinished", "draw-quit.json", LANGS)
    s.append(Session("draw-hint-saved", ("hint", "draw-quit.json", "--level", "strong")))
    s.append(Session("draw-hint-no-analyser", ("hint", "draw-quit.json", "--level", "greedy")))
    s.append(Session("draw-play-end-of-input", (*play, "draw", "--seed", "13"), ("1", "1")))
    s.append(
        Session("draw-play-help-then-end-of-input", (*play, "draw", "--seed", "14"), ("help",))
    )
    for name, args in (
        ("five-players", ("--players", "5")),
        ("target-zero", ("--target", "0")),
        ("best-of", ("--best-of", "3")),
        ("no-such-bots", ("--bots", "nonsense")),
        ("no-such-option", ("--option", "colour=1")),
        ("option-not-a-number", ("--option", "target=x")),
        ("option-malformed", ("--option", "target")),
        ("one-player", ("--players", "1")),
    ):
        for lang in ("en", "pt"):
            s.append(
                Session(
                    f"draw-play-error-{name}-{lang}",
                    (*play, "draw", "--seed", "1", "--lang", lang, *args),
                    ("1",),
                )
            )
    # -- Draw records ---------------------------------------------------------------------
    s.append(Session("setup-draw-records", ("version",), setup=_draw_records))
    for record in (
        "draw-bot-2.json",
        "draw-bot-3.json",
        "draw-bot-4.json",
        "draw-short.json",
        "draw-unfinished.json",
        "draw-boundary.json",
        "draw-blocked-round.json",
        "draw-shared-lowest.json",
        "draw-domino-round.json",
        "draw-dealt-round.json",
        "draw-unfinished-round.json",
    ):
        stem = record.removesuffix(".json")
        s += _replays(f"replay-{stem}", record, LANGS if record == "draw-short.json" else ("en",))
    for record in ("draw-tampered.json", "draw-scores.json", "draw-kind.json", "draw-empty.json"):
        s += _replays(f"replay-error-{record.removesuffix('.json')}", record, ("en", "zh"))
    # -- cribbage at the table --------------------------------------------------------------
    s.append(
        Session(
            "cribbage-play-bad-input-game",
            (*play, "cribbage", "--bots", "greedy", "--seed", "4", "--save", "crib-game.json"),
            tuple(CRIBBAGE_BAD_THEN_GOOD * PLENTY),
            files=("crib-game.json",),
        )
    )
    s += _replays("cribbage-replay-saved-game", "crib-game.json", ("en", "pt"))
    s.append(
        Session(
            "cribbage-play-match-best-of-3",
            (*play, "cribbage", "--best-of", "3", "--seed", "8", "--save", "crib-match.json"),
            tuple(["1 2", "1"] * PLENTY),
            files=("crib-match.json",),
        )
    )
    s += _replays("cribbage-replay-saved-match", "crib-match.json", ("en", "zh"))
    s.append(Session("cribbage-hint-finished", ("hint", "crib-match.json", "--level", "greedy")))
    for lang, seed, level in (("pt", "5", "random"), ("zh", "6", "greedy"), ("hi", "7", "random")):
        s.append(
            Session(
                f"cribbage-play-game-{lang}",
                (*play, "cribbage", "--seed", seed, "--bots", level, "--lang", lang),
                tuple(HELP_SHOW + CRIBBAGE_BAD_THEN_GOOD * 3 + ["1 2", "1"] * PLENTY),
            )
        )
    s.append(
        Session(
            "cribbage-play-match-pt",
            (*play, "cribbage", "--games", "3", "--seed", "9", "--lang", "pt"),
            tuple(["2 3", "2", "1"] * PLENTY),
        )
    )
    s.append(
        Session(
            "cribbage-play-quit-and-save",
            (*play, "cribbage", "--seed", "10", "--save", "crib-quit.json"),
            ("show", "1 2", "1", "help", "1", "q"),
            files=("crib-quit.json",),
        )
    )
    s += _replays("cribbage-replay-unfinished", "crib-quit.json", LANGS)
    s.append(Session("cribbage-hint-saved", ("hint", "crib-quit.json", "--budget", "40")))
    s.append(
        Session(
            "cribbage-play-match-quit",
            (*play, "cribbage", "--best-of", "5", "--seed", "3", "--save", "crib-match-quit.json"),
            ("1 2", "1", "1", "exit"),
            files=("crib-match-quit.json",),
        )
    )
    s += _replays("cribbage-replay-unfinished-match", "crib-match-quit.json", ("en", "hi"))
    s.append(Session("cribbage-play-end-of-input", (*play, "cribbage", "--seed", "1"), ()))
    # Round a table of three, and of four in partnerships (C8-C12, issue 40): a whole game
    # of three, a match of four left after a few moves; their records replayed and hinted.
    table = (*play, "cribbage", "--bots", "greedy")
    s.append(
        Session(
            "cribbage-play-three",
            (*table, "--players", "3", "--seed", "4", "--save", "crib-three.json"),
            ("help", "1 2", "KH", "1", *(["1"] * PLENTY)),
            files=("crib-three.json",),
        )
    )
    s += _replays("cribbage-replay-three", "crib-three.json", ("en", "pt"))
    s.append(
        Session(
            "cribbage-play-four-match-quit-hi",
            (
                *table,
                "--option",
                "players=4",
                "--best-of",
                "3",
                "--seed",
                "6",
                "--lang",
                "hi",
                "--save",
                "crib-four.json",
            ),
            ("help", "1", "1", "go", "1", "show", "quit"),
            files=("crib-four.json",),
        )
    )
    s += _replays("cribbage-replay-four-unfinished", "crib-four.json", ("en", "zh"))
    s.append(Session("cribbage-hint-four", ("hint", "crib-four.json", "--budget", "40")))
    for name, args in (
        ("five-players", ("--players", "5")),
        ("best-of-two", ("--best-of", "2")),
        ("target", ("--target", "61")),
        ("no-such-bots", ("--bots", "nonsense")),
        ("option-best-of", ("--option", "best_of=4")),
    ):
        for lang in ("en", "hi"):
            s.append(
                Session(
                    f"cribbage-play-error-{name}-{lang}",
                    (*play, "cribbage", "--seed", "1", "--lang", lang, *args),
                    ("1 2",),
                )
            )
    # -- cribbage records -------------------------------------------------------------------
    s.append(Session("setup-cribbage-records", ("version",), setup=_cribbage_records))
    for record in (
        "crib-bot-game-1.json",
        "crib-bot-game-2.json",
        "crib-bot-match.json",
        "crib-unfinished.json",
        "crib-between-games.json",
        "crib-position.json",
    ):
        langs = LANGS if record == "crib-bot-game-2.json" else ("en",)
        s += _replays(f"replay-{record.removesuffix('.json')}", record, langs)
    for record in (
        "crib-tampered.json",
        "crib-scores.json",
        "crib-points.json",
        "crib-kind.json",
        "crib-no-start.json",
        "crib-empty-match.json",
        "crib-malformed.json",
    ):
        s += _replays(f"replay-error-{record.removesuffix('.json')}", record, ("en", "pt"))
    # -- the Fives family, served by the generic command line all along --------------------
    s.append(
        Session(
            "all-fives-play",
            (*play, "all-fives", "--seed", "5", "--save", "af.json"),
            tuple(HELP_SHOW + ["xyzzy"] + ["1"] * PLENTY),
            files=("af.json",),
        )
    )
    s += _replays("all-fives-replay", "af.json", ("en", "zh"))
    s.append(
        Session(
            "fives-and-threes-play-pt",
            (*play, "fives-and-threes", "--seed", "6", "--lang", "pt", "--players", "4"),
            tuple(["1"] * PLENTY),
        )
    )
    s.append(
        Session(
            "replay-error-wrong-game",
            ("replay", "chess.json"),
            setup=_write("chess.json", HEADER + '"game": "chess", "kind": "match"}'),
        )
    )
    return s


def _draw_records(folder: Path) -> None:
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        _write(f"draw-bot-{players}.json", _draw_bot_match(players, seed).to_record())(folder)
    _write("draw-short.json", _draw_bot_match(3, 24, target=15).to_record())(folder)
    _write("draw-unfinished.json", _draw_unfinished(3, 1))(folder)
    _write("draw-boundary.json", _draw_round_boundary(4))(folder)
    _write(
        "draw-blocked-round.json",
        _draw_round([["0-3"], ["2-6"], ["4-6"]], ["0-0", "5-5"], "1-5", ["pass"] * 3),
    )(folder)
    _write(
        "draw-shared-lowest.json",
        _draw_round([["0-3"], ["1-2"], ["4-6"]], ["0-0", "1-1"], "5-5", ["pass"] * 3),
    )(folder)
    _write(
        "draw-domino-round.json",
        _draw_round([["5-6"], ["0-0"], ["2-6"]], ["1-1", "3-3"], "1-5", ["5-6@1-5H"]),
    )(folder)
    _write("draw-dealt-round.json", _draw_dealt_round(5))(folder)
    unfinished_round = Match(2, seed=6).round
    for _ in range(4):
        unfinished_round.apply(unfinished_round.legal_actions()[0])
    _write("draw-unfinished-round.json", unfinished_round.to_record())(folder)
    _write("draw-tampered.json", _draw_tampered(7))(folder)
    scores = _draw_bot_match(2, 7).to_record()
    scores["scores"] = [999, 0]
    _write("draw-scores.json", scores)(folder)
    _write("draw-kind.json", HEADER + '"game": "draw", "kind": "table"}')(folder)
    _write("draw-empty.json", HEADER + '"game": "draw", "kind": "match"}')(folder)


def _cribbage_records(folder: Path) -> None:
    _write("crib-bot-game-1.json", _cribbage_bot_game(1).to_record())(folder)
    _write("crib-bot-game-2.json", _cribbage_bot_game(2).to_record())(folder)
    _write("crib-bot-match.json", _cribbage_bot_match(5).to_record())(folder)
    _write("crib-unfinished.json", _cribbage_unfinished_game(5, 9))(folder)
    _write("crib-between-games.json", _cribbage_between_games(11))(folder)
    _write("crib-position.json", _cribbage_position())(folder)
    _write("crib-tampered.json", _cribbage_tampered(7))(folder)
    scores = _cribbage_bot_game(7).to_record()
    scores["scores"] = [121, 0]
    _write("crib-scores.json", scores)(folder)
    points = _cribbage_bot_match(8).to_record()
    points["points"] = [0, 0]
    _write("crib-points.json", points)(folder)
    _write("crib-kind.json", HEADER + '"game": "cribbage", "kind": "round"}')(folder)
    _write("crib-no-start.json", HEADER + '"game": "cribbage", "kind": "game"}')(folder)
    _write("crib-empty-match.json", HEADER + '"game": "cribbage", "kind": "match"}')(folder)
    malformed = _cribbage_bot_match(2).to_record()
    malformed["games"][0]["actions"] = 7
    _write("crib-malformed.json", malformed)(folder)


def _greedy_unless_asked(session: Session) -> Session:
    """``session`` against the greedy bots when it plays, asks for no level and is not about the
    default: these sessions were recorded when greedy was ``pegboard play``'s default (it
    is the expert now, as on the web: ``draw-play-defaults`` shows it), and what they check
    (the terminal's words) does not depend on the level."""
    args = session.args
    asks = "--bots" in args or "-error-" in session.name  # an error: refused before it plays
    if args[:1] != ("play",) or asks or session.name == "draw-play-defaults":
        return session
    return dataclasses.replace(session, args=(*args[:2], "--bots", "greedy", *args[2:]))


SESSIONS = [_greedy_unless_asked(session) for session in _sessions()]


def transcript(session: Session, folder: Path) -> str:
    """What ``session`` prints, run in ``folder`` (its records there): the command, its
    standard output and error, its exit status and the hash of each file it wrote."""
    if session.setup is not None:
        session.setup(folder)
    runner = CliRunner()
    answers = None if session.answers is None else "\n".join(session.answers) + "\n"

    here = Path.cwd()
    os.chdir(folder)
    try:
        result = runner.invoke(
            app, list(session.args), input=answers, env=dict.fromkeys(ENVIRONMENT)
        )
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise RuntimeError(f"{session.name}: {result.exception!r}") from result.exception
    parts = [
        "$ pegboard " + " ".join(session.args),
        "--- stdout",
        result.stdout,
        "--- stderr",
        result.stderr,
        f"--- exit {result.exit_code}",
    ]
    for name in session.files:
        written = folder / name
        if written.exists():
            digest = hashlib.sha256(written.read_bytes()).hexdigest()
            parts.append(f"--- {name} sha256 {digest}")
        else:
            parts.append(f"--- {name} not written")
    return "\n".join(parts) + "\n"


def record_all(folder: Path) -> None:
    """Write every session's transcript into ``FOLDER`` (working in ``folder``)."""
    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("*.txt"):
        old.unlink()
    for session in SESSIONS:
        (FOLDER / f"{session.name}.txt").write_text(transcript(session, folder))


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as work:
        record_all(Path(work))
    print(f"{len(SESSIONS)} transcripts in {FOLDER}", file=sys.stderr)
