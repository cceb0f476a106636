"""What the desk and the phones show of a *carte uguali* round (FIBAS art. 7 "a carte
preparate", art. 20 "carte uguali"; Bridge Law 13 as the model for a board's count): the
board plan, the tables' counts of their boards, the travellers and a line's card, as plain
rows for the templates (read under the service's lock by the caller)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.i18n import Message
from arbitro.numbers import LocalDecimal
from arbitro.printouts.boards import paper_copies
from arbitro.tournament.boards import (
    POCKETS,
    board_checks,
    board_plan,
    comparison_method,
    line_card,
    plan_digital_tables,
    plan_next,
    travellers,
)
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.scoring.comparison import written
from arbitro.web.names import line_label, line_names

POCKET_NAMES = {
    "N": Message("N", context="pocket"),
    "E": Message("E", context="pocket"),
    "S": Message("S", context="pocket"),
    "W": Message("W", context="pocket"),
    "P1": Message("P1", context="pocket"),
    "P2": Message("P2", context="pocket"),
}
"""A board's pockets as a page names them: West is "O" (Ovest) in Italian (FIBAS art. 6)."""

METHOD_NAMES = {"others": "against the other tables", "field": "against the whole field"}
"""The comparison methods as the desk names them (msgids; FIBAS art. 20)."""


def is_carte_uguali(state: EventState) -> bool:
    """Whether the event plays prepared boards compared with the field (FIBAS art. 20)."""
    return comparison_method(state) is not None


def three(x: Fraction) -> LocalDecimal:
    """A difference or datum with three decimals and its sign (art. 20 convention), written
    with the comma on an Italian page ("+76,250", "0,000": the code writes "0,001")."""
    return LocalDecimal(written(x), signed=True)


def table_names(state: EventState, n: int) -> dict[int, tuple[str, str]]:
    """Each table of round ``n`` where two lines play → (N-S names, E-W names)."""
    seating = state.round(n).seating
    out: dict[int, tuple[str, str]] = {}
    for t in seating.tables if seating else ():
        if t.ns is not None and t.ew is not None:
            out[t.table] = (line_names(state, t.ns), line_names(state, t.ew))
    return out


def plan_rows(state: EventState, n: int) -> dict[str, Any] | None:
    """The round's board plan for the desk: per table, its board and copy at each deal and
    the table its boards go to next (FIBAS art. 7); None when the round has no plan yet. A
    digital table (issue 32) is sent no board (``digital``: it plays board k at deal k on
    the phones), and a board the plan would hand one goes to the relay stand (``relay``); the
    copies counted are those a paper table plays (``skipped``: those only digital tables
    would play, not made: docs/rulings.md digital 20a)."""
    try:
        plan = board_plan(state, n)
    except ArbitroError:
        return None
    digital = plan_digital_tables(state, n)
    rows = [
        {
            "table": t,
            "deals": plan.at(t),
            "next": None if t in digital else plan_next(plan, t, digital),
            "digital": t in digital,
            "relay": t not in digital and plan.passes_to(t) in digital,
        }
        for t in range(1, plan.tables + 1)
    ]
    made = paper_copies(plan, digital)  # issue 32: none that only digital tables play
    return {
        "tables": plan.tables,
        "boards": plan.boards,
        "copies": len(made),
        "skipped": [k for k in range(1, plan.copies + 1) if k not in made],
        "made": list(made),
        "rows": rows,
        "digital": sorted(digital),
    }


def check_rows(state: EventState, n: int, table: int | None = None) -> list[dict[str, Any]]:
    """The tables' counts of their boards before play (Law 13 model), in table and deal
    order, only ``table``'s if given: status, the wrong pockets as "found/expected"."""
    try:
        checks = board_checks(state, n)
    except ArbitroError:
        return []
    rows = []
    for (t, board), check in sorted(checks.items(), key=lambda kv: (kv[0][0], kv[1].deal)):
        if table is not None and t != table:
            continue
        rows.append(
            {
                "table": t,
                "board": board,
                "copy": check.copy,
                "deal": check.deal,
                "status": check.status,
                "wrong": sorted((check.wrong or {}).items(), key=lambda kv: POCKETS.index(kv[0])),
                "counts": dict(check.counts or {}),
            }
        )
    return rows


def traveller_rows(
    state: EventState, n: int, boards: set[int] | None = None
) -> list[dict[str, Any]]:
    """The round's travellers (FIBAS art. 20): for each board (only ``boards`` if given)
    every table's names, N-S MP, the datum and the differences with three decimals, and the
    sum of the N-S differences (zero against the others' average)."""
    names = table_names(state, n)
    out = []
    for board, rows in sorted(travellers(state, n).items()):
        if boards is not None and board not in boards:
            continue
        total = sum((c.ns for c in rows), Fraction(0))
        out.append(
            {
                "board": board,
                "rows": [
                    {
                        "table": c.table,
                        "ns": names.get(c.table, ("", ""))[0],
                        "ew": names.get(c.table, ("", ""))[1],
                        "mp": c.ns_mp,
                        "datum": three(c.datum),
                        "ns_diff": three(c.ns),
                        "ew_diff": three(c.ew),
                    }
                    for c in rows
                ],
                "sum": three(total),
            }
        )
    return out


def card_rows(state: EventState, competitor: CompetitorId) -> list[dict[str, Any]]:
    """A line's card (FIBAS art. 20): per round and board, table, direction, own MP, the
    datum, the difference, and the round's total difference and VP."""
    out = []
    for row in line_card(state, competitor):
        out.append(
            {
                "round": row.round,
                "deal": row.deal,
                "board": row.board,
                "table": row.table,
                "direction": line_label(row.direction),
                "mp": row.mp,
                "datum": three(row.datum),
                "difference": three(row.difference),
                "round_difference": None
                if row.round_difference is None
                else three(row.round_difference),
                "round_vp": row.round_vp,
            }
        )
    return out


def phone_boards(state: EventState, n: int, table: int, *, closed: bool) -> dict[str, Any] | None:
    """What a table's phone shows of a carte uguali round (FIBAS art. 7, 20; Law 13): its
    boards with their counts before play (``can_check`` until the table's sheet is in) and,
    once the round's standings are published (``closed``), the travellers of the boards it
    played and each line's card; None for any other event or a table that plays no board."""
    if not is_carte_uguali(state):
        return None
    r = state.round(n)
    seating = r.seating.table(table) if r.seating else None
    if seating is None or seating.ns is None or seating.ew is None or seating.is_incomplete:
        return None
    checks = check_rows(state, n, table)
    if not checks:
        return None
    out: dict[str, Any] = {
        "round": n,
        "checks": checks,
        "can_check": not closed and table not in r.sheets,
        "pockets": POCKETS,
        "pocket_names": POCKET_NAMES,
        "expected": 11,
        "law13": None,
        "travellers": [],
        "cards": [],
    }
    if closed:
        played = {c["board"] for c in checks}
        boards = traveller_rows(state, n, played)
        for b in boards:
            for row in b["rows"]:
                row["mine"] = row["table"] == table
        out["travellers"] = boards
        for side, line in (("ns", seating.ns), ("ew", seating.ew)):
            rows = [row for row in card_rows(state, line[0]) if row["round"] <= n]
            card = {"side": line_label(side), "names": line_names(state, line), "rows": rows}
            out["cards"].append(card)
    return out
