"""A late pair at the desk (issue 26 G): "Riammetti" on the event's page re-admits a pair
withdrawn as absent (FIBAS art. 36). Without a reason it says what is missing, next to the
button, in Italian; while round 1 is played the late pair is seated at the incomplete table
(art. 37 "Ritardo alla presentazione del torneo": "è facoltà dell'Arbitro - sempre che sia
ancora in corso di svolgimento il primo turno di gioco - completare il tavolo e far giocare
la coppia ultima arrivata"); after round 1's standings the refusal cites art. 37 ("Non è
possibile alcun accomodamento"), not art. 21."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt

from arbitro.services.demo import random_deal
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import SheetEntry


def _absent_pair(web_app: FastAPI, make_event: Any, pairs: int = 6) -> str:
    """``pairs`` registered, all but the last checked in, the last withdrawn as absent."""
    event_id: str = make_event(pairs=pairs, seat=False)
    svc = service(web_app)
    svc.run(event_id, values.CheckIn(list(range(1, pairs))))
    svc.run(event_id, values.WithdrawAbsent())
    return event_id


def _row(page: str, number: int) -> str:
    start = page.index(f'id="competitor-{number}"')
    end = page.find("</tr>", start)
    return page[start:end]


def test_readmit_without_a_reason_says_so_next_to_the_button_in_italian(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The form is sent without a reason (no browser-only "required" that the director may
    not see): the page answers, in the pair's row, what is missing; nothing is recorded."""
    event_id = _absent_pair(web_app, make_event)
    page = txt(director_client.get(f"/desk/e/{event_id}"))
    form = _row(page, 6)
    assert "Riammetti" in form and "required" not in form.split("readmit-form", 1)[1]
    assert 'data-confirm="Riammettere «Coppia 6»?"' in form
    before = service(web_app).state(event_id).last_seq
    refused = post(director_client, f"/desk/e/{event_id}/readmit", {"competitor": "6"})
    assert refused.status_code == 400
    row = text_of(_row(txt(refused), 6))
    assert (
        "scrivi il motivo della riammissione di «Coppia 6» (per esempio «arrivo in ritardo»)" in row
    )
    assert service(web_app).state(event_id).last_seq == before
    english = post(
        director_client, f"/desk/e/{event_id}/readmit?lang=en", {"competitor": "6", "reason": " "}
    )
    assert "write why «Coppia 6» is re-admitted" in text_of(_row(txt(english), 6))


def test_art37_a_late_pair_readmitted_during_round_1_completes_the_incomplete_table(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Five pairs play round 1 (three tables, one incomplete); pair 6 arrives late and is
    re-admitted with a reason: its withdrawal is cancelled and it sits at the incomplete
    table, round 1's seating published again (art. 37)."""
    event_id = _absent_pair(web_app, make_event)
    svc = service(web_app)
    state = svc.seat(event_id, 1, publish=True)
    hole = next(t for t in state.round(1).seating.tables if t.is_incomplete)
    ok = post(
        director_client,
        f"/desk/e/{event_id}/readmit",
        {"competitor": "6", "reason": "arrivata in ritardo"},
    )
    assert ok.status_code == 303, text_of(txt(ok))
    state = svc.state(event_id)
    assert state.competitors[6].withdrawn_from_round is None
    table = state.round(1).seating.table(hole.table)
    assert table is not None and not table.is_incomplete
    assert (6,) in table.lines
    assert state.round(1).seating_published_at is not None
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}")))
    assert "ritirato dal turno" not in page


def test_art37_after_round_1_standings_the_refusal_cites_art37_not_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Round 1 played and its standings published: "Non è possibile alcun accomodamento"
    (art. 37); the message next to the button cites art. 37, never art. 21 (sheets)."""
    event_id = _absent_pair(web_app, make_event)
    svc = service(web_app)
    state = svc.seat(event_id, 1, publish=True)
    rng = random.Random(4)
    for t in state.round(1).seating.tables:
        if not t.is_incomplete:
            svc.enter_sheet(event_id, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(event_id, values.PublishStandings(1))
    refused = post(
        director_client,
        f"/desk/e/{event_id}/readmit",
        {"competitor": "6", "reason": "arrivata in ritardo"},
    )
    assert refused.status_code == 400
    row = text_of(_row(txt(refused), 6))
    assert "FIBAS art. 37" in row and "art. 21" not in row
    assert "iscrizioni chiuse" in row
    assert svc.state(event_id).competitors[6].withdrawn_from_round == 1


def test_readmit_in_the_browser_without_then_with_a_reason_art37(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """In Chromium: "Riammetti" clicked with an empty reason and confirmed shows, in the
    pair's row, what is missing (it did nothing before: the field was required only for the
    browser); with a reason the late pair completes round 1's incomplete table (art. 37)."""
    event_id = _absent_pair(web_app, make_event)
    svc = service(web_app)
    svc.seat(event_id, 1, publish=True)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/{event_id}#competitors")
        tools.follow(desk, "#competitor-6 .readmit-form button[type=submit]")
        row = desk.inner_text("#competitor-6")
        assert "scrivi il motivo della riammissione di «Coppia 6»" in row
        desk.locator("#competitor-6").screenshot(path=str(tmp_path / "readmit-row.png"))
        desk.fill("#competitor-6 .readmit-form input[name=reason]", "arrivata in ritardo")
        tools.follow(desk, "#competitor-6 .readmit-form button[type=submit]")
        assert "ritirato" not in desk.inner_text("#competitor-6")
        state = svc.state(event_id)
        assert state.competitors[6].withdrawn_from_round is None
        assert not any(t.is_incomplete for t in state.round(1).seating.tables)
    finally:
        desk.context.close()
