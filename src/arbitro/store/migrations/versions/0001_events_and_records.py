"""Events and their append-only records.

Creates ``events`` and ``records`` (unique ``(event_id, seq)``, index on ``(event_id, kind)``),
and the triggers that refuse UPDATE and DELETE on ``records`` (and DELETE on ``events``), so that
nothing recorded is ever overwritten or lost, whoever connects to the database.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

SQLITE_TRIGGERS = (
    """
    CREATE TRIGGER records_refuse_update BEFORE UPDATE ON records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: UPDATE refused'); END
    """,
    """
    CREATE TRIGGER records_refuse_delete BEFORE DELETE ON records
    BEGIN SELECT RAISE(ABORT, 'arbitro: records are append-only: DELETE refused'); END
    """,
    """
    CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'arbitro: events are never deleted: DELETE refused'); END
    """,
)

POSTGRESQL_TRIGGERS = (
    """
    CREATE FUNCTION arbitro_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'arbitro: % on % refused: the log is append-only', TG_OP, TG_TABLE_NAME
            USING ERRCODE = 'restrict_violation';
    END
    $$
    """,
    """
    CREATE TRIGGER records_refuse_update_delete BEFORE UPDATE OR DELETE ON records
    FOR EACH ROW EXECUTE FUNCTION arbitro_refuse_change()
    """,
    """
    CREATE TRIGGER records_refuse_truncate BEFORE TRUNCATE ON records
    FOR EACH STATEMENT EXECUTE FUNCTION arbitro_refuse_change()
    """,
    """
    CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION arbitro_refuse_change()
    """,
    """
    CREATE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION arbitro_refuse_change()
    """,
)


def upgrade() -> None:
    """Create the tables, the index and the append-only triggers."""
    op.create_table(
        "events",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "records",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            primary_key=True,
            autoincrement=True,
        ),
        sa.Column(
            "event_id",
            sa.String(100),
            sa.ForeignKey("events.id", name="fk_records_event_id_events"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(100), nullable=False),
        sa.Column(
            "payload", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("event_id", "seq", name="uq_records_event_id_seq"),
    )
    op.create_index("ix_records_event_id_kind", "records", ["event_id", "kind"])
    triggers = (
        POSTGRESQL_TRIGGERS if op.get_bind().dialect.name == "postgresql" else SQLITE_TRIGGERS
    )
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    """Drop everything the upgrade created (the triggers go with their tables)."""
    op.drop_index("ix_records_event_id_kind", table_name="records")
    op.drop_table("records")
    op.drop_table("events")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION arbitro_refuse_change()")
