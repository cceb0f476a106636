"""The director's desk, driven through its pages and forms with FastAPI's TestClient: create an
event, register competitors (one by one, CSV, XLSX), seat / review / publish a round (FIBAS
art. 4, 21), watch the sheets (art. 19-20), settle a conflict, confirm and correct with a
reason (art. 21), lateness (art. 37), warnings (art. 41), abandon (art. 36), arbitral scores
(art. 40), publish the standings and see the complaints window close (art. 39), export and
import the event file."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

DEAL = DealScore(LineDeal(300, 120), LineDeal(100, 45))
OTHER = DealScore(LineDeal(100, 45), LineDeal(300, 120))


def post(client: TestClient, url: str, data: dict[str, Any] | None = None, **kw: Any) -> Any:
    """A desk form POST with the session's CSRF token."""
    return client.post(url, data={"csrf": client.csrf, **(data or {})}, **kw)


def service(app: FastAPI) -> Any:
    return app.state.web.service


def txt(response: Any) -> str:
    """A page's HTML with the entities decoded (``l&#39;errore`` → ``l'errore``)."""
    return html.unescape(response.text)


def text_of(page: str) -> str:
    """The visible text of a page, roughly (tags removed, spaces collapsed)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def new_event_form(
    name: str = "Serata del giovedì", rounds: int = 2, **extra: str
) -> dict[str, str]:
    data = {"name": name, "format": "pairs", "rounds": str(rounds), "seed": "7"}
    for i in range(1, rounds + 1):
        data[f"deals_{i}"] = "2"
        data[f"movement_{i}"] = "draw" if i == 1 else "mitchell"
    data.update(extra)
    return data


def sheet_form(prefix: str, deals: tuple[DealScore, ...]) -> dict[str, str]:
    data = {}
    for i, d in enumerate(deals, start=1):
        data[f"{prefix}d{i}_ns_base"] = str(d.ns.base)
        data[f"{prefix}d{i}_ns_points"] = str(d.ns.points)
        data[f"{prefix}d{i}_ew_base"] = str(d.ew.base)
        data[f"{prefix}d{i}_ew_points"] = str(d.ew.points)
    return data


# ---------------------------------------------------------------------- creating an event
def test_create_event_with_rounds_deals_movements_art4_art7(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """The new-event form records format, rounds, deals and movement per round (art. 4, 7),
    the seed and the complaints window (art. 39); the id comes from the name."""
    page = director_client.get("/desk/new")
    assert page.status_code == 200 and 'name="deals_4"' in txt(page)
    form = new_event_form(rounds=3, complaints_window_minutes="20")
    form["deals_3"] = "3"
    form["movement_3"] = "modified-danish"
    response = post(director_client, "/desk/new", form)
    assert response.status_code == 303
    assert response.headers["location"] == "/desk/e/serata-del-giovedi"
    config = service(web_app).state("serata-del-giovedi").config
    assert config.name == "Serata del giovedì"
    assert config.deals == (2, 2, 3)
    assert [m.value for m in config.movements] == ["draw", "mitchell", "modified-danish"]
    assert (config.seed, config.complaints_window_minutes) == (7, 20)
    page = director_client.get("/desk/e/serata-del-giovedi")
    assert "Serata del giovedì" in txt(page) and "Danese modificato" in txt(page)


def test_new_event_rounds_rows_follow_the_number_of_rounds(director_client: TestClient) -> None:
    """The per-round rows of the form are re-rendered (htmx) for the number of rounds."""
    rows = director_client.get("/desk/new/rounds", params={"rounds": "6"})
    assert rows.status_code == 200
    assert 'name="movement_6"' in txt(rows) and 'name="movement_7"' not in txt(rows)


def test_refused_configuration_is_shown_next_to_the_form_art7(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A 1-deal round outside prepared-deal events is refused (art. 7): 400, the message on
    the form in the page's language, nothing created."""
    form = new_event_form()
    form["deals_1"] = "1"
    response = post(director_client, "/desk/new", form)
    assert response.status_code == 400
    assert "i turni da 1 smazzata sono solo per gare a carte preparate (FIBAS art. 7)" in txt(
        response
    )
    assert 'value="Serata del giovedì"' in txt(response)  # the form keeps what was typed
    english = post(director_client, "/desk/new?lang=en", form)
    assert "1-deal rounds are only for prepared-deals events (FIBAS art. 7)" in txt(english)
    assert web_app.state.web.store.list_events() == []


