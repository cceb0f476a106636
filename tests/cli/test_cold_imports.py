"""Commands that answer at once (issue 14): ``--help``, ``vp`` and ``articles`` load neither the
store (SQLAlchemy, Alembic) nor the printouts (ReportLab, PIL), nor pydantic (typer's coercion,
the tournament model) nor Babel (the catalogue is read from its compiled ``.mo``). Checked on the
modules a fresh process has loaded after the command, never on a time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arbitro.store import RecordStore

HEAVY = (
    "sqlalchemy",
    "alembic",
    "mako",
    "reportlab",
    "PIL",
    "pydantic",
    "babel",
    "arbitro.store",
    "arbitro.services",
)

PROBE = """
import sys
from pathlib import Path
from arbitro.cli.main import app
try:
    app(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
else:
    code = 0
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {roots} or m.startswith({prefixes}))
print("LOADED", " ".join(heavy))
"""


def loaded_after(*argv: str) -> list[str]:
    """The heavy modules loaded by a fresh process that ran ``arbitro argv``."""
    roots = {h for h in HEAVY if "." not in h}
    prefixes = tuple(h for h in HEAVY if "." in h)
    code = PROBE.format(roots=repr(roots), prefixes=repr(prefixes))
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("LOADED"))
    return line.split()[1:]


@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("vp", "--code", "burraco-fibas", "--deals", "2", "130"),  # FIBAS art. 20: the VP table
        ("articles", "search", "pozzetto"),
        ("articles", "show", "burraco-fibas", "20"),
        ("--lang", "en", "vp", "--json", "--teams", "--deals", "3", "--", "-40"),
        ("vp", "--help"),
        ("articles", "search", "--code", "scala40", "--limit", "3", "jolly"),
    ],
)
def test_quick_commands_load_neither_store_nor_printouts(argv: tuple[str, ...]) -> None:
    assert loaded_after(*argv) == []


def test_a_command_on_the_database_still_loads_the_store(tmp_path: Path) -> None:
    """The probe sees the store when a command does use it (the check above is not vacuous).
    A NEW database is created from the head schema's script with sqlite3 alone, and an
    up-to-date one opened with it: neither loads SQLAlchemy nor Alembic (issue 14)."""
    url = f"sqlite:///{tmp_path}/x.sqlite3"
    for _ in ("new", "up to date"):
        loaded = loaded_after("--db", url, "event", "list")
        assert "arbitro.store" in loaded
        assert "sqlalchemy" not in loaded
        assert "alembic" not in loaded
    assert (tmp_path / "x.sqlite3").exists()


def test_an_import_into_a_new_database_loads_no_sqlalchemy(tmp_path: Path) -> None:
    """``arbitro import`` of an event file into a NEW database (a fresh installation's first
    command): the file is created without Alembic's migrations, nor SQLAlchemy (issue 14)."""
    arbitro = [sys.executable, "-m", "arbitro", "--db", f"sqlite:///{tmp_path}/made.sqlite3"]
    exported = tmp_path / "event.json"
    for argv in (["demo", "--event-id", "demo"], ["export", "demo", "-o", str(exported)]):
        subprocess.run([*arbitro, *argv], capture_output=True, check=True)
    url = f"sqlite:///{tmp_path}/new.sqlite3"
    loaded = loaded_after("--db", url, "import", str(exported))
    with RecordStore(url) as store:  # the import did store the event
        assert store.has_event("demo")
    assert "arbitro.store" in loaded
    assert "sqlalchemy" not in loaded
    assert "alembic" not in loaded


def test_sanction_kinds_of_the_cli_are_those_of_the_codes() -> None:
    """``arbitro sanction --kind`` offers every sanction of the codes (FIBAS art. 22, 40, 41),
    declared without importing the event model."""
    from arbitro.cli.penalties import SanctionChoice
    from arbitro.tournament.event import SanctionKind

    assert [k.value for k in SanctionChoice] == [k.value for k in SanctionKind]
