"""What uvicorn's worker processes import: ``arbitro serve --workers N`` runs
``uvicorn.run("arbitro.web.factory:app_from_environment", factory=True, workers=N)``, and each
worker process builds its own app with :func:`app_from_environment`.

A worker process cannot be handed an app object (uvicorn starts each worker afresh and
imports the app by name), so everything it needs comes from the environment that
``arbitro serve`` set before starting them: ``$ARBITRO_DATABASE_URL`` (the database all the
workers share) and ``$ARBITRO_BASE_URL`` (the phones' address), the same variables a single
process reads.

Several processes are safe on PostgreSQL only (``arbitro serve`` refuses ``--workers`` above 1
on SQLite): each process keeps its own cached states and its own locks, and the store's
expected-seq check (the unique ``(event_id, seq)`` of the records) is what keeps two processes
from appending on the same state; the one that loses decides again on the new state
(:mod:`arbitro.services.event_log`). On PostgreSQL each worker also tells the others which
event it appended to (LISTEN/NOTIFY, :mod:`arbitro.store.notify`), so that the pages waiting
for a change in every worker wake at once, and a digital table's moves reach its phones in
every worker (:func:`arbitro.web.digital_table.share_moves`). A single ``arbitro serve``
process is wired the same way (:func:`share_changes`), so that separate processes behind a
proxy are as the workers of one. See ``docs/workers.md``.
"""

from __future__ import annotations

import os
import secrets
import sys

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from arbitro.i18n import _
from arbitro.store import RecordStore
from arbitro.store.migrate import newest_revision
from arbitro.store.notify import share_commits
from arbitro.web.app import create_app
from arbitro.web.digital_table import share_moves
from arbitro.web.long_lived_heap import install as keep_long_lived_heap

DATABASE_URL_ENV = "ARBITRO_DATABASE_URL"
WORKER_HEADER = "X-Arbitro-Worker"
"""The answer's header naming the worker process that answered: a random label drawn when the
process builds its app (not its pid), so that a check of the workers (or a director puzzled by
two answers) can tell them apart."""


class NameTheProcess:
    """ASGI middleware naming the process in every answer (:data:`WORKER_HEADER`): the HTTP
    answers' headers and the WebSockets' handshake (``websocket.accept``), so that a phone
    behind the proxy can tell which process holds its socket (issue 33)."""

    def __init__(self, app: ASGIApp, label: str) -> None:
        self.app = app
        self.header = (WORKER_HEADER.lower().encode("latin-1"), label.encode("latin-1"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, adding the header to the answer's start or the accept."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def named(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": [*message.get("headers", []), self.header]}
            await send(message)

        await self.app(scope, receive, named)


def app_from_environment() -> FastAPI:
    """The web app on ``$ARBITRO_DATABASE_URL`` (else the installation's default database),
    built in the worker process that calls it (uvicorn's ``factory=True``)."""
    return share_changes(create_app(os.environ.get(DATABASE_URL_ENV) or None))


def share_changes(app: FastAPI) -> FastAPI:
    """Wire ``app`` to the other processes serving its database (issue 33): on PostgreSQL its
    commits and its digital tables' moves are sent to them and theirs wake its pages, streams
    and sockets (:mod:`arbitro.store.notify`); every answer, a WebSocket's handshake included, names
    the process (:data:`WORKER_HEADER`, :class:`NameTheProcess`). On SQLite (one process) only the label.
    The serving process's long-lived heap is kept out of the collector's full scans
    (:mod:`arbitro.web.long_lived_heap`). Returns ``app``."""
    label = secrets.token_hex(4)
    app.state.worker = label
    web = app.state.web
    keep_long_lived_heap(app)  # a serving process: no full scan of the room's sockets
    channel = share_commits(web.store.url, web.service.on_commit)  # PostgreSQL's NOTIFY
    app.state.commit_channel = channel
    if channel is not None:
        share_moves(channel)
        app.router.on_shutdown.append(channel.close)

    app.add_middleware(NameTheProcess, label=label)
    return app


def is_sqlite(url: str) -> bool:
    """Whether the database URL names a SQLite database (one file, one process writing)."""
    return url.split(":", 1)[0].split("+", 1)[0].lower() == "sqlite"


def migrate(url: str | None = None) -> str:
    """Bring the database at ``url`` (else ``$ARBITRO_DATABASE_URL``, else the installation's
    default) to the newest schema, once, before the processes that serve it start
    (``scripts/production.sh``; the processes then find it up to date); the text saying so."""
    RecordStore.open(url or os.environ.get(DATABASE_URL_ENV) or None).close()
    return _(
        "The database's schema is up to date (revision {revision}): migrated once, before the"
        " processes start",
        revision=newest_revision(),
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m arbitro.web.factory migrate``: :func:`migrate`, its text on the terminal;
    what ``scripts/production.sh`` runs before it starts the processes."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["migrate"]:
        print(_("usage: python -m arbitro.web.factory migrate"), file=sys.stderr)
        return 2
    print(migrate())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
