"""MP→VP conversion by a code's range tables (FIBAS art. 19 "Attribuzione del punteggio in
V.P.", art. 20 tables and the "carte uguali" note); a refusal cites the article of the code
whose table it is (its ``vp`` topic)."""

from __future__ import annotations

from decimal import Decimal

from arbitro.codes.citation import cite
from arbitro.codes.vp_table import VpTable
from arbitro.errors import ArbitroError

Number = int | Decimal


def vp_for_difference(diff: Number, table: VpTable, *, duplicate: bool = False) -> tuple[int, int]:
    """VP of the winner and of the loser for an MP difference ``diff`` (>= 0) (art. 20).

    Printed scales (cards dealt at the table, and team events) have bands in steps of 5 MP:
    a difference that falls between two bands is impossible and refused. With ``duplicate``
    ("carte uguali", individuals or pairs) the scale is continuous by the convention of art. 20:
    each band starts at the previous band's end + 0.001, so decimals are accepted. The teams
    table has no continuous scale ("Nei tornei a squadre, mancando decimali valgono le scale
    qui indicate"): ``duplicate`` with it is refused.
    """
    if duplicate and table.key == "teams":
        raise ArbitroError(
            "the duplicate continuous scale is for individual and pairs events",
            article=cite(table.code, "vp"),
        )
    if diff < 0:
        raise ArbitroError("negative difference: {diff}", diff=diff, article=cite(table.code, "vp"))
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
        article=cite(table.code, "vp"),
    )


# (id of the table, whole MP difference, duplicate) → (the table, its VP): the table kept so
# that an id reused by another object is never mistaken for it; bounded.
_VP_MEMO: dict[tuple[int, int, bool], tuple[VpTable, tuple[int, int]]] = {}
_VP_MEMO_MAX = 65_536


def vp_pair(
    total_a: Number, total_b: Number, table: VpTable, *, duplicate: bool = False
) -> tuple[int, int]:
    """VP of line A and line B from their MP totals: the higher total takes the winner's VP."""
    if type(total_a) is int and type(total_b) is int:  # whole MP: the table's answer memoized
        diff_mp = abs(total_a - total_b)
        key = (id(table), diff_mp, duplicate)
        found = _VP_MEMO.get(key)
        if found is not None and found[0] is table:
            winner, loser = found[1]
        else:
            winner, loser = vp_for_difference(diff_mp, table, duplicate=duplicate)
            if len(_VP_MEMO) < _VP_MEMO_MAX:
                _VP_MEMO[key] = (table, (winner, loser))
    else:
        diff = abs(Decimal(total_a) - Decimal(total_b))
        winner, loser = vp_for_difference(diff, table, duplicate=duplicate)
    return (winner, loser) if total_a >= total_b else (loser, winner)
