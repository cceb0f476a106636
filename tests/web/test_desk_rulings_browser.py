"""The arbiter's page of every code on the arbiter's phone (390x844), in a real browser (issue
31): FIBAS art. 22 (two warnings) and Scala 40 art. 11 (a wrong meld found late): choose the
table, pick the irregularity, paste the position, see the ruling, confirm; it is in the round's
ledger, and the page fits the screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.rulings.events import event, fibas_two_warnings, scala40_late_meld
from tests.web.test_public_phone_browser import WIDE

from arbitro.codes.ids import CodeId

CASES = [
    # (event, code, situation, what the ruling shows)
    ("fibas", CodeId.BURRACO_FIBAS, fibas_two_warnings, "W è ammonito (22)"),
    ("scala", CodeId.SCALA40, scala40_late_meld, "W: congelato KH KD KC"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("event_id", "code", "situation", "shown"), CASES)
def test_a_ruling_on_the_phone_seen_confirmed_and_in_the_ledger(
    event_id: str,
    code: CodeId,
    situation: Any,
    shown: str,
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tools: Any,
    tmp_path: Path,
) -> None:
    """The ruling seen in the code's words, confirmed, then in the round's ledger."""
    svc = web_app.state.web.service
    event(svc, event_id, code)
    data = situation()
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 390, "height": 844})
        desk.goto(f"{live_server}/desk/e/{event_id}/r/1/rulings")
        desk.select_option("#ruling-table", "1")
        if "irregularity" in data:
            desk.select_option("#ruling-irregularity", data.pop("irregularity"))
            desk.select_option("#ruling-offender", data.pop("offender"))
        desk.fill("#ruling-situation", json.dumps(data))
        tools.follow(desk, "#ruling-see")
        assert shown in desk.inner_text("#ruling-seen")
        scroll, outside, cut = desk.evaluate(WIDE)
        assert scroll <= 390 and not outside and not cut, (scroll, outside, cut)
        desk.screenshot(path=str(tmp_path / f"ruling-{event_id}-seen.png"), full_page=True)
        assert svc.state(event_id).ledger == []
        tools.follow(desk, "#ruling-confirm")
        assert desk.url.endswith("#ledger")
        assert "decisione arbitrale" in desk.inner_text("#ledger")
        assert svc.state(event_id).ledger[0].kind == "ruling-given"
        desk.screenshot(path=str(tmp_path / f"ruling-{event_id}-ledger.png"), full_page=False)
    finally:
        desk.context.close()
