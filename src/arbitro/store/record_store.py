"""The record store: events and their append-only logs of records, in SQLite or PostgreSQL.

The store only stores and returns records; it never updates or deletes them (and the database's
triggers refuse it too). Standings and everything else are derived from the records by the
domain (DESIGN.md, "Architecture": every change to an event is an append-only record).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, Message, message
from arbitro.lazy_names import lazy_module
from arbitro.store import json_text, migrate
from arbitro.store.dbapi import (
    Database,
    EngineDatabase,
    PostgresDatabase,
    SQLiteFile,
    Transaction,
    read_json,
    read_time,
)
from arbitro.store.engine import default_database_url, make_engine, sqlite_file
from arbitro.store.errors import ConcurrencyError
from arbitro.store.limits import EVENT_ID_LENGTH, EVENT_KINDS, KIND_LENGTH, SEQ_CONSTRAINT
from arbitro.store.records import EventSummary, NewRecord, StoredRecord, TableRecord
from arbitro.text_rules import NAME_MAX, check_event_id, clean_text

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy import exc as sqlalchemy_exc
else:
    sqlalchemy_exc = lazy_module("sqlalchemy.exc")

# How many times an append without ``expected_seq`` is retried when another writer took its seq.
APPEND_ATTEMPTS = 20


class RecordStore:
    """Events and their records in one database (``url``: any SQLAlchemy URL; SQLite or PostgreSQL).

    Opening a store creates the schema in a new database and upgrades an older one
    (``alembic upgrade head``). A SQLite file already at the newest revision is opened and
    used with the standard library's ``sqlite3`` alone, without loading SQLAlchemy (issue 14),
    and so is a new, empty SQLite file, created from the head schema's script
    (:func:`migrate.create_sqlite`);
    :attr:`engine`, the SQLAlchemy engine of the other tables, is made on first use.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: Engine | None = None
        self._engine_lock = threading.Lock()
        path = sqlite_file(url)
        if path is not None:
            file = SQLiteFile(path)
            self._db: Database = file
            self._open_sqlite(file)
            return
        engine = self._make_engine()
        try:
            if engine.dialect.name == "postgresql" and engine.dialect.driver == "psycopg":
                self._db = PostgresDatabase(engine)
            else:
                self._db = EngineDatabase(engine)
        except ValueError as exc:
            engine.dispose()
            raise _cannot_open(url.split("@")[-1], str(exc)) from None
        self._upgrade()

    def _make_engine(self) -> Engine:
        """The SQLAlchemy engine of ``url`` (:class:`ArbitroError` for a URL it refuses)."""
        with self._engine_lock:
            if self._engine is None:
                try:
                    self._engine = make_engine(self.url)
                except (
                    sqlalchemy_exc.ArgumentError,
                    sqlalchemy_exc.NoSuchModuleError,
                    ValueError,
                ) as exc:
                    raise _cannot_open(self.url.split("@")[-1], str(exc)) from None
            return self._engine

    def _open_sqlite(self, file: SQLiteFile) -> None:
        """Read the SQLite file's revision with ``sqlite3``; create the head schema in a new,
        empty file with ``sqlite3`` too (:func:`migrate.create_sqlite`); upgrade it with
        Alembic only when it is older than the newest revision."""
        try:
            connection = file.connect()
            try:
                revisions = migrate.sqlite_revisions(connection)
                if not revisions and migrate.sqlite_is_empty(connection):
                    migrate.create_sqlite(connection)
                    revisions = migrate.sqlite_revisions(connection)
            finally:
                file.release(connection)
        except sqlite3.Error as exc:
            file.close()
            raise _cannot_open(self.url, str(exc)) from None
        if not migrate.is_up_to_date(revisions):
            self._upgrade()

    def _upgrade(self) -> None:
        """``alembic upgrade head`` on the database (a no-op when it is up to date)."""
        engine = self._make_engine()
        try:
            migrate.upgrade(engine)
        except (sqlalchemy_exc.OperationalError, sqlalchemy_exc.DatabaseError) as exc:
            self.close()
            shown = engine.url.render_as_string(hide_password=True)
            raise _cannot_open(shown, str(exc.orig)) from None
        except BaseException:
            self.close()
            raise

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for the store's other tables, e.g. the desk's users), made
        on first use."""
        engine = self._engine
        return engine if engine is not None else self._make_engine()

    @classmethod
    def open(cls, url: str | None = None) -> RecordStore:
        """Open the store at ``url``, or at :func:`default_database_url` when ``url`` is None."""
        return cls(url if url is not None else default_database_url())

    def __enter__(self) -> Self:
        """Use the store in a ``with`` block, which closes it at the end."""
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        """Close the store at the end of the ``with`` block."""
        self.close()

    def close(self) -> None:
        """Close every connection of the store (it reconnects if used again)."""
        self._db.close()
        if self._engine is not None:
            self._engine.dispose()

    # -- events ---------------------------------------------------------------------------------

    def create_event(
        self,
        event_id: str,
        name: str,
        kind: str = "rounds",
        records: Iterable[NewRecord] = (),
        tables: Iterable[TableRecord] = (),
    ) -> EventSummary:
        """Create an event of ``kind`` (``rounds``: a tournament played in rounds, or
        ``knockout``) with its first ``records`` (an import), all in one transaction and one
        insert of all the rows: a record that cannot be stored leaves no event behind;
        :class:`ConflictError` if ``event_id`` is already taken. ``records`` may be a
        generator: each is checked and serialised as it is inserted (an import of tens of
        thousands of records never holds all their rows at once). ``tables``: the digital
        tables' own logs (an import's), stored in the same transaction."""
        _check_text(event_id, "event_id", EVENT_ID_LENGTH)
        check_event_id(event_id)  # the one id rule (text_rules), whatever the way in
        _check_text(name, "event_name", None)
        name = clean_text(name, "name", max_length=NAME_MAX)  # every way in: no NUL, no U+202E
        _check_event_kind(kind)
        created_at = datetime.now(UTC)
        count = 0

        def rows() -> Iterator[dict[str, Any]]:
            nonlocal count
            for index, record in enumerate(records, 1):
                count = index
                yield _row(event_id, index, _prepare(index, record), created_at)

        try:
            with self._transaction(write=True) as connection:
                if _event_exists(connection, event_id):
                    raise _event_exists_error(event_id)
                connection.execute(
                    INSERT_EVENT_SQL,
                    (event_id, name, connection.bind_time(created_at), str(kind)),
                )
                _insert_rows(connection, rows())
                table_rows = [
                    _table_row(connection, event_id, t, _prepare(i, _new(t)), created_at)
                    for i, t in enumerate(tables, 1)
                ]
                if table_rows:
                    connection.executemany(INSERT_TABLE_SQL, table_rows)
        except self._db.integrity_errors as exc:  # created by someone else meanwhile
            raise _event_exists_error(event_id) from exc
        return EventSummary(
            event_id=event_id,
            name=name,
            created_at=created_at,
            record_count=count,
            kind=str(kind),
        )

    def event_kind(self, event_id: str) -> str:
        """The event's kind, as created: ``rounds`` or ``knockout`` (:class:`NotFoundError` for
        an unknown event)."""
        with self._transaction(write=False) as connection:
            row = connection.one("SELECT kind FROM events WHERE id = ?", (event_id,))
        if row is None:
            raise _unknown_event_error(event_id)
        return str(row[0])

    def list_events(self) -> list[EventSummary]:
        """Every event, oldest first, with its number of records."""
        with self._transaction(write=False) as connection:
            rows = connection.all(LIST_EVENTS_SQL)
        return [
            EventSummary(
                event_id=row[0],
                name=row[1],
                created_at=read_time(row[2]),
                kind=row[3],
                record_count=int(row[4]),
            )
            for row in rows
        ]

    def has_event(self, event_id: str) -> bool:
        """Whether an event with this id exists."""
        with self._transaction(write=False) as connection:
            return _event_exists(connection, event_id)

    # -- records --------------------------------------------------------------------------------

    def append(
        self, event_id: str, records: Sequence[NewRecord], *, expected_seq: int | None = None
    ) -> list[StoredRecord]:
        """Append ``records`` to the event's log, all or nothing, numbered after the last.

        :class:`NotFoundError` for an unknown event; :class:`ConcurrencyError` if
        ``expected_seq`` is given and is not the event's last seq (someone appended meanwhile).
        Without ``expected_seq`` the records go after whatever is there.
        """
        prepared = [_prepare(index, record) for index, record in enumerate(records, 1)]
        attempts = 1 if expected_seq is not None else APPEND_ATTEMPTS
        for _ in range(attempts):
            try:
                return self._append_once(event_id, prepared, expected_seq)
            except self._db.integrity_errors as exc:
                # Another writer took the same seq between our read and our insert: the unique
                # (event_id, seq) constraint refused ours, and nothing of this batch was stored.
                if not _is_seq_conflict(exc):
                    raise
                if expected_seq is not None:
                    raise ConcurrencyError(event_id, expected_seq) from exc
                last_error = exc
        raise ConcurrencyError(event_id, None) from last_error

    def records(self, event_id: str, *, after_seq: int = 0) -> list[StoredRecord]:
        """The event's records with seq greater than ``after_seq``, in order of seq
        (:class:`NotFoundError` for an unknown event): one statement, the event's row joined
        with its new records (a read of a state already up to date is one round trip)."""
        with self._transaction(write=False) as connection:
            rows = connection.all(RECORDS_SQL, (after_seq, event_id))
        if not rows:  # the event itself answers a row, without records when none is new
            raise _unknown_event_error(event_id)
        return [
            StoredRecord(
                event_id=event_id,
                seq=seq,
                kind=kind,
                payload=read_json(payload),
                actor=actor,
                reason=reason,
                recorded_at=read_time(recorded_at),
            )
            for seq, kind, payload, actor, reason, recorded_at in rows
            if seq is not None
        ]

    def last_seq(self, event_id: str) -> int:
        """The seq of the event's last record (0 when it has none yet)."""
        with self._transaction(write=False) as connection:
            return _last_seq(connection, event_id)

    # -- a digital table's own log (issues 32, 33) ----------------------------------------------

    def append_table(
        self,
        event_id: str,
        round_number: int,
        table: int,
        records: Sequence[NewRecord],
        *,
        expected_seq: int,
        event_seq: int,
    ) -> list[TableRecord]:
        """Append ``records`` to the log of table ``table`` of round ``round_number``, all or
        nothing, numbered after its last, each marked as decided on the event's record
        ``event_seq``. :class:`ConcurrencyError` if ``expected_seq`` is not the table's last
        seq (another process appended a move of this table meanwhile); the tables' logs are
        independent: an append to one never races with another's.

        Not a durable commit (docs/architecture.md, "Durability of a table's moves"): the
        moves survive a killed process; a power cut may lose the last ones appended since the
        last durable commit (a sheet, a ruling, any other record) or checkpoint, never one
        without those before it."""
        prepared = [_prepare(index, record) for index, record in enumerate(records, 1)]
        now = datetime.now(UTC)
        try:
            with self._db.transaction(write=True, durable=False) as connection:
                row = connection.one(LAST_TABLE_SEQ_SQL, (round_number, table, event_id))
                if row is None:
                    raise _unknown_event_error(event_id)
                last = int(row[0])
                if expected_seq != last:
                    raise ConcurrencyError(event_id, expected_seq, last)
                stored = [
                    TableRecord(
                        round=round_number,
                        table=table,
                        seq=last + offset,
                        event_seq=event_seq,
                        kind=p["kind"],
                        payload=json.loads(p["text"].text),
                        actor=p["actor"],
                        reason=p["reason"],
                        recorded_at=p["at"] or now,
                    )
                    for offset, p in enumerate(prepared, 1)
                ]
                connection.executemany(
                    INSERT_TABLE_SQL,
                    [
                        _table_row(connection, event_id, t, p, now)
                        for t, p in zip(stored, prepared, strict=True)
                    ],
                )
        except self._db.integrity_errors as exc:  # another process took the same seq
            raise ConcurrencyError(event_id, expected_seq) from exc
        return stored

    def table_records(
        self, event_id: str, round_number: int, table: int, *, after_seq: int = 0
    ) -> list[TableRecord]:
        """The records of one table's log with seq greater than ``after_seq``, in order."""
        with self._transaction(write=False) as connection:
            rows = connection.all(TABLE_RECORDS_SQL, (event_id, round_number, table, after_seq))
        return [_table_record(row) for row in rows]

    def last_seqs(self, event_id: str, round_number: int, table: int) -> tuple[int, int] | None:
        """The seq of the event's last record and of the last record of table ``table`` of
        round ``round_number``'s own log (0: none yet), in one query: what a digital table's
        view compares with the state this process folded, so that it reads the records only
        when one of them moved (issue 32). None for an unknown event."""
        with self._transaction(write=False) as connection:
            row = connection.one(LAST_SEQS_SQL, (round_number, table, event_id))
        return None if row is None else (int(row[0]), int(row[1]))

    def all_table_records(self, event_id: str) -> list[TableRecord]:
        """Every digital table's log of the event, table by table (round, table, seq)."""
        with self._transaction(write=False) as connection:
            rows = connection.all(ALL_TABLE_RECORDS_SQL, (event_id,))
        return [_table_record(row) for row in rows]

    # -- internals ------------------------------------------------------------------------------

    def _transaction(self, write: bool) -> contextlib.AbstractContextManager[Transaction]:
        """A transaction of the store's database (``write``: SQLite's ``BEGIN IMMEDIATE``)."""
        return self._db.transaction(write)

    def _append_once(
        self, event_id: str, prepared: list[dict[str, Any]], expected_seq: int | None
    ) -> list[StoredRecord]:
        with self._transaction(write=True) as connection:
            last = _last_seq(connection, event_id)
            if expected_seq is not None and expected_seq != last:
                raise ConcurrencyError(event_id, expected_seq, last)
            if not prepared:
                return []
            rows = _rows(event_id, prepared, last, datetime.now(UTC))
            _insert_rows(connection, rows)
        return [
            StoredRecord(
                event_id=event_id,
                seq=row["seq"],
                kind=row["kind"],
                payload=json.loads(row["payload"].text),
                actor=row["actor"],
                reason=row["reason"],
                recorded_at=row["recorded_at"],
            )
            for row in rows
        ]


