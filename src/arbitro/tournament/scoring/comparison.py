"""Scoring by comparison with the field in a *carte uguali* event (FIBAS art. 20 "Carte
uguali"; the duplicate bridge traveller as the model): every line of a direction plays the
same boards, so a line's result on a board is measured against the results of the lines that
played that board in the same direction, and the round's sum of those differences, with
decimals, goes through the round's VP table on the continuous scale of art. 20.

A line's result on a board is its MP for that deal (its total minus the opponents', art. 19
b). The N-S line of a table and its E-W opponents have opposite results, so the E-W
comparison is always the N-S one negated. The method (docs/rulings.md, "carte uguali"):

- :attr:`ComparisonMethod.OTHERS` (the default): against the average of the *other* tables
  that played the board; a board played at one table only compares to nothing (zero);
- :attr:`ComparisonMethod.FIELD`: against the average of *all* the tables that played it,
  its own result included.

Either way a board's comparisons sum to zero over the field. Sums are exact fractions; a
difference is written with three decimals (half up), as art. 20's convention "inizio scala =
fine scala precedente + 0,001" reads it, only when it is shown or looked up in the VP table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import Enum
from fractions import Fraction

from arbitro.codes.vp_table import VpTable
from arbitro.tournament.scoring.vp import vp_for_difference

_MILLI = Decimal("0.001")


class ComparisonMethod(Enum):
    """What a line's result on a board is compared with (an event option)."""

    OTHERS = "others"
    FIELD = "field"


@dataclass(frozen=True, slots=True)
class BoardResult:
    """What a table scored on a board: the N-S line's MP (E-W's are their negation)."""

    board: int
    table: int
    ns_mp: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """One table's result on a board against the field: the ``datum`` (the field's reference
    for this table) and the N-S line's difference ``ns`` (E-W's is ``-ns``)."""

    board: int
    table: int
    ns_mp: int
    datum: Fraction
    ns: Fraction

    @property
    def ew(self) -> Fraction:
        """The E-W line's difference."""
        return -self.ns


def compare_board(
    results: Iterable[BoardResult], method: ComparisonMethod = ComparisonMethod.OTHERS
) -> list[Comparison]:
    """Each table's comparison on one board (all ``results`` of the same board), in table
    order."""
    rows = sorted(results, key=lambda r: r.table)
    if len({r.board for r in rows}) > 1:
        raise ValueError("results of different boards compared together")
    total, count = sum(r.ns_mp for r in rows), len(rows)
    out = []
    for r in rows:
        if method is ComparisonMethod.FIELD:
            datum = Fraction(total, count)
        elif count > 1:
            datum = Fraction(total - r.ns_mp, count - 1)
        else:
            datum = Fraction(r.ns_mp)  # nobody else played it: nothing to compare with
        out.append(Comparison(r.board, r.table, r.ns_mp, datum, r.ns_mp - datum))
    return out


def compare_round(
    results: Iterable[BoardResult], method: ComparisonMethod = ComparisonMethod.OTHERS
) -> dict[int, list[Comparison]]:
    """Every board's comparisons (the travellers of the round), by board number."""
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    return {b: compare_board(rows, method) for b, rows in sorted(by_board.items())}


def round_differences(travellers: Mapping[int, list[Comparison]]) -> dict[int, Fraction]:
    """Each table's N-S difference summed over the round's boards (E-W's is its negation)."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for rows in travellers.values():
        for c in rows:
            out[c.table] += c.ns
    return dict(sorted(out.items()))


def written(difference: Fraction) -> Decimal:
    """A difference as shown and looked up: three decimals, half up (art. 20 convention)."""
    exact = Decimal(difference.numerator) / Decimal(difference.denominator)
    return exact.quantize(_MILLI, rounding=ROUND_HALF_UP)


def line_vp(ns_difference: Fraction, table: VpTable) -> tuple[int, int]:
    """The VP of the N-S and the E-W line of a table for the round's N-S difference
    against the field: the round's VP table on the continuous scale (FIBAS art. 20, "carte
    uguali"): the line ahead of the field takes the winner's VP, the other the loser's."""
    diff = written(ns_difference)
    winner, loser = vp_for_difference(abs(diff), table, duplicate=True)
    return (winner, loser) if diff >= 0 else (loser, winner)
