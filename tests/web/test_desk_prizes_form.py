"""The desk's prize plan as a form (Parole art. 6.1: "gli altri vincitori saranno stabiliti
secondo i criteri preannunciati e prestabiliti dalla direzione di gara"): a row per category
(name, rule, parameter, prizes, numbers; a row more on request) writing the same record as
the typed syntax ``NAME:RULE[=PARAM]:PRIZES[:NUMBERS]``; and the ties cited from the event's
own code, or as the director's ruling where the code is silent on prizes (FIBAS, Scala 40;
docs/rulings.md "Prizes" 7) — never Parole's article on a FIBAS evening (issue 26, item K)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.printouts.pdfcheck import pdf_text
from tests.web.test_desk import post, service, text_of, txt
from tests.web.test_desk_prizes import east_west, played

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.services import prizes
from arbitro.tournament.commands import values
from arbitro.tournament.rules import rules_for

FIBAS: str = CodeId.BURRACO_FIBAS.value
PAROLE: str = CodeId.BURRACO_PAROLE.value
SCALA40: str = CodeId.SCALA40.value


def _rows(*rows: tuple[str, str, str, str, str]) -> dict[str, str]:
    data = {"from": "rows", "tie": "split"}
    for i, (name, rule, param, won, numbers) in enumerate(rows, start=1):
        data |= {
            f"name_{i}": name,
            f"rule_{i}": rule,
            f"param_{i}": param,
            f"prizes_{i}": won,
            f"numbers_{i}": numbers,
        }
    return data


def test_rows_write_the_same_record_as_the_typed_plan_art_6_1(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Three rows (overall 90/60/30; the club's prize in kind for two pairs named by number;
    seniors born in 1961 or earlier, 12,50 euros) record the categories the typed lines
    record; the page shows them back in the rows, the rule in the page's language."""
    event_id, north_south = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    club = f"{north_south[0]},{north_south[1]}"
    rows = _rows(
        ("Assoluta", "overall", "", "90/60/30", ""),
        ("", "overall", "", "", ""),  # an empty row is skipped
        ("Circolo", "listed", "", "Coppa", club),
        ("Over 65", "seniors", "1961", "12,50", ""),
    )
    done = post(director_client, f"/desk/e/{event_id}/prizes", rows)
    assert done.status_code == 303, txt(done)
    by_rows = service(web_app).state(event_id).prize_plan
    typed = f"Assoluta:assoluta:90/60/30\nCircolo:elenco:Coppa:{club}\nOver 65:anziani=1961:12,50"
    again = post(director_client, f"/desk/e/{event_id}/prizes", {"categories": typed, "tie": "a"})
    assert again.status_code == 303
    by_text = service(web_app).state(event_id).prize_plan
    assert by_rows is not None and by_text is not None and by_rows is not by_text
    assert by_rows.categories == by_text.categories
    assert by_rows.tie_rule == by_text.tie_rule == "split"
    page = txt(director_client.get(f"/desk/e/{event_id}/prizes"))
    assert 'id="name_3" maxlength="200" aria-label="Categoria 3" value="Over 65"' in page
    assert re.search(r'<select name="rule_2"[^>]*>.*?<option value="listed" selected>elenco<', page)
    assert 'name="prizes_3"' in page and 'value="12,50"' in page
    assert 'id="prize-row-4"' in page  # a row more for another category