COPY_COLUMNS = ("event_id", "seq", "kind", "payload", "actor", "reason", "recorded_at")
COPY_SQL = f"COPY records ({', '.join(COPY_COLUMNS)}) FROM STDIN"
INSERT_SQL = (
    f"INSERT INTO records ({', '.join(COPY_COLUMNS)}) VALUES ({', '.join('?' * len(COPY_COLUMNS))})"
)
INSERT_EVENT_SQL = "INSERT INTO events (id, name, created_at, kind) VALUES (?, ?, ?, ?)"
LIST_EVENTS_SQL = (
    "SELECT events.id, events.name, events.created_at, events.kind, count(records.id) "
    "FROM events LEFT OUTER JOIN records ON records.event_id = events.id "
    "GROUP BY events.id, events.name, events.created_at, events.kind "
    "ORDER BY events.created_at, events.id"
)
RECORDS_SQL = (
    "SELECT records.seq, records.kind, records.payload, records.actor, records.reason, "
    "records.recorded_at FROM events LEFT OUTER JOIN records "
    "ON records.event_id = events.id AND records.seq > ? "
    "WHERE events.id = ? ORDER BY records.seq"
)
LAST_SEQ_SQL = (
    "SELECT (SELECT coalesce(max(seq), 0) FROM records WHERE event_id = events.id) "
    "FROM events WHERE id = ?"
)
"""The event's last seq (0 without records), no row for an unknown event: one statement."""

