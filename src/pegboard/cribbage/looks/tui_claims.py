"""The show with muggins in the full-screen cribbage client (C18-C20): the claims typed in.

With the ``muggins`` option the players count their own hands and cribs: the show is a
phase of its own, each hand (then the crib) turned up for all with the starter, its owner
claiming a number of points and the opponent on the left calling muggins for what the
claim missed, or letting it stand (``observation.showing``). ``ClaimsScreen`` is the part
of cribbage's screen that plays it: the hand or crib counted drawn on the table with whose
it is and what was claimed, a line asking for the number, and the keys that type it (the
digits, Backspace, Enter, as the client's other choices go: a key never plays by itself).
A number the rules refuse (more than 29, C18) is named with its rule and changes nothing.
The words of what was claimed, mugged and held are the game's own narration
(``pegboard.cribbage.text.narrate``), said in the log as every move is.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Button, Static

from pegboard.bots import Evaluation
from pegboard.core import IllegalActionError
from pegboard.cribbage.actions import NO_MUGGINS, Action, Claim, Muggins, parse_action
from pegboard.cribbage.bots.claims import show_action
from pegboard.cribbage.looks.tui_view import boxes_row, card_box
from pegboard.cribbage.observation import CribbageObservation, ShowCount
from pegboard.cribbage.text import Seats, capital
from pegboard.i18n import Translator
from pegboard.tui.generic import GenericScreen

DIGITS = 2
"""The digits a claim takes: 0 to 29 (C18); a third key is not typed."""


def whose(showing: ShowCount, seats: Seats, _: Translator) -> str:
    """``your hand``, ``the bot's crib``, ``seat 3's hand``: what is being counted."""
    if showing.what == "crib":
        return seats.crib(showing.seat, _)
    return seats.hand(showing.seat, _)


def claim_table(view: CribbageObservation, seats: Seats, _: Translator) -> Text:
    """The table at the show (C18): the starter, the hand or crib counted turned up, by
    rank, named by whose it is, and the points claimed for it once claimed."""
    showing = view.showing
    assert showing is not None
    cards = sorted(showing.cards, key=lambda c: (c.rank, c.index))
    boxes = [card_box(view.starter)] + [card_box(card) for card in cards]
    labels = [(0, _("Starter") + " "), (1, "  " + capital(whose(showing, seats, _)) + " ")]
    if showing.claimed is not None:
        claimed = _("claimed {points}").format(points=showing.claimed)
        labels.append((len(boxes), " " + claimed))
    return boxes_row(boxes, labels)


def claim_prompt(view: CribbageObservation, seats: Seats, entry: str, _: Translator) -> str:
    """What the viewer is asked at the show: their claim (C18), or muggins for the points
    an opponent's claim missed (C19); then the number typed so far."""
    showing = view.showing
    assert showing is not None
    if showing.claimed is None:
        asked = _(
            "Count {whose} with the starter and claim its points (C18): 0 to 29, then Enter."
        ).format(whose=whose(showing, seats, _))
    else:
        claim = (
            _("{who} claims {points} for the crib (C18).")
            if showing.what == "crib"
            else _("{who} claims {points} for the hand (C18).")
        )
        asked = (
            claim.format(who=seats.subject(showing.seat, _), points=showing.claimed)
            + " "
            + _("Muggins (C19): the points it missed, then Enter; 0 lets the claim stand.")
        )
    return asked + "  ▸ " + (entry or "_")


def points_hint(action: Action, _: Translator) -> str | None:
    """A hint's move at the show in words (C18, C19); None for a move of another phase."""
    if isinstance(action, Claim):
        return _("claim {points}").format(points=action.points)
    if isinstance(action, Muggins):
        return _("muggins for {points}").format(points=action.points)
    if action is NO_MUGGINS:
        return _("let the claim stand")
    return None


class ClaimsScreen(GenericScreen):
    """Cribbage's screen at the show with muggins: the digits typed, Enter claims or calls
    muggins, ``0`` (or the button) lets a claim stand. The screen that draws the table
    (``looks.tui.CribbageScreen``) calls ``show_claim`` and routes its keys here while
    ``showing`` is set."""

    seats: Seats
    entry: str = ""
    """The number typed so far at the show."""

    @property
    def game_view(self) -> CribbageObservation:
        return self.match.game.observation(self.viewer)  # type: ignore[no-any-return]

    @property
    def showing(self) -> ShowCount | None:
        """The hand or crib counted at the show with muggins (C18); None otherwise."""
        view = self.game_view
        return view.showing if view.phase == "show" else None

    def show_claim(self, view: CribbageObservation) -> None:
        """The show drawn: the cards counted on the table, the question, the buttons."""
        _ = self._
        showing = view.showing
        assert showing is not None
        self.query_one("#table", Static).update(claim_table(view, self.seats, _))
        self.show_entry()
        count = self.query_one("#count", Button)
        claim = _.pgettext("muggins", "Claim")  # the button: claim the points (C18)
        count.label = claim if showing.claimed is None else _("Call muggins")
        count.display = True
        self.query_one("#stand", Button).display = showing.claimed is not None

    def show_entry(self) -> None:
        view = self.game_view
        if view.showing is not None:
            prompt = claim_prompt(view, self.seats, self.entry, self._)
            self.query_one("#prompt", Static).update(prompt)

    def action_digit(self, digit: int) -> None:
        """A digit typed at the show; elsewhere the keys 0 and 7-9 do nothing."""
        if self.showing is None or not self.your_turn() or len(self.entry) >= DIGITS:
            return
        self.entry = str(int(self.entry + str(digit)))  # "07" is 7
        self.show_entry()

    def action_erase(self) -> None:
        """Backspace: the last digit typed taken back."""
        if self.showing is not None and self.entry:
            self.entry = self.entry[:-1]
            self.show_entry()

    def action_count(self) -> None:
        """Enter at the show: the number typed claimed (C18), or muggins called for it,
        0 letting the claim stand (C19); nothing typed is said so, and a number the rules
        refuse is named with its rule; either way nothing changes."""
        _ = self._
        showing = self.showing
        if showing is None or not self.your_turn():
            return
        if not self.entry:
            self.say(_("Type the points first, then Enter."), private=True)
            return
        points = int(self.entry)
        self.entry = ""
        if showing.claimed is not None and points == 0:
            self.human_move(NO_MUGGINS)
            return
        verb = "claim" if showing.claimed is None else "muggins"
        try:
            action = parse_action(f"{verb} {points}")  # more than 29 refused (C18)
        except IllegalActionError as error:
            self.show_entry()
            self.refuse(error)
            return
        self.human_move(action)

    def action_stand(self) -> None:
        """The claim let stand (C19), the button's or the key's."""
        showing = self.showing
        if showing is not None and showing.claimed is not None:
            self.entry = ""
            self.human_move(NO_MUGGINS)

    def claim_keys(self) -> tuple[str, ...]:
        """The keys of the exact count at the show: the claim of what the cards hold, or
        muggins for what a claim missed (else ``0``: let it stand), then Enter."""
        action = show_action(self.game_view)
        points = action.points if isinstance(action, Claim | Muggins) else 0
        return (*str(points), "enter")

    def hint_words(self, evaluation: Evaluation) -> str | None:
        return points_hint(evaluation.action, self._)
