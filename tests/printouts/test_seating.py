"""Seating lists (art. 4 "Assegnazione del tavolo"): by table, with the N-S and E-O lines
and «Riposo» for the missing line of an incomplete table (art. 37); then every competitor
by name, alphabetically, with table and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import PageCheck, in_memory_event, pdf_text

from arbitro.errors import ArbitroError
from arbitro.printouts import seating_pdf
from arbitro.printouts.seating import seating_rows
from arbitro.tournament.event import EventState


def test_seating_by_table_art_4_and_rest_art_37(
    demo_state: EventState, tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 4: each table with its N-S and E-O lines, in table order; art. 37: the incomplete
    table shows «Riposo» for the missing line."""
    pdf = seating_pdf(demo_state, 3)
    assert len(pages(pdf)) == 2
    by_table = pdf_text(pdf, tmp_path).split("\f")[0]
    assert "Posizione ai tavoli — Turno 3" in by_table and "Per tavolo" in by_table
    seating = demo_state.round(3).seating
    assert seating is not None
    rows = [line for line in by_table.splitlines() if re.match(r"^\s*\d+\s+\S", line)]
    assert [int(r.split()[0]) for r in rows] == [t.table for t in seating.tables]
    for row, table in zip(rows, seating.tables, strict=True):
        for side in (table.ns, table.ew):
            name = "Riposo" if side is None else f"{demo_state.competitors[side[0]].name}"
            assert name in row
        if table.ns is not None and table.ew is not None:
            assert row.index(demo_state.competitors[table.ns[0]].name) < row.index(
                demo_state.competitors[table.ew[0]].name
            )
    assert "la linea presente riposa (FIBAS art. 37)" in " ".join(by_table.split())


def test_seating_by_name_alphabetical_with_table_and_line_art_4(
    demo_state: EventState, tmp_path: Path
) -> None:
    """Art. 4: every competitor, alphabetically, with the table and the line (N-S or E-O)
    where it sits this round; the resting one is marked."""
    pdf = seating_pdf(demo_state, 2)
    by_name = pdf_text(pdf, tmp_path).split("\f")[1]
    assert "Per nome (ordine alfabetico)" in by_name
    names = sorted((c.name for c in demo_state.competitors.values()), key=str.casefold)
    positions = [by_name.index(n) for n in names]
    assert positions == sorted(positions)
    seating = demo_state.round(2).seating
    assert seating is not None
    where = {c: t for t in seating.tables for line in t.lines for c in line}
    for comp in demo_state.competitors.values():
        table = where[comp.number]
        side = "N-S" if table.ns and comp.number in table.ns else "E-O"
        row = next(line for line in by_name.splitlines() if comp.name in line)
        assert re.search(rf"\b{comp.number}\b.*\s{table.table}\s+{side}", row), row
        assert (", ".join(comp.players)) in row
        assert ("(riposo)" in row) == table.is_incomplete


def test_alphabetical_order_ignores_case_and_accents() -> None:
    """Names sort as a reader expects: «Àlfa» with the A's, «beta» before «Carlo»."""
    state = in_memory_event(["Carlo", "beta", "Zeno", "Àlfa"])
    assert [r[0] for r in seating_rows(state, 1, "it")] == ["Àlfa", "beta", "Carlo", "Zeno"]


def test_english_seating(demo_state: EventState, tmp_path: Path) -> None:
    """English: Seating — Round 1, By table, By name, North-South, E-W lines, Rest."""
    text = pdf_text(seating_pdf(demo_state, 1, lang="en"), tmp_path)
    for word in ("Seating — Round 1", "By table", "By name (alphabetical)", "North-South"):
        assert word in text
    assert ("(rest)" in text and "E-W" in text) or "N-S" in text


def test_no_time_on_seating_art_7(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 7: the seating list says nothing about the time left."""
    text = pdf_text(seating_pdf(demo_state, 4), tmp_path)
    assert not re.search(r"tempo|residu|minut|\d+\s*'|\d:\d\d", text, re.I)


def test_unseated_round_refused() -> None:
    """Art. 4: no seating list before the round is seated."""
    with pytest.raises(ArbitroError, match="non è ancora stata assegnata"):
        seating_pdf(in_memory_event(["A", "B"], seat=False), 1)
