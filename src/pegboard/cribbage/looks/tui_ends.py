"""The ends of a hand and of a match in the full-screen cribbage client: the show counted
aloud with the game's end if it came (``hand_over``, C6-C7: what the generic screen's
``RoundOverScreen`` shows), and the match's summary (the generic summary screen, its
lines cribbage's).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from pegboard.cribbage import CribbageMatch
from pegboard.cribbage.events import TARGET, side_of
from pegboard.cribbage.looks.tui_view import board_names, coloured, peg_board, pegs
from pegboard.cribbage.narration import side_won_match
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import table_of
from pegboard.cribbage.text import (
    Seats,
    event_lines,
    hand_header,
    opening_scores,
    result_lines,
    scores_text,
    table_opening,
)
from pegboard.games import Game
from pegboard.i18n import Translator
from pegboard.tui.generic import GenericSummaryScreen

HUMAN = 0
"""The seat of the person at the terminal; the other is the bot's (``BOT``), or in
hot-seat the second person's."""
BOT = 1


def hand_over(
    before: CribbageObservation,
    after: CribbageObservation,
    match: CribbageMatch,
    seats: Seats,
    _: Translator,
) -> Group:
    """The end of a hand: the show counted aloud (C6), then the end of the game if it
    came (C7), the match score and the board."""
    lines: list[RenderableType] = [
        Text(
            _.pgettext("cribbage", "Hand {number} is over.").format(number=before.hand_number),
            style="bold",
        )
    ]
    players = match.players
    first = show_start(before, after)
    scores = list(before.scores) if first == len(before.log) else scores_at(after, first)
    shown = False
    for event in after.log[first:]:
        # The last card's point (C5) or the score that won the game (C7), then the show.
        scores[side_of(players, event.seat)] = event.total
        if event.reason in ("hand", "crib") and not shown:
            shown = True
            lines.append(
                coloured(_("The show, with the starter {card} (C6):").format(card=event.starter))
            )
        said = event_lines(event, scores, before.dealer, seats, _, players)
        lines += [indented(line) for line in said]
    result = after.result
    if result is not None:
        lines.append(Text())
        if after.log[-1].reason != "crib":  # won before the hand was counted out (C7, C12)
            lines.append(
                Text(
                    _("{target} reached: the game ends at once ({rule}).").format(
                        target=after.target,
                        rule=table_of(after.num_players, after.cards).end_rule,  # C7, C12, C17
                    )
                )
            )
        lines += [Text(line, style="bold") for line in result_lines(result, seats, _)]
        lines.append(
            Text(
                _("Game points: {points} (first to {target}).").format(
                    points=scores_text(match.points, seats, _, players), target=match.target
                )
            )
        )
        if not match.is_over and players != 2:  # the first deal passes to the left
            first = match.game.first_dealer
            deals = seats.says(first, _("you deal"), _("{who} deals"), _, start=False)
            lines.append(
                Text(
                    _("Game {number}: {deals} first (the first deal passes to the left).").format(
                        number=len(match.games) + 1, deals=deals
                    )
                )
            )
        elif not match.is_over:
            deals = seats.says(result.loser, _("you deal"), _("{who} deals"), _, start=False)
            lines.append(
                Text(
                    _("Game {number}: {deals} first (the loser of a game deals the next).").format(
                        number=len(match.games) + 1, deals=deals
                    )
                )
            )
            # The next game's three for last (C14), pegged before its first deal.
            lines += [Text(line) for line in opening_scores(match.game.log, seats, _)]
    fronts, backs = pegs(after.log, len(after.scores), players)
    names = board_names(players, _)
    board = peg_board(fronts, backs, _, seats.name(BOT, _), names, after.target)
    lines += [Text(row) for row in board]
    return Group(*lines)


def opening_text(match: CribbageMatch, level: str | None, games: int, _: Translator) -> str:
    """The opening of a match of ``games`` (its first log line, and the cut's screen): who
    plays whom, to 121 (C7) or 61 at five-card (C17), what a game won is worth; round a
    table of three or four, the table, your seat and your partner (C8, C9, C12). ``level``:
    the bot's level in words (untranslated); None for two people at one terminal."""
    if match.players != 2 and level is not None:
        text = table_opening(match.players, games, _)
        if match.target == 1:
            return text
        worth = _("A game won is 1 game point (C12); {target} win.")
        return text + " " + worth.format(target=match.target)
    # The game's own target and rule: 121 (C7), or 61 at five-card (C17).
    game = match.game
    if level is None:  # hot-seat: two people, neither of them "you"
        opening = _.ngettext(
            "Cribbage between seat 1 and seat 2, two people, the best of {games}: first "
            "to {target} wins a game ({rule}).",
            "Cribbage between seat 1 and seat 2, two people, the best of {games}: first "
            "to {target} wins a game ({rule}).",
            games,
        ).format(games=games, target=game.target, rule=game.win_rule)
    else:
        opening = _.ngettext(
            "Cribbage against the {level}, the best of {games}: first to {target} wins a "
            "game ({rule}). You are seat 1.",
            "Cribbage against the {level}, the best of {games}: first to {target} wins a "
            "game ({rule}). You are seat 1.",
            games,
        ).format(level=_(level), games=games, target=game.target, rule=game.win_rule)
    if match.target == 1:
        return opening
    worth = (
        _("A game won is 1 game point, a skunk 2, a double skunk 3; {target} win.")
        if game.target == TARGET
        else _("A game won is 1 game point, a lurch 2; {target} win.")  # C17
    )
    return opening + " " + worth.format(target=match.target)


