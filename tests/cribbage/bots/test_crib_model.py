"""The crib valued under a model of the opponent's discard (issue 20, C2, C6): the stored
table against published tables, the worked examples of published strategy, the table as
the generator's fixed point, and the pegging search's deals weighted by the opponent's
discard.

Published figures (typed in from the sources, not from our code):

- own crib (the dealer's discard), Cribbage Pro's table from real play; Schell's,
  Hessel's and Colvert's computed tables, own and opponent's crib: all in full in
  ``published_crib_tables``, which gives their sources; the rows quoted below (those of
  the reference file) are entries of them;
- the dealer's A-2-7-9-J-Q (https://www.cribbageforum.com/AnalyzeDiscardsPart2.htm) and
  Cribbage Pro's pone quiz 2-3-9-10-J-Q (blog.cribbagepro.net, 2013-08)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pegboard.cribbage import Discard, Game, parse_cards
from pegboard.cribbage.bots import crib_table as table
from pegboard.cribbage.bots.basic import crib_points
from pegboard.cribbage.bots.discard import discard_likelihood, discard_values, table_crib
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.opponent import weighted_deals
from pegboard.cribbage.determinize import HiddenDeal, hidden_deal

from .published_crib_tables import (
    COLVERT_OPP,
    COLVERT_OWN,
    CRIBBAGE_PRO_OWN,
    HESSEL_OPP,
    HESSEL_OWN,
    SCHELL_OPP,
    SCHELL_OWN,
    Table,
)

TOLERANCE = 0.3
"""Issue 20: within 0.3 of the published figures."""

OWN_PUBLISHED = [
    # (low rank, high rank, figure, source)
    (5, 5, 8.5, "Cribbage Pro"),
    (2, 3, 6.9, "Cribbage Pro"),
    (5, 11, 6.7, "Cribbage Pro"),
    (1, 1, 5.2, "Cribbage Pro"),
    (10, 13, 2.7, "Cribbage Pro"),
    (9, 12, 2.8, "Cribbage Pro"),
    (9, 13, 2.8, "Cribbage Pro"),
    (1, 1, 5.38, "Schell"),
    (1, 2, 4.23, "Schell"),
    (2, 2, 5.72, "Schell"),
    (2, 3, 7.00, "Schell"),
    (1, 5, 5.45, "Schell"),
]
OPP_PUBLISHED = [
    (5, 5, 9.39, "Hessel"),
    (4, 5, 7.46, "Hessel"),
    (5, 11, 7.75, "Hessel"),
    (10, 13, 3.99, "Hessel"),
    (9, 13, 4.13, "Hessel"),
]

MISSED = {(5, 5, 8.5)}
"""Cribbage Pro's 5-5 from real play (8.5) is 0.33 below the model's 8.83. The computed
tables agree with the model: the own-crib 5-5 is 8.79 in Schell's table and 8.95 in
Hessel's (computed, like the model, by iterating optimal discards), the pone's 9.37 and 9.39
against the model's 9.27. Hessel's own-crib 5-5 is itself 0.45 above real play's: real
players are not the expert that the computed tables model."""


def _cases(rows: list[tuple[int, int, float, str]], own: bool) -> list[object]:
    cases: list[object] = []
    for low, high, figure, source in rows:
        marks = []
        if (low, high, figure) in MISSED and own:
            marks.append(pytest.mark.xfail(strict=True, reason="0.33 from real play's 8.5"))
        cases.append(pytest.param(low, high, figure, own, id=f"{low}-{high}-{source}", marks=marks))
    return cases


@pytest.mark.parametrize(
    ("low", "high", "figure", "own"), _cases(OWN_PUBLISHED, True) + _cases(OPP_PUBLISHED, False)
)
def test_c6_crib_values_are_within_03_of_the_published_tables(
    low: int, high: int, figure: float, own: bool
) -> None:
    assert abs(table_crib(low, high, own) - figure) <= TOLERANCE


FULL_TABLES = {
    "Schell-own": (SCHELL_OWN, True),
    "Schell-opponents": (SCHELL_OPP, False),
    "Hessel-own": (HESSEL_OWN, True),
    "Hessel-opponents": (HESSEL_OPP, False),
    "Colvert-own": (COLVERT_OWN, True),
    "Colvert-opponents": (COLVERT_OPP, False),
}
"""The computed tables in full: (table, own crib)."""
TYPED_IN = {**FULL_TABLES, "Cribbage Pro-own": (CRIBBAGE_PRO_OWN, True)}
"""Every table typed in, real play's with them."""


