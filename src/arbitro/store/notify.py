"""Changes reach every process: PostgreSQL's LISTEN/NOTIFY on the channel ``CHANNEL`` (issue 33,
docs/workers.md). Each process that serves the web app on PostgreSQL sends the id of every
event it appended to (``pg_notify``, from its own thread and connection, never under the
service's lock) and listens on the channel with another connection: an event appended by
another process wakes this process's waiting pages (:class:`arbitro.web.live.PushHub`) at
once, not at their next periodic read. Nothing else is needed: the store is already
PostgreSQL, and a notification is only a wake-up (the records are read from the store), so a
lost one costs at most the pages' periodic read, never a wrong page.

A digital table's moves fan out on a second channel, ``TABLES`` (:meth:`CommitChannel.publish_table`):
the payload names the table (event, round, table), so that a move wakes that table's four
phones in every process and no other table's (the commit channel names only the event, and an
online event has hundreds of tables).
"""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable

import psycopg

CHANNEL = "arbitro_commits"
"""The PostgreSQL channel the processes tell each other which event changed on."""
TABLES = "arbitro_tables"
"""The channel the processes tell each other which digital table moved on (issue 33)."""
TableKey = tuple[str, int, int]
"""A digital table: (event, round, table)."""
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
    listening thread; the same for the digital tables that moved (:meth:`publish_table`, and
    each of :attr:`on_table` called with another process's). :meth:`close` ends both threads
    and their connections."""

    def __init__(self, url: str, on_remote: Callable[[str], None]) -> None:
        self.url = libpq_url(url)
        self.on_remote = on_remote
        self.on_table: list[Callable[[TableKey], None]] = []
        """Called (from the listening thread) with each table another process moved."""
        self.ready = threading.Event()
        """Set once the channel listens (a test waits on it before appending)."""
        self._outbox: queue.SimpleQueue[tuple[str, str] | None] = queue.SimpleQueue()
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
            self._outbox.put((CHANNEL, event_id))

    def publish_table(self, key: TableKey) -> None:
        """Tell the other processes the digital table ``key`` moved (its phones read it)."""
        event_id, round_number, table = key
        if not self._closed.is_set():
            self._outbox.put((TABLES, f"{round_number} {table} {event_id}"))

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
                    while (first := self._outbox.get()) is not None:
                        pending = {first}
                        with contextlib.suppress(queue.Empty):
                            while len(pending) < 100:
                                more = self._outbox.get_nowait()
                                if more is None:
                                    self._closed.set()
                                    break
                                pending.add(more)
                        for channel, payload in sorted(pending):
                            conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))
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
                    conn.execute(f"LISTEN {TABLES}")
                    self.ready.set()
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=0.5):
                            if note.pid == self._sender_pid:  # this process's own
                                continue
                            if note.channel == TABLES:
                                self._table(note.payload)
                            else:
                                self.on_remote(note.payload)
            except psycopg.Error:
                self._closed.wait(RECONNECT_SECONDS)

    def _table(self, payload: str) -> None:
        try:
            round_text, table_text, event_id = payload.split(" ", 2)
            key = (event_id, int(round_text), int(table_text))
        except ValueError:
            return  # not a table's payload: another program's on the channel
        for listener in list(self.on_table):
            listener(key)


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
