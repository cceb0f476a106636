"""Ties for prizes (Burraco Parole art. 6.1)."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament.standings.prizes import PrizeTie, draw_places, prize_ties, split_prize
from arbitro.tournament.standings.standings import StandingRow


def row(rank: int, competitor: int, vp: int, mp: int) -> StandingRow:
    return StandingRow(rank, competitor, f"C{competitor}", vp, mp, (), (), 0, 0, 0, 0, False)


def test_art61_ties_reaching_the_prize_places() -> None:
    """Level on VP and MP, sharing rank 2, with three prizes: a tie for places 2 and 3; the
    tie at rank 5 is beyond the prizes."""
    rows = [
        row(1, 4, 60, 900),
        row(2, 1, 50, 300),
        row(2, 7, 50, 300),
        row(4, 2, 40, 0),
        row(5, 3, 30, 0),
        row(5, 5, 30, 0),
    ]
    assert prize_ties(rows, 3) == [PrizeTie(2, (1, 7))]
    assert PrizeTie(2, (1, 7)).places == (2, 3)


def test_art61_draw_and_split() -> None:
    """(c) a seeded draw gives each tied competitor a distinct place; (a) the prizes added and
    split when divisible, else the draw is needed."""
    tie = PrizeTie(2, (1, 7))
    places = draw_places(tie, seed=11)
    assert sorted(places.values()) == [2, 3] and places == draw_places(tie, seed=11)
    assert split_prize([10000, 6000]) == 8000
    with pytest.raises(ArbitroError, match="sorteggio"):
        split_prize([10000, 5001])
