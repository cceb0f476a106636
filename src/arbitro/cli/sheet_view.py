"""What ``arbitro sheet`` says of a sheet just entered in a *carte uguali* event (FIBAS art.
20): the VP the comparison with the field gives once the round is complete (none before,
never the table's own), and the deals its prepared boards make impossible, to be checked
(arts. 3, 19; the director corrects, art. 21). Also the flags as ``arbitro boards checks``
lists them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbitro.i18n import _, render
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.tournament import boards
    from arbitro.tournament.boards import EntryFlag
    from arbitro.tournament.event import EventState
else:
    # Loaded on first use: the command line's start-up (issue 14).
    boards = lazy_module("arbitro.tournament.boards")


def flag_payload(flag: EntryFlag) -> dict[str, Any]:
    """An impossible-score flag as JSON: table, deal of the sheet, board, the problems in
    the run's language (FIBAS arts. 3, 19-20)."""
    return {
        "table": flag.table,
        "deal": flag.deal,
        "board": flag.board,
        "problems": [render(p) for p in flag.problems],
    }


def flag_text(flag: EntryFlag) -> str:
    """An impossible-score flag as a line of text: the table, deal and board, what its
    prepared board makes impossible (FIBAS arts. 3, 19-20), and that the director checks
    the sheet (art. 21)."""
    return _(
        "IMPOSSIBLE SCORE — table {table}, deal {deal} (board {board}): {problems}; check the "
        "sheet",
        table=flag.table,
        deal=flag.deal,
        board=flag.board,
        problems="; ".join(render(p) for p in flag.problems),
    )


def sheet_report(
    state: EventState,
    round_number: int,
    table: int,
    totals: tuple[int, int],
    own_vp: tuple[int, int],
) -> tuple[dict[str, Any], str]:
    """The VP and flags of ``table``'s sheet as ``arbitro sheet`` reports them: JSON fields
    (``ns_vp``/``ew_vp``, None while the comparison is awaited; ``awaiting_comparison``;
    ``flags``) and the text. In a carte uguali event the VP are the comparison's once every
    sheet of the round is in (FIBAS art. 20), never the table's own."""
    vp = boards.shown_vp(state, round_number, table, own_vp)
    flags = boards.entry_flags(state, round_number, table)
    data: dict[str, Any] = {
        "ns_vp": None if vp is None else vp[0],
        "ew_vp": None if vp is None else vp[1],
        "awaiting_comparison": vp is None,
        "flags": [flag_payload(f) for f in flags],
    }
    if vp is None:
        text = _(
            "Table {table}: N-S {ns_total} - E-W {ew_total} (VP: awaiting the comparison with "
            "the field, {article})",
            table=table,
            ns_total=totals[0],
            ew_total=totals[1],
            article=state.code.cite("vp"),
        )
    else:
        text = _(
            "Table {table}: N-S {ns_total} ({ns_vp} VP) - E-W {ew_total} ({ew_vp} VP)",
            table=table,
            ns_total=totals[0],
            ns_vp=vp[0],
            ew_total=totals[1],
            ew_vp=vp[1],
        )
    lines = [text, *(flag_text(f) for f in flags)]
    return data, "\n".join(lines)
