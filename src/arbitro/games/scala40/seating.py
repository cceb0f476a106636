"""The seat draw of art. 3: who chooses the seat, who deals, where the others sit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.cards import Card
from arbitro.codes.scala40 import Scala40Code
from arbitro.games.scala40.rules import seat_draw_key


@dataclass(frozen=True, slots=True)
class SeatDraw:
    """The result of a seat draw among players numbered 0..n-1 (art. 3).

    ``order`` is strongest card first: ``order[0]`` chooses the seat, ``order[-1]`` deals
    and the others sit in rotation by their cards. ``redraw`` lists groups of players whose
    cards tie exactly (two jokers, or two equal cards of the two decks): they keep their
    priority over the others and draw again among themselves.
    """

    order: tuple[int, ...]
    redraw: tuple[tuple[int, ...], ...]

    @property
    def chooser(self) -> int:
        """The player who drew the highest card and chooses the seat (art. 3)."""
        return self.order[0]

    @property
    def dealer(self) -> int:
        """The player who drew the lowest card and deals (art. 3)."""
        return self.order[-1]


def seat_draw(cards: Sequence[Card], code: Scala40Code | None = None) -> SeatDraw:
    """Rank the cards drawn by players 0..n-1 (art. 3): card rank (joker highest, then A, K
    ... 2), then suit rank (H > D > C > S); exact ties are listed for a new draw."""
    keys = [seat_draw_key(c, code) for c in cards]
    order = tuple(sorted(range(len(cards)), key=lambda i: keys[i], reverse=True))
    groups: dict[tuple[int, int], list[int]] = {}
    for i in order:
        groups.setdefault(keys[i], []).append(i)
    redraw = tuple(tuple(g) for g in groups.values() if len(g) > 1)
    return SeatDraw(order, redraw)


__all__ = ["SeatDraw", "seat_draw"]
