"""An evening at the terminal as a new director, in Italian: what was unclear or a dead end.
Seating round 1 with a pair not checked in named the desk's button («Ritira gli assenti»
nella pagina della gara), not the terminal's commands (FIBAS art. 4); the seating's version
line told «publish-seating --seen 18», which typed as it is lacks the event and the round; a
deal typed with spaces was «non è un elenco di numeri»; a withdrawal did not say who; some
options had no help text."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str, code: int = 0) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == code, result.output
    return result.stdout if code == 0 else result.stderr


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """An evening of four pairs, three checked in."""
    db = ["--db", f"sqlite:///{tmp_path / 'sera.sqlite3'}"]
    _run(db, "event", "create", "sera2", "--name", "S", "--movements", "sorteggio", "--rounds", "1")
    for name in ("Rossi-Bianchi", "Verdi-Neri", "Gialli-Blu", "Ferri-Lupo"):
        _run(db, "register", "sera2", name)
    _run(db, "check-in", "sera2", "1", "2", "3")
    return db


def test_fibas_art4_seating_round1_with_a_pair_not_checked_in_names_the_commands(
    db: list[str],
) -> None:
    """FIBAS art. 4: the refusal names the terminal's check-in and withdraw-absent, which
    then let the round be seated."""
    said = _run(db, "seat", "sera2", "1", code=1)
    assert said.strip() == (
        "Errore: non segnati presenti: 4 Ferri-Lupo. Segnali presenti («arbitro check-in sera2 "
        "NUMERI») o ritirali («arbitro withdraw-absent sera2») prima di formare il turno 1 "
        "(FIBAS art. 4)"
    )
    english = _run(db, "--lang", "en", "seat", "sera2", "1", code=1)
    assert "«arbitro withdraw-absent sera2»" in english and "Ritira" not in english
    _run(db, "withdraw-absent", "sera2")
    _run(db, "seat", "sera2", "1")


def test_fibas_art4_the_seating_version_line_is_a_command_to_type(db: list[str]) -> None:
    """Issue 29: the line under a draft seating is the whole command; typed, it publishes."""
    _run(db, "check-in", "sera2", "4")
    out = _run(db, "seat", "sera2", "1")
    line = out.strip().splitlines()[-1]
    command = line.split(", ", 1)[1]
    assert command.startswith("arbitro publish-seating sera2 1 --seen "), line
    _run(db, *shlex.split(command)[1:])
    assert "affisso" in _run(db, "seating", "sera2", "1")


def test_a_deal_typed_with_spaces_says_how_to_write_it(db: list[str]) -> None:
    """FIBAS art. 19: a deal's four numbers are separated by commas; the refusal says so."""
    _run(db, "check-in", "sera2", "4")
    _run(db, "seat", "sera2", "1", "--publish")
    said = _run(db, "sheet", "sera2", "1", "1", "-d", "300 120 100 45", code=1)
    assert "«300 120 100 45» non è un elenco di numeri interi separati da virgole" in said


def test_fibas_art36_a_withdrawal_names_the_pair(db: list[str]) -> None:
    """FIBAS art. 36: the withdrawal says who is withdrawn, and from which round."""
    out = _run(db, "withdraw", "sera2", "4", "--reason", "non si è presentata")
    assert out.strip() == "4 Ferri-Lupo ritirato dal turno 1"


@pytest.mark.parametrize(
    ("command", "texts"),
    [
        (("withdraw",), ["--reason <testo>  Motivo"]),
        (("warn",), ["Motivo"]),
        (("arbitral",), ["M.P.", "V.P.", "Motivo"]),
        (("abandon",), ["Motivo"]),
        (("resolve",), ["Numero del reclamo", "Decisione"]),
    ],
)
def test_every_option_says_what_it_is(command: tuple[str, ...], texts: list[str]) -> None:
    """The options a director types at the evening's incidents have a help text in Italian
    (FIBAS art. 36, 38-41)."""
    shown = _run([], *command, "--help")
    for text in texts:
        assert text in shown, shown
