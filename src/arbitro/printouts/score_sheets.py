"""Score sheets in the FIBAS layout (art. 19 "fac simile score a squadre", art. 20-21).

One A4 page per complete table for pairs and individual events: Tavolo, Turno, Nord-Sud,
Est-Ovest; for every deal ("Mano") the rows Base, Punti and TOTALE; then the grand total,
"Sottrarre valore minore", "Solo risultato positivo", the V.P. boxes and the signatures; and
the VP scale for the round's number of deals (art. 20), from the code's data.

A team match gets two pages, one per room: the closed room's sheet (team B North-South,
team A East-West) is carried to the open room when the match is over, where the open room's
sheet (team A North-South) adds it as "Riporto Sala Chiusa" and converts the difference with
the teams scale. Incomplete tables (a resting line, art. 37) get no sheet.

With ``filled=True`` the sheet recorded for a table (corrections in force included, art. 21)
is written in, for the archive; otherwise the sheets are blank, to be filled in at the table.
In a carte uguali event the VP written in are the comparison's with the field once the
round is complete, "awaiting the comparison" before, never the table's own (art. 20).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak

from arbitro.codes.vp_table import VpTable
from arbitro.i18n import Message, message
from arbitro.printouts.labels import check_lang, tr
from arbitro.printouts.names import line_name, seated_round
from arbitro.printouts.style import (
    FONT,
    INK,
    MARGIN,
    MUTED,
    PAGE,
    RULE,
    SHADE,
    draw_fitted,
    draw_in_box,
    draw_paragraph,
    draw_wrapped_in_box,
    new_canvas,
)
from arbitro.printouts.tables import build_document, heading, list_table, spacer
from arbitro.printouts.tables import note as note_paragraph
from arbitro.printouts.vp_scale import draw_scale, scale_height
from arbitro.tournament.boards import shown_vp
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat, TableSeating
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry
from arbitro.tournament.sheets import SheetKind

FILLED_INK = colors.HexColor("#0B3D91")
LABEL_COLUMNS = (0.15, 0.21)  # "Mano" and row-label columns, as fractions of the width


@dataclass(frozen=True, slots=True)
class _Room:
    """What one page shows: the room, the two lines' headings and names, the deals written
    in (if filled), and which closing blocks it carries."""

    title: str
    room: str | None
    ns_heading: str
    ew_heading: str
    ns_name: str
    ew_name: str
    deals: tuple[DealScore, ...] | None
    carried: tuple[int, int] | None  # (N-S, E-O) columns of "Riporto Sala Chiusa"
    totals: bool
    # N-S total, E-O total, N-S VP, E-O VP (None: awaiting the comparison, carte uguali)
    result: tuple[int, int, int | None, int | None] | None
    note: str


def _room_pages(
    state: EventState, round_number: int, table: TableSeating, lang: str, filled: bool
) -> list[_Room]:
    fmt = state.config.event_format
    deals = state.deals(round_number)
    teams = fmt is EventFormat.TEAMS
    entry: SheetEntry | None = None
    if filled:  # the FIBAS sheet prints a two-line kind's entries (its printed form)
        sheet = state.round(round_number).sheets.get(table.table)
        entry = sheet.entry_as_of(round_number) if sheet else None
    result = None
    outcome = state.sheet_result(round_number, table.table, round_number) if entry else None
    if outcome is not None:
        (ns_total, ew_total), (ns, ew) = outcome.totals, outcome.sides
        # Carte uguali (art. 20): the comparison's VP once the round is complete, none before.
        vp = shown_vp(state, round_number, table.table, (ns.vp, ew.vp), round_number)
        result = (ns_total, ew_total, *(vp if vp is not None else (None, None)))
    ns_name, ew_name = line_name(state, table.ns, lang), line_name(state, table.ew, lang)
    article = state.code.vp_table(deals=deals, teams=teams).article  # delivery of the sheet
    if not teams:
        title = (
            message("SCORE SHEET — PAIRS EVENT")
            if fmt is EventFormat.PAIRS
            else message("SCORE SHEET — INDIVIDUAL EVENT")
        )
        return [
            _Room(
                tr(title, lang),
                None,
                tr(message("North-South"), lang),
                tr(message("East-West"), lang),
                ns_name,
                ew_name,
                entry.deals if entry else None,
                None,
                True,
                result,
                tr(
                    message(
                        "The sheet must be countersigned by at least one player of each pair "
                        "and handed to the Arbiter by the winning pair (art. {article}).",
                        article=article,
                    ),
                    lang,
                ),
            )
        ]
    team = tr(message("Team"), lang)
    closed = entry.closed_room if entry else None
    carried = None
    if closed is not None:
        # Team A sits E-W in the closed room, team B N-S (art. 19 sample sheets).
        carried = (sum(d.ew.total for d in closed), sum(d.ns.total for d in closed))
    return [
        _Room(
            tr(message("SCORE SHEET — TEAMS EVENT"), lang),
            tr(message("CLOSED ROOM"), lang),
            tr(message("North-South — {team} B", team=team), lang),
            tr(message("East-West — {team} A", team=team), lang),
            ew_name,
            ns_name,
            closed,
            None,
            False,
            None,
            tr(
                message(
                    "WHEN THE MATCH IS OVER, TAKE THIS SHEET TO THE OPEN ROOM FOR THE FINAL COUNT, WITHOUT APPROACHING THE TABLE UNTIL ANY MATCH STILL IN PROGRESS IS OVER."
                ),
                lang,
            ),
        ),
        _Room(
            tr(message("SCORE SHEET — TEAMS EVENT"), lang),
            tr(message("OPEN ROOM"), lang),
            tr(message("North-South — {team} A", team=team), lang),
            tr(message("East-West — {team} B", team=team), lang),
            ns_name,
            ew_name,
            entry.deals if entry else None,
            carried if entry else (0, 0),
            True,
            result,
            tr(
                message(
                    "The sheet must be countersigned by at least one player of each team "
                    "and handed to the Arbiter by the winning team (art. {article}).",
                    article=article,
                ),
                lang,
            ),
        ),
    ]


def _deal_value(deal: DealScore, side: str, key: str) -> int:
    line = deal.ns if side == "ns" else deal.ew
    return {"base": line.base, "points": line.points, "total": line.total}[key]


def _cell(
    c: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str = "",
    size: float = 11,
    *,
    bold: bool = False,
    shade: bool = False,
    align: str = "center",
    width: float = 0.7,
    ink: colors.Color = RULE,
) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(width)
    c.setFillColor(SHADE if shade else colors.white)
    c.rect(x, y, w, h, stroke=1, fill=1)
    if text:
        draw_in_box(c, text, x, y, w, h, size, bold=bold, align=align, color=ink)


def _draw_page(
    c: Canvas,
    state: EventState,
    round_number: int,
    table: TableSeating,
    room: _Room,
    vp_table: VpTable,
    lang: str,
) -> None:
    deals = state.deals(round_number)
    teams = state.config.event_format is EventFormat.TEAMS
    left, right = MARGIN, PAGE[0] - MARGIN
    width = right - left
    top = PAGE[1] - MARGIN
    # Title.
    title_w = width - (62 * mm if room.room else 0)
    draw_fitted(c, room.title, left, top - 16, title_w, 17, bold=True)
    draw_fitted(c, state.config.name, left, top - 33, title_w, 11, color=MUTED)
    if room.room:
        _cell(c, right - 58 * mm, top - 36, 58 * mm, 36, room.room, 16, bold=True, width=1.6)
    # Row height: everything must fit one page.
    closing_rows = (1 if room.carried is not None else 0) + (5.8 if room.totals else 1)
    rows = 3 * deals + closing_rows + 2.6
    free = (top - 50) - (MARGIN + 62) - scale_height(vp_table, 15) - 24
    rh = min(30.0, free / rows)
    spare = free - rows * rh
    scale_row = min(21.0, 15 + spare / scale_height(vp_table, 1))
    c0 = width * LABEL_COLUMNS[0]
    c1 = width * LABEL_COLUMNS[1]
    cw = (width - c0 - c1) / 2
    xs = (left, left + c0, left + c0 + c1, left + c0 + c1 + cw)
    # Header: Tavolo, Turno, Nord-Sud, Est-Ovest.
    y = top - 50 - 0.6 * rh
    heads = (
        tr(message("Table"), lang),
        tr(message("Round"), lang),
        room.ns_heading,
        room.ew_heading,
    )
    widths = (c0, c1, cw, cw)
    for x, w, text in zip(xs, widths, heads, strict=True):
        _cell(c, x, y, w, 0.6 * rh, text, 0.36 * rh, bold=True, shade=True)
    y -= 1.0 * rh
    values = (str(table.table), str(round_number), room.ns_name, room.ew_name)
    for i, (x, w, text) in enumerate(zip(xs, widths, values, strict=True)):
        if i < 2:
            _cell(c, x, y, w, 1.0 * rh, text, 0.75 * rh, bold=True)
        else:
            _cell(c, x, y, w, 1.0 * rh)
            draw_wrapped_in_box(c, text, x, y, w, 1.0 * rh, 0.46 * rh, bold=True)
    y -= 0.25 * rh
    # Deals: Base, Punti, TOTALE.
    ink = FILLED_INK
    for n in range(1, deals + 1):
        deal = room.deals[n - 1] if room.deals else None
        y -= 3 * rh
        _cell(c, xs[0], y, c0, 3 * rh, tr(message("Deal {n}", n=n), lang), 0.5 * rh, bold=True)
        rows_of_deal = (
            ("base", message("Base"), False),
            ("points", message("Points"), False),
            ("total", message("TOTAL"), True),
        )
        for r, (key, name, strong) in enumerate(rows_of_deal):
            ry = y + (2 - r) * rh
            _cell(c, xs[1], ry, c1, rh, tr(name, lang), 0.42 * rh, bold=strong, shade=strong)
            for side, x in (("ns", xs[2]), ("ew", xs[3])):
                text = str(_deal_value(deal, side, key)) if deal else ""
                _cell(c, x, ry, cw, rh, text, 0.5 * rh, bold=strong, shade=strong, ink=ink)
    y -= 0.25 * rh
    # Closing blocks: carried closed room, grand total, difference, VP, signatures.
    span = c0 + c1

    def closing_row(
        name: Message, ns: str, ew: str, *, strong: bool = False, h: float = rh
    ) -> None:
        nonlocal y
        y -= h
        _cell(c, xs[0], y, span, h, tr(name, lang), 0.42 * rh, bold=strong, shade=True)
        _cell(c, xs[2], y, cw, h, ns, 0.5 * rh, bold=strong, ink=ink)
        _cell(c, xs[3], y, cw, h, ew, 0.5 * rh, bold=strong, ink=ink)

    res = room.result
    if room.carried is not None:
        carried = [str(v) for v in room.carried] if res else ["", ""]
        closing_row(message("Closed room carried over"), *carried)
    if room.totals:
        ns_t, ew_t = (res[0], res[1]) if res else (0, 0)
        low, diff = min(ns_t, ew_t), abs(ns_t - ew_t)
        total = message("GRAND TOTAL") if room.carried is not None else message("TOTAL")
        closing_row(total, *([str(ns_t), str(ew_t)] if res else ["", ""]), strong=True)
        closing_row(
            message("Subtract the lower total"), *([str(low), str(low)] if res else ["", ""])
        )
        positive = ["", ""]
        if res:
            positive = [str(diff), ""] if ns_t > ew_t else ["", str(diff)]
            if ns_t == ew_t:
                positive = ["0", "0"]
        closing_row(message("Positive result only"), *positive)
        vp = [str(res[2]), str(res[3])] if res else ["", ""]
        y -= 0.15 * rh
        y -= 1.2 * rh
        _cell(c, xs[0], y, span, 1.2 * rh, tr(message("VP"), lang), 0.6 * rh, bold=True, shade=True)
        if res and res[2] is None:  # carte uguali: the VP come from the comparison (art. 20)
            awaiting = tr(message("awaiting the comparison"), lang)
            _cell(c, xs[2], y, 2 * cw, 1.2 * rh, awaiting, 0.5 * rh, width=2.0, ink=ink)
        else:
            for x, text in ((xs[2], vp[0]), (xs[3], vp[1])):
                _cell(c, x, y, cw, 1.2 * rh, text, 0.7 * rh, bold=True, width=2.0, ink=ink)
    y -= 0.15 * rh
    y -= 1.6 * rh
    _cell(
        c, xs[0], y, span, 1.6 * rh, tr(message("Signature"), lang), 0.5 * rh, bold=True, shade=True
    )
    _cell(c, xs[2], y, cw, 1.6 * rh)
    _cell(c, xs[3], y, cw, 1.6 * rh)
    # VP scale (art. 20) and the notes.
    continuous = bool(state.config.duplicate and not teams)  # carte uguali (art. 20)
    y = draw_scale(
        c,
        vp_table,
        left,
        y - 10,
        width,
        scale_row,
        deals=deals,
        teams=teams,
        lang=lang,
        continuous=continuous,
    )
    notes = [room.note]
    if state.config.duplicate and not teams:
        notes.append(
            tr(
                message(
                    "Duplicate deals: each band starts at the previous band's end + 0.001 "
                    "(art. {article})",
                    article=vp_table.article,
                ),
                lang,
            )
        )
    y -= 4
    c.setFillColor(MUTED)
    for note in notes:
        y = draw_paragraph(c, note, left, y, width, 8.5, bold=room.room is not None)
    c.setFillColor(RULE)
    c.setFont(FONT, 7)
    c.drawRightString(
        right, MARGIN / 2, tr(message("Table {number} — arbitro", number=table.table), lang)
    )


def score_sheets_pdf(
    state: EventState, round_number: int, *, lang: str = "it", filled: bool = False
) -> bytes:
    """The score sheets of round ``round_number`` in the printed form the event's kind of
    sheet names (:func:`sheets_pdf`). ``filled`` writes in the sheets already recorded
    (art. 21: corrections in force included)."""
    return sheets_pdf(state, state.sheet_kind, round_number, lang=lang, filled=filled)


def sheets_pdf(
    state: EventState,
    kind: SheetKind[Any],
    round_number: int,
    *,
    lang: str = "it",
    filled: bool = False,
) -> bytes:
    """Round ``round_number``'s sheets of ``kind``, printed in the form it names
    (``kind.printed``): the FIBAS sheet of two lines or a grid of its layout's columns."""
    check_lang(lang)
    seating = seated_round(state, round_number)
    return _PRINTERS[kind.printed](state, kind, round_number, seating.tables, lang, filled)


