"""Seats, lines and the order of play at a table of four (FIBAS art. 4, Parole art. 3,
Scala 40 art. 4, Briscola arts. 2-4): North, East, South, West clockwise seen from above;
partners sit opposite and form a line (*linea*, *coppia*): North-South and East-West."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Line(Enum):
    """A line (*linea*; Briscola's *coppia*): North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Line:
        """The opposing line."""
        return Line.EW if self is Line.NS else Line.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The line's two seats, North or East first."""
        return (Seat.N, Seat.S) if self is Line.NS else (Seat.E, Seat.W)


class Seat(Enum):
    """A seat at the table: North, East, South, West, clockwise."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def line(self) -> Line:
        """The seat's line: N and S play N-S, E and W play E-W."""
        return Line.NS if self is Seat.N or self is Seat.S else Line.EW

    @property
    def left(self) -> Seat:
        """The seat at this player's left: the next one clockwise."""
        return SEATS[(_INDEX[self] + 1) % 4]

    @property
    def right(self) -> Seat:
        """The seat at this player's right: the next one counter-clockwise."""
        return SEATS[(_INDEX[self] - 1) % 4]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite."""
        return SEATS[(_INDEX[self] + 2) % 4]


SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
"""The four seats clockwise from North."""
LINES: Final[tuple[Line, ...]] = (Line.NS, Line.EW)
"""The two lines, North-South first."""
_INDEX: Final[dict[Seat, int]] = {s: i for i, s in enumerate(SEATS)}


class TurnOrder(Enum):
    """Which way the turn goes round the table: to the left (Burraco FIBAS art. 6, Parole:
    clockwise) or to the right (Scala 40 art. 4, Briscola arts. 3-4: counter-clockwise)."""

    LEFT = "left"
    RIGHT = "right"

    def after(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat``."""
        return seat.left if self is TurnOrder.LEFT else seat.right

    def cycle(self, first: Seat, seats: tuple[Seat, ...] = SEATS) -> tuple[Seat, ...]:
        """The seats among ``seats`` in the order they play, starting with ``first``."""
        out = [first]
        s = self.after(first)
        while s is not first:
            if s in seats:
                out.append(s)
            s = self.after(s)
        return tuple(out)
