"""What changed in a round's seating since a director looked at it (issue 29, "Bad luck").

Two directors at one desk: A prints round 2's table cards, B seats the round again, A presses
"Publish". The seating published must be the one A saw (FIBAS art. 21 b: once published, the
seating stands and the players go to the tables of the posted list), so the publish action
carries the round's version A saw and, when another seating stands in its place, is refused
with the tables that differ ("Table 3: Rossi/Bianchi – Verdi/Neri, was Rossi/Bianchi –
Gialli/Blu"). A new seating that happens to give every table the same lines is no change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitro.errors import ConflictError
from arbitro.i18n import Message, msg, render
from arbitro.tournament.event import EventState
from arbitro.tournament.model import Line, TableSeating


def _line_text(state: EventState, line: Line | None) -> str:
    if line is None:
        return "—"
    return " + ".join(state.competitors[c].name if c in state.competitors else str(c) for c in line)


def table_text(state: EventState, tab: TableSeating | None) -> str:
    """A table's competitors as the room reads them: ``N-S – E-W`` (names), or a table of
    individuals' players in seat order (Scala 40 art. 2); "" for no table."""
    if tab is None:
        return ""
    if tab.players is not None:
        return ", ".join(_line_text(state, (p,)) for p in tab.players)
    return f"{_line_text(state, tab.ns)} – {_line_text(state, tab.ew)}"


@dataclass(frozen=True, slots=True)
class TableChange:
    """One table whose competitors differ: as they are now and as the director saw them ("" for
    a table that was not there, or is no more)."""

    table: int
    now: str
    was: str

    def message(self) -> Message:
        """The change as a line of the refusal."""
        if not self.was:
            return msg("Table {table}: {now}, a new table", table=self.table, now=self.now)
        if not self.now:
            return msg("Table {table}: no more, was {was}", table=self.table, was=self.was)
        return msg("Table {table}: {now}, was {was}", table=self.table, now=self.now, was=self.was)

    def to_json(self) -> dict[str, Any]:
        """The change for the API and the CLI's ``--json``."""
        return {"table": self.table, "now": self.now or None, "was": self.was or None}


def seating_changes(
    seen: EventState | None, now: EventState, round_number: int
) -> list[TableChange]:
    """The tables of round ``round_number`` whose competitors differ between the state the
    director saw (``seen``; None: before the event's first record) and the current one."""
    if seen is not None and round_number in seen.rounds:
        before = seen.round(round_number).seating
    else:
        before = None
    after = now.round(round_number).seating
    old = {t.table: t for t in (before.tables if before else ())}
    new = {t.table: t for t in (after.tables if after else ())}
    changes = []
    for table in sorted(old.keys() | new.keys()):
        was, is_now = old.get(table), new.get(table)
        if was is None or is_now is None or _seats(was) != _seats(is_now):
            changes.append(
                TableChange(table, table_text(now, is_now), table_text(seen or now, was))
            )
    return changes


def _seats(tab: TableSeating) -> tuple[Any, ...]:
    return (tab.ns, tab.ew, tab.players)


@dataclass(frozen=True, slots=True)
class ChangeList:
    """The changed tables, one after the other, in the reader's language."""

    changes: tuple[TableChange, ...]

    def render(self, lang: str | None = None) -> str:
        """The changes joined by "; "."""
        return "; ".join(render(c.message(), lang) for c in self.changes)


class SeatingChanged(ConflictError):
    """The seating to publish is no longer the one the director saw: refused, with the tables
    that changed (FIBAS art. 21 b; issue 29)."""

    def __init__(self, round_number: int, changes: list[TableChange]) -> None:
        self.changes = tuple(changes)
        super().__init__(
            "round {round}'s seating changed after you looked at it (seated again or edited "
            "by someone else): {changes}. Look at the new seating (and print the table cards "
            "again) before publishing it.",
            round=round_number,
            changes=ChangeList(self.changes),
            key="seating.changed",
        )

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The refusal with the changed tables (``changes``)."""
        return {**super().to_json(lang), "changes": [c.to_json() for c in self.changes]}