def test_field_errors_name_the_field(director_client: TestClient) -> None:
    """A number that is not a number, or an empty name, is refused next to its field."""
    response = post(director_client, "/desk/new", new_event_form(rounds=2, seed="abc"))
    assert response.status_code == 400
    assert "numero del sorteggio: «abc» non è un numero intero" in txt(response)
    response = post(director_client, "/desk/new", new_event_form(name=" "))
    assert response.status_code == 400 and "il nome della gara è vuoto" in txt(response)


def test_an_event_id_already_taken_is_refused(director_client: TestClient, make_event: Any) -> None:
    """Two events cannot share an id: 409 with the message on the form."""
    make_event("serata")
    response = post(director_client, "/desk/new", new_event_form(event_id="serata"))
    assert response.status_code == 409 and "esiste già una gara «serata»" in txt(response)


# ---------------------------------------------------------------------- registrations
def test_register_one_by_one_and_refuse_a_duplicate_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Competitors are registered one by one with their players (art. 2 "Concorrente"); the
    same name twice is refused with 409 and the message next to the form."""
    event = make_event("serata", pairs=0, seat=False)
    ok = post(
        director_client, f"/desk/e/{event}/register", {"name": "Rossi", "players": "Ada, Bice"}
    )
    assert ok.status_code == 303
    competitors = service(web_app).state(event).competitors
    assert [(c.name, c.players) for c in competitors.values()] == [("Rossi", ("Ada", "Bice"))]
    again = post(director_client, f"/desk/e/{event}/register", {"name": "rossi"})
    assert again.status_code == 409 and "«rossi» è già iscritto" in txt(again)
    wrong = post(director_client, f"/desk/e/{event}/register", {"name": "Solo", "players": "Uno"})
    assert wrong.status_code == 400 and "(FIBAS art. 2)" in txt(wrong)


def test_register_from_csv_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A CSV file (``;``-separated, as Italian spreadsheets export) registers every row."""
    event = make_event("serata", pairs=0, seat=False)
    csv_text = "nome;giocatore1;giocatore2\nBianchi;Anna;Bruno\nVerdi;Carla;Dario\n"
    response = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("iscritti.csv", csv_text.encode(), "text/csv")},
    )
    assert response.status_code == 303
    names = [c.name for c in service(web_app).state(event).competitors.values()]
    assert names == ["Bianchi", "Verdi"]
    page = director_client.get(response.headers["location"])
    assert "Bianchi" in txt(page) and "Carla, Dario" in txt(page)


def test_register_from_xlsx_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """An XLSX workbook with the same columns as the CSV registers every row."""
    from openpyxl import Workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints

    event = make_event("serata", pairs=0, seat=False)
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Coppia", "Giocatore 1", "Giocatore 2"])
    sheet.append(["Neri", "Elsa", "Franco"])
    sheet.append([None, None, None])
    sheet.append(["Gialli", "Gino", "Ugo"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    response = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("iscritti.xlsx", buffer.getvalue(), "application/octet-stream")},
    )
    assert response.status_code == 303
    competitors = list(service(web_app).state(event).competitors.values())
    assert [(c.name, c.players) for c in competitors] == [
        ("Neri", ("Elsa", "Franco")),
        ("Gialli", ("Gino", "Ugo")),
    ]


