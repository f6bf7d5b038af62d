"""The view of a cribbage match (docs/web.md, "Cribbage").

Everything comes from ``match.observation(seat)`` (the game in play as that seat may know
it: its own cards, and the public moves, scores and shows) and the match's public facts
(game points, results). Among three (C8) the board has three streets; among four in
partnerships (C9) it has one peg a side, the view names the sides and each seat's partner,
and a partner's hand and lay-away are as hidden as an opponent's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from pegboard.cribbage import text as cribbage_text
from pegboard.cribbage.actions import (
    MOST,
    Action,
    Claim,
    Discard,
    Go,
    LayAway,
    Muggins,
    NoMuggins,
    Play,
)
from pegboard.cribbage.cards import Card
from pegboard.cribbage.description import per_seat
from pegboard.cribbage.events import (
    DOUBLE_SKUNK_LINE,
    LURCH_LINE,
    SKUNK_LINE,
    TARGET,
    CutForDeal,
    GameResult,
    HandShow,
    ScoreEvent,
    side_of,
)
from pegboard.cribbage.game import Game
from pegboard.cribbage.looks.rules_page import PAGE as RULES_PAGE
from pegboard.cribbage.match import CribbageMatch, FinishedGame
from pegboard.cribbage.narration import side_won_match
from pegboard.cribbage.observation import CribbageObservation, PublicMove, ShowCount
from pegboard.cribbage.text import Seats
from pegboard.cribbage.words import number, words
from pegboard.i18n import Translator, say, translator
from pegboard.web import track
from pegboard.web.views_common import common, narrated_names


@dataclass(frozen=True, slots=True)
class PublicCribbage:
    """The parts of a game observation a view may show: the public ones, and the cards and
    legal moves of the seat itself (empty in the public view)."""

    seat: int | None
    current: int | None
    phase: str
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discarded: tuple[bool, ...]
    crib_size: int
    starter: Card | None
    count: int
    pile: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    log: tuple[ScoreEvent, ...]
    shows: tuple[HandShow, ...]
    history: tuple[PublicMove, ...]
    legal: tuple[Action, ...]
    result: GameResult | None
    target: int = TARGET
    """The score that wins: 121, or 61 at five-card (C17); public."""
    muggins: bool = False
    """Whether the players count their own shows, with muggins (C18-C20); public."""
    showing: ShowCount | None = None
    """With muggins, in the show: the hand or crib being claimed for, turned up for all to
    see (C6, C18); public."""

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)


def seen(observation: CribbageObservation, seat: int | None) -> PublicCribbage:
    """What the view of ``seat`` may use; with ``seat`` None the public fields only (a
    whitelist): no hand, no kept cards, no discards, no legal moves, and every discard in
    the history without its cards."""
    private = seat is not None and seat == observation.seat
    history = observation.history
    if not private:
        history = tuple(
            PublicMove(m.hand, m.seat, "discard") if m.text.startswith("discard") else m
            for m in history
        )
    return PublicCribbage(
        seat=seat if private else None,
        current=observation.current_player,
        phase=observation.phase,
        hand_number=observation.hand_number,
        dealer=observation.dealer,
        scores=observation.scores,
        hand=observation.hand if private else (),
        kept=observation.kept if private else (),
        discards=observation.discards if private else (),
        hand_sizes=observation.hand_sizes,
        discarded=observation.discarded,
        crib_size=observation.crib_size,
        starter=observation.starter,
        count=observation.count,
        pile=observation.pile,
        played=observation.played,
        log=observation.log,
        shows=observation.shows,
        history=history,
        legal=observation.legal if private else (),
        result=observation.result,
        target=observation.target,
        muggins=observation.muggins,
        showing=observation.showing,
    )


def cards(values: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in values]


def cribbage_view(
    match: CribbageMatch, seat: int | None, _: Translator, names: list[str]
) -> dict[str, Any]:
    names = narrated_names(names, _)  # a player called "you" is not the viewer
    observation = match.observation(0 if seat is None else seat)
    game = seen(observation.game, seat)
    lang = _.lang
    players = match.players
    scores = per_seat(game.scores, players)  # each partner shows its side's (C9)
    seats = NamedSeats(human=seat, names=tuple(names))
    games = match.games
    # The game before this one, while this one has not begun (and for the log): the match
    # starts the next game at once, so its end is read again from its public record.
    finished = games[-1] if games and not match.is_over else None
    earlier = (
        finished_game(finished, seat, match.cards, match.muggins) if finished is not None else None
    )
    fresh = not game.history
    cut = _cut_lines(tuple(match.cuts), seats, lang)  # the first game's dealer (C2)
    # The log is the whole match (the newcomer's log that kept only its last 30 events and
    # renumbered them): the cut, every finished game, then this one.
    # (over: this game is the last finished one; else the last finished one is ``earlier``)
    log = list(cut)
    kind = (match.cards, match.muggins)  # each game of the match is dealt and counted so
    for done in games[:-1]:
        log += finished_log(done, seat, seats, _.lang, *kind)
    if finished is not None:
        log += finished_log(finished, seat, seats, _.lang, *kind)
    log += game_log(game, seats, _)
    last_shows = game.shows
    if not last_shows and fresh and earlier is not None:
        last_shows = earlier.shows
        shown_from = earlier
    else:
        shown_from = game
    ended = games[-1] if games and (match.is_over or fresh) else None
    sides: list[dict[str, Any]] = []
    winner = match.winner
    winner_text = None
    if players == 4:  # C9, C12: the sides, their scores, the side that won
        sides = [
            {
                "seats": list(pair),
                "label": side_label(pair, seat, names, _),
                "score": game.scores[index],
                "yours": seat in pair,
            }
            for index, pair in enumerate(match.sides)
        ]
        if winner is not None:
            won = side_won_match(winner, seat)
            winner_text = say(won, _, names.__getitem__, reader=seat)
            winner = seat if seat is not None and seat % 2 == winner else winner
    board_scores, board_backs = tuple(game.scores), tuple(backs(game))
    board_names = tuple(names) if players != 4 else tuple(s["label"] for s in sides)
    view = common(
        game="cribbage",
        lang=lang,
        seat=seat,
        names=names,
        current=match.current_player,
        is_over=match.is_over,
        winner=winner,
        legal=[{"action": str(a), "label": legal_label(a, _)} for a in game.legal],
        log=log,
        scores=list(scores),
        target=game.target,  # 61 at five-card (C17)
        track_svg=drawn_board(
            board_scores, board_backs, board_names, lang, players == 2, game.target
        ),
    )
    view.update(
        phase="over" if game.result is not None else game.phase,
        hand_number=game.hand_number,
        # The game and hand in play (the last once the match is over): a replay's parts.
        part=_("Game {game} · Hand {hand}").format(
            game=len(games) + (0 if match.is_over else 1), hand=game.hand_number
        ),
        dealer=game.dealer,
        hand=cards(game.hand),
        kept=cards(game.kept),
        discards=cards(game.discards),
        crib_size=game.crib_size,
        starter=None if game.starter is None else str(game.starter),
        count=game.count,
        pile=cards(game.pile),
        played=[[s, str(c)] for s, c in game.played],
        hand_sizes=list(game.hand_sizes),
        discard_choices=any(isinstance(a, Discard | LayAway) for a in game.legal),
        # The cards each lays in the crib: two between two (C2), one among more (C8, C9).
        lay_count=2 if players == 2 else 1,
        players=players,
        sides=sides,
        winner_text=winner_text,
        playable=[str(a.card) for a in game.legal if isinstance(a, Play)],
        can_go=any(isinstance(a, Go) for a in game.legal),
        shows=shown(shown_from, last_shows[-1], lang) if last_shows else [],
        game_end=None if ended is None else game_end(ended, seats, _),
        games=[
            {
                "number": g.number,
                "winner": g.result.winner,
                "scores": list(per_seat(g.result.scores, players)),
                "kind": g.result.kind,
                "game_points": g.result.game_points,
                "points_after": list(per_seat(g.points_after, players)),
            }
            for g in games
        ],
        points=list(per_seat(observation.points, players)),
        best_of=2 * match.target - 1,
        points_to_win=match.target,
        cards=5 if match.cards == 5 else 6,  # dealt to each between two (C2, C13)
        rules_anchors=rules_anchors(match),
        # With muggins the players count their shows (C18-C20): the table's heading says
        # so, and the show's hand or crib being claimed for is turned up for all.
        muggins=game.muggins,
        showing=claiming(game, seats, _),
        claim=claim_asked(game.legal),
    )
    return view


def claiming(game: PublicCribbage, seats: NamedSeats, _: Translator) -> dict[str, Any] | None:
    """With muggins, at the show: the hand or crib being claimed for (C18), public (C6):
    whose it is in words, its cards with the starter, the points its owner said
    (``said``, None before the claim) and pegged (``claimed``: no more than the cards
    hold, C20), and the seat asked now (to claim, or to answer the claim: C19)."""
    showing = game.showing
    if showing is None or game.phase != "show" or game.result is not None:
        return None
    said = None
    if showing.claimed is not None:
        # The claim as it was said, from the public moves (the pegged ``claimed`` is
        # corrected down to what the cards hold, C20).
        for move in reversed(game.history):
            if move.seat == showing.seat and move.text.startswith("claim "):
                said = int(move.text.split()[1])
                break
    owner = seats.crib if showing.what == "crib" else seats.hand
    return {
        "seat": showing.seat,
        "what": showing.what,
        "whose": owner(showing.seat, _),
        "cards": cards(showing.cards),
        "starter": None if game.starter is None else str(game.starter),
        "said": said,
        "claimed": showing.claimed,
        "asked": game.current,
        "most": MOST,
    }


def claim_asked(legal: Sequence[Action]) -> str | None:
    """What the seat is asked at a muggins show: ``"claim"`` its points (C18), ``"answer"``
    an opponent's claim, muggins or not (C19), or None. The page asks with one number
    field, never one button a number (the legal moves are 30 claims, or 30 calls)."""
    for action in legal:
        if isinstance(action, Claim):
            return "claim"
        if isinstance(action, Muggins | NoMuggins):
            return "answer"
    return None


def rules_anchors(match: CribbageMatch) -> dict[str, str]:
    """The rules page's sections a variant's table links to at every moment, over the
    game's own ``anchors``: five-card cribbage's (C13-C17: its deal, pegging, show and 61
    all differ) or three and four players' (C8-C12); none for the two-player game. With
    muggins the show's moments (a hand's end, and a turn while the show is claimed) open the
    section on muggins (C18-C20)."""
    section = "five-card" if match.cards == 5 else "players" if match.players > 2 else None
    anchors = {} if section is None else dict.fromkeys(RULES_PAGE.anchors, section)
    if match.muggins:  # the players claim the show (C18-C20): its moments open muggins's
        anchors["round_end"] = "muggins"
        if match.game.phase == "show":
            anchors["turn"] = "muggins"
    return anchors


@lru_cache(maxsize=1024)
def finished_log(
    finished: FinishedGame,
    seat: int | None,
    seats: NamedSeats,
    lang: str,
    cards: int | None = None,
    muggins: int = 0,
) -> tuple[str, ...]:
    """``game_log`` of a finished game, made once for every state that shows it."""
    return tuple(game_log(finished_game(finished, seat, cards, muggins), seats, translator(lang)))


@lru_cache(maxsize=256)
def finished_game(
    finished: FinishedGame, seat: int | None, cards: int | None = None, muggins: int = 0
) -> PublicCribbage:
    """A finished game as ``seat`` saw it (None: the public view), replayed from the match's
    record of it and read only through an observation; made once for every state that
    shows it (a finished game never changes). ``cards`` and ``muggins`` are the match's:
    a game of five-card (C13) or with muggins (C18) replays only as it was dealt and
    counted."""
    players = finished.result.players
    replayed = Game.new(
        seed=finished.seed, dealer=finished.dealer, players=players, cards=cards, muggins=muggins
    )
    replayed.replay(finished.actions)
    return seen(replayed.observation(0 if seat is None else seat), seat)


def backs(game: PublicCribbage) -> list[int]:
    """Each score's back peg (a player's, or a side's among four): the score before the
    last points pegged on it."""
    players = game.num_players
    result = [0] * len(game.scores)
    for event in game.log:
        if event.points:
            result[side_of(players, event.seat)] = event.total - event.points
    return result


def side_label(seats: Sequence[int], you: int | None, names: Sequence[str], _: Translator) -> str:
    """A side of partners in words: ``You and Bo``, ``Ana and Bo`` (C9)."""
    first, second = seats
    if you in seats:
        return _("You and {name}").format(name=names[second if you == first else first])
    return _("{first} and {second}").format(first=names[first], second=names[second])


def shown(game: PublicCribbage, show: HandShow, lang: str) -> list[dict[str, Any]]:
    """The show of a hand (C6) as the log counted it, made once for every seat and
    spectator that sees it (a show is public: the hands and crib shown, and the events that
    counted them): the same list in each view, which the updates' comparison takes at a
    glance (``pegboard.web.updates``)."""
    events = tuple(
        e for e in game.log if e.hand == show.hand and e.reason in ("hand", "crib", "muggins")
    )
    return show_entries(events, show, lang, game.muggins)


@lru_cache(maxsize=1024)
def show_entries(
    events: tuple[ScoreEvent, ...], show: HandShow, lang: str, muggins: bool = False
) -> list[dict[str, Any]]:
    """The show's entries from its score events: the pone's hand, the dealer's, the crib,
    each with its points and the traditional saying, in the page's language. With muggins
    (C18-C20) ``points`` are what the cards hold, ``claimed`` what their owner pegged for
    them, and ``mugged`` the points an opponent (``mugged_by``) took for the rest (0 and
    None when none were)."""
    _ = translator(lang)
    entries: list[dict[str, Any]] = []
    for event in events:
        if event.reason == "muggins":  # follows the claim it answered (C19)
            entries[-1].update(mugged=event.points, mugged_by=event.seat)
            continue
        entries.append(
            {
                "hand": show.hand,
                "seat": event.seat,
                "what": event.reason,
                "cards": cards(event.cards),
                "starter": str(show.starter),
                "points": event.points,
                "saying": event.say(_.lang),
                "items": [
                    {
                        "kind": item.kind,
                        "label": item_label(item.kind, len(item.cards), _.lang),
                        "cards": cards(item.cards),
                        "points": item.points,
                    }
                    for item in event.items
                ],
            }
        )
        if muggins:
            entries[-1].update(
                points=sum(item.points for item in event.items),
                claimed=event.points,
                mugged=0,
                mugged_by=None,
            )
    return entries


def item_label(kind: str, size: int, lang: str) -> str:
    """What one scoring item of a show is, in ``lang`` (the words the show is said in):
    "fifteen", "a pair", "a run of three", "a flush of four", "one for his nobs"."""
    table = words(lang)
    if kind == "fifteen":
        return table["fifteen peg"]
    if kind in ("run", "flush"):
        return table[kind].format(length=number(size, lang))
    return table[kind]


def game_end(finished: FinishedGame, seats: NamedSeats, _: Translator) -> dict[str, Any]:
    result = finished.result
    players = result.players
    return {
        "number": finished.number,
        "winner": result.winner,
        "scores": list(per_seat(result.scores, players)),
        "kind": result.kind,
        "game_points": result.game_points,
        "points_after": list(per_seat(finished.points_after, players)),
        "summary": cribbage_text.result_lines(result, seats, _),
    }


def legal_label(action: Action, _: Translator) -> str:
    if isinstance(action, Discard):
        return _("Discard {cards}").format(cards=" ".join(str(c) for c in action.cards))
    if isinstance(action, LayAway):  # one card among three or four (C8, C9)
        return _("Discard {cards}").format(cards=action.card)
    if isinstance(action, Play):
        return _("Play {card}").format(card=action.card)
    if isinstance(action, Claim):  # with muggins (C18)
        return _("Claim {points}").format(points=action.points)
    if isinstance(action, Muggins):  # C19
        return _("Muggins for {points}").format(points=action.points)
    if isinstance(action, NoMuggins):
        return _("Let the claim stand")
    return _("Go")


@lru_cache(maxsize=1024)
def drawn_board(
    scores: tuple[int, ...],
    backs: tuple[int, ...],
    names: tuple[str, ...],
    lang: str,
    skunks: bool = True,
    target: int = TARGET,
) -> str:
    """``board``, made once for every seat and spectator that sees it (it is public: the
    scores, the back pegs and the names), as Draw's score track."""
    return board(list(scores), list(backs), list(names), translator(lang), skunks, target)


