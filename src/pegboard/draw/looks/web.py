"""The view of a match of Draw (docs/web.md, "Draw").

Everything comes from ``match.observation(seat)`` (the round in play, as that seat may
know it) and the match's public facts: the scores, the target and the finished rounds
(their leader, public actions and settlement, which reveals the hands, D12). In
partnerships (D21) the view names the sides, each seat's partner and the sides' scores
(D24); a partner's hand is as hidden as an opponent's.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from pegboard.core import Event
from pegboard.dominoes.board import line_board, one_choice
from pegboard.dominoes.line import Line
from pegboard.dominoes.svg import render_svg
from pegboard.dominoes.tiles import Tile, reading_order
from pegboard.draw import narration
from pegboard.draw.actions import Action, DrawTile, Pass, Play, parse_action
from pegboard.draw.match import FinishedRound, Match
from pegboard.draw.observation import DrawObservation, Move
from pegboard.draw.scoring import RoundResult
from pegboard.draw.text import move_text
from pegboard.i18n import Translator, say, translator
from pegboard.web.track import track_svg
from pegboard.web.views_common import common, narrated_names


@dataclass(frozen=True, slots=True)
class DrawSeen:
    """The parts of a round observation a view may show: the public ones, and the hand and
    legal moves of the seat itself (empty in the public view)."""

    seat: int | None
    players: int
    current: int | None
    leader: int
    hand: tuple[Tile, ...]
    line: Line
    hand_sizes: tuple[int, ...]
    stock_size: int
    history: tuple[Move, ...]
    legal: tuple[Action, ...]
    result: RoundResult | None


def seen(observation: DrawObservation, seat: int | None) -> DrawSeen:
    """What the view of ``seat`` may use; with ``seat`` None, the public fields only (a
    whitelist: the hand and the legal moves are never copied)."""
    private = seat is not None and seat == observation.seat
    return DrawSeen(
        seat=seat if private else None,
        players=observation.num_players,
        current=observation.current_player,
        leader=observation.leader,
        hand=observation.hand if private else (),
        line=observation.line,
        hand_sizes=observation.hand_sizes,
        stock_size=observation.stock_size,
        history=observation.history,
        legal=observation.legal if private else (),
        result=observation.result,
    )


def tile_text(tile: Tile) -> str:
    """A tile as the page's notation: ``2-3``."""
    return f"{tile.low}-{tile.high}"


def draw_view(match: Match, seat: int | None, _: Translator, names: list[str]) -> dict[str, Any]:
    names = narrated_names(names, _)  # a player called "you" is not the viewer
    observation = match.observation(0 if seat is None else seat)
    round_ = seen(observation.round, seat)
    lang = _.lang
    scores = list(observation.scores)
    rounds = match.rounds
    line = round_.line
    plays: dict[str, list[str]] = {}
    for action in round_.legal:
        if isinstance(action, Play):
            end = "open" if action.end is None else action.end.notation
            plays.setdefault(tile_text(action.tile), []).append(end)
    plays = {tile: one_choice(line, ends) for tile, ends in plays.items()}
    last_round = _last_round(match, round_, names, _)
    # The reveal is news from the settlement until the next round's first move.
    result = last_round if match.is_over or not round_.history else None
    # no end when over
    svg, description, title, board = line_look(line, not observation.is_over, lang)
    backs = tuple(_backs(rounds, len(scores)))
    you = round_.seat
    winner = observation.winner
    winner_text = None
    sides: list[dict[str, Any]] = []
    if match.partnerships:  # D21, D24: the sides, their scores, the side that won
        sides = [
            {
                "seats": list(seats),
                "label": side_label(seats, you, names, _),
                "score": scores[seats[0]],
                "yours": you in seats,
            }
            for seats in match.sides
        ]
        if winner is not None:
            won = narration.side_won(winner, scores[winner])
            winner_text = _said([won], you, names, _)[0]
            winner = you if you is not None and you % 2 == winner else winner
    view = common(
        game="draw",
        lang=lang,
        seat=seat,
        names=names,
        current=None if observation.is_over else round_.current,
        is_over=observation.is_over,
        winner=winner,
        legal=[{"action": str(a), "label": legal_label(a, lang, _)} for a in round_.legal],
        log=draw_log(match, round_, names, _),
        scores=scores,
        target=observation.target,
        track_svg=draw_track(tuple(scores), backs, observation.target, tuple(names), lang),
    )
    view.update(
        hand=[tile_text(t) for t in reading_order(round_.hand)],
        hand_sizes=list(round_.hand_sizes),
        stock=round_.stock_size,
        leader=round_.leader,
        line_svg=svg,
        line_board=board,
        line_description=description,
        line_title=title,
        plays=plays,
        can_draw=any(isinstance(a, DrawTile) for a in round_.legal),
        can_pass=any(isinstance(a, Pass) for a in round_.legal),
        round_end=result,
        last_round=last_round,
        sides=sides,
        winner_text=winner_text,
        words={"sides": _("Sides")} if sides else {},
        # The round in play (the last one once the match is over): a replay's list of parts.
        part=_("Round {number}").format(number=len(rounds) + (0 if observation.is_over else 1)),
        rounds=[
            {
                "number": r.number,
                "points": list(r.result.points),
                "scores_after": list(r.scores_after),
            }
            for r in rounds
        ],
        tile_set=match.tile_set,  # 6 or 9 (D25): the table's heading names the big set
        rules_anchors=rules_anchors(match),
    )
    return view


