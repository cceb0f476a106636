"""The arbiter's clock on the desk's round page (FIBAS art. 7, 17, 37), the confirmation of
destructive actions, the cancellation of any director's action with its reason and the effect
of each ledger line on M.P. and V.P. (art. 22, 36, 37, 40, 41), and the tables still owing a
sheet listed first (art. 19-21)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.conftest import FakeClock
from tests.web.test_desk import post, service, text_of, txt

from arbitro.tournament.commands import values
from arbitro.web.app import static_url

ROME = ZoneInfo("Europe/Rome")


def page(client: TestClient, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return text_of(txt(response))


def start(client: TestClient, event_id: str = "serata", **data: str) -> Any:
    return post(client, f"/desk/e/{event_id}/r/1/start", data)


def test_round_clock_start_played_of_round_time_and_time_out_art7_art17(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: FakeClock
) -> None:
    """Once the seating is published the arbiter starts the round; the desk shows the start in
    the venue's time, the time played against the round's time (2 deals: 25 minutes, art. 7)
    and, once it has run, the alert to call the time-out (art. 17)."""
    event_id = make_event(deals=2)
    before = page(director_client, f"/desk/e/{event_id}/r/1")
    assert "Avvia il turno" in before and "Cronometro del turno (FIBAS art. 7)" in before
    response = start(director_client)
    assert response.status_code == 303 and response.headers["location"].endswith("#clock")
    local = clock.now.astimezone(ROME).strftime("%H:%M:%S")
    clock.advance(minutes=12, seconds=30)
    text = page(director_client, f"/desk/e/{event_id}/r/1")
    assert f"Avviato alle {local}" in text
    assert "giocati 12:30 di 25:00" in text
    assert 'id="time-out" role="alert" hidden' in txt(
        director_client.get(f"/desk/e/{event_id}/r/1")
    )
    clock.advance(minutes=12, seconds=30)
    html = txt(director_client.get(f"/desk/e/{event_id}/r/1"))
    assert "giocati 25:00 di 25:00" in text_of(html)
    assert 'id="time-out" role="alert" >' in html or 'id="time-out" role="alert">' in html
    assert "Chiamare il TIME OUT (FIBAS art. 17)" in text_of(html)


def test_round_clock_started_at_a_local_time_art7(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: FakeClock
) -> None:
    """The start may be typed as the venue's time of day (Europe/Rome); a time that is not
    HH:MM is refused next to the field, a time in the future by the service (art. 7)."""
    clock.now = datetime(2026, 11, 24, 19, 50, tzinfo=ZoneInfo("UTC"))  # seated at 20:50
    event_id = make_event()
    clock.now = datetime(2026, 11, 24, 20, 10, tzinfo=ZoneInfo("UTC"))  # 21:10 in Rome
    bad = start(director_client, started_at="nove")
    assert bad.status_code == 400 and "scrivi l'ora come HH:MM" in txt(bad)
    future = start(director_client, started_at="21:30")
    assert future.status_code >= 400
    assert start(director_client, started_at="21:00").status_code == 303
    started = service(web_app).state(event_id).round(1).started_at
    assert started == datetime(2026, 11, 24, 20, 0, tzinfo=ZoneInfo("UTC"))
    assert "giocati 10:00 di 25:00" in page(director_client, f"/desk/e/{event_id}/r/1")


def test_lateness_from_arrival_shown_then_confirmed_art37(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: FakeClock
) -> None:
    """ "Arrived now": the lateness is measured from the round's start and its cost shown
    before anything is recorded (6:30 late → −100 M.P., FIBAS art. 37); confirming records
    it and the ledger shows what it did to the M.P."""
    event_id = make_event()
    svc = service(web_app)
    early = post(director_client, f"/desk/e/{event_id}/r/1/arrival", {"competitor": "3"})
    assert early.status_code >= 400 and "FIBAS art. 37" in txt(early)
    start(director_client)
    clock.advance(minutes=6, seconds=30)
    response = post(director_client, f"/desk/e/{event_id}/r/1/arrival", {"competitor": "3"})
    assert response.status_code == 303
    assert "#lateness-preview" in response.headers["location"]
    preview = page(director_client, response.headers["location"])
    assert "6:30 di ritardo dall'avvio del turno" in preview and "-100 M.P." in preview
    assert svc.state(event_id).lateness == {}  # nothing recorded yet
    html = txt(director_client.get(response.headers["location"]))
    fields = dict(re.findall(r'name="(minutes|seconds|competitor)" value="(\d+)"', html))
    assert fields == {"competitor": "3", "minutes": "6", "seconds": "30"}
    clock.advance(minutes=1)  # the confirmation keeps the arrival time, not the click's
    assert post(director_client, f"/desk/e/{event_id}/r/1/lateness", fields).status_code == 303
    assert svc.state(event_id).lateness == {(1, 3): 390}
    ledger = page(director_client, f"/desk/e/{event_id}/r/1")
    assert "6:30 di ritardo" in ledger and "-100 M.P." in ledger


def test_destructive_forms_ask_for_confirmation_art36_art40_art41(
    director_client: TestClient, make_event: Any
) -> None:
    """Abandon (art. 36), arbitral score (art. 40), warning (art. 41), lateness by hand
    (art. 37) and every cancellation ask the browser to confirm before they are sent."""
    event_id = make_event()
    html = txt(director_client.get(f"/desk/e/{event_id}/r/1"))
    for form in ("abandon-form", "arbitral-form", "sanction-form", "lateness-form"):
        assert re.search(rf'id="{form}" data-confirm="[^"]+\?"', html), form
    assert f'<script src="{static_url("confirm.js")}" defer>' in html
    assert "window.confirm" in txt(director_client.get("/static/confirm.js"))


def test_cancel_an_action_with_its_reason_and_effects_art22_art41_art40(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The second warning costs −1 V.P. and −100 M.P. (FIBAS art. 22, 41) and the ledger says
    so; an arbitral score (art. 40) shows its points; "Cancel" needs a reason and the line
    then reads "cancelled by X because Y" while the standings forget it."""
    event_id = make_event()
    svc = service(web_app)
    for _ in range(2):
        r = post(
            director_client,
            f"/desk/e/{event_id}/r/1/warning",
            {"competitor": "2", "reason": "parla"},
        )
        assert r.status_code == 303
    post(
        director_client,
        f"/desk/e/{event_id}/r/1/arbitral",
        {"competitor": "5", "mp": "300", "vp": "12", "reason": "tavolo rotto"},
    )
    text = page(director_client, f"/desk/e/{event_id}/r/1")
    assert "ammonizione n. 1" in text and "ammonizione n. 2; -1 V.P., -100 M.P." in text
    assert "12 V.P., 300 M.P." in text
    second = max(e.seq for e in svc.state(event_id).ledger if e.kind == "warning")
    refused = post(director_client, f"/desk/e/{event_id}/r/1/cancel", {"seq": str(second)})
    assert refused.status_code == 400 and "scrivi perché annulli l'azione" in txt(refused)
    done = post(
        director_client,
        f"/desk/e/{event_id}/r/1/cancel",
        {"seq": str(second), "reason": "giocatore sbagliato"},
    )
    assert done.status_code == 303
    entry = next(e for e in svc.state(event_id).ledger if e.seq == second)
    assert entry.cancelled_by is not None
    text = page(director_client, f"/desk/e/{event_id}/r/1")
    assert "annullato da direttore perché giocatore sbagliato" in text
    assert "-1 V.P., -100 M.P." not in text


