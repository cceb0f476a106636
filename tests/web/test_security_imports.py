"""Issue 29, "Event files": what an event file, an event id and a typed text can still do.

Each attack is run as an attacker would: an honest evening is exported from the desk, the
file edited by hand, and imported through the desk, the API and the terminal. The sheets are
signed from two phones per table (FIBAS art. 19: each line signs its own copy); a correction
by the arbiter is a director's (FIBAS art. 21)."""

from __future__ import annotations

import copy
import html
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from arbitro.cli.main import app as cli_app
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 45))
HAND_EDITED = DealScore(LineDeal(100, 45), LineDeal(300, 120))
runner = CliRunner()


def post(client: TestClient, url: str, data: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A desk form POST with the session's CSRF token."""
    return client.post(url, data={"csrf": client.csrf, **(data or {})}, **kw)


def txt(response: Any) -> str:
    return html.unescape(response.text)


def honest_evening(web_app: FastAPI, make_event: Any, user: str) -> dict[str, Any]:
    """Round 1 of an 8-pair evening, every sheet signed by both lines from their own phones,
    table 2's corrected by the arbiter (the director ``user``); its event file as exported."""
    svc = web_app.state.web.service
    event = make_event("serata", pairs=8)
    for table in (1, 2, 3, 4):
        for line in ("ns", "ew"):
            svc.enter_sheet(
                event,
                1,
                table,
                SheetEntry((DEAL, DEAL)),
                actor=f"tavolo {table} {line}",
                line=line,
                device=f"telefono-{table}-{line}",
                source=f"indirizzo-{table}-{line}",
                seal=web_app.state.web.secret,  # as the table's page signs (issue 29)
            )
    svc.run(
        event,
        values.CorrectSheet(
            1,
            2,
            kind="arbiter",
            reason="score firmato",
            entry=SheetEntry((DEAL, HAND_EDITED)),
            by_arbiter=True,
            actor=user,
        ),
    )
    from arbitro.services.event_file import export_event

    exported: dict[str, Any] = json.loads(json.dumps(export_event(svc, event)))
    return exported


def seq_of(data: dict[str, Any], kind: str, **payload: Any) -> int:
    """The seq of the first record of ``kind`` whose payload has ``payload``."""
    for row in data["records"]:
        if row["kind"] == kind and all(row["payload"].get(k) == v for k, v in payload.items()):
            return int(row["seq"])
    raise AssertionError(f"no {kind} {payload}")


def row(data: dict[str, Any], seq: int) -> dict[str, Any]:
    found: dict[str, Any] = data["records"][seq - 1]
    assert found["seq"] == seq
    return found


def import_file(client: TestClient, data: dict[str, Any], new_id: str, **extra: str) -> Any:
    return post(
        client,
        "/desk/import",
        {"event_id": new_id, **extra},
        files={"file": ("serata.json", json.dumps(data).encode(), "application/json")},
    )


# ----------------------------------------------------------------- the forgeries
def one_device_signs_both_lines(data: dict[str, Any]) -> tuple[int, str, str]:
    """Table 3's E-O line signed from N-S's phone (the issue: "one device signing both
    lines", FIBAS art. 19)."""
    ew = seq_of(data, "sheet-entered", table=3, line="ew")
    row(data, ew)["payload"]["device"] = "telefono-3-ns"
    return ew, "stesso dispositivo", "same device"


def actor_who_does_not_exist(data: dict[str, Any]) -> tuple[int, str, str]:
    """A withdrawal written by someone who is no user of any installation."""
    seq = seq_of(data, "sheet-entered", table=4, line="ew")
    row(data, seq)["actor"] = "mario-che-non-esiste"
    return seq, "non è un utente", "is not a user"


def correction_by_the_federal_arbiter(data: dict[str, Any]) -> tuple[int, str, str]:
    """The arbiter's correction of table 2 (FIBAS art. 21) signed "arbitro federale"."""
    seq = seq_of(data, "sheet-corrected", table=2)
    row(data, seq)["actor"] = "arbitro federale"
    return seq, "«arbitro federale» non è un utente", "«arbitro federale» is not a user"


def correction_by_a_table(data: dict[str, Any]) -> tuple[int, str, str]:
    """The arbiter's correction made by table 2's own phone: a table may only sign its own
    sheet, never rule on it (FIBAS art. 21)."""
    seq = seq_of(data, "sheet-corrected", table=2)
    row(data, seq)["actor"] = "tavolo 2 ns"
    return seq, "telefono di un tavolo", "table's phone"


def table_signs_another_table(data: dict[str, Any]) -> tuple[int, str, str]:
    """Table 1's phone signing table 4's sheet."""
    seq = seq_of(data, "sheet-entered", table=4, line="ns")
    row(data, seq)["actor"] = "tavolo 1 ns"
    return seq, "telefono di un tavolo", "table's phone"


def line_without_a_device(data: dict[str, Any]) -> tuple[int, str, str]:
    """A phone's line signed with no device at all (a script that keeps no cookie)."""
    seq = seq_of(data, "sheet-entered", table=1, line="ew")
    row(data, seq)["payload"]["device"] = None
    return seq, "senza dispositivo", "without a device"


def score_edited_on_both_lines(data: dict[str, Any]) -> tuple[int, str, str]:
    """Table 3's confirmed sheet edited by hand on both lines, the same new numbers on each
    (the issue: "a hand-edited score on both lines", undetectable before the lines' proofs):
    each signature's proof no longer matches its numbers (FIBAS art. 20: the lines signed
    the numbers they saw)."""
    seqs = [seq_of(data, "sheet-entered", table=3, line=line) for line in ("ns", "ew")]
    for seq in seqs:
        deals = row(data, seq)["payload"]["entry"]["deals"]
        deals[1] = deals[1][2:] + deals[1][:2]  # E-W's base and points given to N-S
    return seqs[0], "la prova di questa installazione", "this installation's proof"


FORGERIES = [
    score_edited_on_both_lines,
    one_device_signs_both_lines,
    actor_who_does_not_exist,
    correction_by_the_federal_arbiter,
    correction_by_a_table,
    table_signs_another_table,
    line_without_a_device,
]


@pytest.mark.parametrize("forge", FORGERIES, ids=lambda f: f.__name__)
def test_a_forged_event_file_is_refused_on_the_desk_with_the_record_named(
    director_client: TestClient, web_app: FastAPI, make_event: Any, forge: Any
) -> None:
    """Issue 29: each forgery of an exported file is refused, nothing imported, the record
    named in Italian (and in English); the honest file imports."""
    honest = honest_evening(web_app, make_event, "direttore")
    forged = copy.deepcopy(honest)
    seq, italian, english = forge(forged)
    refused = import_file(director_client, forged, "falsa")
    assert refused.status_code == 422
    page = txt(refused)
    assert f"registrazione {seq}: " in page and italian in page
    assert "non si importa nulla" in page
    assert not web_app.state.web.store.has_event("falsa")
    english_page = txt(
        post(
            director_client,
            "/desk/import?lang=en",
            {"event_id": "falsa"},
            files={"file": ("f.json", json.dumps(forged).encode(), "application/json")},
        )
    )
    assert f"record {seq}: " in english_page and english in english_page
    assert import_file(director_client, honest, "vera").status_code == 303


def test_every_problem_of_a_file_is_listed_at_once(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A file with several forgeries names them all, by record, in one refusal."""
    data = honest_evening(web_app, make_event, "direttore")
    found = [forge(data) for forge in FORGERIES[:3]]
    refused = import_file(director_client, data, "falsa")
    assert refused.status_code == 422
    for seq, italian, _english in found:
        assert f"registrazione {seq}: " in txt(refused) and italian in txt(refused)


def test_the_api_refuses_a_forged_file_422_with_its_problems(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """``POST /api/events/import``: the same decision, each problem with its record."""
    data = honest_evening(web_app, make_event, "direttore")
    seq, _it, english = correction_by_the_federal_arbiter(data)
    refused = director_client.post("/api/events/import?event_id=falsa&lang=en", json=data)
    assert refused.status_code == 422
    problems = refused.json()["error"]["problems"]
    assert [p["seq"] for p in problems] == [seq] and english in problems[0]["message"]
    forced = director_client.post("/api/events/import?event_id=falsa&unverified=true", json=data)
    assert forced.status_code == 201
    assert web_app.state.web.service.state("falsa").unverified == (seq,)


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    """A PDF's text (pdftotext), pages separated by form feeds."""
    path = tmp_path / "printout.pdf"
    path.write_bytes(pdf)
    done = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True)
    return done.stdout.decode("utf-8")


def test_an_unverified_import_is_marked_on_every_page(
    director_client: TestClient, web_app: FastAPI, make_event: Any, tmp_path: Path
) -> None:
    """On the director's explicit choice (the form's checkbox) a forged file is imported,
    and the desk's and the public pages of that event say it is unverified, and every page
    of its printouts; the honest event's do not."""
    data = honest_evening(web_app, make_event, "direttore")
    seq, _it, _en = one_device_signs_both_lines(data)
    done = import_file(director_client, data, "falsa", unverified="1")
    assert done.status_code == 303 and done.headers["location"] == "/desk/e/falsa"
    banner = f"Gara non verificata: importata da un file con registrazioni che le azioni dal vivo non avrebbero accettato tutte (registrazioni {seq})"
    for url in ("/desk/e/falsa", "/desk/e/falsa/r/1", "/e/falsa", "/e/falsa/seating"):
        page = director_client.get(url)
        assert page.status_code == 200, url
        assert banner in txt(page), url
    from arbitro.web.tokens import table_path

    phone = director_client.get(table_path(web_app.state.web.secret, "falsa", 1, 1))
    assert phone.status_code == 200 and banner in txt(phone)
    assert "Gara non verificata" not in txt(director_client.get("/desk/e/serata"))
    english = txt(director_client.get("/desk/e/falsa?lang=en"))
    assert "Unverified event: imported from a file" in english
    mark = (
        "GARA NON VERIFICATA: importata da un file che le azioni dal vivo non avrebbero "
        f"accettato del tutto (registrazioni {seq})"
    )
    printouts = [f"r/1/pdf/{kind}" for kind in ("seating", "score-sheets", "table-cards")]
    for kind in [*printouts, "cash.pdf"]:
        pdf = director_client.get(f"/desk/e/falsa/{kind}?lang=it")
        assert pdf.status_code == 200, kind
        pages = [p for p in pdf_text(pdf.content, tmp_path).split("\f") if p.strip()]
        assert pages and all(mark in " ".join(p.split()) for p in pages), kind
        honest = director_client.get(f"/desk/e/serata/{kind}")
        assert "NON VERIFICATA" not in pdf_text(honest.content, tmp_path), kind


def test_the_terminal_refuses_a_forged_file_and_imports_it_only_with_unverified(
    web_app: FastAPI, make_event: Any, database_file: Path, tmp_path: Path
) -> None:
    """``arbitro event import`` decides the same; ``--unverified`` imports and ``event
    show`` says so."""
    data = honest_evening(web_app, make_event, "direttore")
    seq, italian, _english = correction_by_the_federal_arbiter(data)
    path = tmp_path / "falsa.json"
    path.write_text(json.dumps(data), "utf-8")
    db = ["--db", f"sqlite:///{database_file}"]
    refused = runner.invoke(cli_app, [*db, "import", str(path), "--as", "falsa"])
    assert refused.exit_code == 1
    assert f"registrazione {seq}: " in refused.stderr and italian in refused.stderr
    assert "--unverified" in refused.stderr
    done = runner.invoke(cli_app, [*db, "import", str(path), "--as", "falsa", "--unverified"])
    assert done.exit_code == 0, done.stderr
    shown = runner.invoke(cli_app, [*db, "event", "show", "falsa"])
    assert "NON VERIFICATA: importata da un file" in shown.stdout
    assert f"(registrazioni {seq})" in shown.stdout


# ----------------------------------------------------------------- one id rule
BAD_IDS = ["a/b", "..", "../../../x", "serata\r\nX-Evil: 1", "<img src=x>", "Serata", "-x"]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_an_event_file_cannot_bring_an_id_the_rule_refuses(
    director_client: TestClient, web_app: FastAPI, make_event: Any, bad: str, tmp_path: Path
) -> None:
    """The file's own id goes through the one id rule on the desk, the API and the
    terminal (issue 29), and through the desk's and the API's override too."""
    data = honest_evening(web_app, make_event, "direttore")
    data["event_id"] = bad
    desk = post(
        director_client,
        "/desk/import",
        files={"file": ("x.json", json.dumps(data).encode(), "application/json")},
    )
    assert desk.status_code == 422
    assert "non valido" in txt(desk) or "«event_id»: un carattere di controllo" in txt(desk)
    api = director_client.post("/api/events/import", json=data)
    assert api.status_code == 422
    store = web_app.state.web.store
    assert [e.event_id for e in store.list_events()] == ["serata"]
    honest = honest_evening_export(web_app)
    override = post(
        director_client,
        "/desk/import",
        {"event_id": bad},
        files={"file": ("x.json", json.dumps(honest).encode(), "application/json")},
    )
    # A form error next to the field (400); the desk lowercases what is typed ("Serata" is
    # "serata", taken: 409). Nothing is made.
    assert override.status_code in (400, 409)
    assert (
        director_client.post(
            "/api/events/import", params={"event_id": bad}, json=honest
        ).status_code
        == 422
    )
    assert [e.event_id for e in store.list_events()] == ["serata"]


def honest_evening_export(web_app: FastAPI) -> dict[str, Any]:
    from arbitro.services.event_file import export_event

    exported: dict[str, Any] = json.loads(
        json.dumps(export_event(web_app.state.web.service, "serata"))
    )
    return exported


@pytest.mark.parametrize("bad", BAD_IDS)
def test_the_terminal_and_the_store_apply_the_same_id_rule(
    bad: str, tmp_path: Path, database_url: str
) -> None:
    """``arbitro event create``, ``arbitro import --as`` and the store itself (every way
    in ends there) refuse each id, on SQLite and PostgreSQL."""
    from arbitro.errors import ArbitroError
    from arbitro.store import RecordStore

    db = ["--db", database_url]
    created = runner.invoke(
        cli_app,
        [
            *db,
            "event",
            "create",
            bad,
            "--name",
            "E",
            "--rounds",
            "1",
            "--deals",
            "2",
            "--movements",
            "draw",
        ],
    )
    if bad.startswith("-"):  # read as an option by the terminal itself: refused before us
        assert created.exit_code == 2
    else:
        assert created.exit_code == 1 and "non valido" in created.stderr
    with RecordStore(database_url) as store:
        with pytest.raises(ArbitroError, match="non valido"):
            store.create_event(bad, "Serata")
        assert store.list_events() == []


def test_every_download_names_its_file_by_rfc_6266() -> None:
    """One helper for every ``Content-Disposition``: an ASCII fallback with nothing that
    breaks a header or a path, the exact name in ``filename*`` (RFC 6266, RFC 8187)."""
    from arbitro.web.downloads import content_disposition

    value = content_disposition("<img src=x>\r\n../Serata è.pdf", "inline")
    assert "\r" not in value and "\n" not in value and "<" not in value
    assert value.startswith('inline; filename="_img src_x___.._Serata _.pdf"; ')
    assert value.endswith("filename*=UTF-8''%3Cimg%20src%3Dx%3E%0D%0A..%2FSerata%20%C3%A8.pdf")


def test_the_export_and_a_pdf_carry_the_encoded_file_name(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The event file and a printout download with both forms of the name."""
    honest_evening(web_app, make_event, "direttore")
    export = director_client.get("/desk/e/serata/export")
    assert export.headers["content-disposition"] == (
        "attachment; filename=\"serata.arbitro.json\"; filename*=UTF-8''serata.arbitro.json"
    )
    pdf = director_client.get("/desk/e/serata/r/1/pdf/seating")
    assert pdf.status_code == 200, pdf.text[:300]
    assert "filename*=UTF-8''serata-r1-seating.pdf" in pdf.headers["content-disposition"]


# ----------------------------------------------------------------- text at the edge
def test_a_lone_surrogate_in_an_imported_name_is_refused_not_a_500(
    database_url: str, tmp_path: Path
) -> None:
    """A competitor's name holding half of a character (a lone surrogate, "\\ud800") is
    refused 422 by record and field, on SQLite and PostgreSQL (it was a 500)."""
    from arbitro.store import users
    from arbitro.web.app import create_app

    web = create_app(database_url)
    try:
        users.add_user(web.state.web.store, "direttore", "segreto-del-direttore")
        with TestClient(web, follow_redirects=False) as client:
            token = client.post(
                "/api/token", json={"username": "direttore", "password": "segreto-del-direttore"}
            ).json()["access_token"]
            client.headers["Authorization"] = f"Bearer {token}"
            created = client.post(
                "/api/events",
                json={
                    "event_id": "serata",
                    "name": "Serata",
                    "rounds": 1,
                    "deals": [2],
                    "movements": ["draw"],
                },
            )
            assert created.status_code == 201, created.text
            assert (
                client.post(
                    "/api/events/serata/competitors", json={"name": "Rossi", "players": []}
                ).status_code
                == 201
            )
            data = client.get("/api/events/serata/export").json()
            text = json.dumps(data).replace('"Rossi"', '"Ros\\ud800si"')
            answer = client.post(
                "/api/events/import?event_id=copia",
                content=text.encode(),
                headers={"Content-Type": "application/json"},
            )
            assert answer.status_code == 422, answer.text
            problem = answer.json()["error"]["problems"][0]
            assert problem["seq"] == 2 and "U+D800" in problem["message"]
            assert "name" in problem["message"]
            nul = client.post(
                "/api/events",
                json={
                    "event_id": "nul",
                    "name": "Serata\u0000",
                    "rounds": 1,
                    "deals": [2],
                    "movements": ["draw"],
                },
            )
            assert nul.status_code == 422 and "U+0000" in nul.json()["error"]["message"]
            rlo = client.post("/api/events/serata/competitors", json={"name": "Rossi \u202eisseR"})
            assert rlo.status_code == 422 and "U+202E" in rlo.json()["error"]["message"]
    finally:
        web.state.web.store.close()


def test_the_desk_refuses_a_nul_or_an_override_in_an_event_name(
    director_client: TestClient,
) -> None:
    """The new-event form: a NUL (a 500 on PostgreSQL before) or a U+202E in the name is a
    form error next to the field, nothing created."""
    for bad, code in (("Serata\x00", "U+0000"), ("Serata \u202eatareS", "U+202E")):
        page = post(
            director_client,
            "/desk/new",
            {
                "name": bad,
                "event_id": "serata",
                "format": "pairs",
                "rounds": "1",
                "deals_1": "2",
                "movement_1": "draw",
            },
        )
        assert page.status_code in (400, 422), page.status_code
        assert code in txt(page)


def test_a_registration_file_with_a_bad_name_names_its_line(database_url: str) -> None:
    """A CSV of registrations: a NUL, a lone surrogate or a U+202E in a name is a problem
    of its line, nobody registered (all or nothing), on SQLite and PostgreSQL."""
    from arbitro.services.events import EventService
    from arbitro.services.registrations import FileRefused, read_registrations_csv
    from arbitro.store import RecordStore
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat, Movement

    text = "nome\nRossi\nBian\x00chi\nVer\ud800di\nNeri \u202eireN\n"
    rows, problems = read_registrations_csv(text)
    assert [r.name for r in rows] == ["Rossi"]
    assert [(p.line, p.render("it")) for p in problems] == [
        (
            3,
            "riga 3: «Bian\\x00chi»: un carattere di controllo invisibile (U+0000, in posizione 5)",
        ),
        (
            4,
            "riga 4: «Ver\\ud800di»: un carattere spezzato (U+D800, in posizione 4): non è testo Unicode",
        ),
        (
            5,
            "riga 5: «Neri \\u202eireN»: un carattere che inverte la direzione del testo (U+202E, in posizione 6)",
        ),
    ]
    with RecordStore(database_url) as store:
        svc = EventService(store)
        config = EventConfig(
            name="Serata",
            event_format=EventFormat.PAIRS,
            rounds=1,
            deals=(2,),
            movements=(Movement.DRAW,),
        )
        svc.create_event("serata", config)
        with pytest.raises(FileRefused):
            svc.register_many("serata", rows, problems=problems)
        assert svc.state("serata").competitors == {}


def test_the_text_rule_keeps_what_people_type() -> None:
    """The one text rule refuses only what no one types: a textarea's CR LF, a tab, accents
    and a name in another script are kept (in NFC); a NUL, a C1 control, a lone surrogate
    and (in a name) a direction override are refused with the field named."""
    from arbitro.text_rules import TextRefused, clean_text

    assert clean_text("riga 1\r\nriga 2\tfine", "text", multiline=True) == "riga 1\nriga 2\tfine"
    assert clean_text("Nicolo\u0300 \u05d3\u05d5\u05d3", "name") == "Nicolò \u05d3\u05d5\u05d3"
    for bad, name in (("a\x00", False), ("a\x85", False), ("a\ud800", False), ("a\u2067", True)):
        with pytest.raises(TextRefused) as refused:
            clean_text(bad, "nome", name=name, multiline=not name)
        assert refused.value.status == 422 and "«nome»" in refused.value.message("it")


def test_a_briscola_game_signed_by_one_phone_for_both_pairs_is_not_verified() -> None:
    """Briscola art. 8: each pair enters the game from its own phone; a file where one device
    signs for both pairs of a game, or a pair's phone for another pair, is named by record."""
    from datetime import UTC, datetime

    from arbitro.services.event_file import verify_records
    from arbitro.tournament.records import GameEntered, Record

    at = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)
    points = {"1": 70, "2": 50}
    honest = [
        Record(GameEntered("QF1", 1, 1, points, 1, "telefono-a"), at, "QF1 coppia 1", seq=5),
        Record(GameEntered("QF1", 1, 2, points, 1, "telefono-b"), at, "QF1 coppia 2", seq=6),
    ]
    assert verify_records(honest, {"direttore"}) == []
    one_phone = [
        honest[0],
        Record(GameEntered("QF1", 1, 2, points, 1, "telefono-a"), at, "QF1 coppia 2", seq=6),
    ]
    assert [(p.seq, p.render("it")) for p in verify_records(one_phone, set())] == [
        (
            6,
            "registrazione 6: le linee 2 e 1 hanno firmato dallo stesso dispositivo: ogni linea firma dal proprio telefono",
        )
    ]
    other_pair = [
        honest[0],
        Record(GameEntered("QF1", 1, 2, points, 1, "telefono-b"), at, "QF1 coppia 1", seq=6),
    ]
    assert [p.seq for p in verify_records(other_pair, set())] == [6]


def test_the_terminal_refuses_a_name_with_a_direction_override(
    tmp_path: Path, database_url: str
) -> None:
    """``arbitro register``: a competitor's name or player holding U+202E (or a NUL, or a C1
    control) is refused with a message in the user's language, nothing registered, on SQLite
    and PostgreSQL; the command every way in goes through decides it (FIBAS art. 2)."""
    db = ["--db", database_url]
    created = runner.invoke(
        cli_app,
        [
            *db,
            "event",
            "create",
            "serata",
            "--name",
            "Serata",
            "--rounds",
            "1",
            "--deals",
            "2",
            "--movements",
            "draw",
        ],
    )
    assert created.exit_code == 0, created.stderr
    for name, player, code in (
        ("Rossi \u202eissoR", "Anna", "U+202E"),
        ("Rossi", "An\x85na", "U+0085"),
        ("Rossi", "An\x00na", "U+0000"),
    ):
        for lang, words in (("it", "in posizione"), ("en", "at position")):
            refused = runner.invoke(
                cli_app, [*db, "--lang", lang, "register", "serata", name, "--player", player]
            )
            # refused as the terminal reads its parameters (the text rule, cli/coerce.py): a
            # usage error, before the command runs
            assert refused.exit_code == 2, refused.stdout
            assert code in refused.stderr and words in refused.stderr
    shown = runner.invoke(cli_app, [*db, "event", "show", "serata", "--json"])
    assert json.loads(shown.stdout)["competitors"] == 0
