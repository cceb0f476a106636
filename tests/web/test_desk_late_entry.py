"""A late entry on the desk (issue 34, docs/rulings.md "Late entries"): once the event has
started the event's page offers «Ammetti in ritardo dal turno N» (FIBAS art. 37 refuses a plain
registration after round 1); the director chooses what the missed rounds score (the rest
score of art. 37, an arbitral score, nothing) and whether the pair is ranked; round 2 seats
it and the standings say «iscritto dal turno 2»."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.axe import axe_context, axe_violations, blocking, describe
from tests.web.test_axe_every_page import login
from tests.web.test_desk import post, service, text_of, txt

from arbitro.services.demo import random_deal
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.scoring.sheet import SheetEntry


def _round_1_played(web_app: FastAPI, make_event: Any, pairs: int = 4) -> str:
    """``pairs`` pairs, round 1 played and its standings published (2 rounds, Mitchell)."""
    event_id: str = make_event(pairs=pairs)
    svc = service(web_app)
    state = svc.state(event_id)
    rng = random.Random(7)
    for t in state.round(1).seating.tables:
        if not t.is_incomplete:
            svc.enter_sheet(event_id, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(event_id, values.PublishStandings(1))
    return event_id


def _late_form(page: str) -> str:
    start = page.index('id="late-form"')
    return page[start : page.index("</form>", start)]


def test_the_form_appears_once_the_event_has_started_in_both_languages(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Before round 1 is seated there is no late entry (a plain registration); after it the
    form says why (art. 37) and offers the choices, each radio with its label."""
    fresh: str = make_event("prima", pairs=4, seat=False)
    assert 'id="late-form"' not in txt(director_client.get(f"/desk/e/{fresh}"))
    event_id = _round_1_played(web_app, make_event)
    form = text_of(_late_form(txt(director_client.get(f"/desk/e/{event_id}"))))
    assert "Iscrizione in ritardo" in form and "FIBAS art. 37" in form
    assert "il punteggio per riposo" in form and "un punteggio arbitrale:" in form
    assert "Ammetti in ritardo dal turno 2" in form
    english = text_of(_late_form(txt(director_client.get(f"/desk/e/{event_id}?lang=en"))))
    assert "Admit late from round 2" in english and "the rest score" in english


def test_admitted_with_an_arbitral_score_recorded_and_marked(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """An arbitral score (art. 40) of 9 V.P. and 0 M.P. for round 1; the pair is pair 5, plays
    from round 2, and the round 1 standings mark it «iscritto dal turno 2»."""
    event_id = _round_1_played(web_app, make_event)
    ok = post(
        director_client,
        f"/desk/e/{event_id}/admit-late",
        {
            "name": "Ritardatari",
            "players": "Rossi, Bianchi",
            "from_round": "2",
            "missed": "arbitral",
            "vp": "9",
            "mp": "0",
            "ranked": "1",
        },
    )
    assert ok.status_code == 303, text_of(txt(ok))
    svc = service(web_app)
    comp = svc.state(event_id).competitors[5]
    assert (comp.joined_round, comp.missed, comp.missed_vp, comp.ranked) == (2, "arbitral", 9, True)
    row = next(r for r in svc.standings(event_id, 1) if r.competitor == 5)
    assert (row.vp, row.mp, row.joined_from) == (9, 0, 2)
    page = txt(director_client.get(f"/desk/e/{event_id}"))
    row = text_of(page[page.index('id="competitor-5"') :].split("</tr>", 1)[0])
    assert "Ritardatari" in row and "iscritto dal turno 2" in row
    live = text_of(txt(director_client.get(f"/desk/e/{event_id}/r/1")))
    assert "Ritardatari (5) iscritto dal turno 2" in live


def test_refused_with_the_reason_next_to_the_form(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """From round 1 (already played) is refused, in Italian, next to the form; nothing is
    recorded."""
    event_id = _round_1_played(web_app, make_event)
    before = service(web_app).state(event_id).last_seq
    refused = post(
        director_client,
        f"/desk/e/{event_id}/admit-late",
        {"name": "X", "from_round": "2", "missed": "arbitral", "vp": "99"},
    )
    assert refused.status_code == 400
    form = text_of(_late_form(txt(refused)))
    assert "un punteggio arbitrale ha da 0 a 20 V.P." in form
    assert service(web_app).state(event_id).last_seq == before


def test_browser_admits_a_pair_after_round_1_seated_in_round_2_and_marked(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """In Chromium at 1366x768: the director fills «Iscrizione in ritardo» (rest score,
    ranked), admits the pair from round 2, seats and publishes round 2 on the desk; the pair
    sits in round 2 (drawn as Danish: a Mitchell keeps the lines of round 1, art. 4) and the
    standings say «iscritto dal turno 2»."""
    event_id = _round_1_played(web_app, make_event, pairs=5)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.set_viewport_size({"width": 1366, "height": 768})
        desk.goto(f"{live_server}/desk/e/{event_id}#competitors")
        desk.fill("#late-name", "Ritardatari")
        desk.fill("#late-players", "Rossi, Bianchi")
        desk.check("#late-missed input[value=rest]")
        assert desk.is_checked("#late-ranked")
        desk.locator("#late-form").screenshot(path="/tmp/late/late-form.png")
        tools.follow(desk, "#late-submit")
        assert "Ritardatari" in desk.inner_text("#competitors")
        # A Mitchell keeps its lines (art. 4): the round with a newcomer is drawn as Danish.
        desk.goto(f"{live_server}/desk/e/{event_id}/r/2")
        desk.select_option("select[name=movement]", "danish")
        tools.follow(desk, "#seat-round")
        assert "Ritardatari" in desk.inner_text("#seating-table")
        tools.follow(desk, "#publish-seating")
        state = service(web_app).state(event_id)
        seated = {c for t in state.round(2).seating.tables for line in t.lines for c in line}
        assert 6 in seated
        desk.goto(f"{live_server}/desk/e/{event_id}/r/1")
        text = desk.inner_text("main")
        assert "Ritardatari (6) iscritto dal turno 2" in text
        desk.screenshot(path="/tmp/late/late-standings.png", full_page=True)
    finally:
        desk.context.close()


def test_the_late_form_passes_axe_in_both_languages(
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
) -> None:
    """Issue 28's rule on the new form: 0 axe-core violations of impact critical or serious
    on the event's page with the late entry's form (and a late entry's row), at 1366x768, in
    Italian and in English."""
    event_id = _round_1_played(web_app, make_event)
    service(web_app).run(event_id, Register("Ritardatari", late=LateEntry(2, "none", ranked=False)))
    for lang in ("it", "en"):
        context = axe_context(browser, viewport={"width": 1366, "height": 768})
        try:
            context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
            login(context, live_server)
            page = context.new_page()
            page.goto(f"{live_server}/desk/e/{event_id}", wait_until="load")
            assert page.locator("#late-form").count() == 1
            found = blocking(axe_violations(page))
            assert not found, describe(found, f"/desk/e/{event_id} ({lang})")
        finally:
            context.close()