def test_a_bad_registrations_file_registers_nobody(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A file without a name column, or repeating a registered name, is refused whole (400
    or 409) with the row named; nobody is registered from it."""
    event = make_event("serata", pairs=1, seat=False)
    no_name = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("x.csv", b"cognome,citta\nRossi,Roma\n", "text/csv")},
    )
    assert no_name.status_code == 400 and "manca la colonna del nome" in txt(no_name)
    repeated = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("x.csv", b"nome\nNuova\nCoppia 1\n", "text/csv")},
    )
    assert repeated.status_code == 400 and "riga 3: «Coppia 1» è già iscritto" in txt(repeated)
    broken = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("x.xlsx", b"PK\x03\x04not a workbook", "application/octet-stream")},
    )
    assert broken.status_code == 400 and "illeggibile" in txt(broken)
    assert len(service(web_app).state(event).competitors) == 1


# ---------------------------------------------------------------------- seating
def test_seat_review_reseat_then_publish_art4_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A round is seated and shown for review; it may be seated again (another seed) until
    published; once published it stands (art. 21) and seating again is refused."""
    event = make_event("serata", pairs=8, seat=False)
    base = f"/desk/e/{event}/r/1"
    assert "Assegna i tavoli" in txt(director_client.get(base))
    assert post(director_client, f"{base}/seat", {"seed": "1"}).status_code == 303
    review = director_client.get(base)
    assert "da rivedere" in txt(review) and 'id="seating-table"' in txt(review)
    first = service(web_app).state(event).round(1).seating
    assert post(director_client, f"{base}/seat", {"seed": "2"}).status_code == 303
    second = service(web_app).state(event).round(1).seating
    assert second is not None and second != first
    assert post(director_client, f"{base}/publish-seating").status_code == 303
    state = service(web_app).state(event)
    assert state.round(1).seating_published_at is not None and state.round(1).seating == second
    refused = post(director_client, f"{base}/seat", {"seed": "3"})
    assert refused.status_code == 409 and "già affissa" in txt(refused)
    assert service(web_app).state(event).round(1).seating == second


def test_round_two_needs_round_one_standings_art4(
    director_client: TestClient, make_event: Any
) -> None:
    """Round 2 cannot be seated before round 1's standings are published."""
    event = make_event("serata")
    refused = post(director_client, f"/desk/e/{event}/r/2/seat")
    assert refused.status_code == 400 and "prima pubblicare la classifica del turno 1" in txt(
        refused
    )


# ---------------------------------------------------------------------- sheets
def test_sheet_statuses_missing_pending_confirmed_conflict_art20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The round page lists each table's sheet: missing, pending (one line only), confirmed
    (both lines, art. 20), in conflict; it polls itself every 3 s (htmx)."""
    event = make_event("serata", pairs=8)
    svc = service(web_app)
    entry = SheetEntry((DEAL, DEAL))
    svc.enter_sheet(event, 1, 1, entry, line="ns")
    svc.enter_sheet(event, 1, 2, entry, line="ns")
    svc.enter_sheet(event, 1, 2, entry, line="ew")
    svc.enter_sheet(event, 1, 3, entry, line="ns")
    svc.enter_sheet(event, 1, 3, SheetEntry((OTHER, DEAL)), line="ew")
    page = director_client.get(f"/desk/e/{event}/r/1")
    assert 'hx-trigger="every 3s"' in txt(page)
    live = director_client.get(f"/desk/e/{event}/r/1/live")
    rows = dict(
        re.findall(r'<tr class="row-(\w+)">\s*<td class="num"><a [^>]*>(\d+)</a>', txt(live))
    )
    assert {v: k for k, v in rows.items()} == {
        "1": "pending",
        "2": "confirmed",
        "3": "conflict",
        "4": "missing",
    }
    assert "1 da confermare" in text_of(txt(live)) and "1 in conflitto" in text_of(txt(live))


def test_conflicting_entries_side_by_side_and_settled_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Two different entries of a sheet are shown side by side; the director settles them
    with the valid sheet and a reason (correction kind "conflict"), kept in the history."""
    event = make_event("serata", pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event, 1, 3, SheetEntry((DEAL, DEAL)), actor="tavolo 3", line="ns")
    svc.enter_sheet(event, 1, 3, SheetEntry((OTHER, DEAL)), actor="tavolo 3", line="ew")
    page = director_client.get(f"/desk/e/{event}/r/1/t/3")
    assert page.status_code == 200
    assert "Registrazioni in conflitto" in txt(page) and txt(page).count('class="sheet"') >= 3
    settle = {
        "kind": "conflict",
        "reason": "letto il foglio firmato",
        **sheet_form("c_", (DEAL, DEAL)),
    }
    response = post(director_client, f"/desk/e/{event}/r/1/t/3/correct", settle)
    assert response.status_code == 303
    state = svc.state(event)
    sheet = state.round(1).sheets[3]
    assert not sheet.conflicts and sheet.confirmed
    history = txt(director_client.get(f"/desk/e/{event}/r/1/t/3"))
    assert "correzione: conflitto risolto" in history and "letto il foglio firmato" in history


def test_confirm_a_pending_sheet_art20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A sheet entered by one line only is pending until the director confirms it."""
    event = make_event("serata", pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event, 1, 1, SheetEntry((DEAL, DEAL)), line="ew")
    assert "Conferma" in txt(director_client.get(f"/desk/e/{event}/r/1/t/1"))
    assert post(director_client, f"/desk/e/{event}/r/1/t/1/confirm").status_code == 303
    from arbitro.tournament.commands import sheet_status

    assert sheet_status(svc.state(event), 1, 1) == "confirmed"


def test_director_transcribes_a_sheet_and_impossible_numbers_are_refused_art19(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The director may transcribe a signed sheet; an impossible number (points not a
    multiple of 5, art. 19) is refused with the deal and line named, next to the form."""
    event = make_event("serata", pairs=8)
    bad = sheet_form("e_", (DEAL, DEAL))
    bad["e_d2_ew_points"] = "47"
    refused = post(director_client, f"/desk/e/{event}/r/1/t/2/enter", bad)
    assert refused.status_code == 400
    assert "smazzata 2, linea E-O: punti 47 non multipli di 5" in txt(refused)
    typo = post(director_client, f"/desk/e/{event}/r/1/t/2/enter", {**bad, "e_d1_ns_base": "tre"})
    assert typo.status_code == 400 and "smazzata 1, linea N-S: base «tre» non è un numero" in txt(
        typo
    )
    ok = post(director_client, f"/desk/e/{event}/r/1/t/2/enter", sheet_form("e_", (DEAL, DEAL)))
    assert ok.status_code == 303
    assert service(web_app).state(event).round(1).sheets[2].confirmed


def test_correct_a_sheet_needs_a_reason_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A correction without a reason is refused next to the reason field; a sum correction
    with a reason replaces the numbers and is kept in the history with who and why."""
    event = make_event("serata", pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event, 1, 1, SheetEntry((DEAL, DEAL)))
    fixed = (DEAL, DealScore(LineDeal(300, 125), LineDeal(100, 45)))
    no_reason = post(
        director_client,
        f"/desk/e/{event}/r/1/t/1/correct",
        {"kind": "sum", **sheet_form("c_", fixed)},
    )
    assert no_reason.status_code == 400
    assert "indicare il motivo della correzione (FIBAS art. 21)" in txt(no_reason)
    ok = post(
        director_client,
        f"/desk/e/{event}/r/1/t/1/correct",
        {"kind": "sum", "reason": "somma sbagliata", **sheet_form("c_", fixed)},
    )
    assert ok.status_code == 303
    sheet = svc.state(event).round(1).sheets[1]
    assert sheet.entry_as_of(1) == SheetEntry(fixed)
    page = txt(director_client.get(f"/desk/e/{event}/r/1/t/1"))
    assert (
        "somma sbagliata" in page and "correzione: errore di somma" in page and "direttore" in page
    )


def test_inverted_scores_need_the_table_to_agree_art21(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Inverted scores are swapped only when the table agrees (art. 21)."""
    event = make_event("serata", pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event, 1, 1, SheetEntry((DEAL, DEAL)))
    url = f"/desk/e/{event}/r/1/t/1/correct"
    refused = post(director_client, url, {"kind": "inverted", "reason": "invertiti"})
    assert (
        refused.status_code == 400
        and "indicare che il tavolo lo riconosce (FIBAS art. 21)" in txt(refused)
    )
    ok = post(
        director_client, url, {"kind": "inverted", "reason": "invertiti", "table_agrees": "on"}
    )
    assert ok.status_code == 303
    assert svc.state(event).round(1).sheets[1].entry_as_of(1) == SheetEntry((OTHER, OTHER))


# ---------------------------------------------------------------------- penalties
def test_lateness_warning_abandon_arbitral_score_are_recorded_art36_37_40_41(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The round page's forms record a lateness (art. 37), a warning (art. 41), an abandon
    (art. 36) and an arbitral score (art. 40); each shows in the round's ledger."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1"
    assert (
        post(director_client, f"{base}/lateness", {"competitor": "1", "minutes": "7"}).status_code
        == 303
    )
    assert (
        post(
            director_client, f"{base}/warning", {"competitor": "2", "reason": "parlava"}
        ).status_code
        == 303
    )
    assert (
        post(
            director_client,
            f"{base}/abandon",
            {"competitor": "3", "reason": "malore", "justified": "on"},
        ).status_code
        == 303
    )
    assert (
        post(
            director_client,
            f"{base}/arbitral",
            {"competitor": "4", "mp": "0", "vp": "10", "reason": "carte"},
        ).status_code
        == 303
    )
    state = service(web_app).state(event)
    assert state.lateness[(1, 1)] == 420
    assert [w.competitor for w in state.warnings()] == [2]
    assert state.abandons[(1, 3)] is True
    assert state.arbitral[(1, 4)] == (0, 10)
    page = text_of(txt(director_client.get(base)))
    for kind, article in (
        ("ritardo", "FIBAS art. 37"),
        ("ammonizione", "FIBAS art. 41"),
        ("abbandono", "FIBAS art. 36"),
        ("punteggio arbitrale", "FIBAS art. 40"),
    ):
        assert f"{kind} {article}" in page


def test_a_warning_needs_a_reason_and_a_seated_competitor(
    director_client: TestClient, make_event: Any
) -> None:
    """A warning without a reason, or to a competitor not playing, is refused (4xx)."""
    event = make_event("serata", pairs=8)
    base = f"/desk/e/{event}/r/1"
    no_reason = post(director_client, f"{base}/warning", {"competitor": "2"})
    assert no_reason.status_code == 400 and "indicare il motivo" in txt(no_reason)
    nobody = post(director_client, f"{base}/warning", {"competitor": "99", "reason": "x"})
    assert nobody.status_code == 404 and "concorrente 99 inesistente" in txt(nobody)
    late = post(director_client, f"{base}/lateness", {"competitor": "1", "minutes": "-3"})
    assert late.status_code == 400 and "minuti: -3 fuori dall'intervallo" in txt(late)


# ---------------------------------------------------------------------- standings
def enter_all(app: FastAPI, event: str, round_number: int = 1) -> None:
    svc = service(app)
    seating = svc.state(event).round(round_number).seating
    for table in seating.tables:
        if not table.is_incomplete:
            svc.enter_sheet(event, round_number, table.table, SheetEntry((DEAL, DEAL)))


def test_publish_standings_needs_every_sheet_art19(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The standings cannot be published while sheets are missing (named by table)."""
    event = make_event("serata", pairs=8)
    refused = post(director_client, f"/desk/e/{event}/r/1/publish-standings")
    assert refused.status_code == 400
    assert "score mancanti, da confermare o in conflitto ai tavoli 1, 2, 3, 4" in txt(refused)


def test_standings_provisional_with_countdown_then_final_art39(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: Any
) -> None:
    """Published standings are provisional while the complaints window (15 minutes, art. 39)
    counts down on the desk; once it has passed they are shown as final."""
    event = make_event("serata", pairs=8)
    enter_all(web_app, event)
    assert post(director_client, f"/desk/e/{event}/r/1/publish-standings").status_code == 303
    page = text_of(txt(director_client.get(f"/desk/e/{event}/r/1")))
    assert "provvisoria" in page and "mancano 15:00" in page
    clock.advance(minutes=10, seconds=30)
    page = text_of(txt(director_client.get(f"/desk/e/{event}/r/1/live")))
    assert "mancano 4:30" in page
    clock.advance(minutes=5)
    page = text_of(txt(director_client.get(f"/desk/e/{event}/r/1/live")))
    assert "definitiva" in page and "mancano" not in page
    rows = service(web_app).standings(event, 1)
    assert rows[0].name in page
    english = text_of(txt(director_client.get(f"/desk/e/{event}/r/1/live?lang=en")))
    assert "final" in english and "Standings after round 1" in english


def test_complaint_keeps_standings_provisional_until_decided_art38_39(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: Any
) -> None:
    """A complaint lodged within the window keeps the standings provisional until the
    director decides it (art. 38-39)."""
    event = make_event("serata", pairs=8)
    enter_all(web_app, event)
    post(director_client, f"/desk/e/{event}/r/1/publish-standings")
    base = f"/desk/e/{event}/r/1"
    assert (
        post(
            director_client, f"{base}/complaint", {"competitor": "1", "text": "VP errati"}
        ).status_code
        == 303
    )
    clock.advance(minutes=20)
    state = service(web_app).state(event)
    assert not state.standings_final(1, clock())
    complaint = next(iter(state.round(1).open_complaints))
    ok = post(
        director_client, f"{base}/resolve", {"complaint": str(complaint), "decision": "respinto"}
    )
    assert ok.status_code == 303
    assert "definitiva" in txt(director_client.get(f"{base}/live"))


# ---------------------------------------------------------------------- event file
def test_export_and_import_the_event_file(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The event file downloads as JSON; importing it under a new id replays the event to the
    same standings."""
    event = make_event("serata", pairs=8)
    enter_all(web_app, event)
    service(web_app).run(event, values.PublishStandings(1))
    download = director_client.get(f"/desk/e/{event}/export")
    assert download.status_code == 200
    assert download.headers["content-type"].startswith("application/json")
    assert "attachment" in download.headers["content-disposition"]
    document = download.json()
    assert document["event_id"] == event and len(document["records"]) > 10
    response = post(
        director_client,
        "/desk/import",
        {"event_id": "copia"},
        files={"file": ("serata.json", json.dumps(document).encode(), "application/json")},
    )
    assert response.status_code == 303 and response.headers["location"] == "/desk/e/copia"
    assert service(web_app).standings("copia", 1) == service(web_app).standings(event, 1)
    again = post(
        director_client,
        "/desk/import",
        {"event_id": "copia"},
        files={"file": ("serata.json", json.dumps(document).encode(), "application/json")},
    )
    assert again.status_code == 409
    junk = post(
        director_client,
        "/desk/import",
        files={"file": ("x.json", b"{not json", "application/json")},
    )
    assert junk.status_code == 400 and "non è JSON valido" in txt(junk)


# ---------------------------------------------------------------------- pages
def test_pages_are_italian_first_with_english_available(
    director_client: TestClient, make_event: Any
) -> None:
    """Every desk page is in Italian by default and in English with ``?lang=en``."""
    event = make_event("serata", pairs=8)
    assert "Banco del direttore" in txt(director_client.get("/desk"))  # no choice: Italian
    for url, italian, english in (
        ("/desk", "Banco del direttore", "Director's desk"),
        ("/desk/new", "Nuova gara", "New event"),
        (f"/desk/e/{event}", "Concorrenti", "Competitors"),
        (f"/desk/e/{event}/r/1", "Score dei tavoli", "Table sheets"),
        (f"/desk/e/{event}/r/1/t/1", "Storia dello score", "Sheet history"),
    ):
        assert english in txt(director_client.get(url, params={"lang": "en"}))
        assert italian in txt(director_client.get(url, params={"lang": "it"}))


def test_unknown_event_round_or_table_is_a_404_page(
    director_client: TestClient, make_event: Any
) -> None:
    """Unknown things are a 404 page with a message, never a 500."""
    event = make_event("serata", pairs=8)
    for url in (
        "/desk/e/nessuna",
        f"/desk/e/{event}/r/9",
        f"/desk/e/{event}/r/1/t/99",
        f"/desk/e/{event}/r/0/live",
    ):
        response = director_client.get(url)
        assert response.status_code == 404, url
        assert 'class="error"' in txt(response)
    assert post(director_client, f"/desk/e/{event}/r/1/nonsense").status_code == 404
    assert director_client.get(f"/desk/e/{event}/r/uno").status_code == 422


def test_printouts_are_linked_and_served_as_pdf(
    director_client: TestClient, make_event: Any
) -> None:
    """The round page links the table cards (QR codes of the table URLs), score sheets and
    seating; they are served as PDF."""
    event = make_event("serata", pairs=8)
    page = txt(director_client.get(f"/desk/e/{event}/r/1"))
    for kind in ("table-cards", "score-sheets", "seating"):
        assert f"/desk/e/{event}/r/1/pdf/{kind}" in page
        pdf = director_client.get(f"/desk/e/{event}/r/1/pdf/{kind}")
        assert pdf.status_code == 200, (kind, txt(pdf)[:300])
        assert pdf.content.startswith(b"%PDF")
    refused = director_client.get(f"/desk/e/{event}/r/1/pdf/standings")
    assert refused.status_code == 400


def test_the_language_chosen_is_kept_for_the_next_pages(director_client: TestClient) -> None:
    """Choosing English with ``?lang=en`` is remembered (cookie) for the following pages,
    including the htmx refreshes, until Italian is chosen again."""
    first = director_client.get("/desk", params={"lang": "en"})
    assert "lang=en" in first.headers["set-cookie"]
    assert "New event" in txt(director_client.get("/desk/new"))
    director_client.get("/desk", params={"lang": "it"})
    assert "Nuova gara" in txt(director_client.get("/desk/new"))


# ---------------------------------------------------------------------- other codes
def test_create_a_burraco_parole_event_art3(director_client: TestClient, web_app: FastAPI) -> None:
    """The desk offers the event's game and code: a Burraco Parole (UISP) event is created
    with its code, and the code's deal counts are enforced (rounds of 3 or 4 deals, art. 3)."""
    form = new_event_form(name="Parole di sera", code="burraco-parole-uisp")
    refused = post(director_client, "/desk/new", form)
    assert refused.status_code == 400 and "burraco-parole-uisp" in txt(refused)
    form.update({"deals_1": "3", "deals_2": "4"})
    assert post(director_client, "/desk/new", form).status_code == 303
    config = service(web_app).state("parole-di-sera").config
    assert (config.code, config.game, config.deals) == ("burraco-parole-uisp", "parole", (3, 4))
    assert config.complaints_window_minutes == 5  # the UISP code's window, not FIBAS's 15
    page = txt(director_client.get("/desk/e/parole-di-sera"))
    assert "Burraco Parole — codice di gara UISP" in page


def test_scala40_sheet_entered_and_corrected_at_a_table_of_four_art22_art24(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A Scala 40 event (individuals, four at a table, art. 2): the desk's sheet form takes
    each player's negative points per deal (art. 22); inverted scores are corrected by naming
    the two players when the table agrees (art. 24), and in the last round only with the
    arbiter's signature (art. 21)."""
    form = {
        "name": "Scala di sera",
        "code": "scala40",
        "format": "individual",
        "rounds": "1",
        "deals_1": "3",
        "movement_1": "draw",
    }
    assert post(director_client, "/desk/new", form).status_code == 303
    svc = service(web_app)
    for i in range(1, 9):
        svc.run("scala-di-sera", Register(f"Giocatore {i}"))
    svc.seat("scala-di-sera", 1, publish=True)
    table = svc.state("scala-di-sera").round(1).seating.table(1)
    players = table.players
    assert players is not None and len(players) == 4
    page = txt(director_client.get("/desk/e/scala-di-sera/r/1/t/1"))
    assert f'name="e_s3_{players[3]}"' in page
    # one player closes each deal with 0 (art. 19, 22), the others hold cards
    points = {p: [5, 25, 40, 12][k] for k, p in enumerate(players)}
    data = {
        f"e_s{i}_{p}": "0" if k == i - 1 else str(points[p] + i)
        for i in (1, 2, 3)
        for k, p in enumerate(players)
    }
    bad = {**data, f"e_s2_{players[0]}": "molti"}
    refused = post(director_client, "/desk/e/scala-di-sera/r/1/t/1/enter", bad)
    assert refused.status_code == 400 and "smazzata 2" in txt(refused)
    assert post(director_client, "/desk/e/scala-di-sera/r/1/t/1/enter", data).status_code == 303
    entry = svc.state("scala-di-sera").round(1).sheets[1].entry_as_of(1)
    assert entry.players == players and entry.deals[0][:2] == (0, points[players[1]] + 1)
    a, b = players[0], players[1]
    swap = {
        "kind": "inverted",
        "reason": "punti scritti sulla colonna sbagliata",
        "table_agrees": "on",
        "swap_a": str(a),
        "swap_b": str(b),
    }
    url = "/desk/e/scala-di-sera/r/1/t/1/correct"
    last_round = post(director_client, url, swap)
    assert last_round.status_code == 400
    assert "indicare che la correzione è firmata dall'arbitro (Scala 40 art. 24)" in txt(last_round)
    assert post(director_client, url, {**swap, "by_arbiter": "on"}).status_code == 303
    corrected = svc.state("scala-di-sera").round(1).sheets[1].entry_as_of(1)
    assert corrected.deals[0][0] == entry.deals[0][1] and corrected.deals[0][1] == entry.deals[0][0]
    live = txt(director_client.get("/desk/e/scala-di-sera/r/1/live"))
    assert "Giocatore" in live and "confermato" in live


def test_withdraw_a_competitor_art36(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A competitor withdrawn from the desk plays no round from the first unpublished one
    (art. 36); the event page says so."""
    event = make_event("serata", pairs=8)
    response = post(
        director_client, f"/desk/e/{event}/withdraw", {"competitor": "5", "reason": "malato"}
    )
    assert response.status_code == 303
    assert service(web_app).state(event).competitors[5].withdrawn_from_round == 2
    assert "ritirato dal turno 2" in txt(director_client.get(f"/desk/e/{event}"))
    again = post(director_client, f"/desk/e/{event}/withdraw", {"competitor": "5"})
    assert again.status_code == 409 and "già ritirato" in txt(again)


def test_a_resting_line_and_every_stage_of_a_round_render_art37(
    director_client: TestClient, web_app: FastAPI, make_event: Any, clock: Any
) -> None:
    """With 7 pairs one line rests at an incomplete table (art. 37): the desk shows it as
    resting, needs no sheet from it, and every page renders at every stage of the round."""
    event = make_event("dispari", pairs=7, seat=False)
    pages = [f"/desk/e/{event}", f"/desk/e/{event}/r/1", f"/desk/e/{event}/r/2"]
    assert all(director_client.get(u).status_code == 200 for u in pages)
    service(web_app).seat(event, 1)
    assert all(director_client.get(u).status_code == 200 for u in pages)
    service(web_app).run(event, values.PublishSeating(1))
    seating = service(web_app).state(event).round(1).seating
    rest = next(t.table for t in seating.tables if t.is_incomplete)
    live = txt(director_client.get(f"/desk/e/{event}/r/1/live"))
    assert "1 a riposo" in text_of(live) and "3 mancanti" in text_of(live)
    assert "la linea presente riposa" in txt(director_client.get(f"/desk/e/{event}/r/1/t/{rest}"))
    enter_all(web_app, event)
    assert post(director_client, f"/desk/e/{event}/r/1/publish-standings").status_code == 303
    for _ in range(2):
        for url in [*pages, f"/desk/e/{event}/r/1/t/1", f"/desk/e/{event}/r/1/live"]:
            assert director_client.get(url).status_code == 200, url
        clock.advance(minutes=20)
    pdf = director_client.get(f"/desk/e/{event}/r/1/pdf/standings")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert post(director_client, f"/desk/e/{event}/r/2/seat").status_code == 303


def test_team_match_sheet_has_open_and_closed_rooms_art19(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A team match's sheet holds the open and the closed room (art. 19, team sheet); the
    desk's form asks for both, and a sheet without the closed room is refused."""
    form = new_event_form(name="Squadre", rounds=1, format="teams")
    assert post(director_client, "/desk/new", form).status_code == 303
    svc = service(web_app)
    for i in range(1, 5):
        svc.run("squadre", Register(f"Squadra {i}"))
    svc.seat("squadre", 1, publish=True)
    page = txt(director_client.get("/desk/e/squadre/r/1/t/1"))
    assert 'name="e_c2_ew_points"' in page and "Sala chiusa" in page
    both = sheet_form("e_", (DEAL, DEAL))
    closed = {k.replace("e_d", "e_c"): v for k, v in sheet_form("e_", (OTHER, DEAL)).items()}
    missing = post(director_client, "/desk/e/squadre/r/1/t/1/enter", both)
    assert missing.status_code == 400 and "sala chiusa, smazzata 1" in txt(missing)
    ok = post(director_client, "/desk/e/squadre/r/1/t/1/enter", {**both, **closed})
    assert ok.status_code == 303
    entry = svc.state("squadre").round(1).sheets[1].entry_as_of(1)
    assert entry.closed_room == (OTHER, DEAL)


def test_an_upload_with_a_bad_row_registers_nobody_art2(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A row with the wrong number of players for a pair (art. 2) refuses the whole file,
    naming the row: the rows before it are not registered either."""
    event = make_event("serata", pairs=0, seat=False)
    csv_text = "nome,giocatore1,giocatore2,giocatore3\nA,a1,a2,\nB,b1,b2,b3\n"
    response = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("x.csv", csv_text.encode(), "text/csv")},
    )
    assert response.status_code == 400 and "riga 3: «B»: 3 giocatori" in txt(response)
    assert service(web_app).state(event).competitors == {}


def test_a_knockout_event_is_refused_with_a_message_not_a_500(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """A knockout event (Briscola) is listed on the desk; its link leads to the knockout
    pages, and the round pages and API of line events answer with a clear 4xx message,
    never a server error."""
    from arbitro.services.knockout import KnockoutService
    from arbitro.tournament.knockout_event import KnockoutConfig

    KnockoutService(web_app.state.web.store).create("briscola", KnockoutConfig(name="Briscola"))
    assert "Briscola" in txt(director_client.get("/desk"))
    link = director_client.get("/desk/e/briscola", follow_redirects=False)
    assert link.status_code == 303 and link.headers["location"] == "/desk/k/briscola"
    for url in ("/desk/e/briscola/r/1", "/api/events/briscola"):
        response = director_client.get(url)
        assert response.status_code == 400, url
        assert "eliminazione diretta" in txt(response)
