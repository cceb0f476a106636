"""MP→VP (FIBAS art. 19-20) where mutation testing found changes no test noticed (issue 26,
item Q; bench/mutation.py): a difference between two bands of a printed table, a table met
for the first time (the memo of answers empty for it), totals with decimals (the continuous
scale of "carte uguali"), and a board's results from two boards."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.tournament.scoring.comparison import BoardResult, compare_board
from arbitro.tournament.scoring.vp import vp_for_difference, vp_pair


@pytest.mark.parametrize("diff", [42, 122, 873])
def test_art20_a_difference_between_two_bands_is_impossible(diff: int) -> None:
    """Art. 20, 2 deals: the bands go 0-40, 45-120, 125-200 ... 745-870, 875-1000, in steps
    of 5 MP; 42, 122 and 873 fall between two bands (points come in multiples of 5): refused,
    never read as "oltre" (beyond the last band)."""
    with pytest.raises(ArbitroError):
        vp_for_difference(diff, burraco_fibas().vp_table(deals=2))


def test_art20_a_table_met_for_the_first_time() -> None:
    """Art. 20 on a table object never used before (a code read again): each difference gets
    its own band, whoever is ahead, whatever was asked before."""
    table = dataclasses.replace(burraco_fibas().vp_table(deals=2))
    assert vp_pair(175, 40, table) == (12, 8)
    assert vp_pair(40, 175, table) == (8, 12)
    assert vp_pair(300, 0, table) == (13, 7)
    assert vp_pair(0, 1005, table) == (0, 20)
    assert vp_pair(500, 500, table) == (10, 10)
    assert vp_pair(175, 40, table) == (12, 8)  # asked again
    # "carte uguali": the continuous scale takes 42 in the band 40.001-120 (11-9)
    assert vp_pair(42, 0, table, duplicate=True) == (11, 9)


def test_art20_totals_with_decimals_on_the_continuous_scale() -> None:
    """Art. 20 "carte uguali": "inizio scala = fine scala precedente + 0,001": totals with
    decimals are compared on the continuous scale: 130.25 ahead is 12-8, 40.001 is 11-9."""
    table = burraco_fibas().vp_table(deals=2)
    assert vp_pair(Decimal("130.5"), Decimal("0.25"), table, duplicate=True) == (12, 8)
    assert vp_pair(Decimal("0.25"), Decimal("130.5"), table, duplicate=True) == (8, 12)
    assert vp_pair(Decimal("40.001"), Decimal(0), table, duplicate=True) == (11, 9)
    assert vp_pair(Decimal(0), Decimal("40.000"), table, duplicate=True) == (10, 10)
    assert vp_pair(Decimal("100.5"), Decimal(30), table, duplicate=True) == (11, 9)  # 70.5


def test_art20_results_of_two_boards_are_not_compared_together() -> None:
    """Art. 20 "carte uguali": a board is compared with the same board only."""
    with pytest.raises(ValueError, match="different boards"):
        compare_board([BoardResult(1, 1, 100), BoardResult(2, 2, 50)])
