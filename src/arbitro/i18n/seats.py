"""The seats and lines of a table as the reader's language names them (issue 32): a seat
letter of the engines' notation (``N``, ``E``, ``S``, ``W``) is «Nord», «Est», «Sud», «Ovest»
in Italian (short: N, E, S, O), a line (``NS``, ``EW``, ``N-S``, ``E-W``) is «N-S», «E-O»
(FIBAS art. 4: the lines North-South and East-West). One function, :func:`named`, for every
page and terminal that shows a seat or a line the notation writes; it reads the text's shape
only (a seat letter, a line), never the game played."""

from __future__ import annotations

from arbitro.i18n import Message, render

SEAT_NAMES: dict[str, Message] = {
    "N": Message("North"),
    "E": Message("East"),
    "S": Message("South"),
    "W": Message("West"),
}
"""A seat's full name (Italian Nord, Est, Sud, Ovest)."""

SEAT_LETTERS: dict[str, Message] = {
    "N": Message("N", context="seat letter"),
    "E": Message("E", context="seat letter"),
    "S": Message("S", context="seat letter"),
    "W": Message("W", context="seat letter"),
}
"""A seat's letter (Italian N, E, S, O: West is Ovest)."""

LINE_NAMES: dict[str, Message] = {"NS": Message("N-S"), "EW": Message("E-W")}
"""A line's label (Italian N-S, E-O), the sheets' own (``tournament/sheets/labels.py``)."""


def seat_or_line(text: str, *, short: bool = False) -> Message | None:
    """The name of the seat or line ``text`` writes in the notation, by its shape: a seat
    letter (``N``, ``E``, ``S``, ``W``: its full name, or with ``short`` its letter in the
    reader's language) or a line (``NS``, ``EW``, ``N-S``, ``E-W``, in either case); None
    for any other text (FIBAS art. 4: North-South and East-West)."""
    if text in SEAT_NAMES:
        return (SEAT_LETTERS if short else SEAT_NAMES)[text]
    return LINE_NAMES.get(text.upper().replace("-", ""))


def named(text: str, lang: str | None = None, *, short: bool = False) -> str:
    """``text`` as the reader of ``lang`` names it if it is a seat or a line of the
    notation (:func:`seat_or_line`: «Ovest», «O», «E-O» in Italian), else as it is."""
    found = seat_or_line(text, short=short)
    return text if found is None else render(found, lang)


def seat_names(lang: str | None = None, *, short: bool = False) -> dict[str, str]:
    """Every seat letter of the notation with its name in ``lang`` (for a page's client
    that names the seats the view sends as letters)."""
    return {s: named(s, lang, short=short) for s in SEAT_NAMES}
