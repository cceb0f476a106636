"""Score sheets (FIBAS art. 19-20) where mutation testing found changes no test noticed
(issue 26, item Q; bench/mutation.py): a deal row read from the event file (four integers,
nothing else), a sheet's JSON form, and a team match in an event of "carte uguali" (art. 20:
the teams table has no continuous scale)."""

from __future__ import annotations

import random

import pytest

from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import (
    DealScore,
    LineDeal,
    SheetEntry,
    deals_of,
    score_sheet,
    sheet_result,
)

FIBAS: str = CodeId.BURRACO_FIBAS.value

CODE = rules_for(FIBAS)


def test_art19_a_deal_row_is_four_integers() -> None:
    """Art. 19: a deal's row is N-S base and points, E-W base and points; a tuple row reads
    as a list does; anything else (three or five numbers, a text, a yes/no) is refused."""
    row = DealScore.from_list((300, 125, 0, -35))
    assert row == DealScore(LineDeal(300, 125), LineDeal(0, -35))
    assert row.to_list() == [300, 125, 0, -35]
    assert DealScore.from_list((1, 2, 3, 4)) == DealScore(LineDeal(1, 2), LineDeal(3, 4))
    for bad in (
        (1, 2, 3),
        (1, 2, 3, 4, 5),
        ("1", 2, 3, 4),
        (1, "2", 3, 4),
        (1, 2, "3", 4),
        (1, 2, 3, "4"),
        (1, 2, 3, True),
        (True, 2, 3, 4),
    ):
        with pytest.raises(ArbitroError, match="4"):
            DealScore.from_list(bad)


def test_art19_a_sheet_read_from_its_json_form() -> None:
    """A sheet written to the event file reads back the same; a sheet with no deals written
    reads as one with none; a kind of sheet derived from it reads as that kind."""
    entry = SheetEntry(
        (DealScore(LineDeal(300, 125), LineDeal(0, -35)),),
        (DealScore(LineDeal(100, 5), LineDeal(0, 0)),),
    )
    assert SheetEntry.from_payload(entry.to_payload()) == entry
    assert SheetEntry.from_payload({}) == SheetEntry(())

    class Marked(SheetEntry):
        __slots__ = ()

    marked = Marked.from_payload(entry.to_payload())
    assert type(marked) is Marked
    assert (marked.deals, marked.closed_room) == (entry.deals, entry.closed_room)


def test_art20_a_team_match_in_a_carte_uguali_event_uses_the_teams_table() -> None:
    """Art. 20: "Nei tornei a squadre, mancando decimali valgono le scale qui indicate": a
    team match of an event whose deals are the same at every table is still converted by the
    printed teams table (the continuous scale would be refused)."""
    open_room = (DealScore(LineDeal(200, 150), LineDeal(0, 30)),)
    closed_room = (DealScore(LineDeal(0, 40), LineDeal(100, 60)),)
    entry = SheetEntry(open_room, closed_room)
    plain = sheet_result(CODE, entry, deals=1, teams=True)
    dup = sheet_result(CODE, entry, deals=1, teams=True, duplicate=True)
    assert dup == plain == score_sheet(CODE, entry, deals=1, teams=True, duplicate=True)
    assert (plain.ns_total, plain.ew_total) == (510, 70)


@pytest.mark.parametrize(
    "line",
    [
        (50, 0),  # a base under the smallest bonus (100: a dirty burraco, or the closing)
        (120, 0),  # not a sum of bonuses (steps of 50)
        (101, 0),
        (0, 6),  # points not a multiple of 5
        (0, 7),
        (0, 1),
    ],
)
def test_art19_an_impossible_line_is_refused_on_either_side(line: tuple[int, int]) -> None:
    """Art. 19: a base is a sum of burraco and closing bonuses (100, 150, 200), points come
    in multiples of 5: a line that breaks either is refused, N-S or E-W."""
    good = LineDeal(100, 25)
    bad = LineDeal(*line)
    for deal in (DealScore(bad, good), DealScore(good, bad)):
        with pytest.raises(ArbitroError):
            sheet_result(CODE, SheetEntry((deal, DealScore(good, good))), deals=2, teams=False)
    fine = sheet_result(CODE, SheetEntry((DealScore(good, good),) * 2), deals=2, teams=False)
    assert (fine.ns_vp, fine.ew_vp) == (10, 10)


def test_art19_rows_never_read_before_and_rows_of_other_kinds() -> None:
    """Art. 19: a sheet's rows read from the event file, numbers never met before (the reader
    keeps the lines it has met): each line as written; a row of three or five numbers, or
    with a text or a fraction, is refused; a sheet without a closed room writes none."""
    rng = random.Random()
    a, b, c, d = (rng.randrange(10**6, 10**9) for _ in range(4))
    assert deals_of([[a, b, c, d]]) == (DealScore(LineDeal(a, b), LineDeal(c, d)),)
    e, f, g, h = (rng.randrange(10**6, 10**9) for _ in range(4))
    assert DealScore.from_list((e, f, g, h)) == DealScore(LineDeal(e, f), LineDeal(g, h))
    assert deals_of([(1, 2, 3, 4)]) == (DealScore(LineDeal(1, 2), LineDeal(3, 4)),)
    for bad in (
        [1, 2, 3],
        [1, 2, 3, 4, 5],
        ["1", 2, 3, 4],
        [1, "2", 3, 4],
        [1, 2, "3", 4],
        [1, 2, 3, "4"],
        [1, 2, 3, 4.5],
        [True, 2, 3, 4],
    ):
        with pytest.raises(ArbitroError):
            deals_of([[100, 0, 0, 0], bad])
    assert SheetEntry(()).to_payload() == {"deals": [], "closed_room": None}
