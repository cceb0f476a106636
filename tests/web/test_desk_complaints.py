"""Complaints and corrections at the desk (FIBAS art. 21, 38-39): every open complaint is listed
on the round page and the event page with its number, text and who lodged it, and decided there
(accepted with the correction of an inverted sheet, or rejected); an accepted correction counts
in the round's standings; a Danish seating drawn before it is shown stale and drawn again once
the director confirms (art. 21 a). A browser test does it all on a 1366x768 desk."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.event_log import to_domain
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import ComplaintResolved, SheetCorrected
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

WIN = SheetEntry((DealScore(LineDeal(300, 200), LineDeal(0, 0)),) * 2)  # N-S 1000 v 0
SMALL = SheetEntry((DealScore(LineDeal(100, 0), LineDeal(0, 0)),) * 2)  # N-S 200 v 0


def post(client: TestClient, url: str, data: dict[str, Any] | None = None) -> Any:
    """A desk form POST with the session's CSRF token."""
    return client.post(url, data={"csrf": client.csrf, **(data or {})})


def text_of(response: Any) -> str:
    """The visible text of a page, roughly (tags removed, entities decoded, spaces collapsed)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(response.text)))


def danish_event(web_app: FastAPI, event_id: str = "coppa") -> str:
    """Four pairs, round 1 by registration order (1 v 2, 3 v 4), then Danish rounds; round 1
    played (pair 1 wins 1000-0 → 19-1, pair 3 wins 200-0 → 12-8) and its standings published:
    1, 3, 4, 2."""
    svc = web_app.state.web.service
    svc.create_event(
        event_id,
        EventConfig(
            name="Coppa d'inverno",
            event_format=EventFormat.PAIRS,
            rounds=3,
            deals=(2, 2, 2),
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH, Movement.DANISH),
        ),
    )
    for i in range(1, 5):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event_id, 1, publish=True)
    svc.enter_sheet(event_id, 1, 1, WIN)
    svc.enter_sheet(event_id, 1, 2, SMALL)
    svc.run(event_id, values.PublishStandings(1))
    return event_id


def bodies(web_app: FastAPI, event_id: str) -> list[Any]:
    """The bodies of the event's records, as stored."""
    return [to_domain(r).body for r in web_app.state.web.store.records(event_id)]


def vp_after(web_app: FastAPI, event_id: str, rnd: int) -> dict[int, int]:
    return {r.competitor: r.vp for r in web_app.state.web.service.standings(event_id, rnd)}


