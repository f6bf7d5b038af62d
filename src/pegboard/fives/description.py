"""The Fives family as the registry describes it (docs/rules.md F1-F9): All Fives and Fives
and Threes, two entries that share everything but their options. What they share: options
read into a ``FivesRules``, a match started or read back, an action applied with its
events, a record read as its start. All Fives: 2 to 4 players, alone or in partnerships
with 4 (F1), the boneyard's reserve (F4) and scores by fives (F9) as options. Fives and
Threes: the same seats, to exactly 61 (F9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from pegboard.core import N_, Event, Later, RecordError, WordedError, check_record
from pegboard.core.records import recorded_actions
from pegboard.dominoes.actions import Action
from pegboard.fives.bots.basic import register_fives_bots
from pegboard.fives.hand import FivesHand
from pegboard.fives.looks import looks_of
from pegboard.fives.match import FivesMatch
from pegboard.fives.narration import events_of, events_of_hand, facts_of_match, won
from pegboard.fives.rules import (
    ALL_FIVES,
    FIVES_AND_THREES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    FivesRules,
    GameName,
)
from pegboard.games.base import (
    Encoding,
    Game,
    Grading,
    Option,
    OptionError,
    WinProbabilities,
)
from pegboard.games.levels import register_bot


def rules_of(game: str, options: Mapping[str, Any]) -> FivesRules:
    """The rules of a match of ``game`` from its checked options; ``OptionError`` naming
    the option and its rule when they do not go together (partnerships with 2 players)."""
    partnerships = options.get("partnerships")
    try:
        return FivesRules(
            game,  # type: ignore[arg-type]  # the entry's own name
            players=int(options["players"]),
            partnerships=None if partnerships is None else bool(partnerships),
            reserve=int(options.get("reserve") or 0),
            by_fives=bool(options.get("by_fives") or 0),
        )
    except WordedError as error:
        raise OptionError(
            "partnerships",
            N_("Partnerships are for 4 players, two against two (F1)."),
            "F1",
        ) from error


def check(game: str, options: Mapping[str, Any]) -> None:
    rules_of(game, options)


def new_match(game: str, options: Mapping[str, Any], seed: int) -> FivesMatch:
    return FivesMatch(rules_of(game, options), seed=seed)


def options_of(rules: FivesRules) -> dict[str, Any]:
    options: dict[str, Any] = {
        "players": rules.players,
        "partnerships": int(bool(rules.partnerships)),
    }
    if rules.all_fives:
        options.update(reserve=rules.reserve, by_fives=int(rules.by_fives))
    return options


def from_record(game: str, record: dict[str, Any]) -> FivesMatch:
    return FivesMatch.from_record(record, game=game)


def hand_from_record(game: str, record: dict[str, Any]) -> FivesHand:
    hand = FivesHand.from_record(record)
    if hand.rules.game != game:
        raise RecordError(
            N_("this is a record of {found!r}, not of {game!r}"), found=hand.rules.game, game=game
        )
    return hand


def record_start(game: str, record: dict[str, Any]) -> tuple[dict[str, Any], int, list[str]]:
    """A match record's options, seed and actions in order (``RecordError`` otherwise)."""
    record = check_record(record, game, "match")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(N_("a match record of the Fives family has a seed"))
    try:
        rules = FivesRules.from_dict(record.get("rules"))
        actions = [str(text) for text in recorded_actions(record, "hands", "current_hand")]
    except (KeyError, TypeError, WordedError) as error:
        raise RecordError(N_("the match record does not replay: {reason}"), reason=error) from None
    if rules.game != game:
        raise RecordError(
            N_("this is a record of {found!r}, not of {game!r}"), found=rules.game, game=game
        )
    return options_of(rules), seed, actions


def apply(match: FivesMatch | FivesHand, seat: int, action: Action) -> Sequence[Event]:
    """Play ``action`` for ``seat`` (``Game.play`` checked the turn); the events of the
    move, its score, the end of the hand, the next leader or the win, told when read."""
    if isinstance(match, FivesHand):
        match.apply(action)
        return events_of_hand(match, seat, action)
    hands = len(match.hands)
    hand = match.hand
    match.apply(action)
    facts = facts_of_match(match, hand, seat, action, hands)
    return Later(lambda: events_of(*facts))


def owns(game: str, position: Any) -> bool:
    """Whether a ``FivesMatch`` or ``FivesHand`` is of ``game`` (both games play them)."""
    return bool(position.rules.game == game)


def outcome(match: Any) -> Event | None:
    """The side that won the match (F9), partners named together ("Seat 1 and Seat 3 win
    the match with 61"); None while it goes on, or when no single side won."""
    if not isinstance(match, FivesMatch) or match.winner is None:
        return None
    return won(match.rules, match.winner, match.side_scores[match.winner])


def hands_over(match: Any) -> int:
    """The hands of ``match`` played out (F8): its deals."""
    return len(match.hands)


def revealed(match: Any) -> tuple[int, int, bool]:
    """What of the hidden tiles the match has shown (for takebacks): the hands dealt, the
    boneyard drawn from (F4), the hands shown at a hand's end (F8)."""
    return len(match.hands), match.hand.boneyard_count, match.hand.is_over


def scores(match: Any) -> Sequence[float]:
    """Per seat, its side's score."""
    return tuple(match.scores)


