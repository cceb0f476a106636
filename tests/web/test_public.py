"""The public room displays: seating by table and by name, standings with movements and
the VP chart, provisional then final (art. 39), refreshing themselves, read-only, and never
telling the players the remaining time (FIBAS art. 7)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.codes.ids import CodeId, GameId
from arbitro.services.demo import random_deal
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, SanctionKind
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web, static_url

EVENT = "sala"
NAMES = [
    "Zanetti / Bassi",
    "Amato / Ferri",
    "Rossi / Bianchi",
    "Esposito / Romano",
    "Colombo / Ricci",
    "Marino / Greco",
    "Bruno / Gallo",
    "Conti / De Luca",
]


def app_web(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def make_event(web: Web, rounds: int = 3) -> None:
    config = EventConfig(
        "Burraco del giovedì",
        EventFormat.PAIRS,
        rounds,
        (2,) * rounds,
        (Movement.DRAW,) + (Movement.DANISH,) * (rounds - 1),
        seed=11,
    )
    web.service.create_event(EVENT, config)
    for name in NAMES:
        web.service.run(EVENT, Register(name))


def play_round(web: Web, rnd: int, rng: random.Random, publish: bool = True) -> None:
    state = web.service.seat(EVENT, rnd, publish=True)
    seating = state.round(rnd).seating
    assert seating is not None
    for t in seating.tables:
        entry = SheetEntry((random_deal(rng), random_deal(rng)))
        web.service.enter_sheet(EVENT, rnd, t.table, entry)
    if publish:
        web.service.run(EVENT, values.PublishStandings(rnd))


PUBLIC = [
    f"/e/{EVENT}",
    f"/e/{EVENT}/seating",
    f"/e/{EVENT}/seating/live",
    f"/e/{EVENT}/standings",
    f"/e/{EVENT}/standings/live",
]


def visible_text(html: str) -> str:
    """The page's text as shown (tags and the SVG markup removed)."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_seating_by_table_and_by_name_art_4(web_app: FastAPI, client: TestClient) -> None:
    """Art. 4: the round's seating as put up in the room, by table (N-S, E-O) and, for
    finding one's seat, by name in alphabetical order."""
    web = app_web(web_app)
    make_event(web)
    empty = client.get(f"/e/{EVENT}/seating")
    assert empty.status_code == 200 and "non è ancora affissa" in empty.text
    web.service.seat(EVENT, 1)
    assert "non è ancora affissa" in client.get(f"/e/{EVENT}/seating").text  # not published
    web.service.run(EVENT, values.PublishSeating(1))
    page = client.get(f"/e/{EVENT}/seating")
    assert page.status_code == 200
    assert 'class="display"' in page.text
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    by_table = re.search(r'seating-by-table">(.*?)</table>', page.text, re.S)
    assert by_table
    rows = re.findall(
        r"<tr><td[^>]*>(\d+)</td><td>(.*?)</td><td>(.*?)</td></tr>", by_table.group(1)
    )
    state = web.service.state(EVENT)
    assert [(int(n), ns, ew) for n, ns, ew in rows] == [
        (t.table, state.competitors[t.ns[0]].name, state.competitors[t.ew[0]].name)  # type: ignore[index]
        for t in seating.tables
    ]
    by_name = re.search(r'seating-by-name">(.*?)</table>', page.text, re.S)
    assert by_name
    listed = re.findall(r"<tr><td>(.*?)</td>", by_name.group(1))
    assert listed == sorted(NAMES, key=str.casefold)
    assert "turno 1 di 3" in page.text


