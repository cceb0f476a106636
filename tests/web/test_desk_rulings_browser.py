"""The arbiter's page of every code on the arbiter's phone (390x844), in a real browser (issue
31): for FIBAS (art. 22), Parole UISP (art. 10.2), Scala 40 (art. 11), Briscola (art. 10, a
knockout) and Bridge Law 13 (13D1, on a FIBAS event): choose the table and the irregularity,
fill its fields, see the ruling in the code's words, confirm it, find it in the ledger and
cancel it; the page fits the phone's screen at every step."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.rulings.events import (
    briscola_communication,
    event,
    knockout,
    law13_board,
    parole_wrong_word,
    scala40_late_meld,
)
from tests.web.test_public_phone_browser import WIDE

from arbitro.codes.ids import CodeId
from arbitro.games.burraco.arbiter.deal import ArbiterDeal


@dataclass
class Case:
    """One code's walk: the page, the code's link if not the event's own, the place and the
    irregularity chosen, the fields filled (by fact), the checkboxes ticked, what the ruling
    shows."""

    url: str
    place: str
    irregularity: str
    fill: dict[str, str]
    shown: str
    code: str = ""
    selects: dict[str, str] = field(default_factory=dict)


@pytest.fixture
def cases(web_app: FastAPI) -> list[Case]:
    """An event of each code (a knockout for Briscola, a FIBAS event for Law 13), made with
    the services, and each code's case written from its article."""
    web = web_app.state.web
    for event_id, code in (
        ("fibas", CodeId.BURRACO_FIBAS),
        ("parole", CodeId.BURRACO_PAROLE),
        ("scala", CodeId.SCALA40),
        ("bridge", CodeId.BURRACO_FIBAS),
    ):
        event(web.service, event_id, code)
    match = knockout(web.knockout, "brisc")
    scala, parole, briscola = scala40_late_meld(), parole_wrong_word(), briscola_communication()
    board = law13_board()
    return [
        Case(
            "/desk/e/fibas/r/1/rulings",
            "1",
            "played_before_ruling",
            {
                "position": str(ArbiterDeal.shuffled(random.Random(4))),
                "actions": "rule played_before_ruling W",
            },
            "W ha continuato a giocare prima della decisione: ammonito",  # said once (art. 22)
            selects={"offender": "W"},
        ),
        Case(
            "/desk/e/parole/r/1/rulings",
            "1",
            "wrong_word",
            {"position": parole["position"], "cards": "CNAE", "extra": "CANE"},
            "UISP art. 10",
            selects={"offender": "E"},
        ),
        Case(
            "/desk/e/scala/r/1/rulings",
            "1",
            "wrong_meld_found_late",
            {"position": scala["position"], "meld": "0"},
            "W: congelato KH KD KC",
            selects={"offender": "W"},
        ),
        Case(
            "/desk/k/brisc/rulings",
            match,
            "communication",
            {"position": briscola["position"], "note": "sguardi d'intesa"},
            "Briscola art. 10",
            selects={"offender": "E"},
        ),
        Case(
            "/desk/e/bridge/r/1/rulings",
            "1",
            "wrong_count",
            {"board": "4", **{f"hand_{s}": c for s, c in board["hands"].items()}},
            "13D1",
            code="bridge-law-13",
        ),
    ]


ON_SCREEN = """selector => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""
"""Whether the element is on the screen as the page opened (scrolled to its anchor)."""


def _fits(page: Any, where: str) -> None:
    scroll, outside, cut = page.evaluate(WIDE)
    assert scroll <= 390 and not outside and not cut, (where, scroll, outside, cut)


@pytest.mark.slow
def test_every_code_on_the_phone_chosen_filled_seen_confirmed_cancelled(
    cases: list[Case],
    web_app: FastAPI,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tools: Any,
    tmp_path: Path,
) -> None:
    """Each code in turn, on one phone: the ruling seen in the code's words (nothing
    recorded yet), confirmed (in the page's list of rulings and in the ledger), cancelled
    with a reason (the record stays, marked cancelled)."""
    web = web_app.state.web
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 390, "height": 844})
        for i, case in enumerate(cases):
            event_id = case.url.split("/")[3]
            knockout_event = case.url.startswith("/desk/k/")
            ledger = (web.knockout if knockout_event else web.service).state(event_id).ledger
            before = len(ledger)
            desk.goto(f"{live_server}{case.url}")
            if case.code:
                tools.follow(desk, f"#ruling-code-{case.code}")
            desk.select_option("#ruling-place", case.place)
            desk.select_option("#ruling-irregularity", case.irregularity)
            tools.follow(desk, "#ruling-choose-go")
            for name, value in case.fill.items():
                desk.fill(f"#fact-{name}", value)
            for name, value in case.selects.items():
                desk.select_option(f"#fact-{name}", value)
            tools.follow(desk, "#ruling-see")
            assert case.shown in desk.inner_text("#ruling-seen"), desk.inner_text("main")
            # the page opens where the ruling is, Confirm on the phone's first screen
            assert desk.evaluate(ON_SCREEN, "#ruling-confirm"), case.url
            desk.screenshot(path=str(tmp_path / f"{i}-{event_id}-seen-screen-390.png"))
            _fits(desk, f"{case.url} seen")
            desk.screenshot(path=str(tmp_path / f"{i}-{event_id}-seen-390.png"), full_page=True)
            assert (
                len((web.knockout if knockout_event else web.service).state(event_id).ledger)
                == before
            )
            tools.follow(desk, "#ruling-confirm")
            state = (web.knockout if knockout_event else web.service).state(event_id)
            seq = state.ledger[before].seq
            assert desk.is_visible(f"#ruling-{seq}"), desk.inner_text("main")
            _fits(desk, f"{case.url} recorded")
            desk.screenshot(path=str(tmp_path / f"{i}-{event_id}-recorded-390.png"), full_page=True)
            desk.fill(f"#cancel-reason-{seq}", "registrata per errore")
            tools.follow(desk, f"#ruling-cancel-{seq}")
            state = (web.knockout if knockout_event else web.service).state(event_id)
            assert [e.cancelled_by for e in state.ledger if e.seq == seq] != [None]
            desk.goto(f"{live_server}{case.url}")
            assert "annullata" in desk.inner_text(f"#ruling-{seq}")
        desk.set_viewport_size({"width": 1366, "height": 768})
        desk.goto(f"{live_server}{cases[2].url}?place=1&irregularity=wrong_meld_found_late")
        desk.screenshot(path=str(tmp_path / "scala-wide-1366.png"), full_page=True)
    finally:
        desk.context.close()
