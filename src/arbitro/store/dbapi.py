"""The record store's connections: DB-API transactions on SQLite (``sqlite3``) or PostgreSQL.

The record store writes its SQL once, with ``?`` placeholders, and runs it in a
:class:`Transaction` of one of two databases:

- :class:`SQLiteFile`: a SQLite file reached through the standard library's ``sqlite3``
  alone, with the store's settings (:func:`arbitro.store.engine.setup_sqlite`: WAL, foreign
  keys, busy timeout, full synchronous commits) and ``BEGIN IMMEDIATE`` for writes. Opening
  it never imports SQLAlchemy (issue 14: ``import sqlalchemy`` alone is 200-400 ms of a
  command that should take 300). The connections are pooled and each is used by one thread
  at a time (the web app serves requests from a pool of threads). A second pool, of
  connections with ``PRAGMA synchronous=NORMAL``, serves the transactions that are not
  ``durable`` (a digital table's moves: docs/architecture.md, "Durability of a table's moves").
- :class:`PostgresDatabase`: PostgreSQL through psycopg 3, on a pool of its own of
  connections in autocommit mode, made with the SQLAlchemy engine's connection arguments and
  adapters (issue 33: a round trip to the server costs far more than a statement of SQLite
  in the process, and the service's reads run under its lock). A read is its statements
  alone, one round trip each, each its own transaction (the store's reads are single
  statements); a write is ``BEGIN``, its statements and ``COMMIT``; a transaction that is not
  ``durable`` begins with ``BEGIN; SET LOCAL synchronous_commit = off`` in one round trip. A
  connection is not pinged before each use (SQLAlchemy's ``pool_pre_ping`` was a round trip
  a transaction): an idle connection with something to read (the server closed it: a
  restart, a terminated backend) is dropped without a round trip, and one idle longer than
  :data:`PING_IDLE_SECONDS` is pinged first.
- :class:`EngineDatabase`: the pooled DB-API connections of a SQLAlchemy engine
  (``engine.raw_connection()``): the SQLite URLs the first does not take (in memory, with
  options), where the engine's single connection must be shared with the other tables' code.

Values are bound and read as the SQLAlchemy columns of :mod:`arbitro.store.schema` did, so
databases written by either read the same: on SQLite a time is the text of SQLAlchemy's
``DateTime`` (``2026-11-28 20:00:00.000000``, UTC) and a payload the JSON text of
:func:`arbitro.store.json_text.dumps`; on PostgreSQL ``timestamptz`` and ``jsonb``.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sqlite3
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from arbitro.store.engine import TABLE_LOG_POSTGRES, TABLE_LOG_SYNCHRONOUS, connect_sqlite

if TYPE_CHECKING:
    from sqlalchemy import Engine

# Idle connections kept for reuse (SQLAlchemy's default pool size); more are opened when more
# threads use the store at once, and closed when given back beyond this number.
POOL_SIZE = 5
POSTGRES_CONNECTIONS = 10
"""The most connections a process's record store holds open to PostgreSQL (all kept for
reuse: a new connection is a new server process, milliseconds); a thread that finds them all
in use waits for one, at most :data:`POSTGRES_WAIT_SECONDS`."""
POSTGRES_WAIT_SECONDS = 30.0
PING_IDLE_SECONDS = 30.0
"""A PostgreSQL connection idle longer than this is pinged (one round trip) before it is used
again: a server gone silently (a network cut) is then noticed before a statement is sent."""
BEGIN_NOT_DURABLE = "BEGIN; " + TABLE_LOG_POSTGRES
"""A transaction that is not durable, begun in one round trip (no parameters: the simple query
protocol takes both statements)."""

# SQLAlchemy's SQLite DateTime storage format (its default ``storage_format``).
SQLITE_TIME_FORMAT = "%04d-%02d-%02d %02d:%02d:%02d.%06d"


def sqlite_time(value: datetime) -> str:
    """A UTC instant as SQLAlchemy's SQLite ``DateTime`` stored it (naive UTC text)."""
    utc = value.astimezone(UTC)
    return SQLITE_TIME_FORMAT % (
        utc.year,
        utc.month,
        utc.day,
        utc.hour,
        utc.minute,
        utc.second,
        utc.microsecond,
    )


