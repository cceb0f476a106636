"""A director in a real browser (Chromium) keeps a family apart on the event's page, seats
round 1 by registration order and reads on the round's page, at the desk's 1366x768, that the
seating could not keep them apart (FIBAS art. 4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from tests.web.conftest import BrowserTools

from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


def test_constraint_added_in_the_browser_and_reported_on_the_round_page_art4(
    browser: Any,
    live_server: str,
    web_app: FastAPI,
    director: tuple[str, str],
    tools: BrowserTools,
    tmp_path: Path,
) -> None:
    """The form on the event's page records the family 2–1; round 1 by registration order
    seats them at table 1; the round page's report says so in Italian; the screenshot at
    1366x768 is a real PNG."""
    svc = web_app.state.web.service
    config = EventConfig(
        name="Serata del circolo",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.REGISTRATION_ORDER, Movement.MITCHELL, Movement.MITCHELL),
        mitchell_step=0,
    )
    svc.create_event("circolo", config)
    for name in ["Rossi", "Bianchi", "Verdi", "Neri", "Gallo", "Conti"]:
        svc.run("circolo", Register(name, [f"{name} A.", f"{name} B."]))
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live_server}/desk/e/circolo")
    desk.select_option("#constraint-form select[name=first]", "2")
    desk.select_option("#constraint-form select[name=second]", "1")
    desk.select_option("#constraint-form select[name=reason]", "family")
    desk.fill("#constraint-form input[name=note]", "fratelli")
    tools.follow(desk, "#constraint-form button[type=submit]")
    assert "Rossi – 2 Bianchi" in desk.inner_text("#constraints-table")
    desk.locator("#constraints").screenshot(path=str(tmp_path / "desk-constraints-form.png"))
    desk.goto(f"{live_server}/desk/e/circolo/r/1")
    tools.follow(desk, "#seat-round")
    report = desk.inner_text("#unkept-constraints")
    assert "Vincolo non rispettato: Rossi–Bianchi si incontrano al tavolo 1 (familiari)" in report
    shot = tmp_path / "desk-constraints.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    desk.context.close()