def test_standings_with_movement_penalties_and_vp_chart_art_19_41(
    web_app: FastAPI, client: TestClient
) -> None:
    """Standings by VP then MP (art. 19) with each competitor's places gained or lost since
    the previous round, the penalty of two warnings (art. 41: -1 VP, -100 MP), and a chart
    of cumulative VP per round, one line for each of the top competitors."""
    web = app_web(web_app)
    make_event(web)
    rng = random.Random(5)
    assert "non è ancora pubblicata" in client.get(f"/e/{EVENT}/standings").text
    play_round(web, 1, rng)
    play_round(web, 2, rng, publish=False)
    warned = web.service.standings(EVENT, 1)[0].competitor
    for reason in ("parla durante il gioco", "ancora"):
        web.service.run(EVENT, values.GiveSanction(2, warned, SanctionKind.WARNING, reason))
    web.service.run(EVENT, values.PublishStandings(2))
    page = client.get(f"/e/{EVENT}/standings").text
    rows = web.service.standings(EVENT, 2)
    before = {r.competitor: r.rank for r in web.service.standings(EVENT, 1)}
    body = re.search(r'class="d-table standings[^"]*">(.*?)</table>', page, re.S)
    assert body
    shown = re.findall(
        r'<td class="num big">(\d+)</td>\s*<td class="move">(.*?)</td>\s*'
        r'<td class="name">(.*?)</td>\s*<td class="num big">(-?\d+)</td>\s*'
        r'<td class="num">(-?\d+)</td>\s*<td class="pen">(.*?)</td>',
        body.group(1),
        re.S,
    )
    assert len(shown) == len(NAMES)
    for (rank, move, name, vp, mp, pen), row in zip(shown, rows, strict=True):
        assert (int(rank), name, int(vp), int(mp)) == (row.rank, row.name, row.vp, row.mp)
        gained = before[row.competitor] - row.rank
        if gained > 0:
            assert f"▲{gained}" in move
        elif gained < 0:
            assert f"▼{-gained}" in move
        else:
            assert "=" in move
        if row.competitor == warned:
            assert pen == "−1 V.P. −100 M.P."
        else:
            assert pen == ""
    svg = re.search(r"<svg class=\"vp-chart\".*?</svg>", page, re.S)
    assert svg
    lines = re.findall(r'<polyline points="([^"]+)"', svg.group(0))
    assert len(lines) == min(8, len(NAMES))
    assert all(len(points.split()) == 3 for points in lines)  # round 0, 1 and 2
    labels = re.findall(r"font-weight=\"700\">(\d+)\. (.*?) · (-?\d+)</text>", svg.group(0))
    for (rank, name, total), row in zip(labels, rows, strict=False):
        assert (int(rank), name) == (row.rank, row.name)
        assert int(total) == sum(v or 0 for v in row.round_vp)


def test_standings_are_provisional_then_final_art_39(
    web_app: FastAPI, client: TestClient, clock: object
) -> None:
    """Art. 39: the standings are provisional for the complaints window after their display,
    then final; after the last round the display says "Classifica finale"."""
    web = app_web(web_app)
    make_event(web, rounds=1)
    play_round(web, 1, random.Random(2))
    page = client.get(f"/e/{EVENT}/standings").text
    assert "provvisoria" in page and "Classifica finale" not in page
    clock.advance(minutes=16)  # type: ignore[attr-defined]
    page = client.get(f"/e/{EVENT}/standings").text
    assert "Classifica finale" in page and "provvisoria" not in page
    assert "Final standings" in client.get(f"/e/{EVENT}/standings?lang=en").text


def test_no_remaining_time_on_public_pages_art_7(
    web_app: FastAPI, client: TestClient, clock: object
) -> None:
    """Art. 7: "Non è consentita nessuna informazione ai giocatori riguardo al tempo di gioco
    residuo". No public page, in either language, while a round is being played or its
    standings are provisional, shows a countdown, a clock time, minutes or a timer script."""
    web = app_web(web_app)
    make_event(web)
    rng = random.Random(3)
    play_round(web, 1, rng)
    play_round(web, 2, rng, publish=False)  # round 2 under way, round 1 provisional
    clock.advance(minutes=3)  # type: ignore[attr-defined]
    forbidden = re.compile(
        r"\b\d{1,2}:\d{2}\b|\bmin(uti|utes|\.)?\b|\d+\s*'|residu|remaining|time left|"
        r"countdown|conto alla rovescia|scade|expires|tempo|\btime\b",
        re.I,
    )
    for lang in ("it", "en"):
        for url in PUBLIC:
            html = client.get(f"{url}?lang={lang}").text
            assert not forbidden.search(visible_text(html)), (
                url,
                forbidden.search(visible_text(html)),
            )
            assert "setInterval" not in html and "setTimeout" not in html and "<time" not in html
            htmx = f'<script src="{static_url("htmx.min.js")}" defer>'
            assert "<script" not in html.replace(htmx, "")


