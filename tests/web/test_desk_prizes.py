"""The desk's prize page (Parole art. 6.1): after the final standings the director writes the
categories and the tie rule; the page lists the prizes by category, the tie said with its rule,
and gives the ceremony's PDF; refused before the standings are published; Italian and English.
In a real browser (1366x768) the page is checked and its screenshot kept in docs/screens/
(``desk-prizes.png``) when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import expect
from tests.printouts.pdfcheck import deal, pdf_text
from tests.web.test_desk import post, service, text_of, txt

from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import SheetEntry

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
PLAN = "Assoluta:overall:100/60/40\nDame:listed:50:{ladies}\nPremio del circolo:listed:Coppa:{club}"


def east_west(north_south: list[int]) -> list[int]:
    """The pairs not sitting N-S (the three level at the bottom of the standings)."""
    return [c for c in range(1, 7) if c not in north_south]


def played(web_app: FastAPI, make_event: Any) -> tuple[str, list[int]]:
    """Six pairs, one round of two deals, the same sheet at every table: the three N-S pairs
    are level on VP and MP, so are the three E-W pairs. Returns the event and the N-S pairs."""
    event_id = make_event("premi", pairs=6, rounds=1)
    svc = service(web_app)
    seating = svc.state(event_id).round(1).seating
    sheet = SheetEntry((deal(300, 120, 100, 45), deal(200, 80, 0, -40)))
    for table in seating.tables:
        svc.enter_sheet(event_id, 1, table.table, sheet)
    return event_id, sorted(t.ns[0] for t in seating.tables)


def test_art61_prize_page_three_tied_for_three_prizes_split(
    director_client: TestClient, web_app: FastAPI, make_event: Any, tmp_path: Path
) -> None:
    """Refused before the last round's standings are published. Then three pairs level for
    100, 60 and 40 under rule a): 200 euros cannot be divided by 3 to the cent, so the places
    are drawn (rule c, "qualora il premio non fosse divisibile"); the ladies' prize of 50,
    for which two listed pairs are level, is split 25 and 25; the PDF has the list."""
    event_id, north_south = played(web_app, make_event)
    others = east_west(north_south)
    ladies = f"{others[0]},{others[1]}"
    form = {"categories": PLAN.format(ladies=ladies, club=others[2]), "tie": "split", "seed": "3"}
    refused = post(director_client, f"/desk/e/{event_id}/prizes", form)
    assert refused.status_code == 400
    assert "i premi si assegnano sulla classifica pubblicata" in text_of(txt(refused))
    service(web_app).run(event_id, values.PublishStandings(1))
    done = post(director_client, f"/desk/e/{event_id}/prizes", form)
    assert done.status_code == 303 and done.headers["location"].endswith("?ok=prizes#list")
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes")))
    assert "Premiazione dopo il turno 1" in page
    assert page.count("a pari merito con") == 5 and page.count(": sorteggio") == 3
    assert page.count("€ 25,00") == 2 and page.count(": premi sommati e divisi") == 2
    for amount in ("€ 100,00", "€ 60,00", "€ 40,00", "Coppa"):
        assert amount in page
    awards = service(web_app).state(event_id).prize_plan
    assert awards is not None and awards.tie_rule == "split" and awards.seed == 3
    english = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes?lang=en")))
    assert "Prize list after round 1" in english and "drawn by lot" in english
    assert "Premiazione" not in english and "sorteggio" not in english
    pdf = director_client.get(f"/desk/e/{event_id}/prizes.pdf?lang=it")
    assert pdf.headers["content-type"] == "application/pdf"
    text = " ".join(pdf_text(pdf.content, tmp_path).split())
    assert "Premiazione" in text and "Premio del circolo" in text and "sorteggio" in text


def test_art61_a_divisible_tie_is_split(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Rule a): three level for 90, 60 and 30 take 60 each ("sommare l'entità dei premi e
    dividerlo"); a line that cannot be read is named next to the form."""
    event_id, _north_south = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    bad = post(director_client, f"/desk/e/{event_id}/prizes", {"categories": "Assoluta:tutti:90"})
    assert bad.status_code == 400 and "regola «tutti» sconosciuta" in txt(bad)
    form = {"categories": "Assoluta:overall:90/60/30", "tie": "split"}
    assert post(director_client, f"/desk/e/{event_id}/prizes", form).status_code == 303
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes")))
    assert page.count("€ 60,00") == 3 and page.count(": premi sommati e divisi") == 3
    assert page.count("1-3") == 3


