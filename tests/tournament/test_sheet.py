"""Score sheets: totals, MP and VP (art. 19-20), impossible sheets refused, team matches in
an open and a closed room (art. 19 "fac simile score a squadre")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry, sheet_result

FIBAS: str = CodeId.BURRACO_FIBAS.value

CODE = rules_for(FIBAS)


def sheet(
    *rows: tuple[int, int, int, int], closed: list[tuple[int, int, int, int]] | None = None
) -> SheetEntry:
    def deal(r: tuple[int, int, int, int]) -> DealScore:
        return DealScore(LineDeal(r[0], r[1]), LineDeal(r[2], r[3]))

    return SheetEntry(
        tuple(deal(r) for r in rows), None if closed is None else tuple(deal(r) for r in closed)
    )


def test_art19_totals_difference_and_vp_of_a_two_deal_sheet() -> None:
    """Per deal base + points; the round's MP is each total minus the other's (art. 19 b);
    605 v 245 is a difference of 360 → 14-6 on the 2-deal table (art. 20)."""
    res = sheet_result(CODE, sheet((300, 120, 0, -45), (100, 85, 200, 90)), deals=2, teams=False)
    assert (res.ns_total, res.ew_total) == (605, 245)
    assert (res.ns_mp, res.ew_mp) == (360, -360)
    assert (res.ns_vp, res.ew_vp) == (14, 6)


def test_art19_team_match_adds_open_and_closed_rooms() -> None:
    """Team A sits N-S in the open room and E-W in the closed room; the rooms' totals are
    added and the difference goes through the teams table (art. 19 sample sheets, art. 20)."""
    open_room = [(200, 150, 0, 30)]  # A 350, B 30
    closed_room = [(100, 60, 300, 105)]  # B 160, A 405
    res = sheet_result(CODE, sheet(*open_room, closed=closed_room), deals=1, teams=True)
    assert (res.ns_total, res.ew_total) == (755, 190)
    assert (res.ns_vp, res.ew_vp) == (13, 7)  # 565 → 13-7 on the teams table


@pytest.mark.parametrize(
    ("row", "it_fragment"),
    [
        ((50, 100, 0, 0), "base 50 impossibile"),
        ((0, 7, 0, 0), "non multipli di 5"),
        ((-100, 0, 0, 0), "base -100 impossibile"),
        ((0, 1085, 0, 0), "impossibili"),
    ],
)
def test_art19_impossible_numbers_are_refused_with_the_deal_and_line(
    row: tuple[int, int, int, int], it_fragment: str
) -> None:
    """A base is a sum of burraco bonuses and the closing; points come in fives and cannot
    exceed the deck's 1080 (art. 3, 15, 19)."""
    with pytest.raises(ArbitroError) as err:
        sheet_result(CODE, sheet(row), deals=1, teams=False)
    assert it_fragment in err.value.it
    assert "smazzata 1, linea N-S" in err.value.it and "deal 1, N-S line" in err.value.en


def test_art19_wrong_number_of_deals_and_rooms() -> None:
    """The sheet must have the round's deals; team matches need the closed room."""
    with pytest.raises(ArbitroError, match="ha 1 smazzata, il turno ne prevede 2"):
        sheet_result(CODE, sheet((100, 100, 0, 0)), deals=2, teams=False)
    with pytest.raises(ArbitroError, match="sala chiusa"):
        sheet_result(CODE, sheet((100, 100, 0, 0)), deals=1, teams=True)
    with pytest.raises(ArbitroError, match="solo negli incontri a squadre"):
        sheet_result(CODE, sheet((100, 100, 0, 0), closed=[(0, 0, 0, 0)]), deals=1, teams=False)


bases = st.sampled_from([0, 100, 150, 200, 250, 300, 350, 400, 500, 700])
points = st.integers(-200, 216).map(lambda n: n * 5)
deal_rows = st.tuples(bases, points, bases, points)


@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(deal_rows, min_size=n, max_size=n))
    )
)
def test_every_sheet_vp_sum_to_20(case: tuple[int, list[tuple[int, int, int, int]]]) -> None:
    """Property: any valid sheet's VP add up to 20 and its MP to zero (art. 19-20)."""
    deals, rows = case
    res = sheet_result(CODE, sheet(*rows), deals=deals, teams=False)
    assert res.ns_vp + res.ew_vp == 20
    assert res.ns_mp + res.ew_mp == 0
