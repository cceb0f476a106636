"""``arbitro confirm`` on a sheet in conflict (FIBAS art. 19-20; found on a club evening: it
said «Score confermato» while the table stayed «in conflitto» in ``missing``): refused with
the correction that settles it, which typed as said does."""

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
    """Table 1's lines sent different numbers for deal 2: a conflict."""
    db = ["--db", f"sqlite:///{tmp_path / 'c.sqlite3'}"]
    _run(db, "event", "create", "c", "--name", "C", "--movements", "iscrizione", "--rounds",
         "1", "--deals", "2")  # fmt: skip
    for name in ("A", "B", "C", "D"):
        _run(db, "register", "c", name)
    _run(db, "seat", "c", "1", "--publish")
    _run(db, "sheet", "c", "1", "1", "-d", "300,100,0,0", "-d", "0,10,0,0", "--line", "ns")
    _run(db, "sheet", "c", "1", "1", "-d", "300,100,0,0", "-d", "0,15,0,0", "--line", "ew")
    return db


@pytest.mark.parametrize(
    ("lang", "said", "kind"),
    [
        ("it", "lo score del tavolo 1 è in conflitto: confermarlo non lo risolve", "conflitto"),
        ("en", "table 1's sheet is in conflict: confirming does not settle it", "conflict"),
    ],
)
def test_fibas_art20_a_conflict_is_not_confirmed_and_the_way_out_works(
    db: list[str], lang: str, said: str, kind: str
) -> None:
    """FIBAS art. 20: the refusal names ``correct --kind conflict``; typed with the right
    deals, table 1 is no longer missing (table 2, which sent nothing, still is)."""
    refused = _run(db, "--lang", lang, "confirm", "c", "1", "1", code=1)
    assert said in refused and "(FIBAS art. 20)" in refused
    command = refused.split("«", 1)[1].split("»", 1)[0]
    assert command == f"arbitro correct c 1 1 --kind {kind} --reason ... --deal ..."
    typed = shlex.split(command.replace("--reason ...", "--reason letto").replace("--deal ...", ""))
    _run(db, *typed[1:], "-d", "300,100,0,0", "-d", "0,10,0,0")
    assert _run(db, "missing", "c", "1").strip() == "2"  # table 2 sent nothing yet
