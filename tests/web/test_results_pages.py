"""The event's results live on the players' phones (issue 17, "each competitor can open their
own card from the phone after every round"): the pages of the static results site served by
the app, only for the rounds whose standings are published (FIBAS art. 39), and linked from
the table's page once its round's standings are out."""

from __future__ import annotations

import random
import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_public import EVENT, NAMES, app_web, make_event, play_round, visible_text

from arbitro.tournament.commands import values
from arbitro.web.tokens import make_token


def test_no_results_before_the_first_standings_art39(web_app: FastAPI, client: TestClient) -> None:
    web = app_web(web_app)
    make_event(web)
    play_round(web, 1, random.Random(1), publish=False)
    page = client.get(f"/e/{EVENT}/results/")
    assert page.status_code == 404
    assert "Nessuna classifica pubblicata" in visible_text(page.text)


def test_a_card_shows_only_the_rounds_with_standings_published_art39(
    web_app: FastAPI, client: TestClient
) -> None:
    web = app_web(web_app)
    make_event(web)
    rng = random.Random(7)
    play_round(web, 1, rng)
    play_round(web, 2, rng, publish=False)  # round 2's sheets are in, not yet published
    index = client.get(f"/e/{EVENT}/results/")
    assert index.status_code == 200
    assert "standings-1.html" in index.text and "standings-2.html" not in index.text
    assert client.get(f"/e/{EVENT}/results/round-2.html").status_code == 404
    card = client.get(f"/e/{EVENT}/results/competitor-3.html")
    assert card.status_code == 200
    assert NAMES[2] in visible_text(card.text)
    assert "round-1.html" in card.text and "round-2.html" not in card.text

    web.service.run(EVENT, values.PublishStandings(2))
    card = client.get(f"/e/{EVENT}/results/competitor-3.html")
    assert "round-2.html" in card.text  # the new version: not the page cached before
    assert client.get(f"/e/{EVENT}/results/round-2.html").status_code == 200
    style = client.get(f"/e/{EVENT}/results/static/export.css")
    assert style.status_code == 200 and style.headers["content-type"].startswith("text/css")
    assert client.get(f"/e/{EVENT}/results/static/secret.txt").status_code == 404


def test_the_results_pages_are_cached_with_an_etag(web_app: FastAPI, client: TestClient) -> None:
    web = app_web(web_app)
    make_event(web)
    play_round(web, 1, random.Random(3))
    first = client.get(f"/e/{EVENT}/results/standings-1.html")
    etag = first.headers["etag"]
    again = client.get(f"/e/{EVENT}/results/standings-1.html", headers={"If-None-Match": etag})
    assert again.status_code == 304
    english = client.get(f"/e/{EVENT}/results/standings-1.html?lang=en")
    assert english.headers["etag"] != etag
    assert "Standings after round 1" in visible_text(english.text)
    assert "Classifica dopo il turno 1" in visible_text(first.text)


def test_the_table_page_links_each_competitors_card_after_the_standings_art39(
    web_app: FastAPI, client: TestClient
) -> None:
    web = app_web(web_app)
    make_event(web)
    play_round(web, 1, random.Random(5), publish=False)
    token = make_token(web.secret, EVENT, 1, 1)
    before = client.get(f"/t/{token}")
    assert "/results/competitor-" not in before.text
    web.service.run(EVENT, values.PublishStandings(1))
    after = client.get(f"/t/{token}")
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    table = seating.tables[0]
    numbers = [*(table.ns or ()), *(table.ew or ())]
    links = re.findall(r'href="(/e/[^"]+/results/competitor-\d+\.html)"', after.text)
    assert links == [f"/e/{EVENT}/results/competitor-{n}.html" for n in numbers]
    assert "Risultati dopo il turno 1" in visible_text(after.text)
    card = client.get(links[0])
    assert card.status_code == 200
    assert web.service.state(EVENT).competitors[numbers[0]].name in visible_text(card.text)