def test_art61_the_plan_in_the_pages_language(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The form's example, its list of rules and a recorded plan are written with the rules'
    words of the page's language (a plan typed in English reads «dame» on the Italian page);
    an Italian line is taken as it is; no English rule word on the Italian page."""
    event_id, north_south = played(web_app, make_event)
    url = f"/desk/e/{event_id}/prizes"
    empty = txt(director_client.get(url))
    assert "Assoluta:assoluta:100/60/40\nDame:dame:50\nOver 65:anziani=1961:Coppa" in empty
    assert "Regole: assoluta, dame, mista, anziani, esordienti, categoria, elenco." in empty
    english = txt(director_client.get(f"{url}?lang=en"))
    assert "Overall:overall:100/60/40\nLadies:ladies:50\nOver 65:seniors=1961:Cup" in english
    for word in ("overall", "ladies", "mixed", "seniors", "newcomers", "listed"):
        assert word not in text_of(empty) and word not in empty.split("<textarea")[1]
    service(web_app).run(event_id, values.PublishStandings(1))
    plan = f"Assoluta:overall:90/60/30\nCircolo:elenco:Coppa:{north_south[0]}"
    assert post(director_client, url, {"categories": plan, "tie": "split"}).status_code == 303
    recorded = service(web_app).state(event_id).prize_plan
    assert recorded is not None
    assert [c.rule for c in recorded.categories] == ["overall", "listed"]
    italian = txt(director_client.get(f"{url}?lang=it")).split("<textarea")[1]
    assert f"Assoluta:assoluta:90/60/30\nCircolo:elenco:Coppa:{north_south[0]}<" in italian
    english = txt(director_client.get(f"{url}?lang=en")).split("<textarea")[1]
    assert f"Assoluta:overall:90/60/30\nCircolo:listed:Coppa:{north_south[0]}" in english


def test_desk_prizes_in_a_browser(
    web_app: FastAPI,
    make_event: Any,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tools: Any,
    tmp_path: Path,
) -> None:
    """The director records the plan on the page in a real browser; the list shows each
    category; a 1366x768 screenshot."""
    event_id, north_south = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live_server}/desk/e/{event_id}")
    tools.follow(desk, "#prizes a")
    others = east_west(north_south)
    ladies = f"{others[0]},{others[1]}"
    rows = (
        ("Assoluta", "overall", "100/60/40", ""),
        ("Dame", "listed", "50", ladies),
        ("Premio del circolo", "listed", "Coppa", str(others[2])),
    )
    for i, (name, rule, prizes, numbers) in enumerate(rows, start=1):
        desk.fill(f"#name_{i}", name)
        desk.select_option(f"#rule_{i}", rule)
        desk.fill(f"#prizes_{i}", prizes)
        desk.fill(f"#numbers_{i}", numbers)
    desk.select_option("#prizes-tie", "draw")
    desk.fill("#prizes-seed", "5")
    tools.follow(desk, "#record-prizes")
    expect(desk.locator("#list h2")).to_have_text("Premiazione dopo il turno 1")
    expect(desk.locator("h3.prize-category")).to_have_count(3)
    expect(desk.locator("table.prizes tbody tr")).to_have_count(5)  # the ladies' prize drawn
    shot = tmp_path / "desk-prizes.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    if os.environ.get("ARBITRO_UPDATE_SCREENS"):
        SCREENS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SCREENS / shot.name)
