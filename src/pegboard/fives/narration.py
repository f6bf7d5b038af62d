"""What happened in a hand or a match of the Fives family, as events
(``pegboard.core.Event``) every surface words: each play with its score's arithmetic
(F6, F7: ``Ends 2 + 3 + 4 + 6 = 15: seat 0 scores 15.``, ``Ends 6 + 4 + 5 = 15: 5 threes
and 3 fives, seat 1 scores 8.``), draws and knocks (a draw never names its tile), the end
of a hand as arithmetic with its rounding shown (F8: ``4 + 3 = 7 → 5``), the next leader
(F3) and the win (F9).

The rules decide what a move did and what it scored; this module only tells it, from
immutable facts captured when the move was made. It keeps no locale and does no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pegboard.core import N_, Event
from pegboard.core.languages import language
from pegboard.core.narration import ngettext
from pegboard.dominoes.actions import Action, DrawTile, Play
from pegboard.dominoes.line import WORDS
from pegboard.fives.hand import FivesHand, FivesMove, HandResult
from pegboard.fives.layout import SPINNER_WORDS
from pegboard.fives.match import FivesMatch
from pegboard.fives.rules import FivesRules

THREES = ngettext("{count} three", "{count} threes")
FIVES = ngettext("{count} five", "{count} fives")
REVEALED = ngettext("{player}: {tiles} ({count} pip)", "{player}: {tiles} ({count} pips)")

# Points scored: messages with plural forms, as languages put a noun or a verb after
# the number (English needs neither, so both its forms are the same).
SCORES_WHY = ngettext(
    "Ends {terms} = {total}: {reason}, {player} scores {points}.",
    "Ends {terms} = {total}: {reason}, {player} scores {points}.",
)
YOU_SCORE_WHY = ngettext(
    "Ends {terms} = {total}: {reason}, you score {points}.",
    "Ends {terms} = {total}: {reason}, you score {points}.",
)
SCORES_BY_FIVES = ngettext(
    "Ends {terms} = {total}: {player} scores {total} ÷ 5 = {points}.",
    "Ends {terms} = {total}: {player} scores {total} ÷ 5 = {points}.",
)
YOU_SCORE_BY_FIVES = ngettext(
    "Ends {terms} = {total}: you score {total} ÷ 5 = {points}.",
    "Ends {terms} = {total}: you score {total} ÷ 5 = {points}.",
)
SCORES_ENDS = ngettext(
    "Ends {terms} = {total}: {player} scores {points}.",
    "Ends {terms} = {total}: {player} scores {points}.",
)
YOU_SCORE_ENDS = ngettext(
    "Ends {terms} = {total}: you score {points}.", "Ends {terms} = {total}: you score {points}."
)
SIDE_SCORES = ngettext(
    "End of hand: {arithmetic}: {player} and {partner} score {points} (F8).",
    "End of hand: {arithmetic}: {player} and {partner} score {points} (F8).",
)
YOU_SIDE_SCORE = ngettext(
    "End of hand: {arithmetic}: you and {partner} score {points} (F8).",
    "End of hand: {arithmetic}: you and {partner} score {points} (F8).",
)
HAND_SCORES = ngettext(
    "End of hand: {arithmetic}: {player} scores {points} (F8).",
    "End of hand: {arithmetic}: {player} scores {points} (F8).",
)
YOU_HAND_SCORE = ngettext(
    "End of hand: {arithmetic}: you score {points} (F8).",
    "End of hand: {arithmetic}: you score {points} (F8).",
)


@dataclass(frozen=True, slots=True)
class SideWords:
    """A side of a tile (B1's ``high``, ``low``, ``A``, ``B``, a spinner's ``C`` and ``D``)
    said in a language's B5 words."""

    side: str

    def in_words(self, lang: str) -> str:
        key = language(lang)
        return {**WORDS[key], **SPINNER_WORDS[key]}[self.side]

    def __str__(self) -> str:
        return self.in_words("en")


def draw_move(action: Play) -> Event:
    """Where a play goes, as a phrase: ``[3|4] on [4|4] (line B, 4)``."""
    end = action.end
    assert end is not None
    return Event(
        N_("{tile} on {end_tile} ({side}, {value})"),
        {
            "tile": str(action.tile),
            "end_tile": str(end.tile),
            "side": SideWords(end.side),
            "value": end.value,
        },
    )


def played(seat: int, action: Action, rules: FivesRules) -> Event:
    """One seat's move as a sentence: a lead, a play, a draw (its tile unsaid), a pass
    (All Fives) or a knock (Fives and Threes)."""
    seats = {"player": seat}
    if isinstance(action, Play):
        if action.end is None:
            return Event(
                N_("{player} leads {tile}."),
                {"tile": str(action.tile)},
                seats,
                you=N_("You lead {tile}."),
            )
        return Event(
            N_("{player} plays {move}."),
            {"move": draw_move(action)},
            seats,
            you=N_("You play {move}."),
        )
    if isinstance(action, DrawTile):
        return Event(N_("{player} draws a tile."), {}, seats, you=N_("You draw a tile."))
    if rules.all_fives:
        return Event(N_("{player} passes."), {}, seats, you=N_("You pass."))
    return Event(N_("{player} knocks."), {}, seats, you=N_("You knock."))


