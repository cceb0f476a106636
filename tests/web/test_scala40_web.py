"""Scala 40 individual events in the web app (seed 004): the table page of a table of four
(or three) players asks which player the phone belongs to, mirrors the sheet of negative
points per deal and player in seat order (art. 22), shows totals, places and VP as typed,
and is confirmed only when all the table's players sent the same numbers, as they all sign
the paper sheet (art. 23); a different submission is a conflict for the director. The
desk's sheet grid and the public displays work for tables of individuals."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import signed

from arbitro.codes.ids import CodeId, GameId
from arbitro.services.registering import Register
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.app import Web
from arbitro.web.tokens import table_path

EVENT = "scala"
# Art. 22's sample of this project (tests/tournament/events/test_scala40_event.py): five
# deals; totals 20, 60, 150, 300: places 1-4 (8/6/4/2 VP) and summed differences 450, 330,
# 150 → 12, 12, 6 VP on the 5-deal table: VP 20, 18, 10, 2.
ROWS = [(0, 10, 30, 60), (5, 10, 30, 60), (5, 10, 30, 60), (5, 10, 30, 60), (5, 20, 30, 60)]


def web_of(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def scala_event(web: Web, players: int = 8, deals: int = 5, rounds: int = 2) -> str:
    """A Scala 40 event, ``players`` registered, round 1 seated in registration order and
    published (tables of four; the last of three when ``players`` is not a multiple of 4)."""
    config = EventConfig(
        "Scala 40 del martedì",
        EventFormat.INDIVIDUAL,
        rounds,
        (deals,) * rounds,
        (Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * (rounds - 1),
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event(EVENT, config)
    for i in range(1, players + 1):
        web.service.run(EVENT, Register(f"Giocatore {i}"))
    web.service.seat(EVENT, 1, publish=True)
    return EVENT


def seat_order(web: Web, table: int, rnd: int = 1) -> tuple[int, ...]:
    seating = web.service.state(EVENT).round(rnd).seating
    assert seating is not None
    at = seating.table(table)
    assert at is not None and at.players is not None
    return at.players


def sheet_form(
    players: tuple[int, ...], rows: Sequence[tuple[int, ...]], line: int, rnd: int = 1
) -> dict[str, str]:
    """The table form's fields: ``s{deal}_{player}`` in seat order, the round and the line."""
    form = {"round": str(rnd), "line": str(line)}
    for deal, row in enumerate(rows, start=1):
        for player, points in zip(players, row, strict=True):
            form[f"s{deal}_{player}"] = str(points)
    return form


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def cell(html: str, ident: str) -> str:
    match = re.search(rf'id="{ident}"[^>]*>([^<]*)<', html)
    assert match, ident
    return match.group(1).strip()


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    return web_of(web_app)


@pytest.fixture
def phones(web_app: FastAPI) -> Iterator[Callable[[], TestClient]]:
    """Each player's own phone: a new client (own cookies, so its own device id) per call."""
    opened: list[TestClient] = []

    def phone() -> TestClient:
        c = TestClient(web_app, follow_redirects=False)
        opened.append(c.__enter__())
        return c

    yield phone
    for c in opened:
        c.__exit__(None, None, None)


def test_art23_which_player_are_you_lists_the_four_in_seat_order(
    web: Web, client: TestClient
) -> None:
    """Art. 2, 23: the table's four players, in seat order, each a link choosing that player."""
    scala_event(web)
    path = table_path(web.secret, EVENT, 1)
    page = client.get(path)
    assert page.status_code == 200
    assert "Quale giocatore sei?" in page.text
    order = seat_order(web, 1)
    links = re.findall(r'class="line-btn player-btn" href="[^"]*\?line=(\d+)"', page.text)
    assert links == [str(p) for p in order]
    body = text(page.text)
    names = [f"Giocatore {p}" for p in order]
    positions = [body.index(n) for n in names]
    assert positions == sorted(positions)
    english = client.get(path, params={"lang": "en"})
    assert "Which player are you?" in english.text


