"""The value types of an event's structure: competitors, lines, tables and seatings.

A *line* (linea) is what sits on one side of a table: one pair or one team, or two players in
an individual event, where partnerships change every round (FIBAS art. 4). A table normally
has two lines, North-South and East-West; an *incomplete* table (tavolo incompleto, art. 2 and
art. 37) has one, and that line rests and gets the rest score.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

CompetitorId = int
"""A competitor's number: 1, 2, 3... in registration order, never reused in an event."""

Line = tuple[CompetitorId, ...]
"""The competitors forming one line: one pair or team, or two players in individual events."""


PLAYERS_PER_LINE = 2
"""Two players form a line (art. 2 "Linea"); in individual events a line is two players."""


class EventFormat(StrEnum):
    """How competitors enter (FIBAS art. 2 "Concorrente", art. 4 "Formazione delle linee")."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"


class Movement(StrEnum):
    """How a round is seated (FIBAS art. 4 "Assegnazione del tavolo")."""

    # First round only.
    ARBITER_CHOICE = "arbiter"
    REGISTRATION_ORDER = "registration"
    # Any round.
    DRAW = "draw"
    # Later rounds.
    MITCHELL = "mitchell"
    DANISH = "danish"
    MODIFIED_DANISH = "modified-danish"
    ROUND_ROBIN = "round-robin"


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table of a round: the North-South and East-West lines (``None`` for a missing
    line); or, in games of individuals at tables of four or three (Scala 40, art. 2),
    ``players`` in seat order and no lines."""

    table: int
    ns: Line | None
    ew: Line | None
    players: tuple[CompetitorId, ...] | None = None

    @property
    def lines(self) -> tuple[Line, ...]:
        """The lines present at the table (each player alone at a table of individuals)."""
        if self.players is not None:
            return tuple((p,) for p in self.players)
        return tuple(line for line in (self.ns, self.ew) if line is not None)

    @property
    def is_incomplete(self) -> bool:
        """True when one line is missing: the line present rests (art. 37). A table of
        individuals is never "incomplete" in this sense (three play, Scala 40 art. 25)."""
        return self.players is None and (self.ns is None or self.ew is None)


@dataclass(frozen=True, slots=True)
class Seating:
    """The seating of one round: tables numbered 1..n in order."""

    tables: tuple[TableSeating, ...]

    def table(self, number: int) -> TableSeating | None:
        """The table with that number, or ``None``."""
        if 1 <= number <= len(self.tables):
            return self.tables[number - 1]
        return None

    @property
    def resting(self) -> tuple[Line, ...]:
        """The lines seated at incomplete tables."""
        return tuple(line for t in self.tables if t.is_incomplete for line in t.lines)

    def competitors(self) -> list[CompetitorId]:
        """Every competitor seated, in table order."""
        return [c for t in self.tables for line in t.lines for c in line]