def terms(counts: Sequence[int]) -> str:
    """The terms of an ends total, as the sum is written: ``2 + 3 + 4 + 6``."""
    return " + ".join(map(str, counts))


def reason(total: int) -> Event:
    """Why a total scores in Fives and Threes (F7): ``5 threes and 3 fives``."""
    parts = []
    if total % 3 == 0:
        parts.append(Event(THREES[0], {"count": total // 3}, plural=THREES[1]))
    if total % 5 == 0:
        parts.append(Event(FIVES[0], {"count": total // 5}, plural=FIVES[1]))
    if len(parts) == 2:
        return Event(N_("{threes} and {fives}"), {"threes": parts[0], "fives": parts[1]})
    return parts[0]


def score(move: FivesMove, counts: Sequence[int], rules: FivesRules) -> tuple[Event, ...]:
    """A play's points with their arithmetic (F6, F7), its point for going out (F8) and,
    in Fives and Threes, a play past 61 that scores nothing (F9); nothing for a play
    worth nothing."""
    if move.total is None:
        return ()
    seats = {"player": move.seat}
    total = move.total
    sums = terms(counts)
    in_play = move.worth - (1 if move.chip_out else 0)
    events: list[Event] = []
    if move.overshot:
        events.append(
            Event(
                N_(
                    "Ends {terms} = {total}, worth {worth}: past {target}, "
                    "{player} scores nothing (F9)."
                ),
                {"terms": sums, "total": total, "worth": move.worth, "target": rules.target},
                seats,
                "score",
                you=N_(
                    "Ends {terms} = {total}, worth {worth}: past {target}, you score nothing (F9)."
                ),
            )
        )
        return tuple(events)
    if in_play:
        fields = {"terms": sums, "total": total, "points": in_play}
        if not rules.all_fives:
            events.append(
                Event(
                    SCORES_WHY[0],
                    {**fields, "reason": reason(total)},
                    seats,
                    "score",
                    you=YOU_SCORE_WHY[0],
                    plural=SCORES_WHY[1],
                    count="points",
                    you_plural=YOU_SCORE_WHY[1],
                )
            )
        elif rules.by_fives:
            events.append(
                Event(
                    SCORES_BY_FIVES[0],
                    fields,
                    seats,
                    "score",
                    you=YOU_SCORE_BY_FIVES[0],
                    plural=SCORES_BY_FIVES[1],
                    count="points",
                    you_plural=YOU_SCORE_BY_FIVES[1],
                )
            )
        else:
            events.append(
                Event(
                    SCORES_ENDS[0],
                    fields,
                    seats,
                    "score",
                    you=YOU_SCORE_ENDS[0],
                    plural=SCORES_ENDS[1],
                    count="points",
                    you_plural=YOU_SCORE_ENDS[1],
                )
            )
    if move.chip_out:
        events.append(
            Event(
                N_("{player} plays their last tile: 1 point for going out (F8)."),
                {},
                seats,
                "score",
                you=N_("You play your last tile: 1 point for going out (F8)."),
            )
        )
    return tuple(events)


def _side_seats(rules: FivesRules, side: int) -> dict[str, int]:
    seats = rules.sides[side]
    return {"player": seats[0], "partner": seats[1]} if len(seats) == 2 else {"player": seats[0]}


def end_of_hand(result: HandResult, rules: FivesRules) -> tuple[Event, ...]:
    """The end of a hand (F8): how it ended, the hands revealed with their pips, and in
    All Fives what the end scores as arithmetic with the rounding shown (``4 + 3 = 7 →
    5``), or that nobody scores."""
    events: list[Event] = []
    by = result.by
    if result.kind == "target":
        assert by is not None
        events.append(
            Event(
                N_("{player} reaches the target in play: the hand ends there (F9)."),
                {},
                {"player": by},
                "settlement",
                you=N_("You reach the target in play: the hand ends there (F9)."),
            )
        )
        return tuple(events)
    if result.kind == "domino":
        assert by is not None
        if rules.all_fives:
            text, you = (
                N_("{player} dominoes: the hand is over (F8)."),
                N_("You domino: the hand is over (F8)."),
            )
        elif rules.partnerships:
            text, you = (
                N_("{player} goes out, and both partners are out: the hand is over (F8)."),
                N_("You go out, and both partners are out: the hand is over (F8)."),
            )
        else:
            text, you = (
                N_("{player} goes out: the hand is over (F8)."),
                N_("You go out: the hand is over (F8)."),
            )
        events.append(Event(text, {}, {"player": by}, "settlement", you=you))
    elif rules.all_fives:
        events.append(
            Event(N_("The hand is blocked: nobody can play or draw (F8)."), kind="settlement")
        )
    else:
        events.append(
            Event(
                N_("The hand is blocked: nobody can play, and nobody scores for going out (F8)."),
                kind="settlement",
            )
        )
    for seat, (hand, pips) in enumerate(zip(result.hands, result.pips, strict=True)):
        events.append(
            Event(
                REVEALED[0],
                {"tiles": " ".join(str(t) for t in hand) or "—", "count": pips},
                {"player": seat},
                "settlement",
                plural=REVEALED[1],
            )
        )
    if not rules.all_fives:
        return tuple(events)
    if not result.winners:
        events.append(
            Event(
                N_("End of hand: the fewest pips, {pips}, are tied: nobody scores (F8)."),
                {"pips": min(result.side_pips)},
                kind="settlement",
            )
        )
    for side in result.winners:
        seats = _side_seats(rules, side)
        fields = {"arithmetic": result.arithmetic(side), "points": result.points[side]}
        if "partner" in seats:
            events.append(
                Event(
                    SIDE_SCORES[0],
                    fields,
                    seats,
                    "settlement",
                    you=YOU_SIDE_SCORE[0],
                    plural=SIDE_SCORES[1],
                    count="points",
                    you_plural=YOU_SIDE_SCORE[1],
                )
            )
        else:
            events.append(
                Event(
                    HAND_SCORES[0],
                    fields,
                    seats,
                    "settlement",
                    you=YOU_HAND_SCORE[0],
                    plural=HAND_SCORES[1],
                    count="points",
                    you_plural=YOU_HAND_SCORE[1],
                )
            )
    return tuple(events)


def won(rules: FivesRules, side: int, score: int, first: int | None = None) -> Event:
    """The win (F9): the side that reached the target, with its score; ``first``, a seat of
    the side, named first (the reader, who is then told "You and ...")."""
    seats = _side_seats(rules, side)
    if "partner" in seats and first == seats["partner"]:
        seats = {"player": first, "partner": seats["player"]}
    if "partner" in seats:
        return Event(
            N_("{player} and {partner} win the match with {score} (F9)."),
            {"score": score},
            seats,
            "end",
            you=N_("You and {partner} win the match with {score} (F9)."),
        )
    return Event(
        N_("{player} wins the match with {score} (F9)."),
        {"score": score},
        seats,
        "end",
        you=N_("You win the match with {score} (F9)."),
    )


def next_hand(rules: FivesRules, result: HandResult, leader: int) -> Event:
    """Who leads the next hand (F3)."""
    seats = {"player": leader}
    if not rules.all_fives:
        return Event(N_("Next hand: {player} leads, one seat clockwise (F3)."), {}, seats, "info")
    if result.kind == "domino":
        return Event(N_("Next hand: {player}, who dominoed, leads (F3)."), {}, seats, "info")
    return Event(N_("Next hand: a new lot, and {player} leads (F3)."), {}, seats, "info")


def events_of(
    rules: FivesRules,
    seat: int,
    action: Action,
    move: FivesMove,
    counts: Sequence[int],
    result: HandResult | None,
    after: tuple[int, ...],
    winner: int | None,
    leader: int | None,
) -> tuple[Event, ...]:
    """The events of ``action`` played by ``seat``, from what was known just after it:
    the move, its score, the end of the hand, then the win or the next leader."""
    events = [played(seat, action, rules), *score(move, counts, rules)]
    if result is None:
        return tuple(events)
    events.extend(end_of_hand(result, rules))
    if winner is not None:
        events.append(won(rules, winner, after[winner]))
    elif leader is not None:
        events.append(next_hand(rules, result, leader))
    return tuple(events)


def events_of_hand(hand: FivesHand, seat: int, action: Action) -> tuple[Event, ...]:
    """The events of ``action`` just applied by ``seat`` to a lone hand."""
    move = hand.history[-1]
    counts = () if move.total is None else hand.layout.end_counts()
    return events_of(hand.rules, seat, action, move, counts, hand.result, hand.scores, None, None)


def facts_of_match(
    match: FivesMatch, hand: FivesHand, seat: int, action: Action, hands_before: int
) -> tuple[
    FivesRules,
    int,
    Action,
    FivesMove,
    tuple[int, ...],
    HandResult | None,
    tuple[int, ...],
    int | None,
    int | None,
]:
    """What later actions cannot change, captured just after ``action``."""
    move = hand.history[-1]
    counts = () if move.total is None else hand.layout.end_counts()
    ended = len(match.hands) > hands_before
    result = hand.result if ended else None
    leader = None if match.is_over or not ended else match.hand.leader
    return (
        match.rules,
        seat,
        action,
        move,
        counts,
        result,
        match.side_scores,
        match.winner if match.is_over else None,
        leader,
    )
