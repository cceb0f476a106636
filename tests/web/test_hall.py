"""A real evening in a hall (issue 12 §1-2): the phones reach the app through a public base
URL (never localhost), the table cards' QR codes lead to the table pages, the desk checks a
phone before the evening, and the projector pages through seating and standings with the
complaints deadline of art. 39 and never the playing time (art. 7)."""

from __future__ import annotations

import random
import re
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.collation import name_key
from arbitro.services.demo import random_deal
from arbitro.store.users import setting_or_create
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web import base_url
from arbitro.web.app import Web
from arbitro.web.public import HALL_COLUMNS, HALL_ROWS

LAN = "http://192.168.1.50:8000"


def web_of(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


@pytest.fixture(autouse=True)
def _no_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(base_url.BASE_URL_ENV, raising=False)


@pytest.fixture
def hall_app(web_app: FastAPI) -> FastAPI:
    """The app with the hall check installed (the lead's one line in web/routes.py)."""
    from arbitro.web.desk import phone_check

    phone_check.install(web_app)
    return web_app


def play(web: Web, event_id: str, rnd: int, *, publish: bool = True) -> None:
    """Every table of round ``rnd`` enters a sheet; the standings are published."""
    rng = random.Random(rnd)
    seating = web.service.state(event_id).round(rnd).seating
    assert seating is not None
    for t in seating.tables:
        if not t.is_incomplete:
            entry = SheetEntry((random_deal(rng), random_deal(rng)))
            web.service.enter_sheet(event_id, rnd, t.table, entry)
    if publish:
        web.service.run(event_id, values.PublishStandings(rnd))


def decode_qr_codes(pdf: bytes, tmp_path: Path) -> list[str]:
    """The texts of the QR codes on the PDF's first page, rendered at 150 dpi."""
    import zxingcpp
    from PIL import Image

    (tmp_path / "cards.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "150", "-f", "1", "-l", "1", "-png", "cards.pdf", "page"],
        cwd=tmp_path,
        check=True,
    )
    (png,) = sorted(tmp_path.glob("page*.png"))
    return [r.text for r in zxingcpp.read_barcodes(Image.open(png))]


# ---------------------------------------------------------------------- the base URL
def test_localhost_is_never_a_phone_address() -> None:
    """A phone cannot reach the computer's own address: localhost, 127.x, ::1, 0.0.0.0."""
    for url in ("http://127.0.0.1:8000", "localhost:8000", "http://[::1]:8000/", "0.0.0.0"):
        assert base_url.points_at_localhost(url), url
    for url in (LAN, "https://burraco.example.org", "10.0.0.2:8000"):
        assert not base_url.points_at_localhost(url), url


def test_lan_addresses_leave_out_loopback() -> None:
    """``--hall`` prints the machine's LAN addresses, never 127.0.0.1."""
    found = base_url.lan_addresses()
    assert "127.0.0.1" not in found
    assert all(not a.startswith("169.254.") for a in found)
    assert base_url.hall_base_url("192.168.1.50", 8000) == LAN
    assert base_url.hall_base_url("192.168.1.50", 80) == "http://192.168.1.50"


def test_configured_base_url_env_wins_over_setting(
    web_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The environment wins over the installation's setting; none: the request's address."""
    store = web_of(web_app).store
    assert base_url.configured_base_url(store) is None
    setting_or_create(store, base_url.BASE_URL_SETTING, "http://10.0.0.7:8000/")
    assert base_url.configured_base_url(store) == "http://10.0.0.7:8000"
    monkeypatch.setenv(base_url.BASE_URL_ENV, "192.168.1.50:8000")
    assert base_url.configured_base_url(store) == LAN


# ---------------------------------------------------------------------- the QR codes
def test_printed_card_qr_opens_the_table_page_art_4(
    web_app: FastAPI, client: TestClient, make_event: Any, tmp_path: Path
) -> None:
    """The QR code printed on a table card (art. 4: the seating shown at the table) is the
    configured base URL and the table's token path: a phone that scans it gets the table's
    score entry, not a 404."""
    from arbitro.printouts import table_cards_pdf

    web = web_of(web_app)
    event_id = make_event(pairs=4)
    state = web.service.state(event_id)
    urls = base_url.cli_table_urls(web.store, LAN, event_id, [1, 2], 1)
    pdf = table_cards_pdf(state, 1, urls)
    decoded = decode_qr_codes(pdf, tmp_path)
    assert sorted(decoded) == sorted(urls.values())
    for url in decoded:
        assert url.startswith(LAN + "/t/")
        page = client.get(url.removeprefix(LAN))
        assert page.status_code == 200, url
        assert "Serata serata" in page.text
    assert "/t/serata/1" not in decoded  # the old, unsigned path answered 404


def test_cli_urls_use_the_configured_base(
    web_app: FastAPI, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``arbitro print table-cards`` without ``--base-url`` prints the configured address."""
    web = web_of(web_app)
    event_id = make_event(pairs=4)
    monkeypatch.setenv(base_url.BASE_URL_ENV, LAN)
    urls = base_url.cli_table_urls(web.store, None, event_id, [1], 1)
    assert urls[1].startswith(LAN + "/t/")
    monkeypatch.delenv(base_url.BASE_URL_ENV)
    # Nothing configured: the machine's LAN address on the default port, as serve --hall
    # finds it (a card a phone on the club's Wi-Fi can open); localhost only without one.
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["192.168.1.20"])
    assert base_url.cli_table_urls(web.store, None, event_id, [1], 1)[1].startswith(
        "http://192.168.1.20:8000/t/"
    )
    monkeypatch.setattr(base_url, "lan_addresses", lambda: [])
    assert base_url.cli_table_urls(web.store, None, event_id, [1], 1)[1].startswith(
        "http://localhost:8000/t/"
    )


# ---------------------------------------------------------------------- the phone check
def test_phone_check_shows_the_public_address(
    hall_app: FastAPI, director_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page "Prova il telefono": a QR code of the public address and its text; a phone that opens
    it is told it reaches arbitro."""
    page = director_client.get("/desk/phone-check")
    assert page.status_code == 200
    assert "Prova il telefono" in page.text
    assert "<svg" in page.text
    assert "http://testserver/phone-check" in page.text
    assert 'role="alert"' not in page.text  # testserver is not localhost
    monkeypatch.setenv(base_url.BASE_URL_ENV, LAN)
    page = director_client.get("/desk/phone-check")
    assert f"{LAN}/phone-check" in page.text
    ok = director_client.get("/phone-check")
    assert ok.status_code == 200 and "Questo telefono raggiunge arbitro" in ok.text


def test_phone_check_needs_a_director(hall_app: FastAPI, client: TestClient) -> None:
    page = client.get("/desk/phone-check", follow_redirects=False)
    assert page.status_code in (303, 401)


def test_phone_check_warns_about_localhost(
    hall_app: FastAPI, director_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An address of the computer itself is flagged: no phone can reach it."""
    monkeypatch.setenv(base_url.BASE_URL_ENV, "http://127.0.0.1:8000")
    monkeypatch.setattr(base_url, "lan_addresses", lambda: ["192.168.1.50"])
    page = director_client.get("/desk/phone-check")
    assert 'role="alert"' in page.text
    assert "un telefono non lo raggiunge" in page.text
    assert "Questo computer in rete: http://192.168.1.50" in page.text


def test_desk_banner_when_urls_point_at_localhost(
    hall_app: FastAPI, director_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The banner fragment the desk includes warns only when the printed URLs would lead to
    this computer."""
    web = web_of(hall_app)
    template = web.templates.env.get_template("desk/hall_banner.html")

    def banner() -> str:
        from starlette.requests import Request

        request = Request(
            {
                "type": "http",
                "app": hall_app,
                "scheme": "http",
                "server": ("127.0.0.1", 8000),
                "path": "/desk",
                "root_path": "",
                "headers": [(b"host", b"127.0.0.1:8000")],
                "query_string": b"",
            }
        )
        return str(template.render(request=request, lang="it"))

    assert "hall-banner" in banner()
    assert "I codici QR dei segnatavolo porterebbero a http://127.0.0.1:8000" in banner()
    monkeypatch.setenv(base_url.BASE_URL_ENV, LAN)
    assert "hall-banner" not in banner()


# ---------------------------------------------------------------------- the hall display
def hall_page(client: TestClient, event_id: str, page: int) -> str:
    response = client.get(f"/e/{event_id}/hall?page={page}")
    assert response.status_code == 200
    return str(response.text)


def hall_rows(html: str) -> list[str]:
    """The rows of a hall page as shown: the cells' texts joined by '|'."""
    rows = re.findall(r'<tr class="h-row[^"]*">(.*?)</tr>', html, flags=re.S)
    return ["|".join(re.findall(r"<td[^>]*>(.*?)</td>", r, flags=re.S)) for r in rows]


def all_hall_pages(client: TestClient, event_id: str) -> list[str]:
    """Every page of the cycle, following the page's own refresh (no interaction)."""
    pages, page = [], 1
    while True:
        html = hall_page(client, event_id, page)
        pages.append(html)
        match = re.search(r'http-equiv="refresh" content="\d+;url=\?page=(\d+)', html)
        assert match, "the hall display moves on by itself"
        page = int(match.group(1))
        if page == 1:
            return pages
        assert len(pages) < 50


@pytest.mark.parametrize("pairs", [60, 120])
def test_hall_pages_through_every_row_art_4_39(
    web_app: FastAPI, client: TestClient, make_event: Any, pairs: int
) -> None:
    """At 60 and 120 pairs every name of the seating (art. 4, alphabetical) and every line of
    the standings (art. 39) is on some page, "pagina i di n", without navigation nor the
    language switch."""
    web = web_of(web_app)
    event_id = make_event(pairs=pairs, rounds=2)
    play(web, event_id, 1)
    web.service.seat(event_id, 2, publish=True)
    pages = all_hall_pages(client, event_id)
    per_page = HALL_ROWS * HALL_COLUMNS
    seating_pages = -(-pairs // per_page)
    assert len(pages) == 2 * seating_pages
    seated: list[str] = []
    ranked: list[str] = []
    for n, html in enumerate(pages):
        assert 'class="bar"' not in html and "lang=en" not in html  # no nav, no IT/EN
        rows = hall_rows(html)
        assert 0 < len(rows) <= per_page
        if 'data-part="seating"' in html:
            assert f"pagina {n + 1} di {seating_pages}" in html
            seated += [r.split("|")[0] for r in rows]
        else:
            assert f"pagina {n + 1 - seating_pages} di {seating_pages}" in html
            ranked += [r.split("|")[1] for r in rows]
    names = [f"Coppia {i}" for i in range(1, pairs + 1)]
    assert seated == sorted(names, key=name_key)  # "Coppia 2" before "Coppia 10"
    assert sorted(ranked) == sorted(names)


def test_hall_shows_complaints_deadline_in_rome_time_art_39(
    web_app: FastAPI, client: TestClient, make_event: Any, clock: Any
) -> None:
    """With the round's standings, when complaints close (art. 39), in the event's local
    time (Europe/Rome); then "final" once the window has passed."""
    web = web_of(web_app)
    event_id = make_event(pairs=8, rounds=2, complaints_window_minutes=15)
    clock.now = datetime(2026, 7, 14, 20, 40, tzinfo=ZoneInfo("UTC"))
    play(web, event_id, 1)
    pages = all_hall_pages(client, event_id)
    standings = [p for p in pages if 'data-part="standings"' in p]
    assert standings
    article = str(web.service.state(event_id).code.cite("complaints").article)
    assert article == "39"
    for html in standings:
        # 20:55 UTC is 22:55 in Rome (summer time)
        assert "Classifica provvisoria: reclami fino alle 22:55 (FIBAS art. 39)" in html
    clock.advance(minutes=16)
    html = next(p for p in all_hall_pages(client, event_id) if 'data-part="standings"' in p)
    assert "reclami fino alle" not in html
    assert "Classifica definitiva e valida a tutti gli effetti (FIBAS art. 39)." in html


def test_hall_never_shows_playing_time_art_7(
    web_app: FastAPI, client: TestClient, make_event: Any, clock: Any
) -> None:
    """Art. 7: no information to the players on the playing time left, even with the
    round's clock started."""
    web = web_of(web_app)
    event_id = make_event(pairs=8, rounds=2)
    web.service.run(event_id, values.StartRound(1))
    clock.advance(minutes=20)
    for html in all_hall_pages(client, event_id):
        text = re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", "", html, flags=re.S))
        assert not re.search(r"\d+:\d\d", text), "no clock on the hall display"
        assert not re.search(r"(?i)minut|tempo|time left|restant|rimanent", text)


def test_hall_before_the_seating_and_from_the_event_page(
    web_app: FastAPI, client: TestClient, make_event: Any
) -> None:
    """Before any seating is posted (art. 4) the hall display says so and keeps refreshing;
    the event's public page links to it; an unknown event is not found."""
    event_id = make_event(pairs=4, seat=False)
    html = hall_page(client, event_id, 1)
    assert "La posizione ai tavoli non è ancora affissa." in html
    assert 'content="10;url=?page=1"' in html
    assert f'href="/e/{event_id}/hall"' in client.get(f"/e/{event_id}").text
    assert client.get("/e/nessuna/hall").status_code == 404


def test_the_director_sets_how_long_each_hall_page_shows(
    web_app: FastAPI, client: TestClient, make_event: Any
) -> None:
    """Each page shows 10 s by default; ``?seconds=`` holds it longer or shorter (5 to 300 s)
    and the next page keeps the same pace (a room that reads slowly, a director discussing
    a ranking)."""
    event_id = make_event(pairs=60, rounds=2)
    refresh = r'http-equiv="refresh" content="(\d+);url=\?page=(\d+)([^"]*)"'

    def paced(query: str) -> tuple[str, ...]:
        html = client.get(f"/e/{event_id}/hall?page=1{query}").text
        match = re.search(refresh, html)
        assert match, html
        return match.groups()

    assert paced("") == ("10", "2", "")
    assert paced("&seconds=45") == ("45", "2", "&amp;seconds=45")
    assert paced("&seconds=1") == ("5", "2", "&amp;seconds=5")
    assert paced("&seconds=9999") == ("300", "2", "&amp;seconds=300")