def _entries(published: Table) -> tuple[float, ...]:
    """A 13 by 13 table's 91 entries, in the stored table's order of pairs."""
    return tuple(published[low - 1][high - 1] for low, high in table.PAIRS)


def _off(values: tuple[float, ...], published: Table) -> dict[tuple[int, int], tuple[float, float]]:
    """The pairs whose value is more than 0.3 from the published one: (value, published)."""
    return {
        pair: (value, figure)
        for pair, value, figure in zip(table.PAIRS, values, _entries(published), strict=True)
        if abs(value - figure) > TOLERANCE
    }


@pytest.mark.parametrize("name", TYPED_IN)
def test_c6_the_full_tables_are_typed_in_symmetric(name: str) -> None:
    published, _ = TYPED_IN[name]
    assert all(published[i][j] == published[j][i] for i in range(13) for j in range(13))


def test_c6_the_quoted_rows_are_entries_of_the_full_tables() -> None:
    full = {(name.rsplit("-", 1)[0], own): t for name, (t, own) in TYPED_IN.items()}
    for own, rows in ((True, OWN_PUBLISHED), (False, OPP_PUBLISHED)):
        for low, high, figure, source in rows:
            assert full[source, own][low - 1][high - 1] == figure, (low, high, source)


@pytest.mark.parametrize("name", FULL_TABLES)
def test_c6_every_pair_is_within_03_of_the_full_computed_tables(name: str) -> None:
    """All 91 pairs of each table, not only the quoted rows."""
    published, own = FULL_TABLES[name]
    assert _off(table.OWN if own else table.OPP, published) == {}


@pytest.mark.parametrize("name", FULL_TABLES)
def test_c6_the_full_tables_catch_the_uniform_opponent(name: str) -> None:
    """The check above fails the old expert's model (the other seat throwing any two of its
    six alike) on most pairs of every table."""
    published, _ = FULL_TABLES[name]
    assert len(_off(table.UNIFORM, published)) > 45


def test_c6_against_real_play_the_model_misses_only_fives_fewer_than_computed_tables() -> None:
    """Cribbage Pro's own-crib table from real play, all 91 pairs: real play's pairs with a
    five lie below every computed table (as if human pones kept their fives out of the
    dealer's crib more than the modelled expert does), so the computed tables miss some by
    more than 0.3 too. The model misses no pair that Hessel's table, computed the same way,
    does not, and fewer than either computed table; the uniform opponent misses most."""

    def misses(values: tuple[float, ...]) -> set[tuple[int, int]]:
        return set(_off(values, CRIBBAGE_PRO_OWN))

    model = misses(table.OWN)
    hessel, schell = misses(_entries(HESSEL_OWN)), misses(_entries(SCHELL_OWN))
    assert all(5 in pair for pair in model)
    assert model <= hessel
    assert len(model) < min(len(hessel), len(schell))
    assert len(misses(table.UNIFORM)) > 45


def test_c6_the_uniform_opponent_overvalues_fives_and_tens_in_ones_own_crib() -> None:
    """What issue 20 measured on the old expert: a uniform pone throws fives and tens into
    the dealer's crib as often as anything; the modelled pone keeps them out."""
    for low, high in ((5, 5), (10, 13), (5, 11)):
        i = table.PAIRS.index((low, high))
        assert table.OWN[i] < table.UNIFORM[i] - 0.15
        assert table.OPP[i] > table.OWN[i]


