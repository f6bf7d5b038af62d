"""Draw's narration as events (pegboard.draw.narration): the worked examples of the rules
and the seeds, said in English and in the seeds' languages, the events the registry's
``apply`` returns, and the texts of the surfaces made from those events."""

from __future__ import annotations

import random

import pytest

from pegboard import games
from pegboard.core import Event
from pegboard.draw import DRAW, PASS, DrawTile, Match, Play, Round, narration
from pegboard.draw import text as draw_text
from pegboard.i18n import say, say_all, translator
from tests.draw.helpers import E, T, line_of, position


def blocked_round() -> Round:
    """Counts 3, 8 and 10; nobody holds a 5, and the stock is down to two (D8)."""
    round_ = position(["1-2", "2-6", "4-6"], "0-0 0-1", line=[("5-5", None)])
    for _ in range(3):
        round_.apply(PASS)
    return round_


def test_d14_the_seeds_blocked_round_3_8_10_is_said_as_8_plus_10_minus_3() -> None:
    round_ = blocked_round()
    events = narration.settlement(round_.result)
    assert [str(e) for e in events] == [
        "The round is blocked: the stock is down to two and nobody can play.",
        "Hands revealed:",
        "seat 0: [1|2] (count 3)",
        "seat 1: [2|6] (count 8)",
        "seat 2: [4|6] (count 10)",
        "Settlement: 8 + 10 − 3 = 15 → seat 0 scores 15.",
    ]
    assert {e.kind for e in events} == {"settlement"}
    assert events[-1].seats == {"player": 0}
    # The seeds' own words for it: pt "8 + 10 − 3 = 15", the winner named by the surface.
    pt = translator("pt")
    assert say(events[-1], pt) == "Acerto: 8 + 10 − 3 = 15 → Lugar 1 marca 15."  # no article
    en = translator("en")
    assert say(events[-1], en, reader=0) == "Settlement: 8 + 10 − 3 = 15 → you score 15."
    assert say(events[-1], en, reader=1) == "Settlement: 8 + 10 − 3 = 15 → Seat 1 scores 15."


def test_d14_a_shared_lowest_count_3_3_10_scores_nothing() -> None:
    round_ = position(["1-2", "0-3", "4-6"], "0-0 0-1", line=[("5-5", None)])
    for _ in range(3):
        round_.apply(PASS)
    last = narration.settlement(round_.result)[-1]
    assert str(last) == "Settlement: tied lowest count 3: nobody scores."
    assert last.seats == {}
    assert say(last, translator("zh")) == translator("zh")(last.template).format(count=3)


def test_d13_a_domino_against_0_and_8_gives_the_winner_8() -> None:
    # Seat 0 plays its last tile; the opponents hold [0|0] (count 0) and [2|6] (count 8).
    round_ = position(["1-5", "0-0", "2-6"], "3-3 3-4", line=[("5-5", None)])
    round_.apply(Play(T("1-5"), E("5-5A")))
    events = narration.settlement(round_.result)
    assert str(events[0]) == "seat 0 played the last tile of the hand: domino."
    assert str(events[-1]) == "Settlement: 0 + 8 = 8 → seat 0 scores 8."
    assert str(events[2]) == "seat 0: — (count 0)"


def test_a_move_is_said_with_the_side_in_the_b5_words_of_each_language() -> None:
    line = line_of(("1-4", None))
    end = next(e for e in line.open_ends() if e.side == "low")
    event = narration.played(2, Play(T("1-1"), end))
    assert str(event) == "seat 2 plays [1|1] on [1|4] (low end, 1)."
    assert event.seats == {"player": 2} and event.kind == "move"
    assert say(event, translator("en")) == "Seat 3 plays [1|1] on [1|4] (low end, 1)."
    assert say(event, translator("en"), reader=2) == "You play [1|1] on [1|4] (low end, 1)."
    assert "extremidade de menor valor" in say(event, translator("pt"))
    assert "कम बिंदु-मूल्य वाला सिरा" in say(event, translator("hi"))
    assert "低端" in say(event, translator("zh"))
    # The side's words follow the language asked for, not only the translator's.
    assert "low end" in say(event, translator("pt"), lang="en")


def test_opening_drawing_and_passing() -> None:
    assert str(narration.played(1, Play(T("3-4")))) == "seat 1 opens the line with [3|4]."
    assert str(narration.played(1, DRAW)) == "seat 1 draws a tile."
    assert str(narration.drew(1, "[2|5]")) == "seat 1 draws [2|5]."
    assert str(narration.played(1, PASS)) == "seat 1 passes."
    en = translator("en")
    assert say(narration.played(0, PASS), en, reader=0) == "You pass."


def test_d17_the_match_end_says_the_rounds_the_scores_and_the_winner() -> None:
    events = narration.match_end((61, 40, 12), 0, 5)
    assert [str(e) for e in events] == [
        "Match over after 5 rounds.",
        "Final scores: seat 0: 61 · seat 1: 40 · seat 2: 12",
        "seat 0 wins the match with 61.",
    ]
    assert str(narration.match_end((100, 100), None, 1)[0]) == "Match over after 1 round."
    drawn = narration.match_end((100, 100), None, 1)[-1]
    assert str(drawn) == "The match is drawn: the highest score, 100, is shared (D17)."
    pt = translator("pt")
    assert say(events[0], pt) == "Partida encerrada após 5 rodadas."
    assert say(narration.match_end((61, 40), 0, 1)[0], pt) == "Partida encerrada após 1 rodada."


