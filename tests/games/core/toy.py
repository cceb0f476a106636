"""A toy game on the core, for testing the core alone: four seats take one to three counters
in turn from a heap, to the left; whoever takes the last counter wins it for their line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from arbitro.codes.citation import Citation, cite
from arbitro.codes.ids import CodeId
from arbitro.games.core import Outcome, Seat, TurnOrder, not_legal, restore, undo_last


class Heap:
    """The toy position: counters left, the seat to play, the moves so far."""

    def __init__(self, counters: int, first: Seat = Seat.N) -> None:
        self.counters = counters
        self.first = first
        self._turn = first
        self.moves: list[tuple[Seat, int]] = []

    @property
    def turn(self) -> Seat:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self.counters == 0

    @property
    def move_stack(self) -> list[tuple[Seat, int]]:
        return self.moves

    def legal_moves(self) -> list[int]:
        return [] if self.is_over else [n for n in (1, 2, 3) if n <= self.counters]

    def push(self, move: int) -> None:
        if move not in self.legal_moves():
            raise not_legal(move)
        self.moves.append((self._turn, move))
        self.counters -= move
        if not self.is_over:
            self._turn = TurnOrder.LEFT.after(self._turn)

    def pop(self) -> int:
        earlier, move = undo_last(self)
        restore(self, earlier)
        return int(move)

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        line = self._turn.line
        return Outcome("last_counter", {line: 1, line.other: 0}, line, self._turn)

    def copy(self) -> Self:
        new = type(self)(self.counters, self.first)
        new._turn = self._turn
        new.moves = list(self.moves)
        return new

    def initial(self) -> Self:
        return type(self)(self.counters + sum(m for _, m in self.moves), self.first)


class HeapRules:
    """The toy's record rules."""

    format = "arbitro.test.heap/1"

    def layout(self, game: Heap) -> dict[str, Any]:
        return {"counters": game.initial().counters, "first": game.first.value}

    def start(self, layout: Mapping[str, Any]) -> Heap:
        return Heap(int(layout["counters"]), Seat(layout["first"]))

    def parse_move(self, text: str) -> int:
        return int(text)

    def result(self, game: Heap) -> dict[str, Any] | None:
        outcome = game.outcome()
        return None if outcome is None else outcome.to_dict()

    def article(self, topic: str) -> Citation:
        return cite(CodeId.BURRACO_FIBAS, topic)
