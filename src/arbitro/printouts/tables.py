"""Paginated list documents (seating lists, standings) built with ReportLab's platypus: a
heading on every page, a table whose header row repeats, page numbers in the footer."""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from arbitro.i18n import message
from arbitro.printouts.labels import tr
from arbitro.printouts.style import (
    FONT,
    FONT_BOLD,
    MARGIN,
    MUTED,
    PAGE,
    RULE,
    SHADE,
    PdfCanvas,
    register_fonts,
)

ZEBRA = colors.HexColor("#F4F4F4")


def heading(text: str, size: float = 20) -> Paragraph:
    """A bold heading paragraph."""
    register_fonts()
    style = ParagraphStyle(
        "heading", fontName=FONT_BOLD, fontSize=size, leading=size * 1.2, spaceAfter=size * 0.4
    )
    return Paragraph(_escape(text), style)


def note(text: str, size: float = 9, color: colors.Color = MUTED) -> Paragraph:
    """A small paragraph (explanations under a table)."""
    register_fonts()
    style = ParagraphStyle(
        "note", fontName=FONT, fontSize=size, leading=size * 1.3, textColor=color, spaceBefore=4
    )
    return Paragraph(_escape(text), style)


def cell(text: str, size: float, *, bold: bool = False, right: bool = False) -> Paragraph:
    """A table cell that wraps long text instead of overflowing (right-aligned if asked)."""
    register_fonts()
    style = ParagraphStyle(
        "cell",
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.2,
        alignment=TA_RIGHT if right else TA_LEFT,
    )
    return Paragraph(_escape(text), style)


def spacer(height: float) -> Spacer:
    """Vertical space."""
    return Spacer(1, height)


def list_table(
    rows: Sequence[Sequence[object]],
    widths: Sequence[float],
    *,
    size: float,
    right_columns: Sequence[int] = (),
    bold_columns: Sequence[int] = (),
    row_height: float | None = None,
) -> Table:
    """A table with a shaded header row that repeats on each page, zebra rows and clear
    rules; ``rows[0]`` is the header."""
    header = [
        cell(str(h), size * 0.75, bold=True, right=i in right_columns)
        for i, h in enumerate(rows[0])
    ]
    body = [list(r) for r in rows[1:]]
    heights = None if row_height is None else [None] + [row_height] * len(body)
    table = Table([header, *body], colWidths=list(widths), rowHeights=heights, repeatRows=1)
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, size),
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, 0), 1.2, RULE),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#BBBBBB")),
        ("BOX", (0, 0), (-1, -1), 0.8, RULE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), size * 0.35),
        ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.35),
    ]
    for i in range(2, len(rows), 2):
        style.append(("BACKGROUND", (0, i), (-1, i), ZEBRA))
    for col in right_columns:
        style.append(("ALIGN", (col, 0), (col, -1), "RIGHT"))
    for col in bold_columns:
        style.append(("FONT", (col, 1), (col, -1), FONT_BOLD, size))
    table.setStyle(TableStyle(style))
    return table


def build_document(title: str, story: list[Flowable], *, lang: str, footer: str) -> bytes:
    """Lay ``story`` out on A4 pages with ``footer`` and the page number; return the PDF."""
    register_fonts()
    buf = io.BytesIO()
    doc = BaseDocTemplate(
        buf,
        pagesize=PAGE,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 8,
        title=title,
        author="arbitro",
        creator="arbitro",
        invariant=True,
    )
    frame = Frame(doc.leftMargin, doc.bottomMargin, doc.width, doc.height, id="body")

    def on_page(canvas: Canvas, document: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN, MARGIN / 2, footer)
        page = tr(message("Page {number}", number=document.page), lang)
        canvas.drawRightString(PAGE[0] - MARGIN, MARGIN / 2, page)
        canvas.restoreState()

    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], onPage=on_page)])
    doc.build(story, canvasmaker=PdfCanvas)  # no bidi control printed (issue 29)
    return buf.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
