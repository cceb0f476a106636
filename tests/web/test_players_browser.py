"""The club's players and a competitor's card in a real browser (headless Chromium; issue 17):
the director imports the members list on the desk, types three letters and the list narrows
as they type (htmx, no page load), ticks two players on the event's page and registers them
as a pair (FIBAS art. 2); after round 1's standings a phone at the table opens the pair's card
from the table page (art. 39). The screenshots (desk 1366x768, phone 390x844) are kept in
docs/screens when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from playwright.sync_api import expect

from arbitro.services.demo import random_deal
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.base_url import BASE_URL_ENV
from arbitro.web.tokens import make_token

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PHONE = {"width": 390, "height": 844}

MEMBERS = (
    "Cognome;Nome;Tessera;Circolo;Categoria\n"
    "Rossi;Mario;FB1001;Circolo Aurora;Prima\n"
    "Bianchi;Anna;FB1002;Circolo Aurora;Seconda\n"
    "Verdi;Luca;FB1003;Burraco Club;Prima\n"
    "Neri;Lucia;FB1004;Burraco Club;Terza\n"
    "Gallo;Paolo;FB1005;Circolo Aurora;Prima\n"
    "Conti;Sara;FB1006;Burraco Club;Seconda\n"
)


def _keep(shot: Path) -> None:
    if os.environ.get("ARBITRO_UPDATE_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENS / shot.name)


def test_registry_search_as_you_type_then_the_card_on_the_phone(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hall's address, as `arbitro serve --base-url` gives it: the desk shows no warning.
    monkeypatch.setenv(BASE_URL_ENV, "http://sala.local:8000")
    svc = web_app.state.web.service
    event_id = make_event(pairs=7, seat=False)
    members = tmp_path / "soci.csv"
    members.write_text(MEMBERS, "cp1252")
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})

    desk.goto(f"{live_server}/desk/players")
    desk.set_input_files("#import-form input[type=file]", str(members))
    tools.follow(desk, "#import-form button[type=submit]")
    expect(desk.locator("#import-report")).to_contain_text("6 aggiunti")
    url = desk.url
    desk.fill("#players-q", "aur")  # typed: htmx asks for the rows, the page stays
    expect(desk.locator("#players-rows tr")).to_have_count(3)
    expect(desk.locator("#players-rows")).not_to_contain_text("Verdi")
    assert desk.url == url
    shot = tmp_path / "desk-players.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    _keep(shot)

    desk.goto(f"{live_server}/desk/e/{event_id}")
    desk.fill("#registry-q", "burraco club")
    expect(desk.locator("#registry-choices input[name=player]")).to_have_count(3)
    desk.check("#registry-choices label:has-text('Verdi') input")
    desk.check("#registry-choices label:has-text('Neri') input")
    tools.follow(desk, "#registry-form button[type=submit]")
    state = svc.state(event_id)
    pair = max(state.competitors)
    assert sorted(state.competitors[pair].players) == ["Neri Lucia", "Verdi Luca"]

    svc.seat(event_id, 1, publish=True)
    rng = random.Random(3)
    seating = svc.state(event_id).round(1).seating
    for t in seating.tables:
        if not t.is_incomplete:
            svc.enter_sheet(event_id, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(event_id, values.PublishStandings(1))
    table = next(t for t in seating.tables if pair in (*(t.ns or ()), *(t.ew or ())))
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{live_server}/t/{make_token(web_app.state.web.secret, event_id, table.table, 1)}")
    expect(phone.locator("#cards")).to_contain_text("Risultati dopo il turno 1")
    tools.follow(phone, f"#cards a[href$='competitor-{pair}.html']")
    assert re.search(rf"/e/{event_id}/results/competitor-{pair}\.html$", phone.url)
    expect(phone.locator("main, body").first).to_contain_text("Verdi Luca")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # the card fits the phone: no sideways scrolling
    shot = tmp_path / "phone-card.png"
    phone.screenshot(path=str(shot))
    _keep(shot)
