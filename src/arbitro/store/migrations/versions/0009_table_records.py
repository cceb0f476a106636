"""A log per digital table (issues 32 and 33).

Creates ``table_records``: the moves of each digital table of an event, numbered by their own
``seq`` per table (unique ``(event_id, round, table_no, seq)``: two processes never append
two moves of one table on the same state; moves of different tables never race), each with
the event's ``event_seq`` it was decided on (the last record of the event's log then: where
the move stands among the event's records, for an event file and its check). Append-only like
``records`` (the same triggers refuse UPDATE and DELETE).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

SQLITE_TRIGGERS = (
    """
    CREATE TRIGGER table_records_refuse_update BEFORE UPDATE ON table_records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: UPDATE refused'); END
    """,
    """
    CREATE TRIGGER table_records_refuse_delete BEFORE DELETE ON table_records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: DELETE refused'); END
    """,
)

POSTGRESQL_TRIGGERS = (
    """
    CREATE TRIGGER table_records_refuse_update_delete BEFORE UPDATE OR DELETE ON table_records
    FOR EACH ROW EXECUTE FUNCTION arbitro_refuse_change()
    """,
    """
    CREATE TRIGGER table_records_refuse_truncate BEFORE TRUNCATE ON table_records
    FOR EACH STATEMENT EXECUTE FUNCTION arbitro_refuse_change()
    """,
)


def upgrade() -> None:
    """Create ``table_records`` and its append-only triggers."""
    on_postgresql = op.get_bind().dialect.name == "postgresql"
    op.create_table(
        "table_records",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer, "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column(
            "event_id",
            sa.String(100),
            sa.ForeignKey("events.id", name="fk_table_records_event_id_events"),
            nullable=False,
        ),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("event_seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(100), nullable=False),
        sa.Column(
            "payload", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("actor", sa.Text, nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint(
            "event_id", "round", "table_no", "seq", name="uq_table_records_table_seq"
        ),
    )
    for statement in POSTGRESQL_TRIGGERS if on_postgresql else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    """Drop ``table_records`` (its triggers go with it)."""
    op.drop_table("table_records")
