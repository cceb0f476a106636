"""The round clock's start corrected on the desk (issue 26 E; FIBAS art. 7, 17, 37) and the
event's time zone on the desk: a start typed an hour off gives "giocati 72:00 di 35:00" and a
permanent time-out; the form beside the clock corrects it, with the reason, by a new record,
and the clock follows. The times are shown and typed in the event's zone (its setting, here
Europe/London), not a zone hard-coded in the desk."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import expect
from tests.web.conftest import BrowserTools, FakeClock
from tests.web.test_desk import new_event_form, post, service, text_of, txt
from tests.web.test_public_phone_browser import not_fitting

from arbitro.services.event_log import to_domain
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import ClockCorrected

ROME = ZoneInfo("Europe/Rome")
LONDON = ZoneInfo("Europe/London")


def evening(web_app: FastAPI, clock: FakeClock, timezone: str | None = None) -> str:
    """An evening of 3-deal rounds (FIBAS art. 7: 35 minutes) in the zone given, round 1
    seated and published at 18:30 UTC (19:30 in Rome)."""
    clock.now = datetime(2026, 11, 24, 18, 30, tzinfo=UTC)
    svc = service(web_app)
    config = EventConfig(
        "Serata", EventFormat.PAIRS, 2, (3, 3), (Movement.DRAW,) * 2, timezone=timezone
    )
    svc.create_event("serata", config)
    for i in range(1, 5):
        svc.run("serata", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    svc.seat("serata", 1, publish=True)
    return "serata"


def page(client: TestClient, url: str = "/desk/e/serata/r/1") -> str:
    response = client.get(url)
    assert response.status_code == 200, response.text
    return txt(response)


def test_art7_a_start_typed_an_hour_off_is_corrected_on_the_desk(
    director_client: TestClient, web_app: FastAPI, clock: FakeClock
) -> None:
    """The issue's case (FIBAS art. 7, 17): started at 20:45 in Rome, typed 19:45: at 20:57
    the desk says 72:00 played of 35:00 and shows the time-out. The correction form beside
    the clock takes the real start and the reason; then 12:00 of 35:00, no time-out, and the
    record says who and why."""
    evening(web_app, clock)
    clock.now = datetime(2026, 11, 24, 20, 46, tzinfo=ROME)
    assert (
        post(director_client, "/desk/e/serata/r/1/start", {"started_at": "19:45"}).status_code
        == 303
    )
    clock.now = datetime(2026, 11, 24, 20, 57, tzinfo=ROME)
    wrong = page(director_client)
    assert "giocati 72:00 di 35:00" in text_of(wrong)
    assert re.search(r'id="time-out" role="alert"\s*>', wrong)
    assert 'id="correct-start-form"' in wrong and "Correggi l'ora d'inizio" in wrong
    fixed = post(
        director_client,
        "/desk/e/serata/r/1/correct-start",
        {"started_at": "20:45", "reason": "scritto 19:45 invece di 20:45"},
    )
    assert fixed.status_code == 303 and fixed.headers["location"].endswith("#clock")
    right = page(director_client)
    assert "Avviato alle 20:45:00" in text_of(right)
    assert "giocati 12:00 di 35:00" in text_of(right)
    assert "Ora d'inizio corretta da direttore alle 20:57: scritto 19:45 invece di 20:45" in (
        text_of(right)
    )
    assert re.search(r'id="time-out" role="alert"\s*hidden', right)
    last = to_domain(service(web_app).store.records("serata")[-1])
    assert last.body == ClockCorrected(1, datetime(2026, 11, 24, 19, 45, tzinfo=UTC))
    assert (last.actor, last.reason) == ("direttore", "scritto 19:45 invece di 20:45")


def test_art7_a_correction_without_its_reason_or_in_the_future_is_refused(
    director_client: TestClient, web_app: FastAPI, clock: FakeClock
) -> None:
    """The reason is required (next to its field); a start after now is refused by the
    service (FIBAS art. 7), in Italian, and in English with the page's language; the clock
    stays as it was."""
    evening(web_app, clock)
    clock.now = datetime(2026, 11, 24, 20, 50, tzinfo=ROME)
    assert (
        post(director_client, "/desk/e/serata/r/1/start", {"started_at": "19:45"}).status_code
        == 303
    )
    no_reason = post(director_client, "/desk/e/serata/r/1/correct-start", {"started_at": "20:45"})
    assert no_reason.status_code == 400
    assert "scrivi perché l'ora d'inizio è corretta" in txt(no_reason)
    assert '<details id="correct-start" open>' in txt(no_reason)
    future = post(
        director_client,
        "/desk/e/serata/r/1/correct-start",
        {"started_at": "21:05", "reason": "refuso"},
    )
    assert future.status_code >= 400
    assert "il turno non può iniziare nel futuro" in txt(future)
    english = post(
        director_client,
        "/desk/e/serata/r/1/correct-start?lang=en",
        {"started_at": "21:05", "reason": "typo"},
    )
    assert "the round cannot start in the future" in txt(english)
    started = service(web_app).state("serata").round(1).started_at
    assert started == datetime(2026, 11, 24, 19, 45, tzinfo=ROME).astimezone(UTC)


def test_the_desk_shows_and_reads_times_in_the_events_zone_london(
    director_client: TestClient, web_app: FastAPI, clock: FakeClock
) -> None:
    """An event in Europe/London: "20:45" typed on the desk is 20:45 at the venue (20:45 UTC in
    November, not 19:45 UTC as in Rome), and the start is shown as 20:45:00; the correction
    is read in the same zone."""
    evening(web_app, clock, "Europe/London")
    clock.now = datetime(2026, 11, 24, 20, 50, tzinfo=UTC)
    assert (
        post(director_client, "/desk/e/serata/r/1/start", {"started_at": "19:45"}).status_code
        == 303
    )
    assert service(web_app).state("serata").round(1).started_at == datetime(
        2026, 11, 24, 19, 45, tzinfo=UTC
    )
    fixed = post(
        director_client,
        "/desk/e/serata/r/1/correct-start",
        {"started_at": "20:45", "reason": "ora sbagliata"},
    )
    assert fixed.status_code == 303
    assert service(web_app).state("serata").round(1).started_at == datetime(
        2026, 11, 24, 20, 45, tzinfo=UTC
    )
    shown = text_of(page(director_client))
    assert "Avviato alle 20:45:00" in shown and "giocati 5:00 di 35:00" in shown


def test_the_time_zone_is_set_when_the_event_is_created_on_the_desk(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The new-event form offers the zone (Europe/Rome by default) and records the one typed;
    a name that is no zone is refused next to its field."""
    form = page(director_client, "/desk/new")
    assert 'name="timezone"' in form and 'value="Europe/Rome"' in form
    bad = post(
        director_client,
        "/desk/new",
        new_event_form(event_id="altrove", timezone="Europe/Atlantide"),
    )
    assert bad.status_code == 400
    assert "«Europe/Atlantide» non è un fuso orario" in txt(bad)
    made = post(
        director_client, "/desk/new", new_event_form(event_id="londra", timezone="Europe/London")
    )
    assert made.status_code == 303, txt(made)
    assert service(web_app).state("londra").config.timezone == "Europe/London"
    assert "fuso orario Europe/London" in text_of(page(director_client, "/desk/e/londra"))