def board(
    scores: list[int],
    backs: list[int],
    names: list[str],
    _: Translator,
    skunks: bool = True,
    target: int = TARGET,
) -> str:
    """The board: a street a player, or a peg a side among four (``names`` the sides'); to
    121 with the skunk lines between two (C7; none among three or four, C12), or to 61 with
    the lurch line at five-card (C17)."""
    parts = [
        _("{name}: {score} (back peg {back})").format(name=name, score=score, back=back)
        for name, score, back in zip(names, scores, backs, strict=True)
    ]
    label = _("Cribbage board to {target}: {scores}.").format(
        target=target, scores="; ".join(parts)
    )
    if not skunks:  # among three or four (C12)
        lines = []
    elif target == TARGET:
        lines = [
            track.Line(
                DOUBLE_SKUNK_LINE, _("Double skunk line: {hole}").format(hole=DOUBLE_SKUNK_LINE)
            ),
            track.Line(SKUNK_LINE, _("Skunk line: {hole}").format(hole=SKUNK_LINE)),
        ]
    else:  # five-card (C17)
        lines = [track.Line(LURCH_LINE, _("Lurch line: {hole}").format(hole=LURCH_LINE))]
    return track.track_svg(
        scores=scores,
        backs=backs,
        target=target,
        names=names,
        title=_("Cribbage board"),
        label=label,
        lang=_.lang,
        lines=lines,
    )


