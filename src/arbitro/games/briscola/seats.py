"""Seats and pairs at a Briscola table, on the core's: four players, partners opposite (N-S
and E-W); a pair (*coppia*) is the core's :class:`~arbitro.games.core.Line`.

Play goes to the right, counterclockwise (arts. 2-4, :data:`ORDER`): the dealer deals from the
player at his right, who leads the first trick, and the dealer plays last.
"""

from __future__ import annotations

from typing import Final

from arbitro.games.core.seats import LINES, SEATS, Line, Seat, TurnOrder

ORDER: Final = TurnOrder.RIGHT
"""The direction of play and of the deal: to the right (arts. 3-4)."""
PLAY_ORDER: Final[tuple[Seat, ...]] = ORDER.cycle(Seat.N)
"""Seats in the order of play from North, each followed by the seat at its right (arts. 3-4):
N, W, S, E."""

Pair = Line
"""Briscola's name of a line (*coppia*); kept because callers (cli, services) import it."""
PAIRS: Final[tuple[Line, ...]] = LINES


__all__ = ["LINES", "ORDER", "PAIRS", "PLAY_ORDER", "SEATS", "Line", "Pair", "Seat"]
