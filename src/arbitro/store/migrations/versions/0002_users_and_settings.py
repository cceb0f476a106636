"""Users of the desk and the installation's settings.

Creates ``users`` (login name, argon2 password hash, creation time) and ``settings`` (key/value
pairs of the installation, e.g. the secret that signs sessions and table tokens). These may be
updated (a new password hash), unlike the append-only ``records``.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``users`` and ``settings``."""
    op.create_table(
        "users",
        sa.Column("name", sa.String(100), primary_key=True),
        sa.Column("password_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    """Drop ``settings`` and ``users``."""
    op.drop_table("settings")
    op.drop_table("users")
