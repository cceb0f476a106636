"""Registrations from a club's file, all or nothing (FIBAS art. 2): whatever encoding and
delimiter the spreadsheet used, a row that does not fit is refused with its line, and a file
with one bad row registers nobody."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.errors import ArbitroError
from arbitro.services.events import EventService
from arbitro.services.registrations import decode_registrations, parse_registrations_csv
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

CSV = "nome;giocatore1;giocatore2\nI Moschettieri;Niccolò Rossi;Zoë Bianchi\nLe Dame;Anna;Bice\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "utf-16"])
def test_a_file_in_any_spreadsheet_encoding_reads_the_same(encoding: str) -> None:
    rows = parse_registrations_csv(decode_registrations(CSV.encode(encoding)))
    assert rows == [
        ("I Moschettieri", ["Niccolò Rossi", "Zoë Bianchi"]),
        ("Le Dame", ["Anna", "Bice"]),
    ]


def test_a_comma_file_with_an_unquoted_name_is_refused_naming_the_line() -> None:
    text = "nome,giocatore1\nCoppia A,Anna\nRossi,Mario,Luigi\n"
    with pytest.raises(ArbitroError, match=r"riga 3"):
        parse_registrations_csv(text)


def test_a_name_longer_than_the_forms_allow_is_refused() -> None:
    with pytest.raises(ArbitroError, match=r"riga 2.*troppo lungo"):
        parse_registrations_csv("nome\n" + "x" * 201 + "\n")


def test_art2_one_bad_row_registers_nobody(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    with RecordStore.open(db) as store:
        svc = EventService(store)
        svc.create_event("ev", EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,)))
    rows = "".join(f"Coppia {i};A{i};B{i}\n" for i in range(1, 4))
    path = tmp_path / "iscritti.csv"
    path.write_bytes(("nome;giocatore1;giocatore2\n" + rows + "Coppia 1;X;Y\n").encode("cp1252"))
    result = CliRunner().invoke(app, ["--db", db, "import-csv", "ev", str(path)])
    assert result.exit_code == 1
    assert "riga 5: «Coppia 1» è ripetuto alle righe 2 e 5" in result.output
    with RecordStore.open(db) as store:
        assert EventService(store).state("ev").competitors == {}
    path.write_bytes(("nome;giocatore1;giocatore2\n" + rows).encode("utf-16"))
    result = CliRunner().invoke(app, ["--db", db, "import-csv", "ev", str(path)])
    assert result.exit_code == 0, result.output
    with RecordStore.open(db) as store:
        assert len(EventService(store).state("ev").competitors) == 3
