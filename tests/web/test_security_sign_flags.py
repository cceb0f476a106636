"""Issue 29, what a line's signature keeps (FIBAS art. 20: "lo score deve essere
controfirmato da almeno un componente di ogni coppia"): where it came from, so that the
director sees two lines signed from one phone, and the installation's proof of its numbers,
so that a score edited by hand on both lines of an event file is told apart. Each attack is
run: one phone signing both lines, an edited file, a file from another installation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.lines import proof
from tests.web.test_security_table_lines import SHEET
from typer.testing import CliRunner

from arbitro.cli.main import app as cli_app
from arbitro.services.event_file import export_event
from arbitro.tournament.event import EventState
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.web.app import Web
from arbitro.web.tokens import make_token

DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 45))
OTHER_DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 50))
runner = CliRunner()


def sign(app: FastAPI, token: str, line: str, address: str, browser: str = "Telefono/1.0") -> None:
    """``line`` signs table ``token``'s sheet from a fresh phone (its own cookies) at
    ``address`` with the browser ``browser``."""
    web: Web = app.state.web
    with TestClient(app, follow_redirects=False, client=(address, 40000)) as phone:
        phone.headers["User-Agent"] = browser
        assert phone.get(f"/t/{token}").status_code == 200  # the phone gets its device id
        reply = phone.post(
            f"/t/{token}",
            data={**SHEET, "line": line, "round": "1", "proof": proof(web, token, line)},
        )
        assert reply.status_code == 303, reply.text


def test_two_lines_signed_from_one_address_and_browser_are_flagged_art_20(
    web_app: FastAPI, make_event: Any, director_client: TestClient, clock: Any
) -> None:
    """The attack of issue 29: one phone signs both lines of a sheet (a fresh browser is a
    new device, and a player who holds both halves of the card holds both codes). Table 1's
    two lines sign from one address and browser seconds apart: the sheet is confirmed, and
    flagged to the director on the desk's round page and in the API. Not flagged: two
    addresses (table 2), one address with two browsers (table 3, a shared Wi-Fi behind one
    router), one phone 31 seconds apart (table 4). The record keeps a keyed hash, never the
    address."""
    web: Web = web_app.state.web
    event = make_event("serata", pairs=8)
    tokens = {t: make_token(web.secret, event, t) for t in range(1, 5)}
    sign(web_app, tokens[1], "ns", "10.0.0.7")
    clock.advance(seconds=5)
    sign(web_app, tokens[1], "ew", "10.0.0.7")
    sign(web_app, tokens[2], "ns", "10.0.0.8")
    sign(web_app, tokens[2], "ew", "10.0.0.9")
    sign(web_app, tokens[3], "ns", "10.0.0.10", "Telefono/1.0")
    sign(web_app, tokens[3], "ew", "10.0.0.10", "Telefono/2.0")
    sign(web_app, tokens[4], "ns", "10.0.0.11")
    clock.advance(seconds=31)
    sign(web_app, tokens[4], "ew", "10.0.0.11")

    sheets = director_client.get(f"/api/events/{event}/rounds/1/sheets").json()["sheets"]
    flags = {s["table"]: (s["status"], s["same_source"]) for s in sheets}
    assert flags[1] == ("confirmed", ["ns", "ew"])
    assert [flags[t][1] for t in (2, 3, 4)] == [[], [], []]
    page = director_client.get(f"/desk/e/{event}/r/1").text
    said = "un solo telefono: N-S, E-O hanno firmato dallo stesso indirizzo di rete e browser"
    assert page.count(said) == 1
    english = director_client.get(f"/desk/e/{event}/r/1?lang=en").text
    assert "one phone: N-S, E-W signed from the same network address and browser" in english

    records = [r for r in web.store.records(event) if r.kind == "sheet-entered"]
    sources = [r.payload["source"] for r in records]
    assert all(len(s) == 16 and int(s, 16) >= 0 for s in sources)
    assert sources[0] == sources[1] and len(set(sources)) == 6
    assert "10.0.0." not in json.dumps([r.payload for r in records])  # never the address


def test_the_terminal_lists_the_flagged_sheets_in_both_languages(
    web_app: FastAPI, make_event: Any, database_file: Path
) -> None:
    """``arbitro missing`` lists, after the tables without a sheet, the sheets flagged for
    the director (issue 29): table 1 signed by both lines from one phone, table 2 where E-O
    signed again from its own phone after a third device's conflict (FIBAS art. 20)."""
    web: Web = web_app.state.web
    svc = web.service
    event = make_event("serata", pairs=8)
    for line in ("ns", "ew"):
        svc.enter_sheet(
            event, 1, 1, SheetEntry((DEAL, DEAL)), f"tavolo 1 {line}", line, f"t1{line}", "uno"
        )
    svc.enter_sheet(event, 1, 2, SheetEntry((DEAL, DEAL)), "tavolo 2 ns", "ns", "t2ns", "a")
    svc.enter_sheet(
        event, 1, 2, SheetEntry((DEAL, OTHER_DEAL)), "tavolo 2 ew", "ew", "intruso", "b"
    )
    svc.enter_sheet(event, 1, 2, SheetEntry((DEAL, DEAL)), "tavolo 2 ew", "ew", "t2ew", "c")
    db = ["--db", f"sqlite:///{database_file}"]
    italian = runner.invoke(cli_app, [*db, "missing", event, "1"])
    assert italian.exit_code == 0, italian.stderr
    assert italian.stdout.splitlines()[1:] == [
        "Tavolo 1: un solo telefono: N-S, E-O hanno firmato dallo stesso indirizzo di rete e "
        "browser entro 30 s",
        "Tavolo 2: terzo dispositivo: E-O ha firmato da due telefoni",
    ]
    english = runner.invoke(cli_app, ["--lang", "en", *db, "missing", event, "1"])
    assert "Table 2: third device: E-W signed from two phones" in english.stdout
    as_json = json.loads(runner.invoke(cli_app, [*db, "missing", event, "1", "--json"]).stdout)
    assert as_json["flagged"] == [
        {"table": 1, "third_device": [], "same_source": ["ns", "ew"]},
        {"table": 2, "third_device": ["ew"], "same_source": []},
    ]


