"""Properties over many seeded random hands and matches of both games, with 2, 3 and 4
players alone and 4 in partnerships (hypothesis, derandomized so a run is repeatable).

Every play's legality, ends total and points, and every end of hand, are recomputed here
by a model of the layout and of F4-F9 written for the test (it calls none of the
engine's scoring), and compared with what the engine says.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.dominoes import DOUBLE_SIX, End, Tile
from pegboard.fives import DRAW, PASS, FivesHand, FivesMatch, FivesRules, Play

TABLES = [
    (game, players, partnerships)
    for game in ("all-fives", "fives-and-threes")
    for players, partnerships in ((2, False), (3, False), (4, False), (4, True))
]
OPTIONS = st.sampled_from(
    [(*table, 0, False) for table in TABLES]
    + [
        ("all-fives", 2, False, 2, False),
        ("all-fives", 4, True, 0, True),
        ("all-fives", 3, False, 2, True),
    ]
)
FAST = settings(max_examples=150, derandomize=True, deadline=None)


class Model:
    """The layout as the test sees it: every open end as (tile, side) -> number shown."""

    def __init__(self, spinner_rule: bool) -> None:
        self.spinner_rule = spinner_rule
        self.spinner: Tile | None = None
        self.ends: dict[tuple[Tile, str], int] = {}
        self.held_sides: set[str] = set()
        self.empty = True

    def open(self) -> set[tuple[Tile, str]]:
        return set(self.ends)

    def place(self, tile: Tile, end: End | None) -> None:
        if self.empty:
            assert end is None
            self.empty = False
            if tile.is_double:
                self.ends[(tile, "A")] = self.ends[(tile, "B")] = tile.low
                if self.spinner_rule:
                    self.spinner = tile
            else:
                self.ends[(tile, "high")], self.ends[(tile, "low")] = tile.high, tile.low
            return
        assert end is not None
        key = (end.tile, end.side)
        value = self.ends.pop(key)
        assert tile.low == value or tile.high == value
        if end.tile is self.spinner and end.side in ("A", "B"):
            self.held_sides.add(end.side)
            if self.held_sides == {"A", "B"}:
                self.ends[(end.tile, "C")] = self.ends[(end.tile, "D")] = value
        if tile.is_double:
            self.ends[(tile, "B")] = value
            if self.spinner_rule and self.spinner is None:
                self.spinner = tile
                self.held_sides = {"A"}
        else:
            free = "low" if tile.high == value else "high"
            self.ends[(tile, free)] = tile.low if free == "low" else tile.high

    def total(self) -> int:
        total = 0
        doubles: set[Tile] = set()
        for (tile, side), value in self.ends.items():
            if side in ("C", "D"):
                continue
            if tile.is_double:
                if tile is self.spinner and self.held_sides == {"A", "B"}:
                    continue
                if tile not in doubles:
                    doubles.add(tile)
                    total += 2 * value
            else:
                total += value
        return total


def worth(game: str, by_fives: bool, total: int) -> int:
    if game == "all-fives":
        if total % 5 or not total:
            return 0
        return total // 5 if by_fives else total
    return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)


def rounded(pips: float) -> int:
    """The nearest multiple of five, a half up (F8)."""
    low = int(pips // 5) * 5
    return low + 5 if pips - low >= 2.5 else low


def expected_end(
    rules: FivesRules, hands: list[list[Tile]], kind: str, by: int | None
) -> list[int]:
    """What the end of the hand scores per side, recomputed (F8)."""
    sides = [(0, 2), (1, 3)] if rules.partnerships else [(s,) for s in range(rules.players)]
    pips = [sum(t.low + t.high for s in side for t in hands[s]) for side in sides]
    points = [0] * len(sides)
    if rules.game != "all-fives" or kind == "target":
        return points
    divide = 5 if rules.by_fives else 1
    if kind == "domino":
        assert by is not None
        won = next(i for i, side in enumerate(sides) if by in side)
        points[won] = rounded(sum(pips) - pips[won]) // divide
        return points
    lowest = min(pips)
    tied = [i for i, p in enumerate(pips) if p == lowest]
    if len(tied) == 1:
        points[tied[0]] = rounded(sum(pips) - lowest) // divide
    elif len(sides) > 2:
        rest = sum(pips) - lowest * len(tied)
        for i in tied:
            points[i] = rounded(rest / len(tied)) // divide
    return points


def hidden_texts(hand: FivesHand, seat: int) -> list[str]:
    tiles = [t for s, tiles in enumerate(hand.hands) if s != seat for t in tiles] + list(
        hand.boneyard
    )
    return [f"{t.low}-{t.high}" for t in tiles] + [str(t) for t in tiles]


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)] + [str(k) for k in value]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def check_observations(hand: FivesHand) -> None:
    """No seat's observation, nor its JSON, shows another hand's tile or the boneyard's."""
    for seat in range(hand.num_players):
        observation = hand.observation(seat)
        data = json.loads(json.dumps(observation.to_dict()))
        texts = strings(data)
        for hidden in hidden_texts(hand, seat):
            pattern = re.compile(rf"(?<![0-9]){re.escape(hidden)}(?![0-9])")
            assert not any(pattern.search(text) for text in texts), (seat, hidden)
        assert set(observation.hand) == set(hand.hand(seat))
        assert not set(observation.hand) & {
            t for s, h in enumerate(hand.hands) if s != seat for t in h
        }


