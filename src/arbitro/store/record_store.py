"""The record store: events and their append-only logs of records, in SQLite or PostgreSQL.

The store only stores and returns records; it never updates or deletes them (and the database's
triggers refuse it too). Standings and everything else are derived from the records by the
domain (DESIGN.md, "Architecture": every change to an event is an append-only record).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Self

from sqlalchemy import Connection, Engine, func, insert, select
from sqlalchemy.exc import (
    ArgumentError,
    DatabaseError,
    DBAPIError,
    IntegrityError,
    NoSuchModuleError,
    OperationalError,
)

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_, Message, message
from arbitro.store import json_text, migrate
from arbitro.store.engine import WRITE_OPTION, default_database_url, make_engine
from arbitro.store.errors import ConcurrencyError
from arbitro.store.records import EventSummary, NewRecord, StoredRecord
from arbitro.store.schema import EVENT_ID_LENGTH, EVENT_KINDS, KIND_LENGTH, SEQ_CONSTRAINT
from arbitro.store.schema import events as events_table
from arbitro.store.schema import records as records_table

# How many times an append without ``expected_seq`` is retried when another writer took its seq.
APPEND_ATTEMPTS = 20


class RecordStore:
    """Events and their records in one database (``url``: any SQLAlchemy URL; SQLite or PostgreSQL).

    Opening a store creates the schema in a new database and upgrades an older one
    (``alembic upgrade head``).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self._engine = make_engine(url)
        except (ArgumentError, NoSuchModuleError, ValueError) as exc:
            raise ArbitroError(
                "Cannot open the database {url}: {error}",
                url=url.split("@")[-1],
                error=str(exc),
                key="store.cannot_open",
            ) from None
        try:
            migrate.upgrade(self._engine)
        except (OperationalError, DatabaseError) as exc:
            self._engine.dispose()
            shown = self._engine.url.render_as_string(hide_password=True)
            raise ArbitroError(
                "Cannot open the database {url}: {error}",
                url=shown,
                error=str(exc.orig),
                key="store.cannot_open",
            ) from None
        except BaseException:
            self._engine.dispose()
            raise

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for the store's other tables, e.g. the desk's users)."""
        return self._engine

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
        """Close every connection of the store."""
        self._engine.dispose()

    # -- events ---------------------------------------------------------------------------------

    def create_event(
        self,
        event_id: str,
        name: str,
        kind: str = "rounds",
        records: Iterable[NewRecord] = (),
    ) -> EventSummary:
        """Create an event of ``kind`` (``rounds``: a tournament played in rounds, or
        ``knockout``) with its first ``records`` (an import), all in one transaction and one
        insert of all the rows: a record that cannot be stored leaves no event behind;
        :class:`ConflictError` if ``event_id`` is already taken. ``records`` may be a
        generator: each is checked and serialised as it is inserted (an import of tens of
        thousands of records never holds all their rows at once)."""
        _check_text(event_id, "event_id", EVENT_ID_LENGTH)
        _check_text(name, "event_name", None)
        _check_event_kind(kind)
        created_at = datetime.now(UTC)
        row = {"id": event_id, "name": name, "created_at": created_at, "kind": str(kind)}
        count = 0

        def rows() -> Iterator[dict[str, Any]]:
            nonlocal count
            for index, record in enumerate(records, 1):
                count = index
                yield _row(event_id, index, _prepare(index, record), created_at)

        try:
            with self._write() as connection, connection.begin():
                if _event_exists(connection, event_id):
                    raise _event_exists_error(event_id)
                connection.execute(insert(events_table), row)
                _insert_rows(connection, rows())
        except IntegrityError as exc:  # created by someone else between our check and insert
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
        query = select(events_table.c.kind).where(events_table.c.id == event_id)
        with self._engine.connect() as connection:
            kind = connection.execute(query).scalar_one_or_none()
        if kind is None:
            raise _unknown_event_error(event_id)
        return str(kind)

    def list_events(self) -> list[EventSummary]:
        """Every event, oldest first, with its number of records."""
        count = func.count(records_table.c.id)
        columns = (
            events_table.c.id,
            events_table.c.name,
            events_table.c.created_at,
            events_table.c.kind,
        )
        query = (
            select(*columns, count)
            .select_from(
                events_table.outerjoin(records_table, records_table.c.event_id == events_table.c.id)
            )
            .group_by(*columns)
            .order_by(events_table.c.created_at, events_table.c.id)
        )
        with self._engine.connect() as connection:
            return [
                EventSummary(
                    event_id=row[0],
                    name=row[1],
                    created_at=row[2],
                    kind=row[3],
                    record_count=row[4],
                )
                for row in connection.execute(query)
            ]

    def has_event(self, event_id: str) -> bool:
        """Whether an event with this id exists."""
        with self._engine.connect() as connection:
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
            except IntegrityError as exc:
                # Another writer took the same seq between our read and our insert: the unique
                # (event_id, seq) constraint refused ours, and nothing of this batch was stored.
                if not _is_seq_conflict(exc):
                    raise
                if expected_seq is not None:
                    raise ConcurrencyError(event_id, expected_seq) from exc
                last_error = exc
        raise ConcurrencyError(event_id, None) from last_error

    def records(self, event_id: str, *, after_seq: int = 0) -> list[StoredRecord]:
        """The event's records with seq greater than ``after_seq``, in order of seq."""
        query = (
            select(
                records_table.c.seq,
                records_table.c.kind,
                records_table.c.payload,
                records_table.c.actor,
                records_table.c.reason,
                records_table.c.recorded_at,
            )
            .where(records_table.c.event_id == event_id, records_table.c.seq > after_seq)
            .order_by(records_table.c.seq)
        )
        with self._engine.connect() as connection:
            rows = connection.execute(query).all()
            if not rows and not _event_exists(connection, event_id):
                raise _unknown_event_error(event_id)
        return [
            StoredRecord(
                event_id=event_id,
                seq=row[0],
                kind=row[1],
                payload=row[2],
                actor=row[3],
                reason=row[4],
                recorded_at=row[5],
            )
            for row in rows
        ]

    def last_seq(self, event_id: str) -> int:
        """The seq of the event's last record (0 when it has none yet)."""
        with self._engine.connect() as connection:
            if not _event_exists(connection, event_id):
                raise _unknown_event_error(event_id)
            return _last_seq(connection, event_id)

    # -- internals ------------------------------------------------------------------------------

    def _write(self) -> Connection:
        connection = self._engine.connect()
        connection.execution_options(**{WRITE_OPTION: True})
        return connection

    def _append_once(
        self, event_id: str, prepared: list[dict[str, Any]], expected_seq: int | None
    ) -> list[StoredRecord]:
        with self._write() as connection, connection.begin():
            if not _event_exists(connection, event_id):
                raise _unknown_event_error(event_id)
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


