"""Table-side score entry from a phone (FIBAS art. 19-21): the table page, the live totals
and VP, the submissions of the two lines (pending, confirmed, conflict), team matches'
open and closed room, and the links the desk and the table cards use."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.requests import Request
from tests.web.lines import proof

from arbitro.services.registering import Register
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.web.app import Web
from arbitro.web.tokens import make_token, read_token, table_url

# The sample of art. 19-20 used below: 2 deals; N-S 300+150 and 0-40, E-O 100+35 and 250+120:
# totals 410 and 505, difference 95, which the 2-deal table converts to 11-9.
SHEET = {
    "o1_ns_base": "300",
    "o1_ns_points": "150",
    "o1_ew_base": "100",
    "o1_ew_points": "35",
    "o2_ns_base": "0",
    "o2_ns_points": "-40",
    "o2_ew_base": "250",
    "o2_ew_points": "120",
}


def make_event(
    web: Web,
    *,
    competitors: int = 8,
    rounds: int = 2,
    deals: int = 2,
    event_format: EventFormat = EventFormat.PAIRS,
    event_id: str = "serata",
) -> str:
    """An event with its competitors registered and round 1 seated and published."""
    movements = (Movement.REGISTRATION_ORDER,) + (Movement.MITCHELL,) * (rounds - 1)
    if event_format is EventFormat.TEAMS:
        movements = (Movement.REGISTRATION_ORDER,) + (Movement.DRAW,) * (rounds - 1)
    config = EventConfig(
        "Torneo del circolo", event_format, rounds, (deals,) * rounds, movements, seed=7
    )
    web.service.create_event(event_id, config)
    for i in range(1, competitors + 1):
        web.service.run(event_id, Register(f"Coppia {i:02d}"))
    web.service.seat(event_id, 1, publish=True)
    return event_id


def web_of_app(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def status_text(html: str) -> str:
    match = re.search(r'<div id="status"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    assert match, html
    return match.group(1)


def test_table_url_is_absolute_and_names_its_table(web_app: FastAPI, client: TestClient) -> None:
    """The desk and the table cards' QR codes use table_url: an absolute link that opens that
    table's page, signed so that it reads back as (event, table, round): the round seated
    last unless the caller names it."""
    web = web_of_app(web_app)
    event = make_event(web)
    scope = {"type": "http", "scheme": "http", "server": ("testserver", 80), "path": "/"}
    scope |= {"headers": [], "root_path": "", "query_string": b""}
    url = table_url(web, Request(scope), event, 3)
    assert url.startswith("http://testserver/t/")
    token = url.rsplit("/", 1)[1]
    assert read_token(web.secret, token) == (event, 3, 1)
    named = table_url(web, Request(scope), event, 3, 2).rsplit("/", 1)[1]
    assert read_token(web.secret, named) == (event, 3, 2)
    page = client.get(url)
    assert page.status_code == 200
    assert "Tavolo 3" in page.text


def test_page_shows_event_round_table_and_the_two_lines_art_19(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 19 sheet header: table, round and the N-S and E-O lines; the phone chooses its line."""
    web = web_of_app(web_app)
    event = make_event(web)
    table = web.service.state(event).round(1).seating.table(2)  # type: ignore[union-attr]
    assert table is not None and table.ns and table.ew
    token = make_token(web.secret, event, 2)
    page = client.get(f"/t/{token}")
    assert page.status_code == 200
    text = page.text
    assert "Torneo del circolo" in text and "Tavolo 2" in text and "Turno 1" in text
    assert f"Coppia {table.ns[0]:02d}" in text and f"Coppia {table.ew[0]:02d}" in text
    assert "Quale linea sei?" in text
    assert f"/t/{token}?line=ns" in text and f"/t/{token}?line=ew" in text
    assert 'name="o1_ns_base"' not in text  # no form before the line is chosen
    english = client.get(f"/t/{token}?lang=en")
    assert "Which line are you?" in english.text and "Table 2" in english.text