def rules_anchors(match: Match) -> dict[str, str]:
    """The rules page's sections a variant's table links to, over the game's own
    ``anchors``: the Block game's turn (D18, D19: no drawing, a pass) and the partnerships'
    round end and match (D22-D24: a side's points and score)."""
    anchors = {"turn": "block"} if match.block else {}
    if match.partnerships:
        anchors.update(round_end="partnerships", match_end="partnerships")
    return anchors


def side_label(seats: Sequence[int], you: int | None, names: Sequence[str], _: Translator) -> str:
    """A side of partners in words: ``You and Bo``, ``Ana and Bo`` (D21)."""
    first, second = seats
    if you in seats:
        return _("You and {name}").format(name=names[second if you == first else first])
    return _("{first} and {second}").format(first=names[first], second=names[second])


def _said(
    events: Sequence[Event], you: int | None, names: Sequence[str], _: Translator
) -> list[str]:
    """Events said with the table's names, "you" for the viewer."""
    return [say(event, _, names.__getitem__, reader=you) for event in events]


def legal_label(action: Action, lang: str, _: Translator) -> str:
    """A legal move in words: ``[3|4] on [4|4] (line B, 4)``, ``Open the line with [3|4]``,
    ``Draw a tile``, ``Pass``."""
    if isinstance(action, DrawTile):
        return _("Draw a tile")
    if isinstance(action, Pass):
        return _("Pass")
    text = move_text(action, lang, _)
    return text[:1].upper() + text[1:]


def _backs(rounds: Sequence[FinishedRound], players: int) -> list[int]:
    """Each seat's back peg: its score before the last round in which it scored."""
    backs = [0] * players
    before = [0] * players
    for r in rounds:
        for seat, (old, new) in enumerate(zip(before, r.scores_after, strict=True)):
            if new != old:
                backs[seat] = old
        before = list(r.scores_after)
    return backs


@lru_cache(maxsize=1024)
def draw_track(
    scores: tuple[int, ...], backs: tuple[int, ...], target: int, names: tuple[str, ...], lang: str
) -> str:
    """The score track, made once for every seat and spectator that sees it (it is public:
    the scores, the back pegs and the names)."""
    _ = translator(lang)
    parts = [
        _("{name}: {score} (back peg {back})").format(name=name, score=score, back=back)
        for name, score, back in zip(names, scores, backs, strict=True)
    ]
    label = _("Score track to {target}: {scores}.").format(target=target, scores="; ".join(parts))
    return track_svg(
        scores=scores,
        backs=backs,
        target=target,
        names=names,
        title=_("Score track"),
        label=label,
        lang=_.lang,
    )


