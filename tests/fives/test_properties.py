"""Properties over thousands of seeded random hands of both games (2,000 and more of each),
with 2, 3 and 4 players alone and 4 in partnerships, across the options (All Fives' reserve
and scoring by fives, F4, F9), and over seeded matches to the target.

The thousands are plain seeded loops: every hand is its seed (a failure names the seed and
the options that reproduce it) and nothing is spent on hypothesis's bookkeeping, so the run
stays cheap. Hypothesis then draws seeds, options and near-target scores far outside the
loops' range, and shrinks a failure to its smallest seed.
Every play's legality, ends total and points, every end of hand and every target are
recomputed here by a model of the layout and of F4-F9 written for the test (it calls none
of the engine's scoring), and compared with what the engine says; at some moment of every
hand and at its end no seat's observation names another hand's tile or the boneyard's;
every hand's record replays it exactly.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.dominoes import DOUBLE_SIX, End, Tile
from pegboard.fives import DRAW, PASS, FivesHand, FivesMatch, FivesRules, Play

HANDS = 2_000
"""Random hands of each game."""
SEATS = ((2, False), (3, False), (4, False), (4, True))
OPTIONS = {
    "all-fives": [
        (players, partnerships, reserve, by_fives)
        for players, partnerships in SEATS
        for reserve in (0, 2)
        for by_fives in (False, True)
    ],
    "fives-and-threes": [(players, partnerships, 0, False) for players, partnerships in SEATS],
}
"""Every option combination of each game: the seats (F1), the reserve (F4), by fives (F9)."""
OBSERVATION_KEYS = frozenset(
    {
        "game",
        "rules",
        "seat",
        "hand",
        "layout",
        "spinner",
        "open_ends",
        "ends_total",
        "hand_sizes",
        "boneyard_count",
        "drawable",
        "scores",
        "sides",
        "leader",
        "to_play",
        "history",
        "legal_actions",
        "result",
        "out_of_play",
    }
)
"""What an observation says, and nothing more (no field may carry hidden tiles)."""


def rules_for(game: str, index: int) -> FivesRules:
    players, partnerships, reserve, by_fives = OPTIONS[game][index % len(OPTIONS[game])]
    return FivesRules(game, players, partnerships, reserve=reserve, by_fives=by_fives)  # type: ignore[arg-type]


def target_of(rules: FivesRules) -> int:
    """F9, from the rules' words, not the engine's."""
    if rules.game != "all-fives" or rules.by_fives:
        return 61
    return 250 if rules.players == 2 else 200


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


TILE_WORDS = {
    tile: (str(tile), f"{tile.low}-{tile.high}", f"{tile.high}-{tile.low}") for tile in DOUBLE_SIX
}
"""Every way a record or an observation writes a tile: [4|5], 4-5, 5-4."""
MENTION = re.compile(r"[0-6]-[0-6]|\[[0-6]\|[0-6]\]")
"""A tile written in any of those ways (what the leak check looks for)."""


def check_observations(hand: FivesHand, seats: Sequence[int] | None = None) -> None:
    """No seat's observation (of ``seats``, default all), nor its JSON, names another
    hand's tile or the boneyard's (once the hand is over its end reveals the hands, F8: the
    boneyard stays hidden)."""
    hands = hand.hands
    for seat in range(hand.num_players) if seats is None else seats:
        observation = hand.observation(seat)
        data = observation.to_dict()
        assert data.keys() == OBSERVATION_KEYS
        hidden = set(hand.boneyard)
        if not hand.is_over:
            hidden.update(t for other, tiles in enumerate(hands) if other != seat for t in tiles)
        mentioned = set(MENTION.findall(json.dumps(data)))
        named = [tile for tile in hidden if mentioned.intersection(TILE_WORDS[tile])]
        assert not named, (seat, named)
        assert observation.hand == hands[seat]


def check_conserved(hand: FivesHand) -> None:
    """Every tile of the set is in exactly one place: a hand, the boneyard or the layout."""
    places = [t for tiles in hand.hands for t in tiles] + [*hand.boneyard, *hand.layout.tiles]
    assert len(places) == 28 and set(places) == set(DOUBLE_SIX)


def assert_records_replay(hand: FivesHand) -> None:
    """The hand's JSON record replays it exactly: the same record, hands, boneyard, layout,
    history, result, scores and seat to play (everything an observation is made of)."""
    record = hand.to_record()
    again = FivesHand.from_record(json.loads(json.dumps(record)))
    assert again.to_record() == record
    assert again.hands == hand.hands and again.boneyard == hand.boneyard
    assert again.history == hand.history and again.result == hand.result
    assert again.layout.plays() == hand.layout.plays() and again.leader == hand.leader
    assert again.scores == hand.scores and again.current_player == hand.current_player


def run_hand(rules: FivesRules, seed: int, scores: list[int] | None = None) -> FivesHand:
    """A random hand, every move checked against the model; see the module."""
    game, players, partnerships = rules.game, rules.players, bool(rules.partnerships)
    by_fives, reserve = rules.by_fives, rules.reserve
    rng = random.Random(seed)
    hand = FivesHand.deal(rules, seed=seed, leader=seed % players, scores=scores)
    model = Model(game == "all-fives")
    hands = [list(h) for h in hand.hands]
    boneyard = list(hand.boneyard)
    side_scores = list(hand.scores)
    drawable = len(boneyard) - reserve if game == "all-fives" else 0
    target = target_of(rules)
    looked = rng.randrange(12)  # the move before which the observations are looked at
    for step in range(300):
        if hand.is_over:
            break
        if step == looked:
            check_observations(hand)
            check_conserved(hand)
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
        action = legal[rng.randrange(len(legal))]
        hand.apply(action)
        move = hand.history[-1]
        assert (move.seat, move.action) == (seat, action)
        if action is DRAW:
            hands[seat].append(boneyard.pop(0))
            drawable -= 1
            continue
        if action is PASS:
            assert move.values == tuple(sorted(set(model.ends.values())))
            if hand.is_over:  # nobody can play nor draw: blocked (F8)
                result = hand.result
                assert result is not None and result.kind == "blocked" and result.by is None
                end = expected_end(rules, hands, "blocked", None)
                assert list(result.points) == end
                side_scores = [a + b for a, b in zip(side_scores, end, strict=True)]
            continue
        assert isinstance(action, Play)
        hands[seat].remove(action.tile)
        model.place(action.tile, action.end)
        total = model.total()  # F6
        value = worth(game, by_fives, total)  # F7
        chip = not hands[seat] and game != "all-fives"
        value += chip
        side = seat % 2 if partnerships else seat
        points = 0 if game != "all-fives" and side_scores[side] + value > 61 else value  # F9
        side_scores[side] += points
        assert (move.total, move.worth, move.points, move.chip_out) == (total, value, points, chip)
        if hand.is_over:
            result = hand.result
            assert result is not None
            reached = (
                side_scores[side] == 61 if game != "all-fives" else side_scores[side] >= target
            )
            partners = [s for s in range(players) if (s % 2 if partnerships else s) == side]
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
            end = expected_end(rules, hands, kind, result.by)  # F8
            assert list(result.points) == end
            side_scores = [a + b for a, b in zip(side_scores, end, strict=True)]
        else:  # F9: nobody at the target while the hand goes on
            assert not any(
                (score == 61 if game != "all-fives" else score >= target) for score in side_scores
            )
    else:
        raise AssertionError("the hand never ended")
    # blocked means nobody could play or draw
    assert hand.result is not None
    if hand.result.kind == "blocked":
        values = set(model.ends.values())
        assert not any(values & {t.low, t.high} for h in hands for t in h)
        assert drawable <= 0
    assert list(hand.scores) == side_scores
    assert [sorted(h) for h in hands] == [list(h) for h in hand.hands]
    assert list(hand.boneyard) == boneyard
    check_conserved(hand)
    check_observations(hand, [seed % players])  # every seat was looked at in play
    if seed // len(OPTIONS[game]) % 2 == 0:  # every other round of the options: 1,000
        assert_records_replay(hand)
    return hand


def seeds(game: str) -> Iterator[tuple[int, FivesRules, list[int] | None]]:
    """``HANDS`` hands of ``game``: each option combination in turn, every third hand begun
    near the target (F9), the sides' scores 40 to 60 below 61 points from it."""
    for seed in range(HANDS):
        rules = rules_for(game, seed)
        scores = None
        if seed % 3 == 2:
            near = 40 + seed % 21
            scores = [target_of(rules) - 61 + near] * rules.num_sides
        yield seed, rules, scores


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_f2_to_f9_thousands_of_hands_are_legal_scored_ended_and_recorded_as_the_model_says(
    game: str,
) -> None:
    kinds: dict[str, int] = {}
    for seed, rules, scores in seeds(game):
        try:
            result = run_hand(rules, seed, scores).result
        except AssertionError as error:
            raise AssertionError(f"seed {seed}, {rules}: {error}") from error
        assert result is not None
        kinds[result.kind] = kinds.get(result.kind, 0) + 1
    # every way a hand ends was met, many times
    assert min(kinds.get(kind, 0) for kind in ("domino", "blocked", "target")) > 50, kinds