def test_the_correction_form_beside_the_clock_in_a_browser(
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    tools: BrowserTools,
    web_app: FastAPI,
    clock: FakeClock,
) -> None:
    """In Chromium: the arbiter opens "Correggi l'ora d'inizio" beside the clock, types the
    real start and the reason, and the clock reads from the corrected start (FIBAS art. 7)."""
    evening(web_app, clock)
    clock.now = datetime(2026, 11, 24, 20, 46, tzinfo=ROME)
    service(web_app).run(
        "serata", values.StartRound(1, started_at=datetime(2026, 11, 24, 19, 45, tzinfo=ROME))
    )
    clock.now = datetime(2026, 11, 24, 20, 57, tzinfo=ROME)
    desk = tools.desk_login(browser, live_server, director)
    desk.goto(f"{live_server}/desk/e/serata/r/1")
    expect(desk.locator("#round-clock")).to_contain_text("giocati 72:00 di 35:00")
    expect(desk.locator("#time-out")).to_be_visible()
    desk.click("#correct-start summary")
    desk.fill("#correct-start-form input[name=started_at]", "20:45")
    desk.fill("#correct-start-form input[name=reason]", "scritto 19:45 invece di 20:45")
    desk.screenshot(path=str(Path("/tmp/clk/desk-correct-before.png")))
    tools.follow(desk, "#correct-start-button")
    expect(desk.locator("#round-clock")).to_contain_text("Avviato alle 20:45:00")
    expect(desk.locator("#round-clock")).to_contain_text("di 35:00")
    expect(desk.locator("#time-out")).to_be_hidden()
    desk.screenshot(path=str(Path("/tmp/clk/desk-correct-after.png")))
    started = service(web_app).state("serata").round(1).started_at
    assert started == datetime(2026, 11, 24, 20, 45, tzinfo=ROME).astimezone(UTC)
    # On the arbiter's phone (390x844) the round page with the form still fits the screen.
    desk.set_viewport_size({"width": 390, "height": 844})
    assert not_fitting(desk, [f"{live_server}/desk/e/serata/r/1"]) == {}
    desk.click("#correct-start summary")
    desk.locator("#clock").screenshot(path="/tmp/clk/phone-correct.png")
    desk.context.close()