def _last_round(
    match: Match, round_: DrawSeen, names: list[str], _: Translator
) -> dict[str, Any] | None:
    """The last settled round with every hand revealed (public once it is settled, D12);
    the match deals the next round at once, so the reveal is read from its record."""
    rounds = match.rounds
    if not rounds:
        return None
    last = rounds[-1]
    result = last.result
    arithmetic = result.arithmetic
    if arithmetic is None and result.partnerships:  # equal sides (D23): nothing to add up
        arithmetic = _said(narration.settlement(result)[-1:], round_.seat, names, _)[0]
    elif arithmetic is None:  # a shared lowest count (D14): nothing to add up
        arithmetic = _("tied lowest count {count}: nobody scores").format(
            count=min(result.pip_counts)
        )
    # The round end's heading in partnerships: the side that won and its points, partners
    # together (D22, D23); the settlement's sentence, which it used to repeat, follows it.
    won = narration.side_won_round(result, round_.seat) if result.partnerships else None
    words = None if won is None else _said([won], round_.seat, names, _)[0]
    return {
        "number": last.number,
        "kind": result.kind,
        "winner": result.winner,
        "hands": [[tile_text(t) for t in reading_order(hand)] for hand in result.hands],
        "pip_counts": list(result.pip_counts),
        "points": list(result.points),
        "arithmetic": arithmetic,
        "summary": settlement_lines(result, round_.seat, names, _),
        "scores_after": list(last.scores_after),
        "next_leader": None if match.is_over else round_.leader,
        **({"settlement_words": words} if words is not None else {}),
    }


def settlement_lines(
    result: RoundResult, you: int | None, names: Sequence[str], _: Translator
) -> list[str]:
    """How the round ended (D11) and the settlement as arithmetic (D13, D14; in
    partnerships the sides' counts and the side's points, D22, D23)."""
    if result.partnerships:
        events = [
            event
            for event in narration.settlement(result)
            # the view shows the hands in a table of its own
            if event.template not in (narration.REVEALED, narration.HANDS_REVEALED)
        ]
        return _said(events, you, names, _)
    lines = []
    if result.kind == "domino":
        assert result.winner is not None
        if result.winner == you:
            lines.append(_("You played the last tile of your hand: domino."))
        else:
            lines.append(
                _("{name} played the last tile of the hand: domino.").format(
                    name=names[result.winner]
                )
            )
    elif result.block:  # D20
        lines.append(_("The round is blocked: every player passed in turn."))
    else:
        lines.append(_("The round is blocked: the stock is down to two and nobody can play."))
    if result.winner is None:
        lines.append(
            _("Settlement: tied lowest count {count}: nobody scores.").format(
                count=min(result.pip_counts)
            )
        )
    elif result.winner == you:
        lines.append(
            _.ngettext(
                "Settlement: {arithmetic} → you score {points}.",
                "Settlement: {arithmetic} → you score {points}.",
                result.points[result.winner],
            ).format(arithmetic=result.arithmetic, points=result.points[result.winner])
        )
    else:
        lines.append(
            _.ngettext(
                "Settlement: {arithmetic} → {name} scores {points}.",
                "Settlement: {arithmetic} → {name} scores {points}.",
                result.points[result.winner],
            ).format(
                arithmetic=result.arithmetic,
                name=names[result.winner],
                points=result.points[result.winner],
            )
        )
    return lines


def seats_of(leader: int, players: int, actions: Sequence[str]) -> list[Move]:
    """The public actions of a finished round with the seat of each: a turn is draws and
    then a play or a pass (D4), and the turn passes clockwise."""
    seat = leader
    moves = []
    for text in actions:
        action = parse_action(text)
        moves.append(Move(seat, action))
        if not isinstance(action, DrawTile):
            seat = (seat + 1) % players
    return moves


def move_line(
    move: Move,
    you: int | None,
    names: Sequence[str],
    lang: str,
    _: Translator,
    block: bool = False,
) -> str:
    """One public move as a sentence; a draw never names its tile (D6); a pass of the Block
    game (``block``) says that no tile fits (D19)."""
    action = move.action
    if block and isinstance(action, Pass):
        if move.seat == you:
            return _("You pass: no tile fits.")
        return _("{player} passes: no tile fits.").format(player=names[move.seat])
    if move.seat == you:
        if isinstance(action, Play):
            if action.end is None:
                return _("You open the line with {tile}.").format(tile=action.tile)
            return _("You play {move}.").format(move=move_text(action, lang, _))
        return _("You draw a tile.") if isinstance(action, DrawTile) else _("You pass.")
    name = names[move.seat]
    if isinstance(action, Play):
        if action.end is None:
            return _("{name} opens the line with {tile}.").format(name=name, tile=action.tile)
        return _("{name} plays {move}.").format(name=name, move=move_text(action, lang, _))
    if isinstance(action, DrawTile):
        return _("{name} draws a tile.").format(name=name)
    return _("{name} passes.").format(name=name)