def _values(text: str, own: bool, opponent: str = "model") -> dict[frozenset[str], object]:
    return {
        frozenset(str(c) for c in v.discard.cards): v
        for v in discard_values(parse_cards(text), own, opponent)  # type: ignore[arg-type]
    }


def test_c2_dealer_with_a_2_7_9_j_q_tosses_j_q_at_the_published_averages() -> None:
    """Schell: as dealer, keep A-2-7-9 and toss J-Q, expected average 7.09-7.29 by the
    four tables; tossing 7-9 instead, 6.85-6.91."""
    text = "AS 2H 7D 9C JS QH"
    values = _values(text, own=True)
    best = max(values.values(), key=lambda v: v.net)  # type: ignore[attr-defined]
    assert {str(c) for c in best.discard.cards} == {"JS", "QH"}  # type: ignore[attr-defined]
    jq = values[frozenset({"JS", "QH"})]
    n79 = values[frozenset({"7D", "9C"})]
    assert 7.09 - TOLERANCE <= float(jq.net) <= 7.29 + TOLERANCE  # type: ignore[attr-defined]
    assert 6.85 - TOLERANCE <= float(n79.net) <= 6.91 + TOLERANCE  # type: ignore[attr-defined]
    game = Game.from_position([text, "3S 4H 5D 6C 8S 10H"], dealer=0)
    game.apply(Discard(*parse_cards("3S 4H")))  # the pone's, whatever it is
    choice = CribbageExpert().choose(game.observation(0), random.Random(0))
    assert choice is Discard(*parse_cards("JS QH"))


def test_c2_pone_with_2_3_9_10_j_q_tosses_9_q_with_the_published_hand_and_crib() -> None:
    """Cribbage Pro's pone quiz: toss 9-Q (hand 7.04, dealer's crib 4.05), not 2-3 (hand
    6.76, crib 7.39); "only 44% of players get this one right"."""
    values = _values("2S 3H 9D 10C JS QH", own=False)
    best = max(values.values(), key=lambda v: v.net)  # type: ignore[attr-defined]
    assert {c.rank for c in best.discard.cards} == {9, 12}  # type: ignore[attr-defined]
    nq, two3 = values[frozenset({"9D", "QH"})], values[frozenset({"2S", "3H"})]
    for value, hand, crib in ((nq, 7.04, 4.05), (two3, 6.76, 7.39)):
        assert abs(float(value.hand) - hand) <= TOLERANCE  # type: ignore[attr-defined]
        assert abs(float(value.crib) - crib) <= TOLERANCE  # type: ignore[attr-defined]


def test_c6_model_and_uniform_values_differ_only_in_the_crib() -> None:
    for own in (True, False):
        model = _values("5H 5S 10D JC 4C 6C", own)
        uniform = _values("5H 5S 10D JC 4C 6C", own, "uniform")
        for key, value in model.items():
            assert value.hand == uniform[key].hand  # type: ignore[attr-defined]
        five_five = frozenset({"5H", "5S"})
        shift = float(model[five_five].crib - uniform[five_five].crib)  # type: ignore[attr-defined]
        assert shift < 0 if own else shift > 0


def test_the_table_is_the_generators_fixed_point_on_a_sample() -> None:
    """One step of benchmarks/gen_crib_table.py from the stored tables gives them back
    (so the stored file is what the seeded-free, deterministic generator makes)."""
    pytest.importorskip("numpy")
    import numpy as np
    from benchmarks.gen_crib_table import PAIR_INDEX, Model, step

    model = Model()
    own, opp = np.array(table.OWN), np.array(table.OPP)
    sample = [PAIR_INDEX[(4, 4)], PAIR_INDEX[(9, 12)], PAIR_INDEX[(0, 1)], PAIR_INDEX[(3, 4)]]
    new_own, new_opp = step(model, own, opp, sample)
    assert np.abs(new_own - own[sample]).max() < 1e-4
    assert np.abs(new_opp - opp[sample]).max() < 1e-4
    uniform = model.crib_values(np.full((len(model.hands), 15), 1 / 15), sample)
    assert np.abs(uniform - np.array(table.UNIFORM)[sample]).max() < 1e-5