def run_hand(
    options: tuple[str, int, bool, int, bool], seed: int, scores: list[int] | None = None
) -> FivesHand:
    game, players, partnerships, reserve, by_fives = options
    rules = FivesRules(game, players, partnerships, reserve=reserve, by_fives=by_fives)  # type: ignore[arg-type]
    rng = random.Random(seed)
    hand = FivesHand.deal(rules, seed=seed, leader=seed % players, scores=scores)
    model = Model(game == "all-fives")
    hands = [list(h) for h in hand.hands]
    boneyard = list(hand.boneyard)
    side_scores = list(hand.scores)
    n = players
    drawable = len(boneyard) - reserve if game == "all-fives" else 0
    target = 61 if game != "all-fives" or by_fives else (250 if players == 2 else 200)
    for step in range(300):
        # tiles are conserved
        placed = sum(len(h) for h in hand.hands) + hand.boneyard_count + len(hand.layout)
        assert placed == 28
        assert sorted(set(sum(hand.hands, ()) + hand.boneyard + hand.layout.tiles)) == list(
            DOUBLE_SIX
        )
        if hand.is_over:
            break
        seat = hand.current_player
        assert seat is not None and hands[seat]
        # a legal action in every live position, as the model says (F4, F5)
        if model.empty:
            expected = {Play(t) for t in hands[seat]}
        else:
            expected = {
                Play(t, End(tile, side))  # type: ignore[arg-type]
                for t in hands[seat]
                for (tile, side), value in model.ends.items()
                if value in (t.low, t.high)
            }
        if not expected:
            expected = {DRAW} if drawable > 0 else {PASS}
        legal = hand.legal_actions()
        assert legal and set(legal) == expected and len(legal) == len(expected)
        if step % 7 == 0:
            check_observations(hand)
            assert_records_replay(hand)
        action = rng.choice(legal)
        hand.apply(action)
        move = hand.history[-1]
        if action is DRAW:
            hands[seat].append(boneyard.pop(0))
            drawable -= 1
            continue
        if action is PASS:
            if hand.is_over:  # the last draw emptied the boneyard: blocked (F8)
                result = hand.result
                assert result is not None and result.kind == "blocked" and result.by is None
                end = expected_end(hand.rules, hands, "blocked", None)
                assert list(result.points) == end
                side_scores = [a + b for a, b in zip(side_scores, end, strict=True)]
            continue
        assert isinstance(action, Play)
        hands[seat].remove(action.tile)
        model.place(action.tile, action.end)
        total = model.total()
        value = worth(game, by_fives, total)
        chip = not hands[seat] and game != "all-fives"
        value += chip
        side = seat % 2 if partnerships else seat
        points = 0 if game != "all-fives" and side_scores[side] + value > 61 else value
        side_scores[side] += points
        assert (move.total, move.worth, move.points, move.chip_out) == (total, value, points, chip)
        if hand.is_over:
            result = hand.result
            assert result is not None
            reached = (
                side_scores[side] == 61 if game != "all-fives" else side_scores[side] >= target
            )
            partners = [s for s in range(n) if (s % 2 if partnerships else s) == side]
            if points and reached:
                kind = "target"
            elif not hands[seat] and (
                game == "all-fives" or not partnerships or all(not hands[s] for s in partners)
            ):
                kind = "domino"
            else:
                kind = "blocked"
            assert result.kind == kind
            assert result.by == (None if kind == "blocked" else seat)
            end = expected_end(hand.rules, hands, kind, result.by)
            assert list(result.points) == end
            side_scores = [a + b for a, b in zip(side_scores, end, strict=True)]
    else:
        raise AssertionError("the hand never ended")
    # blocked means nobody could play or draw
    assert hand.result is not None
    if hand.result.kind == "blocked":
        values = set(model.ends.values())
        assert not any(values & {t.low, t.high} for h in hands for t in h)
    assert list(hand.scores) == side_scores
    assert [sorted(h) for h in hands] == [list(h) for h in hand.hands]
    assert_records_replay(hand)
    return hand


