"""The words the director types for an option's value are read in either language (issue 26
L): ``sanction --kind richiamo`` or ``reprimand`` (FIBAS art. 41), ``correct --kind invertiti``
or ``inverted`` (art. 21), ``event create --movements sorteggio,danese`` (art. 4), ``--format
squadre`` (art. 2), ``constraint add --reason famiglia`` (art. 4); a word of neither is refused
with the words of the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli import words
from arbitro.cli.main import app
from arbitro.tournament.event import SanctionKind

runner = CliRunner()


def _run(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """An event of four pairs, round 1 seated and its two sheets entered."""
    db = ["--db", f"sqlite:///{tmp_path / 'w.sqlite3'}"]
    _run(
        db,
        "event",
        "create",
        "e",
        "--name",
        "E",
        "--movements",
        "sorteggio,danese",
        "--rounds",
        "2",
    )
    for name in ("A", "B", "C", "D"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    for table in ("1", "2"):
        _run(db, "sheet", "e", "1", table, "-d", "300,120,100,45", "-d", "200,60,300,95")
    return db


def test_the_sanction_kinds_are_the_codes() -> None:
    """FIBAS art. 41: the words name every sanction of the event model."""
    assert list(words.SANCTION_WORDS) == [k.value for k in SanctionKind]


@pytest.mark.parametrize(
    ("lang", "typed", "kind"),
    [
        ("it", "richiamo", "reprimand"),
        ("it", "reprimand", "reprimand"),
        ("en", "ammonizione", "warning"),
        ("en", "Expulsion", "expulsion"),
    ],
)
def test_a_sanction_in_either_language(db: list[str], lang: str, typed: str, kind: str) -> None:
    """FIBAS art. 41: «richiamo» and «reprimand» are the same sanction, whatever the
    terminal's language (it failed: "'richiamo' is not one of 'reprimand', ...")."""
    out = _run(
        db, "--lang", lang, "sanction", "e", "1", "2", "--kind", typed, "--reason", "r", "--json"
    )
    assert json.loads(out)["sanction"] == kind


def test_a_correction_and_a_constraint_in_italian(db: list[str]) -> None:
    """FIBAS art. 21: ``--kind invertiti`` corrects inverted scores; art. 4: ``--reason
    famiglia`` keeps a family apart."""
    _run(db, "correct", "e", "1", "1", "--kind", "invertiti", "--reason", "r", "--table-agrees")
    history = _run(db, "--lang", "en", "history", "e", "1", "1", "--json")
    assert json.loads(history)[-1]["kind"] == "correction: inverted"
    _run(db, "constraint", "add", "e", "1", "2", "--reason", "famiglia")
    assert "(family)" in _run(db, "--lang", "en", "constraint", "list", "e")


def test_movements_and_format_in_italian(db: list[str], tmp_path: Path) -> None:
    """FIBAS art. 4 and 2: ``sorteggio,danese`` are the draw and the Danish; ``squadre`` the
    teams' format; the event shows them in the reader's language."""
    _run(
        db,
        "event",
        "create",
        "t",
        "--name",
        "T",
        "--movements",
        "sorteggio",
        "--rounds",
        "1",
        "--format",
        "squadre",
    )
    assert "Teams, 0 competitors" in _run(db, "--lang", "en", "event", "show", "t")
    shown = _run(db, "--lang", "en", "event", "show", "e")
    assert "Round 1: 2 deals, Draw" in shown and "Round 2: 2 deals, Danish" in shown


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "--kind: «ramanzina» non è tra richiamo | ammonizione | espulsione"),
        ("en", "--kind: «ramanzina» is not one of reprimand | warning | expulsion"),
    ],
)
def test_a_word_of_neither_language_is_refused(db: list[str], lang: str, said: str) -> None:
    """A word that names no sanction: refused, the words listed in the reader's language."""
    result = runner.invoke(
        app,
        [*db, "--lang", lang, "sanction", "e", "1", "2", "--kind", "ramanzina", "--reason", "r"],
    )
    assert result.exit_code == 1
    assert said in result.stderr


def test_an_abandon_score_in_italian(tmp_path: Path) -> None:
    """Parole art. 13.4 c) "il punteggio acquisito sino a quel momento": ``--score
    acquisito`` is the score made until the abandon, as ``score_so_far``."""
    db = ["--db", f"sqlite:///{tmp_path / 'p.sqlite3'}"]
    _run(
        db,
        "event",
        "create",
        "p",
        "--name",
        "P",
        "--movements",
        "sorteggio",
        "--rounds",
        "1",
        "--deals",
        "3",
        "--code",
        "burraco-parole-uisp",
    )
    for name in ("A", "B"):
        _run(db, "register", "p", name)
    _run(db, "seat", "p", "1", "--publish")
    out = _run(db, "abandon", "p", "1", "1", "--reason", "malore", "--score", "acquisito", "--json")
    assert json.loads(out)["score"] == "score_so_far"


def test_a_comparison_and_a_line_in_italian(db: list[str]) -> None:
    """Carte uguali (FIBAS art. 20): ``--comparison sala`` compares each line with the whole
    field; ``sheet --line eo`` is the E-W line sending the sheet (art. 19), as ``ew``."""
    _run(
        db,
        "event",
        "create",
        "c",
        "--name",
        "C",
        "--movements",
        "sorteggio",
        "--rounds",
        "1",
        "--comparison",
        "sala",
    )
    shown = json.loads(_run(db, "event", "show", "c", "--json"))
    assert shown["config"]["comparison"] == "field"
    _run(db, "publish", "e", "1")
    _run(db, "seat", "e", "2", "--publish")
    sent = ("-d", "300,120,100,45", "-d", "200,60,300,95")
    _run(db, "sheet", "e", "2", "1", *sent, "--line", "ns")
    out = json.loads(_run(db, "sheet", "e", "2", "1", *sent, "--line", "eo", "--json"))
    assert out["status"] == "confirmed"


def test_a_missing_option_with_two_names_in_italian(db: list[str]) -> None:
    """click names an option with a short and a long name as "'-o' / '--output'": the whole
    message is still translated (``print table-cards`` without ``-o``)."""
    result = runner.invoke(app, [*db, "print", "table-cards", "e", "1"])
    assert result.exit_code == 2
    assert "Manca l'opzione '-o' / '--output'." in result.output
    assert "Missing" not in result.output