def read_time(value: Any) -> datetime:
    """A stored time as a timezone-aware UTC datetime (SQLite text or PostgreSQL timestamptz)."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        raise TypeError(f"not a stored time: {value!r}")
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def read_json(value: Any) -> Any:
    """A stored payload as its JSON value (SQLite's text; psycopg already decodes jsonb)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


class Transaction:
    """One transaction on one DB-API connection: statements with ``?`` placeholders."""

    def __init__(self, database: Database, connection: Any, cursor: Any) -> None:
        self.database = database
        self.connection = connection
        self.cursor = cursor

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.database.dialect

    def execute(self, statement: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement (``?`` placeholders) and return the cursor."""
        self.cursor.execute(self.database.sql(statement), tuple(params))
        return self.cursor

    def executemany(self, statement: str, rows: Any) -> None:
        """Run one statement for each row of ``rows`` (an iterable, consumed as it goes)."""
        self.cursor.executemany(self.database.sql(statement), rows)

    def one(self, statement: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row of a query, or None."""
        row = self.execute(statement, params).fetchone()
        return None if row is None else tuple(row)

    def all(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Every row of a query."""
        return [tuple(row) for row in self.execute(statement, params).fetchall()]

    def bind_time(self, value: datetime) -> Any:
        """A UTC instant as this database stores it."""
        return sqlite_time(value) if self.dialect == "sqlite" else value.astimezone(UTC)


class Database(ABC):
    """Where the record store's transactions run (see the module's docstring): a backend
    says how a connection is taken and given back."""

    dialect: str = "sqlite"
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
    paramstyle: str = "qmark"

    def __init__(self) -> None:
        self._statements: dict[str, str] = {}

    def sql(self, statement: str) -> str:
        """``statement`` in the driver's paramstyle (written with ``?``; no ``%`` in them)."""
        if self.paramstyle == "qmark":
            return statement
        known = self._statements.get(statement)
        if known is None:
            if "%" in statement:
                raise ValueError(f"a statement with % cannot be converted: {statement}")
            known = statement.replace("?", "%s")
            self._statements[statement] = known
        return known

    @contextmanager
    def transaction(self, write: bool, *, durable: bool = True) -> Iterator[Transaction]:
        """A transaction, committed at the end of the block (rolled back if it raises);
        ``write`` takes SQLite's write lock at its start (``BEGIN IMMEDIATE``). Not
        ``durable`` (a digital table's moves): its commit survives a killed process but a
        power cut may lose it (SQLite's ``synchronous=NORMAL`` connections, PostgreSQL's
        ``synchronous_commit = off`` for this transaction); every other transaction is on
        the disk when its block ends."""
        connection = self._take_for(durable)
        cursor = None
        healthy = False
        try:
            cursor = connection.cursor()
            if self.dialect == "sqlite":
                cursor.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            elif self.dialect == "postgresql" and not durable:
                cursor.execute(TABLE_LOG_POSTGRES)  # begins the transaction (not autocommit)
            yield Transaction(self, connection, cursor)
            connection.commit()
            healthy = True
        except BaseException:
            try:
                connection.rollback()
                healthy = True
            except Exception:  # a broken connection: not reused
                healthy = False
            raise
        finally:
            self._release(connection, cursor, healthy)

    def _release(self, connection: Any, cursor: Any, healthy: bool) -> None:
        """End a transaction's use of ``connection``: close its ``cursor`` (if one was
        opened) and give the connection back, to be reused only if it is ``healthy`` and
        the cursor closed."""
        if cursor is not None:
            try:
                cursor.close()
            except Exception:
                healthy = False
        self._give(connection, healthy)

    def _take_for(self, durable: bool) -> Any:
        """A connection for a transaction (``durable`` or not); the same pool by default."""
        return self._take()

    @abstractmethod
    def _take(self) -> Any:
        """A DB-API connection for one transaction."""

    @abstractmethod
    def _give(self, connection: Any, healthy: bool) -> None:
        """Give back a connection taken by :meth:`_take` (closed if not ``healthy``)."""

    @abstractmethod
    def close(self) -> None:
        """Close the idle connections (those in use are closed when given back)."""


class SQLiteFile(Database):
    """A SQLite file through ``sqlite3``, without SQLAlchemy: a small pool of connections,
    each used by one thread at a time (``check_same_thread=False`` lets it change threads)."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = os.path.abspath(path)  # as SQLAlchemy resolves it: once, at the start
        self._idle: list[sqlite3.Connection] = []
        self._idle_moves: list[sqlite3.Connection] = []  # synchronous=NORMAL
        self._moves: set[sqlite3.Connection] = set()  # the NORMAL connections open
        self._lock = threading.Lock()

    def connect(self) -> sqlite3.Connection:
        """A connection of the pool (an idle one, else a new one); give it back with
        :meth:`release`."""
        connection: sqlite3.Connection = self._take()
        return connection

    def release(self, connection: sqlite3.Connection) -> None:
        """Give back a connection taken with :meth:`connect` (outside any transaction)."""
        self._give(connection, not connection.in_transaction)

    def _take(self) -> sqlite3.Connection:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return connect_sqlite(self.path)

    def _take_for(self, durable: bool) -> sqlite3.Connection:
        if durable:
            return self._take()
        with self._lock:
            if self._idle_moves:
                return self._idle_moves.pop()
        connection = connect_sqlite(self.path, TABLE_LOG_SYNCHRONOUS)
        with self._lock:
            self._moves.add(connection)
        return connection

    def _give(self, connection: Any, healthy: bool) -> None:
        assert isinstance(connection, sqlite3.Connection)
        with self._lock:
            moves = connection in self._moves
            idle = self._idle_moves if moves else self._idle
            if healthy and len(idle) < POOL_SIZE:
                idle.append(connection)
                return
            self._moves.discard(connection)
        connection.close()

    def close(self) -> None:
        """Close the idle connections."""
        with self._lock:
            idle, self._idle = self._idle, []
            moves, self._idle_moves = self._idle_moves, []
            self._moves.difference_update(moves)
        for connection in idle + moves:
            connection.close()


class EngineDatabase(Database):
    """The DB-API connections of a SQLAlchemy engine's pool (``raw_connection()``)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self.dialect = engine.dialect.name
        dbapi = engine.dialect.loaded_dbapi
        self.integrity_errors = (dbapi.IntegrityError,)
        self.paramstyle = "qmark" if dbapi.paramstyle == "qmark" else "format"
        if dbapi.paramstyle not in ("qmark", "format", "pyformat"):
            raise ValueError(f"unsupported paramstyle {dbapi.paramstyle}")

    def _take(self) -> Any:
        return self.engine.raw_connection()

    def _give(self, connection: Any, healthy: bool) -> None:
        if not healthy:
            connection.invalidate()
        connection.close()  # back to the engine's pool

    def close(self) -> None:
        """Nothing of its own: the idle connections are the engine's pool, closed by the
        store's ``engine.dispose()``."""


class PostgresDatabase(Database):
    """PostgreSQL through psycopg 3, on a pool of its own (see the module's docstring):
    connections in autocommit mode, made with the engine's connection arguments (its URL's
    options, its JSON adapters), at most :data:`POSTGRES_CONNECTIONS` open, all kept."""

    dialect = "postgresql"
    paramstyle = "format"

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        dbapi = engine.dialect.loaded_dbapi
        self.integrity_errors = (dbapi.IntegrityError,)
        self._dbapi = dbapi
        self._args = engine.dialect.create_connect_args(engine.url)
        self._idle: list[tuple[Any, float]] = []  # (connection, when it was given back)
        self._open = 0
        self._free = threading.Condition(threading.Lock())

    @contextmanager
    def transaction(self, write: bool, *, durable: bool = True) -> Iterator[Transaction]:
        """A read (``write`` false, ``durable``): its statements alone, each its own
        transaction, one round trip each; else ``BEGIN`` (with ``SET LOCAL
        synchronous_commit = off`` when not ``durable``, in the same round trip), the
        statements, ``COMMIT``; rolled back if the block raises."""
        connection = self._take()
        cursor = None
        healthy = False
        try:
            cursor = connection.cursor()
            began = write or not durable
            if began:
                cursor.execute("BEGIN" if durable else BEGIN_NOT_DURABLE)
            yield Transaction(self, connection, cursor)
            if began:
                cursor.execute("COMMIT")
            healthy = True
        except BaseException:
            try:
                if connection.info.transaction_status != self._dbapi.pq.TransactionStatus.IDLE:
                    connection.execute("ROLLBACK")
                healthy = not connection.broken
            except Exception:  # a broken connection: not reused
                healthy = False
            raise
        finally:
            self._release(connection, cursor, healthy)

    def _connect(self) -> Any:
        cargs, cparams = self._args
        return self._dbapi.connect(*cargs, **cparams, autocommit=True)

    def _take(self) -> Any:
        deadline = time.monotonic() + POSTGRES_WAIT_SECONDS
        while True:
            with self._free:
                while not self._idle and self._open >= POSTGRES_CONNECTIONS:
                    left = deadline - time.monotonic()
                    if left <= 0 or not self._free.wait(left):
                        raise self._dbapi.OperationalError(
                            f"all {POSTGRES_CONNECTIONS} connections of the record store are in use"
                        )
                if self._idle:
                    connection, since = self._idle.pop()
                else:
                    connection, since = None, 0.0
                    self._open += 1  # a new one, counted before it is made
            if connection is None:
                break
            if _usable(connection, time.monotonic() - since):  # outside the pool's lock
                return connection
            self._give(connection, healthy=False)
        try:
            return self._connect()
        except BaseException:
            with self._free:
                self._open -= 1
                self._free.notify()
            raise

    def _give(self, connection: Any, healthy: bool) -> None:
        with self._free:
            if healthy and not connection.closed:
                self._idle.append((connection, time.monotonic()))
            else:
                self._open -= 1
                _close_quietly(connection)
            self._free.notify()

    def close(self) -> None:
        """Close the idle connections (those in use are kept when given back: the store
        reconnects if used again, as SQLite's)."""
        with self._free:
            idle, self._idle = self._idle, []
            self._open -= len(idle)
        for connection, _ in idle:
            _close_quietly(connection)


def _usable(connection: Any, idle_seconds: float) -> bool:
    """Whether an idle PostgreSQL connection of the pool may be used again, mostly without a
    round trip: closed or broken, no; something to read on its socket (an idle connection of
    the pool is sent nothing: the server closed it, or says it is shutting down), no; idle
    longer than :data:`PING_IDLE_SECONDS`, pinged (an empty query)."""
    if connection.closed or connection.broken:
        return False
    try:
        poller = select.poll()  # not select(): a process of thousands of sockets has fds > 1024
        poller.register(connection.fileno(), select.POLLIN | select.POLLPRI)
        if poller.poll(0):  # something to read, or the socket hung up or in error
            return False
        if idle_seconds > PING_IDLE_SECONDS:
            connection.execute(";")
    except Exception:
        return False
    return True


def _close_quietly(connection: Any) -> None:
    with contextlib.suppress(Exception):  # already gone
        connection.close()


def is_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached or is busy (a DB-API
    ``OperationalError`` of ``sqlite3`` or psycopg): the web answers 503, try again."""
    if isinstance(exc, sqlite3.OperationalError):
        return True
    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(exc, psycopg.OperationalError)