def honest_file(web_app: FastAPI, make_event: Any) -> dict[str, Any]:
    """An evening whose 4 sheets both lines signed from their phones, as exported."""
    web: Web = web_app.state.web
    event = make_event("serata", pairs=8)
    for table in range(1, 5):
        token = make_token(web.secret, event, table)
        for n, line in enumerate(("ns", "ew")):
            sign(web_app, token, line, f"10.0.{table}.{n}")
    exported: dict[str, Any] = json.loads(json.dumps(export_event(web.service, event)))
    return exported


def test_a_file_from_another_installation_is_unverified(
    web_app: FastAPI, make_event: Any, tmp_path: Path
) -> None:
    """The lines' proofs are this installation's: the same honest file imported into another
    installation (another secret) cannot show its numbers are those the lines signed, so it
    is refused, each signature named, and imported only as unverified (issue 29); into its
    own installation, under another id, it imports verified, and so does that copy's own
    export (its proofs hold under the id they were signed under)."""
    from arbitro.errors import ArbitroError
    from arbitro.services.event_file import import_event
    from arbitro.web.app import create_app

    data = honest_file(web_app, make_event)
    service = web_app.state.web.service
    import_event(service, data, "copia")
    assert not service.state("copia").unverified
    import_event(service, export_event(service, "copia"), "copia-2")
    assert not service.state("copia-2").unverified

    other = create_app(f"sqlite:///{tmp_path / 'altra.sqlite3'}").state.web.service
    try:
        import_event(other, data)
    except ArbitroError as refused:
        problems = getattr(refused, "problems", [])
        assert len(problems) == 8  # both lines of 4 sheets
        assert "la prova di questa installazione" in problems[0].render("it")
    else:
        raise AssertionError("another installation's file imported as verified")
    state = import_event(other, data, unverified=True)
    signed = [r.seq for r in other.store.records("serata") if r.kind == "sheet-entered"]
    assert state.unverified == tuple(signed)


def test_an_earlier_versions_record_folds_as_before(
    web_app: FastAPI, make_event: Any, director_client: TestClient
) -> None:
    """A file of an earlier version: its sheet records have no ``source`` nor ``proof``.
    A director's transcription (FIBAS art. 19: the director enters the signed paper) needs
    no proof and imports verified; a phone's signature without a proof cannot be verified,
    so such a file imports only as unverified (docs/security.md), and folds the same."""
    from arbitro.errors import ArbitroError
    from arbitro.services.event_file import import_event

    service = web_app.state.web.service
    event = make_event("vecchia", pairs=4)
    service.enter_sheet(event, 1, 1, SheetEntry((DEAL, DEAL)), actor="direttore")
    data = json.loads(json.dumps(export_event(service, event)))
    for row in data["records"]:
        row["payload"].pop("source", None)
        row["payload"].pop("proof", None)
    import_event(service, data, "copia")
    assert service.standings("copia") == service.standings(event)
    assert not service.state("copia").unverified

    data = honest_file(web_app, make_event)
    for row in data["records"]:
        if row["kind"] == "sheet-entered":
            del row["payload"]["source"], row["payload"]["proof"]
    try:
        import_event(service, data, "senza-prove")
    except ArbitroError:
        pass
    else:
        raise AssertionError("signatures without proofs imported as verified")
    state = import_event(service, data, "senza-prove", unverified=True)
    assert isinstance(state, EventState)
    assert state.round(1).sheets[1].confirmed and state.round(1).sheets[1].same_source == set()
    assert service.standings("senza-prove") == service.standings("serata")
