"""The room displays for hundreds of phones (issue 14): a display rendered once per version of
the event, answered 304 to a browser that has it, gzipped, HEAD answered; the polled parts
(public and desk) answer 204 while nothing changed; the desk's table URLs signed once per
round; the seating of round 1 refused for the absent offers to withdraw them."""

from __future__ import annotations

import gzip
import random
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, txt
from tests.web.test_public import EVENT, app_web, make_event, play_round

from arbitro.tournament.commands import values
from arbitro.tournament.event import SanctionKind
from arbitro.web import tokens


@pytest.fixture
def room(web_app: FastAPI) -> FastAPI:
    """The event of tests/web/test_public.py with round 1's standings published."""
    web = app_web(web_app)
    make_event(web)
    play_round(web, 1, random.Random(3))
    return web_app


def test_standings_rendered_once_then_304_with_the_etag(room: FastAPI, client: TestClient) -> None:
    """The first phone renders the page; the next ones get the same bytes from the cache; a
    browser sending its ETag back gets 304 (no body); ``no-cache`` makes it ask every time."""
    web = app_web(room)
    first = client.get(f"/e/{EVENT}/standings")
    assert first.status_code == 200
    etag = first.headers["etag"]
    assert etag.startswith('W/"') and first.headers["cache-control"] == "no-cache"
    renders = web.pages.renders
    again = client.get(f"/e/{EVENT}/standings")
    assert again.content == first.content and again.headers["etag"] == etag
    assert web.pages.renders == renders  # a cache hit: not rendered again
    same = client.get(f"/e/{EVENT}/standings", headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.content == b"" and same.headers["etag"] == etag
    assert (
        client.get(f"/e/{EVENT}/standings", headers={"If-None-Match": 'W/"x"'}).status_code == 200
    )


def test_a_new_record_changes_the_etag(room: FastAPI, client: TestClient) -> None:
    """After a record (here round 2 seated) the old ETag no longer matches: the page again."""
    web = app_web(room)
    etag = client.get(f"/e/{EVENT}/seating").headers["etag"]
    web.service.seat(EVENT, 2, publish=True)
    changed = client.get(f"/e/{EVENT}/seating", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert "turno 2" in changed.text


def test_language_is_part_of_the_page(room: FastAPI, client: TestClient) -> None:
    """The Italian and the English page are two pages (two ETags), each in its language."""
    it = client.get(f"/e/{EVENT}/standings")
    en = client.get(f"/e/{EVENT}/standings", params={"lang": "en"})
    assert it.headers["etag"] != en.headers["etag"]
    assert "Classifica" in it.text and "Standings after round 1" in en.text


def test_big_pages_gzipped_and_head_answered(room: FastAPI, client: TestClient) -> None:
    """A browser accepting gzip gets the page gzipped (the same text); HEAD gets the headers
    and no body."""
    plain = client.get(f"/e/{EVENT}/standings", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    raw = client.get(f"/e/{EVENT}/standings", headers={"Accept-Encoding": "gzip"}, extensions={})
    assert raw.headers["content-encoding"] == "gzip"
    assert raw.content == plain.content  # httpx decodes it
    head = client.head(f"/e/{EVENT}/standings")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["etag"] == plain.headers["etag"]


def test_gzip_body_is_gzip(room: FastAPI) -> None:
    """The cached gzipped body is the page compressed."""
    web = app_web(room)
    with TestClient(room) as c:
        c.get(f"/e/{EVENT}/standings")
    pages = list(web.pages._pages.values())
    big = [p for p in pages if p.gzipped is not None]
    assert big and all(gzip.decompress(p.gzipped) == p.body for p in big if p.gzipped)


def test_live_fragment_204_while_unchanged(room: FastAPI, client: TestClient) -> None:
    """The polled part answers 204 with the page's version, the new part after a record."""
    page = client.get(f"/e/{EVENT}/standings").text
    found = re.search(r"/standings/live\?v=([^&\"]+)", page)
    assert found
    live = f"/e/{EVENT}/standings/live?v={found[1]}"
    assert client.get(live).status_code == 204
    app_web(room).service.run(EVENT, values.GiveSanction(1, 1, SanctionKind.WARNING, "parla"))
    assert client.get(live).status_code == 200


def test_hall_cached_per_page_and_version(room: FastAPI, client: TestClient) -> None:
    """The hall display: each of its pages rendered once per version, 304 with its ETag."""
    web = app_web(room)
    one = client.get(f"/e/{EVENT}/hall", params={"page": 1})
    two = client.get(f"/e/{EVENT}/hall", params={"page": 2})
    assert one.headers["etag"] != two.headers["etag"]
    renders = web.pages.renders
    again = client.get(f"/e/{EVENT}/hall", params={"page": 1})
    assert again.content == one.content and web.pages.renders == renders
    cached = client.get(
        f"/e/{EVENT}/hall", params={"page": 1}, headers={"If-None-Match": one.headers["etag"]}
    )
    assert cached.status_code == 304


def test_desk_live_panel_204_while_unchanged(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The desk round's live panel carries its version; polled with it, 204 until a sheet
    (a record) arrives."""
    event_id = make_event(pairs=8)
    page = director_client.get(f"/desk/e/{event_id}/r/1").text
    found = re.search(rf"/desk/e/{event_id}/r/1/live\?v=([^&\"]+)", page)
    assert found
    live = f"/desk/e/{event_id}/r/1/live?v={found[1]}"
    assert director_client.get(live).status_code == 204
    web = web_app.state.web
    state = web.service.state(event_id)
    table = state.round(1).seating.tables[0].table
    from arbitro.services.demo import random_deal
    from arbitro.tournament.scoring.sheet import SheetEntry

    entry = SheetEntry(tuple(random_deal(random.Random(1)) for _ in range(2)))
    web.service.enter_sheet(event_id, 1, table, entry)
    fresh = director_client.get(live)
    assert fresh.status_code == 200 and 'id="live"' in fresh.text
    assert f"live?v={found[1]}" not in fresh.text  # the new version to poll with


def test_desk_table_urls_signed_once_per_round(
    director_client: TestClient, web_app: FastAPI, make_event: Any, monkeypatch: Any
) -> None:
    """The round page lists every table's URL; a second render signs no token again."""
    event_id = make_event(pairs=8)
    first = director_client.get(f"/desk/e/{event_id}/r/1").text
    urls = re.findall(r'<li>Tavolo \d+: <a href="([^"]+)"', first)
    assert len(urls) == 4
    secret = web_app.state.web.secret
    assert urls[0].endswith(tokens.table_path(secret, event_id, 1, 1))
    signed: list[Any] = []
    original = tokens.make_token

    def counted(*args: Any) -> str:
        signed.append(args)
        return original(*args)

    monkeypatch.setattr(tokens, "make_token", counted)
    second = director_client.get(f"/desk/e/{event_id}/r/1").text
    assert re.findall(r'<li>Tavolo \d+: <a href="([^"]+)"', second) == urls
    assert signed == []


def test_seating_refused_offers_withdraw_the_absent(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Round 1 refused for a pair not checked in: next to the message, the round page offers
    "Ritira gli assenti" (confirmed first, with its one-time key and CSRF field)."""
    event_id = make_event(pairs=4, seat=False)
    for c in (1, 2, 3):
        post(director_client, f"/desk/e/{event_id}/check-in", {"competitor": str(c)})
    refused = post(director_client, f"/desk/e/{event_id}/r/1/seat", {})
    assert refused.status_code == 400
    html = txt(refused)
    assert "non segnati presenti: 4 Coppia 4" in html
    start = html.index('id="withdraw-absent-form"')
    form = html[html.rindex("<form", 0, start) : html.index("</form>", start)]
    assert f'action="/desk/e/{event_id}/withdraw-absent"' in form
    assert 'data-confirm="Ritirare il concorrente non segnato presente?' in form
    assert 'name="csrf"' in form and 'name="_key"' in form
    assert post(director_client, f"/desk/e/{event_id}/withdraw-absent", {}).status_code == 303
    page = director_client.get(f"/desk/e/{event_id}/r/1").text
    assert 'id="withdraw-absent-form"' not in page


def test_table_view_reads_the_names_under_the_lock(web_app: FastAPI, make_event: Any) -> None:
    """The table page's view keeps the names it shows, read under the service's lock: a
    rename afterwards does not change the page being rendered (it shows on the next load)."""
    from arbitro.web.table import _load

    event_id = make_event(pairs=4)
    web = web_app.state.web
    seat = web.service.state(event_id).round(1).seating.tables[0]
    view = _load(web, tokens.make_token(web.secret, event_id, seat.table, 1), "ns")
    assert {"ns_name", "ew_name", "deals", "players"} <= set(vars(view))
    before = view.ns_name
    web.service.run(event_id, values.Rename(seat.ns[0], "Coppia Rinominata"))
    assert view.ns_name == before
    fresh = _load(web, tokens.make_token(web.secret, event_id, seat.table, 1), "ns")
    assert "Coppia Rinominata" in fresh.ns_name


def test_a_sheet_changes_neither_the_seating_nor_the_standings_shown(
    room: FastAPI, client: TestClient
) -> None:
    """While round 2 is played, its sheets are records that change neither the seating shown
    nor round 1's standings: the phones keep their pages (204 to the poll, 304 to the
    reload), and nothing is rendered again."""
    from arbitro.services.demo import random_deal
    from arbitro.tournament.scoring.sheet import SheetEntry

    web = app_web(room)
    state = web.service.seat(EVENT, 2, publish=True)
    pages = {}
    for name in ("seating", "standings"):
        page = client.get(f"/e/{EVENT}/{name}")
        found = re.search(rf"/{name}/live\?v=([^&\"]+)", page.text)
        assert found
        pages[name] = (page.headers["etag"], found[1])
    renders = web.pages.renders
    seating = state.round(2).seating
    assert seating is not None
    table = seating.tables[0].table
    entry = SheetEntry(tuple(random_deal(random.Random(2)) for _ in range(2)))
    web.service.enter_sheet(EVENT, 2, table, entry)
    for name, (etag, version) in pages.items():
        assert client.get(f"/e/{EVENT}/{name}/live", params={"v": version}).status_code == 204
        again = client.get(f"/e/{EVENT}/{name}", headers={"If-None-Match": etag})
        assert again.status_code == 304
    assert web.pages.renders == renders


def test_one_render_while_many_wait() -> None:
    """While one request renders a page, the others asking for it wait and take that one
    render (500 phones at the standings' publication: one render)."""
    import threading

    from starlette.responses import HTMLResponse

    from arbitro.web.page_cache import Page, PageCache

    cache = PageCache()
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    def render() -> HTMLResponse:
        calls.append(1)
        started.set()
        release.wait(10)
        return HTMLResponse("<p>" + "x" * 2000 + "</p>")

    got: list[object] = []
    first = threading.Thread(target=lambda: got.append(cache.render_once(("k",), render)))
    first.start()
    started.wait(10)
    others = [
        threading.Thread(target=lambda: got.append(cache.render_once(("k",), render)))
        for _ in range(5)
    ]
    for t in others:
        t.start()
    release.set()
    for t in [first, *others]:
        t.join(10)
    assert len(calls) == 1 and cache.renders == 1 and len(got) == 6
    assert all(isinstance(p, Page) and p is got[0] for p in got)


def test_the_version_computed_once_per_record(
    room: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The polls of many phones read the version kept for the event's last record: the
    standings shown are computed once, not at every poll."""
    from arbitro.web import public

    calls: list[int] = []
    original = public.standings_view

    def counted(*args: Any) -> Any:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(public, "standings_view", counted)
    page = client.get(f"/e/{EVENT}/standings").text
    found = re.search(r"/standings/live\?v=([^&\"]+)", page)
    assert found
    for _ in range(5):
        assert client.get(f"/e/{EVENT}/standings/live", params={"v": found[1]}).status_code == 204
    assert len(calls) == 1
    app_web(room).service.run(EVENT, values.GiveSanction(1, 1, SanctionKind.WARNING, "parla"))
    assert client.get(f"/e/{EVENT}/standings/live", params={"v": found[1]}).status_code == 200
    assert len(calls) == 2