def test_form_mirrors_the_fibas_sheet_base_and_points_per_deal_art_19(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 19 "fac simile": per deal, Base and Punti for N-S and E-O, then the total; the form
    carries its round and line, and posts without JavaScript to the table's own URL."""
    web = web_of_app(web_app)
    event = make_event(web, deals=3, rounds=1)
    token = make_token(web.secret, event, 1)
    text = client.get(f"/t/{token}?line=ew").text
    names = set(re.findall(r'<input type="number" inputmode="numeric" name="([^"]+)"', text))
    expected = {
        f"o{d}_{side}_{part}"
        for d in (1, 2, 3)
        for side in ("ns", "ew")
        for part in ("base", "points")
    }
    assert names == expected
    assert f'action="/t/{token}"' in text and 'method="post"' in text
    assert 'name="round" value="1"' in text and 'name="line" value="ew"' in text
    assert "3ª mano" in text and "Base" in text and "Punti" in text
    assert 'hx-trigger="input changed delay:300ms"' in text
    assert f'hx-post="/t/{token}/preview' in text


def test_preview_gives_totals_difference_and_vp_as_typed_art_19_20(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 19 b and art. 20 (2-deal table, 45-120 → 11-9): totals 410 and 505, difference 95,
    VP 9 and 11; per-deal totals come back as out-of-band swaps."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 1)
    reply = client.post(
        f"/t/{token}/preview", data={**SHEET, "line": "ns"}, headers={"HX-Request": "true"}
    )
    assert reply.status_code == 200
    html = reply.text
    assert re.search(r'id="total-ns">410<', html) and re.search(r'id="total-ew">505<', html)
    assert re.search(r'id="difference">95<', html)
    assert re.search(r'id="vp-ns">9<', html) and re.search(r'id="vp-ew">11<', html)
    assert re.search(r'id="t-o1-0" hx-swap-oob="true">450<', html)
    assert re.search(r'id="t-o2-1" hx-swap-oob="true">370<', html)
    # Half typed: running totals, no VP yet, and how many numbers are missing.
    partial = {k: v for k, v in SHEET.items() if not k.startswith("o2")}
    html = client.post(f"/t/{token}/preview", data=partial).text
    assert re.search(r'id="total-ns">450<', html) and re.search(r'id="vp-ns">–<', html)
    assert "Da compilare: 4" in html


def test_impossible_numbers_are_refused_next_to_their_deal_and_line_art_19(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 19: a base no burraco and closing bonuses add up to (30), points not a multiple of
    5, a word instead of a number: each gets its message in its deal's row, naming deal and
    line; the values typed stay on the page (422)."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 1)
    bad = {**SHEET, "o1_ew_base": "30", "o2_ns_points": "-42", "o2_ew_points": "tanti"}
    preview = client.post(f"/t/{token}/preview", data=bad).text
    errors_deal_1 = re.search(r'id="err-o1" hx-swap-oob="true">(.*?)</div>', preview, re.S)
    errors_deal_2 = re.search(r'id="err-o2" hx-swap-oob="true">(.*?)</div>', preview, re.S)
    assert errors_deal_1 and errors_deal_2
    assert "smazzata 1, linea E-O" in errors_deal_1.group(1) and "30" in errors_deal_1.group(1)
    assert "smazzata 2, linea N-S" in errors_deal_2.group(1) and "-42" in errors_deal_2.group(1)
    assert "smazzata 2, linea E-O" in errors_deal_2.group(1) and "tanti" in errors_deal_2.group(1)
    assert re.search(r'id="vp-ns">–<', preview)
    page = client.post(
        f"/t/{token}",
        data={**bad, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    assert page.status_code == 422
    assert 'value="-42"' in page.text and 'aria-invalid="true"' in page.text
    assert "smazzata 1, linea E-O" in page.text
    assert commands.sheet_status(web.service.state(event), 1, 1) == "missing"
    english = client.post(f"/t/{token}/preview?lang=en", data=bad).text
    assert "deal 2, E-W line: points «tanti» is not a whole number" in english


def test_both_lines_sending_the_same_numbers_confirm_the_sheet_art_20(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 20: both lines sign the sheet, each from its own phone. N-S sends it: pending,
    waiting for the other line; E-O opens the page, finds N-S's numbers read-only, and
    confirms them with one button: confirmed. Each submission is recorded with the table and
    line as its author."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 1)
    client.get(f"/t/{token}?line=ns")
    sent = client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    assert sent.status_code == 303
    after = client.get(sent.headers["location"])
    assert status_text(after.text) == "Inviato: in attesa dell&#39;altra linea."
    assert commands.sheet_status(web.service.state(event), 1, 1) == "pending"
    with TestClient(web_app, follow_redirects=False) as phone_ew:
        other = phone_ew.get(f"/t/{token}?line=ew").text
        assert "L&#39;altra linea ha inviato lo score" in status_text(other)
        assert re.search(
            r'<input type="text" class="ro" name="o2_ew_points"[^>]*value="120" readonly', other
        )
        assert 'type="number"' not in other  # read-only: the numbers are not retyped
        assert ">Confermo</button>" in other and "I numeri sono diversi" in other
        confirmed = phone_ew.post(
            f"/t/{token}",
            data={**SHEET, "line": "ew", "round": "1", "proof": proof(web, f"/t/{token}", "ew")},
        )
        assert confirmed.status_code == 303
        done = phone_ew.get(confirmed.headers["location"]).text
    assert status_text(done) == "Score confermato da entrambe le linee."
    assert "Invia di nuovo" not in done and 'class="send' not in done
    assert commands.sheet_status(web.service.state(event), 1, 1) == "confirmed"
    actors = [v.actor for v in web.service.sheet_history(event, 1, 1)]
    assert actors == ["tavolo 1 ns", "tavolo 1 ew"]


def test_a_line_signs_once_art_20_21(web_app: FastAPI, client: TestClient) -> None:
    """Art. 20: each line signs the sheet once; a second submission of the same line (a double
    tap, a reload, other numbers) is refused with a message and records nothing: changes go
    through the director (art. 21). The page of a line that signed has no send button."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 4)
    reply = client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    assert reply.status_code == 303
    page = client.get(reply.headers["location"]).text
    assert 'class="send' not in page and "Invia di nuovo" not in page
    assert "chiuso ai telefoni" in page
    history = len(web.service.sheet_history(event, 1, 4))
    for numbers in (SHEET, {**SHEET, "o2_ew_points": "125"}):
        again = client.post(
            f"/t/{token}",
            data={**numbers, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
        )
        assert again.status_code == 409
        assert "è già firmato da questa linea" in again.text and "(FIBAS art. 21)" in again.text
    assert len(web.service.sheet_history(event, 1, 4)) == history
    sheet = web.service.state(event).round(1).sheets[4]
    assert commands.sheet_status(web.service.state(event), 1, 4) == "pending"
    assert not sheet.conflicts and sheet.accepted is not None
    assert sheet.accepted.entry == SheetEntry.from_payload(
        {"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]}
    )


def test_different_numbers_from_the_two_lines_are_a_conflict_for_the_director_art_20(
    web_app: FastAPI, client: TestClient
) -> None:
    """Two different submissions at one table become a conflict, shown to both lines; the
    first entry is never overwritten; the director settles it (art. 21 correction)."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 2)
    client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    differ = client.get(f"/t/{token}?line=ew&differ=1").text  # "I numeri sono diversi"
    # E-O starts from N-S's numbers, as inputs it can change (issue 28), and signs its own.
    assert 'type="number"' in differ and 'value="120"' in differ
    changed = {**SHEET, "o2_ew_points": "125", "line": "ew", "round": "1"}
    reply = client.post(f"/t/{token}", data={**changed, "proof": proof(web, token, "ew")})
    assert reply.status_code == 303
    page = client.get(reply.headers["location"]).text
    assert status_text(page).startswith("Conflitto")
    assert "Deciderà il direttore" in status_text(page)
    state = web.service.state(event)
    assert commands.sheet_status(state, 1, 2) == "conflict"
    assert state.round(1).sheets[2].accepted.entry.deals[1].ew.points == 120  # type: ignore[union-attr]
    settled = SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 125]]})
    web.service.run(
        event,
        values.CorrectSheet(
            1, 2, kind="conflict", reason="verificato il foglio firmato", entry=settled
        ),
    )
    with TestClient(web_app, follow_redirects=False) as phone_ns:
        page = phone_ns.get(f"/t/{token}?line=ns").text
    assert status_text(page) == "Score confermato da entrambe le linee."
    assert re.search(r'name="o2_ew_points"[^>]*value="125" readonly', page)
    assert 'class="send' not in page  # closed to the phones (art. 21)


def test_team_match_form_has_open_and_closed_room_art_19(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 19 "fac simile score a squadre": the open and the closed room; the team seated N-S
    in the open room sits E-O in the closed room, its closed-room total is carried over
    ("riporto sala chiusa"), and the teams table converts: 750 v 285, difference 465 → 12-8."""
    web = web_of_app(web_app)
    event = make_event(web, competitors=4, rounds=1, deals=2, event_format=EventFormat.TEAMS)
    token = make_token(web.secret, event, 1)
    text = client.get(f"/t/{token}?line=ns").text
    assert "Sala aperta" in text and "Sala chiusa" in text
    assert 'name="c1_ew_points"' in text and 'name="c2_ew_points"' in text
    data = {
        "o1_ns_base": "300",
        "o1_ns_points": "150",
        "o1_ew_base": "100",
        "o1_ew_points": "35",
        "c1_ns_base": "100",
        "c1_ns_points": "50",
        "c1_ew_base": "200",
        "c1_ew_points": "100",
    }
    data |= {
        f"{room}2_{side}_{part}": "0"
        for room in "oc"
        for side in ("ns", "ew")
        for part in ("base", "points")
    }
    html = client.post(f"/t/{token}/preview", data=data).text
    assert "Riporto sala chiusa" in html
    assert re.search(r'id="total-ns">750<', html) and re.search(r'id="total-ew">285<', html)
    assert re.search(r'id="vp-ns">12<', html) and re.search(r'id="vp-ew">8<', html)
    reply = client.post(
        f"/t/{token}",
        data={**data, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    assert reply.status_code == 303
    sheet = web.service.state(event).round(1).sheets[1]
    assert sheet.accepted is not None and sheet.accepted.entry.closed_room is not None


def test_incomplete_table_rests_and_has_no_sheet_art_37(
    web_app: FastAPI, client: TestClient
) -> None:
    """Art. 37: with 7 pairs one table is incomplete; its line rests, the page says so and
    shows no form, and a sheet for it is refused."""
    web = web_of_app(web_app)
    event = make_event(web, competitors=7)
    seating = web.service.state(event).round(1).seating
    assert seating is not None
    rest = next(t.table for t in seating.tables if t.is_incomplete)
    token = make_token(web.secret, event, rest)
    page = client.get(f"/t/{token}?line=ns")
    assert page.status_code == 200
    assert "Tavolo incompleto" in page.text and 'name="o1_ns_base"' not in page.text
    reply = client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    assert reply.status_code == 409
    assert "riposa" in reply.text


def test_status_fragment_reloads_a_read_only_page_when_the_sheet_changes_art_20(
    web_app: FastAPI, client: TestClient
) -> None:
    """While a line waits, its read-only page polls the status; when the other line confirms,
    the poll tells htmx to reload, so the page never shows a button of the old status."""
    web = web_of_app(web_app)
    event = make_event(web, competitors=4)
    token = make_token(web.secret, event, 1)
    client.post(
        f"/t/{token}",
        data={**SHEET, "line": "ns", "round": "1", "proof": proof(web, f"/t/{token}", "ns")},
    )
    poll = client.get(f"/t/{token}/status?line=ns&round=1&seen=pending&reload=1")
    assert poll.status_code == 204 and "HX-Refresh" not in poll.headers  # still pending
    web.service.enter_sheet(
        event,
        1,
        1,
        SheetEntry.from_payload({"deals": [[300, 150, 100, 35], [0, -40, 250, 120]]}),
        line="ew",
    )
    poll = client.get(f"/t/{token}/status?line=ns&round=1&seen=pending&reload=1")
    assert poll.headers.get("HX-Refresh") == "true" and "confermato" in poll.text
    typing = client.get(f"/t/{token}/status?line=ns&round=1&seen=pending")
    assert "HX-Refresh" not in typing.headers  # a form being typed is never reloaded
