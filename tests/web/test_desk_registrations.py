"""Registrations on the desk before the first round (FIBAS art. 2, 4, 36): rename a
competitor, withdraw one (nothing preselected, confirmed) and re-admit it by cancelling the
withdrawal with a reason; the desk's home counts competitors, not records."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, text_of, txt


def test_rename_before_the_first_round_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Until round 1's seating is published each competitor's name is an editable field; a
    rename keeps the number (art. 2); once the seating is out the names are plain text."""
    event_id = make_event(pairs=4, seat=False)
    html = txt(director_client.get(f"/desk/e/{event_id}"))
    assert html.count('class="inline rename-form"') == 4
    r = post(
        director_client, f"/desk/e/{event_id}/rename", {"competitor": "2", "name": "Rossi-Bianchi"}
    )
    assert r.status_code == 303
    assert service(web_app).state(event_id).competitors[2].name == "Rossi-Bianchi"
    empty = post(director_client, f"/desk/e/{event_id}/rename", {"competitor": "2", "name": " "})
    assert empty.status_code == 400
    service(web_app).seat(event_id, 1, publish=True)
    assert "rename-form" not in txt(director_client.get(f"/desk/e/{event_id}"))


def test_withdraw_without_preselection_then_readmit_art36(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The withdrawal form preselects nobody and asks to confirm (art. 36); a withdrawn
    competitor is re-admitted by cancelling the withdrawal, with a mandatory reason."""
    event_id = make_event(pairs=4, seat=False)
    html = txt(director_client.get(f"/desk/e/{event_id}"))
    form = html[html.index('id="withdraw-form"') :]
    assert re.search(r'data-confirm="Ritirare questo concorrente\?"', form)
    assert '<select name="competitor" required><option value="" selected>—</option>' in form
    nobody = post(director_client, f"/desk/e/{event_id}/withdraw", {"competitor": ""})
    assert nobody.status_code == 400
    assert service(web_app).state(event_id).competitors[3].withdrawn_from_round is None
    assert (
        post(director_client, f"/desk/e/{event_id}/withdraw", {"competitor": "3"}).status_code
        == 303
    )
    assert service(web_app).state(event_id).competitors[3].withdrawn_from_round == 1
    html = txt(director_client.get(f"/desk/e/{event_id}"))
    assert 'class="inline readmit-form"' in html
    refused = post(director_client, f"/desk/e/{event_id}/readmit", {"competitor": "3"})
    assert (
        refused.status_code == 400
        and "scrivi il motivo della riammissione di «Coppia 3»" in txt(refused)
    )
    ok = post(
        director_client,
        f"/desk/e/{event_id}/readmit",
        {"competitor": "3", "reason": "era in bagno"},
    )
    assert ok.status_code == 303
    assert service(web_app).state(event_id).competitors[3].withdrawn_from_round is None
    again = post(director_client, f"/desk/e/{event_id}/readmit", {"competitor": "3", "reason": "x"})
    assert again.status_code == 400 and "non si è ritirato" in txt(again)


def test_home_counts_competitors_not_records(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The desk's home shows each event's number of competitors (8 pairs), not of records."""
    event_id = make_event(pairs=8, seat=True, publish=True)
    text = text_of(txt(director_client.get("/desk")))
    assert "Concorrenti" in text
    row = re.search(rf"{event_id}\s+\d{{4}}-\d\d-\d\d \d\d:\d\d\s+(\d+)", text)
    assert row is not None and row[1] == "8", text
