"""Changes reach every process (issue 33, docs/workers.md): PostgreSQL's LISTEN/NOTIFY
(:mod:`arbitro.store.notify`) on a real PostgreSQL. What one process appended to wakes the
listeners of the others (a phone's table stream, :class:`arbitro.web.live.PushHub`), and two
worker apps built as uvicorn builds them are wired to each other."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from arbitro.store.notify import CommitChannel, is_postgres, libpq_url, share_commits
from arbitro.web.factory import DATABASE_URL_ENV, app_from_environment

WAIT = 60.0
"""How long a test waits for a notification before it fails (a hang, not a speed check)."""


class Heard:
    """The event ids a listener was called with, and a flag set at each."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.flag = threading.Event()

    def __call__(self, event_id: str) -> None:
        self.ids.append(event_id)
        self.flag.set()


@pytest.fixture
def channels(postgres_database_url: str) -> Iterator[tuple[CommitChannel, Heard]]:
    heard = Heard()
    sender = CommitChannel(postgres_database_url, lambda _: None)
    listener = CommitChannel(postgres_database_url, heard)
    try:
        assert sender.ready.wait(WAIT) and listener.ready.wait(WAIT)
        yield sender, heard
    finally:
        sender.close()
        listener.close()


@pytest.mark.postgres
def test_an_append_in_one_process_wakes_the_other(
    channels: tuple[CommitChannel, Heard],
) -> None:
    sender, heard = channels
    sender.publish("serata")
    assert heard.flag.wait(WAIT)
    assert heard.ids == ["serata"]


@pytest.mark.postgres
def test_two_workers_apps_wake_each_others_waiting_pages(
    postgres_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATABASE_URL_ENV, postgres_database_url)
    first, second = app_from_environment(), app_from_environment()
    try:
        for app in (first, second):
            assert app.state.commit_channel.ready.wait(WAIT)
        waiting = Heard()  # what the second worker's PushHub registers
        second.state.web.service.on_commit.append(waiting)
        for listener in list(first.state.web.service.on_commit):
            listener("serata")  # what the first worker's service does after an append
        assert waiting.flag.wait(WAIT)
        assert waiting.ids == ["serata"]
    finally:
        for app in (first, second):
            app.state.commit_channel.close()
            app.state.web.store.close()


def test_sqlite_shares_nothing() -> None:
    listeners: list[object] = []
    assert share_commits("sqlite:///serata.db", listeners) is None  # type: ignore[arg-type]
    assert listeners == []
    assert is_postgres("postgresql+psycopg://app@127.0.0.1/arbitro")
    assert libpq_url("postgresql+psycopg://app@h:5/db") == "postgresql://app@h:5/db"


@pytest.mark.postgres
def test_a_digital_tables_move_reaches_the_other_process_with_its_table(
    postgres_database_url: str,
) -> None:
    """The table's channel names the table (event, round, table): the other process wakes
    that table's phones, not the event's; its own moves are not sent back to it."""
    heard: list[tuple[str, int, int]] = []
    flag = threading.Event()
    commits = Heard()
    sender = CommitChannel(postgres_database_url, lambda _: None)
    listener = CommitChannel(postgres_database_url, commits)

    def table_moved(key: tuple[str, int, int]) -> None:
        heard.append(key)
        flag.set()

    listener.on_table.append(table_moved)
    own: list[tuple[str, int, int]] = []
    sender.on_table.append(own.append)
    try:
        assert sender.ready.wait(WAIT) and listener.ready.wait(WAIT)
        sender.publish_table(("campionato online", 2, 317))
        assert flag.wait(WAIT)
        sender.publish("serata")  # sent after the table's: heard after it
        assert commits.flag.wait(WAIT)
        assert heard == [("campionato online", 2, 317)]
        assert commits.ids == ["serata"]
        assert own == []
    finally:
        sender.close()
        listener.close()
