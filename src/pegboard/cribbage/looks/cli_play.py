"""Cribbage at the terminal: the human (seat 0) against a bot, a game or a match.

Everything shown comes from the human's observation: the own hand, the count, the pile,
and the public score log; the bot's cards appear only as it plays them or when the show
counts them (C6). Every score is explained as it happens from the game's log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.bots import SeededBot, bot_seed
from pegboard.cli.generic import bot_action
from pegboard.cli.terminal import Terminal
from pegboard.cribbage import Card, CribbageMatch, Discard, Game, Go, Play, parse_action
from pegboard.cribbage.actions import Action
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.text import (
    Seats,
    cards_text,
    cut_lines,
    hand_header,
    narrate,
    scores_text,
)
from pegboard.games import make_bot
from pegboard.i18n import TranslatedIllegalActionError, TranslatedValueError, Translator

HUMAN = 0
BOT = 1

Gettext = Translator


def _by_rank(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.index))


class CribbageTable:
    """A game of cribbage, or a match of ``best_of`` games, against one bot."""

    def __init__(
        self,
        play: Game | CribbageMatch,
        bot: SeededBot,
        seed: int,
        terminal: Terminal,
        gettext: Translator,
    ) -> None:
        self.play = play
        self.bot = bot
        self.seed = seed
        self.terminal = terminal
        self._ = gettext
        self.seats = Seats(HUMAN, gettext("the bot"))  # named so in every sentence
        self._shown: tuple[int, int] | None = None  # (game, hand) whose header was printed
        self._games_started = 1
        self._introduce()

    @classmethod
    def new(
        cls,
        players: int,
        level: str,
        seed: int,
        lang: str,
        terminal: Terminal,
        gettext: Gettext,
        best_of: int | None = None,
    ) -> CribbageTable:
        if players != 2:
            raise ValueError(
                gettext("cribbage here is for two players (you and a bot), not {players}").format(
                    players=players
                )
            )
        play: Game | CribbageMatch
        play = Game.new(seed=seed) if best_of is None else CribbageMatch(best_of=best_of, seed=seed)
        return cls(play, make_bot("cribbage", level, bot_seed(seed, BOT)), seed, terminal, gettext)

    @property
    def game(self) -> Game:
        return self.play.game if isinstance(self.play, CribbageMatch) else self.play

    # -- the table protocol --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.play.is_over

    @property
    def human_to_move(self) -> bool:
        return self.play.current_player == HUMAN

    def bot_move(self) -> None:
        self._announce_hand()
        action = bot_action(self.bot, self.play.observation(BOT), (Discard, Play, Go))
        self._apply(BOT, action)

    def show(self) -> list[Any]:
        """The human's view; in the discard the hand's cards are numbered (answer two
        numbers), in the pegging the legal moves."""
        _ = self._
        say = self.terminal.say
        self._announce_hand()
        view = self.game.observation(HUMAN)
        say()
        if view.phase == "discard":
            hand = _by_rank(view.hand)
            say(_("Your hand: {cards}").format(cards=self._numbered(hand)))
            say(
                _(
                    "Lay two cards {place} (C2): two numbers like '1 4', "
                    "or the cards like '{a} {b}'."
                ).format(place=self.seats.into_crib(view.dealer, _), a=hand[0], b=hand[1])
            )
            return hand
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
        say(_("Your moves: {moves}").format(moves=self._numbered(legal)))
        return legal

    def parse(self, text: str) -> Action:
        _ = self._
        words = text.replace(",", " ").split()
        if words and all(w.isdigit() for w in words):
            view = self.game.observation(HUMAN)
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
        return parse_action(text)

    def apply(self, action: Action | Card) -> None:
        if isinstance(action, Card):  # one number answered in the discard
            raise TranslatedIllegalActionError(
                self._(
                    "a discard is two cards, not only {card}: give two numbers like '1 4'"
                ).format(card=action),
                "C2",
            )
        self._apply(HUMAN, action)

    def help(self) -> str:
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
        if isinstance(self.play, CribbageMatch):
            match = self.play
            say(
                _.ngettext(
                    "Match over after {games} game: {points} (game points).",
                    "Match over after {games} games: {points} (game points).",
                    len(match.games),
                ).format(
                    games=len(match.games),
                    points=scores_text(match.points, self.seats, _),
                )
            )
            winner = match.winner
            if winner == HUMAN:
                say(_("You win the match."))
            else:
                say(_("{who} wins the match.").format(who=self.seats.subject(BOT, _)))
        else:
            say(
                _("Final scores: {scores}").format(
                    scores=scores_text(self.game.scores, self.seats, _)
                )
            )
        say(_("Replay this with --seed {seed}.").format(seed=self.seed))

    def record(self) -> dict[str, Any]:
        return self.play.to_record()

    # -- helpers -------------------------------------------------------------------------

    @staticmethod
    def _numbered(items: Sequence[object]) -> str:
        return "  ".join(f"{n}. {item}" for n, item in enumerate(items, 1))

    def _introduce(self) -> None:
        _ = self._
        say = self.terminal.say
        bot = self.seats.name(BOT, _)
        if isinstance(self.play, CribbageMatch):
            say(
                _.ngettext(
                    "Cribbage against {bot} ({level}): a match, first to {target} game point "
                    "(a game won is 1, a skunk 2, a double skunk 3). You are seat 0.",
                    "Cribbage against {bot} ({level}): a match, first to {target} game points "
                    "(a game won is 1, a skunk 2, a double skunk 3). You are seat 0.",
                    self.play.target,
                ).format(bot=bot, level=self.bot.name, target=self.play.target)
            )
            say(_("Game 1: first to 121 wins (C7)."))
        else:
            say(
                _(
                    "Cribbage against {bot} ({level}): first to 121 wins (C7). You are seat 0."
                ).format(bot=bot, level=self.bot.name)
            )
        for line in cut_lines(self.game.cuts, self.seats, _):
            say(line)

    def _announce_hand(self) -> None:
        """Say so when a hand starts (once per hand)."""
        game = self.game
        key = (self._games_started, game.hand_number)
        if key == self._shown:
            return
        self._shown = key
        self.terminal.say()
        self.terminal.say(
            hand_header(game.hand_number, game.dealer, game.scores, self.seats, self._)
        )

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a move, and say what it did: the move, the starter, every score."""
        game = self.game  # stays this game even if the match starts the next
        before = game.observation(HUMAN)
        self.play.apply(action, seat=seat)  # raises, and changes nothing, when illegal
        after = game.observation(HUMAN)
        moves = [(m.seat, m.text) for m in after.history[len(before.history) :]]
        for line in narrate(before, after, moves, self.seats, self._):
            self.terminal.say(line)
        if isinstance(self.play, CribbageMatch) and after.result is not None:
            self._game_over(after)

    def _game_over(self, finished: CribbageObservation) -> None:
        _ = self._
        match = self.play
        assert isinstance(match, CribbageMatch) and finished.result is not None
        say = self.terminal.say
        say(
            _("Game points: {points} (first to {target}).").format(
                points=scores_text(match.points, self.seats, _), target=match.target
            )
        )
        if match.is_over:
            return
        self._games_started += 1
        loser = finished.result.loser
        say()
        say(
            _("Game {number}: {deals} first (the loser of a game deals the next).").format(
                number=self._games_started,
                deals=self.seats.says(loser, _("you deal"), _("{who} deals"), _, start=False),
            )
        )