@dataclass(frozen=True)
class NamedSeats(Seats):
    """The terminal's way of naming seats, with display names: the viewer is "you"
    (``human``; None in the public view), every other seat its name."""

    names: tuple[str, ...] = ()

    def name(self, seat: int, _: Translator) -> str:
        return _("you") if seat == self.human else self.names[seat]

    def crib(self, seat: int, _: Translator) -> str:
        if seat == self.human:
            return _("your crib")
        return _("{name}'s crib").format(name=self.names[seat])

    def into_crib(self, seat: int, _: Translator) -> str:
        if seat == self.human:
            return _("in your crib")
        return _("in {name}'s crib").format(name=self.names[seat])

    def hand(self, seat: int, _: Translator) -> str:
        if seat == self.human:
            return _("your hand")
        return _("{name}'s hand").format(name=self.names[seat])

    def crib_owner(self, seat: int, _: Translator) -> str:
        if seat == self.human:
            return _("the crib is yours")
        return _("the crib is {name}'s").format(name=self.names[seat])


def _dealer_of(game: PublicCribbage, hand: int) -> int:
    """The dealer of hand ``hand`` of the game: the deal passes to the left every hand (C2,
    C8): between two it alternates."""
    return (game.dealer - (game.hand_number - hand)) % game.num_players


