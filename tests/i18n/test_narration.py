"""``pegboard.i18n.say``: what an event may carry (a second-person template, a plural, a
list of events, a value said in the rules' own words) and how each is said."""

from __future__ import annotations

from dataclasses import dataclass

from pegboard.core import Event, Joined, Later
from pegboard.i18n import say, say_all, translator

EN = translator("en")
PT = translator("pt")


@dataclass(frozen=True)
class Colour:
    """A value the rules say in each language's own words."""

    key: str

    def in_words(self, lang: str) -> str:
        return {"en": {"red": "red"}, "pt": {"red": "vermelho"}}[lang][self.key]


def name(seat: int) -> str:
    return ["Ana", "Bia", "Caio"][seat]


def test_the_reader_is_addressed_in_the_second_person_only_when_the_subject() -> None:
    event = Event("{player} plays {move}.", {"move": "5H"}, {"player": 1}, you="You play {move}.")
    assert event.subject == 1
    assert say(event, EN, name) == "Bia plays 5H."
    assert say(event, EN, name, reader=1) == "You play 5H."
    assert say(event, EN, name, reader=0) == "Bia plays 5H."
    # Nested events are about their own subject.
    outer = Event("{player} sees that {inner}", {"inner": event}, {"player": 0})
    assert say(outer, EN, name, reader=1) == "Ana sees that You play 5H."
    assert say(Event("{player} waits", {}, {"player": 2}), EN, name, reader=2) == "Caio waits"


def test_a_plural_is_chosen_by_its_count_in_each_language() -> None:
    one = "Match over after {rounds} round."
    many = "Match over after {rounds} rounds."
    event = Event(one, {"rounds": 3}, plural=many, count="rounds")
    assert say(event, EN) == str(event) == "Match over after 3 rounds."
    single = Event(one, {"rounds": 1}, plural=many, count="rounds")
    assert say(single, EN) == str(single) == "Match over after 1 round."
    assert say(event, PT) == PT.ngettext(one, many, 3).format(rounds=3)
    assert say(event, PT) != say(single, PT).replace("1", "3")  # the catalog's plural form


def test_joined_events_and_words_of_the_rules() -> None:
    scores = Joined(
        tuple(Event("{player} {score}", {"score": s}, {"player": i}) for i, s in enumerate((3, 9))),
        " · ",
    )
    event = Event("Scores: {scores}; colour {colour}", {"scores": scores, "colour": Colour("red")})
    assert say(event, EN, name) == "Scores: Ana 3 · Bia 9; colour red"
    assert say(event, PT, name).endswith("vermelho")
    assert say(event, PT, name, lang="en").endswith("red")
    assert str(event) == "Scores: seat 0 3 · seat 1 9; colour red"
    assert say_all([event, event], EN, name) == [say(event, EN, name)] * 2


def test_later_works_the_events_out_once_when_first_read() -> None:
    calls = []

    def make() -> tuple[Event, ...]:
        calls.append(1)
        return (Event("one"), Event("two"))

    later = Later(make)
    assert calls == []
    assert len(later) == 2 and later[1] == Event("two") and next(iter(later)) == Event("one")
    assert tuple(later) == (Event("one"), Event("two"))
    assert calls == [1]


# -- issue 18: words the catalogs alone could not get right ------------------------------


def test_c2_you_lay_cards_in_your_own_crib_is_a_message_of_its_own() -> None:
    """The dealer lays in their own crib: Hindi says it reflexively (अपने), not "आपके"; the
    other seat's discard into your crib keeps "your crib"."""
    from pegboard.cribbage import Card
    from pegboard.cribbage.narration import discarded, laid_away
    from pegboard.cribbage.text import Seats

    cards = [Card.parse("5H"), Card.parse("JS")]
    hi = translator("hi")
    for said in (
        say(discarded(0, cards, dealer=0), hi, reader=0),
        Seats(human=0, other="बॉट").say(laid_away(0, dealer=0), hi, start=True),
    ):
        assert "अपने क्रिब में" in said and "आपके" not in said, said
    assert say(discarded(0, cards, dealer=0), EN, reader=0) == "You lay 5H JS in your own crib."
    assert say(laid_away(1, dealer=0), EN, reader=0) == "Seat 2 lays two cards in your crib."
    assert "आपके क्रिब में" in say(laid_away(1, dealer=0), hi, reader=0)


def test_b5_the_side_in_a_refused_end_is_said_in_the_language() -> None:
    """``{tile} ({side}) is not an open end of the line``: the side in the B5 words of the
    reader's language (high end, ponta..., 高端; a spinner's arms C and D too), never the
    engine's raw ``high``/``A``."""
    import pytest

    from pegboard.core import IllegalActionError
    from pegboard.dominoes import End, Tile
    from pegboard.dominoes.line import Line
    from pegboard.fives import Layout
    from pegboard.i18n.errors import describe_error

    line = Line()
    line.play(Tile(3, 4))
    with pytest.raises(IllegalActionError) as caught:
        line.play(Tile(5, 6), End(Tile(5, 6), "high"))
    said = {lang: describe_error(caught.value, lang) for lang in ("en", "pt", "zh", "hi")}
    assert said["en"] == "[5|6] (high end) is not an open end of the line (D9)"
    assert said["zh"] == "[5|6]（高端）不是牌链的开放末端（D9）"
    assert "(high)" not in said["pt"] and "(high)" not in said["hi"]
    assert str(caught.value) == said["en"]
    layout = Layout(spinner=True)
    layout.play(Tile(5, 5))
    with pytest.raises(IllegalActionError) as arm:
        layout.play(Tile(6, 6), End(Tile(6, 6), "C"))  # no [6|6] in the layout: no arm C
    assert describe_error(arm.value, "pt") == (
        "[6|6] (braço C da carroça em cruz) não é uma ponta aberta da linha (F5)"
    )
    assert "(C)" not in describe_error(arm.value, "hi")
