"""The tables of the store (SQLAlchemy Core), matching the head of the Alembic migrations.

``events`` holds one row per event; ``records`` holds the append-only log of each event, numbered
by ``seq`` (unique per event). The migrations in ``arbitro/store/migrations`` create them; this
module only describes them for queries.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.types import TypeDecorator, TypeEngine

from arbitro.lazy_names import lazy_module
from arbitro.store.limits import (
    EVENT_ID_LENGTH,
    EVENT_KIND_LENGTH,
    EVENT_KINDS,
    KIND_LENGTH,
    SEQ_CONSTRAINT,
)

if TYPE_CHECKING:
    from sqlalchemy.dialects import postgresql
else:
    postgresql = lazy_module("sqlalchemy.dialects.postgresql")

__all__ = ["EVENT_ID_LENGTH", "EVENT_KINDS", "EVENT_KIND_LENGTH", "KIND_LENGTH", "SEQ_CONSTRAINT"]


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware instant, stored in UTC and always returned timezone-aware in UTC.

    SQLite has no time zones: the UTC wall time is stored as text and UTC is attached on reading.
    PostgreSQL stores ``timestamptz``. A naive datetime is refused (it would be ambiguous).
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert ``value`` to UTC (stripping the zone on SQLite, which cannot store it)."""
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: a time zone is required")
        utc = value.astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Return the stored instant as a timezone-aware UTC datetime."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Payload(TypeDecorator[Any]):
    """The payload column's type: JSON text on SQLite, JSONB on PostgreSQL.

    The PostgreSQL dialect (~30 ms to import) is loaded only by a PostgreSQL connection, not
    by every process that describes the tables (issue 14)."""

    impl = JSON
    cache_ok = True

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """JSONB on PostgreSQL, JSON elsewhere."""
        if dialect.name == "postgresql":
            return dialect.type_descriptor(postgresql.JSONB())
        return dialect.type_descriptor(JSON())


def payload_type() -> Any:
    """The payload column's type: JSON text on SQLite, JSONB on PostgreSQL."""
    return Payload()


metadata = MetaData()