def game_log(
    game: PublicCribbage, seats: NamedSeats, _: Translator, headers: bool = True
) -> list[str]:
    """The public story of a game, oldest first: each hand's deal, the moves (another
    seat's discard without its cards), the starter, every score explained as it was
    pegged (C3-C6, from the game's own log), and the end of the game (C7).

    The observation gives the moves and the scores as two lists; each score is put after
    the move that made it by following the count, as the rules make it: a card scores as
    it is played (C4), a go or the last card when neither seat can play on (C5), the shows
    after the last card (C6), his heels when the starter is cut (C3).
    """
    lines: list[str] = []
    events = list(game.log)
    events_of: dict[int, list[ScoreEvent]] = {}
    for event in events:
        events_of.setdefault(event.hand, []).append(event)
    moves_of: dict[int, list[Any]] = {}
    for move in game.history:
        moves_of.setdefault(move.hand, []).append(move)
    shows = {show.hand: show for show in game.shows}
    scores = (0,) * len(game.scores)
    for hand in range(1, game.hand_number + 1):
        show = shows.get(hand)
        part = (
            hand,
            _dealer_of(game, hand),
            tuple(moves_of.get(hand, ())),
            tuple(events_of.get(hand, ())),
            scores,
            show,
            show.starter if show is not None else game.starter,
            hand == game.hand_number and game.phase == "pegging",
            seats,
            _.lang,
            headers,
            game.num_players,
            game.target,
        )
        # A hand that is over never changes: its lines are made once (a state goes to
        # every connection after every move, with the whole game's log).
        said, scores = (hand_lines if hand < game.hand_number else _hand_lines)(*part)
        lines.extend(said)
    if game.result is not None:
        if events and events[-1].reason != "crib":
            if game.result.target != TARGET:
                lines.append(_("61 reached: the game ends at once (C17)."))
            elif game.num_players == 2:
                lines.append(_("121 reached: the game ends at once (C7)."))
            else:
                lines.append(_("121 reached: the game ends at once (C12)."))
        lines.extend(cribbage_text.result_lines(game.result, seats, _))
    return lines


