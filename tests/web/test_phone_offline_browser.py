"""A phone that loses the hall's Wi-Fi never loses a number (issue 28), in a real browser
(headless Chromium at 390x844): what a line types is kept on the phone from the first digit;
a sheet sent without network is queued, said so in the page's language, and sent again with
the idempotency key its form carries when the network returns, so it is recorded once (FIBAS
art. 20: each line signs the sheet once); a reload without network (the service worker's copy)
and the phone switched off and on (a new page) show what was typed; a double tap sends once;
the line that finds different numbers starts from the other line's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from arbitro.store import users as user_store
from arbitro.tournament import commands
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web
from arbitro.web.sheet_form import entry_values
from arbitro.web.tokens import table_path

PHONE = {"width": 390, "height": 844}
ENTRY = SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]})
QUEUED_IT = (
    "Senza rete: lo score è salvato su questo telefono e verrà inviato appena torna la connessione."
)
QUEUED_EN = (
    "No network: the sheet is saved on this phone and will be sent as soon as the connection "
    "returns."
)
WAIT = 20_000  # ms: a queued sheet is sent again at most 10 s after a failed send


def _sheets(web: Web, event: str, table: int) -> int:
    return len(web.service.sheet_history(event, 1, table))


def _typed(page: Any) -> dict[str, str]:
    return {name: page.input_value(f"#{name}") for name in entry_values(ENTRY)}


def _offline(context: Any, offline: bool) -> None:
    """The hall's Wi-Fi lost (or back) for this phone: the browser offline, and every request
    of the phone refused, its service worker's included (the browser's offline mode alone
    may leave a worker's own requests through)."""
    if offline:
        context.route("**/*", lambda route: route.abort("internetdisconnected"))
        context.set_offline(True)
    else:
        context.unroute("**/*")
        context.set_offline(False)


