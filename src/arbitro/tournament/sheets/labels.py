"""The lines' labels, one for every page, sheet and terminal: ``N-S`` and ``E-W`` from the
message catalogue (Italian "N-S", "E-O"), never the record's code (``ns``, ``ew``) nor a
label written by hand (FIBAS art. 4, 19: the lines North-South and East-West)."""

from __future__ import annotations

from arbitro.i18n import Message, verbatim

LINE_LABELS: dict[str, Message] = {"ns": Message("N-S"), "ew": Message("E-W")}


def line_label(line: str) -> Message:
    """A line as the reader's language writes it (``N-S``, ``E-O`` in Italian); anything
    else (a player's number at a table of individuals, Scala 40 art. 2) as it is."""
    return LINE_LABELS.get(line.lower(), verbatim(line))
