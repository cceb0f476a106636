"""The check-in at the entrance in a real browser (headless Chromium): 60 pairs, one click
per pair, the count follows, round 1 refused naming the absent, "Ritira gli assenti" asks to
confirm and withdraws them, then round 1 is seated (FIBAS art. 4, 36). The screenshot of the
registration list at 1366x768 is kept in docs/screens when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.tournament.commands import values


def test_check_in_at_the_entrance_with_60_pairs_art4_art36(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """42 of 60 pairs already in; one more click makes 43 (absent rows stand out); the 17
    absent are withdrawn: the confirmation refused withdraws nobody, accepted withdraws them; round 1
    is then seated with the 43 present."""
    svc = web_app.state.web.service
    event_id = make_event(pairs=60, seat=False)
    absent = [3, 8, 12, *range(46, 61)]
    svc.run(event_id, values.CheckIn([c for c in range(1, 61) if c not in absent]))
    desk = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    try:
        desk.goto(f"{live_server}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "form button[type=submit]")
        desk.goto(f"{live_server}/desk/e/{event_id}")
        assert "Presenze: 42 presenti di 60" in desk.inner_text("#check-in")
        # One click, one row (issue 28): htmx swaps the row and the count, no page load.
        navigations: list[str] = []
        desk.on("framenavigated", lambda frame: navigations.append(frame.url))
        desk.click("#competitor-8 .check-in-form button[type=submit]")
        expect(desk.locator("#check-in")).to_contain_text("Presenze: 43 presenti di 60")
        expect(desk.locator("#competitor-8")).to_contain_text("✓\xa0presente")
        assert navigations == []
        assert "✓\xa0presente" in desk.inner_text("#competitor-8")
        assert desk.get_attribute("#competitor-3", "class") == "row-pending"
        assert desk.get_attribute("#competitor-8", "class") is None
        shot = tmp_path / "desk-check-in.png"
        desk.goto(f"{live_server}/desk/e/{event_id}#competitors")
        desk.screenshot(path=str(shot))
        if os.environ.get("ARBITRO_UPDATE_SCREENS"):  # refresh docs/screens/desk-check-in.png
            kept = Path(__file__).resolve().parents[2] / "docs" / "screens" / shot.name
            shutil.copyfile(shot, kept)

        assert svc.state(event_id).absent() == [3, 12, *range(46, 61)]
        desk.once("dialog", lambda d: d.dismiss())
        desk.click("#withdraw-absent-form button[type=submit]")
        assert svc.state(event_id).absent() == [3, 12, *range(46, 61)]
        desk.once("dialog", lambda d: d.accept())
        tools.follow(desk, "#withdraw-absent-form button[type=submit]")
        state = svc.state(event_id)
        assert state.absent() == [] and state.competitors[60].withdrawn_from_round == 1
        state = svc.seat(event_id, 1)
        assert len(state.round(1).seating.competitors()) == 43
    finally:
        desk.context.close()
    assert tools.png_size(shot) == (1366, 768)