def _controlled(page: Any) -> None:
    """Wait until the service worker controls the page (it claims it once active)."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    expect(page.locator("body")).to_be_visible()
    for _ in range(50):
        if page.evaluate("() => !!navigator.serviceWorker.controller"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the service worker never took the page")


def test_a_sheet_sent_without_network_is_kept_queued_and_sent_once_when_it_returns_art_20(
    web_app: FastAPI, live_server: str, browser: Any, make_event: Any, tools: Any, tmp_path: Path
) -> None:
    web: Web = web_app.state.web
    event = make_event("senzarete", pairs=8, rounds=2, deals=2)
    url = live_server + table_path(web.secret, event, 1, 1)
    context = browser.new_context(viewport=PHONE)
    ns = context.new_page()
    ns.goto(url, wait_until="load")  # the table card's QR code: the page registers its worker
    _controlled(ns)
    tools.choose_line(ns, "a.line-btn[href*='line=ns']")
    ns.evaluate(tools.fill_all, entry_values(ENTRY))
    expect(ns.locator("#vp-ns")).to_have_text("9", timeout=15_000)

    _offline(context, True)
    tools.type_code(ns)  # the line's code, from its half of the card
    ns.click("button.send")
    expect(ns.locator("#offline-note")).to_have_text(QUEUED_IT, timeout=WAIT)
    ns.screenshot(path=str(tmp_path / "phone-offline.png"))
    assert _typed(ns) == entry_values(ENTRY)  # nothing typed is lost
    assert _sheets(web, event, 1) == 0

    # The page reloaded without network: the worker's copy, the numbers, the queued sheet.
    reloaded = ns.reload(wait_until="load")
    assert reloaded is not None and reloaded.from_service_worker
    expect(ns.locator("#offline-note")).to_have_text(QUEUED_IT, timeout=WAIT)
    assert _typed(ns) == entry_values(ENTRY)
    assert _sheets(web, event, 1) == 0

    # The network returns: the queued sheet leaves by itself, once.
    _offline(context, False)
    expect(ns.locator("#status")).to_contain_text("in attesa dell'altra linea", timeout=WAIT)
    assert "sent=1" in ns.url
    ns.screenshot(path=str(tmp_path / "phone-back.png"))
    assert _sheets(web, event, 1) == 1
    state = web.service.state(event)
    accepted = state.round(1).sheets[1].accepted
    assert accepted is not None and accepted.entry == ENTRY
    for name in ("phone-offline.png", "phone-back.png"):
        assert tools.png_size(tmp_path / name) == (390, 844)
    context.close()


def test_a_failed_send_without_a_service_worker_is_sent_again_and_a_double_tap_sends_once(
    web_app: FastAPI, live_server: str, browser: Any, make_event: Any, tools: Any
) -> None:
    """The hall on plain HTTP has no service worker (browsers allow one only over HTTPS):
    the phone's storage alone keeps the sheet; a send cut off (the request aborted) is queued
    and sent again; two taps on "Invia" record one sheet (art. 20). In English too."""
    web: Web = web_app.state.web
    event = make_event("tagliato", pairs=8, rounds=2, deals=2)
    url = live_server + table_path(web.secret, event, 2) + "?lang=en"
    context = browser.new_context(viewport=PHONE, service_workers="block")
    ns = context.new_page()
    ns.clock.install()  # time flows, and the phone's 10 s before sending again can be skipped
    ns.goto(url, wait_until="load")
    tools.choose_line(ns, "a.line-btn[href*='line=ns']")
    ns.evaluate(tools.fill_all, entry_values(ENTRY))
    cut = {"count": 0}

    def abort_posts(route: Any) -> None:
        if route.request.method == "POST" and "/preview" not in route.request.url:
            cut["count"] += 1
            route.abort("internetdisconnected")
        else:
            route.continue_()

    ns.route("**/t/**", abort_posts)
    tools.type_code(ns)  # the line's code, from its half of the card
    ns.click("button.send")
    expect(ns.locator("#offline-note")).to_have_text(QUEUED_EN, timeout=WAIT)
    assert cut["count"] == 1 and _sheets(web, event, 2) == 0
    assert _typed(ns) == entry_values(ENTRY)
    ns.unroute("**/t/**")
    ns.clock.run_for(10_000)  # table-offline.js sends a cut-off sheet again after 10 s
    expect(ns.locator("#status")).to_contain_text("waiting for the other line", timeout=WAIT)
    assert _sheets(web, event, 2) == 1

    # E-O's phone, switched off before sending and on again: a new page shows its numbers.
    ew_context = browser.new_context(viewport=PHONE, service_workers="block")
    ew = ew_context.new_page()
    ew.goto(url.replace("?lang=en", "?line=ew&differ=1&lang=en"), wait_until="load")
    # The line that finds different numbers starts from N-S's, as inputs it can change.
    assert _typed(ew) == entry_values(ENTRY)
    ew.fill("#o2_ew_points", "125")
    ew.dispatch_event("#o2_ew_points", "input")
    ew.close()
    again = ew_context.new_page()
    again.goto(url.replace("?lang=en", "?line=ew&differ=1&lang=en"), wait_until="load")
    expect(again.locator("#o2_ew_points")).to_have_value("125")
    tools.type_code(again)  # the line's code, from its half of the card
    with again.expect_navigation(wait_until="load"):
        again.dblclick("button.send")  # a double tap
    expect(again.locator("#status")).to_contain_text("Conflict", timeout=WAIT)
    assert _sheets(web, event, 2) == 2  # N-S's and E-O's, each once
    assert commands.sheet_status(web.service.state(event), 1, 2) == "conflict"
    context.close()
    ew_context.close()


def test_a_resend_while_the_first_is_still_being_recorded_is_told_when_to_try_again(
    web_app: FastAPI, make_event: Any
) -> None:
    """After a restart a phone's resent sheet may find its key still held by the request the
    restart cut: the answer (409) says when to send again (``Retry-After``), which the phone's
    queue obeys instead of giving up (static/table-offline.js)."""
    web: Web = web_app.state.web
    event = make_event("riavvio", pairs=8, rounds=2, deals=2)
    path = table_path(web.secret, event, 3)
    assert user_store.claim_key(web.store, f"path:{path}", "chiave-riavvio-0001") is None
    data = {**entry_values(ENTRY), "line": "ns", "round": "1", "_key": "chiave-riavvio-0001"}
    with TestClient(web_app, base_url="http://127.0.0.1") as phone:
        phone.get(path)
        reply = phone.post(path, data=data, headers={"Origin": "http://127.0.0.1"})
    assert reply.status_code == 409
    assert reply.headers["Retry-After"] == "2"
    assert _sheets(web, event, 3) == 0


def test_the_service_worker_is_served_from_the_root_for_the_table_pages(
    client: TestClient,
) -> None:
    reply = client.get("/sw.js")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/javascript")
    assert reply.headers["cache-control"] == "no-cache"
    assert "/static/table-offline.js" in reply.text
