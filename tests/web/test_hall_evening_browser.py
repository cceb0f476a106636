"""A 30-table evening (60 pairs) in a real browser, end to end (issue 12, "Done means").

The director, at the desk (Chromium at 1366x768), creates the event, uploads the
registrations, seats and publishes round 1 (FIBAS art. 4) and prints the table cards; every
QR code of that PDF is decoded (pdftoppm + zxing-cpp) and the phones open exactly those URLs.
Each of the 30 sheets is signed by two phones, one per line: N-S enters the numbers, E-O
sees them read-only and confirms (art. 20). At :data:`BROWSER_TABLES` the phones are Chromium
pages at 390x844 (a phone that signed N-S trying to sign E-O is refused on its screen); at the
other tables they are HTTP clients with their own cookies, posting the same forms to the URL of
the table's QR code (the browser's steps are the same at every table: repeating them 30 times
cost a sixth of the suite's time and checked nothing more). The director starts the round clock (art. 7), records a
lateness "arrived now" from it with its M.P. shown before confirming (art. 37), publishes the
standings (art. 19, 39), gives a second warning that costs V.P. and M.P. in the published
standings (art. 41) and cancels it with a reason, and the standings come back. The hall
display pages through all 60 pairs, text at least 24 px, without navigation.

With ``ARBITRO_SCREENS_DIR`` set (``tools/screens.py``), the screenshots of the desk, the
phone entry and confirmation and the hall display are also written there for the README.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi import FastAPI
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.lines import proof
from tests.web.test_hall_browser import PAGE_FACTS, SURNAMES

from arbitro.collation import name_key
from arbitro.services.demo import random_deal
from arbitro.tournament import commands
from arbitro.tournament.model import Movement
from arbitro.tournament.scoring.sheet import SheetEntry, sheet_result
from arbitro.web.app import Web
from arbitro.web.base_url import BASE_URL_ENV, table_url_at
from arbitro.web.sheet_form import entry_values

pytestmark = pytest.mark.slow

EVENT = "martedi30"
PAIRS = 60
TABLES = PAIRS // 2
DEALS = 2
DESK = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
MIN_PX = 24.0
LATE = 17  # the pair arriving 6:30 after the start (art. 37)
WARNED = 23  # the pair warned twice (art. 41)
TWICE = 9  # the table where N-S's phone also tries to sign for E-O (art. 20)
BROWSER_TABLES = frozenset({1, 2, TWICE, 16, TABLES})  # signed by Chromium's phones
HALL_HOST = "sala.local"  # the hall's name for the director's computer on the club's Wi-Fi


@pytest.fixture(scope="module")
def hall_browser(playwright: Any) -> Iterator[Any]:
    """A headless Chromium on the club's Wi-Fi: ``sala.local`` (the base URL the desk prints
    on the cards, as ``arbitro serve --base-url http://sala.local:8000`` would) resolves to
    the test server, so the desk and the phones use the hall's address, not localhost."""
    rules = f"--host-resolver-rules=MAP {HALL_HOST} 127.0.0.1"
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, rules]
    )
    try:
        yield chromium
    finally:
        chromium.close()


def pair_names() -> list[str]:
    """Sixty distinct pairs with plausible names."""
    rng = random.Random(PAIRS)
    names: list[str] = []
    while len(names) < PAIRS:
        name = " / ".join(rng.sample(SURNAMES, 2))
        if name not in names:
            names.append(name)
    return names


def screens_dir() -> Path | None:
    """Where ``tools/screens.py`` wants the README's screenshots (None: not wanted)."""
    folder = os.environ.get("ARBITRO_SCREENS_DIR")
    return Path(folder) if folder else None


def shoot(page: Any, name: str, tmp_path: Path, **options: Any) -> Path:
    """A screenshot of ``page`` in the test's folder, and in the README's if wanted."""
    path = tmp_path / name
    page.screenshot(path=str(path), **options)
    wanted = screens_dir()
    if wanted is not None:
        wanted.mkdir(parents=True, exist_ok=True)
        (wanted / name).write_bytes(path.read_bytes())
    return path


FETCH = """async url => {
  const reply = await fetch(url);
  const bytes = new Uint8Array(await reply.arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return {status: reply.status, type: reply.headers.get("content-type"), data: btoa(text)};
}"""


def fetch(page: Any, url: str) -> tuple[int, str, bytes]:
    """``url`` fetched by the browser itself (its cookies, its name resolution): status,
    content type and body."""
    import base64

    got = page.evaluate(FETCH, url)
    return got["status"], got["type"], base64.b64decode(got["data"])


