"""The installation's secret (signs table tokens, the desk's sessions and the lines' proofs).

A random 32-byte secret is generated the first time the installation needs one and kept in
the database's settings, so that sessions and the QR codes of printed table cards stay valid
across restarts and across processes sharing the database. ``$ARBITRO_SECRET`` overrides it.
"""

from __future__ import annotations

import hashlib
import os
import secrets

from arbitro.store.record_store import RecordStore
from arbitro.store.users import setting_or_create

SECRET_ENV = "ARBITRO_SECRET"
SECRET_SETTING = "secret"
SECRET_BYTES = 32


def load_secret(store: RecordStore) -> bytes:
    """The secret: ``$ARBITRO_SECRET`` (hashed to 32 bytes) if set, else the installation's
    random secret from the database (created on first use)."""
    env = os.environ.get(SECRET_ENV, "").strip()
    if env:
        return hashlib.sha256(env.encode()).digest()
    stored = setting_or_create(store, SECRET_SETTING, secrets.token_hex(SECRET_BYTES))
    return bytes.fromhex(stored)
