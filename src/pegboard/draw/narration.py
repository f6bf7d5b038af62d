"""What happened in a match of Draw, as events (``pegboard.core.Event``) every surface words.

The rules decide what a move did, how a round ended and what it scored; this module only
tells it as values: an ``N_`` template, its fields, and the seats it names (said by each
surface its own way, "you" for the reader through the second-person template ``you``).
It keeps no locale and does no I/O. A tile's side is said in the B5 words of the reader's
language (``SideWords``); the settlement's arithmetic (D13, D14) is the engine's own.

Events are public: a draw never names the tile drawn (``drew`` does, for the one who drew
it and for replays, after the match).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pegboard.core import N_, Event
from pegboard.core.languages import language
from pegboard.core.narration import ngettext, scores
from pegboard.dominoes.line import WORDS
from pegboard.draw.actions import Action, DrawTile, Play
from pegboard.draw.match import Match
from pegboard.draw.scoring import RoundResult

ROUNDS = ngettext("Match over after {rounds} round.", "Match over after {rounds} rounds.")

SETTLED = ngettext(
    "Settlement: {arithmetic} → {player} scores {points}.",
    "Settlement: {arithmetic} → {player} scores {points}.",
)
"""The winner's points (D13): plural forms, as languages put a noun or verb after them."""
YOU_SETTLED = ngettext(
    "Settlement: {arithmetic} → you score {points}.",
    "Settlement: {arithmetic} → you score {points}.",
)

SIDE_SETTLED = ngettext(
    "Settlement: {arithmetic} → {player} and {partner} score {points}.",
    "Settlement: {arithmetic} → {player} and {partner} score {points}.",
)
"""A side's points in partnerships (D22, D23), both partners named."""
YOU_SIDE_SETTLED = ngettext(
    "Settlement: {arithmetic} → you and {partner} score {points}.",
    "Settlement: {arithmetic} → you and {partner} score {points}.",
)

HANDS_REVEALED = N_("Hands revealed:")
REVEALED = N_("{player}: {tiles} (count {count})")
"""A hand revealed at the end of a round (D12), one event per seat."""


@dataclass(frozen=True, slots=True)
class SideWords:
    """A side of a tile (B1: ``high``, ``low``, ``A``, ``B``) said in a language's B5 words."""

    side: str

    def in_words(self, lang: str) -> str:
        return WORDS[language(lang)][self.side]

    def __str__(self) -> str:
        return self.in_words("en")


def move(action: Action, block: bool = False) -> Event:
    """What a move does, as a phrase: ``[3|4] on [4|4] (line B, 4)``, ``open the line with
    [3|4]``, ``draw a tile from the stock``, ``pass (...)``; a pass of the Block game
    (``block``) as its own rule has it (D19: no stock to draw from)."""
    if isinstance(action, Play):
        end = action.end
        if end is None:
            return Event(N_("open the line with {tile}"), {"tile": str(action.tile)})
        return Event(
            N_("{tile} on {end_tile} ({side}, {value})"),
            {
                "tile": str(action.tile),
                "end_tile": str(end.tile),
                "side": SideWords(end.side),
                "value": end.value,
            },
        )
    if isinstance(action, DrawTile):
        return Event(N_("draw a tile from the stock"))
    if block:
        return Event(N_("pass (no tile fits, and nobody draws in the Block game)"))
    return Event(N_("pass (no tile fits and the stock is down to two)"))


def played(seat: int, action: Action, block: bool = False) -> Event:
    """One seat's move as a sentence (D4-D8); a draw without its tile (public); a pass of
    the Block game (``block``) with what it shows, that no tile of the seat fits (D19)."""
    seats = {"player": seat}
    if isinstance(action, Play):
        if action.end is None:
            return Event(
                N_("{player} opens the line with {tile}."),
                {"tile": str(action.tile)},
                seats,
                you=N_("You open the line with {tile}."),
            )
        return Event(
            N_("{player} plays {move}."), {"move": move(action)}, seats, you=N_("You play {move}.")
        )
    if isinstance(action, DrawTile):
        return Event(N_("{player} draws a tile."), {}, seats, you=N_("You draw a tile."))
    if block:
        return Event(
            N_("{player} passes: no tile fits."), {}, seats, you=N_("You pass: no tile fits.")
        )
    return Event(N_("{player} passes."), {}, seats, you=N_("You pass."))


def drew(seat: int, tiles: str) -> Event:
    """A draw naming the tile drawn: only for the seat that drew it, or after the match."""
    return Event(
        N_("{player} draws {tile}."), {"tile": tiles}, {"player": seat}, you=N_("You draw {tile}.")
    )


def settlement(result: RoundResult) -> tuple[Event, ...]:
    """The end of a round: how it ended (D11), the hands revealed with their counts (D12),
    and the settlement as arithmetic (D13, D14: ``8 + 10 − 3 = 15``) with who scores."""
    events: list[Event] = []
    if result.kind == "domino":
        assert result.winner is not None
        events.append(
            Event(
                N_("{player} played the last tile of the hand: domino."),
                {},
                {"player": result.winner},
                "settlement",
                you=N_("You played the last tile of your hand: domino."),
            )
        )
    elif result.block:  # D20: nobody could play, and nobody draws
        events.append(
            Event(N_("The round is blocked: every player passed in turn."), kind="settlement")
        )
    else:
        events.append(
            Event(
                N_("The round is blocked: the stock is down to two and nobody can play."),
                kind="settlement",
            )
        )
    events.append(Event(HANDS_REVEALED, kind="settlement"))
    for seat, (hand, count) in enumerate(zip(result.hands, result.pip_counts, strict=True)):
        events.append(
            Event(
                REVEALED,
                {"tiles": " ".join(str(t) for t in hand) or "—", "count": count},
                {"player": seat},
                "settlement",
            )
        )
    if result.partnerships:
        events.extend(_side_settlement(result))
    elif result.winner is None:
        events.append(
            Event(
                N_("Settlement: tied lowest count {count}: nobody scores."),
                {"count": min(result.pip_counts)},
                kind="settlement",
            )
        )
    else:
        events.append(
            Event(
                SETTLED[0],
                {"arithmetic": result.arithmetic, "points": result.points[result.winner]},
                {"player": result.winner},
                "settlement",
                you=YOU_SETTLED[0],
                plural=SETTLED[1],
                count="points",
                you_plural=YOU_SETTLED[1],
            )
        )
    return tuple(events)


