"""Cribbage as the registry describes it: two players (C2), three (C8) or four in two
partnerships (C9), six cards each between two or five (five-card cribbage to 61, C13-C17),
a match of 1, 3, 5 or 7 games, the score counted for the players or by them with muggins
(C18-C20)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from pegboard.core import N_, Event, Later, RecordError, check_record, recorded_actions
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage import Game as CribbageGame
from pegboard.cribbage.bots.levels import register_cribbage_bots
from pegboard.cribbage.looks import LOOKS
from pegboard.cribbage.narration import (
    Moment,
    events_of,
    game_points,
    match_over,
    side_won_match,
    told,
)
from pegboard.cribbage.table import CARDS, PLAYERS
from pegboard.games.base import Encoding, Game, Grading, Option, OptionError, WinProbabilities
from pegboard.games.levels import register_bot

BEST_OF = (1, 3, 5, 7)
"""The match lengths offered (the rules allow any odd number; longer is rarely played)."""


def new_match(options: Mapping[str, Any], seed: int) -> CribbageMatch:
    players = int(options.get("players") or 2)
    cards = options.get("cards")  # five-card cribbage with 5 (C13); 6 is the game's own
    return CribbageMatch(
        best_of=int(options["best_of"]),
        seed=seed,
        players=players,
        cards=5 if cards == 5 else None,
        muggins=int(options.get("muggins") or 0),
    )


def check(options: Mapping[str, Any]) -> None:
    """Five-card cribbage is a game for two (C13): with three or four it is refused in
    words, rather than a table of three or four dealt its own five cards to 121."""
    if options.get("cards") == 5 and options.get("players", 2) != 2:
        raise OptionError(
            "cards",
            N_("Five-card cribbage is a game for two players (C13)."),
            "C13",
        )


def per_seat(values: Sequence[int], players: int) -> tuple[int, ...]:
    """One value a seat: among four each partner shows its side's (C9), as partnership
    Draw's seats do (D24); otherwise the values as they are, one a player."""
    if players == 4:
        return tuple(values[seat % 2] for seat in range(4))
    return tuple(values)


def standing(match: CribbageMatch | CribbageGame) -> tuple[int, ...]:
    """Per seat, the game points of a match (the pegs of a game read alone); among four
    each partner shows its side's (C9)."""
    if isinstance(match, CribbageGame):
        return per_seat(match.scores, match.num_players)
    return per_seat(match.points, match.num_players)


def board_points(match: CribbageMatch | CribbageGame) -> tuple[int, ...]:
    """Per seat, the pegs of the game in play (a match's game points are its ``scores``);
    among four each partner shows its side's (C9)."""
    game = match if isinstance(match, CribbageGame) else match.game
    return per_seat(game.scores, game.num_players)


def sides(match: CribbageMatch | CribbageGame) -> tuple[tuple[int, ...], ...]:
    """The seats that play together: seats 0 and 2 against 1 and 3 among four (C9), else
    each seat alone."""
    if match.num_players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(match.num_players))


def outcome(match: Any) -> Event | None:
    """The side that won a match of four, both partners named (C9, C12); None otherwise,
    and the surfaces say it from the scores (one seat)."""
    if not isinstance(match, CribbageMatch) or match.players != 4 or match.winner is None:
        return None
    return side_won_match(match.winner)


def record_start(record: dict[str, Any]) -> tuple[dict[str, Any], int, list[str]]:
    """A match record's options, seed and actions in order (``RecordError`` otherwise):
    the record keeps the games needed to win, ``target``, of a match of ``2 × target − 1``,
    and its ``players`` when they are three or four (C8, C9; a record of two has none), and
    ``muggins`` when the players count their shows (C18)."""
    record = check_record(record, "cribbage", "match")
    seed, target = record.get("seed"), record.get("target")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (seed, target)):
        raise RecordError(N_("a match record of cribbage has its target and its seed"))
    players = record.get("players", 2)
    if isinstance(players, bool) or players not in PLAYERS:
        raise RecordError(
            N_("a cribbage record is of 2 players (C2), 3 (C8) or 4 (C9), not {players!r}"),
            players=players,
        )
    try:
        actions = [str(text) for text in recorded_actions(record, "games", "current_game")]
    except (KeyError, TypeError) as error:
        raise RecordError(N_("the match record does not replay: {reason}"), reason=error) from None
    cards = record.get("cards", 6)  # a record without it is six-card's (C2)
    if cards not in CARDS or isinstance(cards, bool):
        raise RecordError(N_("a match record of cribbage deals 5 or 6 cards each (C13)"))
    options = {"players": players, "best_of": 2 * int(target) - 1, "cards": cards}  # type: ignore[arg-type]
    if "muggins" in record:  # the players count, with muggins (C18): the option checks it
        options["muggins"] = record["muggins"]
    return options, int(seed), actions  # type: ignore[arg-type]


