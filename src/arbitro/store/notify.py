"""Changes reach every process: PostgreSQL's LISTEN/NOTIFY on the channel ``CHANNEL`` (issue 33,
docs/workers.md). Each process that serves the web app on PostgreSQL sends the id of every
event it appended to (``pg_notify``, from its own thread and connection, never under the
service's lock) and listens on the channel with another connection: an event appended by
another process wakes this process's waiting pages (:class:`arbitro.web.live.PushHub`) at
once, not at their next periodic read. Nothing else is needed: the store is already
PostgreSQL, and a notification is only a wake-up (the records are read from the store), so a
lost one costs at most the pages' periodic read, never a wrong page.
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable

import psycopg

CHANNEL = "arbitro_commits"
"""The PostgreSQL channel the processes tell each other which event changed on."""
RECONNECT_SECONDS = 1.0
"""How long a lost connection waits before it connects again."""


def is_postgres(url: str) -> bool:
    """Whether the database URL names PostgreSQL."""
    return url.split(":", 1)[0].split("+", 1)[0].lower() in {"postgresql", "postgres"}


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL ``postgresql+psycopg://...`` as psycopg takes it."""
    scheme, rest = url.split("://", 1)
    return "postgresql://" + rest if scheme.startswith("postgres") else url


class CommitChannel:
    """Sends the events this process appended to (:meth:`publish`: queued, never blocking)
    and calls ``on_remote(event_id)`` for each event another process appended to, from its
    listening thread. :meth:`close` ends both threads and their connections."""

    def __init__(self, url: str, on_remote: Callable[[str], None]) -> None:
        self.url = libpq_url(url)
        self.on_remote = on_remote
        self.ready = threading.Event()
        """Set once the channel listens (a test waits on it before appending)."""
        self._outbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._closed = threading.Event()
        self._sender_pid: int | None = None
        self._threads = [
            threading.Thread(target=self._send, name="arbitro-notify-send", daemon=True),
            threading.Thread(target=self._listen, name="arbitro-notify-listen", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def publish(self, event_id: str) -> None:
        """Tell the other processes ``event_id`` changed (sent by the sending thread)."""
        if not self._closed.is_set():
            self._outbox.put(event_id)

    def close(self) -> None:
        """Stop sending and listening; the connections are closed."""
        self._closed.set()
        self._outbox.put(None)
        for thread in self._threads:
            thread.join(timeout=5)

    def _send(self) -> None:
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    self._sender_pid = conn.info.backend_pid
                    while (event_id := self._outbox.get()) is not None:
                        pending = {event_id}
                        with contextlib.suppress(queue.Empty):
                            while len(pending) < 100:
                                more = self._outbox.get_nowait()
                                if more is None:
                                    self._closed.set()
                                    break
                                pending.add(more)
                        for each in sorted(pending):
                            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, each))
                        if self._closed.is_set():
                            return
                    return
            except psycopg.Error:
                self._closed.wait(RECONNECT_SECONDS)

    def _listen(self) -> None:
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if note.pid != self._sender_pid:  # not this process's own
                                self.on_remote(note.payload)
            except psycopg.Error:
                self._closed.wait(RECONNECT_SECONDS)


def share_commits(url: str, on_commit: list[Callable[[str], None]]) -> CommitChannel | None:
    """On PostgreSQL, a :class:`CommitChannel` that publishes every commit of the service
    whose listeners are ``on_commit`` and calls those listeners for the other processes'
    commits; None on another database (one process: nothing to share)."""
    if not is_postgres(url):
        return None

    def remote(event_id: str) -> None:
        for listener in list(on_commit):
            if listener != channel.publish:
                listener(event_id)

    channel = CommitChannel(url, remote)
    on_commit.append(channel.publish)
    return channel
