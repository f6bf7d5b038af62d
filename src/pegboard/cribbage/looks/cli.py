"""Cribbage's look at the command line (``Game.looks.cli``): the generic table and
replay (``pegboard.cli.generic``) in cribbage's own words, and its own commands
(``pegboard cribbage score``, ``stats``).

At the table the human (seat 0) plays one game against a bot, or a match with
``--best-of``; or, with ``--players 3`` or ``4``, against two or three bots round the table
(C8), among four the bot opposite (seat 3 as people count) their partner (C9), every other
seat named by its number as the full-screen client names it. Everything shown comes from
the human's observation: the own hand, the count, the pile, the other seats' numbers of
cards, and the public score log; another seat's cards appear only as it plays them or when
the show counts them (C6, C11). Every score is explained as it happens from the game's
log, a hand's header before its first move. The replay, which shows everything after the
game, is ``cli_replay.py``'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard import games
from pegboard.bots import SeededBot
from pegboard.cli.generic import HUMAN, GenericTable
from pegboard.cli.look import CliLook
from pegboard.cli.terminal import Terminal
from pegboard.core import Event
from pegboard.cribbage import Card, CribbageMatch, Discard, Game, Play, parse_action
from pegboard.cribbage.actions import LAY_OF, NO_MUGGINS, Action
from pegboard.cribbage.events import TARGET
from pegboard.cribbage.looks.cli_commands import cribbage_app
from pegboard.cribbage.looks.cli_replay import CribbageReplay
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.text import (
    Seats,
    TableSeats,
    cards_text,
    cut_lines,
    hand_header,
    narrate,
    opening_scores,
    scores_text,
    table_opening,
)
from pegboard.games import Game as Description
from pegboard.games.levels import level_name
from pegboard.i18n import TranslatedIllegalActionError, TranslatedValueError, Translator

PLAYERS = 2
BOT = 1


def _by_rank(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.index))


class CribbageTable(GenericTable):
    """A game of cribbage, or a match of ``best_of`` games, against one bot, or round a
    table of three or four (C8, C9) against two or three."""

    match: Game | CribbageMatch

    def __init__(
        self,
        game: Description,
        match: Game | CribbageMatch,
        bots: Mapping[int, SeededBot],
        terminal: Terminal,
        gettext: Translator,
        seed: int | None = None,
    ) -> None:
        # Between two "the bot" in every sentence; round a table each other seat by its
        # number, as the full-screen client names them (there is no one bot to speak of).
        self.players = int(match.num_players)
        self.seats = Seats(HUMAN, gettext("the bot")) if self.players == 2 else TableSeats(HUMAN)
        self._games_started = 1
        super().__init__(game, match, bots, terminal, gettext, seed)

    @property
    def deal_rule(self) -> str:
        """The rule of the deal and the lay-away: C2 between two, C8 among three, C9 among
        four."""
        return {2: "C2", 3: "C8", 4: "C9"}[self.players]

    @property
    def playing(self) -> Game:
        """The game of cribbage being played (a match's current one)."""
        return self.match.game if isinstance(self.match, CribbageMatch) else self.match

    # -- the table protocol --------------------------------------------------------------

    def parse(self, text: str) -> Action:
        _ = self._
        words = text.replace(",", " ").split()
        if len(words) == 1 and words[0].isdigit() and self.playing.phase == "show":
            return self._count(int(words[0]))
        if words and all(w.isdigit() for w in words):
            view = self.playing.observation(HUMAN)
            if view.phase != "discard":
                raise TranslatedValueError(
                    _("play one move at a time: one number, not {answer!r}").format(answer=text)
                )
            hand = _by_rank(view.hand)
            numbers = [int(w) for w in words]
            for number in numbers:
                if not 1 <= number <= len(hand):
                    raise TranslatedValueError(
                        _("there is no card {number}: choose from 1 to {last}").format(
                            number=number, last=len(hand)
                        )
                    )
            if self.players != 2:
                return self._lay_away(numbers, hand)
            if len(numbers) != 2:
                raise TranslatedIllegalActionError(
                    _("a discard is exactly two cards, not {count}").format(count=len(numbers)),
                    "C2",
                )
            if numbers[0] == numbers[1]:
                raise TranslatedIllegalActionError(
                    _("a discard is two different cards, not card {number} twice").format(
                        number=numbers[0]
                    ),
                    "C2",
                )
            return Discard(hand[numbers[0] - 1], hand[numbers[1] - 1])
        if self.players == 2:
            return parse_action(text)
        # Among three or four a bare card ("5H") at the lay-away lays it (C8, C9), as one
        # number does; "play 5H" stays a play (refused then), two cards are refused by the
        # game, with its rule.
        action = self.playing.parse_action(text)
        if isinstance(action, Play) and len(words) == 1 and self.playing.phase == "discard":
            return LAY_OF[action.card.index]
        return action

    def _lay_away(self, numbers: Sequence[int], hand: Sequence[Card]) -> Action:
        """The card of one number laid away among three or four (C8, C9); several numbers
        refused with the rule."""
        if len(numbers) != 1:
            raise TranslatedIllegalActionError(
                self._(
                    "among three or four you lay one card in the crib: one number like '1', "
                    "not {count}"
                ).format(count=len(numbers)),
                self.deal_rule,
            )
        return LAY_OF[hand[numbers[0] - 1].index]

    def _count(self, points: int) -> Action:
        """A number answered at the show with muggins: the points claimed (C18), or the
        points missed in the bot's claim, 0 to let it stand (C19)."""
        showing = self.playing.observation(HUMAN).showing
        if showing is not None and showing.claimed is not None:
            return NO_MUGGINS if points == 0 else parse_action(f"muggins {points}")
        return parse_action(f"claim {points}")

    def apply(self, action: Action | Card) -> None:
        if isinstance(action, Card) and self.players != 2:  # the card laid away (C8, C9)
            action = LAY_OF[action.index]
        if isinstance(action, Card):  # one number answered in the discard
            raise TranslatedIllegalActionError(
                self._(
                    "a discard is two cards, not only {card}: give two numbers like '1 4'"
                ).format(card=action),
                "C2",
            )
        super().apply(action)

    def help(self) -> str:
        if self.playing.observation(HUMAN).muggins and self.players != 2:
            return (
                self._help()
                + "\n"
                + self._(
                    "With muggins, at the show answer a number: the points you claim for your "
                    "hand or crib (C18), or the points an opponent missed in its claim, "
                    "0 for none (C19)."
                )
            )
        if self.playing.observation(HUMAN).muggins:
            return (
                self._help()
                + "\n"
                + self._(
                    "With muggins, at the show answer a number: the points you claim for your "
                    "hand or crib (C18), or the points the bot missed in its claim, "
                    "0 for none (C19)."
                )
            )
        return self._help()

    def _help(self) -> str:
        if self.players != 2:
            return self._(
                "Answer with the number of a move, or write it:\n"
                "  1 or 5H       lay one card in the crib ({rule})\n"
                "  5H            play a card; the count may not pass 31 (C4)\n"
                "  go            only when no card fits under 31; the go passes round the "
                "table (C10)\n"
                "  show          show your hand again;  help  this text;  quit  leave the game\n"
                "Cards: A 2-10 J Q K with a suit S H D C (10H or TH)."
            ).format(rule=self.deal_rule)
        return self._(
            "Answer with the number of a move, or write it:\n"
            "  1 4 or 5H JS  lay two cards in the crib (C2)\n"
            "  5H            play a card; the count may not pass 31 (C4)\n"
            "  go            only when no card fits under 31 (C5)\n"
            "  show          show your hand again;  help  this text;  quit  leave the game\n"
            "Cards: A 2-10 J Q K with a suit S H D C (10H or TH)."
        )

    def finish(self) -> None:
        _ = self._
        say = self.terminal.say
        say()
        if isinstance(self.match, CribbageMatch):
            match = self.match
            say(
                _.ngettext(
                    "Match over after {games} game: {points} (game points).",
                    "Match over after {games} games: {points} (game points).",
                    len(match.games),
                ).format(
                    games=len(match.games),
                    points=scores_text(match.points, self.seats, _, self.players),
                )
            )
            say(self._match_winner(match))
        else:
            scores = scores_text(self.playing.scores, self.seats, _, self.players)
            say(_("Final scores: {scores}").format(scores=scores))
        say(_("Replay this with --seed {seed}.").format(seed=self.seed))

    def _match_winner(self, match: CribbageMatch) -> str:
        """Who won the match: you, the bot, a seat among three, a side among four (C12)."""
        _ = self._
        winner = match.winner
        assert winner is not None
        if self.players == 4:  # the side of seats 0 and 2, or of 1 and 3 (C9)
            if winner == HUMAN:
                return _("You and your partner (seat 3) win the match.")
            return _("Seats {seat} and {partner} win the match.").format(
                seat=winner + 1, partner=winner + 3
            )
        if winner == HUMAN:
            return _("You win the match.")
        return _("{who} wins the match.").format(who=self.seats.subject(winner, _))

    # -- cribbage's parts of the table ---------------------------------------------------

    def introduce(self) -> None:
        _ = self._
        say = self.terminal.say
        # The level as people read it, in their language ("Greedy bot"), never the
        # command's key ("greedy"; issue 41's review).
        level = _(level_name("cribbage", self.bots[BOT].name))
        if self.players != 2:
            say(self._table_opening())
        elif isinstance(self.match, CribbageMatch):
            game = self.match.game
            if game.target == TARGET:
                opening = _.ngettext(
                    "Cribbage against the {level}: a match, first to {target} game point "
                    "(a game won is 1, a skunk 2, a double skunk 3). You are seat 1.",
                    "Cribbage against the {level}: a match, first to {target} game points "
                    "(a game won is 1, a skunk 2, a double skunk 3). You are seat 1.",
                    self.match.target,
                )
            else:  # five-card: a lurch counts two, and there is no double skunk (C17)
                opening = _.ngettext(
                    "Cribbage against the {level}: a match, first to {target} game point "
                    "(a game won is 1, a lurch 2). You are seat 1.",
                    "Cribbage against the {level}: a match, first to {target} game points "
                    "(a game won is 1, a lurch 2). You are seat 1.",
                    self.match.target,
                )
            say(opening.format(level=level, target=self.match.target))
            say(
                _("Game 1: first to {target} wins ({rule}).").format(
                    target=game.target, rule=game.win_rule
                )
            )
        else:
            game = self.playing
            say(
                _(
                    "Cribbage against the {level}: first to {target} wins ({rule}). You are seat 1."
                ).format(level=level, target=game.target, rule=game.win_rule)
            )
        for line in cut_lines(self.playing.cuts, self.seats, _):
            say(line)
        for line in opening_scores(self.playing.log, self.seats, _):  # three for last (C14)
            say(line)

    def _table_opening(self) -> str:
        """The opening among three or four (C8, C9): your seat, your partner, what wins
        (C12: no skunks round a table); the bots' level follows (``opponents_line``). A
        match's is the full-screen client's."""
        _ = self._
        if isinstance(self.match, CribbageMatch):
            games = 2 * self.match.target - 1
            worth = _("A game won is 1 game point (C12); {target} win.")
            opening = table_opening(self.players, games, _)
            return opening + " " + worth.format(target=self.match.target)
        if self.players == 4:
            return _(
                "Cribbage for four in two partnerships: the first side to 121 wins (C12). "
                "You are seat 1; your partner is seat 3, opposite (C9)."
            )
        return _("Cribbage for three: the first to 121 wins (C12). You are seat 1.")

    def stage(self) -> tuple[int, int]:
        return self._games_started, self.playing.hand_number

    def begin_stage(self) -> None:
        game = self.playing
        self.terminal.say()
        self.terminal.say(
            hand_header(
                game.hand_number,
                game.dealer,
                game.scores,
                self.seats,
                self._,
                players=game.num_players,
                target=game.target,
            )
        )

    def view(self) -> list[Any]:
        """The human's view; in the discard the hand's cards are numbered (answer two
        numbers), in the pegging the legal moves."""
        _ = self._
        say = self.terminal.say
        view = self.playing.observation(HUMAN)
        say()
        if view.phase == "discard":
            hand = _by_rank(view.hand)
            say(_("Your hand: {cards}").format(cards=_numbered(hand)))
            if self.players != 2:  # one card each round a table (C8, C9)
                say(
                    _(
                        "Lay one card {place} ({rule}): one number like '1', or the card "
                        "like '{a}'."
                    ).format(
                        place=self.seats.into_crib(view.dealer, _), rule=self.deal_rule, a=hand[0]
                    )
                )
                return hand
            say(
                _(
                    "Lay two cards {place} (C2): two numbers like '1 4', "
                    "or the cards like '{a} {b}'."
                ).format(place=self.seats.into_crib(view.dealer, _), a=hand[0], b=hand[1])
            )
            return hand
        if view.phase == "show" and view.showing is not None:
            self._claim_prompt(view)
            return []
        if self.players != 2:  # every other seat's cards in hand, by its number
            held = " · ".join(
                f"{self.seats.name(seat, _)}: {view.hand_sizes[seat]}"
                for seat in range(self.players)
                if seat != HUMAN
            )
            say(
                _("Count {count} · pile: {pile} · starter {starter} · cards held: {held}").format(
                    count=view.count,
                    pile=cards_text(view.pile) or "—",
                    starter=view.starter,
                    held=held,
                )
            )
        else:
            say(
                _.ngettext(
                    "Count {count} · pile: {pile} · starter {starter} · {bot} holds {n} card",
                    "Count {count} · pile: {pile} · starter {starter} · {bot} holds {n} cards",
                    view.hand_sizes[BOT],
                ).format(
                    count=view.count,
                    pile=cards_text(view.pile) or "—",
                    starter=view.starter,
                    bot=self.seats.name(BOT, _),
                    n=view.hand_sizes[BOT],
                )
            )
        say(_("Your hand: {cards}").format(cards=cards_text(_by_rank(view.hand))))
        legal = sorted(
            view.legal_actions(),
            key=lambda a: (a.card.rank, a.card.index) if isinstance(a, Play) else (0, 0),
        )
        say(_("Your moves: {moves}").format(moves=_numbered(legal)))
        return legal

    def _claim_prompt(self, view: CribbageObservation) -> None:
        """At the show with muggins: ask for the person's count (C18), or whether the bot's
        claim missed points (C19)."""
        _ = self._
        say = self.terminal.say
        showing = view.showing
        assert showing is not None
        cards = cards_text(showing.cards)
        if showing.claimed is None:
            if showing.what == "crib":
                say(_("Your crib: {cards} + {starter}.").format(cards=cards, starter=view.starter))
            else:
                say(_("Your hand: {cards} + {starter}.").format(cards=cards, starter=view.starter))
            say(_("How many points do you claim? A number (C18)."))
            return
        template = (
            _("{bot} claims {points} for its crib: {cards} + {starter}.")
            if showing.what == "crib"
            else _("{bot} claims {points} for its hand: {cards} + {starter}.")
        )
        say(
            template.format(
                bot=self.seats.subject(showing.seat, _),
                points=showing.claimed,
                cards=cards,
                starter=view.starter,
            )
        )
        say(_("Muggins? The points it missed, or 0 to let the claim stand (C19)."))

    def before_move(self, seat: int, action: Any) -> tuple[Game, CribbageObservation]:
        """The game played in (it stays this game even if the match starts the next) and
        the human's view of it."""
        game = self.playing
        return game, game.observation(HUMAN)

    def narrate(self, seat: int, action: Any, events: Sequence[Event], before: Any) -> None:
        """What the move did, from the human's view before and after it: the move, the
        starter, every score; the match's game points when it ended a game."""
        game, seen = before
        after = game.observation(HUMAN)
        moves = [(m.seat, m.text) for m in after.history[len(seen.history) :]]
        for line in narrate(seen, after, moves, self.seats, self._):
            self.terminal.say(line)
        if isinstance(self.match, CribbageMatch) and after.result is not None:
            self._game_over(after)

    def _game_over(self, finished: CribbageObservation) -> None:
        _ = self._
        match = self.match
        assert isinstance(match, CribbageMatch) and finished.result is not None
        say = self.terminal.say
        say(
            _("Game points: {points} (first to {target}).").format(
                points=scores_text(match.points, self.seats, _, self.players),
                target=match.target,
            )
        )
        if match.is_over:
            return
        self._games_started += 1
        say()
        if self.players != 2:  # no one loser round a table: the first deal passes on (C8)
            say(
                _(
                    "Game {number}: seat {seat} deals first (the first deal passes to the left)."
                ).format(number=self._games_started, seat=match.game.first_dealer + 1)
            )
            for line in opening_scores(match.game.log, self.seats, _):
                say(line)
            return
        loser = finished.result.loser
        say(
            _("Game {number}: {deals} first (the loser of a game deals the next).").format(
                number=self._games_started,
                deals=self.seats.says(loser, _("you deal"), _("{who} deals"), _, start=False),
            )
        )
        for line in opening_scores(match.game.log, self.seats, _):  # every game's (C14)
            say(line)


def _numbered(items: Sequence[object]) -> str:
    return "  ".join(f"{n}. {item}" for n, item in enumerate(items, 1))


def table(
    requested: Mapping[str, int | None],
    level: str,
    seed: int,
    lang: str,
    terminal: Terminal,
    gettext: Translator,
) -> CribbageTable:
    """A ``CribbageTable``: one game, or a match of ``--best-of`` games, of two players,
    three (C8) or four in partnerships (C9) (the game's own ``ValueError`` for a table,
    a deal or a length it refuses)."""
    players = requested.get("players")
    players = PLAYERS if players is None else players
    best_of = requested.get("best_of")
    cards = requested.get("cards")  # 5: five-card cribbage (C13-C17); the engine checks it
    muggins = requested.get("muggins") or 0  # the players count their shows (C18-C20)
    match = (
        Game.new(seed=seed, players=players, cards=cards, muggins=muggins)
        if best_of is None
        else CribbageMatch(
            best_of=best_of, seed=seed, players=players, cards=cards, muggins=muggins
        )
    )
    return CribbageTable.seated(games.get("cribbage"), match, level, seed, terminal, gettext)


def name(_: Translator) -> str:
    return _("cribbage")


LOOK = CliLook(
    name=name,
    table=table,
    replay=CribbageReplay,
    commands=cribbage_app,
)
