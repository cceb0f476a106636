"""Server-side sessions of the desk and the idempotency keys of every write.

Creates ``sessions`` (one row per login: a random id, only its SHA-256 kept; the user; the
nonce the CSRF tokens derive from; when it was issued and, once ended, when it was revoked by
a logout or a password change) and ``idempotency_keys`` (a key sent with a write, per user or
table token, with the status and location of the first answer, so that a repeated
submission is answered with it and records nothing).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``sessions`` and ``idempotency_keys``."""
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_name", sa.String(100), nullable=False),
        sa.Column("nonce", sa.String(100), nullable=False),
        sa.Column("issued_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_sessions_user_name", "sessions", ["user_name"])
    op.create_table(
        "idempotency_keys",
        sa.Column("scope", sa.String(200), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("location", sa.Text(), nullable=True),
        sa.Column("media_type", sa.String(100), nullable=True),
        sa.Column("body", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop ``idempotency_keys`` and ``sessions``."""
    op.drop_table("idempotency_keys")
    op.drop_index("ix_sessions_user_name", table_name="sessions")
    op.drop_table("sessions")