def assert_records_replay(hand: FivesHand) -> None:
    record = json.loads(json.dumps(hand.to_record()))
    again = FivesHand.from_record(record)
    assert again.to_record() == hand.to_record()
    assert again.hands == hand.hands and again.boneyard == hand.boneyard
    for seat in range(hand.num_players):
        assert again.observation(seat).to_dict() == hand.observation(seat).to_dict()


@FAST
@given(OPTIONS, st.integers(0, 2**32))
def test_f2_to_f8_hands_are_legal_scored_and_ended_as_the_model_says(
    options: tuple[str, int, bool, int, bool], seed: int
) -> None:
    run_hand(options, seed)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(OPTIONS, st.integers(0, 2**32), st.integers(40, 60))
def test_f9_hands_near_the_target_score_as_the_model_says(
    options: tuple[str, int, bool, int, bool], seed: int, near: int
) -> None:
    game, players, partnerships, _, by_fives = options
    sides = 2 if partnerships else players
    target = 61 if game != "all-fives" or by_fives else (250 if players == 2 else 200)
    run_hand(options, seed, [target - 61 + near] * sides)


@settings(max_examples=25, derandomize=True, deadline=None)
@given(OPTIONS, st.integers(0, 2**32))
def test_f3_f9_matches_run_to_the_target_and_their_records_replay(
    options: tuple[str, int, bool, int, bool], seed: int
) -> None:
    game, players, partnerships, reserve, by_fives = options
    rules = FivesRules(game, players, partnerships, reserve=reserve, by_fives=by_fives)  # type: ignore[arg-type]
    match = FivesMatch(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    assert match.is_over and match.winner is not None
    record = json.loads(json.dumps(match.to_record()))
    again = FivesMatch.from_record(record)
    assert again.to_record() == match.to_record()
    previous = [0] * rules.num_sides
    for finished in match.hands:
        assert all(b >= a for a, b in zip(previous, finished.scores_after, strict=True))
        previous = list(finished.scores_after)
        if not rules.all_fives:
            assert max(finished.scores_after) <= 61


@settings(max_examples=80, derandomize=True, deadline=None)
@given(OPTIONS, st.integers(0, 2**32), st.integers(0, 60))
def test_sample_hidden_agrees_with_the_observation(
    options: tuple[str, int, bool, int, bool], seed: int, steps: int
) -> None:
    game, players, partnerships, reserve, by_fives = options
    rules = FivesRules(game, players, partnerships, reserve=reserve, by_fives=by_fives)  # type: ignore[arg-type]
    hand = FivesHand.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    for seat in range(players):
        sampled = hand.sample_hidden(seat, random.Random(seed + seat))
        assert sampled.observation(seat).to_dict() == hand.observation(seat).to_dict()
        assert sampled.hand(seat) == hand.hand(seat)
        everything = sum(sampled.hands, ()) + sampled.boneyard + sampled.layout.tiles
        assert sorted(everything) == list(DOUBLE_SIX)
        for other in range(players):
            if other == seat:
                continue
            # the numbers of its last draw or pass, with no draw since, are not in its hand
            moves = [(i, m) for i, m in enumerate(hand.history) if m.seat == other]
            proofs = [(i, m) for i, m in moves if m.action in (DRAW, PASS)]
            if proofs:
                last, proof = proofs[-1]
                drawn_since = any(m.action is DRAW for i, m in moves if i > last)
                if not drawn_since and proof.action is PASS:
                    assert not any(set(proof.values) & {t.low, t.high} for t in sampled.hand(other))
        if not hand.is_over:
            sampled.apply(sampled.legal_actions()[0])  # the sample plays on