TABLE_COLUMNS = (
    "event_id",
    "round",
    "table_no",
    "seq",
    "event_seq",
    "kind",
    "payload",
    "actor",
    "reason",
    "recorded_at",
)
INSERT_TABLE_SQL = (
    f"INSERT INTO table_records ({', '.join(TABLE_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(TABLE_COLUMNS))})"
)
LAST_TABLE_SEQ_SQL = (
    "SELECT (SELECT coalesce(max(seq), 0) FROM table_records "
    "WHERE event_id = events.id AND round = ? AND table_no = ?) FROM events WHERE id = ?"
)
"""A table's last seq (0 for a table without records), no row for an unknown event."""
LAST_SEQS_SQL = (
    "SELECT (SELECT coalesce(max(seq), 0) FROM records WHERE event_id = events.id), "
    "(SELECT coalesce(max(seq), 0) FROM table_records "
    "WHERE event_id = events.id AND round = ? AND table_no = ?) "
    "FROM events WHERE id = ?"
)
_TABLE_SELECT = (
    "SELECT round, table_no, seq, event_seq, kind, payload, actor, reason, recorded_at "
    "FROM table_records "
)
TABLE_RECORDS_SQL = (
    _TABLE_SELECT + "WHERE event_id = ? AND round = ? AND table_no = ? AND seq > ? ORDER BY seq"
)
ALL_TABLE_RECORDS_SQL = _TABLE_SELECT + "WHERE event_id = ? ORDER BY round, table_no, seq"