def test_c4_the_pegging_weights_rank_fives_and_tens_as_real_play_does() -> None:
    """``gen_crib_table --pegging`` (docs/bots.md's test of a pegging-aware discard): what a
    kept rank is worth in the pegging. Cribbage Pro's expected pegging by kept hand from
    human play (its pegging quiz's data, as sampled in markafitzgerald1/simulate-cribbage-
    games, ``artifact_pipeline/cribbage_pro_reference.py``): a dealer keeping 5-5-5-5 pegs
    2.76 against the pone's 1.74, keeping 10-10-10-10 2.50 against 2.47, so its fives are
    worth more than its tens; a pone keeping A-A-A-A pegs 0.72 against 1.99, keeping
    5-5-5-5 0.36 against 4.32, so its aces are worth more than its fives."""
    pytest.importorskip("numpy")
    from benchmarks.gen_crib_table import pegging_by_rank

    # 2,000 deals: the margins are those of 5,000 (seed 7: the dealer's five over its ten
    # 0.85 against 0.83, the pone's ace over its five 0.17 against 0.12, the mean -1.22
    # against -1.23), and seeds 8 and 9 keep them (0.72 and 0.91, 0.11 and 0.19).
    pone, dealer, mean = pegging_by_rank(2000, seed=7)
    assert dealer[4] > dealer[9] + 0.3  # the dealer's five against its ten
    assert pone[0] > pone[4]  # the pone's ace against its five
    assert -2.0 < mean < -0.5  # the dealer pegs more (Cribbage Pro's quiz: 1.78 to 3.06)


def test_c2_an_expert_like_discarder_keeps_its_fives_out_of_the_other_crib() -> None:
    six = parse_cards("5H 5S KD QC 2C 9H")
    kept_out = discard_likelihood(six, parse_cards("2C 9H"), own_crib=False)
    thrown = discard_likelihood(six, parse_cards("5H 5S"), own_crib=False)
    assert kept_out > 10 * thrown
    assert discard_likelihood(six, parse_cards("5H 5S"), own_crib=True) > thrown


def _rate(deals: list[HiddenDeal], test: Callable[[HiddenDeal], bool]) -> float:
    return sum(map(test, deals)) / len(deals)


def _five(deal: HiddenDeal) -> bool:
    return any(c.rank == 5 for c in deal.discards)


def _scoring(deal: HiddenDeal) -> bool:
    return crib_points(*deal.discards) > 0


@pytest.mark.parametrize("dealer", [0, 1])
def test_c5_the_pegging_deals_follow_what_the_opponents_discard_implies(dealer: int) -> None:
    """The other seat threw two cards we cannot see. As pone (dealer 0) it keeps fives and
    scoring pairs out of our crib; as dealer (dealer 1) it lays a pair or a fifteen in its
    own: the weighted deals give its discard fives, pairs and fifteens accordingly less
    (more) often than uniform deals do."""
    game = Game.from_position(["AS 2S 7H 8D KH QD", "3C 4C 6D 9S JD 10C"], dealer=dealer, seed=3)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    view = game.observation(0)
    weighted = weighted_deals(view, random.Random(5), 400, 1600, None)
    uniform = [hidden_deal(view, random.Random(k)) for k in range(400)]
    if dealer == 0:
        assert _rate(weighted, _five) < 0.5 * _rate(uniform, _five)
        assert _rate(weighted, _scoring) < 0.7 * _rate(uniform, _scoring)
    else:
        assert _rate(weighted, _scoring) > 1.5 * _rate(uniform, _scoring)
    assert all(not (set(d.hand) | set(d.discards)) & set(view.hand) for d in weighted)
