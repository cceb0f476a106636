"""Burraco Parole pairs events (UISP code, seed 002) in the web app: the table page is the
two-line sheet of art. 12 (base and points per deal, filled in by the line served first and
confirmed by the other, art. 12.1), with Parole's bonuses of 50 (art. 1, 5) and its VP table
(art. 3); the incomplete table's rest (art. 3.1); the desk and the projector."""

from __future__ import annotations

import re

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

PAROLE: str = CodeId.BURRACO_PAROLE.value

EVENT = "parole"
# Art. 3's table, from the seed's own highlighted row: 3 deals, N-S 50+200, 150+100, 50+50
# (600), E-O 0+45, 50+100, 0+50 (245): difference 355 → 14-6 ("305 - 400: 14 - 6").
DEALS = [((50, 200), (0, 45)), ((150, 100), (50, 100)), ((50, 50), (0, 50))]


def sheet_form(
    line: str, deals: list[tuple[tuple[int, int], tuple[int, int]]] = DEALS
) -> dict[str, str]:
    form = {"round": "1", "line": line}
    for d, (ns, ew) in enumerate(deals, start=1):
        for side, (base, points) in (("ns", ns), ("ew", ew)):
            form[f"o{d}_{side}_base"] = str(base)
            form[f"o{d}_{side}_points"] = str(points)
    return form


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def parole_event(web: Web, pairs: int = 8, code: str = PAROLE) -> str:
    config = EventConfig(
        "Parole di sera",
        EventFormat.PAIRS,
        2,
        (3, 3),
        (Movement.DRAW, Movement.MITCHELL),
        seed=5,
        code=CodeId(code),
        game=GameId.PAROLE if code == PAROLE else GameId.BURRACO,
    )
    web.service.create_event(EVENT, config)
    for i in range(1, pairs + 1):
        web.service.run(EVENT, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    web.service.seat(EVENT, 1, publish=True)
    return EVENT


@pytest.fixture
def web(web_app: FastAPI) -> Web:
    w: Web = web_app.state.web
    return w


def test_art12_parole_table_page_is_the_two_line_sheet(web: Web, client: TestClient) -> None:
    """Art. 12-12.1: the phone asks which line, says who fills the sheet in (the player
    served first) and that both lines sign it; the form has base and points per deal."""
    parole_event(web)
    path = table_path(web.secret, EVENT, 1)
    page = client.get(path)
    assert page.status_code == 200
    assert "Quale linea sei?" in page.text and "servito per primo" in text(page.text)
    form = client.get(path, params={"line": "ns"})
    assert form.status_code == 200
    names = re.findall(r'<input type="number"[^>]*name="(o\d_\w+)"', form.text)
    rows = ("base", "points")
    assert names == [f"o{d}_{s}_{p}" for d in (1, 2, 3) for p in rows for s in ("ns", "ew")]
    assert "burraci 50/100, chiusura 50" in form.text


def test_art3_parole_vp_table_and_bases_of_50(web: Web, client: TestClient) -> None:
    """Art. 1, 3: a base of 50 (dirty burraco, closing) is possible in Parole; 600 v 245 is
    355 → 14-6 on the Parole table, shown as typed; N-S sends, E-O confirms (art. 12.1)."""
    parole_event(web)
    path = table_path(web.secret, EVENT, 1)
    preview = client.post(f"{path}/preview", data=sheet_form("ns")).text
    found = {
        k: re.search(rf'id="{k}">([^<]*)<', preview)
        for k in ("total-ns", "total-ew", "difference", "vp-ns", "vp-ew")
    }
    got = {k: m.group(1) for k, m in found.items() if m is not None}
    assert got == {
        "total-ns": "600",
        "total-ew": "245",
        "difference": "355",
        "vp-ns": "14",
        "vp-ew": "6",
    }
    assert client.post(path, data=signed(client, path, sheet_form("ns"))).status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "pending"
    page = client.get(path, params={"line": "ew"})
    assert "controllalo con il foglio e conferma" in text(page.text)
    assert client.post(path, data=signed(client, path, sheet_form("ew"))).status_code == 303
    state = web.service.state(EVENT)
    assert commands.sheet_status(state, 1, 1) == "confirmed"


def test_art1_impossible_parole_bases_are_refused(web: Web, client: TestClient) -> None:
    """Art. 1, 5: Parole bonuses are 50 (dirty burraco, closing) and 100 (clean): a base of
    75 is impossible and refused next to its deal; nothing is stored."""
    parole_event(web)
    path = table_path(web.secret, EVENT, 1)
    bad = sheet_form("ns")
    bad["o2_ew_base"] = "75"
    reply = client.post(path, data=signed(client, path, bad))
    assert reply.status_code == 422
    errs = re.search(r'id="err-o2">(.*?)</div>', reply.text, re.S)
    assert errs and "base 75 impossibile" in errs.group(1)
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "missing"


def test_fibas_still_refuses_a_base_of_50(web: Web, client: TestClient) -> None:
    """FIBAS art. 19 (contrast): the same sheet at a FIBAS event is refused (bonuses 100+)."""
    parole_event(web, code="burraco-fibas")
    reply = client.post(
        table_path(web.secret, EVENT, 1),
        data=signed(client, table_path(web.secret, EVENT, 1), sheet_form("ns")),
    )
    assert reply.status_code == 422 and "base 50 impossibile" in reply.text


def test_art31_incomplete_table_rests(web: Web, client: TestClient) -> None:
    """Art. 3.1: with 7 pairs one table is incomplete: its page says the line rests and
    takes no sheet; a submission is refused."""
    parole_event(web, pairs=7)
    seating = web.service.state(EVENT).round(1).seating
    assert seating is not None
    (rest,) = [t.table for t in seating.tables if t.is_incomplete]
    path = table_path(web.secret, EVENT, rest)
    assert "Tavolo incompleto" in client.get(path, params={"line": "ns"}).text
    assert client.post(path, data=signed(client, path, sheet_form("ns"))).status_code == 409


def test_parole_desk_and_projector(
    web_app: FastAPI, web: Web, director_client: TestClient, client: TestClient
) -> None:
    """Art. 3, 12: the desk's sheets panel shows the table's totals and 14-6; published
    standings on the projector show the Parole VP and MP."""
    parole_event(web)
    for table in range(1, 5):
        path = table_path(web.secret, EVENT, table)
        for line in ("ns", "ew"):
            assert client.post(path, data=signed(client, path, sheet_form(line))).status_code == 303
    panel = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "4 confermati" in panel and "600 245 14–6" in panel
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/publish-standings",
        data={"csrf": director_client.csrf},
    )
    assert reply.status_code == 303
    shown = text(client.get(f"/e/{EVENT}/standings").text)
    rows = web.service.standings(EVENT, 1)
    assert {r.vp for r in rows} == {14, 6}
    assert "M.P." in shown and "Punti negativi" not in shown
    for row in rows:
        assert re.search(rf"{row.rank} .*{row.name} {row.vp} {row.mp}", shown)


def test_art13_art14_desk_forms_cite_the_parole_code(web: Web, director_client: TestClient) -> None:
    """The desk's penalty forms cite the event's code: Parole lateness art. 13, warning and
    abandon art. 14.4 / 13.4 (not FIBAS 37, 41, 36); a warning is recorded under art. 14.4."""
    parole_event(web)
    page = text(director_client.get(f"/desk/e/{EVENT}/r/1").text)
    assert "Ritardo (Parole UISP art. 13)" in page
    assert "Ammonizioni e sanzioni (Parole UISP art. 14.4)" in page
    assert "Abbandono (Parole UISP art. 13.4)" in page and "FIBAS" not in page
    reply = director_client.post(
        f"/desk/e/{EVENT}/r/1/warning",
        data={"csrf": director_client.csrf, "competitor": "1", "reason": "parola illegale"},
    )
    assert reply.status_code == 303
    (warning,) = web.service.state(EVENT).warnings()
    assert warning.article.article == "14.4" and warning.competitor == 1