def _table_record(row: tuple[Any, ...]) -> TableRecord:
    round_number, table, seq, event_seq, kind, payload, actor, reason, recorded_at = row
    return TableRecord(
        round=round_number,
        table=table,
        seq=seq,
        event_seq=event_seq,
        kind=kind,
        payload=read_json(payload),
        actor=actor,
        reason=reason,
        recorded_at=read_time(recorded_at),
    )


def _new(t: TableRecord) -> NewRecord:
    return NewRecord(t.kind, t.payload, t.actor, t.reason, t.recorded_at)


def _table_row(
    connection: Transaction, event_id: str, t: TableRecord, p: dict[str, Any], now: datetime
) -> tuple[Any, ...]:
    """The parameters of one table record's insert (``p``: its prepared row)."""
    return (
        event_id,
        t.round,
        t.table,
        t.seq,
        t.event_seq,
        p["kind"],
        p["text"].text,
        p["actor"],
        p["reason"],
        connection.bind_time(p["at"] or now),
    )


def _cannot_open(shown: str, error: str) -> ArbitroError:
    return ArbitroError(
        "Cannot open the database {url}: {error}", url=shown, error=error, key="store.cannot_open"
    )


def _insert_rows(connection: Transaction, rows: Iterable[dict[str, Any]]) -> None:
    """Insert the rows in the connection's transaction: COPY on PostgreSQL, else one
    executemany of the driver (rows streamed, not built per statement).

    COPY is five times faster than PostgreSQL's executemany for an import of thousands of
    records; it checks the same constraints and fires the same triggers.
    """
    bind_time = connection.bind_time
    values = (
        (
            row["event_id"],
            row["seq"],
            row["kind"],
            row["payload"].text,
            row["actor"],
            row["reason"],
            bind_time(row["recorded_at"]),
        )
        for row in rows
    )
    if connection.dialect != "postgresql":
        connection.executemany(INSERT_SQL, values)
        return
    with connection.cursor.copy(COPY_SQL) as copy:
        for value in values:
            copy.write_row(value)