def test_art22_grid_of_negative_points_per_deal_and_player(web: Web, client: TestClient) -> None:
    """Art. 22: one box per deal and player, in the table's seat order; no Burraco fields."""
    scala_event(web)
    order = seat_order(web, 1)
    page = client.get(table_path(web.secret, EVENT, 1), params={"line": str(order[0])})
    assert page.status_code == 200
    fields = re.findall(r'<input type="number"[^>]*name="(s\d+_\d+)"', page.text)
    assert fields == [f"s{d}_{p}" for d in range(1, 6) for p in order]
    assert 'name="o1_ns_base"' not in page.text
    assert "Punti negativi per smazzata" in page.text
    assert "Score non ancora inviato." in text(page.text)


def test_art22_live_totals_places_and_vp_as_typed(web: Web, client: TestClient) -> None:
    """Art. 22: the preview shows each player's total, place and VP (8/6/4/2 plus the
    summed differences on the 5-deal table): totals 20, 60, 150, 300 → 20, 18, 10, 2 VP."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    reply = client.post(f"{path}/preview", data=sheet_form(order, ROWS, order[0]))
    assert reply.status_code == 200
    html = reply.text
    got = [
        (cell(html, f"total-{p}"), cell(html, f"place-{p}"), cell(html, f"vp-{p}")) for p in order
    ]
    assert got == [("20", "1º", "20"), ("60", "2º", "18"), ("150", "3º", "10"), ("300", "4º", "2")]
    # Half typed: the totals so far, places and VP of what is typed, the count of blanks.
    partial = sheet_form(order, ROWS[:2], order[0])
    half = client.post(f"{path}/preview", data=partial).text
    assert [cell(half, f"total-{p}") for p in order] == ["5", "20", "60", "120"]
    assert "Da compilare: 12" in text(half)
    # Nothing typed: no places, no VP.
    empty = client.post(f"{path}/preview", data={"round": "1", "line": str(order[0])}).text
    assert cell(empty, f"vp-{order[0]}") == "–"


def test_art22_impossible_numbers_are_refused_next_to_the_deal(
    web: Web, client: TestClient
) -> None:
    """Art. 22: negative points are whole numbers from 0 up; a bad box gets its message
    under its deal, the form comes back (422) with what was typed, nothing is stored."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    form = sheet_form(order, ROWS, order[0])
    form[f"s3_{order[1]}"] = "-10"
    form[f"s4_{order[2]}"] = "tre"
    reply = client.post(path, data=signed(client, path, form))
    assert reply.status_code == 422
    errs3 = re.search(r'id="err-s3">(.*?)</div>', reply.text, re.S)
    assert errs3 and f"smazzata 3, Giocatore {order[1]}" in errs3.group(1)
    assert "intero da 0 in su" in errs3.group(1)
    errs4 = re.search(r'id="err-s4">(.*?)</div>', reply.text, re.S)
    assert errs4 and "«tre»" in errs4.group(1)
    assert 'value="tre"' in reply.text
    blanks = sheet_form(order, ROWS, order[0])
    del blanks[f"s5_{order[3]}"]
    missing = client.post(path, data=signed(client, path, blanks))
    assert missing.status_code == 422 and "manca 1 numero" in missing.text
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "missing"


