"""The mark of an event imported unverified (issue 29) on every page of its printouts: a
line at the top of each page, whichever printout draws it (a platypus document or a
hand-drawn canvas), while :func:`marked` is in force."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from arbitro.printouts.style import FONT_BOLD, register_fonts

_MARK: ContextVar[str | None] = ContextVar("arbitro_printout_mark", default=None)
_show_page: Callable[[Canvas], None] = Canvas.showPage
MARK_COLOUR = HexColor("#7a4a00")


def _marked_show_page(canvas: Canvas) -> None:
    """Close the page as ReportLab does, the mark drawn on it first (when one is set)."""
    text = _MARK.get()
    if text:
        width, height = canvas._pagesize
        canvas.saveState()
        canvas.setFont(FONT_BOLD, 8)
        canvas.setFillColor(MARK_COLOUR)
        canvas.drawCentredString(width / 2, height - 10, text)
        canvas.restoreState()
    _show_page(canvas)


# Once, for every canvas: a printout made outside :func:`marked` is drawn as before.
Canvas.showPage = _marked_show_page


@contextmanager
def marked(text: str | None) -> Iterator[None]:
    """Every page printed inside the block carries ``text`` at its top (None: nothing)."""
    if text:
        register_fonts()
    token = _MARK.set(text or None)
    try:
        yield
    finally:
        _MARK.reset(token)
