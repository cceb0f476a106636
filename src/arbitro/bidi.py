"""Right-to-left controls in names (issue 29, "Bad luck"): a competitor's name holding U+202E
(RIGHT-TO-LEFT OVERRIDE) or another bidi control, stored or imported before such characters
were refused, must not turn the rest of a page around ("Coppia 3 · 1000 V.P." shown as
"P.V 0001 · 3 aippoC" after it) nor reach a printout. Two ways, one per medium:

- on pages, :func:`isolated` closes every embedding, override and isolate the text opens and
  wraps it in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (U+2068 … U+2069, what ``<bdi>``
  does, and it also works inside attributes and ``<option>``): the name is shown as the
  Unicode Bidirectional Algorithm reads it, and nothing after it is affected;
- in PDFs, :func:`without_controls` removes them (ReportLab lays text out in logical order and
  has no bidi algorithm: a control would be at best invisible, at worst a missing glyph).
"""

from __future__ import annotations

import re

FSI = "\u2068"
PDI = "\u2069"
PDF = "\u202c"
OPENERS_EMBEDDING = frozenset("\u202a\u202b\u202d\u202e")  # LRE RLE LRO RLO
OPENERS_ISOLATE = frozenset("\u2066\u2067\u2068")  # LRI RLI FSI
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The Unicode bidi formatting characters: ALM, LRM, RLM, the embeddings and overrides (LRE,
RLE, PDF, LRO, RLO) and the isolates (LRI, RLI, FSI, PDI)."""


def _closers(text: str) -> str:
    """The PDFs and PDIs that close what ``text`` leaves open, innermost first (UAX #9: a PDI
    closes the embeddings opened inside its isolate; an unmatched closer is ignored)."""
    stack: list[str] = []
    for ch in text:
        if ch in OPENERS_EMBEDDING:
            stack.append(PDF)
        elif ch in OPENERS_ISOLATE:
            stack.append(PDI)
        elif ch == PDF and stack and stack[-1] == PDF:
            stack.pop()
        elif ch == PDI and PDI in stack:
            while stack.pop() != PDI:
                pass
    return "".join(reversed(stack))


def isolated(text: str) -> str:
    """``text`` as a page shows it: unchanged if it holds no bidi control; else closed and
    wrapped in FSI … PDI (an isolate, like ``<bdi>``) so that it cannot reorder what follows
    it. Text already so isolated (FSI … PDI, balanced) is left as it is."""
    if text.isascii() or not BIDI_CONTROLS.search(text):  # isascii: most text, at C speed
        return text
    if text.startswith(FSI) and text.endswith(PDI) and not _closers(text):
        return text
    return FSI + text + _closers(text) + PDI


def without_controls(text: str) -> str:
    """``text`` with its bidi controls removed, in logical order (what a PDF prints)."""
    return BIDI_CONTROLS.sub("", text)