def test_art23_pending_until_all_four_players_confirm(
    web: Web, client: TestClient, phones: Callable[[], TestClient]
) -> None:
    """Art. 23: the sheet is signed by the four players, each from their own phone: after the
    first, second and third submissions it is pending (the others see the numbers read-only,
    to confirm), confirmed with the fourth; a player who signed cannot sign again (refused,
    nothing recorded: changes go through the director, art. 24)."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    own = {player: phones() for player in order}
    for n, player in enumerate(order, start=1):
        if n > 1:  # the next player sees the numbers sent, to check and confirm
            page = own[player].get(path, params={"line": str(player)})
            assert "controllalo con il foglio e conferma" in text(page.text)
            assert f"confermato da {n - 1} di 4" in text(page.text)
            assert f'value="{ROWS[4][1]}"' in page.text and ">Confermo</button>" in page.text
            assert 'type="number"' not in page.text and "I numeri sono diversi" in page.text
        reply = own[player].post(
            path, data=signed(own[player], path, sheet_form(order, ROWS, player))
        )
        assert reply.status_code == 303 and f"line={player}" in reply.headers["location"]
        status = commands.sheet_status(web.service.state(EVENT), 1, 1)
        assert status == ("confirmed" if n == 4 else "pending")
    page = own[order[0]].get(path, params={"line": str(order[0])})
    assert "Score confermato da tutti i 4 giocatori." in text(page.text)
    assert 'class="send' not in page.text
    polled = client.get(f"{path}/status", params={"line": str(order[1]), "round": "1"})
    assert polled.status_code == 200 and "confermato da tutti i 4" in text(polled.text)
    english = client.get(path, params={"line": str(order[0]), "lang": "en"})
    assert "Sheet confirmed by all 4 players." in text(english.text)
    again = own[order[2]].post(path, data=sheet_form(order, ROWS, order[2]))
    assert again.status_code == 409 and "le modifiche" in text(again.text)
    state = web.service.state(EVENT)
    assert commands.sheet_status(state, 1, 1) == "confirmed"
    sheet = state.round(1).sheets[1]
    assert sheet.confirmed_by == {str(p) for p in order}
    assert [v.line for v in sheet.history] == [str(p) for p in order]


def test_art23_a_different_submission_is_a_conflict(web: Web, client: TestClient) -> None:
    """Art. 23-24: a player who sends different numbers makes a conflict for the director;
    every player's page says so."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    assert (
        client.post(path, data=signed(client, path, sheet_form(order, ROWS, order[0]))).status_code
        == 303
    )
    other = [list(r) for r in ROWS]
    other[2][3] += 5
    wrong = sheet_form(order, [tuple(r) for r in other], order[1])
    assert client.post(path, data=signed(client, path, wrong)).status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "conflict"
    for player in (order[0], order[3]):
        page = client.get(path, params={"line": str(player)})
        assert "Conflitto: i giocatori hanno inviato numeri diversi." in text(page.text)


def test_art23_a_player_not_at_the_table_is_refused(web: Web, client: TestClient) -> None:
    """Art. 23: only the table's players sign its sheet: another table's player, a Burraco
    line or an unknown player gets 403 and nothing is stored; another table's token opens
    that table only."""
    scala_event(web)
    order1, order2 = seat_order(web, 1), seat_order(web, 2)
    path = table_path(web.secret, EVENT, 1)
    for line in (str(order2[0]), "ns", "999"):
        page = client.get(path, params={"line": line})
        assert page.status_code == 403, line
        reply = client.post(
            path, data=signed(client, path, {**sheet_form(order1, ROWS, order1[0]), "line": line})
        )
        assert reply.status_code == 403, line
        preview = client.post(
            f"{path}/preview", data={**sheet_form(order1, ROWS, order1[0]), "line": line}
        )
        assert preview.status_code == 403, line
    assert "non siede al tavolo 1" in text(client.get(path, params={"line": "999"}).text)
    assert client.get(path, params={"line": "x'; drop"}).status_code == 400
    assert web.service.state(EVENT).round(1).sheets == {}
    # Table 2's players at table 2's page: refused the sheet of table 1's players.
    path2 = table_path(web.secret, EVENT, 2)
    reply = client.post(path2, data=signed(client, path2, sheet_form(order1, ROWS, order2[0])))
    assert reply.status_code == 422 and commands.sheet_status(web.service.state(EVENT), 1, 2) == (
        "missing"
    )


def test_art26_table_of_three(
    web: Web, client: TestClient, phones: Callable[[], TestClient]
) -> None:
    """Art. 26: at a table of three the empty seat counts as a fourth player with 1000
    negative points: totals 0, 50, 100 → 20, 18, 16 VP; three players confirm the sheet."""
    scala_event(web, players=7)
    order = seat_order(web, 2)
    assert len(order) == 3
    path = table_path(web.secret, EVENT, 2)
    page = client.get(path)
    links = re.findall(r'class="line-btn player-btn" href="[^"]*\?line=(\d+)"', page.text)
    assert links == [str(p) for p in order]
    rows = [(0, 10, 20)] * 5
    preview = client.post(f"{path}/preview", data=sheet_form(order, rows, order[0])).text
    assert [cell(preview, f"vp-{p}") for p in order] == ["20", "18", "16"]
    assert "1000 punti negativi (Scala 40 art. 26)" in text(preview)
    for n, player in enumerate(order, start=1):
        assert (
            phones().post(path, data=signed(web, path, sheet_form(order, rows, player))).status_code
            == 303
        )
        status = commands.sheet_status(web.service.state(EVENT), 1, 2)
        assert status == ("confirmed" if n == 3 else "pending")
    assert "confermato da tutti i 3 giocatori" in text(
        client.get(path, params={"line": str(order[1])}).text
    )


