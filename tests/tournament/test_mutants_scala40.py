"""Scala 40 score sheets (seed 004) where mutation testing found changes no test noticed
(issue 26, item Q; bench/mutation.py): corrections of the last deal and of an unknown player
(art. 24), a sheet with a player who left (art. 25), the difference table chosen by the
round's deals and a rest score given (arts. 22, 26), a table of four with no riposato."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.codes.scala40 import scala40
from arbitro.codes.scala40_scoring import (
    DifferenceReading,
    PlayerResult,
    ScoreSheet,
    correct_deal,
    score_table,
)
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError

PLAYERS = ("Anna", "Bruno", "Carla", "Dario")
THREE_DEALS = ScoreSheet(PLAYERS, ((0, 10, 20, 30), (5, 0, 25, 40), (10, 15, 0, 50)))


def test_art24_a_calculation_error_in_the_first_or_the_last_deal() -> None:
    """Art. 24: a calculation error is put right in the deal it is in: the first (row 1) or
    the last; a deal or a player not on the sheet is refused."""
    first = correct_deal(THREE_DEALS, 1, "Bruno", 35)
    assert first.deals[0] == (0, 35, 20, 30) and first.deals[1:] == THREE_DEALS.deals[1:]
    last = correct_deal(THREE_DEALS, 3, "Dario", 5)
    assert last.deals[2] == (10, 15, 0, 5) and last.deals[:2] == THREE_DEALS.deals[:2]
    for deal, player in ((4, "Anna"), (0, "Anna"), (2, "Ezio")):
        with pytest.raises(ArbitroError):
            correct_deal(THREE_DEALS, deal, player, 5)


def test_art24_swapped_scores_of_a_player_not_at_the_table_are_refused() -> None:
    """Art. 24 "invertito": both players named must be at the table; the player who left
    (art. 25) stays marked on the corrected sheet."""
    entry = Scala40Entry((1, 2, 3, 4), ((0, 10, 20, 30), (5, 0, 25, None)), 4)
    swapped = entry.swapped(1, 3)
    assert swapped.deals == ((20, 10, 0, 30), (25, 0, 5, None)) and swapped.abandoned == 4
    for a, b in ((1, 9), (9, 1)):
        with pytest.raises(ArbitroError):
            entry.swapped(a, b)


def test_art25_a_sheet_checks_every_player_after_the_one_who_left() -> None:
    """Art. 22: negative points are whole numbers >= 0 for every player still at the table,
    also those after the one who left (art. 25) in the sheet's order."""
    with pytest.raises(ArbitroError):
        ScoreSheet(PLAYERS, ((0, 10, 20, 30), (None, 5, -5, 10)), abandoned="Anna")
    ScoreSheet(PLAYERS, ((0, 10, 20, 30), (None, 5, 5, 10)), abandoned="Anna")


def test_art25_the_player_who_left_takes_the_last_place_and_no_vp() -> None:
    """Art. 25: the player who left has the riposato's negative points, the place after the
    three still playing and the riguardo, with no VP of either kind."""
    rows = ((0, 10, 20, 30), (5, 0, 25, None), (10, 15, 0, None))
    sheet = ScoreSheet(PLAYERS, rows, abandoned="Dario")
    gone = score_table(sheet).by_player()["Dario"]
    assert gone == PlayerResult("Dario", 1000, 4, 0, 0, 0, note="abandon")


def test_art22_art26_the_rounds_deals_and_rest_score_given() -> None:
    """Art. 22: the difference table is the round's number of deals (given, else the sheet's);
    art. 26: the riposato's points given instead of the code's 1000; a table of four has no
    riposato; the reading of the differences is kept with the result."""
    three = ScoreSheet(PLAYERS[:3], ((0, 10, 20), (5, 0, 25), (10, 15, 0)))
    res = score_table(three, deals=5, rested_points=800)
    assert (res.deals, res.rested_points) == (5, 800)
    assert res.table_label == scala40().difference_table(5).label
    assert res.by_player()["Anna"].difference == (25 - 15) + (45 - 15) + (800 - 15)
    four = score_table(THREE_DEALS, reading=DifferenceReading.PAIRWISE)
    assert (four.deals, four.rested_points, four.reading) == (3, None, DifferenceReading.PAIRWISE)


def test_art22_the_code_given_is_the_one_scored_by() -> None:
    """Art. 22's placement VP (8, 6, 4, 2) and difference tables as the code object given
    says them: here every difference is worth the table's "oltre" (beyond) VP, 12."""
    code = scala40()
    tables = {
        key: dataclasses.replace(table, bands=()) for key, table in code.difference_tables.items()
    }
    variant = dataclasses.replace(code, placement_vp=(9, 6, 3, 2), difference_tables=tables)
    res = score_table(THREE_DEALS, code=variant).by_player()
    assert [res[p].placement_vp for p in PLAYERS] == [9, 6, 3, 2]
    assert [res[p].difference_vp for p in PLAYERS] == [12, 12, 12, 12]