def test_an_open_complaint_is_listed_on_the_round_and_event_pages_art39(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 39: the round page with an open complaint is shown (it was a 500: the
    template gave the translation function a ``text=`` parameter), with the complaint's
    number, who lodged it, its text and the accept/reject buttons; the event page too."""
    event = danish_event(web_app)
    base = f"/desk/e/{event}/r/1"
    lodged = post(director_client, f"{base}/complaint", {"competitor": "2", "text": "VP invertiti"})
    assert lodged.status_code == 303
    number = next(iter(web_app.state.web.service.state(event).round(1).open_complaints))
    page = director_client.get(base)
    assert page.status_code == 200
    shown = text_of(page)
    assert f"{number} 2 — Coppia 2 VP invertiti" in shown
    assert "Accogli" in shown and "Respingi" in shown
    assert f'id="decide-{number}"' in page.text
    home = director_client.get(f"/desk/e/{event}")
    assert home.status_code == 200
    assert "Reclami aperti" in text_of(home)
    assert f"{number} Turno 1 2 — Coppia 2 VP invertiti" in text_of(home)
    assert f'action="/desk/e/{event}/r/1/resolve"' in home.text


def test_accepting_a_complaint_corrects_the_inverted_sheet_in_that_round_art21_39(
    director_client: TestClient, web_app: FastAPI, clock: Any
) -> None:
    """FIBAS art. 39 and 21: a complaint lodged within the 15 minutes, decided after them,
    accepted with table 1's acknowledgment of inverted scores: round 1's own standings change
    (pair 2 first), and the complaint is no longer listed."""
    event = danish_event(web_app)
    base = f"/desk/e/{event}/r/1"
    assert vp_after(web_app, event, 1) == {1: 19, 3: 12, 4: 8, 2: 1}
    clock.advance(minutes=10)
    post(director_client, f"{base}/complaint", {"competitor": "2", "text": "invertiti al tavolo 1"})
    number = next(iter(web_app.state.web.service.state(event).round(1).open_complaints))
    clock.advance(minutes=10)  # past the window: the open complaint keeps round 1 open
    done = post(
        director_client,
        f"{base}/resolve",
        {"complaint": str(number), "decision": "accolto", "outcome": "accept", "table": "1"},
    )
    assert done.status_code == 303, text_of(done)
    assert vp_after(web_app, event, 1) == {2: 19, 3: 12, 4: 8, 1: 1}
    log = bodies(web_app, event)
    corrected = [b for b in log if isinstance(b, SheetCorrected)]
    assert [(b.effective_round, b.complaint) for b in corrected] == [(1, number)]
    assert [b.accepted for b in log if isinstance(b, ComplaintResolved)] == [True]
    page = director_client.get(base)
    assert f'id="decide-{number}"' not in page.text
    assert "Reclami aperti" not in text_of(director_client.get(f"/desk/e/{event}"))


def test_rejecting_a_complaint_changes_nothing_art38(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 38: the director rejects the complaint; the standings stay as they are."""
    event = danish_event(web_app)
    base = f"/desk/e/{event}/r/1"
    post(director_client, f"{base}/complaint", {"competitor": "2", "text": "VP sbagliati"})
    number = next(iter(web_app.state.web.service.state(event).round(1).open_complaints))
    done = post(
        director_client,
        f"{base}/resolve",
        {"complaint": str(number), "decision": "score firmato", "outcome": "reject", "table": "1"},
    )
    assert done.status_code == 303
    assert vp_after(web_app, event, 1) == {1: 19, 3: 12, 4: 8, 2: 1}
    log = bodies(web_app, event)
    assert not any(isinstance(b, SheetCorrected) for b in log)
    assert [b.accepted for b in log if isinstance(b, ComplaintResolved)] == [False]


def test_a_stale_danish_seating_is_shown_and_drawn_again_art21a(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 21 a: round 2's Danish seating was drawn (not posted) on round 1's standings;
    an accepted correction changes them: both round pages say the seating is stale, and the
    director's confirmed redraw seats the corrected standings (2 v 3, 4 v 1)."""
    event = danish_event(web_app)
    svc = web_app.state.web.service
    svc.seat(event, 2)
    seating = svc.state(event).round(2).seating
    assert [(t.ns, t.ew) for t in seating.tables] == [((1,), (3,)), ((4,), (2,))]
    assert 'id="stale-seating"' not in director_client.get(f"/desk/e/{event}/r/2").text
    number = svc.run(event, values.LodgeComplaint(1, 2, "invertiti"))
    svc.run(event, values.DecideComplaint(1, number, "accolto", accepted=True, table=1))
    round_1 = director_client.get(f"/desk/e/{event}/r/1")
    assert 'id="stale-next"' in round_1.text
    assert "posizione ai tavoli del turno 2: quella posizione è superata" in text_of(round_1)
    round_2 = director_client.get(f"/desk/e/{event}/r/2")
    assert 'id="stale-seating"' in round_2.text and "data-confirm" in round_2.text
    assert "è superata" in text_of(round_2)
    assert post(director_client, f"/desk/e/{event}/r/2/redraw").status_code == 303
    seating = svc.state(event).round(2).seating
    assert [(t.ns, t.ew) for t in seating.tables] == [((2,), (3,)), ((4,), (1,))]
    assert 'id="stale-seating"' not in director_client.get(f"/desk/e/{event}/r/2").text


def test_desk_lodges_lists_accepts_and_corrects_in_chromium_art21_39(
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    tools: Any,
    tmp_path: Path,
) -> None:
    """On a 1366x768 desk: lodge a complaint on round 1's page, see it with its number and
    text on the round page and the event page, accept it with table 1's inverted scores
    (FIBAS art. 21, 39), and see round 1's standings corrected; the screenshot is kept."""
    event = danish_event(web_app)
    svc = web_app.state.web.service
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})
    try:
        desk.goto(f"{live_server}/desk/e/{event}/r/1")
        first = desk.locator("#standings table.standings tbody tr").first.inner_text()
        assert "Coppia 1 (1)" in first
        desk.select_option("#complaint-form select[name=competitor]", "2")
        desk.fill("#complaint-text", "Al tavolo 1 i punteggi sono invertiti")
        tools.follow(desk, "#complaint-form button[type=submit]")
        number = next(iter(svc.state(event).round(1).open_complaints))
        row = desk.locator(f"#complaint-{number}")
        assert row.count() == 1, desk.inner_text("main")
        text = row.inner_text()
        assert str(number) in text and "Coppia 2" in text
        assert "Al tavolo 1 i punteggi sono invertiti" in text
        shot_before = tmp_path / "desk-complaint-open.png"
        desk.locator("#complaints").screenshot(path=str(shot_before))

        desk.goto(f"{live_server}/desk/e/{event}")
        listed = desk.locator(f"#complaints #complaint-{number}")
        assert listed.count() == 1
        assert "Al tavolo 1 i punteggi sono invertiti" in listed.inner_text()
        desk.fill(f"#decide-{number} input[name=decision]", "Accolto: il tavolo conferma")
        desk.select_option(f"#decide-{number} select[name=table]", "1")
        tools.follow(desk, f"#decide-{number} button[value=accept]")
        assert f"/desk/e/{event}/r/1" in desk.url
        first = desk.locator("#standings table.standings tbody tr").first.inner_text()
        assert "Coppia 2 (2)" in first, desk.inner_text("main")
        assert desk.locator(f"#complaint-{number}").count() == 0
        shot = tmp_path / "desk-complaint-accepted.png"
        desk.screenshot(path=str(shot), full_page=True)
    finally:
        desk.context.close()
    width, height = tools.png_size(shot)
    assert width == 1366 and height >= 768
    assert vp_after(web_app, event, 1) == {2: 19, 3: 12, 4: 8, 1: 1}


