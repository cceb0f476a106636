"""The games' score sheets behind one protocol (:class:`SheetKind`), chosen by the event's
game: shared code asks :func:`sheet_kind` and never which game it is."""

from __future__ import annotations

from arbitro.codes.ids import GameId
from arbitro.errors import ArbitroError
from arbitro.tournament.sheets.individuals import IndividualsSheet
from arbitro.tournament.sheets.kind import (
    SheetContext,
    SheetKind,
    SheetOutcome,
    SheetScore,
    SheetTable,
)
from arbitro.tournament.sheets.lines import LinesSheet

_KINDS: dict[GameId, SheetKind] = {
    GameId.BURRACO: LinesSheet(GameId.BURRACO),
    GameId.PAROLE: LinesSheet(GameId.PAROLE),
    GameId.SCALA40: IndividualsSheet(),
}


def sheet_kind(game: GameId | str) -> SheetKind:
    """The score sheet of ``game`` in events of rounds."""
    found = _KINDS.get(game)  # type: ignore[arg-type]  # a GameId, or its str value
    if found is not None:
        return found
    try:
        return _KINDS[GameId(game)]
    except (KeyError, ValueError):
        raise ArbitroError(
            "no score sheet for the game «{game}» in events of rounds", game=game
        ) from None


__all__ = [
    "SheetContext",
    "SheetKind",
    "SheetOutcome",
    "SheetScore",
    "SheetTable",
    "sheet_kind",
]
