"""Registrations from an Excel workbook (XLSX), with the same columns as the CSV file
(:mod:`arbitro.services.registrations`): a header row with a name column (``nome``/``name``...)
and optional player columns (``giocatore1``... or ``player1``...), one competitor per row."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError
from arbitro.lazy_names import lazy_module
from arbitro.services.registrations import (
    FileRefused,
    FileRow,
    LineProblem,
    read_registration_table,
)

if TYPE_CHECKING:
    import openpyxl  # type: ignore[import-untyped]  # openpyxl ships no type hints
else:
    openpyxl = lazy_module("openpyxl")

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


def read_registration_rows(
    rows: Iterable[Sequence[Any]],
) -> tuple[list[FileRow], list[LineProblem]]:
    """Read registrations from rows of cells (the first non-blank row is the header): the
    competitors and every problem, each by its row in the sheet (see
    :func:`arbitro.services.registrations.read_registration_table`)."""
    return read_registration_table([[cell_text(v) for v in row] for row in rows])


def parse_registration_rows(rows: Iterable[Sequence[Any]]) -> list[tuple[str, list[str]]]:
    """Parse registrations from rows of cells: ``(name, players)`` per competitor in order,
    blank rows ignored; a :class:`FileRefused` listing every problem if there is any."""
    found, problems = read_registration_rows(rows)
    if problems:
        raise FileRefused(problems)
    return [(r.name, r.players) for r in found]


def workbook_rows(data: bytes) -> list[tuple[Any, ...]]:
    """The cells of the first worksheet of an XLSX workbook, row by row; an unreadable
    workbook, or one without sheets, refused."""
    if not data.startswith(XLSX_MAGIC):
        raise ArbitroError("the file is not an Excel workbook (.xlsx)")
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
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


def read_registrations_xlsx(data: bytes) -> tuple[list[FileRow], list[LineProblem]]:
    """The competitors and the problems of the first worksheet of an XLSX workbook."""
    return read_registration_rows(workbook_rows(data))


def parse_registrations_xlsx(data: bytes) -> list[tuple[str, list[str]]]:
    """Parse the first worksheet of an XLSX workbook (see :func:`parse_registration_rows`)."""
    return parse_registration_rows(workbook_rows(data))