def status_text(
    view: CribbageObservation, match: CribbageMatch, seats: Seats, viewer: int, _: Translator
) -> str:
    """The status over the table: the hand's header (its dealer, the scores), then the
    cards the others hold (none at the show, whose cards are all played: not said) and in
    a match the game points."""
    players = match.players
    status = hand_header(
        view.hand_number, view.dealer, view.scores, seats, _, players=players, target=view.target
    )
    if view.phase == "show":  # with muggins every card is played (C18)
        second = ""
    elif players == 2:
        other = 1 - viewer
        holds = _.ngettext("{who} holds {n} card", "{who} holds {n} cards", view.hand_sizes[other])
        second = holds.format(who=seats.name(other, _), n=view.hand_sizes[other])
    else:  # each other seat's cards, by number (C8, C9)
        second = _("Cards held: {counts}").format(
            counts=" · ".join(
                f"{seat + 1}: {view.hand_sizes[seat]}" for seat in range(players) if seat != viewer
            )
        )
    if match.target == 1:
        return status + "\n" + second[:1].upper() + second[1:]
    # Among three or four the game points and the cards held take a line each.
    joint = (" · " if players == 2 else "\n") if second else ""
    points = _("Game {number} · game points: {points} (first to {target})").format(
        number=len(match.games) + 1,
        points=scores_text(match.points, seats, _, players),
        target=match.target,
    )
    return status + "\n" + points + joint + second


def show_start(before: CribbageObservation, after: CribbageObservation) -> int:
    """Where the hand's end begins in the game's log: the scores of the move that ended
    it; with muggins, whose show is claimed move by move (C18, C19), the whole show, its
    claims and muggins, from its first count."""
    first = len(before.log)
    if not after.muggins:
        return first
    return next(
        (
            index
            for index, event in enumerate(after.log)
            if event.hand == before.hand_number and event.reason in SHOW_REASONS
        ),
        first,
    )


SHOW_REASONS = frozenset({"hand", "crib", "muggins"})


def scores_at(after: CribbageObservation, index: int) -> list[int]:
    """The scores (one a player, or a side's among four, C9) before the log's ``index``."""
    scores = [0] * len(after.scores)
    for event in after.log[:index]:
        scores[side_of(after.num_players, event.seat)] = event.total
    return scores


def indented(line: str) -> Padding:
    """A line of the show, its cards coloured; when it wraps, it keeps its indent."""
    text = line.lstrip(" ")
    return Padding(coloured(text), (0, 0, 0, len(line) - len(text)))


class CribbageSummaryScreen(GenericSummaryScreen):
    """The end of the match: the game points, the winner, how each game ended (C7)."""

    match: CribbageMatch

    def __init__(self, game: Game, match: CribbageMatch, _: Translator, seats: Seats) -> None:
        super().__init__(game, match, _, seats.human)
        self.seats = seats

    def lines(self) -> list[str]:
        _ = self._
        match, seats = self.match, self.seats
        lines = [
            _.ngettext(
                "Match over after {games} game: {points} (game points).",
                "Match over after {games} games: {points} (game points).",
                len(match.games),
            ).format(
                games=len(match.games),
                points=scores_text(match.points, seats, _, match.players),
            ),
            self.winner_line(),
            "",
        ]
        for finished in match.games:
            for n, line in enumerate(result_lines(finished.result, seats, _)):
                lines.append(
                    _("Game {number}: {result}").format(number=finished.number, result=line)
                    if n == 0
                    else "  " + line
                )
        lines.append(_("Replay this with --seed {seed}.").format(seed=match.seed))
        return lines

    def winner_line(self) -> str:
        """Who won: you, or another seat by its name; among four the side (C9, C12)."""
        _ = self._
        match, seats = self.match, self.seats
        winner = match.winner
        if match.players == 4 and winner is not None:
            return seats.say(side_won_match(winner, seats.human), _, start=True)
        if match.players == 3 and winner is not None:
            if winner == seats.human:
                return _("You win the match.")
            return _("{who} wins the match.").format(who=seats.subject(winner, _))
        if match.winner == HUMAN and seats.human == HUMAN:
            return _("You win the match.")
        if match.winner != HUMAN:
            return _("{who} wins the match.").format(who=seats.subject(1 - HUMAN, _))
        return _("{who} wins the match.").format(who=seats.subject(HUMAN, _))