def decode_all_qr_codes(pdf: bytes, tmp_path: Path) -> list[str]:
    """The texts of every QR code on every page of the PDF, rendered at 150 dpi."""
    import zxingcpp
    from PIL import Image

    (tmp_path / "cards.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", "cards.pdf", "card"], cwd=tmp_path, check=True)
    texts: list[str] = []
    for png in sorted(tmp_path.glob("card*.png")):
        with Image.open(png) as image:
            texts += [r.text for r in zxingcpp.read_barcodes(image)]
    return texts


def standings_rows(page: Any) -> dict[str, tuple[int, int, str]]:
    """The published standings as read on the page: name → (V.P., M.P., penalties)."""
    rows = page.eval_on_selector_all(
        "table.standings tbody tr",
        "trs => trs.map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()))",
    )
    return {r[2]: (int(r[3]), int(r[4]), r[5]) for r in rows}


def standings_now(page: Any, base: str) -> dict[str, tuple[int, int, str]]:
    page.goto(f"{base}/e/{EVENT}/standings", wait_until="domcontentloaded")
    return standings_rows(page)


def desk_round(desk: Any, base: str) -> str:
    desk.goto(f"{base}/desk/e/{EVENT}/r/1", wait_until="domcontentloaded")
    return str(desk.inner_text("main"))


def sign_table(
    tools: Any,
    browser: Any,
    url: str,
    entry: SheetEntry,
    tmp_path: Path,
    *,
    code: Any,
    first: bool,
) -> Any:
    """Both phones of a table open the card's URL: N-S sends the sheet, E-O sees the numbers
    read-only and confirms them (art. 20). Returns N-S's page (still open)."""
    values = entry_values(entry)
    ns = browser.new_context(viewport=PHONE).new_page()
    ns.goto(url, wait_until="domcontentloaded")
    tools.choose_line(ns, "a.line-btn[href*='line=ns']")
    ns.evaluate(tools.fill_all, values)
    if first:  # the totals and V.P. the phone computes, shown before sending
        from playwright.sync_api import expect

        result = sheet_result(code, entry, deals=DEALS, teams=False)
        expect(ns.locator("#vp-ns")).to_have_text(str(result.ns_vp))
        totals = ns.inner_text("#totals")
        for figure in (result.ns_total, result.ew_total, result.ns_vp, result.ew_vp):
            assert str(figure) in totals
        shoot(ns, "phone-entry.png", tmp_path)
    tools.follow(ns, "button.send")
    assert "sent=1" in ns.url, ns.inner_text("main")
    assert "in attesa" in ns.inner_text("#status")

    ew_context = browser.new_context(viewport=PHONE)
    ew = ew_context.new_page()
    ew.goto(url, wait_until="domcontentloaded")
    tools.follow(ew, "a.line-btn[href*='line=ew']")
    for name, value in values.items():  # the numbers N-S sent, read-only
        field = ew.locator(f"#{name}")
        assert field.input_value() == value and field.get_attribute("readonly") is not None
    if first:
        shoot(ew, "phone-confirm.png", tmp_path)
    tools.follow(ew, "button.send.confirm")
    assert "confermato" in ew.inner_text("#status"), ew.inner_text("main")
    ew_context.close()
    return ns


def sign_by_http(web: Web, server: str, url: str, entry: SheetEntry, table: int) -> None:
    """Both phones of a table as HTTP clients, each its own device (cookies), at the address
    of the table's QR code: the page names the table; N-S sends the numbers with its line's
    code, E-O sees them read-only and confirms them with its own (art. 20)."""
    path = urlsplit(url).path
    values = entry_values(entry)
    with httpx.Client(base_url=server, timeout=60) as ns, httpx.Client(base_url=server) as ew:
        page = ns.get(path, params={"line": "ns"})
        assert page.status_code == 200 and re.search(rf"<h1>Tavolo {table}\b", page.text)
        form = {**values, "line": "ns", "round": "1", "proof": proof(web, path, "ns")}
        assert ns.post(path, data=form).status_code == 303
        page = ew.get(path, params={"line": "ew"})
        assert re.search(rf'name="{next(iter(values))}"[^>]*value="[^"]*" readonly', page.text)
        form = {**values, "line": "ew", "round": "1", "confirm": "1"}
        assert ew.post(path, data={**form, "proof": proof(web, path, "ew")}).status_code == 303