def test_a_row_refused_is_named_next_to_its_field_art_6_1(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Prizes without a name, a category of named competitors without their numbers, a year
    that is no number: each refused next to its field, in Italian and English, what was
    typed kept, nothing recorded."""
    event_id, _ns = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    rows = _rows(
        ("Assoluta", "overall", "", "90/60/30", ""),
        ("", "overall", "", "40", ""),
        ("Circolo", "listed", "", "Coppa", ""),
    )
    refused = post(director_client, f"/desk/e/{event_id}/prizes", rows)
    assert refused.status_code == 400
    page = txt(refused)
    name_2 = page[page.index('id="name_2"') : page.index('id="rule_2"')]
    assert "scrivere il nome della categoria" in name_2
    numbers_3 = page[
        page.index('id="numbers_3"') : page.index("</tr>", page.index('id="numbers_3"'))
    ]
    assert "categoria di premi «Circolo»: indicare i concorrenti" in numbers_3
    assert 'value="90/60/30"' in page
    assert service(web_app).state(event_id).prize_plan is None
    english = txt(post(director_client, f"/desk/e/{event_id}/prizes?lang=en", rows))
    assert "write the category's name" in english


def test_add_a_row_without_script_shows_one_more_and_records_nothing(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The "add a row" button (the page without its script): the rows typed and one more,
    nothing recorded (Parole art. 6.1: the plan is recorded when the director says so)."""
    event_id, _ns = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    rows = _rows(*[(f"Cat {i}", "overall", "", "10", "") for i in range(1, 5)])
    shown = post(director_client, f"/desk/e/{event_id}/prizes", {**rows, "add_row": "1"})
    assert shown.status_code == 200
    page = txt(shown)
    assert re.findall(r'id="prize-row-(\d+)"', page) == ["1", "2", "3", "4", "5", "6"]
    assert 'value="Cat 4"' in page
    assert service(web_app).state(event_id).prize_plan is None


def test_ties_cite_the_events_own_code_or_the_directors_ruling_art_6_1(
    director_client: TestClient, web_app: FastAPI, make_event: Any, tmp_path: Path
) -> None:
    """A FIBAS evening (the code is silent on prizes): the page and the ceremony's PDF say the
    tie rule is the director's ruling, not Parole art. 6.1. A Parole evening cites its own
    art. 6.1; Scala 40 is silent too."""
    assert prizes.tie_article(rules_for(PAROLE)) == Citation(CodeId.BURRACO_PAROLE, "6.1")
    for silent in (FIBAS, SCALA40):
        assert prizes.article(rules_for(silent)) is None
        assert "Parole" not in str(prizes.tie_article(rules_for(silent)))
    event_id, _ns = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    form = _rows(("Assoluta", "overall", "", "100/60/40", ""))
    assert post(director_client, f"/desk/e/{event_id}/prizes", form).status_code == 303
    page = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes")))
    assert "Parole" not in page
    ruling = "decisione del direttore: il codice FIBAS non regola i premi"
    assert f"Parità ({ruling})" in page
    english = text_of(txt(director_client.get(f"/desk/e/{event_id}/prizes?lang=en")))
    assert "Ties (director's ruling: the FIBAS code has no prize rule)" in english
    pdf = director_client.get(f"/desk/e/{event_id}/prizes.pdf?lang=it")
    text = " ".join(pdf_text(pdf.content, tmp_path).split())
    assert ruling in text and "Parole" not in text


def test_prize_rows_in_a_browser_add_a_row_art_6_1(
    web_app: FastAPI,
    make_event: Any,
    live_server: str,
    browser: Any,
    director: tuple[str, str],
    tools: Any,
    tmp_path: Path,
) -> None:
    """In Chromium at 1366x768: the rows show the example as placeholders; "Aggiungi una
    riga" adds a fifth, empty row; four categories typed are recorded in their order and the
    list shows them (Parole art. 6.1: the categories given in the order announced)."""
    event_id, north_south = played(web_app, make_event)
    service(web_app).run(event_id, values.PublishStandings(1))
    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live_server}/desk/e/{event_id}/prizes")
    assert desk.get_attribute("#name_1", "placeholder") == "Assoluta"
    assert desk.locator("tr.prize-row").count() == 3
    desk.click("#add-prize-row")
    desk.click("#add-prize-row")
    assert desk.locator("tr.prize-row").count() == 5
    assert (
        desk.input_value("#name_5") == "" and desk.get_attribute("#name_5", "placeholder") is None
    )
    others = east_west(north_south)  # the three overall prizes go to the N-S pairs
    plan = (
        ("Assoluta", "overall", "100/60/40", ""),
        ("Dame", "listed", "50", str(others[0])),
        ("Circolo", "listed", "Coppa", str(others[1])),
        ("Sorpresa", "listed", "Cesto", str(others[2])),
    )
    for i, (name, rule, won, numbers) in enumerate(plan, start=1):
        desk.fill(f"#name_{i}", name)
        desk.select_option(f"#rule_{i}", rule)
        desk.fill(f"#prizes_{i}", won)
        desk.fill(f"#numbers_{i}", numbers)
    desk.screenshot(path=str(tmp_path / "prize-rows.png"), full_page=True)
    tools.follow(desk, "#record-prizes")
    recorded = service(web_app).state(event_id).prize_plan
    assert recorded is not None
    assert [c.name for c in recorded.categories] == ["Assoluta", "Dame", "Circolo", "Sorpresa"]
    assert desk.locator("h3.prize-category").count() == 4
    assert desk.locator("table.prizes tbody tr").count() == 6  # 3 overall, 1 in each other
    desk.screenshot(path=str(tmp_path / "prize-list.png"), full_page=True)
