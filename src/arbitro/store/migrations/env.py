"""Alembic environment for arbitro's store, driven programmatically by ``arbitro.store.migrate``.

The caller passes an open connection (already inside a transaction) in
``config.attributes["connection"]``; the migrations run on it and the caller commits.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "arbitro's migrations run through arbitro.store.migrate.upgrade(engine), "
        "which passes the connection; they cannot run from the alembic command line alone"
    )

context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