def test_thirty_tables_evening_in_a_real_browser(
    tools: Any,
    web_app: FastAPI,
    live_server: str,
    hall_browser: Any,
    clock: Any,
    director: tuple[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """60 pairs at 30 tables, round 1 from the draw (art. 4) to the hall display: printed QR
    codes lead the phones to their table, two phones sign each sheet (art. 20), the clock
    (art. 7) times a lateness (art. 37), a warning (art. 41) moves the published standings
    (art. 19, 39) and its cancellation moves them back, every pair is on the hall display."""
    started = time.monotonic()
    web: Web = web_app.state.web
    svc = web.service
    browser = hall_browser
    base = live_server.replace("127.0.0.1", HALL_HOST)
    monkeypatch.setenv(BASE_URL_ENV, base)  # the URL the printed cards carry
    names = pair_names()
    csv_file = tmp_path / "iscritti.csv"
    csv_file.write_text("nome\n" + "".join(f"{n}\n" for n in names), encoding="utf-8")

    # The desk: a 60-pair event, registrations uploaded, round 1 seated and published.
    desk = tools.desk_login(browser, base, director)
    desk.set_viewport_size(DESK)
    registered = tools.desk_create_event(
        desk,
        base,
        EVENT,
        "Burraco del martedì — 30 tavoli",
        movements=[Movement.DRAW.value, Movement.MITCHELL.value],
        deals=DEALS,
        csv=csv_file,
        seed=30,
    )
    assert registered == PAIRS
    tools.desk_seat_and_publish(desk, base, EVENT, 1)
    state = svc.state(EVENT)
    seating = state.round(1).seating
    assert seating is not None and len(seating.tables) == TABLES
    # No red warning: the cards lead to the hall's address, which the phones reach.
    assert "I codici QR dei segnatavolo porterebbero" not in desk.inner_text("body")

    # The table cards, printed from the desk's link; their QR codes carry the base URL.
    href = desk.get_attribute("a[href$='/pdf/table-cards']", "href")
    status, kind, pdf = fetch(desk, f"{base}{href}")
    assert (status, kind) == (200, "application/pdf")
    decoded = decode_all_qr_codes(pdf, tmp_path)
    expected = {table_url_at(base, web.secret, EVENT, t, 1): t for t in range(1, TABLES + 1)}
    assert sorted(decoded) == sorted(expected)

    # The round clock (art. 7): started at the desk, a lateness "arrived now" (art. 37).
    desk_round(desk, base)
    tools.follow(desk, "#start-round")
    assert "Avviato alle" in desk.inner_text("#round-clock")
    clock.advance(minutes=6, seconds=30)
    desk.select_option("#arrival-form select[name=competitor]", str(LATE))
    tools.follow(desk, "#arrived-now")
    preview = desk.inner_text("#lateness-preview")
    assert "6:30 di ritardo dall'avvio del turno" in preview and "-100 M.P." in preview
    assert svc.state(EVENT).lateness == {}  # shown, not yet recorded
    tools.follow(desk, "#confirm-lateness")
    assert svc.state(EVENT).lateness == {(1, LATE): 390}
    assert re.search(r"6:30 di ritardo.*-100 M\.P\.", desk.inner_text("#ledger"))
    clock.advance(minutes=6)
    served = fetch(desk, f"{base}/desk/e/{EVENT}/r/1")[2].decode()
    assert "giocati 12:30 di 25:00" in served  # as the server renders it
    desk_round(desk, base)  # the page then ticks by itself, second by second
    assert re.search(r"giocati 12:[3-5]\d di 25:00", desk.inner_text("#round-clock"))

    # The phones: every table's two lines, from the URL of its printed QR code (art. 20).
    rng = random.Random(2026)
    sheets = {t: SheetEntry((random_deal(rng), random_deal(rng))) for t in range(1, TABLES + 1)}
    for url, table in sorted(expected.items(), key=lambda item: item[1]):
        if table not in BROWSER_TABLES:
            sign_by_http(web, live_server, url, sheets[table], table)
            continue
        ns = sign_table(
            tools, browser, url, sheets[table], tmp_path, code=state.code, first=table == 1
        )
        if table == TWICE:  # the phone that signed N-S tries to sign for E-O too
            # In a new tab of the same phone (its device cookie): the N-S tab polls its sheet
            # and reloads itself once E-O has confirmed, and a navigation started on it would
            # race that reload (tools.open_page).
            ns = tools.open_page(ns, f"{url}?line=ew")
            said = ns.inner_text("p.error.refused")
            assert said == (
                f"questo telefono ha già firmato lo score del tavolo {TWICE} per la linea "
                "N-S: l'altra linea firma con il proprio telefono (FIBAS art. 20)"
            )
            shoot(ns, "phone-refused.png", tmp_path)
        ns.context.close()
    state = svc.state(EVENT)
    assert {t: commands.sheet_status(state, 1, t) for t in sheets} == dict.fromkeys(
        sheets, "confirmed"
    )
    for table in sheets:
        history = svc.sheet_history(EVENT, 1, table)
        assert {v.line for v in history if v.line} == {"ns", "ew"}
        devices = state.round(1).sheets[table].devices
        assert sorted(devices.values()) == ["ew", "ns"]  # two phones, one line each

    # All sheets in: the desk shows it, and publishes the round's standings (art. 19, 39).
    text = desk_round(desk, base)
    assert "Tavoli senza referto o in conflitto" not in text
    shoot(desk, "desk-round.png", tmp_path)
    tools.follow(desk, "#publish-standings")
    hall = browser.new_context(viewport=DESK).new_page()
    before = standings_now(hall, base)
    assert len(before) == PAIRS
    late_name, warned_name = (state.competitors[c].name for c in (LATE, WARNED))
    assert before[late_name][2] == "−100 M.P."  # the lateness, with its figure (art. 37)
    assert before[warned_name][2] == ""

    # Two warnings (art. 41): the second costs 1 V.P. and 100 M.P. in the standings.
    for reason in ("parla durante il gioco", "parla ancora"):
        desk_round(desk, base)
        desk.select_option("#sanction-form select[name=competitor]", str(WARNED))
        desk.fill("#sanction-form input[name=reason]", reason)
        tools.follow(desk, "#sanction-form button[type=submit]")
    assert "ammonizione n. 2; -1 V.P., -100 M.P." in desk.inner_text("#ledger")
    warned = standings_now(hall, base)
    vp, mp, _ = before[warned_name]
    assert warned[warned_name] == (vp - 1, mp - 100, "−1 V.P. −100 M.P.")
    others = {n: row for n, row in warned.items() if n != warned_name}
    assert others == {n: row for n, row in before.items() if n != warned_name}

    # The second warning cancelled, with its reason: the standings are back.
    second = max(e.seq for e in svc.state(EVENT).ledger if e.kind == "warning")
    row = desk.locator(f"#ledger-{second}")
    row.locator("input[name=reason]").fill("ammonito il giocatore sbagliato")
    tools.follow(desk, f"#ledger-{second} button[type=submit]")
    assert "annullato da direttore perché ammonito il giocatore sbagliato" in desk.inner_text(
        "#ledger"
    )
    assert standings_now(hall, base) == before

    # The hall display pages through all 60 pairs, readable across the room (at 1366x768;
    # test_hall_browser.py walks 60 and 120 pairs at 1920x1080 too).
    for viewport in (DESK,):
        hall.set_viewport_size(viewport)
        seated: list[str] = []
        ranked: list[str] = []
        number, seen = 1, 0
        while True:
            # A page held 300 s (the director's ?seconds=): the refresh never races the checks.
            hall.goto(f"{base}/e/{EVENT}/hall?page={number}&seconds=300", wait_until="load")
            fact = hall.evaluate(PAGE_FACTS)
            assert fact["nav"] == 0 and hall.locator("a[href]").count() == 0
            shown = hall.inner_text("body")
            assert f"pagina {fact['page']} di {fact['pages']}" in shown
            assert "giocati" not in shown and "residu" not in shown  # no playing time (art. 7)
            small = [t for t in fact["texts"] if t["size"] < MIN_PX]
            assert not small, (viewport, small[:3])
            assert all(r["inside"] for r in fact["rows"]), (viewport, fact["part"])
            if fact["part"] == "seating":
                seated += [r["cells"][0] for r in fact["rows"]]
                if viewport == DESK and fact["page"] == "1":
                    shoot(hall, "hall-seating-60.png", tmp_path)
            else:  # provisional standings: complaints until HH:MM (art. 39)
                assert re.search(r"reclami fino alle \d\d:\d\d \(FIBAS art\. 39\)", shown)
                ranked += [r["cells"][1] for r in fact["rows"]]
                if viewport == DESK and fact["page"] == "1":
                    shoot(hall, "hall-standings-60.png", tmp_path)
            seen += 1
            number = int(re.search(r"page=(\d+)", fact["refresh"]).group(1))  # type: ignore[union-attr]
            if number == 1:
                break
            assert seen < 40
        assert seated == sorted(names, key=name_key), viewport
        assert sorted(ranked) == sorted(names), viewport
        assert seen >= 3  # at least seating and standings, one of them on 2 pages
    hall.context.close()
    desk.context.close()
    print(f"30-table evening in the browser: {time.monotonic() - started:.1f} s")
