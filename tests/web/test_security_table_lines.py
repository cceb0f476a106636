"""The table's QR code and the lines' proofs (issue 29): the QR on the table opens the page
to anyone at the table, but only a line signs its own sheet, with the code printed on its half
of the table card (FIBAS art. 20: "lo score deve essere controfirmato da almeno un componente
di ogni coppia"; Scala 40 art. 23: each player signs). Each test runs the attack itself."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import proof

from arbitro.services.registering import Register
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.app import Web
from arbitro.web.tokens import line_code, line_path, make_token

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
OTHER = {**SHEET, "o2_ew_points": "125"}
EVENT = "linee"


def make_event(web: Web, pairs: int = 8) -> str:
    """A pairs event of 2 rounds of 2 deals, round 1 seated and published."""
    config = EventConfig(
        "Torneo", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.MITCHELL), seed=3
    )
    web.service.create_event(EVENT, config)
    for i in range(1, pairs + 1):
        web.service.run(EVENT, Register(f"Coppia {i}"))
    web.service.seat(EVENT, 1, publish=True)
    return EVENT


def app_web(app: FastAPI) -> Web:
    web: Web = app.state.web
    return web


def phone(app: FastAPI, address: str) -> TestClient:
    """A phone of the hall's network (its own address)."""
    return TestClient(app, follow_redirects=False, client=(address, 40000))


def post(client: TestClient, token: str, line: str, numbers: dict[str, str], **extra: str) -> Any:
    return client.post(f"/t/{token}", data={**numbers, "line": line, "round": "1", **extra})


def test_a_script_without_the_lines_codes_signs_nothing_art_20(web_app: FastAPI) -> None:
    """The attack of issue 29: a script that keeps no cookie and holds only the tables' QR
    codes sent N-S and then E-O at 4 tables and got 4 sheets "confirmed". Now each send needs
    the line's own code (FIBAS art. 20: each pair countersigns): every one is refused 403 with
    a message saying where the code is, and nothing is stored."""
    web = app_web(web_app)
    make_event(web)
    before = web.store.last_seq(EVENT)
    with phone(web_app, "10.0.0.66") as script:
        for table in range(1, 5):
            token = make_token(web.secret, EVENT, table)
            for line in ("ns", "ew"):
                script.cookies.clear()
                reply = post(script, token, line, SHEET)
                assert reply.status_code == 403, reply.text
                assert "stampato sulla tua metà del segnatavolo" in reply.text
    assert web.store.last_seq(EVENT) == before
    state = web.service.state(EVENT)
    assert all(commands.sheet_status(state, 1, t) == "missing" for t in range(1, 5))


