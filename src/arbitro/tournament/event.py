"""An event's state as the fold of its records (FIBAS code: arts. 4, 19-21, 36-40).

:class:`EventState` is rebuilt from the log by :meth:`EventState.replay`; it never changes a
record, and a correction is a new record that supersedes an entry from a given round on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Line,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.records import Record, RecordKind, utc
from arbitro.tournament.rules import EventRules, rules_for
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import SheetEntry


@dataclass(frozen=True, slots=True)
class EventConfig:
    """How an event is run: format, rounds, deals and movement of each round (art. 4, 7)."""

    name: str
    event_format: EventFormat
    rounds: int
    deals: tuple[int, ...]
    movements: tuple[Movement, ...]
    mitchell_step: int = 1
    seed: int = 0
    duplicate: bool = False
    complaints_window_minutes: int = 15
    session_starts: tuple[int, ...] = (1,)
    code: str = "burraco-fibas"
    game: str = "burraco"

    def to_payload(self) -> dict[str, Any]:
        """The config as JSON-ready data (the ``event-created`` record's payload)."""
        return {
            "name": self.name,
            "game": self.game,
            "code": self.code,
            "format": self.event_format.value,
            "rounds": self.rounds,
            "deals": list(self.deals),
            "movements": [m.value for m in self.movements],
            "mitchell_step": self.mitchell_step,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "complaints_window_minutes": self.complaints_window_minutes,
            "session_starts": list(self.session_starts),
        }

    @classmethod
    def from_payload(cls, p: Mapping[str, Any]) -> EventConfig:
        """Parse an ``event-created`` payload."""
        return cls(
            name=str(p["name"]),
            event_format=EventFormat(p["format"]),
            rounds=int(p["rounds"]),
            deals=tuple(int(d) for d in p["deals"]),
            movements=tuple(Movement(m) for m in p["movements"]),
            mitchell_step=int(p.get("mitchell_step", 1)),
            seed=int(p.get("seed", 0)),
            duplicate=bool(p.get("duplicate", False)),
            complaints_window_minutes=int(p.get("complaints_window_minutes", 15)),
            session_starts=tuple(int(s) for s in p.get("session_starts", [1])),
            code=str(p.get("code", "burraco-fibas")),
            game=str(p.get("game", "burraco")),
        )

    def session_start(self, round_number: int) -> int:
        """The first round of the session ``round_number`` belongs to (art. 2 "Sessione")."""
        return max(s for s in self.session_starts if s <= round_number)


@dataclass(slots=True)
class Competitor:
    """A pair, team or player as registered; never removed, only withdrawn."""

    number: CompetitorId
    name: str
    players: tuple[str, ...]
    withdrawn_from_round: int | None = None
    joined_round: int = 1  # a late entry plays from this round (Scala 40 art. 26)

    def active_in(self, round_number: int) -> bool:
        """True from the round it joined, unless it withdrew or abandoned before."""
        if round_number < self.joined_round:
            return False
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


@dataclass(frozen=True, slots=True)
class SheetVersion:
    """One entry or correction of a table's sheet, as recorded."""

    seq: int
    entry: AnyEntry
    actor: str
    at: datetime
    kind: str  # "entered", "repeated", "conflict", "correction: sum|inverted|arbiter|conflict"
    reason: str | None = None
    effective_round: int = 0
    line: str | None = None  # "ns"/"ew" when a line submitted it from the table; None: director


BOTH_LINES = frozenset({"ns", "ew"})


@dataclass(slots=True)
class TableSheet:
    """A table's sheet in one round: the accepted entry, conflicting entries, corrections."""

    table: int
    history: list[SheetVersion] = field(default_factory=list)
    accepted: SheetVersion | None = None
    conflicts: list[SheetVersion] = field(default_factory=list)
    corrections: list[SheetVersion] = field(default_factory=list)
    confirmed_by: set[str] = field(default_factory=set)
    signers: frozenset[str] = BOTH_LINES

    @property
    def confirmed(self) -> bool:
        """Everyone who signs the paper sheet agrees with the accepted entry (both lines,
        FIBAS art. 20; the four players, Scala 40 art. 23), or the director entered or
        settled it."""
        return self.accepted is not None and self.confirmed_by >= self.signers

    def entry_as_of(self, round_number: int) -> AnyEntry | None:
        """The entry that counts in standings after ``round_number`` (art. 21: a correction
        may take effect from the next round)."""
        current = self.accepted.entry if self.accepted else None
        for c in self.corrections:
            if c.effective_round <= round_number:
                current = c.entry
        return current


class SanctionKind(StrEnum):
    """The sanctions of the codes: reprimand ("richiamo"), warning ("ammonizione"),
    expulsion ("espulsione") (FIBAS art. 22, 40, 41; Parole art. 14)."""

    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"


@dataclass(frozen=True, slots=True)
class Sanction:
    """One entry of the sanctions ledger: what, to whom, by which article, who, when, why."""

    seq: int
    round: int
    competitor: CompetitorId
    kind: SanctionKind
    article: str
    actor: str
    at: datetime
    reason: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One line of the event's sanctions ledger: sanctions, lateness, abandons and arbitral
    scores, each with its article, who recorded it, when and why."""

    seq: int
    round: int
    competitor: CompetitorId | None  # None for a board ruling (it concerns a board)
    kind: (
        str  # reprimand | warning | expulsion | lateness | abandon | arbitral-score | board-ruling
    )
    article: str
    actor: str
    at: datetime
    reason: str
    detail: str = ""


@dataclass(slots=True)
class RoundState:
    """One round: seating, sheets, and when its seating and standings were published."""

    number: int
    seating: Seating | None = None
    movement: Movement | None = None
    seed: int | None = None
    seating_published_at: datetime | None = None
    sheets: dict[int, TableSheet] = field(default_factory=dict)
    standings_published_at: datetime | None = None
    open_complaints: dict[int, str] = field(default_factory=dict)


@dataclass(slots=True)
class EventState:
    """Everything recorded about an event, folded from its records."""

    event_id: str
    config: EventConfig
    created_at: datetime
    competitors: dict[CompetitorId, Competitor] = field(default_factory=dict)
    rounds: dict[int, RoundState] = field(default_factory=dict)
    lateness: dict[tuple[int, CompetitorId], int] = field(default_factory=dict)
    sanctions: list[Sanction] = field(default_factory=list)
    ledger: list[LedgerEntry] = field(default_factory=list)
    board_rulings: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    arbitral: dict[tuple[int, CompetitorId], tuple[int, int]] = field(default_factory=dict)
    abandons: dict[tuple[int, CompetitorId], bool] = field(default_factory=dict)
    last_seq: int = 0

    def warnings(self) -> list[Sanction]:
        """The warnings given, oldest first."""
        return [s for s in self.sanctions if s.kind is SanctionKind.WARNING]

    @property
    def code(self) -> EventRules:
        """The rules of the competition code in force for the event (FIBAS or Parole)."""
        return rules_for(self.config.code)

    # ------------------------------------------------------------------ queries
    def competitor(self, number: CompetitorId) -> Competitor:
        """The competitor with that number, or a NotFoundError."""
        try:
            return self.competitors[number]
        except KeyError:
            raise NotFoundError(
                f"concorrente {number} inesistente", f"no competitor number {number}"
            ) from None

    def round(self, number: int) -> RoundState:
        """Round ``number`` (1..rounds), created empty if nothing was recorded for it yet."""
        if not 1 <= number <= self.config.rounds:
            raise NotFoundError(
                f"turno {number} inesistente: la gara ha {self.config.rounds} turni",
                f"no round {number}: the event has {self.config.rounds} rounds",
            )
        return self.rounds.setdefault(number, RoundState(number))

    def deals(self, round_number: int) -> int:
        """Deals per table in round ``round_number``."""
        return self.config.deals[round_number - 1]

    def active(self, round_number: int) -> list[CompetitorId]:
        """Competitors taking part in round ``round_number``, in registration order."""
        return [c.number for c in self.competitors.values() if c.active_in(round_number)]

    def current_round(self) -> int:
        """The last round whose seating exists (0 before round 1 is seated)."""
        seated = [n for n, r in self.rounds.items() if r.seating is not None]
        return max(seated, default=0)

    def table_of(self, round_number: int, competitor: CompetitorId) -> TableSeating | None:
        """The table where ``competitor`` sits in that round, if seated."""
        seating = self.round(round_number).seating
        if seating is None:
            return None
        for t in seating.tables:
            for line in t.lines:
                if competitor in line:
                    return t
        return None

    def standings_final(self, round_number: int, now: datetime) -> bool:
        """True when the round's standings were published, the complaints window (art. 39)
        has passed, and no complaint is open."""
        r = self.round(round_number)
        if r.standings_published_at is None or r.open_complaints:
            return False
        window = timedelta(minutes=self.config.complaints_window_minutes)
        return utc(now) >= r.standings_published_at + window

    # ------------------------------------------------------------------ fold
    @classmethod
    def replay(cls, event_id: str, records: Iterable[Record]) -> EventState:
        """Rebuild the state from the event's records, in order."""
        state: EventState | None = None
        for rec in records:
            if state is None:
                if rec.kind is not RecordKind.EVENT_CREATED:
                    raise ArbitroError(
                        "il registro della gara non inizia con la sua creazione",
                        "the event's log does not start with its creation",
                    )
                if rec.payload.get("competition") == "knockout":
                    raise ArbitroError(
                        f"«{event_id}» è una gara a eliminazione diretta: usare «arbitro knockout»",
                        f"«{event_id}» is a knockout event: use «arbitro knockout»",
                    )
                state = cls(event_id, EventConfig.from_payload(rec.payload), utc(rec.at))
                state.last_seq = rec.seq
            else:
                state.apply(rec)
        if state is None:
            raise NotFoundError(
                f"gara {event_id} senza registrazioni", f"event {event_id} is empty"
            )
        return state

    def apply(self, rec: Record) -> None:
        """Apply one record (already validated when it was made) to the state."""
        p = rec.payload
        k = rec.kind
        at = utc(rec.at)
        if k is RecordKind.COMPETITOR_REGISTERED:
            n = int(p["competitor"])
            self.competitors[n] = Competitor(
                n, str(p["name"]), tuple(p.get("players", [])), None, int(p.get("joined_round", 1))
            )
        elif k is RecordKind.COMPETITOR_RENAMED:
            self.competitors[int(p["competitor"])].name = str(p["name"])
        elif k is RecordKind.COMPETITOR_WITHDRAWN:
            self.competitors[int(p["competitor"])].withdrawn_from_round = int(p["from_round"])
        elif k is RecordKind.ROUND_SEATED:
            r = self.round(int(p["round"]))
            r.seating = seating_from_payload(p["tables"])
            r.movement = Movement(p["movement"])
            r.seed = p.get("seed")
        elif k is RecordKind.SEATING_PUBLISHED:
            self.round(int(p["round"])).seating_published_at = at
        elif k in (RecordKind.SHEET_ENTERED, RecordKind.SHEET_CORRECTED):
            self._apply_sheet(rec, at)
        elif k is RecordKind.LATENESS_RECORDED:
            seconds = int(p["seconds"])
            self.lateness[(int(p["round"]), int(p["competitor"]))] = seconds
            detail = f"{seconds // 60}:{seconds % 60:02d}"
            self._ledger(rec, at, "lateness", self.code.lateness_article, detail)
        elif k is RecordKind.SANCTION_GIVEN:
            sanction = Sanction(
                rec.seq,
                int(p["round"]),
                int(p["competitor"]),
                SanctionKind(p["sanction"]),
                str(p["article"]),
                rec.actor,
                at,
                rec.reason or "",
                p.get("player"),
            )
            self.sanctions.append(sanction)
            self._ledger(rec, at, sanction.kind.value, sanction.article, sanction.player or "")
            if sanction.kind is SanctionKind.EXPULSION:
                self.competitors[sanction.competitor].withdrawn_from_round = sanction.round + 1
        elif k is RecordKind.ARBITRAL_SCORE:
            key = (int(p["round"]), int(p["competitor"]))
            self.arbitral[key] = (int(p["mp"]), int(p["vp"]))
            self._ledger(
                rec,
                at,
                "arbitral-score",
                self.code.arbitral_article,
                f"{p['mp']} M.P., {p['vp']} V.P.",
            )
        elif k is RecordKind.ABANDON_RECORDED:
            rnd, comp = int(p["round"]), int(p["competitor"])
            self.abandons[(rnd, comp)] = bool(p["justified"])
            detail = (
                "giustificato / justified" if p["justified"] else "ingiustificato / unjustified"
            )
            self._ledger(rec, at, "abandon", self.code.abandon_article, detail)
            self.competitors[comp].withdrawn_from_round = rnd + 1
        elif k is RecordKind.STANDINGS_PUBLISHED:
            self.round(int(p["round"])).standings_published_at = at
        elif k is RecordKind.COMPLAINT_LODGED:
            self.round(int(p["round"])).open_complaints[rec.seq] = str(p.get("text", ""))
        elif k is RecordKind.COMPLAINT_RESOLVED:
            self.round(int(p["round"])).open_complaints.pop(int(p["complaint"]), None)
        elif k is RecordKind.BOARD_RULING:
            ruling = dict(p["ruling"])
            self.board_rulings.append((int(p["round"]), int(p["table"]), ruling))
            self.ledger.append(
                LedgerEntry(
                    rec.seq,
                    int(p["round"]),
                    None,
                    "board-ruling",
                    f"Law {ruling.get('paragraph', '13')}",
                    rec.actor,
                    at,
                    rec.reason or "",
                    f"board {ruling.get('board')}, {ruling.get('outcome')}, table {p['table']}",
                )
            )
        elif k is RecordKind.EVENT_CREATED:
            raise ArbitroError("gara creata due volte", "event created twice")
        self.last_seq = max(self.last_seq, rec.seq)

    def _ledger(self, rec: Record, at: datetime, kind: str, article: str, detail: str) -> None:
        p = rec.payload
        self.ledger.append(
            LedgerEntry(
                rec.seq,
                int(p["round"]),
                int(p["competitor"]),
                kind,
                article,
                rec.actor,
                at,
                rec.reason or "",
                detail,
            )
        )

    def _apply_sheet(self, rec: Record, at: datetime) -> None:
        p = rec.payload
        rnd = self.round(int(p["round"]))
        table = int(p["table"])
        if table not in rnd.sheets:
            seat = rnd.seating.table(table) if rnd.seating else None
            players = seat.players if seat is not None else None
            required = frozenset(str(c) for c in players) if players is not None else BOTH_LINES
            rnd.sheets[table] = TableSheet(table, signers=required)
        sheet = rnd.sheets[table]
        entry = entry_from_payload(self.config.game, p["entry"])
        if rec.kind is RecordKind.SHEET_ENTERED:
            line = p.get("line")
            signers = {str(line)} if line else set(sheet.signers)
            if sheet.accepted is None:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "entered", rec.reason, 0, line
                )
                sheet.accepted = version
                sheet.confirmed_by = signers
            elif sheet.entry_as_of(rnd.number) == entry:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "repeated", rec.reason, 0, line
                )
                sheet.confirmed_by |= signers
            else:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "conflict", rec.reason, 0, line
                )
                sheet.conflicts.append(version)
        else:
            version = SheetVersion(
                rec.seq,
                entry,
                rec.actor,
                at,
                f"correction: {p['correction']}",
                rec.reason,
                int(p["effective_round"]),
            )
            if sheet.accepted is None:
                sheet.accepted = version
            else:
                sheet.corrections.append(version)
            sheet.conflicts.clear()
            sheet.confirmed_by = set(sheet.signers)
        sheet.history.append(version)


