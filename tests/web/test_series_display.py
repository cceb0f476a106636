"""The series standings on the projector (``/s/<series>``): a club's season of three events
ranked best 2 of 3, in the hall display's style (large type, pages turning by themselves,
no navigation), in Italian and English, rendered once per version (the page cache: 304 to
a browser that has it, a new page when an event or a link changes)."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.services.test_series_service import START, club_season

from arbitro.services.series import standings
from arbitro.store import players as registry
from arbitro.store.players import Entry
from arbitro.web import public


@pytest.fixture
def season(web_app: FastAPI) -> FastAPI:
    """The app with the club's season and the series ``stagione`` (best 2 of 3)."""
    club_season(web_app.state.web.store)
    return web_app


def names(html: str) -> list[str]:
    """The players' names in the order shown."""
    return re.findall(r'<td class="name">([^<*]+?)(?: \*)?</td>', html)


def test_the_projector_shows_the_season_best_2_of_3(season: FastAPI, client: TestClient) -> None:
    """Every player in order, each event's points with the dropped ones in brackets, the
    total; the scheme; the tie explained on the page; no link to anything; Italian by
    default, English on request."""
    page = client.get("/s/stagione")
    assert page.status_code == 200
    html = page.text
    assert names(html) == [
        "Carla Verdi",
        "Bruno Neri",
        "Ada Rossi",
        "Elena Costa",
        "Dario Gallo",
        "Fabio Greco",
        "Gina Ricci",
        "Irene Conti",
        "Luca Moro",
        "Ugo Sala",
    ]
    assert "Classifica definitiva del circuito" in html
    assert "punti per piazzamento: 10, 8, 6, 4 (poi 0); contano i migliori 2 risultati" in html
    carla = re.search(r"Carla Verdi</td>(.*?)</tr>", html)
    assert carla is not None
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", carla.group(1))
    assert cells == ["(8)", "10", "10", "20"]
    assert (
        "* Bruno Neri: parità a 20 punti: tutti i risultati, compresi gli scartati, 28 contro 26"
        in html
    )
    assert "<a " not in html.split("<main>", 1)[1] and "<form" not in html
    assert 'http-equiv="refresh" content="10;url=?page=1"' in html
    en = client.get("/s/stagione?lang=en").text
    assert "Final series standings" in en and "best 2 results count" in en
    assert "Classifica" not in en


def test_the_pages_turn_and_every_player_is_on_one(
    season: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 3 rows a column (two columns) the ten players take two pages: page 1 leads to
    page 2, page 2 back to page 1, each player on exactly one; ``?seconds=`` is kept."""
    monkeypatch.setattr(public, "HALL_ROWS", 3)
    first = client.get("/s/stagione?seconds=20").text
    second = client.get("/s/stagione?page=2&seconds=20").text
    third = client.get("/s/stagione?page=3&seconds=20").text
    assert 'content="20;url=?page=2&amp;seconds=20"' in first
    assert 'content="20;url=?page=1&amp;seconds=20"' in second
    assert 'data-page="1" data-pages="2"' in first and 'data-page="2" data-pages="2"' in second
    assert len(names(first)) == 6 and len(names(second)) == 4
    assert not set(names(first)) & set(names(second))
    assert names(first) + names(second) == [
        r.name for r in standings(season.state.web.store, "stagione").rows
    ]
    assert names(third) == names(first)  # page 3 of 2 wraps round to page 1


def test_rendered_once_per_version_and_again_when_a_link_changes(
    season: FastAPI, client: TestClient
) -> None:
    """The same page is served from the cache (one render; 304 with its ETag); linking a
    player to an event (a new result for the series) gives a new page."""
    web = season.state.web
    first = client.get("/s/stagione")
    renders = web.pages.renders
    again = client.get("/s/stagione", headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and web.pages.renders == renders
    assert client.get("/s/stagione").text == first.text and web.pages.renders == renders
    ugo = registry.player_by_card(web.store, "BU08")
    assert ugo is not None
    registry.link(web.store, Entry(ugo.id, "ott", 4, START))  # Ugo played in ott too
    changed = client.get("/s/stagione", headers={"If-None-Match": first.headers["etag"]})
    assert changed.status_code == 200 and web.pages.renders == renders + 1
    ugo_row = re.search(r"Ugo Sala(?: \*)?</td>(.*?)</tr>", changed.text)
    assert ugo_row is not None
    assert re.findall(r"<td[^>]*>([^<]*)</td>", ugo_row.group(1)) == ["4", "4", "—", "8"]


def test_an_unknown_series_is_not_found(client: TestClient) -> None:
    """A series that does not exist: 404 with the message."""
    page = client.get("/s/nessuna")
    assert page.status_code == 404 and "nessuna" in page.text
