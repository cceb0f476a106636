"""The prepared boards as command values: a table's count of a board before play, the
arbiter's remedy for a board counted wrong, a Law 13 ruling (FIBAS art. 6-7, carte
uguali)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.tournament.commands.arbiter import record_board_ruling
from arbitro.tournament.commands.boards import check_board, rule_wrong_count
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record

if TYPE_CHECKING:  # a ruling is made by the arbiter's Law 13 module, not imported to register
    from arbitro.games.prepared_deals import Law13Ruling


@dataclass(frozen=True, slots=True)
class CheckBoard(NoOutcome):
    """Record a table's count of a board before play (Law 13 model): None or the expected
    counts is "board checked"; a wrong count is a Law 13 case for the arbiter."""

    round_number: int
    table: int
    board: int
    counts: Mapping[str, int] | None
    actor: str = "table"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The count's record."""
        return [
            check_board(
                state,
                self.round_number,
                self.table,
                self.board,
                self.counts,
                ctx.now,
                self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class RuleWrongCount(NoOutcome):
    """Record the event code's own remedy for a board counted wrong (FIBAS art. 6)."""

    round_number: int
    table: int
    board: int
    play_begun: bool
    reason: str | None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The remedy's record."""
        return [
            rule_wrong_count(
                state,
                self.round_number,
                self.table,
                self.board,
                play_begun=self.play_begun,
                reason=self.reason,
                now=ctx.now,
                actor=self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class RecordBoardRuling(NoOutcome):
    """Record a Law 13 ruling against a prepared board."""

    round_number: int
    table: int
    ruling: Law13Ruling
    reason: str | None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ruling's record."""
        return [
            record_board_ruling(
                state,
                self.round_number,
                self.table,
                self.ruling,
                self.reason,
                ctx.now,
                self.actor,
            )
        ]
