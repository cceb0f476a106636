"""What prize categories ask of a registry player: sex, birth year and first season.

Adds three nullable columns to ``players``: ``sex`` ("F" or "M"), ``birth_year`` (the seniors'
categories) and ``first_season`` (the year of the player's first season: the newcomers'). They
are personal data like the rest of the row (exported and deleted with it).

Revision ID: 0007
Revises: 0005 (the lead re-chains it after 0006 at merge)
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``sex``, ``birth_year`` and ``first_season`` to ``players``."""
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("sex", sa.String(1), nullable=True))
        batch.add_column(sa.Column("birth_year", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("first_season", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop the three columns."""
    with op.batch_alter_table("players") as batch:
        batch.drop_column("first_season")
        batch.drop_column("birth_year")
        batch.drop_column("sex")