@settings(max_examples=120, derandomize=True, deadline=None)
@given(
    st.sampled_from(sorted(OPTIONS)),
    st.integers(0, 2**32),
    st.integers(0, 15),
    st.none() | st.integers(40, 60),
)
def test_f2_to_f9_any_seeded_hand_is_legal_scored_and_ended_as_the_model_says(
    game: str, seed: int, options: int, near: int | None
) -> None:
    rules = rules_for(game, options)
    scores = None if near is None else [target_of(rules) - 61 + near] * rules.num_sides
    assert run_hand(rules, seed, scores).result is not None


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_f3_f9_matches_run_to_the_target_and_their_records_replay(game: str) -> None:
    for seed in range(len(OPTIONS[game]) + 4):  # every option combination, and more
        rules = rules_for(game, seed)
        target = target_of(rules)
        match = FivesMatch(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(20000):
            if match.is_over:
                break
            legal = match.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
        assert match.is_over and match.winner is not None
        winner = match.side_scores[match.winner]
        assert winner == 61 if game != "all-fives" else winner >= target  # F9
        record = json.loads(json.dumps(match.to_record()))
        again = FivesMatch.from_record(record)
        assert again.to_record() == match.to_record()
        assert [h.history for h in again.hands] == [h.history for h in match.hands]
        # F3: who led each hand, from the lots drawn and the hand before
        lots = dict(match.lots)
        for before, finished in zip((None, *match.hands), match.hands, strict=False):
            drawn = lots.pop(finished.number, None)
            if drawn is not None:  # the highest tile of the lot's last draw leads
                last = drawn[-1].tiles
                top = max(t.low + t.high for t in last.values())
                assert [s for s, t in last.items() if t.low + t.high == top] == [finished.leader]
            if before is None:
                assert drawn is not None
            elif game != "all-fives":  # one seat clockwise each hand
                assert drawn is None and finished.leader == (before.leader + 1) % rules.players
            elif before.result.kind == "domino":  # the dominoer leads
                assert drawn is None and finished.leader == before.result.by
            else:  # a new lot after a block
                assert drawn is not None
        assert not lots
        previous = [0] * rules.num_sides
        for finished in match.hands:
            assert all(b >= a for a, b in zip(previous, finished.scores_after, strict=True))
            previous = list(finished.scores_after)
            if game != "all-fives":
                assert max(finished.scores_after) <= 61


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_sample_hidden_agrees_with_the_observation(game: str) -> None:
    for seed in range(60):
        rules = rules_for(game, seed)
        players = rules.players
        hand = FivesHand.deal(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(61)):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        for seat in range(players):
            sampled = hand.sample_hidden(seat, random.Random(seed + seat))
            assert sampled.observation(seat).to_dict() == hand.observation(seat).to_dict()
            assert sampled.hand(seat) == hand.hand(seat)
            check_conserved(sampled)
            for other in range(players):
                if other == seat:
                    continue
                # the numbers of its last pass, with no draw since, are not in its hand
                moves = [(i, m) for i, m in enumerate(hand.history) if m.seat == other]
                proofs = [(i, m) for i, m in moves if m.action in (DRAW, PASS)]
                if proofs:
                    last, proof = proofs[-1]
                    drawn_since = any(m.action is DRAW for i, m in moves if i > last)
                    if not drawn_since and proof.action is PASS:
                        assert not any(
                            set(proof.values) & {t.low, t.high} for t in sampled.hand(other)
                        )
            if not hand.is_over:
                sampled.apply(sampled.legal_actions()[0])  # the sample plays on