def test_each_lines_code_proves_that_line_only_art_20(web_app: FastAPI) -> None:
    """N-S's code does not sign for E-O, nor does another table's or another round's code:
    refused 403 ("codice sbagliato"), nothing stored; E-O's own code signs (303)."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    ns_code = line_code(web.secret, token, "ns")
    assert ns_code != line_code(web.secret, token, "ew")
    elsewhere = [
        ns_code,
        line_code(web.secret, make_token(web.secret, EVENT, 2), "ew"),
        line_code(web.secret, make_token(web.secret, EVENT, 1, 2), "ew"),
    ]
    before = web.store.last_seq(EVENT)
    with phone(web_app, "10.0.0.2") as ew:
        for code in elsewhere:
            reply = post(ew, token, "ew", SHEET, proof=code)
            assert reply.status_code == 403 and "codice sbagliato per questa linea" in reply.text
        assert web.store.last_seq(EVENT) == before
        own = post(ew, token, "ew", SHEET, proof=line_code(web.secret, token, "ew"))
        assert own.status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "pending"


def test_the_sweep_is_stopped_and_the_honest_phones_are_unaffected_art_20(
    web_app: FastAPI,
) -> None:
    """The sweep of issue 29: with every table's QR, one client turned each sheet waiting
    for its second line into a conflict (125 of 125), and the honest E-O phones were refused
    409. Now: the N-S phones send; one client sweeps every table's E-O with other numbers,
    without the code and then guessing codes; it records nothing, is slowed to 429 (with
    Retry-After) after 20 wrong codes a minute from its address, and every honest E-O phone
    then confirms its own sheet (FIBAS art. 20)."""
    web = app_web(web_app)
    make_event(web, pairs=16)
    tables = range(1, 9)
    tokens = {t: make_token(web.secret, EVENT, t) for t in tables}
    for t, token in tokens.items():
        with phone(web_app, f"10.0.1.{t}") as ns:
            assert post(ns, token, "ns", SHEET, proof=proof(web, token, "ns")).status_code == 303
    sent = web.store.last_seq(EVENT)
    statuses: list[int] = []
    with phone(web_app, "10.0.0.66") as sweeper:
        for guess in range(3):
            for token in tokens.values():
                reply = post(sweeper, token, "ew", OTHER, proof=f"{guess:06d}")
                statuses.append(reply.status_code)
                if reply.status_code == 429:
                    assert reply.headers["Retry-After"] == "60"
                    assert "troppi codici di linea sbagliati" in reply.text
    assert statuses.count(403) == 20 and statuses.count(429) == len(statuses) - 20
    assert web.store.last_seq(EVENT) == sent  # the sweep recorded nothing
    state = web.service.state(EVENT)
    assert all(commands.sheet_status(state, 1, t) == "pending" for t in tables)
    for t, token in tokens.items():
        with phone(web_app, f"10.0.2.{t}") as ew:
            confirmed = post(ew, token, "ew", SHEET, proof=proof(web, token, "ew"), confirm="1")
            assert confirmed.status_code == 303, confirmed.text
    state = web.service.state(EVENT)
    assert all(commands.sheet_status(state, 1, t) == "confirmed" for t in tables)


def test_guessing_one_lines_code_is_slowed_to_five_a_minute(web_app: FastAPI) -> None:
    """A line's code has 6 digits; guessing it from ever new addresses is bounded by the
    line's own budget: after 5 wrong codes in a minute the line answers 429 (Retry-After, in
    Italian and English) whatever code comes, so a search of a million codes cannot run; the
    minute after, the line's own code signs."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 3)
    right = line_code(web.secret, token, "ew")
    wrong = [f"{n:06d}" for n in range(10) if f"{n:06d}" != right][:5]
    for i, code in enumerate(wrong):
        with phone(web_app, f"10.0.3.{i}") as guesser:
            assert post(guesser, token, "ew", SHEET, proof=code).status_code == 403
    with phone(web_app, "10.0.3.99") as honest:
        blocked = post(honest, token, "ew", SHEET, proof=right)
        assert blocked.status_code == 429 and blocked.headers["Retry-After"] == "60"
        english = honest.post(
            f"/t/{token}?lang=en", data={**SHEET, "line": "ew", "round": "1", "proof": right}
        )
        assert english.status_code == 429 and "too many wrong line codes" in english.text
        assert commands.sheet_status(web.service.state(EVENT), 1, 3) == "missing"
        web_app.state.table_limiter = None  # the minute passes: a new window
        assert post(honest, token, "ew", SHEET, proof=right).status_code == 303


