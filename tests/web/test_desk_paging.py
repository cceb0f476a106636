"""Issue 29, "page every list on the desk": with 2,000 pairs (the limit) the round page (1.7 MB
of HTML before), the seating editor (514 KB) and the cash summary (470 KB) show a page of
their tables or competitors at a time, with the event page's navigation in Italian and
English, while what the director needs at once still counts the whole round: the sheets'
counts and the tables without a sheet (FIBAS art. 19-20), the totals of the entry fees
(docs/rulings.md, "Entry fees"); a table's sheet is reached by its number."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, txt
from tests.web.test_desk_limits import LIMIT, new_event, pairs

from arbitro.tournament.commands import values
from arbitro.tournament.records import PaymentMethod
from arbitro.web.csrf import CSRF_HEADER
from arbitro.web.desk.paging import PAGE_SIZE, spans

BOUND = 300_000
"""Bytes of HTML a desk page of a 2,000-pair event stays under."""
TABLES = LIMIT // 2


def seated(app: FastAPI, *, fees: bool = False) -> str:
    """A 2,000-pair event whose round 1 is seated by draw (FIBAS art. 4), not published;
    with ``fees``, 20 € each and the first 1,000 paid in cash."""
    service = app.state.web.service
    event_id = new_event(app)
    service.register_many(event_id, pairs(LIMIT))
    if fees:
        service.run(event_id, values.SetFee(2000))
        service.run(event_id, values.Pay(list(range(1, LIMIT // 2 + 1)), None, PaymentMethod.CASH))
    service.seat(event_id, 1)
    return event_id


def get(client: TestClient, url: str, **params: str) -> Any:
    reply = client.get(url, params=params, headers={"accept-encoding": "identity"})
    assert reply.status_code == 200, reply.text[:500]
    return reply


def numbers(page: str, pattern: str) -> list[int]:
    return [int(n) for n in re.findall(pattern, page)]


SEATING_ROW = r'<tr><td class="num">(\d+)</td>'
SHEET_ROW = r'<tr class="row-\w+">\s*<td class="num"><a href="[^"]*">(\d+)</a>'
EDITOR_ROW = r'id="edit-table-(\d+)"'
CASH_ROW = r'id="cash-(\d+)"'


def test_the_round_page_of_2000_pairs_shows_a_page_of_its_tables(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """FIBAS art. 4 (the seating to review) and art. 19-20 (the sheets): 200 of the 1,000
    tables a page, page 2 the tables 201-400, the page under 300 KB; the counts and the
    tables without a sheet count all 1,000; the table addresses are the page's; a penalty's
    competitor is a number to type, not a list of 2,000."""
    event_id = seated(web_app)
    url = f"/desk/e/{event_id}/r/1"
    review = get(director_client, url)
    assert len(review.content) < BOUND
    assert numbers(review.text, SEATING_ROW) == list(range(1, PAGE_SIZE + 1))
    assert "Tavoli 1–200 di 1000 · pagina 1 di 5" in review.text
    second = get(director_client, url, page="2")
    assert numbers(second.text, SEATING_ROW) == list(range(201, 401))

    web_app.state.web.service.run(event_id, values.PublishSeating(1))
    page = get(director_client, url)
    assert len(page.content) < BOUND
    assert numbers(page.text, SHEET_ROW) == list(range(1, PAGE_SIZE + 1))
    assert '<span class="status-missing">1000 ' in page.text
    assert "Tavoli senza referto o in conflitto: 1–1000</strong>" in txt(page)  # all of them
    assert page.text.count("<li>Tavolo ") == PAGE_SIZE  # the addresses (QR) of the page
    assert '<option value="1999"' not in page.text
    assert '<input name="competitor" id="sanction-competitor" type="number"' in page.text
    assert 'id="go-to-table"' in page.text and 'id="table-search"' in page.text
    two = get(director_client, url, page="2")
    assert numbers(two.text, SHEET_ROW) == list(range(201, 401))
    assert '<span class="status-missing">1000 ' in two.text
    assert f"{url}/live?v=" in two.text and "&amp;page=2" in two.text  # the panel keeps it
    live = get(director_client, f"{url}/live", page="2")
    assert numbers(live.text, SHEET_ROW) == list(range(201, 401))


@pytest.mark.parametrize(
    ("lang", "shown", "link"),
    [
        ("it", "Tavoli 201–400 di 1000 · pagina 2 di 5", 'aria-label="pagina 4 di 5">4</a>'),
        ("en", "Tables 201–400 of 1000 · page 2 of 5", 'aria-label="page 4 of 5">4</a>'),
    ],
)
def test_the_round_pages_navigation_in_both_languages(
    web_app: FastAPI, director_client: TestClient, lang: str, shown: str, link: str
) -> None:
    """The links to the other pages say which page they open to a screen reader, and the
    current one is marked (issue 29), in the director's language."""
    event_id = seated(web_app)
    page = get(director_client, f"/desk/e/{event_id}/r/1", page="2", lang=lang)
    assert shown in page.text and link in page.text
    assert '<strong aria-current="page">2</strong>' in page.text
    assert 'href="?page=5#table-list"' in page.text