class Links(HTMLParser):
    """Every link, form and htmx request of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.gets: list[str] = []
        self.writes: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.writes.append(("form", a.get("action", "")))
        for verb in ("hx-post", "hx-put", "hx-patch", "hx-delete"):
            if verb in a:
                self.writes.append((verb, a[verb]))
        for key in ("href", "hx-get", "src"):
            if key in a:
                self.gets.append(a[key])


def test_public_pages_are_read_only(web_app: FastAPI, client: TestClient) -> None:
    """The room displays change nothing: POST, PUT, PATCH and DELETE are refused (405) and
    store nothing; the pages hold no form and no write request, and link only to other
    public pages, the static files and the language switch."""
    web = app_web(web_app)
    make_event(web)
    play_round(web, 1, random.Random(4))
    before = web.store.last_seq(EVENT)
    for url in PUBLIC:
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            reply = client.request(method, url, data={"round": "1", "name": "x"})
            assert reply.status_code == 405, (method, url)
        assert client.head(url).status_code == 200
        page = Links()
        page.feed(client.get(url).text)
        assert page.writes == []
        for link in page.gets:
            assert link == "/" or link.startswith(("?lang=", f"/e/{EVENT}", "/static/")), link
    assert web.store.last_seq(EVENT) == before


def test_displays_refresh_within_seconds_of_a_change(web_app: FastAPI, client: TestClient) -> None:
    """The displays poll their live fragment every 2 s (a meta refresh every 5 s without
    JavaScript); the fragment answers 204 while nothing changed and the new content as soon
    as something did."""
    web = app_web(web_app)
    make_event(web)
    polls: dict[str, str] = {}
    for page in ("seating", "standings"):
        html = client.get(f"/e/{EVENT}/{page}").text
        assert 'hx-trigger="every 2s"' in html
        assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in html
        poll = re.search(r'hx-get="([^"]+)"', html)
        assert poll
        polls[page] = poll.group(1).replace("&amp;", "&")
        assert client.get(polls[page]).status_code == 204
    play_round(web, 1, random.Random(9))
    seating = client.get(polls["seating"])
    assert seating.status_code == 200 and "turno 1 di 3" in seating.text
    standings = client.get(polls["standings"])
    assert standings.status_code == 200 and "Classifica dopo il turno 1" in standings.text
    again = re.search(r'hx-get="([^"]+)"', standings.text)
    assert again and client.get(again.group(1).replace("&amp;", "&")).status_code == 204


def test_unknown_event_is_a_404_with_a_message(client: TestClient) -> None:
    """A display of an event that does not exist says so (404), it does not fail."""
    for url in ("/e/nessuna", "/e/nessuna/seating", "/e/nessuna/standings/live"):
        reply = client.get(url)
        assert reply.status_code == 404 and "nessuna" in reply.text


def test_scala40_seating_lists_the_four_players_of_each_table(
    web_app: FastAPI, client: TestClient
) -> None:
    """Scala 40 (seed 004 art. 2): individuals at tables of four; the seating display lists
    each table's players and, by name, each player's table and seat."""
    web = app_web(web_app)
    config = EventConfig(
        "Scala 40 del martedì",
        EventFormat.INDIVIDUAL,
        1,
        (5,),
        (Movement.REGISTRATION_ORDER,),
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event("scala", config)
    players = [f"Giocatore {i}" for i in range(1, 9)]
    for name in players:
        web.service.run("scala", Register(name))
    state = web.service.seat("scala", 1, publish=True)
    seating = state.round(1).seating
    assert seating is not None and all(t.players for t in seating.tables)
    page = client.get("/e/scala/seating").text
    for t in seating.tables:
        names = " – ".join(state.competitors[p].name for p in t.players or ())
        assert f'<td class="num big">{t.table}</td><td colspan="2">{names}</td>' in page
    by_name = re.search(r'seating-by-name">(.*?)</table>', page, re.S)
    assert by_name
    rows = re.findall(r"<tr><td>(.*?)</td><td[^>]*>(\d+)</td><td>(\d)</td></tr>", by_name.group(1))
    assert sorted(r[0] for r in rows) == sorted(players, key=str.casefold)
    first = seating.tables[0]
    assert (state.competitors[first.players[0]].name, "1", "1") in rows  # type: ignore[index]