def _insert_rows(connection: Connection, rows: Iterable[dict[str, Any]]) -> None:
    """Insert the rows in the connection's transaction: COPY on PostgreSQL, one executemany
    of the driver on SQLite (rows streamed, not built per statement), else SQLAlchemy's
    executemany.

    COPY is five times faster than PostgreSQL's executemany for an import of thousands of
    records; it checks the same constraints and fires the same triggers.
    """
    dialect = connection.dialect
    if dialect.name == "sqlite":
        # The columns' own bind conversions (UTC times, JSON text), as SQLAlchemy applies them.
        convert = [
            records_table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in COPY_COLUMNS
        ]
        values = (
            tuple(
                row[name] if f is None else f(row[name])
                for name, f in zip(COPY_COLUMNS, convert, strict=True)
            )
            for row in rows
        )
        lite = connection.connection.driver_connection
        assert isinstance(lite, sqlite3.Connection)
        sqlite_cursor = lite.cursor()
        try:
            sqlite_cursor.executemany(INSERT_SQL, values)
        except sqlite3.Error as exc:  # as SQLAlchemy would raise it (IntegrityError etc.)
            raise DBAPIError.instance(INSERT_SQL, None, exc, sqlite3.Error) from exc
        finally:
            sqlite_cursor.close()
        return
    if dialect.name != "postgresql":
        connection.execute(insert(records_table), list(rows))
        return
    import psycopg  # only PostgreSQL stores need the driver

    driver = connection.connection.driver_connection
    assert isinstance(driver, psycopg.Connection)
    try:
        with driver.cursor() as cursor, cursor.copy(COPY_SQL) as copy:
            for row in rows:
                copy.write_row(
                    (
                        row["event_id"],
                        row["seq"],
                        row["kind"],
                        row["payload"].text,
                        row["actor"],
                        row["reason"],
                        row["recorded_at"],
                    )
                )
    except psycopg.Error as exc:  # as SQLAlchemy would raise it (IntegrityError etc.)
        raise DBAPIError.instance(COPY_SQL, None, exc, psycopg.Error) from exc


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


def _is_seq_conflict(error: IntegrityError) -> bool:
    """Whether ``error`` is the unique (event_id, seq) constraint refusing a taken seq."""
    diag = getattr(error.orig, "diag", None)
    if diag is not None:  # psycopg
        return getattr(diag, "constraint_name", None) == SEQ_CONSTRAINT
    return "UNIQUE constraint failed: records.event_id, records.seq" in str(error.orig)


def _event_exists(connection: Connection, event_id: str) -> bool:
    return (
        connection.execute(select(events_table.c.id).where(events_table.c.id == event_id)).first()
        is not None
    )


def _last_seq(connection: Connection, event_id: str) -> int:
    query = select(func.coalesce(func.max(records_table.c.seq), 0)).where(
        records_table.c.event_id == event_id
    )
    return int(connection.execute(query).scalar_one())


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
