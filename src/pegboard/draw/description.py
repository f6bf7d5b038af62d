"""Draw dominoes as the registry describes it (D1, D17), the Block game an option of it
(``block``, D18-D20), and so are partnerships for four (``partnerships``, D21-D24) and the
double-nine set (``set``, D25-D27)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from pegboard.core import N_, Event, Later, RecordError, check_record, recorded_actions
from pegboard.draw import MAX_TARGET, Match
from pegboard.draw.bots.levels import register_draw_bots
from pegboard.draw.looks import LOOKS
from pegboard.draw.narration import events_of, played, settlement, side_won
from pegboard.draw.round import Round
from pegboard.draw.start import MAX_PLAYERS, MIN_PLAYERS, PARTNER_PLAYERS
from pegboard.games.base import Encoding, Game, Grading, Option, OptionError, WinProbabilities
from pegboard.games.levels import register_bot


def new_match(options: Mapping[str, Any], seed: int) -> Match:
    return Match(
        int(options["players"]),
        seed=seed,
        target=options.get("target"),
        block=bool(options.get("block") or 0),
        partnerships=bool(options.get("partnerships") or 0),
        tile_set=int(options.get("set") or 6),
    )


def check(options: Mapping[str, Any]) -> None:
    """Partnerships are for 4 players (D21): with 2 or 3 the option is refused, in words."""
    if options.get("partnerships") and options.get("players") != PARTNER_PLAYERS:
        raise OptionError(
            "partnerships",
            N_("Partnerships are for 4 players, two against two, partners opposite (D21)."),
            "D21",
        )


def record_start(record: dict[str, Any]) -> tuple[dict[str, Any], int, list[str]]:
    """A match record's options, seed and actions in order (``RecordError`` otherwise)."""
    record = check_record(record, "draw", "match")
    seed, players = record.get("seed"), record.get("players")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seed, players)):
        raise RecordError(N_("a match record of Draw has its players and its seed"))
    try:
        actions = [str(text) for text in recorded_actions(record, "rounds", "current_round")]
    except (KeyError, TypeError) as error:
        raise RecordError(N_("the match record does not replay: {reason}"), reason=error) from None
    block = record.get("block", False)  # a record without it is Draw's (D18)
    if not isinstance(block, bool):
        raise RecordError(N_("a record's block is true (the Block game) or false (D18)"))
    partnerships = record.get("partnerships", False)  # a record without it: players alone
    if not isinstance(partnerships, bool):
        raise RecordError(N_("a record's partnerships is true (two sides) or false (D21)"))
    tile_set = record.get("set", 6)  # a record without it is of the double-six set (D25)
    if tile_set not in (6, 9) or isinstance(tile_set, bool):
        raise RecordError(N_("a record's set is 6 (double-six) or 9 (double-nine) (D25)"))
    options = {
        "players": players,
        "target": record.get("target"),
        "block": int(block),
        "partnerships": int(partnerships),
        "set": tile_set,
    }
    return options, int(seed), actions  # type: ignore[arg-type]


def apply(match: Match | Round, seat: int, action: Any) -> Sequence[Event]:
    """Play ``action`` for ``seat`` (the one to act: ``Game.play`` checked it); the
    events of the move, and of the settlement and the next round's leader or the match's
    end when it brought them, worked out when read. A round read from its record
    (``readers``) tells the move and its settlement."""
    if isinstance(match, Round):
        match.apply(action)
        result = match.result
        told = played(seat, action, match.block)
        return (told, *(() if result is None else settlement(result)))
    rounds = len(match.rounds)
    match.apply(action)
    after, over, leader = len(match.rounds), match.is_over, match.round.leader
    return Later(lambda: events_of(match, seat, action, rounds, after, over, leader))


def encoding() -> Encoding:
    """The research encoding (``pegboard.draw.encoding``), imported when asked for: it needs
    NumPy, the ``research`` extra's."""
    from pegboard.draw.encoding import ENCODING

    # Its vectors are NumPy's, which the protocol's ``Sequence[float]`` stands for (NumPy
    # registers no array as a ``Sequence``).
    return cast(Encoding, ENCODING)


def encoding_for(options: Mapping[str, Any]) -> Encoding:
    """The research encoding of a match with these options: the numbers of its set
    (``encoding_of``: 86 actions and 117 entries for the double-six set, 167 and 189 for
    the double-nine set, D25), the same for Draw and Block, alone or in partnerships (the
    vector of a seat is built from its own view whatever the rules)."""
    from pegboard.draw.encoding import encoding_of

    return cast(Encoding, encoding_of(options.get("set") or 6))


def win_probabilities() -> WinProbabilities:
    """The chances of winning (``pegboard.draw.odds``), imported when asked for: its data
    file is read, and NumPy builds its tables."""
    from pegboard.draw.odds import TABLES

    return TABLES


def rounds_over(match: Any) -> int:
    """The rounds of ``match`` played out (D16): its deals."""
    return len(match.rounds)


def revealed(match: Any) -> tuple[int, int, bool]:
    """What of the hidden tiles the match has shown (for takebacks): the rounds dealt, the
    stock drawn from (D7), the hands shown at a round's end (D13)."""
    return len(match.rounds), match.round.stock_size, match.round.is_over


