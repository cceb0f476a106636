"""Connecting to the database: the default URL, and engines set up for safe, fast appends.

SQLite (the default, one file per installation) runs in WAL journal mode with foreign keys on, a
busy timeout and full synchronous commits; a writing transaction starts with ``BEGIN IMMEDIATE``
so that appends are serialised. PostgreSQL is reached through psycopg 3.

A digital table's moves are the one exception to full synchronous commits (docs/architecture.md,
"Durability of a table's moves"): their appends run on connections with
``PRAGMA synchronous=NORMAL`` (:data:`TABLE_LOG_SYNCHRONOUS`) on SQLite, and with
``SET LOCAL synchronous_commit = off`` on PostgreSQL (:data:`TABLE_LOG_POSTGRES`).

SQLAlchemy is imported only when an engine is made: the record store opens an up-to-date
SQLite file with :func:`connect_sqlite` alone (issue 14).
"""

from __future__ import annotations

import os
import sqlite3
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from arbitro.lazy_names import lazy_module
from arbitro.store import json_text

if TYPE_CHECKING:
    import sqlalchemy
    from sqlalchemy import Connection, Engine
    from sqlalchemy import engine as sqlalchemy_engine
    from sqlalchemy import pool as sqlalchemy_pool
else:
    sqlalchemy_pool = lazy_module("sqlalchemy.pool")
    sqlalchemy_engine = lazy_module("sqlalchemy.engine")
    sqlalchemy = lazy_module("sqlalchemy")

DATABASE_URL_ENV = "ARBITRO_DATABASE_URL"
DEFAULT_DATABASE_URL = "sqlite:///arbitro.sqlite3"
SQLITE_BUSY_TIMEOUT_MS = 30_000
SQLITE_SYNCHRONOUS = "FULL"
"""Every commit is on the disk when it returns (an fsync of the WAL a commit)."""
TABLE_LOG_SYNCHRONOUS = "NORMAL"
"""A digital table's move appends: in WAL mode a commit is in the WAL file (the operating
system's cache) when it returns, safe against a killed process; the WAL is synced at the next
full commit or checkpoint, so a power cut may lose the last moves, never a later record."""
TABLE_LOG_POSTGRES = "SET LOCAL synchronous_commit = off"
"""The same trade-off on PostgreSQL, for the move append's transaction only: safe against a
killed server process, a crash of the machine may lose the last commits (at most three times
``wal_writer_delay``), never leave the database inconsistent."""
WRITE_OPTION = "arbitro_write"


def default_database_url() -> str:
    """The installation's database: ``$ARBITRO_DATABASE_URL``, else ``sqlite:///arbitro.sqlite3``.

    The SQLite default is one file in the working directory.
    """
    url = os.environ.get(DATABASE_URL_ENV, "").strip()
    return url or DEFAULT_DATABASE_URL


def normalize_url(url: str) -> str:
    """Use psycopg 3 for PostgreSQL URLs that name no driver (``postgresql://``, ``postgres://``)."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


WAL_ATTEMPTS = 200  # tries at turning a new database to WAL while another program does
WAL_PAUSE_S = 0.05


def _wal(cursor: Any) -> None:
    """Turn the database to WAL (a no-op once it is). When two programs open a new file at
    once, SQLite may answer the second "database is locked" at once, without its busy
    timeout, while the first converts the file: try again for a few seconds."""
    for attempt in range(WAL_ATTEMPTS):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == WAL_ATTEMPTS - 1:
                raise
            time.sleep(WAL_PAUSE_S)


SQLITE_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///")


def sqlite_file(url: str) -> str | None:
    """The file of a plain SQLite URL (``sqlite:///arbitro.sqlite3``, ``sqlite:////abs/path``),
    read without SQLAlchemy; None for any other URL (PostgreSQL, in memory, with options)."""
    for prefix in SQLITE_PREFIXES:
        if url.startswith(prefix):
            path = url[len(prefix) :]
            if not path or path == ":memory:" or "?" in path or path.startswith("file:"):
                return None
            if "%" in path:  # as SQLAlchemy's URL parser reads the database
                path = unquote(path)
            return path
    return None


def setup_sqlite(connection: sqlite3.Connection, synchronous: str = SQLITE_SYNCHRONOUS) -> None:
    """The store's settings of a new SQLite connection: transactions begun explicitly (see
    ``BEGIN IMMEDIATE``), WAL, foreign keys, the busy timeout, full synchronous commits
    (``synchronous``: :data:`TABLE_LOG_SYNCHRONOUS` for the connections of a table's moves)."""
    if synchronous not in (SQLITE_SYNCHRONOUS, TABLE_LOG_SYNCHRONOUS):
        raise ValueError(f"unsupported synchronous setting {synchronous!r}")
    connection.isolation_level = None
    cursor = connection.cursor()
    try:
        _wal(cursor)
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
    finally:
        cursor.close()


def connect_sqlite(path: str, synchronous: str = SQLITE_SYNCHRONOUS) -> sqlite3.Connection:
    """A new connection to the SQLite file at ``path`` with the store's settings, usable from
    any thread (one thread at a time: the record store's pool hands it to one user);
    ``synchronous``: see :func:`setup_sqlite`."""
    connection = sqlite3.connect(
        path, timeout=SQLITE_BUSY_TIMEOUT_MS / 1000, check_same_thread=False
    )
    try:
        setup_sqlite(connection, synchronous)
    except BaseException:
        connection.close()
        raise
    return connection


def make_engine(url: str) -> Engine:
    """Create the engine for ``url`` with the store's connection settings."""
    sa_url = sqlalchemy_engine.make_url(normalize_url(url))
    if sa_url.get_backend_name() != "sqlite":
        return sqlalchemy.create_engine(sa_url, json_serializer=json_text.bind, pool_pre_ping=True)
    memory = sa_url.database in (None, "", ":memory:")
    engine = sqlalchemy.create_engine(
        sa_url,
        json_serializer=json_text.bind,
        connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000},
        **({"poolclass": sqlalchemy_pool.StaticPool} if memory else {}),
    )

    @sqlalchemy.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the driver, decide where transactions begin (see _on_begin).
        setup_sqlite(dbapi_connection)

    @sqlalchemy.event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine
