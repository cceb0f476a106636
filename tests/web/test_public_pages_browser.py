"""The polled panels in a real browser (headless Chromium): the desk round's live panel and
the public standings answer 204 while nothing changes (htmx keeps the page as it is) and
show a new sheet by themselves; the page's screenshot is kept for review."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from arbitro.services.demo import random_deal
from arbitro.tournament.scoring.sheet import SheetEntry


def test_desk_live_panel_204_then_the_new_sheet(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """The desk's round page polls its panel every 3 s: 204 while no record arrives, then a
    sheet entered from a table shows as pending without a reload, and the polling goes on
    with the new version (204 again). The page's timers run on Playwright's clock: each
    poll is made at once, not waited for."""
    svc = web_app.state.web.service
    event_id = make_event(pairs=8, deals=2)
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    polls: list[tuple[str, int]] = []
    page.on(
        "response",
        lambda r: polls.append((r.url, r.status)) if "/r/1/live" in r.url else None,
    )

    def poll() -> None:
        """The panel's next poll (every 3 s), made now, and its answer."""
        with page.expect_response(lambda r: "/r/1/live" in r.url):
            page.clock.run_for(3_000)

    page.clock.install()
    try:
        page.goto(f"{live_server}/login")
        page.fill("input[name=username]", director[0])
        page.fill("input[name=password]", director[1])
        tools.follow(page, "form button[type=submit]")
        page.goto(f"{live_server}/desk/e/{event_id}/r/1")
        assert page.locator("#sheets-table .status-missing").count() == 4
        poll()
        assert polls and all(status == 204 for _, status in polls), polls
        seating = svc.state(event_id).round(1).seating
        table = seating.tables[0].table
        entry = SheetEntry(tuple(random_deal(random.Random(1)) for _ in range(2)))
        svc.enter_sheet(event_id, 1, table, entry, line="ns")
        poll()
        page.locator("#sheets-table .status-pending").first.wait_for(timeout=10_000)
        assert page.locator("#sheets-table .status-missing").count() == 3
        assert any(status == 200 for _, status in polls)
        seen = len(polls)
        poll()
        assert polls[seen:] and all(status == 204 for _, status in polls[seen:]), polls
        assert page.locator("#live").count() == 1  # swapped in place, not nested
        page.screenshot(path=str(tmp_path / "desk-round-live.png"), full_page=True)
    finally:
        page.context.close()