def _fibas_sheets_pdf(
    state: EventState,
    kind: SheetKind[Any],
    round_number: int,
    tables: Sequence[TableSeating],
    lang: str,
    filled: bool,
) -> bytes:
    """The score sheets in the FIBAS layout (art. 19): one page per complete table (two for
    a team match: closed and open room), with the VP scale for the round's number of deals
    or the teams scale (art. 20)."""
    teams = state.config.event_format is EventFormat.TEAMS
    vp_table = state.code.vp_table(deals=state.deals(round_number), teams=teams)
    title = tr(
        message("{event} — score — Round {round}", event=state.config.name, round=round_number),
        lang,
    )
    c, buf = new_canvas(title)
    pages = 0
    for table in tables:
        if table.is_incomplete:
            continue
        for room in _room_pages(state, round_number, table, lang, filled):
            _draw_page(c, state, round_number, table, room, vp_table, lang)
            c.showPage()
            pages += 1
    if pages == 0:
        c.showPage()
    c.save()
    return buf.getvalue()


def _grid_sheets_pdf(
    state: EventState,
    kind: SheetKind[Any],
    round_number: int,
    tables: Sequence[TableSeating],
    lang: str,
    filled: bool,
) -> bytes:
    """A kind's sheets as a grid (Scala 40 art. 22-23): per table, a column per line or
    player (``kind.printed_columns``), a row per deal (the recorded numbers when ``filled``,
    ``kind.layout``; else ``kind.blank_layout``), and each one's signature (art. 23: the
    sheet is signed by all)."""
    deals = state.deals(round_number)
    story: list[Flowable] = []
    for n, table in enumerate(tables):
        columns = kind.printed_columns(table)
        if not any(columns) or table.is_incomplete:
            continue
        names = [line_name(state, c, lang) for c in columns]
        sheet = state.round(round_number).sheets.get(table.table) if filled else None
        entry = sheet.entry_as_of(round_number) if sheet else None
        layout = kind.layout(table, entry) if entry is not None else kind.blank_layout(table, deals)
        body = [list(r) for r in layout.rows]
        header = [tr(layout.headings[0], lang), *names]
        width = (PAGE[0] - 2 * MARGIN) / (len(columns) + 1)
        story += [
            heading(
                tr(
                    message(
                        "{event} — round {round}, table {table}",
                        event=state.config.name,
                        round=round_number,
                        table=table.table,
                    ),
                    lang,
                )
            ),
            spacer(4 * mm),
            list_table([header, *body], [width] * (len(columns) + 1), size=12),
            spacer(8 * mm),
            note_paragraph(
                tr(
                    message(
                        "Negative points per deal; the sheet is signed by every player "
                        "({article}).",
                        article=state.code.cite("sheet_signed"),
                    ),
                    lang,
                )
            ),
            spacer(8 * mm),
            note_paragraph(tr(message("Signature"), lang), 11, INK),
            list_table(
                [names, [""] * len(columns)],
                [(PAGE[0] - 2 * MARGIN) / len(columns)] * len(columns),
                size=12,
                row_height=18 * mm,  # room to sign by hand (art. 23)
            ),
        ]
        if n < len(tables) - 1:
            story.append(PageBreak())
    title = tr(
        message("{event} — score — Round {round}", event=state.config.name, round=round_number),
        lang,
    )
    return build_document(title, story, lang=lang, footer=title)


# The printed forms a kind of sheet may name (``SheetKind.printed``).
_PRINTERS: dict[
    str,
    Callable[
        [EventState, SheetKind[Any], int, Sequence[TableSeating], str, bool],
        bytes,
    ],
] = {"fibas": _fibas_sheets_pdf, "grid": _grid_sheets_pdf}
