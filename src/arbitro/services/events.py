"""Use cases of an event: each loads the event's state (cached, refreshed from the store),
asks the domain whether the action is allowed, and appends the resulting records."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from arbitro.errors import NotFoundError
from arbitro.games.prepared_deals import Law13Ruling
from arbitro.store import NewRecord, RecordStore, StoredRecord
from arbitro.tournament import commands
from arbitro.tournament.event import AnyEntry, EventConfig, EventState, SanctionKind, SheetVersion
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import Record, RecordKind
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
        # One thread at a time refreshes or changes the cached states (the web app serves
        # requests from a thread pool); the store's expected_seq guards other processes.
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ state
    def state(self, event_id: str) -> EventState:
        """The event's current state, brought up to date with records appended elsewhere."""
        with self._lock:
            return self._refresh(event_id)

    def _refresh(self, event_id: str) -> EventState:
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
        with self._lock:
            state = self._refresh(event_id)
            stored = self.store.append(
                event_id, [to_store(r) for r in records], expected_seq=state.last_seq
            )
            for rec in stored:
                state.apply(to_domain(rec))
            return state

    def _do(self, event_id: str, make: Callable[[EventState, datetime], Record]) -> Record:
        """Decide an action on the up-to-date state and append its record, atomically."""
        with self._lock:
            record = make(self._refresh(event_id), self.clock())
            self._commit(event_id, [record])
            return record

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
        with self._lock:
            records = commands.register(self._refresh(event_id), name, players, self.clock(), actor)
            self._commit(event_id, records)
            return int(records[0].payload["competitor"])

    def rename(
        self, event_id: str, competitor: CompetitorId, name: str, actor: str = "director"
    ) -> None:
        """Rename a competitor."""
        self._do(event_id, lambda st, now: commands.rename(st, competitor, name, now, actor))

    def withdraw(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> int:
        """Withdraw a competitor; returns the first round it no longer plays."""
        rec = self._do(
            event_id, lambda st, now: commands.withdraw(st, competitor, now, reason, actor)
        )
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
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.seat(
                    st,
                    round_number,
                    now,
                    movement=movement,
                    seed=seed,
                    arbiter_tables=arbiter_tables,
                    actor=actor,
                ),
            )
            if publish:
                self.publish_seating(event_id, round_number, actor)
            return self._cache[event_id]

    def publish_seating(self, event_id: str, round_number: int, actor: str = "director") -> None:
        """Publish a round's seating."""
        self._do(event_id, lambda st, now: commands.publish_seating(st, round_number, now, actor))

    def enter_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        entry: AnyEntry,
        actor: str = "director",
        line: str | None = None,
    ) -> str:
        """Enter a sheet (``line`` "ns"/"ew" when a line submits it from the table); returns
        the sheet's status after it: ``pending``, ``confirmed`` or ``conflict``."""
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.enter_sheet(
                    st, round_number, table, entry, now, actor, line
                ),
            )
            return commands.sheet_status(self._cache[event_id], round_number, table)

    def confirm_sheet(
        self, event_id: str, round_number: int, table: int, actor: str = "director"
    ) -> None:
        """The director confirms a sheet submitted by one line only."""
        self._do(
            event_id, lambda st, now: commands.confirm_sheet(st, round_number, table, now, actor)
        )

    def correct_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        *,
        kind: str,
        reason: str | None,
        entry: AnyEntry | None = None,
        table_agrees: bool = False,
        by_arbiter: bool = False,
        swap: tuple[CompetitorId, CompetitorId] | None = None,
        actor: str = "director",
    ) -> int:
        """Correct a sheet (art. 21); returns the round from which the correction counts."""
        rec = self._do(
            event_id,
            lambda st, now: commands.correct_sheet(
                st,
                round_number,
                table,
                now,
                kind=kind,
                reason=reason,
                entry=entry,
                table_agrees=table_agrees,
                by_arbiter=by_arbiter,
                swap=swap,
                actor=actor,
            ),
        )
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
        self._do(
            event_id,
            lambda st, now: commands.record_lateness(
                st, round_number, competitor, seconds, now, actor
            ),
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
        self.give_sanction(
            event_id,
            round_number,
            competitor,
            SanctionKind.WARNING,
            reason,
            article=article,
            actor=actor,
        )

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
        self._do(
            event_id,
            lambda st, now: commands.give_sanction(
                st,
                round_number,
                competitor,
                kind,
                reason,
                now,
                article=article,
                player=player,
                actor=actor,
            ),
        )

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
        self._do(
            event_id,
            lambda st, now: commands.record_board_ruling(
                st, round_number, table, ruling, reason, now, actor
            ),
        )

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
        self._do(
            event_id,
            lambda st, now: commands.arbitral_score(
                st, round_number, competitor, mp, vp, reason, now, actor
            ),
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
        self._do(
            event_id,
            lambda st, now: commands.record_abandon(
                st, round_number, competitor, justified, reason, now, actor
            ),
        )

    def publish_standings(self, event_id: str, round_number: int, actor: str = "director") -> None:
        """Publish a round's standings (provisional during the complaints window, art. 39)."""
        self._do(event_id, lambda st, now: commands.publish_standings(st, round_number, now, actor))

    def lodge_complaint(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        text: str,
        actor: str = "director",
    ) -> int:
        """Lodge a complaint (art. 39); returns its number."""
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.lodge_complaint(
                    st, round_number, competitor, text, now, actor
                ),
            )
            return self._cache[event_id].last_seq

    def resolve_complaint(
        self,
        event_id: str,
        round_number: int,
        complaint: int,
        decision: str | None,
        actor: str = "director",
    ) -> None:
        """Settle a complaint (art. 38)."""
        self._do(
            event_id,
            lambda st, now: commands.resolve_complaint(
                st, round_number, complaint, decision, now, actor
            ),
        )

    def standings(self, event_id: str, after_round: int | None = None) -> list[StandingRow]:
        """The standings after a round (default: the current one)."""
        return standings(self.state(event_id), after_round)