def post_desk(client: Any, url: str, data: dict[str, str] | None = None) -> Any:
    return client.post(url, data={"csrf": client.csrf, **(data or {})})


def test_desk_and_displays_for_tables_of_four_art22(
    web_app: FastAPI, director_client: TestClient, client: TestClient
) -> None:
    """Art. 22-23 at the desk: the round's sheets panel counts the players who confirmed;
    the director transcribes a signed sheet with the players' grid; the standings are by VP
    then negative points (fewer is better) and the projector shows "Punti negativi"."""
    web = web_of(web_app)
    scala_event(web)
    order1, order2 = seat_order(web, 1), seat_order(web, 2)
    path = table_path(web.secret, EVENT, 1)
    for player in order1[:2]:
        client.post(path, data=signed(client, path, sheet_form(order1, ROWS, player)))
    panel = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "Giocatori" in panel and "da confermare (2/4)" in panel
    # The director enters table 2's signed sheet at the desk.
    # Totals 0, 100, 100, 100: 8 + 10 VP (difference 300) = 18 for the first, with 0 points.
    deal = (0, 20, 20, 20)
    form = {f"e_s{d}_{p}": str(v) for d in range(1, 6) for p, v in zip(order2, deal, strict=True)}
    reply = post_desk(director_client, f"/desk/e/{EVENT}/r/1/t/2/enter", form)
    assert reply.status_code == 303, reply.text
    state = web.service.state(EVENT)
    assert commands.sheet_status(state, 1, 2) == "confirmed"
    for player in order1[2:]:
        client.post(path, data=signed(client, path, sheet_form(order1, ROWS, player)))
    assert post_desk(director_client, f"/desk/e/{EVENT}/r/1/publish-standings").status_code == 303
    rows = web.service.standings(EVENT, 1)
    # VP, then fewer negative points: 18 VP with 0 points before 18 VP with 60.
    top = [(r.competitor, r.vp, r.mp) for r in rows[:3]]
    assert top == [(order1[0], 20, 20), (order2[0], 18, 0), (order1[1], 18, 60)]
    display = client.get(f"/e/{EVENT}/standings")
    assert display.status_code == 200
    shown = text(display.text)
    assert "Punti negativi" in shown and "M.P." not in shown
    assert re.search(rf"1 .*{rows[0].name} {rows[0].vp} {rows[0].mp}", shown)
    seating = text(client.get(f"/e/{EVENT}/seating").text)
    assert "Giocatori (in ordine di posto)" in seating
    assert " – ".join(f"Giocatore {p}" for p in order1) in seating


def test_art25_desk_cites_the_scala40_code_and_has_no_lateness_form(
    web: Web, director_client: TestClient
) -> None:
    """Scala 40 at the desk: abandon by art. 25; the code has no lateness penalties, so the
    desk shows no lateness form (the domain refuses one)."""
    scala_event(web)
    html = director_client.get(f"/desk/e/{EVENT}/r/1").text
    assert 'id="lateness-form"' not in html
    assert "Abbandono (Scala 40 art. 25)" in text(html)


def test_art23_one_phone_cannot_sign_for_two_players(
    web: Web, phones: Callable[[], TestClient]
) -> None:
    """Art. 23: each of the four players signs the sheet; a phone that signed for one player
    is refused for another (a page naming the player it signed for), nothing recorded."""
    scala_event(web)
    order = seat_order(web, 1)
    path = table_path(web.secret, EVENT, 1)
    phone = phones()
    phone.get(path, params={"line": str(order[0])})
    assert (
        phone.post(path, data=signed(phone, path, sheet_form(order, ROWS, order[0]))).status_code
        == 303
    )
    before = len(web.service.sheet_history(EVENT, 1, 1))
    reply = phone.post(path, data=signed(phone, path, sheet_form(order, ROWS, order[1])))
    assert reply.status_code == 409
    name = web.service.state(EVENT).competitors[order[0]].name
    assert (
        f"questo telefono ha già firmato lo score del tavolo 1 per {name}: ogni giocatore "
        "firma con il proprio telefono (Scala 40 art. 23)"
    ) in text(reply.text)
    assert len(web.service.sheet_history(EVENT, 1, 1)) == before
    assert phone.get(path, params={"line": str(order[2])}).status_code == 409