def apply(match: CribbageMatch | CribbageGame, seat: int, action: Any) -> Sequence[Event]:
    """Play ``action`` for ``seat``; the events of what it did, as every seat may know them
    (a discard's cards unseen): the move, the starter, each score and why, the end of the
    game with the match's game points, and the end of the match. They are worked out when
    read, from the game as it was just before and just after."""
    if isinstance(match, CribbageGame):  # a game read from its record (``readers``)
        game, before = match, Moment.of_game(match)
        match.apply(action, seat=seat)
        return events_of(
            before, Moment.of_game(game), game.log, game.result, (told(seat, action, before),)
        )
    game = match.game  # the game played in, even when the match starts the next one
    before = Moment.of_game(game)
    match.apply(action, seat=seat)
    after = Moment.of_game(game)
    ended = game.result
    if ended is None:  # the common case: the game goes on
        return Later(
            lambda: events_of(before, after, game.log, None, (told(seat, action, before),))
        )
    points, winner, games = match.points, match.winner, len(match.games)
    players = match.players

    def make() -> tuple[Event, ...]:
        events = events_of(before, after, game.log, ended, (told(seat, action, before),))
        end: tuple[Event, ...] = (game_points(points, players),)
        if winner is not None:
            end += match_over(points, winner, games, players)
        return events + end

    return Later(make)


def encoding() -> Encoding:
    """The research encoding (``pegboard.cribbage.encoding``), imported when asked for: it needs
    NumPy, the ``research`` extra's."""
    from pegboard.cribbage.encoding import ENCODING

    # Its vectors are NumPy's, which the protocol's ``Sequence[float]`` stands for (NumPy
    # registers no array as a ``Sequence``).
    return cast(Encoding, ENCODING)


def encoding_for(options: Mapping[str, Any]) -> Encoding:
    """The research encoding of a match with these options. Between two, the numbers of its
    deal and count (``CribbageEncoding``): five-card's vector has one entry more (C13),
    muggins numbers the claims after the other actions and appends the show (C18). Among
    three or four, the table's numbers (``table_encoding``, C8, C9), which have no claims:
    muggins among three or four is refused in words (C18) rather than encoded wrongly."""
    players = int(options.get("players") or 2)
    muggins = bool(options.get("muggins"))
    if players > 2:
        if muggins:
            raise OptionError(
                "muggins",
                N_(
                    "The research interfaces play muggins between two players only, "
                    "not among three or four (C18)."
                ),
                "C18",
            )
        from pegboard.cribbage.table_encoding import TABLE_ENCODING

        return cast(Encoding, TABLE_ENCODING)
    from pegboard.cribbage.encoding import ENCODING, CribbageEncoding

    cards = int(options.get("cards") or 6)
    if cards == 6 and not muggins:
        return cast(Encoding, ENCODING)  # the numbers recorded since the first trace
    return cast(Encoding, CribbageEncoding(cards, muggins))


def win_probabilities() -> WinProbabilities:
    """The chances of winning (``pegboard.cribbage.odds``), imported when asked for."""
    from pegboard.cribbage.odds import TABLES

    return TABLES


def hands_over(match: Any) -> int:
    """The hands of ``match`` played out (C6: its show over, or the game won within it)."""
    return int(match.hands_over)


def revealed(match: Any) -> tuple[int, int, bool, bool]:
    """What of the hidden cards the match has shown (for takebacks): the hands played out
    (their show, C6, and the next deal), the starter cut (C3), the games dealt, and with
    muggins the crib turned up to be claimed for (C18: the move that turns it up, the
    answer to the dealer's claim, shows it before the hand is over)."""
    crib = False
    if match.muggins:
        showing = match.game.observation(0).showing
        crib = showing is not None and showing.what == "crib"
    return len(match.games), int(match.hands_over), match.game.starter is not None, crib


FIVE_CARD = Option(
    name="cards",
    label=N_("Cards dealt"),
    default=6,
    problem=N_("Cribbage deals six cards each (C2), or five for five-card cribbage to 61 (C13)."),
    rule="C13",
    choices=CARDS,
    choice_labels=(
        (5, N_("Five: five-card cribbage, to 61")),
        (6, N_("Six: six-card cribbage, to 121")),
    ),
)
"""Five-card cribbage, an option of cribbage rather than a game of its own: the books tell
the two-handed games as one game named by the cards dealt (five-card, six-card; Dawson),
differing in the deal, three for last, the one play to 31, the hand of three and the game
to 61 (C13-C17); the same cards, crib, starter, pegging and show (C1, C3, C4, C6)."""