def partners(side: int) -> dict[str, int]:
    """The seats of a side of partners (D21), as an event names them: side 0 is seats 0 and
    2, side 1 seats 1 and 3."""
    return {"player": side, "partner": side + 2}


def _side_settlement(result: RoundResult) -> tuple[Event, ...]:
    """A partnership round's settlement: in a blocked round each side's count (D23); the
    side that scores, both partners named, with the opponents' counts added (D22, D23), or
    equal totals that score nothing."""
    events: list[Event] = []
    counts = result.pip_counts
    if result.kind == "blocked":
        for each in (0, 1):
            events.append(
                Event(
                    N_("{player} and {partner} together count {count} (D23)."),
                    {"count": counts[each] + counts[each + 2]},
                    partners(each),
                    "settlement",
                    you=N_("You and {partner} together count {count} (D23)."),
                )
            )
    side = result.winning_side
    if side is None:
        events.append(
            Event(
                N_("Settlement: the sides' counts are equal, {count} each: nobody scores (D23)."),
                {"count": counts[0] + counts[2]},
                kind="settlement",
            )
        )
        return tuple(events)
    seats = partners(side)
    if result.kind == "domino" and result.winner == side + 2:
        seats = {"player": side + 2, "partner": side}  # the one out named first
    events.append(
        Event(
            SIDE_SETTLED[0],
            {"arithmetic": result.arithmetic, "points": result.points[side]},
            seats,
            "settlement",
            you=YOU_SIDE_SETTLED[0],
            plural=SIDE_SETTLED[1],
            count="points",
            you_plural=YOU_SIDE_SETTLED[1],
        )
    )
    return tuple(events)


def side_won_round(result: RoundResult, reader: int | None = None) -> Event | None:
    """The side that won a partnership round and its points, both partners named (D22,
    D23): the heading of the round's end, which the settlement's arithmetic then explains.
    The reader first when on that side (said "you"), else the one out first; None when
    nobody scored."""
    side = result.winning_side
    if side is None:
        return None
    first, second = side, side + 2
    if result.kind == "domino" and result.winner == second:
        first, second = second, first
    if reader == second:
        first, second = second, first
    return Event(
        N_("{player} and {partner} win the round: +{points}."),
        {"points": result.points[side]},
        {"player": first, "partner": second},
        "settlement",
        you=N_("You and {partner} win the round: +{points}."),
    )


def side_won(side: int, score: int) -> Event:
    """The win of a side of partners (D24), both named."""
    return Event(
        N_("{player} and {partner} win the match with {score} (D24)."),
        {"score": score},
        partners(side),
        "end",
        you=N_("You and {partner} win the match with {score} (D24)."),
    )


def match_end(
    points: Sequence[int], winner: int | None, rounds: int, partnerships: bool = False
) -> tuple[Event, ...]:
    """The end of a match (D17): the rounds played, the final scores, the winner or a draw;
    in partnerships the side that won, both partners named (D24)."""
    events = [
        Event(ROUNDS[0], {"rounds": rounds}, kind="end", plural=ROUNDS[1], count="rounds"),
        Event(N_("Final scores: {scores}"), {"scores": scores(points)}, kind="end"),
    ]
    if partnerships and winner is not None:
        events.append(side_won(winner, points[winner]))
    elif winner is None:
        events.append(
            Event(
                N_("The match is drawn: the highest score, {score}, is shared (D17)."),
                {"score": max(points)},
                kind="end",
            )
        )
    else:
        events.append(
            Event(
                N_("{player} wins the match with {score}."),
                {"score": points[winner]},
                {"player": winner},
                "end",
                you=N_("You win the match with {score}."),
            )
        )
    return tuple(events)


def next_round(leader: int) -> Event:
    """Who leads the next round: the seat after the last round's leader (D16)."""
    return Event(N_("Next round: {player} leads (D16)."), {}, {"player": leader}, "info")


def events_of(
    match: Match,
    seat: int,
    action: Action,
    rounds_before: int,
    rounds_after: int,
    over: bool,
    leader: int,
) -> tuple[Event, ...]:
    """The events of ``action``, applied by ``seat`` to ``match`` when it had finished
    ``rounds_before`` rounds and left ``rounds_after`` finished (``over``: the match was
    over just after; ``leader``: the leader of the round in play then): the move, and the
    settlement with the next round's leader, or the match's end, if it brought them. Every
    fact is the one captured as the action was applied, so later actions change none of it
    (a round finished later is not this action's)."""
    told = played(seat, action, match.block)
    rounds = match.rounds
    if rounds_after == rounds_before:  # the common case: nothing else happened
        return (told,)
    events = [told, *settlement(rounds[rounds_before].result)]
    if over:
        events.extend(match_end(match.scores, match.winner, len(rounds), match.partnerships))
    else:
        events.append(next_round(leader))
    return tuple(events)