def test_a_table_is_found_by_its_number_or_a_name_and_its_sheet_opened(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """ "Go to table N" opens the table's sheet (FIBAS art. 19-20); the search finds a table
    by its number or a competitor seated there; a table that is not there is said so, in both
    languages, the counts still the round's."""
    event_id = seated(web_app)
    service = web_app.state.web.service
    service.run(event_id, values.PublishSeating(1))
    url = f"/desk/e/{event_id}/r/1"
    one = get(director_client, url, q="777")
    assert numbers(one.text, SHEET_ROW) == [777]
    assert "Tavoli 1–1 di 1" in one.text and '<span class="status-missing">1000 ' in one.text
    (where,) = [
        t.table for t in service.state(event_id).round(1).seating.tables if 1234 in (*t.ns, *t.ew)
    ]
    assert numbers(get(director_client, url, q="coppia 1234").text, SHEET_ROW) == [where]
    go = director_client.get(f"{url}/go", params={"table": "777"})
    assert go.status_code == 303 and go.headers["location"] == f"{url}/t/777"
    assert get(director_client, go.headers["location"]).status_code == 200
    away = director_client.get(f"{url}/go", params={"table": "5000"})
    assert away.status_code == 303 and away.headers["location"] == f"{url}?q=5000#sheets"
    assert "Nessun tavolo corrisponde a «5000»." in txt(get(director_client, url, q="5000"))
    english = get(director_client, url, q="5000", lang="en")
    assert "No table matches «5000»." in txt(english)


def test_the_seating_editor_of_2000_pairs_shows_a_page_of_its_tables(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """FIBAS art. 4 (seating by hand): the editor shows 200 tables a page under 300 KB; the
    competitors and the table are typed; a swap made from page 2 comes back to page 2."""
    event_id = seated(web_app)
    url = f"/desk/e/{event_id}/r/1/seating-edit"
    page = get(director_client, url)
    assert len(page.content) < BOUND
    assert numbers(page.text, EDITOR_ROW) == list(range(1, PAGE_SIZE + 1))
    assert '<option value="1999"' not in page.text
    assert '<input name="first" id="swap-first" type="number"' in page.text
    assert '<input name="table" id="move-table" type="number"' in page.text
    second = get(director_client, url, page="2", lang="en")
    assert numbers(second.text, EDITOR_ROW) == list(range(201, 401))
    assert "Tables 201–400 of 1000 · page 2 of 5" in second.text
    assert 'action="/desk/e/grande/r/1/seating-edit/swap?page=2"' in second.text
    service = web_app.state.web.service
    tables = service.state(event_id).round(1).seating.tables
    first, other = tables[200].ns[0], tables[0].ns[0]
    swapped = post(director_client, f"{url}/swap?page=2", {"first": first, "second": other})
    assert swapped.status_code == 303
    assert swapped.headers["location"] == f"{url}?ok=swap&page=2#seating-editor"
    after = service.state(event_id).round(1).seating.tables
    assert after[200].ns[0] == other and after[0].ns[0] == first


def test_the_cash_page_of_2000_pairs_shows_a_page_of_its_competitors(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """The entry fees' summary (docs/rulings.md, "Entry fees"): 200 competitors a page, under
    300 KB; the totals and who has not paid count the whole event; a competitor found by
    number."""
    event_id = seated(web_app, fees=True)
    url = f"/desk/e/{event_id}/cash"
    page = get(director_client, url)
    assert len(page.content) < BOUND
    assert numbers(page.text, CASH_ROW) == list(range(1, PAGE_SIZE + 1))
    assert "Pagato: 1000 di 2000" in page.text
    assert "Non hanno pagato: 1000 concorrenti (segnati nell&#39;elenco)." in page.text
    second = get(director_client, url, page="2", lang="en")
    assert numbers(second.text, CASH_ROW) == list(range(201, 401))
    assert "Competitors 201–400 of 2000 · page 2 of 10" in second.text
    assert "Not paid: 1000 competitors (marked in the list)." in second.text
    assert numbers(get(director_client, url, q="1500").text, CASH_ROW) == [1500]


def test_a_sanction_names_a_typed_player_past_a_page_of_competitors(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """FIBAS art. 41: with 2,000 pairs the player sanctioned is typed, not chosen from 4,000;
    a player of another pair is refused as the command refuses it."""
    event_id = seated(web_app)
    web_app.state.web.service.run(event_id, values.PublishSeating(1))
    base = f"/desk/e/{event_id}/r/1/sanction"
    data = {"competitor": "5", "kind": "warning", "reason": "commenti", "player": "Rossi 5"}
    assert post(director_client, base, data).status_code == 303
    ledger = web_app.state.web.service.state(event_id).ledger
    assert [(e.competitor, e.detail.render("it")) for e in ledger if e.kind == "warning"] == [
        (5, "Rossi 5")
    ]
    wrong = post(director_client, base, {**data, "player": "Rossi 6"})
    assert wrong.status_code == 400 and "«Rossi 6» non gioca" in txt(wrong)


def test_a_small_round_keeps_its_lists(web_app: FastAPI, director_client: TestClient) -> None:
    """Up to a page of tables nothing changes: no search, no page links, the choices listed."""
    service = web_app.state.web.service
    event_id = new_event(web_app)
    service.register_many(event_id, pairs(40))
    service.seat(event_id, 1)
    service.run(event_id, values.PublishSeating(1))
    page = get(director_client, f"/desk/e/{event_id}/r/1")
    assert 'id="table-search"' not in page.text and 'id="table-pages"' not in page.text
    assert '<option value="40"' in page.text
    assert numbers(page.text, SHEET_ROW) == list(range(1, 21))


def test_the_arbiters_seating_of_2000_pairs_takes_typed_numbers(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """FIBAS art. 4 (the arbiter's choice): the form places every competitor at once, so it
    is not paged; past a page of competitors each place is a number to type instead of a list
    of them all (198 MB of HTML and 42 s at 2,000 pairs before), and a seating typed so is
    recorded as the arbiter's choice, all 2,000 places in one form."""
    service = web_app.state.web.service
    event_id = new_event(web_app)
    service.register_many(event_id, pairs(LIMIT))
    url = f"/desk/e/{event_id}/r/1/arbiter-seating"
    page = get(director_client, url)
    assert len(page.content) < 600_000
    assert '<input name="t1000_ew_1" id="t1000_ew_1" class="place" type="number"' in page.text
    assert "<option" not in page.text.split('id="arbiter-seating-table"')[1]
    form = {
        f"t{t}_{side}_1": str(2 * t - (side == "ns"))
        for t in range(1, TABLES + 1)
        for side in ("ns", "ew")
    }
    # as a browser sends it: the CSRF token among the form's 2,001 fields (Starlette reads
    # at most 1,000 unless told)
    del director_client.headers[CSRF_HEADER]
    done = post(director_client, url, form)
    assert done.status_code == 303, txt(done)[:2000]
    tables = service.state(event_id).round(1).seating.tables
    assert len(tables) == TABLES and (tables[776].ns, tables[776].ew) == ((1553,), (1554,))


def test_a_long_list_of_tables_without_a_sheet_is_said_in_runs() -> None:
    """FIBAS art. 19-20: the tables owing a sheet head the round page; up to 30 named one by
    one, past that in runs (30 at most) and how many more, so the tables stay in view."""
    assert spans([2, 3, 5]) == (["2", "3", "5"], 0)
    assert spans(list(range(1, 1001))) == (["1–1000"], 0)
    scattered = [n for n in range(1, 1001) if n % 10]  # every tenth table has its sheet
    said, left = spans(scattered)
    assert said[:2] == ["1–9", "11–19"] and said[-1] == "291–299" and len(said) == 30
    assert left == len(scattered) - 30 * 9
