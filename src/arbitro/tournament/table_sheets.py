"""A table's score sheet in a round as folded from its records: each entry or correction
(:class:`SheetVersion`), the one accepted, the conflicts, the corrections, who signed
(FIBAS arts. 20-21; Scala 40 arts. 23, 25)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from arbitro.tournament.records import Record, utc


@dataclass(frozen=True, slots=True)
class SheetVersion:
    """One entry or correction of a table's sheet, as recorded; ``entry`` is the game's
    parsed sheet (see the event's :class:`~arbitro.tournament.sheets.SheetKind`)."""

    seq: int
    entry: Any
    actor: str
    at: datetime
    kind: str  # "entered", "repeated", "conflict", "correction: sum|inverted|arbiter|conflict"
    reason: str | None = None
    effective_round: int = 0
    line: str | None = None  # "ns"/"ew" (or a player) when submitted from the table


SAME_SOURCE_SECONDS = 30  # two lines' signatures from one phone this close are flagged


@dataclass(slots=True)
class TableSheet:
    """A table's sheet in one round: the accepted entry, conflicting entries, corrections."""

    table: int
    signers: frozenset[str]
    history: list[SheetVersion] = field(default_factory=list)
    accepted: SheetVersion | None = None
    conflicts: list[SheetVersion] = field(default_factory=list)
    corrections: list[SheetVersion] = field(default_factory=list)
    # who signed the accepted entry: one shared frozenset per set of signers, never changed
    # in place (20,000 sheets of a 4,000-pair event share a handful of them)
    confirmed_by: frozenset[str] = frozenset()
    devices: dict[str, str] = field(default_factory=dict)  # device → the line it signed for
    # lines signed again from another phone while the sheet was in conflict (issue 29: a
    # third device's signature does not close the line to its own phone; the director sees it)
    resigned: frozenset[str] = frozenset()
    # issue 29: each line's signature with its phone's source (a keyed hash of address and
    # browser) and time; the lines two of which were signed from one source within seconds
    sources: tuple[tuple[str, str, datetime], ...] = ()
    same_source: frozenset[str] = frozenset()

    def note_source(self, line: str, source: str, at: datetime) -> None:
        """Keep where ``line``'s signature came from; flag it with every other line signed
        from the same address and browser within :data:`SAME_SOURCE_SECONDS` (issue 29: one
        phone signing both lines, FIBAS art. 20: each line signs its own)."""
        for other, came_from, when in self.sources:
            if (
                other != line
                and came_from == source
                and abs((at - when).total_seconds()) <= SAME_SOURCE_SECONDS
            ):
                self.same_source = signers_of(sorted(self.same_source | {line, other}))
        self.sources = (*self.sources, (line, source, at))

    @property
    def same_source_lines(self) -> list[str]:
        """The lines flagged by :meth:`note_source` as a sheet lists them: N-S, E-W, then the
        players by their number (Scala 40)."""
        order = {"ns": (0, 0), "ew": (1, 0)}
        return sorted(
            self.same_source,
            key=lambda n: order.get(n, (2, int(n) if n.isdigit() else 0)),
        )

    def may_resign(self, line: str, device: str | None) -> bool:
        """Whether ``line`` may sign this sheet again from ``device`` (issue 29): the sheet is
        in conflict, neither confirmed nor corrected by the director, the line signed already
        and ``device`` signed nothing here; its signature then replaces the line's earlier
        ones (a third device's conflict never blocks the line's own phone, FIBAS art. 20)."""
        return (
            device is not None
            and device not in self.devices
            and bool(self.conflicts)
            and not self.corrections
            and not self.confirmed
            and any(v.line == line for v in self.history)
        )

    def resign(self, line: str) -> None:
        """Drop ``line``'s earlier signatures from the sheet in force (they stay in its
        history): the accepted entry, the conflicts and who confirmed are those of the other
        signatures, in their order; the line is marked as signed by more than one device."""
        self.accepted = None
        self.conflicts = []
        self.confirmed_by = frozenset()
        for v in self.history:
            if v.line == line or v.kind.startswith("correction"):
                continue
            signed = signers_of((v.line,)) if v.line else self.signers
            if self.accepted is None:
                self.accepted = v
                self.confirmed_by = signed
            elif self.accepted.entry == v.entry:
                self.confirmed_by = signers_of(sorted(self.confirmed_by | signed))
            else:
                self.conflicts.append(v)
        self.resigned = signers_of(sorted(self.resigned | {line}))

    @property
    def confirmed(self) -> bool:
        """Everyone who signs the paper sheet agrees with the accepted entry (both lines,
        FIBAS art. 20; the four players, Scala 40 art. 23), or the director entered or
        settled it."""
        return self.accepted is not None and self.confirmed_by >= self.signers

    def entry_as_of(self, round_number: int) -> Any:
        """The entry that counts in standings after ``round_number`` (art. 21: a correction
        may take effect from the next round)."""
        current = self.accepted.entry if self.accepted else None
        for c in self.corrections:
            if c.effective_round <= round_number:
                current = c.entry
        return current


_VERSION_SLOTS = SheetVersion.__dict__
_VERSION_SET = tuple(
    _VERSION_SLOTS[f].__set__
    for f in ("seq", "entry", "actor", "at", "kind", "reason", "effective_round", "line")
)


def sheet_version(rec: Record, entry: Any, kind: str, line: str | None) -> SheetVersion:
    """``SheetVersion(rec.seq, entry, rec.actor, utc(rec.at), kind, rec.reason, 0, line)``,
    its slots set directly: the frozen class's ``__init__`` sets each field through
    ``object.__setattr__``, and a replay makes one per sheet record (issue 14)."""
    v = object.__new__(SheetVersion)
    s_seq, s_entry, s_actor, s_at, s_kind, s_reason, s_round, s_line = _VERSION_SET
    s_seq(v, rec.seq)
    s_entry(v, entry)
    s_actor(v, rec.actor)
    at = rec.at
    s_at(v, at if at.tzinfo is UTC else utc(at))
    s_kind(v, kind)
    s_reason(v, rec.reason)
    s_round(v, 0)
    s_line(v, line)
    return v


def table_sheet(table: int, signers: frozenset[str]) -> TableSheet:
    """``TableSheet(table, signers)``, its fields set directly, without the dataclass's
    ``__init__`` and its default factories (a replay makes one per table and round)."""
    sheet = object.__new__(TableSheet)
    sheet.table = table
    sheet.signers = signers
    sheet.history = []
    sheet.accepted = None
    sheet.conflicts = []
    sheet.corrections = []
    sheet.confirmed_by = frozenset()
    sheet.devices = {}
    sheet.resigned = frozenset()
    sheet.sources = ()
    sheet.same_source = frozenset()
    return sheet


_SIGNERS: dict[tuple[str, ...], frozenset[str]] = {}


def signers_of(names: Sequence[str]) -> frozenset[str]:
    """The set of a sheet's signers, one shared object per set of names (a 4,000-pair event
    has 20,000 sheets, all signed by N-S and E-W)."""
    key = tuple(names)
    found = _SIGNERS.get(key)
    if found is None:
        found = frozenset(key)
        if len(_SIGNERS) < 4096:  # bounded: the tables of individuals make many sets
            _SIGNERS[key] = found
    return found
