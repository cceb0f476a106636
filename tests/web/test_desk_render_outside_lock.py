"""The room never waits on the desk (issue 14): the director's pages read what they show under
the service's lock and render it after releasing it, so a phone's sheet (FIBAS art. 19-20:
each line sends the signed sheet from the table) is recorded while the desk's round page,
its live panel, a table's sheet or the prize page is being rendered; and the page rendered
meanwhile shows the state of one moment (one seq), never half of a record that came in.

Each test holds a render in progress (it waits on an Event the test sets) and posts a sheet
meanwhile: answered while the render is still held proves the lock is not held; no timing is
measured."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import jinja2
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import proof
from tests.web.test_director_lock import WAIT, Held
from tests.web.test_table import SHEET

from arbitro.tournament.commands import values
from arbitro.web.app import Web
from arbitro.web.tokens import table_path


def in_background(call: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(call()))
    thread.start()
    return thread, out


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    w: Web = web_app.state.web
    return w


@pytest.fixture
def phone(web_app: FastAPI) -> Iterator[TestClient]:
    """A phone at a table: its own client (its own cookies)."""
    with TestClient(web_app, follow_redirects=False) as c:
        yield c


def hold_render(web: Web, monkeypatch: pytest.MonkeyPatch, template: str) -> Held:
    """Hold every render of ``template`` (the desk's :meth:`Web.render`) until released."""
    held = Held()
    real = web.render

    def render(request: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        if name == template:
            held.hold()
        return real(request, name, *args, **kwargs)

    monkeypatch.setattr(web, "render", render)
    return held


def send_sheet(phone: TestClient, web: Web, event_id: str, table: int, line: str) -> Any:
    """One line of ``table`` sends the round-1 sheet from its phone (art. 19-20)."""
    path = table_path(web.secret, event_id, table)
    return phone.post(
        path, data={**SHEET, "line": line, "round": "1", "proof": proof(web, path, line)}
    )


def sheet_meanwhile(
    director_client: TestClient,
    phone: TestClient,
    web: Web,
    event_id: str,
    held: Held,
    ask: Callable[[], Any],
) -> Any:
    """Ask the desk for a page (``ask``) while its render is held, and send table 1's N-S
    sheet meanwhile: the sheet is recorded before the render is released. The page."""
    thread, out = in_background(ask)
    try:
        assert held.started.wait(WAIT)
        sent = send_sheet(phone, web, event_id, 1, "ns")
        assert sent.status_code == 303, sent.text
        assert not held.done.is_set(), "the sheet waited for the desk's page: the lock was held"
        assert 1 in web.service.state(event_id).round(1).sheets
    finally:
        held.release.set()
        thread.join(WAIT)
    return out[0]


@pytest.mark.parametrize(
    ("path", "template"),
    [
        ("/desk/e/{event}/r/1", "desk/round.html"),
        ("/desk/e/{event}/r/1/live", "desk/round_live.html"),
        ("/desk/e/{event}/r/1/t/2", "desk/sheet.html"),
        ("/desk/e/{event}/prizes", "desk/prizes.html"),
    ],
    ids=["round-page", "live-panel", "sheet-page", "prize-page"],
)
def test_a_phone_sheet_is_recorded_while_a_desk_page_renders_art_19_20(
    web: Web,
    director_client: TestClient,
    phone: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
    path: str,
    template: str,
) -> None:
    """While the desk renders the round page (the sheets as they arrive, FIBAS art. 19-20),
    its live panel, a table's sheet or the prize page, a table's phone sends its sheet and
    is answered: the page is rendered outside the lock every phone waits on."""
    event_id = make_event()
    held = hold_render(web, monkeypatch, template)
    page = sheet_meanwhile(
        director_client,
        phone,
        web,
        event_id,
        held,
        lambda: director_client.get(path.format(event=event_id)),
    )
    assert page.status_code == 200


def test_a_phone_sheet_is_recorded_while_a_refused_round_form_renders_art_39(
    web: Web,
    director_client: TestClient,
    phone: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The round's standings cannot be published while tables owe their sheet (FIBAS
    art. 39): the refused form's page (the round page with the message) is rendered outside
    the lock, and a phone's sheet is recorded meanwhile."""
    event_id = make_event()
    held = hold_render(web, monkeypatch, "desk/round.html")
    url = f"/desk/e/{event_id}/r/1/publish-standings"
    page = sheet_meanwhile(
        director_client,
        phone,
        web,
        event_id,
        held,
        lambda: director_client.post(url, data={"csrf": director_client.csrf}),
    )
    assert 400 <= page.status_code < 500
    assert 'id="standings-form"' in page.text
    assert web.service.state(event_id).round(1).standings_published_at is None


def test_the_round_page_shows_one_moment_not_half_a_sheet_art_19_20(
    web: Web,
    director_client: TestClient,
    phone: TestClient,
    make_event: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sheet sent (FIBAS art. 19-20) and a pair renamed while the round page is half
    rendered (held at its penalties' heading, after the sheets panel) do not appear in it:
    the whole page shows the event as it was at one seq (the live panel's version), the
    sheet missing and the old name everywhere; the next page shows both."""
    event_id = make_event()
    state = web.service.state(event_id)
    before = state.last_seq
    table = state.round(1).seating.tables[0]  # type: ignore[union-attr]
    ns = table.ns
    assert ns is not None
    renamed = ns[0]
    old_name = state.competitors[renamed].name
    held = Held()
    real: Any = web.templates.env.globals["_"]

    @jinja2.pass_context
    def translate(context: Any, text: Any, **params: Any) -> str:
        if text == "Lateness, warnings, abandons, arbitral scores":  # the penalties' heading
            held.hold()
        out: str = real(context, text, **params)
        return out

    monkeypatch.setitem(web.templates.env.globals, "_", translate)
    thread, out = in_background(lambda: director_client.get(f"/desk/e/{event_id}/r/1"))
    try:
        assert held.started.wait(WAIT)
        sent = send_sheet(phone, web, event_id, table.table, "ns")
        assert sent.status_code == 303, sent.text
        web.service.run(event_id, values.Rename(renamed, "Coppia Rinominata"))
        assert not held.done.is_set(), "the sheet waited for the desk's page: the lock was held"
    finally:
        held.release.set()
        thread.join(WAIT)
    page = out[0]
    assert page.status_code == 200
    versions = set(re.findall(r"/live\?v=(\d+)\.", page.text))
    assert versions == {str(before)}
    assert "Coppia Rinominata" not in page.text
    assert page.text.count(f"{renamed} — {old_name}") >= 1  # the penalties' list, after the hold
    row = re.search(
        rf'<tr class="row-(\w+)">\s*<td class="num"><a [^>]*>{table.table}</a>', page.text
    )
    assert row is not None and row[1] == "missing"
    monkeypatch.undo()
    after = director_client.get(f"/desk/e/{event_id}/r/1")
    assert "Coppia Rinominata" in after.text
    row = re.search(
        rf'<tr class="row-(\w+)">\s*<td class="num"><a [^>]*>{table.table}</a>', after.text
    )
    assert row is not None and row[1] == "pending"


def test_a_state_snapshot_keeps_one_moment_and_its_own_views_art_19_20(
    web: Web, make_event: Any
) -> None:
    """A printout's snapshot (:func:`state_snapshot`) equals the state it was taken from;
    a sheet (FIBAS art. 19-20), a rename and a withdrawal (art. 36) recorded afterwards
    change the live state, not the snapshot, which still equals the event folded up to its
    seq; the standings computed on the snapshot are not memoized in the live state."""
    from arbitro.services.events import to_domain
    from arbitro.tournament.event import EventState
    from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
    from arbitro.tournament.standings.standings import standings
    from arbitro.web.snapshot import state_snapshot

    event_id = make_event()
    with web.locked():
        live = web.service.state(event_id)
        snap = state_snapshot(live)
    assert snap == live
    seq = snap.last_seq
    table = live.round(1).seating.tables[0]  # type: ignore[union-attr]
    assert table.ns is not None and table.ew is not None
    deal = DealScore(LineDeal(300, 120), LineDeal(100, 45))  # a signed sheet, transcribed
    web.service.enter_sheet(event_id, 1, table.table, SheetEntry((deal, deal)), actor="d")
    web.service.run(event_id, values.Rename(table.ns[0], "Coppia Rinominata"))
    web.service.run(event_id, values.Withdraw(table.ew[0], "ritirata"))
    live = web.service.state(event_id)
    assert live != snap
    assert table.table in live.round(1).sheets and table.table not in snap.round(1).sheets
    assert snap.competitors[table.ns[0]].name != "Coppia Rinominata"
    assert live.competitors[table.ew[0]].withdrawn_from_round is not None
    assert snap.competitors[table.ew[0]].withdrawn_from_round is None
    records = [to_domain(r) for r in web.store.records(event_id) if r.seq <= seq]
    assert snap == EventState.replay(event_id, records)
    live_views = dict(live._views)
    standings(snap, 1)
    assert live._views == live_views


def test_frozen_copies_every_container_and_changeable_value_once() -> None:
    """What a page is given to render is copied as deep as a fold can change it: nested
    lists, dicts and sets, and the competitors (changed in place by a rename, art. 36's
    withdrawal), each copied once however often reached; records and citations shared."""
    from datetime import UTC, datetime

    from arbitro.tournament.event import Competitor
    from arbitro.tournament.records import GameResult, Record, SheetEntered
    from arbitro.web.snapshot import frozen

    pair = Competitor(1, "Coppia 1", ("Anna", "Bruno"))
    context: dict[str, Any] = {
        "rows": [{"names": {"ns": ["Coppia 1"]}, "who": pair}],
        "seated": (pair, 2),
    }
    copied = frozen(context)
    assert copied == context
    row, live_row = copied["rows"][0], context["rows"][0]
    assert row is not live_row and row["names"]["ns"] is not live_row["names"]["ns"]
    assert row["who"] is not pair and row["who"] is copied["seated"][0]
    pair.name = "Coppia Rinominata"
    assert row["who"].name == "Coppia 1"
    # A record and its body (a frozen msgspec Struct) never change once made: shared.
    rec = Record(SheetEntered(1, 2, {"deals": []}, "ns"), datetime(2026, 11, 28, tzinfo=UTC))
    body = GameResult("1-2", 1, {"1": 61, "2": 59}, 1, 1)
    shown = frozen({"log": [rec], "bodies": (body, rec.body)})
    assert shown["log"][0] is rec and shown["bodies"][0] is body
    assert shown["bodies"][1] is rec.body
