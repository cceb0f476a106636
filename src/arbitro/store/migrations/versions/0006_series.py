"""Series of events: a club's season, a circuit of stages.

Creates ``series`` (id, name, the points scheme as JSON, when created) and ``series_events``
(the events of a series in their order, each at most once in a series).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``series`` and ``series_events``."""
    op.create_table(
        "series",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column(
            "scheme", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "series_events",
        sa.Column("series_id", sa.String(100), sa.ForeignKey("series.id"), primary_key=True),
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.UniqueConstraint("series_id", "position", name="uq_series_events_position"),
    )


def downgrade() -> None:
    """Drop ``series_events`` and ``series``."""
    op.drop_table("series_events")
    op.drop_table("series")
