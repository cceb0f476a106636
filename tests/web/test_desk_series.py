"""Series of events on the desk (issue 17; docs/rulings.md "Sessions and series of events"): a
club's season created from the events list with its points scheme, a bad scheme refused next
to its field, an event added and taken out, the standings by player (FIBAS art. 2: a pair is
two players, each earning the pair's points) with the dropped results in brackets and the
tie explained, the PDF served and readable, the page in English, and the login required."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.services.test_series_service import MEMBERS, SEASON, START, club_season, play_event
from tests.web.test_desk import post, text_of, txt

from arbitro.services import series
from arbitro.store import players as registry
from arbitro.store.players import PlayerFields
from arbitro.tournament.series import PointsScheme, SchemeKind


@pytest.fixture
def evenings(web_app: FastAPI) -> FastAPI:
    """The club's registry and its three evenings played (``sett``, ``ott``, ``nov``), four
    pairs of registry players each, partners changing from one evening to the next; no
    series yet."""
    store = web_app.state.web.store
    for card, name in MEMBERS.items():
        registry.add_player(store, PlayerFields(name, card, "Circolo Aurora"), START)
    for month, (event_id, pairs) in enumerate(SEASON.items()):
        play_event(store, event_id, f"Serata {event_id}", pairs, START.replace(month=9 + month))
    return web_app


@pytest.fixture
def season(web_app: FastAPI) -> FastAPI:
    """The app with the club's season and the series ``stagione`` (placement 10, 8, 6, 4;
    best 2 of 3)."""
    club_season(web_app.state.web.store)
    return web_app


def rows(page: str) -> list[list[str]]:
    """The standings' rows as the page shows them: rank, player, each event's cell, total."""
    table = re.search(r'<table class="series-standings">(.*?)</table>', page, re.S)
    assert table is not None, page
    found = []
    for row in re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if cells:
            found.append([text_of(c).strip() for c in cells])
    return found


def test_create_a_season_best_2_of_3_from_the_events_list_art2(
    evenings: FastAPI, director_client: TestClient
) -> None:
    """The director creates the season from the desk: a name, the placement table 10, 8, 6,
    4, best 2, the three evenings ticked; the series page then ranks the players (each of a
    pair's two players earns the pair's points, FIBAS art. 2), Carla ahead of Bruno on 20
    points by every result (28 against 26), the dropped results in brackets."""
    page = txt(director_client.get("/desk/series"))
    assert "Ancora nessun circuito." in page
    for event_id in SEASON:  # the events to pick from, knockouts excluded
        assert f'name="event" value="{event_id}"' in page
    made = post(
        director_client,
        "/desk/series",
        {
            "name": "Stagione 2025/26",
            "series_id": "",
            "kind": "placement",
            "table": "10, 8, 6, 4",
            "best": "2",
            "event": list(SEASON),
        },
    )
    assert made.status_code == 303, txt(made)
    assert made.headers["location"] == "/desk/series/stagione-2025-26?ok=created"
    kept = series.get_series(evenings.state.web.store, "stagione-2025-26")
    assert kept.events == ("sett", "ott", "nov")
    assert kept.scheme == {"kind": "placement", "table": [10, 8, 6, 4], "beyond": 0, "best": 2}

    page = txt(director_client.get(made.headers["location"]))
    assert "Serie creata." in page
    shown = rows(page)
    assert shown[0] == ["1", "Carla Verdi", "(8)", "10", "10", "20"]
    assert shown[1] == ["2", "Bruno Neri *", "10", "(6)", "10", "20"]
    assert len(shown) == len(MEMBERS)
    text = text_of(page)
    assert "Classifica definitiva del circuito" in text
    assert "punti per piazzamento: 10, 8, 6, 4 (poi 0); contano i migliori 2 risultati" in text
    assert (
        "* Bruno Neri: parità a 20 punti: tutti i risultati, compresi gli scartati, 28 contro 26"
        in text
    )
    assert "I punti tra parentesi non contano" in text
    assert "FIBAS art. 2" in text
    assert 'href="/s/stagione-2025-26"' in page
    assert 'href="/desk/series/stagione-2025-26/pdf"' in page
    assert 'href="/desk/players/' in page  # each player leads to the player's page
    listed = txt(director_client.get("/desk/series"))
    assert 'href="/desk/series/stagione-2025-26"' in listed
    assert "Serata sett, Serata ott, Serata nov" in listed


def test_a_bad_scheme_is_refused_next_to_its_field(
    evenings: FastAPI, director_client: TestClient
) -> None:
    """A points table that is not numbers, a placement scheme without a table, a VP scheme
    with one, best 0 and a taken id are each refused with the message beside the field;
    what was typed (and the events ticked) stays in the form; nothing is created."""
    store = evenings.state.web.store
    bad = post(
        director_client,
        "/desk/series",
        {"name": "Circuito", "kind": "placement", "table": "25, diciotto", "event": ["ott"]},
    )
    assert bad.status_code == 400
    page = txt(bad)
    assert "«25, diciotto» non è una tabella di punti: numeri separati da virgole" in page
    assert re.search(r'name="table"[^>]*value="25, diciotto"', page)
    assert re.search(r'value="ott" checked', page) and not re.search(r'value="sett" checked', page)
    assert series.list_series(store) == []

    empty = post(director_client, "/desk/series", {"name": "Circuito", "kind": "placement"})
    assert empty.status_code == 400
    assert "scrivi i punti di ogni posto" in txt(empty)
    vp_table = post(
        director_client, "/desk/series", {"name": "Circuito", "kind": "vp", "table": "3,2,1"}
    )
    assert vp_table.status_code == 400
    assert "un punteggio a V.P. non ha una tabella di punti" in txt(vp_table)
    best = post(
        director_client,
        "/desk/series",
        {"name": "Circuito", "kind": "placement", "table": "3,2,1", "best": "0"},
    )
    assert best.status_code == 400 and "migliori N: 0 fuori dall'intervallo" in txt(best)
    wrong_kind = post(director_client, "/desk/series", {"name": "Circuito", "kind": "medaglie"})
    assert wrong_kind.status_code == 400 and "medaglie" in txt(wrong_kind)
    assert series.list_series(store) == []

    ok = post(director_client, "/desk/series", {"name": "Circuito", "kind": "vp"})
    assert ok.status_code == 303
    again = post(director_client, "/desk/series", {"name": "Circuito", "kind": "vp"})
    assert again.status_code == 409
    assert "il circuito circuito esiste già" in txt(again)


def test_an_event_added_then_taken_out(season: FastAPI, director_client: TestClient) -> None:
    """Taking ``ott`` out leaves each player's results of ``sett`` and ``nov``: Bruno's 10 + 10
    (his dropped 6 was ``ott``'s) now ahead of Carla's 8 + 10, no tie left; adding it back puts it last; adding it twice is refused with the
    message next to the form; an event's page says which series it is in."""
    store = season.state.web.store
    event_page = text_of(txt(director_client.get("/desk/e/ott")))
    assert "Stagione 2025/26" in event_page and "gara 2 di 3" in event_page
    out = post(director_client, "/desk/series/stagione/remove", {"event": "ott"})
    assert out.status_code == 303 and out.headers["location"].endswith("ok=removed#events")
    assert series.get_series(store, "stagione").events == ("sett", "nov")
    shown = rows(txt(director_client.get("/desk/series/stagione")))
    assert shown[:2] == [
        ["1", "Bruno Neri", "10", "10", "20"],
        ["2", "Carla Verdi", "8", "10", "18"],
    ]
    assert "non fa parte di nessuna serie" in text_of(txt(director_client.get("/desk/e/ott")))
    page = txt(director_client.get("/desk/series/stagione"))
    assert '<option value="ott"' in page and '<option value="sett"' not in page

    back = post(director_client, "/desk/series/stagione/add", {"event": "ott"})
    assert back.status_code == 303
    assert series.get_series(store, "stagione").events == ("sett", "nov", "ott")
    twice = post(director_client, "/desk/series/stagione/add", {"event": "ott"})
    assert twice.status_code == 409
    assert "la gara ott è già nel circuito stagione" in txt(twice)
    missing = post(director_client, "/desk/series/stagione/add", {"event": "nessuna"})
    assert missing.status_code == 404 and "la gara nessuna non esiste" in txt(missing)
    gone = post(director_client, "/desk/series/stagione/remove", {"event": "nessuna"})
    assert gone.status_code == 404 and "la gara nessuna non è nel circuito" in txt(gone)
    assert series.get_series(store, "stagione").events == ("sett", "nov", "ott")


def test_the_pdf_is_served_and_reads(
    season: FastAPI, director_client: TestClient, tmp_path: Path
) -> None:
    """The standings' PDF from the series page: A4, the players in order, the bracketed
    points, in Italian (English with the page's language)."""
    response = director_client.get("/desk/series/stagione/pdf")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "serie.pdf"
    pdf.write_bytes(response.content)
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "Stagione 2025/26" in text and "DEFINITIVA" in text.upper()
    assert text.index("Carla Verdi") < text.index("Bruno Neri") < text.index("Ada Rossi")
    assert "(8)" in text
    director_client.cookies.set("lang", "en")
    english = director_client.get("/desk/series/stagione/pdf")
    pdf.write_bytes(english.content)
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "FINAL" in text and "Player" in text


def test_the_pages_in_english(season: FastAPI, director_client: TestClient) -> None:
    """The list, the series page and the navigation in English, no Italian word."""
    director_client.cookies.set("lang", "en")
    listed = text_of(txt(director_client.get("/desk/series")))
    assert "Series of events" in listed and "Create a series" in listed
    page = text_of(txt(director_client.get("/desk/series/stagione")))
    assert "Final series standings" in page and "best 2 results count" in page
    assert "tie on 20 points: all results, dropped ones included, 28 against 26" in page
    assert "Series" in page
    for word in ("Classifica", "Giocatore", "Gare", "Aggiungi", "Serie "):
        assert word not in page, word


def test_the_navigation_leads_to_the_series(director_client: TestClient) -> None:
    """Every desk page has the link «Serie» beside «Giocatori»."""
    page = txt(director_client.get("/desk"))
    assert re.search(
        r'<a href="/desk/players">Giocatori</a>\s*<a href="/desk/series">Serie</a>', page
    )


def test_login_required(season: FastAPI, client: TestClient) -> None:
    """Without a login the series pages, the PDF and the forms lead to the login page, and
    nothing changes."""
    for url in ("/desk/series", "/desk/series/stagione", "/desk/series/stagione/pdf"):
        response = client.get(url)
        assert response.status_code in (303, 401), url
        if response.status_code == 303:
            assert "/login" in response.headers["location"]
    posted = client.post("/desk/series/stagione/remove", data={"event": "ott"})
    assert posted.status_code in (303, 401, 403)
    assert series.get_series(season.state.web.store, "stagione").events == ("sett", "ott", "nov")


def test_an_unknown_series_is_not_found(director_client: TestClient) -> None:
    """A series that does not exist: the desk's 404 page naming it."""
    page = director_client.get("/desk/series/nessuna")
    assert page.status_code == 404 and "nessuna" in page.text


def test_a_competitor_not_in_the_registry_is_linked_from_the_series_page_art2(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """Pair 4 of an evening was registered by name only: the series page lists it as earning
    no points, with a form to link it. An unknown card is refused beside the field and
    nothing is linked; its two cards link both players (FIBAS art. 2: a pair is two
    players), and each then has the pair's VP in the standings."""
    store = web_app.state.web.store
    for card, name in MEMBERS.items():
        registry.add_player(store, PlayerFields(name, card), START)
    play_event(store, "sett", "Serata sett", SEASON["sett"], START, link=lambda n: n != 4)
    series.create_series(store, "vp", "A V.P.", PointsScheme(SchemeKind.VP), ("sett",))
    page = txt(director_client.get("/desk/series/vp"))
    assert (
        "non nell'anagrafica dei giocatori, senza punti del circuito: Gina Ricci - Ugo Sala"
        in text_of(page)
    )
    assert '<option value="4">4. Gina Ricci - Ugo Sala</option>' in page
    assert "I punti tra parentesi" not in page  # every result counts: no bracket to explain
    before = [r[1] for r in rows(page)]
    assert "Gina Ricci" not in before and len(before) == 6

    unknown = post(
        director_client,
        "/desk/series/vp/link",
        {"event": "sett", "competitor": "4", "players": "BU07, ZZ99"},
    )
    assert unknown.status_code == 404
    assert "nessun giocatore con numero di tessera o d'anagrafica «ZZ99»" in txt(unknown)
    assert 'value="BU07, ZZ99"' in txt(unknown)
    assert registry.player_by_card(store, "BU07") is not None
    assert [r[1] for r in rows(txt(unknown))] == before  # nothing linked

    linked = post(
        director_client,
        "/desk/series/vp/link",
        {"event": "sett", "competitor": "4", "players": "BU07, BU08"},
    )
    assert linked.status_code == 303 and linked.headers["location"].endswith("ok=linked#events")
    page = txt(director_client.get(linked.headers["location"]))
    assert "Giocatori collegati" in page and 'action="/desk/series/vp/link"' not in page
    shown = {r[1].removesuffix(" *"): r[2:] for r in rows(page)}
    vp = {r.competitor: r.vp for r in web_app.state.web.service.standings("sett")}
    assert shown["Gina Ricci"] == shown["Ugo Sala"] == [str(vp[4]), str(vp[4])]
