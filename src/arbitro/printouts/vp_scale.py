"""The VP scale printed on every score sheet ("RANGE DI RIFERIMENTO presente in tutti gli
score", art. 19-20): the bands of the code's table for the round's number of deals, or the
teams table, taken from the code's data and never written here."""

from __future__ import annotations

from decimal import Decimal

from reportlab.pdfgen.canvas import Canvas

from arbitro.codes.vp_table import VpTable
from arbitro.i18n import message
from arbitro.numbers import decimal_text
from arbitro.printouts.labels import tr
from arbitro.printouts.style import RULE, SHADE, draw_fitted, draw_in_box

COLUMNS = 3


def scale_title(table: VpTable, *, deals: int, teams: bool, lang: str) -> str:
    """«RANGE DI RIFERIMENTO — 2 SMAZZATE (art. 20)» and the like."""
    if teams:
        name = tr(message("1-4 DEALS — TEAMS"), lang)
    elif deals == 1:
        name = tr(message("1 DEAL"), lang)
    else:
        name = tr(message("{n} DEALS", n=deals), lang)
    return tr(
        message("VP SCALE — {label} (art. {article})", label=name, article=table.article), lang
    )


def scale_cells(table: VpTable, lang: str, *, continuous: bool = False) -> list[tuple[str, str]]:
    """Each band as ``(«Da 125 a 200», «12-8»)``, then the ``oltre`` band (art. 20). With
    ``continuous`` (carte uguali) each band starts at the previous band's end + 0,001, as
    art. 20 writes it ("inizio scala = fine scala precedente+0,001"): «Da 120,001 a 200»."""
    cells = []
    for i, b in enumerate(table.bands):
        low: object = b.low
        if continuous and i > 0:
            start = Decimal(table.bands[i - 1].high) + Decimal("0.001")
            low = decimal_text(start, lang)
        text = tr(message("{low} to {high}", low=low, high=b.high), lang)
        cells.append((text, f"{b.winner}-{b.loser}"))
    winner, loser = table.beyond
    cells.append((tr(message("Over {high}", high=table.bands[-1].high), lang), f"{winner}-{loser}"))
    return cells


def scale_height(table: VpTable, row: float) -> float:
    """Height of the block drawn by :func:`draw_scale` with rows of ``row`` points."""
    rows = -(-len(scale_cells(table, "it")) // COLUMNS)
    return row * (rows + 2)


def draw_scale(
    c: Canvas,
    table: VpTable,
    x: float,
    top: float,
    width: float,
    row: float,
    *,
    deals: int,
    teams: bool,
    lang: str,
    continuous: bool = False,
) -> float:
    """Draw the VP scale from ``top`` down in ``COLUMNS`` column pairs (range, VP), filled
    column by column (the continuous scale of art. 20 for carte uguali); return the y under
    it."""
    title = scale_title(table, deals=deals, teams=teams, lang=lang)
    draw_fitted(c, title, x, top - row * 0.7, width, row * 0.5, bold=True)
    cells = scale_cells(table, lang, continuous=continuous)
    rows = -(-len(cells) // COLUMNS)
    pair_w = width / COLUMNS
    range_w, vp_w = pair_w * 0.64, pair_w * 0.36
    y_head = top - 2 * row
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    for col in range(COLUMNS):
        cx = x + col * pair_w
        c.setFillColor(SHADE)
        c.rect(cx, y_head, pair_w, row, stroke=1, fill=1)
        c.setFillColor(RULE)
        draw_in_box(
            c, tr(message("MP difference"), lang), cx, y_head, range_w, row, row * 0.42, bold=True
        )
        draw_in_box(
            c, tr(message("VP"), lang), cx + range_w, y_head, vp_w, row, row * 0.42, bold=True
        )
        for r in range(rows):
            i = col * rows + r
            cy = y_head - (r + 1) * row
            c.rect(cx, cy, range_w, row, stroke=1, fill=0)
            c.rect(cx + range_w, cy, vp_w, row, stroke=1, fill=0)
            if i < len(cells):
                rng, vp = cells[i]
                draw_in_box(c, rng, cx, cy, range_w, row, row * 0.48)
                draw_in_box(c, vp, cx + range_w, cy, vp_w, row, row * 0.5, bold=True)
    return y_head - rows * row
