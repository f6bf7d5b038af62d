"""Cribbage in the full-screen client: the generic play screen, drawing cribbage's table.

You against one bot (or two people at one terminal, hot-seat), a match of ``best_of``
games. The app, its set-up screen, the saves and the flow of play (the bot, hot-seat
privacy, undo against the bot, hints, the end of a hand on a screen of its own, the
summary) are the generic screen's (``pegboard.tui.generic``). What is cribbage's: the
table (the peg board, the starter, the count and the pile, your cards as boxes you choose
with the keys or the mouse), its controls (lay two cards in the crib, go; with muggins
the claims typed at the show, ``tui_claims``, C18-C20), its words for
every move and score ("fifteen two, fifteen four, and a pair is six", from the game's own
log, ``pegboard.cribbage.text``), the cut for the deal before the first hand, and the ends
of a hand (the show) and of the match, drawn by ``pegboard.cribbage.looks.tui_ends``.

What the screen shows during a hand comes from ``game.observation(viewer)`` only: your
cards, the starter once cut, the count and the pile, the score log. The bot's cards
appear as it plays them, and its hand and the crib when the show counts them (C6), or
with muggins each when it is turned up to be claimed (C18).

Hot-seat: the screen shows the hand of the ``viewer``, the person whose turn it is (the
discard too: each lays away in turn); when the turn passes to the other person a privacy
screen comes first, and the seats are named by number in the log, which both people read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Static

from pegboard.bots import Evaluation, SeededBot
from pegboard.cribbage import Card, CribbageMatch, Discard, Go, Play
from pegboard.cribbage.actions import LAY_OF, Action, LayAway
from pegboard.cribbage.looks.tui_claims import ClaimsScreen
from pegboard.cribbage.looks.tui_ends import (
    BOT,
    HUMAN,
    CribbageSummaryScreen,
    hand_over,
    opening_text,
    status_text,
)
from pegboard.cribbage.looks.tui_view import (
    board_names,
    card_box,
    card_name,
    coloured,
    peg_board,
    pegs,
    table_text,
    with_symbols,
)
from pegboard.cribbage.text import (
    Seats,
    TableSeats,
    cut_lines,
    hand_header,
    narrate,
    opening_scores,
)
from pegboard.games.levels import level_name
from pegboard.i18n import TranslatedIllegalActionError
from pegboard.tui.setup import Setup

HAND_SLOTS = 6
"""Cards dealt to each player (C2): the most the hand row ever shows."""


def by_rank(cards: tuple[Card, ...] | list[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.index))


class CardBox(Static):
    """One card of your hand; a click chooses it and, in the play, plays it (a click is
    one gesture on one card: nothing else can follow it by mistake)."""

    def __init__(self, slot: int) -> None:
        super().__init__(id=f"card-{slot + 1}", classes="card")
        self.slot = slot

    def on_click(self, event: events.Click) -> None:
        screen = self.screen
        if isinstance(screen, CribbageScreen):
            screen.action_card(self.slot + 1)
            if screen.game_view.phase != "discard" and screen.cursor == self.slot:
                screen.action_confirm()


class CribbageScreen(ClaimsScreen):
    """A match of cribbage against one bot, as the human at seat 0 sees it."""

    DEFAULT_CSS = """
    CribbageScreen #board { height: 2; color: $success; }
    CribbageScreen #table { height: 3; }
    CribbageScreen #hand-row { height: 3; }
    CribbageScreen #hand-label { width: auto; height: 3; text-style: bold; }
    CribbageScreen .card { width: 5; height: 3; margin-right: 1; }
    CribbageScreen #prompt { height: 1; text-style: bold; }
    CribbageScreen #buttons { height: 1; }
    CribbageScreen #buttons Button { margin-right: 2; }
    """

    LOG_LINES: ClassVar[int] = 300
    BUTTONS: ClassVar[Mapping[str, str]] = {
        "lay": "action_confirm",
        "go": "action_go",
        "hint": "action_hint",
        "undo": "action_undo",
        "count": "action_count",
        "stand": "action_stand",
    }
    BINDINGS = [  # noqa: RUF012 (Textual's API; h and q are the generic screen's)
        *(Binding(str(n), f"card({n})", show=False) for n in range(1, HAND_SLOTS + 1)),
        Binding("left", "cursor(-1)", show=False, priority=True),
        Binding("right", "cursor(1)", show=False, priority=True),
        Binding("space", "pick", show=False, priority=True),
        Binding("enter", "confirm", show=False, priority=True),
        Binding("g", "go", show=False),
        Binding("u", "undo", show=False),
        # The digits the card keys leave free, and Backspace: a claim typed at the show
        # with muggins (C18, C19; ClaimsScreen).
        *(Binding(str(n), f"digit({n})", show=False) for n in (0, 7, 8, 9)),
        Binding("backspace", "erase", show=False),
    ]
    UNDO = True

    match: CribbageMatch

    def __init__(self, setup: Setup, saved: dict[str, Any] | None = None) -> None:
        super().__init__(setup, saved)
        if self.hot_seat:
            self.seats: Seats = Seats(None)
        elif self.match.players != 2:  # three, or four in partnerships (C8, C9)
            self.seats = TableSeats(HUMAN)
        else:
            self.seats = Seats(HUMAN, self._("the bot"))
        self.hand: list[Card] = []
        """Your cards as shown, by rank: card ``n`` is ``hand[n - 1]``."""
        self.selected: list[Card] = []
        """The cards chosen for the crib (C2), before they are laid."""
        self.cursor = 0

    @property
    def bot(self) -> SeededBot | None:
        """The bot at seat 1; None in hot-seat."""
        return self.bots.get(BOT)

    @property
    def hot_seat(self) -> bool:
        """Two people at one terminal: no bot, no undo, a privacy screen between turns."""
        return self.bot is None

    @property
    def laying(self) -> int:
        """The cards each lays in the crib: two between two (C2), one among more (C8, C9)."""
        return 2 if self.match.players == 2 else 1

    def playable(self, card: Card) -> bool:
        """``card`` may be played now (your turn in the pegging, and it fits, C4)."""
        return Play(card) in self.game_view.legal_actions()

    def compose_board(self) -> ComposeResult:
        yield Static(id="board")
        yield Static(id="table")
        with Horizontal(id="hand-row"):
            yield Static(id="hand-label")
            for slot in range(HAND_SLOTS):
                yield CardBox(slot)
        yield Static(id="prompt")

    def compose_controls(self) -> ComposeResult:
        _ = self._
        with Horizontal(id="buttons"):
            for label, name in (
                (_("Lay in the crib"), "lay"),
                (_("Go"), "go"),
                ("", "count"),  # at the show with muggins: named there (C18, C19)
                (_("Let it stand"), "stand"),
                (_("Hint"), "hint"),
                (_("Undo"), "undo"),
            ):
                button = Button(label, id=name, compact=True)
                # Keys belong to the table (the buttons are for the mouse): Enter lays or
                # plays.
                button.can_focus = False
                yield button

    def keys_text(self) -> str:
        if self.showing is not None:  # the show with muggins (C18, C19)
            return self._(
                "0-9 Enter: claim or muggins · Backspace: erase · h: hint · u: undo · q: quit"
            )
        return self._(
            "1-6/←→ space: choose · Enter: lay/play · g: go · h: hint · u: undo · q: quit"
        )

    def resumed_text(self) -> str:
        match = self.match
        return self._("Match resumed: game {game}, hand {hand}.").format(
            game=len(match.games) + 1, hand=match.game.hand_number
        )

    def opening_lines(self) -> list[str]:
        return [self.introduction()]

    def opening_moment(self) -> RenderableType:
        """The cut for the deal (C2), on a screen before the first hand."""
        lines = [self.introduction(), ""]
        lines += cut_lines(self.match.cuts, self.seats, self._)
        lines += opening_scores(self.match.game.log, self.seats, self._)  # three for last, C14
        return Group(*(coloured(line) for line in lines))

    def introduction(self) -> str:
        """The match's opening: who plays whom, to what, what a game is worth."""
        level = None if self.bot is None else level_name("cribbage", self.bot.name)
        return opening_text(self.match, level, self.setup.best_of or 1, self._)

    # -- the flow of play ----------------------------------------------------------------

    def log_text(self, text: str) -> str:
        return with_symbols(text)

    def play_move(self, seat: int, action: Action) -> RenderableType | None:
        """Apply a move and word it in the log; at the end of a hand (or a game), the
        show (``tui_ends.hand_over``)."""
        _ = self._
        match = self.match
        game = match.game  # stays this game even when the match starts the next one
        # The log is read by both people in hot-seat: narrate from the other seat's view,
        # which never holds the mover's own cards (a discard stays face down).
        narrator = (seat + 1) % match.players if self.hot_seat else HUMAN
        before = game.observation(narrator)
        match.apply(action, seat=seat)
        after = game.observation(narrator)
        moves = [(m.seat, m.text) for m in after.history[len(before.history) :]]
        for line in narrate(before, after, moves, self.seats, _):
            self.say(line)
        if after.hand_number == before.hand_number and after.result is None:
            return None
        self.selected = []
        return hand_over(before, after, match, self.seats, _)

    def round_header(self) -> str:
        game = self.match.game
        return hand_header(
            game.hand_number,
            game.dealer,
            game.scores,
            self.seats,
            self._,
            players=game.num_players,
            target=game.target,
        )

    def summary(self) -> Screen[None]:
        return CribbageSummaryScreen(self.game, self.match, self._, self.seats)

    def blank(self) -> None:
        """Your cards off the screen (the turn passes to the other person)."""
        self.hand = []
        self.selected = []
        self.cursor = 0
        for box in self.query(CardBox):
            box.update("")
            box.display = False
        self.query_one("#prompt", Static).update("")

    def moved(self) -> None:
        self.selected = []
        self.entry = ""

    # -- showing the position ------------------------------------------------------------

    def show(self) -> None:
        _ = self._
        view = self.game_view
        match = self.match
        players = match.players
        status = status_text(view, match, self.seats, self.viewer, _)
        status_box = self.query_one("#status", Static)
        if players != 2:  # longer lines, wrapped: as tall as they need
            status_box.styles.height = "auto"
        status_box.update(status)
        fronts, backs = pegs(view.log, len(view.scores), players)
        rows = peg_board(
            fronts, backs, _, self.seats.name(BOT, _), board_names(players, _), view.target
        )
        board = self.query_one("#board", Static)
        board.styles.height = len(rows)  # a row a player, or a side among four (C9)
        board.update("\n".join(rows))
        self.query_one("#table", Static).update(table_text(view.starter, view.count, view.pile, _))
        self.query_one("#keys", Static).update(self.keys_text())
        self.hand = by_rank(list(view.hand))
        self.cursor = min(self.cursor, max(len(self.hand) - 1, 0))
        self.query_one("#hand-label", Static).update("\n" + _("Your hand") + " ")
        self.show_hand()
        legal = view.legal_actions()
        discarding = view.phase == "discard"
        self.query_one("#lay", Button).display = discarding
        self.query_one("#go", Button).display = not discarding
        self.query_one("#go", Button).disabled = Go() not in legal
        self.query_one("#undo", Button).disabled = self.undo_point is None
        showing = self.showing
        self.query_one("#hand-row", Horizontal).display = showing is None
        # The question at the show takes the hand's rows (C18, C19): as tall as it needs.
        self.query_one("#prompt", Static).styles.height = 1 if showing is None else "auto"
        if showing is None:
            self.query_one("#count", Button).display = False
            self.query_one("#stand", Button).display = False
            return
        self.query_one("#go", Button).display = False  # no card is played at the show
        self.show_claim(view)

    def show_hand(self) -> None:
        """The cards of your hand, numbered; what you chose for the crib in reverse, the
        cards that would pass 31 dimmed (C4), the cursor's card double-edged."""
        _ = self._
        view = self.game_view
        discarding = view.phase == "discard"
        playable = {a.card for a in view.legal_actions() if isinstance(a, Play)}
        for slot, box in enumerate(self.query(CardBox)):
            if slot >= len(self.hand):
                box.display = False
                continue
            card = self.hand[slot]
            rows = card_box(
                card,
                str(slot + 1),
                selected=card in self.selected,
                dim=not discarding and card not in playable,
                cursor=slot == self.cursor,
            )
            box.display = True
            box.update(Text("\n").join(rows))
        prompt = self.query_one("#prompt", Static)
        if self.showing is not None:
            self.show_entry()
        elif discarding:
            if self.laying == 1:  # one card each among three or four (C8, C9)
                text = _("Lay a card {place} ({rule}): choose it, then Enter.").format(
                    place=self.seats.into_crib(view.dealer, _),
                    rule="C8" if self.match.players == 3 else "C9",
                )
            else:
                text = _("Lay two cards {place} (C2): choose them, then Enter.").format(
                    place=self.seats.into_crib(view.dealer, _)
                )
            if self.selected:
                text += " " + _("Chosen: {cards}").format(
                    cards=" ".join(card_name(c) for c in self.selected)
                )
            prompt.update(text)
            self.query_one("#lay", Button).disabled = len(self.selected) != self.laying
        elif playable:
            prompt.update(_("Play a card: choose it, then Enter; the count may not pass 31 (C4)."))
        elif self.match.players == 2:
            prompt.update(_("No card fits under 31: say go (g) (C5)."))
        else:
            prompt.update(_("No card fits under 31: say go (g) (C10)."))

    def first_choice_keys(self) -> tuple[str, ...]:
        """The first two cards for the crib, else the first card that fits, else go; at
        the show with muggins the exact count (C18, C19)."""
        if self.showing is not None:
            return self.claim_keys()
        if self.game_view.phase == "discard":
            return ("1", "2", "enter") if self.laying == 2 else ("1", "enter")
        playable = [n for n, card in enumerate(self.hand, 1) if self.playable(card)]
        return (str(playable[0]), "enter") if playable else ("g",)

    # -- the controls --------------------------------------------------------------------

    def action_card(self, number: int) -> None:
        """Card ``number`` of your hand: chosen for the crib (or put back), or in the play
        chosen, for Enter to play. A number never plays by itself: "4, Enter" would play
        two cards."""
        _ = self._
        if self.showing is not None:  # a digit of a claim (C18, C19)
            self.action_digit(number)
            return
        if not self.your_turn():
            return
        if not 1 <= number <= len(self.hand):
            self.say(
                _("Not allowed: {reason}").format(
                    reason=_("there is no card {number}: choose from 1 to {last}").format(
                        number=number, last=len(self.hand)
                    )
                )
            )
            return
        self.cursor = number - 1
        card = self.hand[number - 1]
        if self.game_view.phase != "discard":
            self.show_hand()
            return
        if card in self.selected:
            self.selected.remove(card)
        elif self.laying == 1:  # one card to lay (C8, C9): the new choice replaces the old
            self.selected = [card]
        elif len(self.selected) == 2:
            self.refuse(
                TranslatedIllegalActionError(
                    _("a discard is exactly two cards: put one back before choosing {card}").format(
                        card=card_name(card)
                    ),
                    "C2",
                )
            )
        else:
            self.selected.append(card)
        self.show_hand()

    def action_cursor(self, step: int) -> None:
        if self.hand:
            self.cursor = (self.cursor + step) % len(self.hand)
            self.show_hand()

    def action_pick(self) -> None:
        """Space: the cursor's card, as its number key (in the play, the cursor's card is
        the one chosen already)."""
        if self.hand:
            self.action_card(self.cursor + 1)

    def action_confirm(self) -> None:
        """Enter: lay the two chosen cards (C2), or play the cursor's card."""
        _ = self._
        if not self.your_turn():
            return
        if self.showing is not None:  # the number typed at the show (C18, C19)
            self.action_count()
            return
        if self.game_view.phase != "discard":
            if self.hand:
                self.human_move(Play(self.hand[self.cursor]))
            return
        if self.laying == 1:
            if len(self.selected) != 1:
                self.refuse(
                    TranslatedIllegalActionError(
                        _("choose the card to lay in the crib first"),
                        "C8" if self.match.players == 3 else "C9",
                    )
                )
                return
            self.human_move(LAY_OF[self.selected[0].index])
            return
        if len(self.selected) != 2:
            self.refuse(
                TranslatedIllegalActionError(
                    _("a discard is exactly two cards, not {count}").format(
                        count=len(self.selected)
                    ),
                    "C2",
                )
            )
            return
        self.human_move(Discard(self.selected[0], self.selected[1]))

    def action_go(self) -> None:
        self.human_move(Go())

    def hint_seed(self) -> int:
        return len(self.game_view.history)

    def hint_text(self, evaluation: Evaluation) -> str:
        """A hint's line: a discard with what it keeps and gives (C2), else the move and
        its value."""
        _ = self._
        action = evaluation.action
        if isinstance(action, Discard):
            details = evaluation.details
            return _("{cards}: hand {hand}, crib {crib}, net {net}").format(
                cards=" ".join(card_name(c) for c in by_rank(list(action.cards))),
                hand=f"{details['hand']:.1f}",
                crib=f"{details['crib']:.1f}",
                net=f"{details['net']:+.1f}",
            )
        words = self.hint_words(evaluation)  # a claim or muggins at the show (C18, C19)
        if words is not None:
            return _("{choice} ({value})").format(choice=words, value=f"{evaluation.value:+.2f}")
        move = card_name(action.card) if isinstance(action, Play | LayAway) else _("go")
        return _("{choice} ({value})").format(choice=move, value=f"{evaluation.value:+.2f}")
