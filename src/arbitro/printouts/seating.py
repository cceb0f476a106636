"""The seating list of a round ("posizione ai tavoli", art. 4): by table, then by name in
alphabetical order with each competitor's table and line, for the room's notice board. In a
carte uguali event (FIBAS art. 7, 20) each table's line names the boards it plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak

from arbitro.collation import name_key
from arbitro.errors import ArbitroError
from arbitro.i18n import message
from arbitro.printouts.boards import plan_cell
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.names import (
    competitor_name,
    line_name,
    rest_note,
    seated_round,
)
from arbitro.printouts.style import MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.tournament.boards import board_plan, comparison_method, plan_digital_tables
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId

WIDTH = PAGE[0] - 2 * MARGIN

if TYPE_CHECKING:
    from arbitro.tournament.movements.boards import BoardPlan


def _plan(state: EventState, round_number: int) -> BoardPlan | None:
    """The round's board plan in a carte uguali event (FIBAS art. 7, 20), None otherwise or
    when its tables cannot follow one."""
    if comparison_method(state) is None:
        return None
    try:
        return board_plan(state, round_number)
    except ArbitroError:
        return None


def seating_rows(
    state: EventState, round_number: int, lang: str
) -> list[tuple[str, CompetitorId, int, str, bool]]:
    """Every seated competitor as ``(name, number, table, line, resting)``, alphabetical by
    name (ignoring case and accents); ``line`` is «N-S» or «E-O» (art. 4), or the seat,
    «Posto 2», at a table of individuals (Scala 40 art. 2)."""
    seating = seated_round(state, round_number)
    rows = []
    for table in seating.tables:
        if table.players is not None:  # individuals by seat (Scala 40 art. 2)
            for seat, c in enumerate(table.players, start=1):
                place = tr(message("Seat {seat}", seat=seat), lang)
                rows.append((state.competitor(c).name, c, table.table, place, False))
            continue
        for side, line in ((message("N-S"), table.ns), (message("E-W"), table.ew)):
            for c in line or ():
                name = state.competitor(c).name
                rows.append((name, c, table.table, tr(side, lang), table.is_incomplete))
    rows.sort(key=lambda r: (name_key(r[0]), r[1]))
    return rows


def seating_pdf(state: EventState, round_number: int, *, lang: str = "it") -> bytes:
    """The seating of round ``round_number`` on A4: by table (N-S and E-O lines, «Riposo» for
    the missing line of an incomplete table, art. 37; at a table of individuals each player
    by seat, Scala 40 art. 2), then by name, alphabetically, with the
    table and line of each competitor (art. 4). It is posted in the hall: the pairs that must
    not meet (a family, a club) are the director's to know, on the desk, never printed here."""
    check_lang(lang)
    seating = seated_round(state, round_number)
    title = tr(message("Seating — Round {round}", round=round_number), lang)
    story: list[Flowable] = [
        note(state.config.name, 12),
        heading(title, 22),
        heading(tr(message("By table"), lang), 14),
    ]
    plan = _plan(state, round_number)
    digital = plan_digital_tables(state, round_number) if plan is not None else frozenset()
    seats = max((len(t.players) for t in seating.tables if t.players is not None), default=0)
    top: list[object] = [tr(message("Table"), lang)]
    if seats:
        top += [tr(message("Seat {seat}", seat=i), lang) for i in range(1, seats + 1)]
    else:
        top += [tr(message("North-South"), lang), tr(message("East-West"), lang)]
    top += [tr(message("Boards"), lang)] if plan is not None else []
    rows: list[list[object]] = [top]
    for t in seating.tables:
        line_row: list[object] = [cell(str(t.table), 16, bold=True)]
        if t.players is not None:
            names = [cell(competitor_name(state, p), 11) for p in t.players]
            line_row += names + ["—"] * (seats - len(names))
        else:
            line_row += [
                cell(line_name(state, t.ns, lang), 13),
                cell(line_name(state, t.ew, lang), 13),
            ]
        if plan is not None:
            boards = (
                plan_cell(plan, t.table, lang, digital=t.table in digital)
                if t.table <= plan.tables
                else "—"
            )
            line_row.append(cell(boards, 11, bold=True))
        rows.append(line_row)
    first = 22 * 2.6
    if seats:
        widths = [first] + [(WIDTH - first) / seats] * seats
    elif plan is None:
        widths = [first, (WIDTH - first) / 2, (WIDTH - first) / 2]
    else:
        last = 34 * mm + 8 * mm * (plan.boards - 1)
        widths = [first, (WIDTH - first - last) / 2, (WIDTH - first - last) / 2, last]
    story.append(list_table(rows, widths, size=13))
    if any(t.is_incomplete for t in seating.tables):
        story.append(note(tr(rest_note(state), lang)))
    if plan is not None:
        said = message(
            "Boards: those each table plays, in deal order, and the copy of its set; where each "
            "board goes after each deal is on the board plan ({article}).",
            article=state.code.cite("round_time"),
        )
        story.append(note(tr(said, lang)))
    story += [PageBreak(), note(state.config.name, 12), heading(title, 22)]
    story.append(heading(tr(message("By name (alphabetical)"), lang), 14))
    has_players = any(state.competitor(c).players for c in seating.competitors())
    head: list[object] = [tr(message("Competitor"), lang), tr(message("No."), lang)]
    head += [tr(message("Players"), lang)] if has_players else []
    place = message("Seat") if any(t.players is not None for t in seating.tables) else None
    head += [tr(message("Table"), lang), tr(place or message("Line"), lang)]
    by_name: list[list[object]] = [head]
    for name, number, table, line, resting in seating_rows(state, round_number, lang):
        row: list[object] = [cell(name, 12, bold=True), str(number)]
        if has_players:
            row.append(cell(", ".join(state.competitor(number).players), 9))
        if resting:
            line = tr(message("{line} (rest)", line=line), lang)
        row += [str(table), cell(line, 12)]
        by_name.append(row)
    fixed = [34.0, 50.0, 96.0]
    if has_players:
        name_w = (WIDTH - sum(fixed)) * 0.45
        widths = [name_w, fixed[0], WIDTH - sum(fixed) - name_w, fixed[1], fixed[2]]
    else:
        widths = [WIDTH - sum(fixed), fixed[0], fixed[1], fixed[2]]
    table_col = len(head) - 2
    story.append(list_table(by_name, widths, size=12, bold_columns=[table_col]))
    story.append(spacer(4))
    footer = f"{state.config.name} — {title}"
    return build_document(f"{state.config.name} — {title}", story, lang=lang, footer=footer)
