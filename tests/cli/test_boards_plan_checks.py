"""Carte uguali in the terminal, the pieces issue 26 found missing (FIBAS art. 7 "a carte
preparate", art. 20 "carte uguali"; Bridge Law 13 as the model for a board's count):
``boards print --what plan``, the board lines of ``print seating``, ``boards checks``, the
impossible-score flag in ``sheet``, and the comparison's VP printed by ``sheet`` once the
round is complete (none before), never the table's own.

The round of every test: 8 pairs at 4 tables, 2 boards, 2 copies; the plan (art. 7) gives
tables 1 and 3 boards 1, 2 and tables 2 and 4 boards 2, 1. The sheets of
:data:`SHEETS` give board 1 N-S results +250 (table 1), +100 (tables 2, 3, 4) and board 2
0 everywhere: table 1's own difference, 250, is 13-7 on the 2-deal scale, its difference
against the others' average, 250 - 100 = 150, is 12-8 (art. 20, continuous scale)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

SHEETS = {
    1: ["200,150,0,100", "0,100,0,100"],  # board 1 +250, board 2 0
    2: ["0,100,0,100", "100,100,0,100"],  # board 2 0, board 1 +100
    3: ["100,100,0,100", "0,100,0,100"],  # board 1 +100, board 2 0
    4: ["0,100,0,100", "100,100,0,100"],  # board 2 0, board 1 +100
}


class Cli:
    def __init__(self, db: Path) -> None:
        self.runner = CliRunner()
        self.db = f"sqlite:///{db}"

    def run(self, *args: str, lang: str = "it") -> Any:
        result = self.runner.invoke(app, ["--db", self.db, "--lang", lang, *args])
        assert result.exit_code == 0, result.output
        return result

    def text(self, *args: str, lang: str = "it") -> str:
        return str(self.run(*args, lang=lang).stdout)

    def __call__(self, *args: str) -> Any:
        return json.loads(self.text(*args, "--json"))

    def sheet(self, table: int, *deals: str, json_out: bool = False) -> Any:
        args = ["sheet", "cu", "1", str(table), *(f"--deal={d}" for d in deals)]
        return self(*args) if json_out else self.text(*args)


def pdf_text(path: Path) -> str:
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    )
    return done.stdout


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    """A carte uguali event of 8 pairs, 2 rounds of 2 boards, round 1 seated and published."""
    c = Cli(tmp_path / "cu.sqlite3")
    c(
        "event", "create", "cu", "--name", "Carte uguali del giovedì", "--rounds", "2",
        "--deals", "2", "--movements", "registration,mitchell", "--seed", "3", "--carte-uguali",
    )  # fmt: skip
    for i in range(1, 9):
        c("register", "cu", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")
    c("seat", "cu", "1", "--publish")
    return c


# ------------------------------------------------------------------ the board plan printed
def test_the_board_plan_is_printed_alone_art_7(cli: Cli, tmp_path: Path) -> None:
    """FIBAS art. 7 (a carte preparate): ``boards print --what plan`` writes the plan as a
    PDF, each table's board and copy at each deal and the table its boards go to next;
    before, "plan" was refused (issue 26)."""
    out = tmp_path / "piano.pdf"
    cli.run("boards", "print", "cu", "1", "--what", "plan", "--out", str(out))
    text = pdf_text(out)
    assert "Piano dei board — Turno 1" in text
    assert "4 tavoli, 2 board, 2 copie di ogni board" in text
    rows = {
        line.split()[0]: " ".join(line.split()[1:])
        for line in text.splitlines()
        if line.strip()[:1].isdigit() and "Board" in line
    }
    # art. 7: table 1 plays board 1 then 2 and passes to table 2, which plays 2 then 1
    assert rows["1"] == "Board 1 · copia 1 Board 2 · copia 1 tavolo 2"
    assert rows["2"] == "Board 2 · copia 1 Board 1 · copia 1 tavolo 1"
    assert rows["3"] == "Board 1 · copia 2 Board 2 · copia 2 tavolo 4"
    assert "tavolo di appoggio" in text and "FIBAS art. 7" in text
    english = tmp_path / "plan.pdf"
    cli.run("boards", "print", "cu", "1", "--what", "plan", "--out", str(english), lang="en")
    assert "Board plan — Round 1" in pdf_text(english)


def test_the_seating_of_a_carte_uguali_round_names_each_tables_boards_art_7(
    cli: Cli, tmp_path: Path
) -> None:
    """FIBAS art. 4 and 7: the seating list of a carte uguali round says, for each table,
    the boards it plays in deal order and their copy (issue 26: it had no board lines)."""
    out = tmp_path / "posizione.pdf"
    cli.run("print", "seating", "cu", "1", "-o", str(out))
    text = pdf_text(out)
    assert any("Coppia 1 (1)" in line and "1 · 2 (copia 1)" in line for line in text.splitlines())
    assert any("Coppia 3 (3)" in line and "2 · 1 (copia 1)" in line for line in text.splitlines())
    assert any("Coppia 7 (7)" in line and "2 · 1 (copia 2)" in line for line in text.splitlines())
    assert "piano dei board" in text


# ------------------------------------------------------------------ boards checks
def test_boards_checks_lists_counts_wrong_counts_and_impossible_scores(cli: Cli) -> None:
    """FIBAS art. 6 (11 cards a pocket; a wrong count found before play: "si procede ad una
    nuova distribuzione") and arts. 3, 19-20: ``boards checks`` lists each table's count of
    each board, the wrong count with the code's remedy (then ruled by ``boards rule``), and a
    sheet the prepared board makes impossible."""
    cli("boards", "check", "cu", "1", "1", "1")
    cli("boards", "check", "cu", "1", "3", "2", "--count", "N=12", "--count", "S=10")
    cli.sheet(1, "0,1060,0,1060", "0,20,200,40")  # 2120 card points: more than the deck
    found = cli("boards", "checks", "cu", "1")
    assert (found["boards"], found["counted"]) == (8, 2)
    status = {(c["table"], c["board"]): c["status"] for c in found["checks"]}
    assert status[(1, 1)] == "checked" and status[(3, 2)] == "wrong"
    assert status[(2, 1)] == "unchecked"
    assert found["law13"] == [
        {
            "table": 3,
            "board": 2,
            "deal": 2,
            "wrong": {"N": {"found": 12, "expected": 11}, "S": {"found": 10, "expected": 11}},
            "ruling": None,
        }
    ]
    [flag] = found["flags"]
    assert (flag["table"], flag["deal"], flag["board"]) == (1, 1, 1)
    assert "2120" in flag["problems"][0]
    text = cli.text("boards", "checks", "cu", "1")
    assert "board contati ai tavoli 2/8; conteggi errati: 1" in text
    assert "Tavolo 1: smazzata 1: board 1/1 controllato" in text
    assert "Tavolo 3, board 2: conteggio errato — N: 12 carte invece di 11" in text
    # FIBAS art. 6 (issue 27): the code's own remedy, not Law 13
    assert "conteggi errati: 1 (FIBAS art. 6)" in text
    assert (
        "Prima dell'inizio del gioco il board si distribuisce di nuovo dal suo foglio di "
        "distribuzione (FIBAS art. 6)"
    ) in text
    assert "Legge 13" not in text
    assert "PUNTEGGIO IMPOSSIBILE — tavolo 1, smazzata 1 (board 1)" in text
    # the director records art. 6's remedy (found before play: a new deal)
    cli("boards", "rule", "cu", "1", "3", "2", "--reason", "N con 12 carte, S con 10")
    ruled = cli("boards", "checks", "cu", "1")
    assert ruled["law13"][0]["ruling"] == {"paragraph": "6", "outcome": "redeal"}
    assert (
        ruled["checks"][[(c["table"], c["board"]) for c in ruled["checks"]].index((3, 2))]["status"]
        == "ruled"
    )
    english = cli.text("boards", "checks", "cu", "1", lang="en")
    assert (
        "Table 3, board 2: wrong count — N: 12 cards instead of 11; S: 10 cards instead of 11. "
        "FIBAS art. 6: board dealt again from its dealing sheet"
    ) in english


def test_boards_checks_and_plan_are_refused_without_prepared_boards(tmp_path: Path) -> None:
    """Art. 20: board checks and a board plan exist only in a carte uguali event (the desk
    refuses its boards' printouts alike)."""
    cli = Cli(tmp_path / "plain.sqlite3")
    cli("event", "create", "p", "--name", "P", "--rounds", "1", "--deals", "2",
        "--movements", "registration")  # fmt: skip
    for i in range(1, 5):
        cli("register", "p", f"Coppia {i}")
    cli("seat", "p", "1", "--publish")
    for args in (
        ["boards", "checks", "p", "1"],
        ["boards", "print", "p", "1", "--what", "plan", "--out", str(tmp_path / "x.pdf")],
    ):
        result = cli.runner.invoke(app, ["--db", cli.db, "--lang", "en", *args])
        assert result.exit_code == 1 and "carte uguali" in result.output, args
    assert not (tmp_path / "x.pdf").exists()


# ------------------------------------------------------------------ sheet: flags and VP
def test_sheet_shows_the_flag_of_an_impossible_score_art_20(cli: Cli) -> None:
    """FIBAS arts. 3, 19-20: a sheet whose deal the prepared board makes impossible is
    flagged in ``sheet``'s output (text and JSON), not refused (the director corrects it,
    art. 21); a plausible sheet has no flag."""
    text = cli.sheet(1, "0,1060,0,1060", "0,20,200,40")
    assert "PUNTEGGIO IMPOSSIBILE — tavolo 1, smazzata 1 (board 1)" in text
    assert "2120" in text
    fine = cli.sheet(2, *SHEETS[2], json_out=True)
    assert fine["flags"] == []
    again = cli("sheet", "cu", "1", "1", "--deal=0,1060,0,1060", "--deal=0,20,200,40")
    assert [(f["deal"], f["board"]) for f in again["flags"]] == [(1, 1)]


def test_sheet_prints_the_comparisons_vp_once_the_round_is_complete_art_20(cli: Cli) -> None:
    """FIBAS art. 20 (carte uguali): the VP come from the comparison with the field, so
    ``sheet`` prints none while a table's sheet is missing ("in attesa del confronto"), then
    the comparison's: table 1 scores 12-8 (150 against the others' average), never its own
    table's 13-7 (250); table 4, +100 at its table (11-9), is 50 under the field: 9-11."""
    first = cli.sheet(1, *SHEETS[1])
    assert "Tavolo 1: N-S 450 - E-O 200" in first and "in attesa del confronto" in first
    assert "13 V.P." not in first
    for table in (2, 3):
        shown = cli.sheet(table, *SHEETS[table], json_out=True)
        assert shown["awaiting_comparison"] is True
        assert (shown["ns_vp"], shown["ew_vp"]) == (None, None)
    last = cli.sheet(4, *SHEETS[4], json_out=True)
    assert last["awaiting_comparison"] is False
    assert (last["ns_vp"], last["ew_vp"]) == (9, 11)
    again = cli.sheet(1, *SHEETS[1])
    assert again.strip() == "Tavolo 1: N-S 450 (12 V.P.) - E-O 200 (8 V.P.)"
    english = cli.text("sheet", "cu", "1", "1", *(f"--deal={d}" for d in SHEETS[1]), lang="en")
    assert "(12 VP)" in english and "(8 VP)" in english


def test_a_table_without_comparison_keeps_its_own_vp(tmp_path: Path) -> None:
    """Art. 19-20: an event without carte uguali prints each table's own VP at once."""
    cli = Cli(tmp_path / "plain.sqlite3")
    cli("event", "create", "p", "--name", "P", "--rounds", "1", "--deals", "2",
        "--movements", "registration")  # fmt: skip
    for i in range(1, 5):
        cli("register", "p", f"Coppia {i}")
    cli("seat", "p", "1", "--publish")
    shown = cli("sheet", "p", "1", "1", *(f"--deal={d}" for d in SHEETS[1]))
    assert (shown["ns_vp"], shown["ew_vp"], shown["flags"]) == (13, 7, [])
