"""The installation's secret (signs table tokens and sessions)."""

from __future__ import annotations

import hashlib
import os

from arbitro.store import RecordStore


def load_secret(store: RecordStore) -> bytes:
    """The secret: ``$ARBITRO_SECRET`` if set, else one derived from the database URL."""
    env = os.environ.get("ARBITRO_SECRET")
    return hashlib.sha256((env or store.url).encode()).digest()