LINE_SVGS: Final = 512
_line_svgs: OrderedDict[tuple[Any, ...], tuple[str, str, str, dict[str, Any] | None]] = (
    OrderedDict()
)


def line_look(line: Line, markers: bool, lang: str) -> tuple[str, str, str, dict[str, Any] | None]:
    """``render_svg`` of the line, its description (B1-B5), its title and its board
    (``line_board``), made once for every seat and spectator that sees it (the line is
    public, and these are pure functions of its plays), the last ``LINE_SVGS`` kept. The
    board is the same object in every view of the line, which the updates' comparison
    takes at a glance (``pegboard.web.updates``): nobody changes a view once made."""
    key = (tuple(line.plays()), markers, lang)
    drawn = _line_svgs.get(key)
    if drawn is None:
        drawn = _line_svgs[key] = (
            render_svg(line, markers=markers, lang=lang),
            line.describe(lang),
            line.title(lang),
            line_board(line, markers=markers),
        )
        if len(_line_svgs) > LINE_SVGS:
            _line_svgs.popitem(last=False)
    else:
        _line_svgs.move_to_end(key)
    return drawn


# A state goes to every connection after every move, with the whole match's log: the
# lines of what is past are made once per viewer and language, not once per state (the
# log's text was most of a move's cost on the server: issue 16, "Faster moves").
LOG_CACHE: Final = 65536


@lru_cache(maxsize=LOG_CACHE)
def cached_move_line(
    move: Move, you: int | None, names: tuple[str, ...], lang: str, block: bool = False
) -> str:
    return move_line(move, you, names, lang, translator(lang), block)


@lru_cache(maxsize=LOG_CACHE // 16)
def round_lines(
    finished: FinishedRound, players: int, you: int | None, names: tuple[str, ...], lang: str
) -> tuple[str, ...]:
    """A finished round's part of the log: its lead, its moves, its settlement, the
    scores after it."""
    _ = translator(lang)
    lines = [
        _("Round {number}: {name} leads.").format(
            number=finished.number, name=names[finished.leader]
        )
    ]
    for move in seats_of(finished.leader, players, finished.actions):
        lines.append(cached_move_line(move, you, names, lang, finished.result.block))
    lines.extend(settlement_lines(finished.result, you, list(names), _))
    lines.append(
        _("Scores: {scores}").format(
            scores=" · ".join(
                _.labelled(name, score)
                for name, score in zip(names, finished.scores_after, strict=True)
            )
        )
    )
    return tuple(lines)


def draw_log(match: Match, round_: DrawSeen, names: list[str], _: Translator) -> list[str]:
    """The public events of the match, oldest first: each round's lead, every move (a
    draw never says which tile), the settlements and the end of the match."""
    you = round_.seat
    lang = _.lang
    lines: list[str] = []

    def header(number: int, leader: int) -> None:
        lines.append(_("Round {number}: {name} leads.").format(number=number, name=names[leader]))

    for finished in match.rounds:
        lines.extend(round_lines(finished, match.players, you, tuple(names), lang))
    if match.is_over:
        scores = match.scores
        rounds = len(match.rounds)
        lines.append(
            _.ngettext(
                "Match over after {rounds} round.", "Match over after {rounds} rounds.", rounds
            ).format(rounds=rounds)
        )
        winner = match.winner
        if match.partnerships and winner is not None:  # the side, partners together (D24)
            lines.extend(_said([narration.side_won(winner, scores[winner])], you, names, _))
        elif winner is None:
            lines.append(
                _("The match is drawn: the highest score, {score}, is shared (D17).").format(
                    score=max(scores)
                )
            )
        elif winner == you:
            lines.append(_("You win the match with {score}.").format(score=scores[winner]))
        else:
            lines.append(
                _("{name} wins the match with {score}.").format(
                    name=names[winner], score=scores[winner]
                )
            )
    else:
        header(len(match.rounds) + 1, round_.leader)
        known = tuple(names)
        block = match.block
        lines.extend(cached_move_line(move, you, known, lang, block) for move in round_.history)
    return lines
