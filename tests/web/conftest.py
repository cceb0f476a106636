"""Shared fixtures of the web tests (desk, API, table-side entry, public displays).

- ``clock``: a settable clock (:class:`FakeClock`) the app reads for every record's time.
- ``web_app``: the app (``create_app``) on a new SQLite file in the test's ``tmp_path``.
- ``client``: a TestClient on ``web_app``, not logged in.
- ``director``: a director account ``(name, password)`` created in ``web_app``'s database.
- ``director_client``: a TestClient logged in as ``director`` (``director_client.csrf`` is
  the session's CSRF token for desk form POSTs, also sent as the ``X-CSRF-Token`` header).
- ``live_server``: the base URL (``http://127.0.0.1:PORT``) of ``web_app`` served by uvicorn
  in a thread, for browser tests.
- ``browser``: a headless Playwright Chromium (Debian's /usr/bin/chromium), one per session.

Password hashing uses cheap argon2id parameters in these tests (``_fast_password_hashing``).
"""

from __future__ import annotations

import re
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from arbitro.services.registering import Register
from arbitro.web.app import Web

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DIRECTOR_NAME = "direttore"
DIRECTOR_PASSWORD = "segreto-del-direttore"


class FakeClock:
    """A clock that stands still until moved: ``clock()`` is the time, ``advance`` moves it."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move the clock forward (``minutes=16``, ``seconds=5``...); returns the new time."""
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture(autouse=True)
def _clean_web_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRO_SECRET", raising=False)
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)
    monkeypatch.delenv("ARBITRO_LANG", raising=False)


@pytest.fixture(autouse=True)
def _fast_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2id with small costs in tests (the installation uses argon2-cffi's defaults,
    ~1 s a login on a busy 2-core machine); the hashes are still argon2id."""
    from argon2 import PasswordHasher

    from arbitro.store import users

    monkeypatch.setattr(
        users, "_hasher", PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    )


@pytest.fixture
def clock() -> FakeClock:
    """The app's clock, standing still at the test's start until advanced."""
    return FakeClock()


@pytest.fixture
def database_file(tmp_path: Path) -> Path:
    """The SQLite file of ``web_app``."""
    return tmp_path / "web.sqlite3"


@pytest.fixture
def web_app(database_file: Path, clock: FakeClock) -> Iterator[FastAPI]:
    """The web app on a new SQLite database, reading time from ``clock``."""
    from arbitro.web.app import create_app

    app = create_app(f"sqlite:///{database_file}", clock=clock)
    try:
        yield app
    finally:
        app.state.web.store.close()


@pytest.fixture
def client(web_app: FastAPI) -> Iterator[TestClient]:
    """A browser-like client, not logged in (no redirects followed automatically)."""
    with TestClient(web_app, follow_redirects=False) as c:
        yield c


@pytest.fixture
def director(web_app: FastAPI) -> tuple[str, str]:
    """A director account in the app's database: ``(name, password)``."""
    from arbitro.store import users

    users.add_user(web_app.state.web.store, DIRECTOR_NAME, DIRECTOR_PASSWORD)
    return DIRECTOR_NAME, DIRECTOR_PASSWORD


@pytest.fixture
def director_client(web_app: FastAPI, director: tuple[str, str]) -> Iterator[TestClient]:
    """A client logged in as the director; ``.csrf`` holds the session's CSRF token (also
    sent on every request as the ``X-CSRF-Token`` header)."""
    from arbitro.web import auth, csrf

    with TestClient(web_app, follow_redirects=False) as c:
        response = c.post("/login", data={"username": director[0], "password": director[1]})
        assert response.status_code == 303, response.text
        session = auth.read_session(web_app.state.web.secret, c.cookies.get(auth.SESSION_COOKIE))
        assert session is not None
        token = csrf.token_for(web_app.state.web.secret, session.nonce)
        c.csrf = token
        c.headers[csrf.CSRF_HEADER] = token
        yield c