def outcome(match: Any) -> Event | None:
    """The side that won a match of partners (D24), both named ("Seat 1 and Seat 3 win the
    match with 100"); None otherwise, and the surfaces say it from the scores."""
    if not isinstance(match, Match) or not match.partnerships or match.winner is None:
        return None
    return side_won(match.winner, match.scores[match.winner])


def sides(match: Any) -> tuple[tuple[int, ...], ...]:
    """The seats that play together: two sides of partners, seats 0 and 2 against 1 and 3
    (D21), or each seat alone."""
    return tuple(match.sides)


BLOCK = Option(
    name="block",
    label=N_("Block game (no drawing)"),
    default=0,
    problem=N_("The Block game is 1 (nobody draws) or 0 (Draw, with the stock) (D18)."),
    rule="D18",
    choices=(0, 1),
    choice_labels=(
        (0, N_("No: Draw, drawing from the stock")),
        (1, N_("Yes: Block, nobody draws")),
    ),
)
"""The Block game, an option of Draw rather than a game of its own: the sources (pagat.com's
"Block game" and "Draw game"; Wikipedia's "Dominoes") tell the two as one game that differs
only in the drawing. Same set, deal, line, end of round, pip counts, scores and match
(D1-D3, D5, D9-D17); in Block the tiles not dealt sleep, nobody draws, and a player who
cannot play passes (D18-D20, in place of D6-D8)."""

PARTNERSHIPS = Option(
    name="partnerships",
    label=N_("Partnerships (4 players, partners opposite)"),
    default=0,
    problem=N_("Partnerships are 1 (two against two, with 4 players) or 0 (alone) (D21)."),
    rule="D21",
    choices=(0, 1),
    choice_labels=(
        (0, N_("No: each plays alone")),
        (1, N_("Yes: two against two, partners opposite")),
    ),
)
"""Partnership Draw and Block for four (D21-D24), an option of Draw as ``block`` is: the
same play, scored by side (pagat.com's "Partnership Dominoes"); with ``block`` 0 or 1."""

SET = Option(
    name="set",
    label=N_("Domino set"),
    default=6,
    problem=N_("The set is 6 (double-six, 28 tiles) or 9 (double-nine, 55 tiles) (D25)."),
    rule="D25",
    choices=(6, 9),
    choice_labels=(
        (6, N_("Double-six: 28 tiles, [0|0] to [6|6]")),
        (9, N_("Double-nine: 55 tiles, [0|0] to [9|9], 7 each")),
    ),
)
"""The double-nine set (D25-D27), an option of Draw as ``block`` and ``partnerships`` are:
the sources play the same game with the bigger set; with either of them. How many tiles
each takes is no option: one deal per table size (D26)."""


GAME = Game(
    name="draw",
    display_name=N_("Draw dominoes"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    # A Draw move is a glance at the ends and a tile (a few seconds), and a match to 61
    # takes a person some 30 to 60 moves: 3 minutes and 3 seconds a move.
    time_control=(180, 3),
    deals_over=rounds_over,
    revealed=revealed,
    # A round between two is some 10 to 20 moves, a minute or so: eight of them are about
    # ten minutes of a daily event.
    daily_deals=8,
    # The grades' thresholds in expected points of the round's margin (`python -m
    # benchmarks analysis thresholds --game=draw`: 812 decisions of two experts in 40
    # rounds). The other games' rule (the 99th percentile of a report's noise against a
    # 16x search, 7.39 here) would give 7.5/15/30, and a domino that hands over 20 points
    # would be no blunder; so the player's yardstick: a blunder is a 10-point play, half an
    # inaccuracy's 2.5 is above the noise's 90th percentile (1.22), and a report's loss is
    # graded less two standard errors (docs/analysis.md).
    grading=Grading(inaccuracy=2.5, mistake=5.0, blunder=10.0),
    options=(
        Option(
            name="players",
            label=N_("Players"),
            default=None,
            problem=N_("Draw is for 2, 3 or 4 players (D1)."),
            rule="D1",
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        ),
        Option(
            name="target",
            label=N_("Target score"),
            default=None,
            problem=N_("A target is a whole number of points from {minimum} to {maximum} (D17)."),
            rule="D17",
            minimum=1,
            maximum=MAX_TARGET,
            optional=True,
        ),
        BLOCK,
        PARTNERSHIPS,
        SET,
    ),
    options_check=check,
    outcome=outcome,
    sides=sides,
    new_match=new_match,
    from_record=Match.from_record,
    record_start=record_start,
    apply=apply,
    encoding=encoding,
    encoding_for=encoding_for,
    win_probabilities=win_probabilities,
    looks=LOOKS,
    match_type=Match,
    readers={"round": Round.from_record},
    position_types=(Round,),
    rule_gists={
        "D1": N_("each tile of the set is played once"),
        "D4": N_("a turn is draws, then a play or a pass"),
        "D5": N_("a tile is played from your hand onto an open end showing the same number"),
        "D8": N_("you may pass only when you can neither play nor draw"),
        "D9": N_("the line has exactly two open ends"),
        "D11": N_("the round is over"),
        "D17": N_("the match is over"),
        "D18": N_("in the Block game nobody draws"),
        "D19": N_("a player who can play must play; one who cannot passes"),
        "D21": N_("partnerships are for four players, partners opposite"),
        "D25": N_("the set is the double-six or the double-nine"),
    },
    over_rule="D17",
)

register_draw_bots(register_bot)
