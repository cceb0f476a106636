"""Bad arguments get a message and exit status 1, never a traceback (issue #13 §9): a file
that cannot be written, a database URL of no known kind, a file that is no database, a JSON
file nested too deeply, a file that does not exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    result = CliRunner().invoke(
        app,
        [
            "--db",
            url,
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
    assert result.exit_code == 0, result.output
    return url


def cases(tmp_path: Path, db: str) -> list[tuple[list[str], str]]:
    not_a_db = tmp_path / "notadb.sqlite3"
    not_a_db.write_bytes(b"x" * 200)
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    return [
        (["--db", db, "export", "serata", "-o", "/nonexistent/dir/x.json"], "impossibile usare"),
        (["--db", "garbage://x", "event", "list"], "Impossibile aprire il database"),
        (["--db", f"sqlite:///{not_a_db}", "event", "list"], "Impossibile aprire il database"),
        (["--db", db, "import", str(nested)], "annidato troppo"),
        (["--db", db, "import", str(tmp_path / "missing.json")], "impossibile leggere"),
    ]


def test_bad_arguments_get_a_message_never_a_traceback(tmp_path: Path, db: str) -> None:
    for args, expected in cases(tmp_path, db):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 1, (args, result.output, result.exception)
        assert expected in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_art20_the_continuous_scale_is_refused_for_teams() -> None:
    """FIBAS art. 20: the duplicate ("carte uguali") continuous scale is for individual and
    pairs events; the teams table has none."""
    result = CliRunner().invoke(
        app, ["vp", "--code", "burraco-fibas", "--deals", "2", "--teams", "--duplicate", "130"]
    )
    assert result.exit_code == 1
    assert "carte uguali vale per individuali e coppie (FIBAS art. 20)" in result.output