def _free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@pytest.fixture
def live_server(web_app: FastAPI) -> Iterator[str]:
    """``web_app`` served by uvicorn on a free loopback port; yields its base URL."""
    import uvicorn

    sock = _free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(web_app, log_level="warning", lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """Playwright's sync API, started once per session (a second start in the same process
    fails: "Sync API inside the asyncio loop"); every browser is launched from it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """A headless Chromium driven by Playwright (sync API), shared by the session's tests."""
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def make_event(web_app: FastAPI) -> Any:
    """A function creating a pairs event straight through the service:
    ``make_event(event_id="serata", pairs=8, rounds=2, deals=2, seat=True, publish=True)``
    registers ``Coppia 1``..``Coppia N`` and seats (and publishes) round 1; returns the id."""
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat, Movement

    def make(
        event_id: str = "serata",
        *,
        pairs: int = 8,
        rounds: int = 2,
        deals: int = 2,
        seat: bool = True,
        publish: bool = True,
        complaints_window_minutes: int = 15,
    ) -> str:
        svc = web_app.state.web.service
        config = EventConfig(
            name=f"Serata {event_id}",
            event_format=EventFormat.PAIRS,
            rounds=rounds,
            deals=(deals,) * rounds,
            movements=(Movement.DRAW,) + (Movement.MITCHELL,) * (rounds - 1),
            complaints_window_minutes=complaints_window_minutes,
        )
        svc.create_event(event_id, config)
        for i in range(1, pairs + 1):
            svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
        if seat:
            svc.seat(event_id, 1, publish=publish)
        return event_id

    return make


PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FILL_ALL = """values => {
  for (const [name, value] of Object.entries(values)) {
    const input = document.getElementById(name);
    input.value = value;
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }
}"""


class BrowserTools:
    """Helpers the browser tests share: open a phone's page, fill a form, read a PNG."""

    fill_all = FILL_ALL  # a script that types ``{field id: value}`` into the form

    @staticmethod
    def open_page(page: Any, url: str) -> Any:
        """A phone opens ``url`` (a table card's QR code) in a new tab; returns it. The previous
        tab ``page`` stays open, as on a real phone, until the test closes the phone's context.
        It may still poll its sheet's status (every 3 s while pending) and reload itself when
        the next round starts (htmx ``HX-Refresh``): a navigation started on it would race
        that reload and be aborted, and closing it can race the reload's commit, which
        Chromium acknowledges without closing the tab, so ``page.close()`` never returns
        (crbug.com/536385539, playwright#42068). Closing a context has no such wait."""
        tab = page.context.new_page()
        tab.goto(url, wait_until="domcontentloaded")
        return tab

    @staticmethod
    def choose_line(page: Any, selector: str) -> None:
        """Tap a line's (or a player's) button on a table's page and wait until its sheet form
        is live. The form's totals are computed by htmx (``hx-trigger="input"``), which is
        loaded with ``defer`` and binds its listeners in a ``DOMContentLoaded`` handler: a field
        is in the DOM before that, and values typed then send no preview. The window's
        ``load`` event comes after every ``DOMContentLoaded`` handler has run."""
        with page.expect_navigation(wait_until="load"):
            page.click(selector)

    secret_of: Callable[[], bytes] | None = None  # the app's secret, for the lines' codes

    @staticmethod
    def type_code(page: Any) -> None:
        """On a table's page whose form asks for the line's code (issue 29), type the code the
        line reads on its half of the table card, as its player does."""
        field = page.locator("#proof")
        if "/t/" not in page.url or not field.count() or field.input_value():
            return
        assert BrowserTools.secret_of is not None
        from arbitro.web.tokens import line_code

        line = page.locator("form[data-offline-key] input[name=line]").input_value()
        token = page.url.split("/t/", 1)[1].split("?")[0].split("/")[0]
        field.fill(line_code(BrowserTools.secret_of(), token, line))

    @staticmethod
    def follow(page: Any, selector: str) -> None:
        """Click a link or a form's submit button and wait for the page it leads to (a POST's
        redirect, or the form shown again): waiting for a URL instead returns at once when
        the current page already has it (the same ``?ok=...`` after the previous submit), and
        waiting for an element returns at once when the current page already shows it. A
        table's sheet form gets its line's code first (:meth:`type_code`)."""
        BrowserTools.type_code(page)
        with page.expect_navigation(wait_until="domcontentloaded"):
            page.click(selector)

    @staticmethod
    def set_rounds(page: Any, rounds: int) -> None:
        """Type the number of rounds in the new-event form, leave the field (the browser's
        ``change`` event: htmx fetches the per-round rows) and wait until the rows are
        swapped in. The form starts with 4 rows: waiting for ``#movement_2`` would return
        before the swap, which then resets the rows' choices made in the meantime."""
        field = page.locator("#rounds")
        if field.input_value() == str(rounds):
            return
        with page.expect_response(lambda r: "/desk/new/rounds" in r.url):
            field.fill(str(rounds))
            field.blur()
        # htmx keeps the class htmx-request on #rounds until the response is swapped in.
        # (Playwright's assertions, not wait_for_function: the CSP forbids evaluating strings.)
        expect(page.locator("#rounds.htmx-request")).to_have_count(0)
        expect(page.locator("#rounds-rows tbody tr")).to_have_count(rounds)

    @staticmethod
    def png_size(path: Path) -> tuple[int, int]:
        """Width and height of a PNG file, after checking it is one."""
        data = path.read_bytes()
        assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
        width, height = struct.unpack(">II", data[16:24])
        return width, height

    @staticmethod
    def desk_login(browser: Any, base: str, director: tuple[str, str]) -> Any:
        """The director's laptop: a page logged in at the desk."""
        desk = browser.new_context(viewport={"width": 1366, "height": 900}).new_page()
        desk.on("dialog", lambda dialog: dialog.accept())  # the director confirms
        desk.goto(f"{base}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        BrowserTools.follow(desk, "form button[type=submit]")
        assert re.search(r"/desk$", desk.url), desk.inner_text("main")
        return desk

    @staticmethod
    def desk_create_event(
        desk: Any,
        base: str,
        event_id: str,
        name: str,
        *,
        movements: list[str],
        deals: int,
        csv: Path,
        code: str | None = None,
        event_format: str | None = None,
        seed: int | None = None,
    ) -> int:
        """Create an event on the desk's form (one movement per round) and register the
        competitors from ``csv``; returns how many are registered."""
        desk.goto(f"{base}/desk/new")
        desk.fill("#name", name)
        desk.fill("#event_id", event_id)
        if code is not None and desk.locator("#code").input_value() != code:
            # htmx replaces the whole form with the code's one: wait until it is swapped in
            # (htmx keeps the class htmx-request on #code until then) before typing more.
            with desk.expect_response(lambda r: "/desk/new?" in r.url):
                desk.select_option("#code", code)
            expect(desk.locator("#code.htmx-request")).to_have_count(0)
        if event_format is not None:
            desk.select_option("#format", event_format)
        BrowserTools.set_rounds(desk, len(movements))
        for i, movement in enumerate(movements, start=1):
            desk.select_option(f"#deals_{i}", str(deals))
            desk.select_option(f"#movement_{i}", movement)
        if seed is not None:
            desk.click("#new-event details summary")
            desk.fill("#seed", str(seed))
        BrowserTools.follow(desk, "#new-event button[type=submit]")
        assert re.search(rf"/desk/e/{event_id}$", desk.url), desk.inner_text("main")
        desk.set_input_files("#upload-file", str(csv))
        BrowserTools.follow(desk, "#upload-form button[type=submit]")
        return int(desk.locator("table.competitors tbody tr").count())

    @staticmethod
    def desk_seat_and_publish(desk: Any, base: str, event_id: str, rnd: int) -> None:
        """Seat a round on the desk, review it and publish it (art. 4)."""
        desk.goto(f"{base}/desk/e/{event_id}/r/{rnd}")
        BrowserTools.follow(desk, "#seat-round")
        assert desk.locator("#seating-table").count() == 1, desk.inner_text("main")
        BrowserTools.follow(desk, "#publish-seating")
        assert desk.locator("#sheets-table").count() == 1, desk.inner_text("main")


@pytest.fixture
def tools(request: pytest.FixtureRequest) -> Iterator[BrowserTools]:
    """The browser tests' shared helpers; the lines' codes come from the test's app."""

    def secret() -> bytes:
        app: FastAPI = request.getfixturevalue("web_app")
        web: Web = app.state.web
        return web.secret

    BrowserTools.secret_of = secret
    yield BrowserTools()
    BrowserTools.secret_of = None
