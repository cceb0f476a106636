"""The registrations file lists every problem at once (issue 26 F; FIBAS art. 2
"Concorrente": a pair is two players): each line's problem in the director's words, a name
twice in the file "duplicated at lines 3 and 6" (not "already registered"), a line with one
player in a pairs event says so in the singular ("1 giocatore", never "1 giocatori"), and a
file with a problem registers nobody (all or nothing). The same on the desk and in the
terminal, in Italian and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.i18n import PLURAL, Message, ngettext, render
from arbitro.i18n.extract import extracted_once
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.registrations import FileRefused, read_registrations_csv
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

# Line 1 is the header. Line 3 and line 6 are the same pair; line 4 has one player; line 5
# has no name; line 7 repeats a pair registered before the file; line 8 is fine.
FILE = (
    "nome;giocatore1;giocatore2\n"
    "Rossi / Bianchi;Mario Rossi;Lucia Bianchi\n"
    "Verdi / Neri;Ugo Verdi;Ada Neri\n"
    "Solo Gialli;Gino Gialli;\n"
    ";Tizio;Caio\n"
    "verdi / neri;Ugo Verdi;Ada Neri\n"
    "Già Iscritti;A;B\n"
    "Blu / Viola;Elsa Blu;Franco Viola\n"
)

EXPECTED_IT = [
    "riga 4: «Solo Gialli»: 1 giocatore, una coppia ne ha 2 (FIBAS art. 2)",
    "riga 5: manca il nome",
    "riga 6: «verdi / neri» è ripetuto alle righe 3 e 6",
    "riga 7: «Già Iscritti» è già iscritto",
]


def _event(svc: EventService) -> None:
    svc.create_event(
        "ev", EventConfig("Serata", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DANISH))
    )
    svc.run("ev", Register("Già Iscritti", ["A", "B"]))


def test_art2_every_problem_of_the_file_at_once_by_line(tmp_path: Path) -> None:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store)
        _event(svc)
        rows, problems = read_registrations_csv(FILE)
        with pytest.raises(FileRefused) as refused:
            svc.register_many("ev", rows, problems=problems)
        assert [p.render("it") for p in refused.value.problems] == EXPECTED_IT
        assert refused.value.it.startswith(
            "il file ha 4 problemi: nessuno è stato iscritto (o tutti o nessuno)"
        )
        english = [p.render("en") for p in refused.value.problems]
        assert english[0] == "line 4: «Solo Gialli»: 1 player, a pair has 2 (FIBAS art. 2)"
        assert english[2] == "line 6: «verdi / neri» is duplicated at lines 3 and 6"
        assert [c.name for c in svc.state("ev").competitors.values()] == ["Già Iscritti"]


def test_one_problem_is_said_in_the_singular() -> None:
    """Plurals through the catalogue's ngettext: "1 problema", "2 problemi"."""
    one = FileRefused([])
    assert "il file ha 0 problemi" in one.it
    rows, problems = read_registrations_csv("nome,giocatore1\n\n,x\n")
    assert rows == [] and [p.line for p in problems] == [3]
    assert FileRefused(problems).it.startswith("il file ha 1 problema: nessuno")


def test_ngettext_forms_in_both_languages_and_both_extracted() -> None:
    """The plural form has the plural context, so "{count} present" may be one English text
    and two Italian ones; the extraction finds both forms."""
    forms = ("Check-in: {count} present of {total}", "Check-in: {count} present of {total}")
    assert render(ngettext(*forms, 1, total=4), "it") == "Presenze: 1 presente di 4"
    assert render(ngettext(*forms, 3, total=4), "it") == "Presenze: 3 presenti di 4"
    assert render(ngettext(*forms, 3, total=4), "en") == "Check-in: 3 present of 4"
    assert ngettext("a", "b", 2) == Message("b", {"count": 2}, context=PLURAL)
    found = {(f.msgid, f.context) for f in extracted_once()}
    assert ("Registered {count} competitor", None) in found
    assert ("Registered {count} competitors", PLURAL) in found
    assert ("Withdraw the {count} competitors not checked in?", PLURAL) in found  # a template


def test_the_terminal_lists_every_problem_and_registers_nobody(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    with RecordStore.open(db) as store:
        _event(EventService(store))
    path = tmp_path / "iscritti.csv"
    path.write_text(FILE, "utf-8")
    result = CliRunner().invoke(app, ["--db", db, "import-csv", "ev", str(path)])
    assert result.exit_code == 1
    for line in EXPECTED_IT:
        assert line in result.output, result.output
    assert "nessuno è stato iscritto" in result.output
    english = CliRunner().invoke(app, ["--db", db, "--lang", "en", "import-csv", "ev", str(path)])
    assert "line 6: «verdi / neri» is duplicated at lines 3 and 6" in english.output
    assert "nobody is registered (all or nothing)" in english.output
    with RecordStore.open(db) as store:
        assert len(EventService(store).state("ev").competitors) == 1
    path.write_text("nome;giocatore1;giocatore2\nBlu / Viola;Elsa Blu;Franco Viola\n", "utf-8")
    one = CliRunner().invoke(app, ["--db", db, "import-csv", "ev", str(path)])
    assert one.exit_code == 0 and "Iscritto 1 concorrente" in one.output


def test_an_xlsx_workbook_lists_its_problems_by_the_sheets_row() -> None:
    """The same reading for a workbook: a blank first row keeps the rows' numbers as the
    spreadsheet shows them (the header on row 2, a row without a name on row 4)."""
    import io

    from openpyxl import Workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints

    from arbitro.services.registrations_xlsx import read_registrations_xlsx

    workbook = Workbook()
    sheet = workbook.active
    sheet.append([None, None, None])
    sheet.append(["Coppia", "Giocatore 1", "Giocatore 2"])
    sheet.append(["Neri", "Elsa", "Franco"])
    sheet.append([None, "Gino", "Ugo"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    rows, problems = read_registrations_xlsx(buffer.getvalue())
    assert [(r.line, r.name) for r in rows] == [(3, "Neri")]
    assert [p.render("it") for p in problems] == ["riga 4: manca il nome"]