def _rows(
    event_id: str, prepared: list[dict[str, Any]], last: int, now: datetime
) -> list[dict[str, Any]]:
    """The rows of prepared records numbered after ``last``."""
    return [_row(event_id, last + offset, row, now) for offset, row in enumerate(prepared, 1)]


def _row(event_id: str, seq: int, row: dict[str, Any], now: datetime) -> dict[str, Any]:
    """The row of one prepared record numbered ``seq``."""
    return {
        "event_id": event_id,
        "seq": seq,
        "kind": row["kind"],
        "payload": row["text"],
        "actor": row["actor"],
        "reason": row["reason"],
        "recorded_at": row["at"] or now,
    }


def _is_seq_conflict(error: BaseException) -> bool:
    """Whether ``error`` is the unique (event_id, seq) constraint refusing a taken seq."""
    diag = getattr(error, "diag", None)
    if diag is not None:  # psycopg
        return getattr(diag, "constraint_name", None) == SEQ_CONSTRAINT
    return "UNIQUE constraint failed: records.event_id, records.seq" in str(error)


def _event_exists(connection: Transaction, event_id: str) -> bool:
    return connection.one("SELECT id FROM events WHERE id = ?", (event_id,)) is not None


def _last_seq(connection: Transaction, event_id: str) -> int:
    """The event's last seq (:class:`NotFoundError` for an unknown event), one statement."""
    row = connection.one(LAST_SEQ_SQL, (event_id,))
    if row is None:
        raise _unknown_event_error(event_id)
    return int(row[0])