@lru_cache(maxsize=4096)
def hand_lines(*part: Any) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """``_hand_lines`` of a hand that is over, made once."""
    return _hand_lines(*part)


# The hand in play is said again in every state, to every connection: each of its lines is
# made once per reader and language (as Draw's ``cached_move_line``), the hand's lines then
# put together from them.
LINE_CACHE = 16384


@lru_cache(maxsize=LINE_CACHE)
def _move_line(
    seat: int, text: str, dealer: int, count: int, seats: Seats, lang: str, players: int = 2
) -> tuple[str, int]:
    _ = translator(lang)
    return cribbage_text.move_line(seat, text, dealer, count, seats, _, players)


@lru_cache(maxsize=LINE_CACHE)
def _hand_header(
    hand: int,
    dealer: int,
    scores: tuple[int, ...],
    seats: Seats,
    lang: str,
    players: int = 2,
    target: int = TARGET,
) -> str:
    said = cribbage_text.hand_header(
        hand, dealer, scores, seats, translator(lang), players=players, target=target
    )
    return said.lstrip("— ")


@lru_cache(maxsize=1024)
def _cut_lines(cuts: tuple[CutForDeal, ...], seats: Seats, lang: str) -> tuple[str, ...]:
    return tuple(cribbage_text.cut_lines(cuts, seats, translator(lang)))