def test_a_correction_on_the_sheet_page_leads_to_the_stale_seating_art21a(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """FIBAS art. 21 a: the director corrects table 1's inverted sheet on its page while round
    2's Danish seating is drawn but not posted: the desk goes to round 2's seating, which says
    it is stale and offers to draw it again; the correction counts in round 1 (art. 39)."""
    event = danish_event(web_app)
    web_app.state.web.service.seat(event, 2)
    done = post(
        director_client,
        f"/desk/e/{event}/r/1/t/1/correct",
        {"kind": "inverted", "reason": "il tavolo conferma", "table_agrees": "on"},
    )
    assert done.status_code == 303, text_of(done)
    assert done.headers["location"].endswith(f"/desk/e/{event}/r/2?ok=correct#seating")
    page = director_client.get(f"/desk/e/{event}/r/2")
    assert 'id="redraw-seating"' in page.text
    assert vp_after(web_app, event, 1) == {2: 19, 3: 12, 4: 8, 1: 1}


def test_a_scala40_complaint_is_decided_and_its_swap_corrected_on_the_sheet_page_art24(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Scala 40 art. 24: a table of four names the two players whose points were swapped, on
    the sheet's page; the complaint's row offers no table to invert, and the correction made
    while the complaint is open counts in the round's standings (art. 39 reading)."""
    from arbitro.codes.ids import CodeId, GameId
    from arbitro.codes.scala40_sheet import Scala40Entry

    svc = web_app.state.web.service
    svc.create_event(
        "scala",
        EventConfig(
            name="Scala d'inverno",
            event_format=EventFormat.INDIVIDUAL,
            rounds=2,
            deals=(5, 5),
            movements=(Movement.REGISTRATION_ORDER, Movement.DANISH),
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
        ),
    )
    for i in range(1, 5):
        svc.run("scala", Register(f"Giocatore {i}", []))
    svc.seat("scala", 1, publish=True)
    svc.enter_sheet("scala", 1, 1, Scala40Entry((1, 2, 3, 4), ((0, 10, 20, 30),) * 5, None))
    svc.run("scala", values.PublishStandings(1))
    number = svc.run("scala", values.LodgeComplaint(1, 1, "i punti miei e del 4 sono scambiati"))
    page = director_client.get("/desk/e/scala/r/1")
    assert page.status_code == 200
    assert f'id="decide-{number}"' in page.text and 'name="table"' not in page.text
    svc.run(
        "scala",
        values.CorrectSheet(
            1, 1, kind="inverted", reason="scambio", table_agrees=True, swap=(1, 4)
        ),
    )
    assert (
        post(
            director_client,
            "/desk/e/scala/r/1/resolve",
            {"complaint": str(number), "decision": "accolto", "outcome": "accept"},
        )
        .headers["location"]
        .endswith("#complaints")
    )
    mp = {r.competitor: r.mp for r in svc.standings("scala", 1)}
    assert (mp[1], mp[4]) == (150, 0)
