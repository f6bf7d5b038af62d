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