def test_one_line_cannot_send_more_than_six_times_a_minute(web_app: FastAPI) -> None:
    """Rate limit per token and per line: a line's phone that sends again and again (here
    refused each time: the line signed once, FIBAS art. 21) gets 429 with Retry-After from the
    7th send in a minute; the other line of the same table still sends."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 4)
    codes = {line: proof(web, token, line) for line in ("ns", "ew")}
    with phone(web_app, "10.0.4.1") as ns:
        answers = [post(ns, token, "ns", OTHER, proof=codes["ns"]).status_code for _ in range(8)]
        assert answers[0] == 303 and answers[1:6] == [409] * 5 and answers[6:] == [429, 429]
    with phone(web_app, "10.0.4.2") as ew:
        assert post(ew, token, "ew", OTHER, proof=codes["ew"], confirm="1").status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 4) == "confirmed"


def test_the_lines_own_qr_keeps_the_code_on_the_phone(web_app: FastAPI) -> None:
    """The line's own QR (its code in the address) opens the line's page without the code in
    the address; the phone keeps it (a cookie for this table's card only), the form carries
    it, and the phone signs without typing it. The table's own QR still opens the page to
    read it, and the form then asks for the code; a wrong code in a line's QR is refused."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 2)
    with phone(web_app, "10.0.5.1") as ns:
        read = ns.get(f"/t/{token}?line=ns")
        assert read.status_code == 200 and 'name="proof" id="proof"' in read.text
        assert "Il codice della tua linea, stampato sulla tua metà del segnatavolo" in read.text
        opened = ns.get(line_path(web.secret, EVENT, 2, 1, "ns"))
        assert opened.status_code == 303 and opened.headers["location"] == f"/t/{token}?line=ns"
        page = ns.get(opened.headers["location"])
        assert f'<input type="hidden" name="proof" value="{proof(web, token, "ns")}">' in page.text
        assert post(ns, token, "ns", SHEET).status_code == 303  # the kept code signs
    with phone(web_app, "10.0.5.2") as ew:
        wrong = ew.get(f"/t/{token}?line=ew&proof=000000&lang=en")
        assert wrong.status_code == 403 and "wrong code for this line" in wrong.text


def test_a_third_devices_conflict_never_blocks_the_lines_own_phone_art_20(
    web_app: FastAPI, director_client: TestClient
) -> None:
    """A third device holding E-O's code (a photographed half of the card) sends other
    numbers after N-S: a conflict, and before issue 29 the honest E-O phone was then refused
    409. Now E-O's own phone (another device) still signs: its confirmation replaces the other
    phone's signature, the sheet is confirmed with N-S's numbers, and the director sees the
    line signed from two phones ("terzo dispositivo") on the round page and in the API; the
    other phone's signature stays in the sheet's history (FIBAS art. 20-21)."""
    web = app_web(web_app)
    make_event(web)
    token = make_token(web.secret, EVENT, 1)
    codes = {line: proof(web, token, line) for line in ("ns", "ew")}
    with phone(web_app, "10.0.6.1") as ns:
        ns.get(f"/t/{token}?line=ns")
        assert post(ns, token, "ns", SHEET, proof=codes["ns"]).status_code == 303
    with phone(web_app, "10.0.6.66") as third:
        third.get(f"/t/{token}?line=ew")
        assert post(third, token, "ew", OTHER, proof=codes["ew"]).status_code == 303
    assert commands.sheet_status(web.service.state(EVENT), 1, 1) == "conflict"
    with phone(web_app, "10.0.6.2") as ew:
        page = ew.get(f"/t/{token}?line=ew")
        assert "Un altro telefono ha firmato per la tua linea" in page.text
        assert 'value="120"' in page.text  # it starts from N-S's numbers, not the third's
        reply = post(ew, token, "ew", SHEET, proof=codes["ew"])
        assert reply.status_code == 303, reply.text
    state = web.service.state(EVENT)
    assert commands.sheet_status(state, 1, 1) == "confirmed"
    sheet = state.round(1).sheets[1]
    assert sheet.resigned == {"ew"} and len(sheet.history) == 3
    desk = director_client.get(f"/desk/e/{EVENT}/r/1")
    assert "terzo dispositivo: E-O ha firmato da due telefoni" in desk.text
    api = director_client.get(f"/api/events/{EVENT}/rounds/1/sheets").json()
    assert api["sheets"][0]["third_device"] == ["ew"]
