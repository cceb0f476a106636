"""Each event records its kind: a tournament of rounds or a knockout.

Adds ``events.kind`` (``rounds`` or ``knockout``, checked by the database; ``rounds`` by
default). Existing events are classified once, here, from their first record: an event created
as a knockout says ``"competition": "knockout"`` in its first record's payload; every other
event is played in rounds. From now on the store answers the question instead of the callers
reading payloads. The append-only triggers of ``0001`` stay as they are: the backfill updates
``events``, which they never guarded against UPDATE.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

ADD_KIND = (
    "ALTER TABLE events ADD COLUMN kind VARCHAR(20) DEFAULT 'rounds' NOT NULL "
    "CONSTRAINT ck_events_kind CHECK (kind IN ('rounds', 'knockout'))"
)

# The competition named by the payload of an event's first record, per dialect.
COMPETITION = {
    "sqlite": "json_extract(first.payload, '$.competition')",
    "postgresql": "first.payload ->> 'competition'",
}

BACKFILL = """
UPDATE events SET kind = 'knockout'
WHERE id IN (
    SELECT first.event_id FROM records AS first
    WHERE first.seq = (
        SELECT MIN(other.seq) FROM records AS other WHERE other.event_id = first.event_id
    )
    AND {competition} = 'knockout'
)
"""


def upgrade() -> None:
    """Add ``events.kind`` and classify the events already stored by their first record."""
    op.execute(ADD_KIND)
    op.execute(BACKFILL.format(competition=COMPETITION[op.get_bind().dialect.name]))


def downgrade() -> None:
    """Drop ``events.kind`` (the kind can be read again from the first records)."""
    op.drop_column("events", "kind")
