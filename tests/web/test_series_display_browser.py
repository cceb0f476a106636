"""The series standings on a real projector (Chromium at 1366x768): the season of three
club events ranked best 2 of 3, every row of the page inside the screen (nothing scrolls or
is cut), the points in large type, and the page turning by itself to the next page. The
screenshot is kept in docs/screens/series-hall.png when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from tests.services.test_series_service import club_season

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"


def test_the_series_fits_the_projector_and_turns_its_pages(
    web_app: FastAPI, live_server: str, browser: Any, tmp_path: Path
) -> None:
    """At 1366x768 the page does not scroll; the last player's row and the tie notes are
    inside the screen; the names are at least 24 px; with ``?seconds=5`` the page reloads
    itself (meta refresh) to ``?page=1`` again (one page)."""
    club_season(web_app.state.web.store)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        page.goto(f"{live_server}/s/stagione")
        size = page.evaluate(
            "[document.documentElement.scrollHeight, document.documentElement.scrollWidth]"
        )
        assert size == [768, 1366]
        rows = page.locator("tr.h-row")
        assert rows.count() == 10
        last = rows.nth(9).bounding_box()
        assert last is not None and last["y"] + last["height"] <= 768
        tie = page.locator("p.tie").bounding_box()
        assert tie is not None and tie["y"] + tie["height"] <= 768
        font = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('td.name')).fontSize)"
        )
        assert font >= 24
        shot = tmp_path / "series-hall.png"
        page.screenshot(path=str(shot))
        if os.environ.get("ARBITRO_UPDATE_SCREENS"):
            shutil.copyfile(shot, SCREENS / shot.name)
        page.goto(f"{live_server}/s/stagione?seconds=5")
        page.wait_for_url(f"{live_server}/s/stagione?page=1&seconds=5", timeout=15000)
        assert page.locator("tr.h-row").count() == 10
    finally:
        context.close()  # not page.close(): it can race the page's own reload (conftest)
