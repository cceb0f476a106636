"""Schema migrations: bring a database to the newest schema with Alembic, programmatically.

A new, empty database gets the whole schema; an older one is upgraded; an up-to-date one is left
alone (checked cheaply first). The upgrade runs in one transaction, serialised between processes
(``BEGIN IMMEDIATE`` on SQLite, an advisory lock on PostgreSQL), so two programs opening the same
new database at once do not both create it.

A new revision goes in ``migrations/versions`` (numbered ``0002``, ``0003``...), written by hand
or started with::

    python -c "from alembic import command; from arbitro.store.migrate import alembic_config;
    command.revision(alembic_config(), 'what changes', rev_id='0002')"
"""

from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

from arbitro.store.engine import WRITE_OPTION

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# An arbitrary constant identifying arbitro's migration lock among PostgreSQL advisory locks.
POSTGRESQL_MIGRATION_LOCK = 0x4172_6269_7472_6F


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for arbitro's migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


@functools.cache
def head_revisions() -> frozenset[str]:
    """The revision(s) at the head of arbitro's migrations."""
    return frozenset(ScriptDirectory.from_config(alembic_config()).get_heads())


def current_revisions(engine: Engine) -> frozenset[str]:
    """The revision(s) the database is at (empty for a database never migrated)."""
    with engine.connect() as connection:
        return frozenset(MigrationContext.configure(connection).get_current_heads())


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run ``alembic upgrade <revision>`` on the database (a no-op when it is up to date)."""
    if revision == "head" and current_revisions(engine) == head_revisions():
        return
    with engine.connect() as connection:
        connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": POSTGRESQL_MIGRATION_LOCK}
                )
            command.upgrade(alembic_config(connection), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Run ``alembic downgrade <revision>`` (for tests of the migrations; loses the data)."""
    with engine.connect() as connection:
        connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            command.downgrade(alembic_config(connection), revision)
