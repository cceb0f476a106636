"""The board plan of a *carte uguali* round: which prepared board each table plays at each
deal, so that every line of a direction plays the same deals (FIBAS art. 7, one to four deals
a round "a carte preparate"; the bridge relay as the model).

The round's ``boards`` deals are prepared once and copied in sets: the tables are taken in
groups of as many tables as boards, each group sharing one set. Within a group, the table in
place ``i`` starts with board ``i + 1`` and plays the others in turn; after each deal it hands
the board it played to the table before it in the group (the first to the last), which
plays it next. A last group smaller than the set leaves some boards on the relay stand
between deals. Every table thus plays every board of the round once, each at a different
deal within its set."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardAssignment:
    """Table ``table`` plays board ``board`` of copy ``copy`` (1-based) at deal ``deal``."""

    table: int
    deal: int
    board: int
    copy: int


@dataclass(frozen=True, slots=True)
class BoardPlan:
    """The boards of one round for tables ``1..tables``, ``boards`` deals each."""

    tables: int
    boards: int

    def __post_init__(self) -> None:
        if self.tables < 1 or self.boards < 1:
            raise ValueError("a board plan needs at least one table and one board")

    @property
    def copies(self) -> int:
        """How many sets of the round's boards the room needs."""
        return -(-self.tables // self.boards)

    def at(self, table: int) -> tuple[BoardAssignment, ...]:
        """What ``table`` plays, deal by deal."""
        if not 1 <= table <= self.tables:
            raise ValueError(f"no table {table} in a plan of {self.tables}")
        group, place = divmod(table - 1, self.boards)
        return tuple(
            BoardAssignment(table, deal, (place + deal - 1) % self.boards + 1, group + 1)
            for deal in range(1, self.boards + 1)
        )

    def passes_to(self, table: int) -> int | None:
        """The table that plays next the board ``table`` has just played (None: the relay
        stand, when the group is smaller than the set)."""
        group, place = divmod(table - 1, self.boards)
        size = min(self.boards, self.tables - group * self.boards)
        target = (place - 1) % self.boards
        return group * self.boards + target + 1 if target < size else None

    def assignments(self) -> tuple[BoardAssignment, ...]:
        """Every table's boards, table by table."""
        return tuple(a for t in range(1, self.tables + 1) for a in self.at(t))
