"""Seats and pairs at a Briscola table: four players, partners opposite (N-S and E-W).

Play goes to the right, counterclockwise (arts. 2-4, see :data:`PLAY_ORDER`): the dealer
deals from the player at his right, who leads the first trick, and the dealer plays last.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Pair(Enum):
    """A pair (coppia) at the table: North-South or East-West; partners sit opposite."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Pair:
        """The opposing pair."""
        return Pair.EW if self is Pair.NS else Pair.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the pair."""
        return (Seat.N, Seat.S) if self is Pair.NS else (Seat.E, Seat.W)


class Seat(Enum):
    """A seat at the table: North, East, South, West (clockwise seen from above)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def pair(self) -> Pair:
        """The seat's pair: N and S are NS, E and W are EW."""
        return Pair.NS if self in (Seat.N, Seat.S) else Pair.EW

    @property
    def right(self) -> Seat:
        """The seat at this player's right, next to play (arts. 3-4): N→W→S→E→N."""
        return PLAY_ORDER[(PLAY_ORDER.index(self) + 1) % len(PLAY_ORDER)]

    @property
    def left(self) -> Seat:
        """The seat at this player's left, who cuts when this player deals (art. 2)."""
        return PLAY_ORDER[(PLAY_ORDER.index(self) - 1) % len(PLAY_ORDER)]

    @property
    def partner(self) -> Seat:
        """The partner, sitting opposite."""
        return PLAY_ORDER[(PLAY_ORDER.index(self) + 2) % len(PLAY_ORDER)]


SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
"""The four seats N, E, S, W."""
PLAY_ORDER: Final[tuple[Seat, ...]] = (Seat.N, Seat.W, Seat.S, Seat.E)
"""Seats in the order of play, each followed by the seat at its right (arts. 3-4)."""
PAIRS: Final[tuple[Pair, ...]] = (Pair.NS, Pair.EW)

__all__ = ["PAIRS", "PLAY_ORDER", "SEATS", "Pair", "Seat"]
