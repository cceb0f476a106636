"""Schema migrations: bring a database to the newest schema with Alembic, programmatically.

A new, empty database gets the whole schema; an older one is upgraded; an up-to-date one is left
alone (checked cheaply first: on SQLite with the standard library's ``sqlite3`` alone, see
:func:`sqlite_revisions`, so that an up-to-date database never loads SQLAlchemy or Alembic).
The upgrade runs in one transaction, serialised between processes
(``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL), so two programs opening the same
new database at once do not both create it.

A new, empty SQLite file is not migrated: :func:`create_sqlite` runs ``schema_head.sql`` (the
head schema and its ``alembic_version`` stamp, generated from the migrations by
``tools/sqlite_schema.py``) in one ``executescript`` of ``sqlite3``, in one ``BEGIN IMMEDIATE``
transaction, without loading SQLAlchemy or Alembic (issue 14: Alembic's 7 migrations cost a new
database about a second). The file it makes is the one Alembic makes (same ``sqlite_master``,
same stamp: a test compares them), so later migrations upgrade it as any other.

A new revision goes in ``migrations/versions`` (numbered ``0002``, ``0003``...), written by hand
or started with::

    python -c "from alembic import command; from arbitro.store.migrate import alembic_config;
    command.revision(alembic_config(), 'what changes', rev_id='0002')"

then regenerate the new SQLite database's script, ``python tools/sqlite_schema.py``, and commit
``schema_head.sql`` with the revision (a test fails while it is stale; meanwhile a new SQLite
file is still brought to head, by Alembic after the script).
"""

from __future__ import annotations

import functools
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from arbitro.lazy_names import lazy_module
from arbitro.store import engine as engine_module
from arbitro.store.engine import SQLITE_BUSY_TIMEOUT_MS, WRITE_OPTION

if TYPE_CHECKING:
    import sqlalchemy
    from alembic import command as alembic_command
    from alembic import config as alembic_conf
    from alembic import script as alembic_script
    from alembic.config import Config
    from sqlalchemy import Connection, Engine
else:
    alembic_command = lazy_module("alembic.command")
    alembic_conf = lazy_module("alembic.config")
    alembic_script = lazy_module("alembic.script")
    sqlalchemy = lazy_module("sqlalchemy")

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_HEAD_SCHEMA = Path(__file__).resolve().parent / "schema_head.sql"
MIGRATION_WAIT_MS = 120_000  # how long a program waits for another's migration (SQLite)
# An arbitrary constant identifying arbitro's migration lock among PostgreSQL advisory locks.
POSTGRESQL_MIGRATION_LOCK = 0x4172_6269_7472_6F


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for arbitro's migrations (no alembic.ini needed)."""
    config = alembic_conf.Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


@functools.cache
def head_revisions() -> frozenset[str]:
    """The revision(s) at the head of arbitro's migrations (as Alembic reads them)."""
    return frozenset(alembic_script.ScriptDirectory.from_config(alembic_config()).get_heads())


@functools.cache
def newest_revision() -> str:
    """The newest revision, read from the files' names without Alembic: the revisions are
    numbered 0001, 0002... in a line, the number being the revision id (a test checks it
    against :func:`head_revisions`)."""
    return max(p.name.split("_", 1)[0] for p in (MIGRATIONS_DIR / "versions").glob("[0-9]*_*.py"))


def sqlite_revisions(connection: sqlite3.Connection) -> frozenset[str]:
    """The revision(s) a SQLite database is at, read with ``sqlite3`` (empty for a database
    never migrated)."""
    cursor = connection.cursor()
    try:
        cursor.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
        )
        if cursor.fetchone() is None:
            return frozenset()
        cursor.execute("SELECT version_num FROM alembic_version")
        return frozenset(str(row[0]) for row in cursor.fetchall())
    finally:
        cursor.close()


def sqlite_is_empty(connection: sqlite3.Connection) -> bool:
    """Whether a SQLite database has no table, index, trigger or view at all (a new file)."""
    cursor = connection.cursor()
    try:
        cursor.execute("SELECT 1 FROM sqlite_master LIMIT 1")
        return cursor.fetchone() is None
    finally:
        cursor.close()


def create_sqlite(connection: sqlite3.Connection) -> bool:
    """Create the head schema in a new, empty SQLite database with ``schema_head.sql``, stamped
    at its revision, in one ``BEGIN IMMEDIATE`` transaction of one ``executescript``; whether
    it did. ``connection`` is in autocommit (the store's connections are).

    Another program creating the same file at once holds the write lock for its whole
    creation: this one waits for it (as long as an Alembic migration, not a writer's few
    seconds), then its script fails on the tables already there, is rolled back, and False
    is returned: the caller reads the revision the other program left.
    """
    script = SQLITE_HEAD_SCHEMA.read_text(encoding="utf-8")
    _sqlite_busy_timeout(connection, MIGRATION_WAIT_MS)
    try:
        try:
            connection.executescript(f"BEGIN IMMEDIATE;\n{script}\nCOMMIT;\n")
        except sqlite3.Error:
            if connection.in_transaction:
                connection.rollback()
            if sqlite_is_empty(connection):  # not another program's doing
                raise
            return False
        return True
    finally:
        _sqlite_busy_timeout(connection, engine_module.SQLITE_BUSY_TIMEOUT_MS)


def _sqlite_busy_timeout(connection: sqlite3.Connection, ms: int) -> None:
    """Set SQLite's busy timeout of a ``sqlite3`` connection."""
    cursor = connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={int(ms)}")
    finally:
        cursor.close()


def is_up_to_date(revisions: frozenset[str]) -> bool:
    """Whether a database at ``revisions`` is at the newest revision (nothing to upgrade)."""
    return revisions == {newest_revision()}


def current_revisions(engine: Engine) -> frozenset[str]:
    """The revision(s) the database is at (empty for a database never migrated)."""
    with engine.connect() as connection:
        if not sqlalchemy.inspect(connection).has_table("alembic_version"):
            return frozenset()
        rows = connection.execute(sqlalchemy.text("SELECT version_num FROM alembic_version")).all()
        return frozenset(str(r[0]) for r in rows)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run ``alembic upgrade <revision>`` on the database (a no-op when it is up to date,
    checked without loading Alembic)."""
    if revision == "head" and is_up_to_date(current_revisions(engine)):
        return
    head_revisions()  # the migration scripts read before the lock: the lock is held briefly
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # Another program creating the same new database holds the write lock for its
            # whole migration: wait for it as long as it takes, not the writers' few seconds.
            _busy_timeout(connection, MIGRATION_WAIT_MS)
        connection.execution_options(**{WRITE_OPTION: True})
        try:
            with connection.begin():
                if not sqlite:
                    connection.execute(
                        sqlalchemy.text("SELECT pg_advisory_xact_lock(:key)"),
                        {"key": POSTGRESQL_MIGRATION_LOCK},
                    )
                alembic_command.upgrade(alembic_config(connection), revision)
        finally:
            if sqlite:
                _busy_timeout(connection, SQLITE_BUSY_TIMEOUT_MS)


def _busy_timeout(connection: Connection, ms: int) -> None:
    """Set SQLite's busy timeout on ``connection``'s driver connection (outside any
    transaction: a pragma of the connection, not of the data)."""
    cursor = connection.connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={int(ms)}")
    finally:
        cursor.close()


def downgrade(engine: Engine, revision: str) -> None:
    """Run ``alembic downgrade <revision>`` (for tests of the migrations; loses the data)."""
    with engine.connect() as connection:
        connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            alembic_command.downgrade(alembic_config(connection), revision)
