"""Every refusal of ``arbitro correct`` for something missing says what is missing, the option
that gives it and the article (FIBAS art. 21: «a meno che non venga richiesto l'intervento
dell'arbitro che effettuerà personalmente la correzione firmando lo score»; Scala 40 art. 24),
in Italian and in English. ``correct --kind arbitro`` was refused with «correzione
dell'arbitro: firmata dall'arbitro», naming neither ``--by-arbiter`` nor ``-d``; a Scala 40
sheet could not be corrected at all (``correct`` had no ``--points``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()
DEALS = ("-d", "300,120,100,45", "-d", "200,60,300,95")


def _ok(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _refused(db: list[str], lang: str, *args: str) -> str:
    result = runner.invoke(app, [*db, "--lang", lang, "correct", "e", "1", "1", *args])
    assert result.exit_code == 1, result.output
    return result.stderr.strip()


@pytest.fixture(scope="module")
def fibas_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A FIBAS event of four pairs, two rounds, round 1 seated and both sheets entered."""
    path = tmp_path_factory.mktemp("correct") / "fibas.sqlite3"
    db = ["--db", f"sqlite:///{path}"]
    _ok(
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
        _ok(db, "register", "e", name)
    _ok(db, "seat", "e", "1", "--publish")
    for table in ("1", "2"):
        _ok(db, "sheet", "e", "1", table, *DEALS)
    return path


@pytest.fixture
def fibas(fibas_db: Path, tmp_path: Path) -> list[str]:
    """A copy of the FIBAS event (a test may change it)."""
    for part in fibas_db.parent.glob(fibas_db.name + "*"):  # the database and its journal
        shutil.copy(part, tmp_path / part.name)
    return ["--db", f"sqlite:///{tmp_path / fibas_db.name}"]


# (what is typed, the Italian and the English of what is missing, the option to add)
CASES = [
    (
        ("--kind", "arbitro", "--reason", "r"),
        "manca lo score corretto",
        "the corrected sheet is missing",
        "aggiungere -d/--deal",
        "add -d/--deal",
    ),
    (
        ("--kind", "arbitro", "--reason", "r", *DEALS),
        "indicare che è firmata dall'arbitro",
        "mark it as signed by the arbiter",
        "aggiungere --by-arbiter",
        "add --by-arbiter",
    ),
    (
        ("--kind", "somma", "--reason", "r"),
        "manca lo score corretto",
        "the corrected sheet is missing",
        "aggiungere -d/--deal",
        "add -d/--deal",
    ),
    (
        ("--kind", "invertiti", "--reason", "r"),
        "indicare che il tavolo lo riconosce",
        "record that the table agrees",
        "aggiungere --table-agrees",
        "add --table-agrees",
    ),
    (
        ("--kind", "conflitto", "--reason", "r", *DEALS),
        "scegliere un altro tipo di correzione",
        "choose another kind of correction",
        "--kind somma | invertiti | arbitro",
        "--kind sum | inverted | arbiter",
    ),
    (
        ("--kind", "somma", "--reason", " ", *DEALS),
        "indicare il motivo",
        "a reason is required",
        "aggiungere --reason",
        "add --reason",
    ),
]


@pytest.mark.parametrize(("typed", "it", "en", "it_option", "en_option"), CASES)
def test_a_refused_correction_names_the_option_and_the_article(
    fibas: list[str], typed: tuple[str, ...], it: str, en: str, it_option: str, en_option: str
) -> None:
    """FIBAS art. 21: what the correction lacks, the option that gives it, the article."""
    said_it = _refused(fibas, "it", *typed)
    assert said_it.startswith("Errore: ") and it in said_it, said_it
    assert said_it.endswith(f"; {it_option} (FIBAS art. 21)"), said_it
    said_en = _refused(fibas, "en", *typed)
    assert said_en.startswith("Error: ") and en in said_en, said_en
    assert said_en.endswith(f"; {en_option} (FIBAS art. 21)"), said_en


def test_the_arbiters_correction_with_what_was_missing_is_recorded(fibas: list[str]) -> None:
    """FIBAS art. 21: the arbiter's correction, the sheet given and signed, is recorded."""
    out = _ok(
        fibas, "correct", "e", "1", "1", "--kind", "arbitro", "--reason", "r",
        "--by-arbiter", "-d", "300,120,100,45", "-d", "200,60,300,50", "--json",
    )  # fmt: skip
    assert json.loads(out)["effective_round"] == 1


def test_in_the_last_round_the_refusal_names_the_arbiters_signature(fibas: list[str]) -> None:
    """FIBAS art. 21: «Durante lo svolgimento dell'ultimo turno di gara non sono ammesse
    correzioni agli score ... a meno che non venga richiesto l'intervento dell'arbitro che
    effettuerà personalmente la correzione firmando lo score»."""
    _ok(fibas, "publish", "e", "1")
    _ok(fibas, "seat", "e", "2", "--publish")
    said = _refused(fibas, "it", "--kind", "somma", "--reason", "r", *DEALS)
    assert "solo l'arbitro corregge uno score" in said, said
    assert said.endswith("; aggiungere --by-arbiter (FIBAS art. 21)"), said


def test_a_wrong_count_of_deals_is_said_in_the_singular(fibas: list[str]) -> None:
    """FIBAS art. 19: «lo score ha 1 smazzata», not «1 smazzate»."""
    said = _refused(fibas, "it", "--kind", "somma", "--reason", "r", *DEALS[:2])
    assert said == "Errore: lo score ha 1 smazzata, il turno ne prevede 2 (FIBAS art. 19)"
    said = _refused(fibas, "en", "--kind", "sum", "--reason", "r", *DEALS[:2])
    assert said == "Error: the sheet has 1 deal, the round has 2 (FIBAS art. 19)"


@pytest.fixture
def scala40(tmp_path: Path) -> list[str]:
    """A Scala 40 event of four players, round 1 seated and its sheet entered (art. 22)."""
    db = ["--db", f"sqlite:///{tmp_path / 'scala.sqlite3'}"]
    _ok(
        db, "event", "create", "e", "--name", "S", "--code", "scala40",
        "--format", "individual", "--movements", "draw", "--rounds", "2",
    )  # fmt: skip
    for i in range(1, 5):
        _ok(db, "register", "e", f"G{i}")
    _ok(db, "seat", "e", "1", "--publish")
    _ok(db, "sheet", "e", "1", "1", *("--points", "0,10,20,30") * 5)
    return db


def test_scala40_a_refused_correction_names_points_and_swap(scala40: list[str]) -> None:
    """Scala 40 art. 24: the corrected sheet is given with ``--points``, the two players of
    inverted scores with ``--swap``."""
    said = _refused(scala40, "it", "--kind", "somma", "--reason", "r")
    assert said.endswith("; aggiungere --points (Scala 40 art. 24)"), said
    said = _refused(scala40, "en", "--kind", "inverted", "--reason", "r", "--table-agrees")
    assert said.endswith("; add --swap (Scala 40 art. 24)"), said


def test_scala40_a_sum_error_is_corrected_with_points(scala40: list[str]) -> None:
    """Scala 40 art. 24: a calculation error corrected from the terminal (``--points``, one
    per deal); it was a dead end: ``correct`` had no ``--points``."""
    out = _ok(
        scala40, "correct", "e", "1", "1", "--kind", "somma", "--reason", "conto",
        *("--points", "0,10,20,35") * 5, "--json",
    )  # fmt: skip
    assert json.loads(out)["effective_round"] == 1
    history = json.loads(_ok(scala40, "history", "e", "1", "1", "--json"))
    assert history[-1]["kind"] == "correction: sum"
    assert [row[-1] for row in history[-1]["entry"]["points"]] == [35] * 5
