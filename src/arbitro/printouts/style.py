"""The printouts' look: fonts (DejaVu Sans when the system has it, else ReportLab's bundled
Vera, both with accented letters), colours, A4 margins, and small canvas helpers that fit
text into a box."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from arbitro.bidi import without_controls

FONT = "ArbitroSans"
FONT_BOLD = "ArbitroSans-Bold"
PAGE = A4
MARGIN = 15 * mm
INK = colors.black
RULE = colors.HexColor("#333333")
SHADE = colors.HexColor("#E6E6E6")
MUTED = colors.HexColor("#555555")

_SYSTEM_FONTS = Path("/usr/share/fonts/truetype/dejavu")
_BUNDLED_FONTS = Path(reportlab.__file__).parent / "fonts"


@cache
def register_fonts() -> tuple[str, str]:
    """Register the regular and bold fonts once; return their names."""
    regular, bold = _SYSTEM_FONTS / "DejaVuSans.ttf", _SYSTEM_FONTS / "DejaVuSans-Bold.ttf"
    if not (regular.is_file() and bold.is_file()):
        regular, bold = _BUNDLED_FONTS / "Vera.ttf", _BUNDLED_FONTS / "VeraBd.ttf"
    pdfmetrics.registerFont(TTFont(FONT, str(regular)))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
    return FONT, FONT_BOLD


class PlainTextObject(PDFTextObject):  # type: ignore[misc]  # ReportLab has no types
    """A text object that writes no bidi control (see :class:`PdfCanvas`)."""

    def _formatText(self, text: str) -> Any:
        if type(text) is str:  # a shaped string keeps its glyph data as it is
            text = without_controls(text)
        return super()._formatText(text)


class PdfCanvas(Canvas):  # type: ignore[misc]  # ReportLab has no types
    """The canvas of every printout (``new_canvas`` and the platypus documents'
    ``canvasmaker``): every string it draws, and the document's title, author and subject,
    with the bidi controls removed (:func:`arbitro.bidi.without_controls`): a name holding
    U+202E, stored or imported before such names were refused, prints in logical order
    (issue 29). ReportLab draws every string through a text object, so this one place sees
    all the text of every PDF."""

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> PDFTextObject:
        """A fresh text object that drops the bidi controls."""
        return PlainTextObject(self, x, y, direction=direction)

    def setTitle(self, title: str | None) -> None:
        """The document's title, without bidi controls."""
        super().setTitle(without_controls(title) if title else title)

    def setAuthor(self, author: str | None) -> None:
        """The document's author, without bidi controls."""
        super().setAuthor(without_controls(author) if author else author)

    def setSubject(self, subject: str | None) -> None:
        """The document's subject, without bidi controls."""
        super().setSubject(without_controls(subject) if subject else subject)


def new_canvas(title: str, pagesize: tuple[float, float] = PAGE) -> tuple[Canvas, io.BytesIO]:
    """A canvas writing a reproducible PDF (no timestamps inside) into a buffer."""
    register_fonts()
    buf = io.BytesIO()
    c = PdfCanvas(buf, pagesize=pagesize, invariant=True, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("arbitro")
    c.setCreator("arbitro")
    return c, buf


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points at ``size`` in the printouts' font."""
    register_fonts()
    return float(pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size))


def fit_size(
    text: str, width: float, size: float, *, bold: bool = False, least: float = 6
) -> float:
    """The largest font size up to ``size`` (not below ``least``) at which ``text`` fits."""
    w = text_width(text, size, bold)
    if w <= width or w == 0:
        return size
    return max(least, size * width / w)


def clip(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` at ``size``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def draw_fitted(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    size: float,
    *,
    bold: bool = False,
    align: str = "left",
    least: float = 6,
    color: colors.Color = INK,
) -> float:
    """Draw ``text`` on the baseline ``y`` within ``width`` from ``x`` (shrunk, then clipped,
    to fit); return the size used."""
    s = fit_size(text, width, size, bold=bold, least=least)
    text = clip(text, width, s, bold)
    c.setFont(FONT_BOLD if bold else FONT, s)
    c.setFillColor(color)
    if align == "center":
        c.drawCentredString(x + width / 2, y, text)
    elif align == "right":
        c.drawRightString(x + width, y, text)
    else:
        c.drawString(x, y, text)
    c.setFillColor(INK)
    return s


def draw_in_box(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    *,
    bold: bool = False,
    align: str = "center",
    pad: float = 4,
    color: colors.Color = INK,
) -> None:
    """Draw ``text`` vertically centred in the box with lower-left corner ``(x, y)``."""
    s = fit_size(text, w - 2 * pad, size, bold=bold)
    baseline = y + (h - s * 0.72) / 2
    draw_fitted(c, text, x + pad, baseline, w - 2 * pad, s, bold=bold, align=align, color=color)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at ``size``."""
    words = text.split()
    lines: list[str] = []
    current = ""
    for word in words:
        trial = f"{current} {word}".strip()
        if current and text_width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def draw_paragraph(
    c: Canvas, text: str, x: float, top: float, width: float, size: float, *, bold: bool = False
) -> float:
    """Draw ``text`` wrapped to ``width`` from the top ``top``; return the y below it."""
    c.setFont(FONT_BOLD if bold else FONT, size)
    y = top - size
    for line in wrap(text, width, size, bold):
        c.drawString(x, y, line)
        y -= size * 1.25
    return y + size * 0.25


def draw_wrapped_in_box(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    w: float,
    h: float,
    size: float,
    *,
    bold: bool = False,
    align: str = "center",
    pad: float = 4,
    color: colors.Color = INK,
) -> None:
    """Draw ``text`` vertically centred in the box: on one line if it fits at 80% of
    ``size``, else on two lines (each shrunk or cut to fit), so long names stay readable."""
    inner = w - 2 * pad
    one = fit_size(text, inner, size, bold=bold, least=1)
    if one >= size * 0.8:
        draw_in_box(c, text, x, y, w, h, one, bold=bold, align=align, pad=pad, color=color)
        return
    two = min(size * 0.8, h / 2.6)
    lines = wrap(text, inner, two, bold)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    sizes = [fit_size(line, inner, two, bold=bold) for line in lines]
    s = min(sizes)
    gap = s * 1.15
    block = s * 0.72 + gap * (len(lines) - 1)
    baseline = y + (h + block) / 2 - s * 0.72
    for line in lines:
        draw_fitted(c, line, x + pad, baseline, inner, s, bold=bold, align=align, color=color)
        baseline -= gap
