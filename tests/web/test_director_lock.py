"""No one stalls the room (issue 13 §3): the director's long actions — drawing 250 table cards,
reading and checking an imported event file — run outside the lock every phone's table page
waits on. Each test holds the long action in progress (its slow part waits on an Event) and
asks for a table page meanwhile: answered while the action is still running proves the lock
is not held; no timing is measured."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.tournament.commands import values
from arbitro.web.tokens import table_path

WAIT = 60  # seconds an Event waits at most, so that a held lock fails the test, never hangs


class Held:
    """A long action held in progress: ``started`` when it began, ``done`` once released."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.done = threading.Event()

    def hold(self) -> None:
        self.started.set()
        self.release.wait(WAIT)
        self.done.set()


def in_background(call: Any) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()))
    thread.start()
    return thread, out


def test_a_table_page_is_answered_while_table_cards_are_drawn(
    web_app: FastAPI,
    director_client: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Table cards (FIBAS art. 4, the seating on each table) are drawn from a snapshot taken
    under the lock, the PDF outside it: a phone's table page is answered mid-drawing."""
    from arbitro import printouts

    event_id = make_event()
    held = Held()
    real = printouts.table_cards_pdf

    def slow(*args: Any, **kwargs: Any) -> bytes:
        held.hold()
        return real(*args, **kwargs)

    monkeypatch.setattr(printouts, "table_cards_pdf", slow)
    thread, out = in_background(
        lambda: director_client.get(f"/desk/e/{event_id}/r/1/pdf/table-cards")
    )
    try:
        assert held.started.wait(WAIT)
        page = director_client.get(table_path(web_app.state.web.secret, event_id, 1))
        assert page.status_code == 200
        assert "Coppia" in page.text
        assert not held.done.is_set(), "the table page waited for the PDF: the lock was held"
    finally:
        held.release.set()
        thread.join(WAIT)
    assert out[0].status_code == 200
    assert out[0].content.startswith(b"%PDF")


def test_the_snapshot_drawn_is_not_changed_by_a_record_folded_meanwhile(
    web_app: FastAPI,
    director_client: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seating published while the cards are drawn (FIBAS art. 4) changes the live
    state, not the snapshot being drawn."""
    from arbitro import printouts

    event_id = make_event(publish=False)
    held = Held()
    seen: list[object] = []
    real = printouts.table_cards_pdf

    def slow(state: Any, *args: Any, **kwargs: Any) -> bytes:
        held.hold()
        seen.append(state.round(1).seating_published_at)
        return real(state, *args, **kwargs)

    monkeypatch.setattr(printouts, "table_cards_pdf", slow)
    thread, out = in_background(
        lambda: director_client.get(f"/desk/e/{event_id}/r/1/pdf/table-cards")
    )
    try:
        assert held.started.wait(WAIT)
        web_app.state.web.service.run(event_id, values.PublishSeating(1))
        live = web_app.state.web.service.state(event_id)
        assert live.round(1).seating_published_at is not None
    finally:
        held.release.set()
        thread.join(WAIT)
    assert out[0].status_code == 200
    assert seen == [None]


def test_a_table_page_is_answered_while_an_event_file_is_checked(
    web_app: FastAPI,
    director_client: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An imported event file is replayed through the live checks (issue 13 §7) before any
    lock is taken, then stored in one transaction: a table page is answered meanwhile."""
    from arbitro.services import event_file

    event_id = make_event()
    document = event_file.export_event(web_app.state.web.service, event_id)
    held = Held()
    real = event_file.check_log

    def slow(*args: Any, **kwargs: Any) -> Any:
        held.hold()
        return real(*args, **kwargs)

    monkeypatch.setattr(event_file, "check_log", slow)
    thread, out = in_background(
        lambda: director_client.post(
            "/desk/import",
            data={"event_id": "copia"},
            files={"file": ("serata.json", json.dumps(document).encode(), "application/json")},
        )
    )
    try:
        assert held.started.wait(WAIT)
        page = director_client.get(table_path(web_app.state.web.secret, event_id, 1))
        assert page.status_code == 200
        assert not held.done.is_set(), "the table page waited for the import: the lock was held"
    finally:
        held.release.set()
        thread.join(WAIT)
    assert out[0].status_code == 303
    assert out[0].headers["location"] == "/desk/e/copia"
    imported = web_app.state.web.service.state("copia")
    assert len(imported.competitors) == 8
