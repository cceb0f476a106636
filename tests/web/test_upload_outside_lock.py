"""The desk's registrations upload (issue 14) decides the file outside every lock, in a worker
thread, and registers it in one transaction: a phone's table page is answered while a held
upload is being decided, and the upload then registers every row. No timing."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.web.tokens import table_path

WAIT = 60  # seconds an Event waits at most, so that a held lock fails the test, never hangs


def test_a_table_page_is_answered_while_an_upload_is_decided(
    web_app: FastAPI,
    director_client: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    playing = make_event()
    uploading = make_event("iscrizioni", pairs=0, seat=False)
    started, release, done = threading.Event(), threading.Event(), threading.Event()
    real = commands.register

    def slow(*args: Any, **kwargs: Any) -> Any:
        if not started.is_set():
            started.set()
            release.wait(WAIT)
            done.set()
        return real(*args, **kwargs)

    appended: list[int] = []
    real_append = RecordStore.append

    def append(self: RecordStore, event_id: str, records: Sequence[Any], **kw: Any) -> Any:
        appended.append(len(records))
        return real_append(self, event_id, records, **kw)

    monkeypatch.setattr(commands, "register", slow)
    monkeypatch.setattr(RecordStore, "append", append)
    csv_text = "nome;giocatore1;giocatore2\n" + "".join(f"C{i};A{i};B{i}\n" for i in range(40))
    out: list[Any] = []
    thread = threading.Thread(
        target=lambda: out.append(
            director_client.post(
                f"/desk/e/{uploading}/upload",
                files={"file": ("iscritti.csv", csv_text.encode(), "text/csv")},
            )
        )
    )
    thread.start()
    try:
        assert started.wait(WAIT)
        page = director_client.get(table_path(web_app.state.web.secret, playing, 1))
        assert page.status_code == 200 and "Coppia" in page.text
        assert not done.is_set(), "the table page waited for the upload: a lock was held"
    finally:
        release.set()
        thread.join(WAIT)
    assert out[0].status_code == 303
    assert appended == [40]
    assert len(web_app.state.web.service.state(uploading).competitors) == 40
