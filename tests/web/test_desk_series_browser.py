"""The series of events on the desk in a real browser (headless Chromium, 1366x768): from the
navigation's «Serie» the director creates the club's season (placement 10, 8, 6, 4, best 2,
the three evenings ticked), sees the standings by player (FIBAS art. 2: each of a pair's
players earns the pair's points), takes an event out (confirmed) and reaches the projector
page. The screenshot is kept in docs/screens when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.web.test_desk_series import evenings

__all__ = ["evenings"]  # the fixture, shared with the TestClient tests


def test_the_season_from_the_navigation_to_the_projector_art2(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    evenings: FastAPI,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """«Serie» → the form → the season's standings: Carla Verdi first, her dropped 8 in
    brackets; «Togli» on ``ott`` (the dialog accepted) leaves two events; the projector
    link opens ``/s/<series>`` in its own tab."""
    monkeypatch.setenv("ARBITRO_BASE_URL", "http://192.168.1.20:8000")  # the hall's address
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 1366, "height": 768})
        tools.follow(desk, "nav a[href='/desk/series']")
        desk.fill("#series-name", "Stagione 2025/26")
        desk.fill("#series-id", "stagione")
        desk.fill("#series-table", "10, 8, 6, 4")
        desk.fill("#series-best", "2")
        for event_id in ("sett", "ott", "nov"):
            desk.check(f"input[name=event][value={event_id}]")
        tools.follow(desk, "#create-form button[type=submit]")
        assert desk.url.endswith("/desk/series/stagione?ok=created")
        first = desk.locator("table.series-standings tbody tr").first
        assert first.inner_text().split("\t") == ["1", "Carla Verdi", "(8)", "10", "10", "20"]
        assert "Classifica definitiva del circuito" in desk.inner_text("#standings h2")
        shot = tmp_path / "desk-series.png"
        desk.screenshot(path=str(shot))
        if os.environ.get("ARBITRO_UPDATE_SCREENS"):  # refresh docs/screens/desk-series.png
            kept = Path(__file__).resolve().parents[2] / "docs" / "screens" / shot.name
            shutil.copyfile(shot, kept)

        with desk.context.expect_page() as projector:
            desk.click("#standings a[href='/s/stagione']")
        shown = projector.value
        shown.wait_for_load_state("domcontentloaded")
        assert "Stagione 2025/26" in shown.inner_text("h1")
        shown.close()

        tools.follow(desk, "#events tr:nth-child(2) .remove-form button")
        assert desk.url.endswith("ok=removed#events")
        assert desk.locator("#events table tbody tr").count() == 2
        assert desk.locator("#add-event option[value=ott]").count() == 1
    finally:
        desk.context.close()
    assert tools.png_size(shot) == (1366, 768)
