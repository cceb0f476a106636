"""Scoring by comparison with the field in a carte uguali event (FIBAS art. 20, "Carte
uguali": "inizio scala = fine scala precedente + 0,001")."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.comparison import (
    BoardResult,
    ComparisonMethod,
    compare_board,
    compare_round,
    line_vp,
    round_differences,
    written,
)

results = st.lists(st.integers(-200, 200).map(lambda k: 5 * k), min_size=1, max_size=12)


@given(results, st.sampled_from(list(ComparisonMethod)))
def test_a_boards_comparisons_sum_to_zero(mps: list[int], method: ComparisonMethod) -> None:
    rows = compare_board([BoardResult(1, t, mp) for t, mp in enumerate(mps, 1)], method)
    assert sum(c.ns for c in rows) == 0
    assert all(c.ew == -c.ns for c in rows)


def test_against_the_other_tables_and_against_the_field() -> None:
    """Three tables on board 4: N-S +300, +100, -100 MP."""
    played = [BoardResult(4, 1, 300), BoardResult(4, 2, 100), BoardResult(4, 3, -100)]
    others = compare_board(played)
    assert [c.datum for c in others] == [0, 100, 200]
    assert [c.ns for c in others] == [300, 0, -300]
    field = compare_board(played, ComparisonMethod.FIELD)
    assert [c.datum for c in field] == [Fraction(100)] * 3
    assert [c.ns for c in field] == [200, 0, -200]
    alone = compare_board([BoardResult(2, 5, 450)])
    assert alone[0].ns == 0


def test_the_rounds_difference_has_decimals_and_goes_through_the_continuous_scale() -> None:
    """Two boards, four tables; table 1's N-S ends 191 2/3 MP ahead of the field, written
    191.667 (12-8 in the 2-deal table); a difference just over 40 gives 11-9 on the continuous
    scale (FIBAS art. 20), where the printed scale has nothing between 40 and 45."""
    played = [
        *(BoardResult(1, t, mp) for t, mp in ((1, 100), (2, 0), (3, 0), (4, -100))),
        *(BoardResult(2, t, mp) for t, mp in ((1, 50), (2, -25), (3, 0), (4, 0))),
    ]
    travellers = compare_round(played)
    diffs = round_differences(travellers)
    assert diffs[1] == Fraction(100) + Fraction(100, 3) + Fraction(50) + Fraction(25, 3)
    assert sum(diffs.values()) == 0
    assert written(diffs[1]) == Decimal("191.667")
    assert line_vp(diffs[1], rules_for("burraco-fibas").vp_table(deals=2)) == (12, 8)
    table = rules_for("burraco-fibas").vp_table(deals=2)
    assert line_vp(Fraction(40), table) == (10, 10)
    assert line_vp(Fraction(40) + Fraction(1, 1000), table) == (11, 9)
    assert line_vp(-(Fraction(40) + Fraction(1, 1000)), table) == (9, 11)
    assert line_vp(Fraction(40) + Fraction(1, 3000), table) == (10, 10)  # written 40.000
    assert written(Fraction(1, 3000)) == Decimal("0.000")
    assert written(Fraction(1, 2000)) == Decimal("0.001")
