"""The score sheet typed in a form, read the same way for the desk and for the phones, by the
event's kind of sheet (:class:`~arbitro.tournament.sheets.SheetKind`): the web never asks
which game it is. The kind reads the numbers (its domain module: the two lines'
:mod:`~arbitro.tournament.sheets.lines_form`, the players'
:mod:`~arbitro.codes.scala40_sheet_form`) and names its templates' folder; the
desk and the phones name their inputs differently (:class:`SheetFields`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.sheets import PHONE, SheetFields, SheetForm, SheetKind, desk_fields
from arbitro.tournament.sheets.lines_form import entry_values, parse_sheet

__all__ = [
    "PHONE",
    "SheetFields",
    "desk_fields",
    "entry_values",
    "form_values",
    "parse_sheet",
    "read_sheet_form",
    "template",
]


def read_sheet_form(
    kind: SheetKind[Any],
    state: EventState,
    round_number: int,
    seat: TableSeating,
    form: Mapping[str, str],
    lang: str,
    fields: SheetFields = PHONE,
    abandoned: CompetitorId | None = None,
) -> SheetForm[Any]:
    """The sheet typed in a phone's or the desk's form (``fields`` names the inputs), read
    and checked by ``kind`` (FIBAS art. 19; Scala 40 art. 22)."""
    return kind.read_form(state, round_number, seat, form, lang, fields, abandoned)


def form_values(kind: SheetKind[Any], entry: Any, fields: SheetFields = PHONE) -> dict[str, str]:
    """A recorded entry as the form's values (to show it again, or to correct it)."""
    return kind.form_values(entry, fields)


def template(kind: SheetKind[Any], name: str) -> str:
    """The kind's template ``name`` (``phone.html``, ``totals.html``): ``sheets/<its folder>/``."""
    return f"sheets/{kind.folder}/{name}"
