"""arbitro.store: events as append-only logs of records, in SQLite (default) or PostgreSQL.

The store only stores and returns records; it never updates or deletes them (triggers in the
database refuse it too). The schema is managed by Alembic migrations packaged here and applied
when a :class:`RecordStore` is opened. A new, empty SQLite file is not migrated but created from
``schema_head.sql`` (the head schema with its append-only triggers and its ``alembic_version``
stamp, generated from the migrations by ``tools/sqlite_schema.py``) in one ``executescript`` of
``sqlite3``, without loading SQLAlchemy or Alembic; an older database is upgraded by Alembic, and
PostgreSQL always is (see :mod:`arbitro.store.migrate`).
"""

from arbitro.store.engine import default_database_url
from arbitro.store.errors import ConcurrencyError
from arbitro.store.limits import EVENT_KINDS
from arbitro.store.record_store import RecordStore
from arbitro.store.records import EventSummary, NewRecord, StoredRecord, TableRecord

__all__ = [
    "EVENT_KINDS",
    "ConcurrencyError",
    "EventSummary",
    "NewRecord",
    "RecordStore",
    "StoredRecord",
    "TableRecord",
    "default_database_url",
]
