"""Use cases of an event: each loads the event's state (cached, refreshed from the store),
asks the domain whether the action is allowed, and appends the resulting records."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from arbitro.errors import NotFoundError
from arbitro.games.prepared_deals import Law13Ruling
from arbitro.store import NewRecord, RecordStore, StoredRecord
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState, SanctionKind, SheetVersion
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import Record, RecordKind
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.standings.standings import StandingRow, standings


def utc_now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def to_domain(r: StoredRecord) -> Record:
    """A stored record as the domain's Record."""
    return Record(RecordKind(r.kind), r.payload, r.recorded_at, r.actor, r.reason, r.seq)


def to_store(r: Record) -> NewRecord:
    """A domain record ready to append."""
    return NewRecord(r.kind.value, dict(r.payload), r.actor, r.reason, r.at)


class EventService:
    """The director's and arbiter's actions on events stored in a :class:`RecordStore`."""

    def __init__(self, store: RecordStore, clock: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._cache: dict[str, EventState] = {}

    # ------------------------------------------------------------------ state
    def state(self, event_id: str) -> EventState:
        """The event's current state, brought up to date with records appended elsewhere."""
        cached = self._cache.get(event_id)
        if cached is None:
            if not self.store.has_event(event_id):
                raise NotFoundError(f"gara «{event_id}» inesistente", f"no event «{event_id}»")
            cached = EventState.replay(event_id, map(to_domain, self.store.records(event_id)))
            self._cache[event_id] = cached
        else:
            for rec in self.store.records(event_id, after_seq=cached.last_seq):
                cached.apply(to_domain(rec))
        return cached

    def _commit(self, event_id: str, records: Sequence[Record]) -> EventState:
        state = self._cache[event_id]
        stored = self.store.append(
            event_id, [to_store(r) for r in records], expected_seq=state.last_seq
        )
        for rec in stored:
            state.apply(to_domain(rec))
        return state

    # ------------------------------------------------------------------ set-up
    def create_event(
        self, event_id: str, config: EventConfig, actor: str = "director"
    ) -> EventState:
        """Create an event (its first record is its configuration)."""
        record = commands.create_event(config, self.clock(), actor)
        self.store.create_event(event_id, config.name)
        stored = self.store.append(event_id, [to_store(record)], expected_seq=0)
        state = EventState.replay(event_id, map(to_domain, stored))
        self._cache[event_id] = state
        return state

    def register(
        self, event_id: str, name: str, players: Sequence[str] = (), actor: str = "director"
    ) -> CompetitorId:
        """Register a competitor; returns its number."""
        state = self.state(event_id)
        records = commands.register(state, name, players, self.clock(), actor)
        self._commit(event_id, records)
        return int(records[0].payload["competitor"])

    def rename(
        self, event_id: str, competitor: CompetitorId, name: str, actor: str = "director"
    ) -> None:
        """Rename a competitor."""
        state = self.state(event_id)
        self._commit(event_id, [commands.rename(state, competitor, name, self.clock(), actor)])

    def withdraw(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> int:
        """Withdraw a competitor; returns the first round it no longer plays."""
        state = self.state(event_id)
        rec = commands.withdraw(state, competitor, self.clock(), reason, actor)
        self._commit(event_id, [rec])
        return int(rec.payload["from_round"])

    # ------------------------------------------------------------------ rounds
    def seat(
        self,
        event_id: str,
        round_number: int,
        *,
        movement: Movement | None = None,
        seed: int | None = None,
        arbiter_tables: tuple[TableSeating, ...] | None = None,
        publish: bool = False,
        actor: str = "director",
    ) -> EventState:
        """Seat a round (and publish the seating if asked)."""
        state = self.state(event_id)
        rec = commands.seat(
            state,
            round_number,
            self.clock(),
            movement=movement,
            seed=seed,
            arbiter_tables=arbiter_tables,
            actor=actor,
        )
        state = self._commit(event_id, [rec])
        if publish:
            state = self._commit(
                event_id, [commands.publish_seating(state, round_number, self.clock(), actor)]
            )
        return state

    def publish_seating(self, event_id: str, round_number: int, actor: str = "director") -> None:
        """Publish a round's seating."""
        state = self.state(event_id)
        self._commit(event_id, [commands.publish_seating(state, round_number, self.clock(), actor)])

    def enter_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        entry: SheetEntry,
        actor: str = "director",
        line: str | None = None,
    ) -> str:
        """Enter a sheet (``line`` "ns"/"ew" when a line submits it from the table); returns
        the sheet's status after it: ``pending``, ``confirmed`` or ``conflict``."""
        state = self.state(event_id)
        rec = commands.enter_sheet(state, round_number, table, entry, self.clock(), actor, line)
        state = self._commit(event_id, [rec])
        return commands.sheet_status(state, round_number, table)

    def confirm_sheet(
        self, event_id: str, round_number: int, table: int, actor: str = "director"
    ) -> None:
        """The director confirms a sheet submitted by one line only."""
        state = self.state(event_id)
        self._commit(
            event_id, [commands.confirm_sheet(state, round_number, table, self.clock(), actor)]
        )

    def correct_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        *,
        kind: str,
        reason: str | None,
        entry: SheetEntry | None = None,
        table_agrees: bool = False,
        by_arbiter: bool = False,
        actor: str = "director",
    ) -> int:
        """Correct a sheet (art. 21); returns the round from which the correction counts."""
        state = self.state(event_id)
        rec = commands.correct_sheet(
            state,
            round_number,
            table,
            self.clock(),
            kind=kind,
            reason=reason,
            entry=entry,
            table_agrees=table_agrees,
            by_arbiter=by_arbiter,
            actor=actor,
        )
        self._commit(event_id, [rec])
        return int(rec.payload["effective_round"])

    def sheet_history(self, event_id: str, round_number: int, table: int) -> list[SheetVersion]:
        """Every entry and correction of a table's sheet, oldest first."""
        sheet = self.state(event_id).round(round_number).sheets.get(table)
        return list(sheet.history) if sheet else []

    def record_lateness(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        seconds: int,
        actor: str = "arbiter",
    ) -> None:
        """Record a lateness (art. 37)."""
        state = self.state(event_id)
        self._commit(
            event_id,
            [
                commands.record_lateness(
                    state, round_number, competitor, seconds, self.clock(), actor
                )
            ],
        )

    def give_warning(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        reason: str | None,
        article: str = "41",
        actor: str = "arbiter",
    ) -> None:
        """Give a warning (art. 22, 41)."""
        state = self.state(event_id)
        rec = commands.give_warning(
            state, round_number, competitor, reason, self.clock(), article=article, actor=actor
        )
        self._commit(event_id, [rec])

    def give_sanction(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        kind: SanctionKind,
        reason: str | None,
        *,
        article: str | None = None,
        player: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record a reprimand, warning or expulsion in the sanctions ledger."""
        state = self.state(event_id)
        rec = commands.give_sanction(
            state,
            round_number,
            competitor,
            kind,
            reason,
            self.clock(),
            article=article,
            player=player,
            actor=actor,
        )
        self._commit(event_id, [rec])

    def record_board_ruling(
        self,
        event_id: str,
        round_number: int,
        table: int,
        ruling: Law13Ruling,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Record a Law 13 ruling against a prepared board."""
        state = self.state(event_id)
        rec = commands.record_board_ruling(
            state, round_number, table, ruling, reason, self.clock(), actor
        )
        self._commit(event_id, [rec])

    def arbitral_score(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        mp: int,
        vp: int,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Assign an arbitral score (art. 40)."""
        state = self.state(event_id)
        self._commit(
            event_id,
            [
                commands.arbitral_score(
                    state, round_number, competitor, mp, vp, reason, self.clock(), actor
                )
            ],
        )

    def record_abandon(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        justified: bool,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Record an abandon (art. 36)."""
        state = self.state(event_id)
        self._commit(
            event_id,
            [
                commands.record_abandon(
                    state, round_number, competitor, justified, reason, self.clock(), actor
                )
            ],
        )

    def publish_standings(self, event_id: str, round_number: int, actor: str = "director") -> None:
        """Publish a round's standings (provisional during the complaints window, art. 39)."""
        state = self.state(event_id)
        self._commit(
            event_id, [commands.publish_standings(state, round_number, self.clock(), actor)]
        )

    def lodge_complaint(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        text: str,
        actor: str = "director",
    ) -> int:
        """Lodge a complaint (art. 39); returns its number."""
        state = self.state(event_id)
        rec = commands.lodge_complaint(state, round_number, competitor, text, self.clock(), actor)
        state = self._commit(event_id, [rec])
        return state.last_seq

    def resolve_complaint(
        self,
        event_id: str,
        round_number: int,
        complaint: int,
        decision: str | None,
        actor: str = "director",
    ) -> None:
        """Settle a complaint (art. 38)."""
        state = self.state(event_id)
        self._commit(
            event_id,
            [
                commands.resolve_complaint(
                    state, round_number, complaint, decision, self.clock(), actor
                )
            ],
        )

    def standings(self, event_id: str, after_round: int | None = None) -> list[StandingRow]:
        """The standings after a round (default: the current one)."""
        return standings(self.state(event_id), after_round)
