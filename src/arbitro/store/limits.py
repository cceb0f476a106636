"""The limits and names of the events and records tables, without SQLAlchemy.

:mod:`arbitro.store.schema` describes the tables with them; the record store checks texts
against them without loading SQLAlchemy (issue 14: an up-to-date SQLite store opens with the
standard library's ``sqlite3`` alone).
"""

from __future__ import annotations

EVENT_ID_LENGTH = 100
KIND_LENGTH = 100
EVENT_KIND_LENGTH = 20
EVENT_KINDS = ("rounds", "knockout")
"""What an event is (migration 0003): a tournament of rounds, or a knockout."""
SEQ_CONSTRAINT = "uq_records_event_id_seq"
