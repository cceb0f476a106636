"""The Content-Security-Policy without ``eval`` (issue 13 §4): scripts run only from arbitro's
own files and from the templates' inline scripts whose SHA-256 the policy lists; neither
``'unsafe-eval'`` nor ``'unsafe-inline'`` is allowed for scripts. In a real browser the desk's
round page, a table's page and the hall display run with no CSP violation reported, while
an injected inline script and an ``eval`` are refused (so the check can see a violation)."""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import Error as PlaywrightError

from arbitro.tournament.commands import values
from arbitro.web.tokens import table_path

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}
VIOLATION = "Content Security Policy"


def script_sources(policy: str) -> list[str]:
    """The sources of the policy's ``script-src`` directive."""
    for directive in policy.split(";"):
        name, *sources = directive.split()
        if name == "script-src":
            return sources
    raise AssertionError(f"no script-src in {policy}")


def sha256_source(script: str) -> str:
    """The CSP source that allows an inline script with this text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"


def test_the_policy_allows_no_eval_and_no_unlisted_inline_script(client: TestClient) -> None:
    """Issue 13 §4: ``script-src`` is ``'self'`` plus hashes only: no ``'unsafe-eval'``, no
    ``'unsafe-inline'``, no other site; objects and framing are refused."""
    policy = client.get("/login").headers["content-security-policy"]
    sources = script_sources(policy)
    assert sources[0] == "'self'"
    assert sources[1:] and all(s.startswith("'sha256-") for s in sources[1:]), sources
    assert "unsafe-eval" not in policy
    assert "'unsafe-inline'" not in " ".join(sources)
    assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy


class Console:
    """A page's console errors and uncaught errors, kept as they come."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", self.console)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def violations(self) -> list[str]:
        return [text for text in self.errors if VIOLATION in text]


def check_page(page: Any, url: str, policy_sources: list[str], shot: Path) -> Console:
    """Open ``url``: every inline script of the page is listed in the policy by its hash, the
    page's scripts ran (htmx loaded) and the browser reported no violation."""
    console = Console(page)
    response = page.goto(url, wait_until="load")
    assert response is not None and response.status == 200, url
    inline = page.locator("script:not([src])").all_text_contents()
    for script in inline:
        assert sha256_source(script) in policy_sources, (url, script[:80])
    assert page.evaluate("() => typeof window.htmx") == "object", url  # /static scripts ran
    page.screenshot(path=str(shot))
    assert console.violations() == [], (url, console.errors)
    return console


def test_pages_run_their_scripts_without_csp_violations(
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    tools: Any,
    make_event: Any,
    director: tuple[str, str],
    tmp_path: Path,
) -> None:
    """Issue 13 §4: the desk's round page (its inline clock script), a table's page (htmx
    live totals) and the hall display open with no CSP violation in the browser console;
    an inline script injected into the page is refused and reported, and a string evaluated in
    the page (``eval``) is refused."""
    event_id = make_event()
    web = web_app.state.web
    web.service.run(event_id, values.StartRound(1))  # the desk shows the round's clock
    policy_sources = script_sources(web_app.state.security_headers["Content-Security-Policy"])

    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size(DESK)
    round_url = f"{live_server}/desk/e/{event_id}/r/1"
    check_page(desk, round_url, policy_sources, tmp_path / "desk-round.png")
    assert desk.locator("script:not([src])").count() >= 1  # the clock's inline script
    played = desk.locator("#round-clock").get_attribute("data-played")
    desk.locator(f"#round-clock:not([data-played='{played}'])").wait_for()  # the script ticks

    phone = browser.new_context(viewport=PHONE).new_page()
    table_url = live_server + table_path(web.secret, event_id, 1, 1)
    check_page(phone, table_url, policy_sources, tmp_path / "table.png")
    form = check_page(phone, table_url + "?line=ns", policy_sources, tmp_path / "form.png")
    with phone.expect_response(lambda r: "/preview" in r.url):  # htmx's live totals run
        phone.fill("#o1_ns_base", "300")
    phone.screenshot(path=str(tmp_path / "form-typed.png"))
    assert form.violations() == [], form.errors

    hall = browser.new_context(viewport=DESK).new_page()
    console = check_page(
        hall, f"{live_server}/e/{event_id}/hall", policy_sources, tmp_path / "hall.png"
    )

    injected = hall.evaluate(
        """() => {
          const s = document.createElement("script");
          s.textContent = "window.injected = true";
          document.body.appendChild(s);
          return window.injected === true;
        }"""
    )
    assert injected is False
    hall.locator("body").wait_for()  # one more round trip: console events come before it
    assert console.violations(), console.errors
    # Playwright's wait_for_function polls a string by evaluating it in the page: refused.
    with pytest.raises(PlaywrightError, match="unsafe-eval"):
        hall.wait_for_function("window.neverSet === true", timeout=20_000)
    # the pages' streams closed with them: the server's shutdown waited 10 s for the hall's
    for page in (desk, phone, hall):
        page.context.close()
