"""The score sheets as command values: entered (by the director, or by a line from its
table), confirmed, corrected (FIBAS art. 19-21)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.sheets import (
    confirm_sheet,
    correct_sheet,
    enter_sheet,
    sheet_status,
)
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import Record, SheetCorrected


@dataclass(frozen=True, slots=True)
class EnterSheet:
    """Enter a sheet (``line`` "ns"/"ew" when a line submits it from the table); answers the
    sheet's status after it: ``pending``, ``confirmed`` or ``conflict``."""

    round_number: int
    table: int
    entry: Any
    actor: str = "director"
    line: str | None = None
    device: str | None = None
    source: str | None = None  # issue 29: the signing phone's keyed address and browser

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The sheet's record (FIBAS art. 19-20)."""
        return [
            enter_sheet(
                state,
                self.round_number,
                self.table,
                self.entry,
                ctx.now,
                self.actor,
                self.line,
                self.device,
                self.source,
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> str:
        """The sheet's status once entered."""
        return sheet_status(state, self.round_number, self.table)


@dataclass(frozen=True, slots=True)
class ConfirmSheet(NoOutcome):
    """The director confirms a sheet submitted by one line only."""

    round_number: int
    table: int
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The confirmation's record."""
        return [confirm_sheet(state, self.round_number, self.table, ctx.now, self.actor)]


@dataclass(frozen=True, slots=True)
class CorrectSheet:
    """Correct a sheet (FIBAS art. 21); answers the round from which the correction
    counts."""

    round_number: int
    table: int
    kind: str
    reason: str | None
    entry: Any = None
    table_agrees: bool = False
    by_arbiter: bool = False
    swap: Sequence[CompetitorId] | None = None
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The correction's record."""
        return [
            correct_sheet(
                state,
                self.round_number,
                self.table,
                ctx.now,
                kind=self.kind,
                reason=self.reason,
                entry=self.entry,
                table_agrees=self.table_agrees,
                by_arbiter=self.by_arbiter,
                swap=self.swap,
                actor=self.actor,
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The round the correction counts from."""
        body = records[0].body
        assert isinstance(body, SheetCorrected)
        return body.effective_round