@lru_cache(maxsize=LINE_CACHE)
def _event_lines(
    event: ScoreEvent,
    scores: tuple[int, ...],
    dealer: int,
    seats: Seats,
    lang: str,
    players: int = 2,
    claimed: bool = False,
) -> tuple[str, ...]:
    said = cribbage_text.event_lines(
        event, scores, dealer, seats, translator(lang), players, claimed
    )
    return tuple(line.strip() for line in said)


@lru_cache(maxsize=LINE_CACHE)
def _counted_lines(event: ScoreEvent, dealer: int, seats: Seats, lang: str) -> tuple[str, ...]:
    said = cribbage_text.counted_lines(event, dealer, seats, translator(lang))
    return tuple(line.strip() for line in said)


SHOW_MOVES: Final = ("claim", "muggins", "no")
"""The first words of the moves of a show with muggins: ``claim 8``, ``muggins 2``, ``no
muggins`` (C18, C19)."""


def _hand_lines(
    hand: int,
    dealer: int,
    moves: tuple[Any, ...],
    events: tuple[ScoreEvent, ...],
    scores_before: tuple[int, ...],
    show: Any,
    starter: Card | None,
    going_on: bool,
    seats: NamedSeats,
    lang: str,
    headers: bool,
    players: int = 2,
    target: int = TARGET,
) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """One hand's part of ``game_log`` (its events in order, each after the move that
    made it), and the scores after it."""
    _ = translator(lang)
    lines: list[str] = []
    scores = list(scores_before)
    at = 0

    def next_event(hand: int, *reasons: str) -> ScoreEvent | None:
        if at < len(events) and events[at].reason in reasons:
            return events[at]
        return None

    def emit(event: ScoreEvent, dealer: int, claimed: bool = False) -> None:
        nonlocal at
        at += 1
        scores[side_of(players, event.seat)] = event.total
        lines.extend(_event_lines(event, tuple(scores), dealer, seats, lang, players, claimed))

    if headers:
        lines.append(_hand_header(hand, dealer, tuple(scores), seats, lang, players, target))
    three = next_event(hand, "three for last")  # five-card's first score, before the deal (C14)
    if three is not None:
        emit(three, dealer)
    count = 0
    pile: list[Card] = []
    discards = 0
    claimed_for: ScoreEvent | None = None  # with muggins, the hand or crib last claimed for
    for index, move in enumerate(moves):
        words = move.text.split()
        line, count = _move_line(move.seat, move.text, dealer, count, seats, lang, players)
        lines.append(line)
        if words[0] in SHOW_MOVES:
            # With muggins (C18, C19), as the terminal narrates it: a claim pegs the hand
            # or crib claimed for (the show announced at the first), said without its
            # count; the answer tells the count, then any points mugged.
            if words[0] == "claim":
                event = next_event(hand, "hand", "crib")
                if event is not None:
                    if claimed_for is None:
                        lines.append(
                            _("The show, with the starter {card} (C6):").format(card=event.starter)
                        )
                    claimed_for = event
                    emit(event, dealer, claimed=True)
            elif claimed_for is not None:
                lines.extend(_counted_lines(claimed_for, dealer, seats, lang))
                mugged = next_event(hand, "muggins")
                if mugged is not None:
                    emit(mugged, dealer)
            continue
        if words[0] == "discard":
            discards += 1
            if discards == players and starter is not None:  # every seat has laid away
                lines.append(_("The starter is cut: {card} (C3).").format(card=starter))
                heels = next_event(hand, "his heels")
                if heels is not None:
                    emit(heels, dealer)
            continue
        if words[0] == "play":
            pile.append(Card.parse(words[1]))
            pegged = next_event(hand, "pegging")
            if pegged is not None and pegged.cards == tuple(pile):
                emit(pegged, dealer)
        following = moves[index + 1] if index + 1 < len(moves) else None
        if following is not None and following.text.split()[0] in SHOW_MOVES:
            following = None  # the last card of the hand: the show (C18) follows, no count
        ended = count == 31
        if not ended and (following is None or following.text != "go"):
            # A go moves the turn without changing the pile: the sequence ends after it.
            last = next_event(hand, "go", "last card")
            if last is not None and last.cards == tuple(pile):
                emit(last, dealer)
                ended = True
        if ended:
            count, pile = 0, []
            if following is not None or going_on:
                lines.append(_("The count starts again at zero."))
    if next_event(hand, "hand", "crib") is not None:
        lines.append(_("The show, with the starter {card} (C6):").format(card=show.starter))
        while (event := next_event(hand, "hand", "crib")) is not None:
            emit(event, dealer)
    return tuple(lines), tuple(scores)
