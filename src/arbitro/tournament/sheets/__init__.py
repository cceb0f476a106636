"""The games' score sheets behind one protocol (:class:`SheetKind`), chosen by the event's
game: shared code asks :func:`sheet_kind` and never which game it is. Each game's sheet is named
by its code's spec (``CodeSpec.sheet``, issue 30) or registered (:func:`register_sheet_kind`);
its module is imported when an event of that game first asks for it (issue 14: registering the
pairs of a Burraco event loads nothing of Scala 40's sheet)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from arbitro.codes.ids import GameId
from arbitro.codes.registry import code_specs
from arbitro.errors import ArbitroError
from arbitro.lazy_names import lazy_module
from arbitro.tournament.sheets.form import PHONE, CliSheet, SheetFields, SheetForm, desk_fields
from arbitro.tournament.sheets.kind import (
    SheetContext,
    SheetKind,
    SheetOutcome,
    SheetScore,
    SheetTable,
)

if TYPE_CHECKING:
    from arbitro.tournament.sheets import lines
else:
    # a circle: each kind is made of this package's SheetKind
    lines = lazy_module("arbitro.tournament.sheets.lines")


# The sheets registered by a call (a plugin's game); a game none registered reads its code's
# spec (two lines: Burraco FIBAS art. 19-20, Parole art. 12; each player's negative points at
# a table of individuals: Scala 40 art. 22).
_MAKERS: dict[str, Callable[[str], SheetKind[Any]]] = {}
_KINDS: dict[str, SheetKind[Any]] = {}  # made on first ask, then shared


def register_sheet_kind(game: str, maker: Callable[[str], SheetKind[Any]]) -> None:
    """Make ``game``'s events score with the sheet ``maker(game)`` makes (a new game's sheet:
    one call, no other file of shared code)."""
    _MAKERS[str(game)] = maker
    _KINDS.pop(str(game), None)


@contextmanager
def registered_sheet_kind(
    game: str, maker: Callable[[str], SheetKind[Any]]
) -> Iterator[SheetKind[Any]]:
    """:func:`register_sheet_kind` for the time of a ``with`` (tests): the kind made, then
    the registry as it was."""
    key = str(game)
    before, made = _MAKERS.get(key), _KINDS.pop(key, None)
    register_sheet_kind(key, maker)
    try:
        yield sheet_kind(key)
    finally:
        _KINDS.pop(key, None)
        if before is None:
            del _MAKERS[key]
        else:
            _MAKERS[key] = before
        if made is not None:
            _KINDS[key] = made


def lines_sheet(game: str) -> SheetKind[Any]:
    """The sheet of two lines (Burraco FIBAS art. 19-20), for a new game that uses it."""
    return lines.LinesSheet(GameId(game))


def _spec_maker(game: str) -> Callable[[str], SheetKind[Any]] | None:
    """The sheet maker the spec of a code of ``game`` names (``CodeSpec.sheet``), its module
    imported now; None where no code of the game names one."""
    for spec in code_specs():
        if spec.game == game and spec.sheet:
            module, _, name = spec.sheet.partition(":")
            maker: Callable[[str], SheetKind[Any]] = getattr(importlib.import_module(module), name)
            return maker
    return None


def sheet_kind(game: str) -> SheetKind[Any]:
    """The score sheet of ``game`` in events of rounds (one object per game)."""
    found = _KINDS.get(game)
    if found is not None:
        return found
    maker = _MAKERS.get(str(game)) or _spec_maker(str(game))
    if maker is None:
        raise ArbitroError("no score sheet for the game «{game}» in events of rounds", game=game)
    made = _KINDS[str(game)] = maker(str(game))
    return made


__all__ = [
    "PHONE",
    "CliSheet",
    "SheetContext",
    "SheetFields",
    "SheetForm",
    "SheetKind",
    "SheetOutcome",
    "SheetScore",
    "SheetTable",
    "desk_fields",
    "lines_sheet",
    "register_sheet_kind",
    "registered_sheet_kind",
    "sheet_kind",
]