events = Table(
    "events",
    metadata,
    Column("id", String(EVENT_ID_LENGTH), primary_key=True),
    Column("name", Text, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    Column("kind", String(EVENT_KIND_LENGTH), nullable=False, server_default="rounds"),
    CheckConstraint("kind IN ('rounds', 'knockout')", name="ck_events_kind"),
)

records = Table(
    "records",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column("event_id", String(EVENT_ID_LENGTH), ForeignKey("events.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(KIND_LENGTH), nullable=False),
    Column("payload", payload_type(), nullable=False),
    Column("actor", Text, nullable=False),
    Column("reason", Text, nullable=True),
    Column("recorded_at", UTCDateTime, nullable=False),
    UniqueConstraint("event_id", "seq", name=SEQ_CONSTRAINT),
)

Index("ix_records_event_id_kind", records.c.event_id, records.c.kind)

USER_NAME_LENGTH = 100
SETTING_KEY_LENGTH = 100

# Directors who log in to the web desk (argon2id hashes, migration 0002).
users = Table(
    "users",
    metadata,
    Column("name", String(USER_NAME_LENGTH), primary_key=True),
    Column("password_hash", Text, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
)

# The installation's settings, e.g. the secret that signs sessions and table tokens.
settings = Table(
    "settings",
    metadata,
    Column("key", String(SETTING_KEY_LENGTH), primary_key=True),
    Column("value", Text, nullable=False),
)

# Server-side sessions of the desk (migration 0004): only the SHA-256 of the random id is kept.
sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("user_name", String(USER_NAME_LENGTH), nullable=False),
    Column("nonce", String(100), nullable=False),
    Column("issued_at", UTCDateTime, nullable=False),
    Column("revoked_at", UTCDateTime, nullable=True),
)

Index("ix_sessions_user_name", sessions.c.user_name)

IDEMPOTENCY_KEY_LENGTH = 200

# The first answer to each idempotency key of a write (migration 0004), per scope (a user or
# a table token): a repeated submission is answered with it and records nothing.
idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("scope", String(IDEMPOTENCY_KEY_LENGTH), primary_key=True),
    Column("key", String(IDEMPOTENCY_KEY_LENGTH), primary_key=True),
    Column("status", Integer, nullable=False),
    Column("location", Text, nullable=True),
    Column("media_type", String(100), nullable=True),
    Column("body", Text, nullable=True),
    Column("created_at", UTCDateTime, nullable=False),
    # The server process that claimed a pending key (migration 0008): released at a start-up
    # once that process is gone (``arbitro.store.users.recover_pending_keys``).
    Column("holder", String(IDEMPOTENCY_KEY_LENGTH), nullable=True),
)

PLAYER_NAME_LENGTH = 200
PLAYER_CARD_LENGTH = 30
PLAYER_FIELD_LENGTH = 200

# The club's registry of players kept across events (migration 0005): personal data that stays
# on the club's machine, changed and deleted on request (unlike the records of an event). The
# card number (federation card) is unique when given; ``search_key`` is the name, club and card
# folded (lower case, accents removed) for the search as you type.
players = Table(
    "players",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column("name", String(PLAYER_NAME_LENGTH), nullable=False),
    Column("card", String(PLAYER_CARD_LENGTH), nullable=True),
    Column("club", String(PLAYER_FIELD_LENGTH), nullable=True),
    Column("category", String(PLAYER_FIELD_LENGTH), nullable=True),
    Column("contact", String(PLAYER_FIELD_LENGTH), nullable=True),
    Column("search_key", Text, nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
    # What prize categories ask (migration 0007): "F"/"M", birth year, first season's year.
    Column("sex", String(1), nullable=True),
    Column("birth_year", Integer, nullable=True),
    Column("first_season", Integer, nullable=True),
    UniqueConstraint("card", name="uq_players_card"),
)

# Which competitor of which event a registry player played in (migration 0005): the explicit
# link recorded when a competitor is registered from the registry (or linked afterwards).
player_entries = Table(
    "player_entries",
    metadata,
    Column("player_id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True),
    Column("event_id", String(EVENT_ID_LENGTH), ForeignKey("events.id"), primary_key=True),
    Column("competitor", Integer, primary_key=True),
    Column("linked_at", UTCDateTime, nullable=False),
)

Index("ix_player_entries_event_id", player_entries.c.event_id)

# Who did what to the registry (migration 0005): imports, exports, deletions. A line names the
# player by the registry's number only, so that it outlives a deletion without personal data.
player_audit = Table(
    "player_audit",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column("at", UTCDateTime, nullable=False),
    Column("actor", Text, nullable=False),
    Column("action", String(30), nullable=False),
    Column("player_id", BigInteger().with_variant(Integer, "sqlite"), nullable=True),
    Column("reason", Text, nullable=True),
    Column("detail", Text, nullable=True),
)

SERIES_ID_LENGTH = 100

# A series of events (migration 0006): a club's season or a circuit of stages, with its own
# standings by a points scheme (its JSON form: :class:`arbitro.tournament.series.PointsScheme`).
# Unlike an event it is a configuration, not a log: its name, scheme and events may be changed.
series = Table(
    "series",
    metadata,
    Column("id", String(SERIES_ID_LENGTH), primary_key=True),
    Column("name", Text, nullable=False),
    Column("scheme", payload_type(), nullable=False),
    Column("created_at", UTCDateTime, nullable=False),
)

# The events of a series in their order (migration 0006): an event may be in several series
# (a club's season and a regional circuit), once in each.
series_events = Table(
    "series_events",
    metadata,
    Column("series_id", String(SERIES_ID_LENGTH), ForeignKey("series.id"), primary_key=True),
    Column("event_id", String(EVENT_ID_LENGTH), ForeignKey("events.id"), primary_key=True),
    Column("position", Integer, nullable=False),
    UniqueConstraint("series_id", "position", name="uq_series_events_position"),
)

# A log per digital table (migration 0009, issues 32 and 33): a table's moves, numbered by
# ``seq`` per (event, round, table), each with the event's last seq it was decided on.
table_records = Table(
    "table_records",
    metadata,
    Column(
        "id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    ),
    Column("event_id", String(EVENT_ID_LENGTH), ForeignKey("events.id"), nullable=False),
    Column("round", Integer, nullable=False),
    Column("table_no", Integer, nullable=False),
    Column("seq", Integer, nullable=False),
    Column("event_seq", Integer, nullable=False),
    Column("kind", String(KIND_LENGTH), nullable=False),
    Column("payload", payload_type(), nullable=False),
    Column("actor", Text, nullable=False),
    Column("reason", Text, nullable=True),
    Column("recorded_at", UTCDateTime, nullable=False),
    UniqueConstraint("event_id", "round", "table_no", "seq", name="uq_table_records_table_seq"),
)
