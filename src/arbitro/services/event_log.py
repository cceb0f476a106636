"""What every event's use cases share: the event's state folded once from the store's
records and kept up to date (replay, cache), one lock around deciding and appending, and
the store's expected-seq guard against other processes (a lost race is decided again on the
new state when the action is still valid)."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from arbitro.errors import NotFoundError
from arbitro.lazy_names import lazy_module
from arbitro.store import NewRecord, RecordStore, StoredRecord
from arbitro.store.errors import ConcurrencyError
from arbitro.tournament.commands.command import Command, Context
from arbitro.tournament.records import Record

if TYPE_CHECKING:
    import secrets
else:
    secrets = lazy_module("secrets")  # hashlib and OpenSSL, loaded only by a draw (issue 14)


def utc_now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def fresh_seed(given: int | None, configured: int = 0) -> int | None:
    """The seed of a draw: the one the director gives; else, when the event was created
    without one (0), a fresh one from the operating system's secure source, so that two
    events with the same entries are not drawn alike; else None (the event's own seed)."""
    if given is not None:
        return given
    return secrets.randbelow(2**31) if not configured else None


def to_domain(r: StoredRecord) -> Record:
    """A stored record as the domain's typed Record."""
    return Record.from_json(r.kind, r.payload, r.recorded_at, r.actor, r.reason, r.seq)


def to_store(r: Record) -> NewRecord:
    """A domain record ready to append."""
    return NewRecord(r.kind.value, r.payload, r.actor, r.reason, r.at)


TableKey = tuple[str, int, int]
"""A digital table: (event, round, table)."""


class Checked(threading.local):
    """What this thread has just read of the store's last seqs (:meth:`EventLog.checked`):
    the event's last record and a table's, each the store's as of a moment after the read
    that asks began; while they are known, the state and the table this process folded are
    not read from the store again when they are already that far (issue 32)."""

    def __init__(self) -> None:
        self.events: dict[str, int] = {}
        self.tables: dict[TableKey, int] = {}
        self.forgotten = 0
        """How many times they were dropped (a lost race): an outer check is not restored."""


class TableLogReader:
    """The digital tables' own logs of one event in the store (issues 32, 33), as a folded
    state reads them (:class:`arbitro.tournament.digital.table.TableLog`): given to every
    state this service folds, so that a table read anywhere has every move of its log."""

    def __init__(
        self,
        store: RecordStore,
        event_id: str,
        lock: threading.RLock,
        upto: int | None = None,
        checked: Checked | None = None,
    ) -> None:
        self.store = store
        self.event_id = event_id
        self.lock = lock
        self.upto = upto  # only the records decided on the event up to its record ``upto``
        self.checked = checked if checked is not None else Checked()

    def folding(self) -> threading.RLock:
        """The service's lock (:attr:`EventLog.lock`): a table folds its log's new records
        under it, so that a read outside the lock (a page, a test) and a move folded by
        another thread never fold the same record twice."""
        return self.lock

    def after(self, round_number: int, table: int, seq: int) -> list[Record]:
        """The table's records after its record ``seq``, in order (each numbered in the
        table's own log); none, without reading the store, when this thread has just read
        that the table's log ends at ``seq`` (:meth:`EventLog.checked`)."""
        known = self.checked.tables.get((self.event_id, round_number, table))
        if self.upto is None and known is not None and seq >= known:
            return []
        return [
            Record.from_json(r.kind, r.payload, r.recorded_at, r.actor, r.reason, r.seq)
            for r in self.store.table_records(self.event_id, round_number, table, after_seq=seq)
            if self.upto is None or r.event_seq < self.upto
        ]

    def __deepcopy__(self, memo: dict[int, object]) -> TableLogReader:
        """The same reader (a state's deep copy reads the same store)."""
        return self


class Fold(Protocol):
    """A state folded from an event's records (an event of rounds, a knockout)."""

    last_seq: int
    stale: bool

    @classmethod
    def replay(cls, event_id: str, records: Iterable[Record]) -> Self:
        """The state after ``records``."""
        ...

    def apply(self, rec: Record) -> None:
        """Fold one more record."""
        ...


S = TypeVar("S", bound=Fold)
R = TypeVar("R")

# How many times an action is decided again when another process appended first.
RETRIES = 5


class EventLog(Generic[S]):
    """The events of one kind in a :class:`RecordStore`, as folded states."""

    fold: type[S]

    def __init__(self, store: RecordStore, clock: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._cache: dict[str, S] = {}
        # One thread at a time refreshes or changes the cached states (the web app serves
        # requests from a thread pool); the store's expected_seq guards other processes.
        self._lock = threading.RLock()
        self._checked = Checked()
        self.on_commit: list[Callable[[str], None]] = []
        """Called with the event's id after its new records are stored and folded (under the
        lock: a listener only takes note, e.g. the web app waking the phones it pushes to)."""

    @property
    def lock(self) -> threading.RLock:
        """The lock around this service's reads and writes (re-entrant): held by a caller
        that reads a state in several steps (the service changes the cached state in place)
        or checks and then runs a command as one step."""
        return self._lock

    def state(self, event_id: str) -> S:
        """The event's current state, brought up to date with records appended elsewhere."""
        with self._lock:
            return self._refresh(event_id)

    @contextmanager
    def checked(
        self,
        event_id: str,
        round_number: int,
        table: int,
        known: tuple[int, int] | None = None,
    ) -> Iterator[None]:
        """Read, in one query and outside the lock, the seq of the event's last record and
        of the last record of the digital table's own log; while the block runs, this
        thread's reads of the event (:meth:`state`) and of that table's log read the store
        only when it is past what this process folded (issue 32: a phone's view of a table
        that did not change made six store reads under the service's lock, and 250 tables'
        views waited for each other). Another process's change made before the check is read
        as before; one made after it is the next view's. A lost race of an append ends the
        check (:meth:`forget_checked`): the action is decided again on the store's state.

        ``known``: the two seqs already known (this thread has just appended and folded the
        table's move: the phones' views that follow it read no store at all)."""
        seqs = known if known is not None else self.store.last_seqs(event_id, round_number, table)
        checked = self._checked
        key = (event_id, round_number, table)
        events, tables = dict(checked.events), dict(checked.tables)  # an outer check's
        forgotten = checked.forgotten
        if seqs is not None:
            checked.events[event_id], checked.tables[key] = seqs
        try:
            yield
        finally:
            if checked.forgotten == forgotten:
                checked.events, checked.tables = events, tables

    def forget_checked(self) -> None:
        """Drop this thread's checked seqs (:meth:`checked`): its next reads read the store
        (after a lost race of an append: the store moved past them)."""
        self._checked.events.clear()
        self._checked.tables.clear()
        self._checked.forgotten += 1

    def _known_current(self, event_id: str, state: S) -> bool:
        """Whether this thread has just read that the event's log ends at ``state``'s last
        record (:meth:`checked`): no store read needed."""
        known = self._checked.events.get(event_id)
        return known is not None and known <= state.last_seq and not state.stale

    def _refresh(self, event_id: str) -> S:
        cached = self._cache.get(event_id)
        if cached is not None and self._known_current(event_id, cached):
            return cached
        if cached is None:
            if not self.store.has_event(event_id):
                raise NotFoundError("no event «{event}»", event=event_id)
            cached = self._attach(
                event_id, self.fold.replay(event_id, map(to_domain, self.store.records(event_id)))
            )
            self._cache[event_id] = cached
        else:
            for rec in self.store.records(event_id, after_seq=cached.last_seq):
                cached.apply(to_domain(rec))
            if cached.stale:
                cached = self._replay(event_id)
        return cached

    def _replay(self, event_id: str) -> S:
        """Fold the whole log again (after a cancellation of an earlier record)."""
        state = self.fold.replay(event_id, map(to_domain, self.store.records(event_id)))
        self._cache[event_id] = self._attach(event_id, state)
        return state

    def _attach(self, event_id: str, state: S, upto: int | None = None) -> S:
        """Give a state just folded the reader of its digital tables' own logs (``upto``: a
        past state's, the moves decided before the event's record ``upto`` only)."""
        if hasattr(state, "table_log"):
            state.table_log = TableLogReader(self.store, event_id, self._lock, upto, self._checked)
        return state

    def adopt(self, event_id: str, state: S) -> None:
        """Keep ``state`` (folded from exactly the stored records) as the event's state."""
        with self._lock:
            self._cache[event_id] = self._attach(event_id, state)

    def peek(self, event_id: str) -> S | None:
        """The event's state as last folded by this process, without reading the store
        (None if not folded yet): what a page shows beside the state it has just read, e.g.
        the banner of an event imported unverified."""
        return self._cache.get(event_id)

    def state_at(self, event_id: str, seq: int) -> S | None:
        """The event as it was after its record ``seq`` (folded again from the store: what a
        director saw then); None before its first record."""
        records = [to_domain(r) for r in self.store.records(event_id) if r.seq <= seq]
        if not records:
            return None
        return self._attach(event_id, self.fold.replay(event_id, records), seq + 1)

    def forget(self, event_id: str) -> None:
        """Drop the cached state (it is replayed from the store on the next read)."""
        with self._lock:
            self._cache.pop(event_id, None)

    def run(self, event_id: str, command: Command[S, R]) -> R:
        """Run an action (a command value of :mod:`arbitro.tournament.commands.values`):
        decide it on the up-to-date state and append its records in one transaction, under
        the lock; if another process appended first (the store's expected seq), decide it
        again on the new state. Answers the command's outcome, read from the stored records
        and the state after them."""
        with self._lock:
            for attempt in range(RETRIES):
                state = self._refresh(event_id)
                decided_on = state.last_seq
                records = command.decide(state, self._context(event_id))
                try:
                    stored, state = self._commit(event_id, records, decided_on)
                except ConcurrencyError:
                    self.forget_checked()  # decided again on the store's state
                    if attempt == RETRIES - 1:
                        raise
                    continue
                return command.outcome(stored, state)
            raise AssertionError("unreachable")

    def run_outside(self, event_id: str, command: Command[S, R]) -> R:
        """Like :meth:`run` for a long decision (a list of thousands of registrations): the
        command decides on a private deep copy of the state, outside the lock, so that the
        phones' pages are not kept waiting; the lock is taken again only to append, and only
        if no record came in meanwhile (else the command decides again on the new state)."""
        for attempt in range(RETRIES):
            with self._lock:
                snapshot = copy.deepcopy(self._refresh(event_id))
            seen = snapshot.last_seq  # the command may fold its own records into its copy
            records = command.decide(snapshot, self._context(event_id))
            with self._lock:
                if self._refresh(event_id).last_seq == seen:
                    try:
                        stored, state = self._commit(event_id, records, seen)
                    except ConcurrencyError:
                        self.forget_checked()
                    else:
                        return command.outcome(stored, state)
            if attempt == RETRIES - 1:
                raise ConcurrencyError(event_id, seen)
        raise AssertionError("unreachable")

    def _context(self, event_id: str) -> Context[S]:
        return Context(self.clock(), fresh_seed, lambda seq: self.state_at(event_id, seq))

    def _commit(
        self, event_id: str, records: Sequence[Record], decided_on: int
    ) -> tuple[list[Record], S]:
        """Append ``records``, decided on the state after record ``decided_on``, and fold
        them: the stored records (each with its seq) and the state after them. A
        :class:`ConcurrencyError` when the log has moved on since ``decided_on`` (another
        process appended meanwhile: the records are decided again, never appended on a
        state they were not decided on)."""
        with self._lock:
            state = self._refresh(event_id)
            stored = [
                to_domain(r)
                for r in self.store.append(
                    event_id, [to_store(r) for r in records], expected_seq=decided_on
                )
            ]
            for rec in stored:
                state.apply(rec)
            if state.stale:
                state = self._replay(event_id)
            for listener in self.on_commit:
                listener(event_id)
            return stored, state

    def _create(self, event_id: str, name: str, kind: str, first: Record) -> S:
        with self._lock:
            self.store.create_event(event_id, name, kind, [to_store(first)])
            self._cache.pop(event_id, None)
            return self._refresh(event_id)