PARTNERSHIPS = Option(
    name="partnerships",
    label=N_("Partnerships (4 players)"),
    default=None,
    problem=N_("Partnerships are 1 (two against two, with 4 players) or 0 (alone) (F1)."),
    rule="F1",
    choices=(0, 1),
    optional=True,
    choice_labels=(
        (None, N_("The rules' own: two against two")),
        (1, N_("Yes: two against two")),
        (0, N_("No: each plays alone")),
    ),
)
"""F1's choice with 4 players; None is the rules' own (partnerships)."""


def encoding(constant: str, options: Mapping[str, Any]) -> Encoding:
    """The research encoding of the game named ``constant`` in ``pegboard.fives.encoding``
    (imported when asked for: it needs NumPy), one for every option: its seats are
    relative and padded to four, and its numbers those of the double-six set, the only one
    the family plays."""
    from pegboard.fives import encoding as encodings

    found: Encoding = getattr(encodings, constant)
    return found


def win_probabilities(game: GameName) -> WinProbabilities:
    """The game's tables of the chances of winning (``pegboard.fives.odds``, imported when
    asked for)."""
    from pegboard.fives.odds import FivesOdds

    return FivesOdds(game)


def sides(match: FivesMatch) -> tuple[tuple[int, ...], ...]:
    """The seats that play together (F1: two partnerships of 4 players, or each alone)."""
    return match.rules.sides


def family_game(
    game: GameName,
    display_name: str,
    players_problem: str,
    options: Sequence[Option] = (),
    *,
    grading: Grading,
) -> Game:
    """The registry's description of one game of the family: its name, its display name
    and refusal of a seat count (both ``N_``-marked), the options it has beyond the seats
    and partnerships of F1, and its analysis' grades (``Grading``: measured per game). Its
    looks are the family's, by the game's own names."""
    constant = game.upper().replace("-", "_")  # "all-fives": ALL_FIVES in the looks' modules
    return Game(
        name=game,
        display_name=display_name,
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        # A move of the Fives family adds up the ends before it is made (F6), a little
        # slower than Draw's: 4 minutes and 4 seconds a move.
        time_control=(240, 4),
        deals_over=hands_over,
        revealed=revealed,
        # A hand between two is some 15 to 25 moves with the draws and the count of the
        # ends: six of them are about ten minutes of a daily event.
        daily_deals=6,
        grading=grading,
        options=(
            Option(
                name="players",
                label=N_("Players"),
                default=2,
                problem=players_problem,
                rule="F1",
                minimum=MIN_PLAYERS,
                maximum=MAX_PLAYERS,
            ),
            PARTNERSHIPS,
            *options,
        ),
        new_match=partial(new_match, game),
        from_record=partial(from_record, game),
        apply=apply,
        rule_gists={
            "F4": N_("a player who can play must play; one who cannot draws, or passes"),
            "F5": N_(
                "only the spinner has ends across its sides, open once both sides hold a tile"
            ),
            "F8": N_("the hand is over"),
            "F9": N_("the match is over"),
        },
        over_rule="F9",
        match_type=FivesMatch,
        record_start=partial(record_start, game),
        readers={"hand": partial(hand_from_record, game)},
        position_types=(FivesHand,),
        scores=scores,
        owner=partial(owns, game),
        outcome=outcome,
        sides=sides,
        encoding=partial(encoding, constant),
        win_probabilities=partial(win_probabilities, game),
        looks=looks_of(constant),
        options_check=partial(check, game),
    )


ALL_FIVES_GAME = family_game(
    ALL_FIVES,
    N_("All Fives"),
    N_("All Fives is for 2, 3 or 4 players (F1)."),
    (
        Option(
            name="reserve",
            label=N_("Tiles never drawn from the boneyard"),
            default=0,
            problem=N_("The boneyard keeps 0 or 2 tiles never drawn (F4)."),
            rule="F4",
            choices=(0, 2),
            choice_labels=((0, N_("None: every tile may be drawn")), (2, N_("Two tiles"))),
        ),
        Option(
            name="by_fives",
            label=N_("Target score"),
            default=0,
            problem=N_("Scoring by fives is 1 (to 61) or 0 (to 250 or 200) (F9)."),
            rule="F9",
            choices=(0, 1),
            choice_labels=(
                (0, N_("250 points (200 with 3 or 4 players)")),
                (1, N_("61 points, scores divided by five")),
            ),
        ),
    ),
    # As Fives and Threes' (below), from 635 decisions of 40 hands: under 4.71 for 99% of
    # them (All Fives scores in fives: a blunder is a 20-point play). By fives (to 61) the
    # points are a fifth, and so the same grades are looser.
    grading=Grading(inaccuracy=5.0, mistake=10.0, blunder=20.0),
)

FIVES_AND_THREES_GAME = family_game(
    FIVES_AND_THREES,
    N_("Fives and Threes"),
    N_("Fives and Threes is for 2, 3 or 4 players (F1)."),
    # The grades' thresholds in expected points of the hand's margin, measured (`python -m
    # benchmarks analysis thresholds --game=fives-and-threes`: 307 decisions of two experts
    # in 40 hands for two): a report's loss and a search 16 times as long differ by under
    # 0.99 for 99% of them. That noise rounded up to the half point is an inaccuracy, twice
    # it a mistake, four times a blunder: docs/analysis.md.
    grading=Grading(inaccuracy=1.0, mistake=2.0, blunder=4.0),
)

register_fives_bots(register_bot)
