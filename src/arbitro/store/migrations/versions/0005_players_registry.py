"""The club's registry of players, its links to events, and its audit log.

Creates ``players`` (name, federation card number unique when given, club, category, contact,
and a folded search key for the search as you type), ``player_entries`` (which competitor of
which event a registry player played in) and ``player_audit`` (who imported, exported or
deleted what, and why: the player named by the registry's number only).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create ``players``, ``player_entries`` and ``player_audit``."""
    op.create_table(
        "players",
        sa.Column("id", _ID, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("card", sa.String(30), nullable=True),
        sa.Column("club", sa.String(200), nullable=True),
        sa.Column("category", sa.String(200), nullable=True),
        sa.Column("contact", sa.String(200), nullable=True),
        sa.Column("search_key", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("card", name="uq_players_card"),
    )
    op.create_table(
        "player_entries",
        sa.Column("player_id", _ID, primary_key=True),
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("competitor", sa.Integer(), primary_key=True),
        sa.Column("linked_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_player_entries_event_id", "player_entries", ["event_id"])
    op.create_table(
        "player_audit",
        sa.Column("id", _ID, primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("action", sa.String(30), nullable=False),
        sa.Column("player_id", _ID, nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("detail", sa.Text(), nullable=True),
    )


def downgrade() -> None:
    """Drop ``player_audit``, ``player_entries`` and ``players``."""
    op.drop_table("player_audit")
    op.drop_index("ix_player_entries_event_id", table_name="player_entries")
    op.drop_table("player_entries")
    op.drop_table("players")
