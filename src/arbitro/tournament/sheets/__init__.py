"""The games' score sheets behind one protocol (:class:`SheetKind`), chosen by the event's
game: shared code asks :func:`sheet_kind` and never which game it is. A game's sheet module is
imported when an event of that game first asks for it (issue 14: registering the pairs of a
Burraco event loads nothing of Scala 40's sheet)."""

from __future__ import annotations

from collections.abc import Callable

from arbitro.codes.ids import GameId
from arbitro.errors import ArbitroError
from arbitro.tournament.sheets.kind import (
    SheetContext,
    SheetKind,
    SheetOutcome,
    SheetScore,
    SheetTable,
)


def _lines(game: GameId) -> SheetKind:
    from arbitro.tournament.sheets.lines import LinesSheet

    return LinesSheet(game)


def _individuals(game: GameId) -> SheetKind:
    from arbitro.tournament.sheets.individuals import IndividualsSheet

    return IndividualsSheet()


# Each game's sheet: two lines (Burraco FIBAS art. 19-20, Parole art. 12), or each player's
# negative points at a table of individuals (Scala 40 art. 22).
_MAKERS: dict[GameId, Callable[[GameId], SheetKind]] = {
    GameId.BURRACO: _lines,
    GameId.PAROLE: _lines,
    GameId.SCALA40: _individuals,
}
_KINDS: dict[str, SheetKind] = {}  # made on first ask, then shared


def register_sheet_kind(game: str, maker: Callable[[GameId], SheetKind]) -> None:
    """The score sheet of a game registered with its code (issue 30: a new game in one folder;
    its code must be in :mod:`arbitro.codes.registry` first)."""
    known = GameId(game)
    _MAKERS[known] = maker
    _KINDS.pop(known, None)


def lines_sheet(game: GameId) -> SheetKind:
    """The sheet of two lines (Burraco FIBAS art. 19-20), for a new game that uses it."""
    return _lines(game)


def sheet_kind(game: GameId | str) -> SheetKind:
    """The score sheet of ``game`` in events of rounds (one object per game)."""
    found = _KINDS.get(game)
    if found is not None:
        return found
    try:
        known = GameId(game)
        maker = _MAKERS[known]
    except (KeyError, ValueError):
        raise ArbitroError(
            "no score sheet for the game «{game}» in events of rounds", game=game
        ) from None
    made = _KINDS[known] = maker(known)
    return made


__all__ = [
    "SheetContext",
    "SheetKind",
    "SheetOutcome",
    "SheetScore",
    "SheetTable",
    "lines_sheet",
    "register_sheet_kind",
    "sheet_kind",
]