def _unknown_event_error(event_id: str) -> NotFoundError:
    return NotFoundError("There is no event '{event}'.", event=event_id, key="store.unknown_event")


def _event_exists_error(event_id: str) -> ConflictError:
    return ConflictError(
        "An event with id '{event}' already exists.", event=event_id, key="store.event_exists"
    )


def _check_event_kind(kind: object) -> None:
    if kind not in EVENT_KINDS:
        raise ArbitroError(
            "Event kind {kind} is not known (one of: {kinds}).",
            kind=repr(kind),
            kinds=", ".join(EVENT_KINDS),
            key="store.invalid",
        )


# Which text is missing or too long: one sentence per field, so that each language words it
# whole (the Italian article and gender change with the field).
_MISSING = {
    "event_id": N_("The event id is missing (a non-empty text is needed, not {value})."),
    "event_name": N_("The event name is missing (a non-empty text is needed, not {value})."),
    "record_kind": N_("The record's kind is missing (a non-empty text is needed, not {value})."),
    "record_actor": N_("The record's actor is missing (a non-empty text is needed, not {value})."),
}
_TOO_LONG = {
    "event_id": N_("The event id is too long ({length} characters, at most {max})."),
    "record_kind": N_("The record's kind is too long ({length} characters, at most {max})."),
}


def _check_text(value: object, field: str, max_length: int | None) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ArbitroError(_MISSING[field], value=repr(value), key="store.invalid")
    if max_length is not None and len(value) > max_length:
        raise ArbitroError(_TOO_LONG[field], length=len(value), max=max_length, key="store.invalid")


def _invalid_record(index: int, kind: object, problem: Message) -> ArbitroError:
    return ArbitroError(
        "Record no. {index} ({kind}) is not valid: {problem}",
        index=index,
        kind=repr(kind),
        problem=problem,
        key="store.invalid_record",
    )


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _prepare(index: int, record: NewRecord) -> dict[str, Any]:
    """Check one new record and return its row (payload normalised as it will be read back)."""
    _check_text(record.kind, "record_kind", KIND_LENGTH)
    _check_text(record.actor, "record_actor", None)
    if record.reason is not None and not isinstance(record.reason, str):
        raise _invalid_record(index, record.kind, message("the reason must be a text."))
    for text in (record.actor, record.reason or ""):
        if "\x00" in text or not _encodable(text):
            raise _invalid_record(
                index,
                record.kind,
                message(
                    "a text holds a character that cannot be stored (NUL or a lone surrogate)."
                ),
            )
    if not isinstance(record.payload, dict):
        raise _invalid_record(
            index,
            record.kind,
            message(
                "the payload must be a JSON object, not {type}.",
                type=type(record.payload).__name__,
            ),
        )
    try:
        text = json_text.dumps(record.payload)
        text.encode("utf-8")
    except ValueError as exc:  # PayloadError, UnicodeEncodeError (a lone surrogate)
        raise _invalid_record(
            index,
            record.kind,
            message("the payload cannot be stored as JSON ({error}).", error=str(exc)),
        ) from exc
    at = record.recorded_at
    if at is not None:
        if not isinstance(at, datetime) or at.tzinfo is None or at.utcoffset() is None:
            raise _invalid_record(
                index,
                record.kind,
                message("the recorded time {at} must be timezone-aware (UTC).", at=repr(at)),
            )
        at = at.astimezone(UTC)
    return {
        "kind": record.kind,
        "text": json_text.JsonText(text),
        "actor": record.actor,
        "reason": record.reason,
        "at": at,
    }