def _played_match(seed: int) -> tuple[Match, list[tuple[int, object, tuple[Event, ...]]]]:
    game = games.get("draw")
    match = game.new_match({"players": 3, "target": None}, seed)
    rng = random.Random(seed)
    told = []
    while match.current_player is not None:
        seat = match.current_player
        action = rng.choice(list(match.legal_actions()))
        rounds = len(match.rounds)
        _notation, events = game.play(match, seat, str(action))
        told.append((seat, action, events))
        if len(match.rounds) > rounds:
            assert events[1:7] == narration.settlement(match.rounds[-1].result)[:6]
    return match, told


def test_the_registrys_apply_returns_the_real_events_of_every_action() -> None:
    match, told = _played_match(3)
    for seat, action, events in told:
        assert events[0] == narration.played(seat, action)
        if isinstance(action, DrawTile):
            # Public: the tile drawn is the drawer's secret (D2), never in the event.
            assert events[0].fields == {} and "[" not in str(events[0])
    ends = [events for _s, _a, events in told if events[-1].kind == "end"]
    assert len(ends) == 1 and ends[0] == told[-1][2]
    assert ends[0][-3:] == narration.match_end(match.scores, match.winner, len(match.rounds))
    settled = [events for _s, _a, events in told if len(events) > 1]
    assert len(settled) == len(match.rounds)


def test_events_read_late_still_tell_the_action_they_came_from() -> None:
    game = games.get("draw")
    match = game.new_match({"players": 2, "target": None}, 11)
    rng = random.Random(11)
    kept = []
    while match.current_player is not None:
        seat = match.current_player
        action = rng.choice(list(match.legal_actions()))
        rounds = len(match.rounds)
        events = game.apply(match, seat, action)
        after, over, leader = len(match.rounds), match.is_over, match.round.leader
        kept.append((events, seat, action, rounds, after, over, leader))
    for events, seat, action, rounds, after, over, leader in kept:  # read only now, the end
        assert tuple(events) == narration.events_of(
            match, seat, action, rounds, after, over, leader
        )
        assert (events[-1].kind == "end") == over
        if len(events) > 1 and not over:
            assert events[-1] == narration.next_round(leader)


def test_a_replay_does_not_work_out_the_events(monkeypatch: pytest.MonkeyPatch) -> None:
    _match, told = _played_match(5)
    log = [(seat, str(action)) for seat, action, _events in told]

    def refuse(*args: object) -> tuple[Event, ...]:
        raise AssertionError("events worked out during a replay")

    monkeypatch.setattr(narration, "events_of", refuse)
    monkeypatch.setattr("pegboard.draw.description.events_of", refuse)
    replayed = games.get("draw").replay({"players": 3, "target": None}, 5, log)
    assert replayed.is_over


# -- the surfaces' texts come from the events ---------------------------------------------


def test_the_settlement_lines_are_the_events_said(monkeypatch: pytest.MonkeyPatch) -> None:
    en = translator("en")
    result = blocked_round().result
    # The surfaces count seats from 1 (the library's seat 0 is "seat 1").
    assert draw_text.settlement_lines(result, None, en)[2] == "  seat 1: [1|2] (count 3)"
    # A template changed in the rules shows in the text, laid out the same way.
    monkeypatch.setattr(narration, "REVEALED", "{player} holds {tiles}, {count} pips")
    lines = draw_text.settlement_lines(result, 1, en)
    assert lines[2:5] == [
        "  seat 1 holds [1|2], 3 pips",
        "  seat 2 (you) holds [2|6], 8 pips",
        "  seat 3 holds [4|6], 10 pips",
    ]
    assert lines[-1] == "Settlement: 8 + 10 − 3 = 15 → seat 1 scores 15."


def test_announce_and_the_match_end_are_the_events_said(monkeypatch: pytest.MonkeyPatch) -> None:
    en = translator("en")
    planted = Event("{player} PLANTED {move}", {"move": Event("a move")}, {"player": 1})
    monkeypatch.setattr(narration, "played", lambda seat, action, block=False: planted)
    assert draw_text.announce(1, PASS, "en", en) == "Seat 2 PLANTED a move"
    monkeypatch.setattr(
        narration,
        "match_end",
        lambda scores, winner, rounds, partnerships=False: (Event("the end, {n}", {"n": 7}),),
    )
    assert draw_text.match_end_lines((1, 2), 1, 3, 0, en) == ["The end, 7"]


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
def test_the_surfaces_words_are_say_of_the_events_in_each_language(lang: str) -> None:
    _ = translator(lang)
    match, told = _played_match(8)
    names = {0: _("{name} (you)").format(name=_("seat {seat}").format(seat=1))}

    def name(seat: int) -> str:  # seats counted from 1, as the surfaces count them
        return names.get(seat) or _("seat {seat}").format(seat=seat + 1)

    for seat, action, events in told:
        text = draw_text.announce(seat, action, lang, _, 0)
        said = say(events[0], _, name, 0)
        assert text == said[:1].upper() + said[1:]
    end = say_all(told[-1][2][-3:], _, name, 0)
    lines = draw_text.match_end_lines(match.scores, match.winner, len(match.rounds), 0, _)
    assert [line[:1].upper() + line[1:] for line in end] == lines


def test_a_round_read_from_its_record_is_narrated_with_its_settlement() -> None:
    game = games.get("draw")
    round_ = position(["1-2", "2-6", "4-6"], "0-0 0-1", line=[("5-5", None)])
    assert tuple(game.play(round_, 0, PASS).events) == (narration.played(0, PASS),)
    assert tuple(game.play(round_, 1, PASS).events) == (narration.played(1, PASS),)
    last = tuple(game.play(round_, 2, PASS).events)
    assert last == (narration.played(2, PASS), *narration.settlement(round_.result))
    assert str(last[-1]) == "Settlement: 8 + 10 − 3 = 15 → seat 0 scores 15."
