"""MP→VP conversion by the FIBAS range tables (art. 19 "Attribuzione del punteggio in V.P.",
art. 20 tables and the "carte uguali" note)."""

from __future__ import annotations

from decimal import Decimal

from arbitro.codes.burraco_fibas import VpTable
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError

Number = int | Decimal


def vp_for_difference(diff: Number, table: VpTable, *, duplicate: bool = False) -> tuple[int, int]:
    """VP of the winner and of the loser for an MP difference ``diff`` (>= 0) (art. 20).

    Printed scales (cards dealt at the table, and team events) have bands in steps of 5 MP:
    a difference that falls between two bands is impossible and refused. With ``duplicate``
    ("carte uguali", individuals or pairs) the scale is continuous by the convention of art. 20:
    each band starts at the previous band's end + 0.001, so decimals are accepted.
    """
    if diff < 0:
        raise ArbitroError(
            "negative difference: {diff}", diff=diff, article=cite(CodeId.BURRACO_FIBAS, "vp")
        )
    for band in table.bands:
        if duplicate:
            if diff <= band.high:
                return band.winner, band.loser
        elif band.low <= diff <= band.high:
            return band.winner, band.loser
    if diff > table.bands[-1].high:
        return table.beyond
    raise ArbitroError(
        "an MP difference of {diff} is impossible in the «{table}» table: points come in "
        "multiples of 5",
        diff=diff,
        table=table.label,
        article=cite(CodeId.BURRACO_FIBAS, "vp"),
    )


def vp_pair(
    total_a: Number, total_b: Number, table: VpTable, *, duplicate: bool = False
) -> tuple[int, int]:
    """VP of line A and line B from their MP totals: the higher total takes the winner's VP."""
    diff: Number = abs(Decimal(total_a) - Decimal(total_b))
    if isinstance(total_a, int) and isinstance(total_b, int):
        diff = abs(total_a - total_b)
    winner, loser = vp_for_difference(diff, table, duplicate=duplicate)
    return (winner, loser) if total_a >= total_b else (loser, winner)