MUGGINS = Option(
    name="muggins",
    label=N_("Counting the score"),
    default=0,
    problem=N_(
        "The score is counted for the players (0), or by the players with muggins (1, C18)."
    ),
    rule="C18",
    choices=(0, 1),
    choice_labels=(
        (0, N_("Counted for you")),
        (1, N_("You count, with muggins")),
    ),
)
"""The score counted by the players, with muggins: an option of every cribbage table, as
the ACC's rules make it the one optional part of tournament play (C18-C20). Without it the
engine counts every show; with it each player claims their own hand and crib and the
opponent on their left may take what they missed."""


GAME = Game(
    name="cribbage",
    display_name=N_("Cribbage"),
    min_players=min(PLAYERS),
    max_players=max(PLAYERS),
    # A discard is worth some thought, a pegging card is quick, and a match of the best of
    # 3 takes each player some 100 to 160 decisions: 5 minutes and 5 seconds a move.
    time_control=(300, 5),
    deals_over=hands_over,
    revealed=revealed,
    # A hand is a discard, some eight pegging cards and the show: a minute and a half or so,
    # and six hands about ten minutes of a daily event.
    daily_deals=6,
    # The grades' thresholds in expected net points of the hand, measured (`python -m
    # benchmarks analysis thresholds --game=cribbage`: 298 decisions of two experts in 40
    # hands): a report's loss and a search 16 times as long differ by under 0.44 for 99% of
    # them. That noise rounded up to the half point is an inaccuracy, twice it a mistake, four
    # times a blunder (a 2-point discard): docs/analysis.md. From a score of 76, or where
    # a line of the pegging may reach 121, the match expert values a decision by the chance
    # of winning instead; such a loss is graded as the points it is worth at the start of a
    # game, 1.9% a point from our tables (Cribbage Pro's study: 1.7%), tested against them.
    grading=Grading(inaccuracy=0.5, mistake=1.0, blunder=2.0, chance_per_point=0.019),
    analyser="match-expert",
    options=(
        Option(
            name="players",
            label=N_("Players"),
            default=2,
            problem=N_(
                "Cribbage is for 2 players (C2), 3 (C8), or 4 in two partnerships, "
                "partners opposite (C9)."
            ),
            rule="C2",
            minimum=min(PLAYERS),
            maximum=max(PLAYERS),
        ),
        Option(
            name="best_of",
            label=N_("Best of"),
            default=3,
            problem=N_("A cribbage match is the best of 1, 3, 5 or 7 games."),
            choices=BEST_OF,
        ),
        FIVE_CARD,
        MUGGINS,
    ),
    options_check=check,
    outcome=outcome,
    sides=sides,
    new_match=new_match,
    from_record=CribbageMatch.from_record,
    record_start=record_start,
    points=board_points,
    scores=standing,
    apply=apply,
    encoding=encoding,
    encoding_for=encoding_for,
    win_probabilities=win_probabilities,
    looks=LOOKS,
    match_type=CribbageMatch,
    readers={"game": CribbageGame.from_record},
    position_types=(CribbageGame,),
    rule_gists={
        "C2": N_("each player lays exactly two different cards from the hand in the crib"),
        "C4": N_("play one card from your hand, and the count may not pass 31"),
        "C5": N_("you may say go only when no card fits under 31"),
        "C7": N_("the game is over"),
        # Cribbage for three and four (C8-C12): the option players.
        "C8": N_("among three, each player lays one card in the crib, the dealer's left first"),
        "C9": N_("among four, each player lays one card in the crib, the dealer's left first"),
        "C10": N_("play in turn from the dealer's left; say go only when no card fits under 31"),
        "C12": N_("the game is over"),
        # Five-card cribbage (C13-C17, the option cards).
        "C13": N_("each player lays exactly two different cards from the hand in the crib"),
        "C15": N_("you may say go only when no card fits under 31"),
        "C17": N_("the game is over"),
        # The score counted by the players, with muggins (C18-C20, Game.new(muggins=1)).
        "C18": N_("at the show claim the points of your own hand or crib, from 0 to 29"),
        "C19": N_("call muggins, or let the claim stand, just after an opponent's claim"),
    },
    over_rule="C7",
)

register_cribbage_bots(register_bot)