AnyEntry = SheetEntry | Scala40Entry
"""A table's sheet: lines' base and points per deal, or Scala 40 players' negative points."""


def entry_from_payload(game: str, data: Mapping[str, Any]) -> AnyEntry:
    """Parse a recorded sheet by the event's game."""
    if game == "scala40":
        return Scala40Entry.from_payload(data)
    return SheetEntry.from_payload(dict(data))


def seating_to_payload(seating: Seating) -> list[dict[str, Any]]:
    """A seating as JSON-ready data: one ``{"table", "ns", "ew"}`` per table."""
    out: list[dict[str, Any]] = []
    for t in seating.tables:
        row: dict[str, Any] = {
            "table": t.table,
            "ns": None if t.ns is None else list(t.ns),
            "ew": None if t.ew is None else list(t.ew),
        }
        if t.players is not None:
            row["players"] = list(t.players)
        out.append(row)
    return out


def seating_from_payload(tables: Iterable[Mapping[str, Any]]) -> Seating:
    """Parse :func:`seating_to_payload`'s form."""

    def line(v: Any) -> Line | None:
        return None if v is None else tuple(int(c) for c in v)

    return Seating(
        tuple(
            TableSeating(int(t["table"]), line(t["ns"]), line(t["ew"]), line(t.get("players")))
            for t in tables
        )
    )