def test_tables_without_sheet_listed_first_art19(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The sheets panel lists first, by number, the tables that have not sent a sheet or are
    in conflict (FIBAS art. 19-21); the confirmed ones follow."""
    from tests.web.test_desk import DEAL

    from arbitro.tournament.scoring.sheet import SheetEntry

    event_id = make_event(pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event_id, 1, 1, SheetEntry((DEAL, DEAL)), actor="desk")
    svc.run(event_id, values.ConfirmSheet(1, 1, actor="desk"))
    html = txt(director_client.get(f"/desk/e/{event_id}/r/1/live"))
    tables = [
        int(t)
        for t in re.findall(r'<tr class="row-[a-z]+">\s*<td class="num"><a[^>]*>(\d+)<', html)
    ]
    assert tables == [2, 3, 4, 1]
    assert "Tavoli senza referto o in conflitto: 2, 3, 4" in text_of(html)


def test_cancel_a_correction_from_the_sheet_page_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A correction (FIBAS art. 21) made by mistake is cancelled from the table's sheet page
    with a reason: the sheet counts as before and the history says who cancelled it and why."""
    from tests.web.test_desk import DEAL, OTHER

    from arbitro.tournament.scoring.sheet import SheetEntry

    event_id = make_event(pairs=4)
    svc = service(web_app)
    svc.enter_sheet(event_id, 1, 1, SheetEntry((DEAL, DEAL)), actor="desk")
    svc.run(event_id, values.ConfirmSheet(1, 1, actor="desk"))
    svc.run(
        event_id,
        values.CorrectSheet(
            1, 1, kind="sum", reason="somma", entry=SheetEntry((OTHER, OTHER)), actor="x"
        ),
    )
    url = f"/desk/e/{event_id}/r/1/t/1"
    html = txt(director_client.get(url))
    seq = max(v.seq for v in svc.state(event_id).round(1).sheets[1].history)
    assert f'name="seq" value="{seq}"' in html and 'data-confirm="Annullare questa azione?"' in html
    r = post(director_client, f"{url}/cancel", {"seq": str(seq), "reason": "tavolo sbagliato"})
    assert r.status_code == 303 and r.headers["location"].endswith("#history")
    sheet = svc.state(event_id).round(1).sheets[1]
    assert not sheet.corrections
    assert sheet.entry_as_of(1) == SheetEntry((DEAL, DEAL))
    assert "annullato da direttore perché tavolo sbagliato" in page(director_client, url)


def test_lines_named_in_the_page_language_art20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A sheet signed by one line from a phone (FIBAS art. 20) is shown at the desk as "N-S"
    (and "E-O" in Italian, "E-W" in English), never the record's code "ns" or "NS"."""
    from tests.web.test_desk import DEAL

    from arbitro.tournament.scoring.sheet import SheetEntry

    event_id = make_event(pairs=4)
    svc = service(web_app)
    svc.enter_sheet(event_id, 1, 1, SheetEntry((DEAL, DEAL)), actor="phone", line="ew", device="d1")
    live = text_of(txt(director_client.get(f"/desk/e/{event_id}/r/1/live")))
    assert "(E-O)" in live and "(EW)" not in live
    sheet = text_of(txt(director_client.get(f"/desk/e/{event_id}/r/1/t/1")))
    assert "Confermato da: E-O" in sheet or "E-O" in sheet
    assert " EW" not in sheet and "(EW)" not in sheet
    english = text_of(txt(director_client.get(f"/desk/e/{event_id}/r/1/t/1?lang=en")))
    assert "E-W" in english and "E-O" not in english
