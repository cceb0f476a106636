"""The hall display moves on by itself (``static/refresh.js``, no meta refresh: axe-core's
meta-refresh rule, issue 28), and a reader at the screen can hold it: a key pressed or a
touch gives ten times the page's seconds (WCAG 2.2.1, timing adjustable). The projector
never shows the playing time (FIBAS art. 7). Time runs on Playwright's fake clock: nothing
waits for real seconds."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

SECONDS = 10


def _hall(browser: Any, base: str, event_id: str) -> Any:
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    page.clock.install()
    page.goto(f"{base}/e/{event_id}/hall?page=1&seconds={SECONDS}", wait_until="load")
    return page


def test_the_hall_moves_on_by_itself_and_a_key_holds_it(
    make_event: Any, web_app: FastAPI, live_server: str, browser: Any
) -> None:
    """Untouched, the display goes to its next page after its seconds; a key pressed holds
    the page ten times as long, then it moves on (FIBAS art. 7: no playing time shown)."""
    event_id = make_event(pairs=60, rounds=2)
    page = _hall(browser, live_server, event_id)
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    with page.expect_navigation():
        page.clock.run_for(SECONDS * 1000 + 500)
    assert page.url.endswith(f"?page=2&seconds={SECONDS}"), page.url
    page.context.close()

    page = _hall(browser, live_server, event_id)
    page.keyboard.press("Space")
    page.clock.run_for(SECONDS * 9 * 1000)  # nine times the seconds: still the same page
    assert page.url.endswith(f"?page=1&seconds={SECONDS}"), page.url
    with page.expect_navigation():
        page.clock.run_for(SECONDS * 1000 + 500)
    assert page.url.endswith(f"?page=2&seconds={SECONDS}"), page.url
    assert "giocati" not in page.inner_text("body")
    page.context.close()
