"""The seating list of a round ("posizione ai tavoli", art. 4): by table, then by name in
alphabetical order with each competitor's table and line, for the room's notice board."""

from __future__ import annotations

from reportlab.platypus import Flowable, PageBreak

from arbitro.i18n import message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.names import line_name, rest_note, seated_round, sort_key
from arbitro.printouts.style import MARGIN, PAGE
from arbitro.printouts.tables import build_document, cell, heading, list_table, note, spacer
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId

WIDTH = PAGE[0] - 2 * MARGIN


def seating_rows(
    state: EventState, round_number: int, lang: str
) -> list[tuple[str, CompetitorId, int, str, bool]]:
    """Every seated competitor as ``(name, number, table, line, resting)``, alphabetical by
    name (ignoring case and accents); ``line`` is «N-S» or «E-O» (art. 4)."""
    seating = seated_round(state, round_number)
    rows = []
    for table in seating.tables:
        for side, line in ((message("N-S"), table.ns), (message("E-W"), table.ew)):
            for c in line or ():
                name = state.competitor(c).name
                rows.append((name, c, table.table, tr(side, lang), table.is_incomplete))
    rows.sort(key=lambda r: (sort_key(r[0]), r[1]))
    return rows


def seating_pdf(state: EventState, round_number: int, *, lang: str = "it") -> bytes:
    """The seating of round ``round_number`` on A4: by table (N-S and E-O lines, «Riposo» for
    the missing line of an incomplete table, art. 37), then by name, alphabetically, with the
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
    rows: list[list[object]] = [
        [
            tr(message("Table"), lang),
            tr(message("North-South"), lang),
            tr(message("East-West"), lang),
        ]
    ]
    for t in seating.tables:
        rows.append(
            [
                cell(str(t.table), 16, bold=True),
                cell(line_name(state, t.ns, lang), 13),
                cell(line_name(state, t.ew, lang), 13),
            ]
        )
    first = 22 * 2.6
    story.append(list_table(rows, [first, (WIDTH - first) / 2, (WIDTH - first) / 2], size=13))
    if any(t.is_incomplete for t in seating.tables):
        story.append(note(tr(rest_note(state), lang)))
    story += [PageBreak(), note(state.config.name, 12), heading(title, 22)]
    story.append(heading(tr(message("By name (alphabetical)"), lang), 14))
    has_players = any(state.competitor(c).players for c in seating.competitors())
    head: list[object] = [tr(message("Competitor"), lang), tr(message("No."), lang)]
    head += [tr(message("Players"), lang)] if has_players else []
    head += [tr(message("Table"), lang), tr(message("Line"), lang)]
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
