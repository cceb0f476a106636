"""Registrations from an Excel workbook (XLSX), with the same columns as the CSV file
(:mod:`arbitro.services.registrations`): a header row with a name column (``nome``/``name``...)
and optional player columns (``giocatore1``... or ``player1``...), one competitor per row."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.services.registrations import NAME_HEADERS, PLAYER_PREFIXES

XLSX_MAGIC = b"PK\x03\x04"


def cell_text(value: Any) -> str:
    """A cell as text: numbers without a spurious ``.0``, dates as ISO, empty as ""."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value).strip()


def parse_registration_rows(rows: Iterable[Sequence[Any]]) -> list[tuple[str, list[str]]]:
    """Parse registrations from rows of cells (the first row is the header): returns
    ``(name, players)`` per competitor in order, blank rows ignored."""
    table = [[cell_text(v) for v in row] for row in rows]
    while table and not any(table[0]):
        table.pop(0)
    if not table:
        raise ArbitroError("empty sheet")
    header = [h.casefold() for h in table[0]]
    name_col = next((i for i, h in enumerate(header) if h in NAME_HEADERS), None)
    if name_col is None:
        shown = [h for h in table[0] if h]
        raise ArbitroError(
            "no name column (one of: {names}); header: {header}",
            names=", ".join(NAME_HEADERS),
            header=str(shown),
        )
    player_cols = [i for i, h in enumerate(header) if h.startswith(PLAYER_PREFIXES)]
    out: list[tuple[str, list[str]]] = []
    for row_no, row in enumerate(table[1:], start=2):
        if not any(row):
            continue
        if name_col >= len(row) or not row[name_col]:
            raise ArbitroError("row {row}: missing name", row=row_no)
        players = [row[i] for i in player_cols if i < len(row) and row[i]]
        out.append((row[name_col], players))
    return out


def workbook_rows(data: bytes) -> list[tuple[Any, ...]]:
    """The cells of the first worksheet of an XLSX workbook, row by row; an unreadable
    workbook, or one without sheets, refused."""
    from openpyxl import load_workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints

    if not data.startswith(XLSX_MAGIC):
        raise ArbitroError("the file is not an Excel workbook (.xlsx)")
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, TypeError) as exc:
        raise ArbitroError("unreadable Excel workbook ({error})", error=type(exc).__name__) from exc
    except Exception as exc:  # openpyxl's InvalidFileException and parser errors
        raise ArbitroError("unreadable Excel workbook ({error})", error=type(exc).__name__) from exc
    try:
        sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise ArbitroError("workbook without sheets")
        return list(sheet.iter_rows(values_only=True))
    finally:
        workbook.close()


def parse_registrations_xlsx(data: bytes) -> list[tuple[str, list[str]]]:
    """Parse the first worksheet of an XLSX workbook (see :func:`parse_registration_rows`)."""
    return parse_registration_rows(workbook_rows(data))