def test_the_hall_display_writes_the_complaints_deadline_in_the_events_zone(
    web_app: FastAPI, client: TestClient, clock: FakeClock
) -> None:
    """The public hall display says until when complaints are taken (FIBAS art. 39) in the
    event's zone: standings published at 20:40 UTC, 15 minutes → 15:55 in New York (it
    said Rome's 21:55 whatever the event's setting)."""
    from tests.web.test_hall import all_hall_pages, play

    clock.now = datetime(2026, 11, 24, 20, 0, tzinfo=UTC)
    svc = service(web_app)
    config = EventConfig(
        "Serata", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW,) * 2, timezone="America/New_York"
    )
    svc.create_event("ny", config)
    for i in range(1, 9):
        svc.run("ny", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    svc.seat("ny", 1, publish=True)
    clock.now = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)
    play(web_app.state.web, "ny", 1)
    standings = [p for p in all_hall_pages(client, "ny") if 'data-part="standings"' in p]
    assert standings
    for html in standings:
        assert "reclami fino alle 15:55 (FIBAS art. 39)" in html


def test_the_api_sets_and_returns_the_events_time_zone(
    client: TestClient, director: tuple[str, str]
) -> None:
    """``POST /api/events`` takes the venue's ``timezone`` and the event's configuration
    returns it; a name that is no zone is refused with its message."""
    token = client.post("/api/token", json={"username": director[0], "password": director[1]})
    client.headers["Authorization"] = f"Bearer {token.json()['access_token']}"
    event = {
        "name": "Serata API",
        "format": "pairs",
        "rounds": 1,
        "deals": [2],
        "movements": ["draw"],
    }
    made = client.post(
        "/api/events", json={**event, "event_id": "lon", "timezone": "Europe/London"}
    )
    assert made.status_code == 201, made.text
    assert client.get("/api/events/lon").json()["config"]["timezone"] == "Europe/London"
    bad = client.post("/api/events", json={**event, "event_id": "bad", "timezone": "Marte/Base"})
    assert 400 <= bad.status_code < 500
    assert bad.json()["error"]["msgid"].startswith("«{zone}» is not a time zone")
