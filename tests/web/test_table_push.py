"""The table page's status pushed to the phones (issue 28): ``/t/{token}/events`` sends the
status fragment when the sheet's status changes, so that the line waiting for the other's
numbers sees them arrive without polling (FIBAS art. 20: both lines sign the sheet); the
htmx polling of ``/status`` stays in the fragment as the fallback."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any, cast

import httpx
from fastapi import FastAPI
from tests.web.fresh_loop import run_fresh

from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web import live
from arbitro.web.app import Web
from arbitro.web.tokens import make_token

ENTRY = SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]})


def events(lines: Iterator[str]) -> Iterator[tuple[str, str]]:
    """The server-sent events of a stream's lines: (name, data), comments skipped."""
    name, data = "message", list[str]()
    for line in lines:
        if line.startswith(":") or line.startswith("retry:"):
            continue
        if not line:
            if data:
                yield name, "\n".join(data)
            elif name != "message":
                yield name, ""
            name, data = "message", list[str]()
        elif line.startswith("event: "):
            name = line[len("event: ") :]
        elif line.startswith("data: "):
            data.append(line[len("data: ") :])


def test_the_other_lines_numbers_are_pushed_to_the_waiting_phone_art_20(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    """E-W's phone waits with the sheet missing; N-S sends its numbers: E-W's stream brings
    the fragment "pending, to confirm" (art. 20), with no polling in it (the stream is the
    phone's update) but the polling's address kept for the fallback. Another table's
    numbers send nothing to this phone."""
    web: Web = web_app.state.web
    event_id = make_event("spinta", pairs=8)
    token = make_token(web.secret, event_id, 1, 1)
    url = f"{live_server}/t/{token}/events?line=ew&round=1&seen=missing&lang=it"
    got: list[tuple[str, str]] = []
    first, second = threading.Event(), threading.Event()

    def listen() -> None:
        with (
            httpx.Client(timeout=30) as client,
            client.stream("GET", url, cookies={"device": "telefono-ew"}) as response,
        ):
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            for event in events(response.iter_lines()):
                got.append(event)
                (first if len(got) == 1 else second).set()
                if len(got) == 2:
                    return

    reader = threading.Thread(target=listen, daemon=True)
    reader.start()
    assert first.wait(30), "the stream sends the status on connecting"
    name, fragment = got[0]
    assert name == "status"
    assert 'id="status"' in fragment and "status-missing" in fragment
    assert "hx-get" not in fragment and "hx-trigger" not in fragment
    assert f'data-poll="/t/{token}/status?' in fragment
    web.service.enter_sheet(event_id, 1, 2, ENTRY, actor="table", line="ns")  # another table
    web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ns")
    assert second.wait(30), "the other line's numbers reach the waiting phone"
    reader.join(10)
    name, fragment = got[1]
    assert name == "status"
    assert "status-pending" in fragment
    assert "inviato lo score: controllalo con il foglio e conferma" in fragment, fragment


def test_a_read_only_phone_is_asked_to_reload_when_its_sheet_changes(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    """A phone showing the numbers to confirm (read-only) gets ``reload`` when the sheet's
    status changes (both lines agree: confirmed, art. 20), as the polled status answers
    ``HX-Refresh``: never a button of the old status."""
    web: Web = web_app.state.web
    event_id = make_event("ricarica", pairs=8)
    web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ns")
    token = make_token(web.secret, event_id, 1, 1)
    url = f"{live_server}/t/{token}/events?line=ew&round=1&seen=pending&reload=1&lang=it"
    got: list[tuple[str, str]] = []
    first, done = threading.Event(), threading.Event()

    def listen() -> None:
        with httpx.Client(timeout=30) as client, client.stream("GET", url) as response:
            for event in events(response.iter_lines()):
                got.append(event)
                first.set()
                if event[0] == "reload":
                    done.set()
                    return

    threading.Thread(target=listen, daemon=True).start()
    assert first.wait(30)
    assert got[0][0] == "status" and "status-pending" in got[0][1]
    web.service.enter_sheet(event_id, 1, 1, ENTRY, actor="table", line="ew")
    assert done.wait(30), got
    assert got[-1] == ("reload", "")


def test_a_card_that_names_no_table_gets_no_stream(live_server: str) -> None:
    """A forged or mistyped code: 404, and the page keeps polling (which shows why)."""
    response = httpx.get(f"{live_server}/t/nonsense.abc/events", timeout=10)
    assert response.status_code == 404


def test_one_read_of_the_event_per_change_for_all_its_phones(
    web_app: FastAPI, live_server: str, make_event: Any, monkeypatch: Any
) -> None:
    """Twelve phones of six tables connected: a sheet entered at one table makes the hub
    read the watched tables' signatures once (not once per phone), and only that table's
    phone reads and renders its status again."""
    from arbitro.web import table_push

    web: Web = web_app.state.web
    event_id = make_event("molti", pairs=12)
    reads: list[int] = []
    looks: list[str] = []
    original_signatures = live.PushHub.signatures
    original_look = table_push.look

    def counted_signatures(self: live.PushHub, event: str, keys: list[Any]) -> Any:
        reads.append(len(keys))
        return original_signatures(self, event, keys)

    def counted_look(request: Any, web: Web, token: str, line: Any, seen: Any) -> Any:
        looks.append(f"{token}:{line}")
        return original_look(request, web, token, line, seen)

    monkeypatch.setattr(live.PushHub, "signatures", counted_signatures)
    monkeypatch.setattr(table_push, "look", counted_look)
    barrier = threading.Barrier(13)
    both = threading.Event()
    arrived: list[int] = []

    def phone(table: int, line: str) -> None:
        token = make_token(web.secret, event_id, table, 1)
        url = f"{live_server}/t/{token}/events?line={line}&round=1&seen=missing"
        with httpx.Client(timeout=30) as client, client.stream("GET", url) as response:
            stream = events(response.iter_lines())
            next(stream)
            barrier.wait(30)
            try:
                for _ in stream:
                    arrived.append(table)
                    if arrived.count(3) == 2:
                        both.set()
                    return
            except (httpx.HTTPError, RuntimeError):
                return  # closed by the test: the phone leaves

    threads = [
        threading.Thread(target=phone, args=(t, line), daemon=True)
        for t in range(1, 7)
        for line in ("ns", "ew")
    ]
    for thread in threads:
        thread.start()
    barrier.wait(30)
    assert len(looks) == 12
    reads.clear()
    web.service.enter_sheet(event_id, 1, 3, ENTRY, actor="table", line="ns")
    try:
        assert both.wait(30), arrived
    finally:
        table_push.push_hub(web).close()  # the server stops without waiting for the phones
    assert reads and reads[0] == 6  # the six watched tables, read once
    assert sorted(arrived) == [3, 3]
    assert len(looks) == 14  # the two phones of table 3, no other


def test_a_sheet_wakes_only_its_tables_phones_art_20() -> None:
    """The hub's watcher reads every watched table's signature once per change, but only the
    phones of a table whose signature changed are woken (FIBAS art. 20: the other line's
    sheet arrives at table 2): table 1's phones keep waiting, so that 250 tables' sheets do
    not wake the room's 500 streams 250 times."""
    import asyncio
    from contextlib import nullcontext
    from types import SimpleNamespace

    shown = {(1, 1): "missing", (1, 2): "missing"}
    service = SimpleNamespace(on_commit=[], state=lambda event_id: shown)
    web = SimpleNamespace(service=service, locked=nullcontext)

    def signature(state: Any, rnd: int, table: int) -> str:
        return shown[(rnd, table)]

    async def scenario() -> tuple[bool, bool]:
        hub = live.PushHub(cast(Web, web), signature)
        watch = hub.subscribe("serata", (1, 1))
        hub.subscribe("serata", (1, 2))
        first = [watch.changed((1, 1)), watch.changed((1, 2))]
        hub.notify("serata")  # the watcher's first read: both tables are new to it
        await asyncio.wait_for(asyncio.gather(*(flag.wait() for flag in first)), 10)
        table_1, table_2 = watch.changed((1, 1)), watch.changed((1, 2))
        shown[(1, 2)] = "pending"
        hub.notify("serata")
        await asyncio.wait_for(table_2.wait(), 10)
        await asyncio.sleep(0)
        woken = (table_1.is_set(), table_2.is_set())
        hub.close()
        await asyncio.wait_for(table_1.wait(), 10)  # closing wakes every phone
        return woken

    assert run_fresh(scenario) == (False, True)
