"""Which server process holds a pending idempotency key (issue 29, "Bad luck").

Adds the nullable column ``holder`` to ``idempotency_keys``: the process that claimed the key
(its machine, the machine's boot, its pid and the pid's start time; see
``arbitro.store.users.process_holder``). At start-up a server releases the pending keys of the
processes that are gone, so that a phone's re-sent sheet after a crash is answered at once
instead of "already being recorded" until the key goes stale. A key claimed before this
revision has no holder.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``holder`` to ``idempotency_keys``."""
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.add_column(sa.Column("holder", sa.String(200), nullable=True))


def downgrade() -> None:
    """Drop ``holder``."""
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.drop_column("holder")
