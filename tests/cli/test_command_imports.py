"""Each command loads what it uses and nothing else (issue 14: ``arbitro import-csv`` of 1,000
rows under 0.3 s as a whole command). Checked on the modules a fresh process has loaded after
running the command as a user types it (``sys.argv``), never on a time: registering
competitors (FIBAS art. 2) reads neither the seating movements (art. 4) nor the standings
(art. 19-21) nor the prepared boards (art. 6-7, carte uguali), nor anything of the web app or
the printouts; ``vp`` and ``--help`` not even the store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from arbitro.tournament import commands, movements

RUN = """
import json, sys
sys.argv = ["arbitro", *sys.argv[1:]]
from arbitro.cli.main import main
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

# What no command below uses: the web app, the printouts and their libraries, the database's
# migrations, Babel (the catalogue is read from its compiled .mo).
EDGES = (
    "arbitro.web",
    "arbitro.printouts",
    "arbitro.export",
    "reportlab",
    "PIL",
    "jinja2",
    "fastapi",
    "starlette",
    "uvicorn",
    "alembic",
    "mako",
    "babel",
    "rich",
    "openpyxl",
)
# What registering competitors does not use: the tournament's views and commands of later
# steps, the games' rules and cards, the other commands' modules.
TOURNAMENT_VIEWS = (
    "arbitro.tournament.boards",
    "arbitro.tournament.clock",
    "arbitro.tournament.movements",
    "arbitro.tournament.standings",
    "arbitro.tournament.pairing_constraints",
    "arbitro.tournament.commands.rounds",
    "arbitro.tournament.commands.sheets",
    "arbitro.tournament.commands.arbiter",
    "arbitro.tournament.commands.prizes",
    "arbitro.tournament.commands.boards",
    "arbitro.tournament.commands.fees",
    "arbitro.tournament.fees",
    "arbitro.tournament.knockout",
    "arbitro.tournament.series",
    "arbitro.tournament.scoring.comparison",
    "arbitro.tournament.scoring.results",
    "arbitro.tournament.sheets.lines",
    "arbitro.codes.scala40_sheet_kind",  # Scala 40's sheet (art. 22): not this game's
    "arbitro.codes.scala40_sheet",
    "arbitro.tournament.sheets.individuals",
    "arbitro.codes.scala40_scoring",
    "arbitro.games",
    "arbitro.cards",
)
NOT_REGISTERING = (
    *TOURNAMENT_VIEWS,
    "arbitro.lexicon",
    "arbitro.codes.catalogue",
    "arbitro.services.prizes",
    "arbitro.services.registrations_xlsx",
    "arbitro.cli.rounds",
    "arbitro.cli.render",
)
STORE = ("arbitro.store", "arbitro.services", "sqlalchemy", "pydantic")


def run(db: Path, *argv: str) -> tuple[str, list[str]]:
    """Run ``arbitro argv`` in a fresh process on the SQLite database ``db``: its output and
    the modules it had loaded at the end (a failing command fails the test)."""
    env = {**os.environ, "ARBITRO_DATABASE_URL": f"sqlite:///{db}", "ARBITRO_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-c", RUN, *argv], capture_output=True, text=True, env=env, check=True
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["code"] == 0, done.stderr
    return done.stdout, report["modules"]


def among(modules: list[str], names: tuple[str, ...]) -> list[str]:
    """The modules of ``modules`` that are one of ``names`` or inside one of them."""
    return [m for m in modules if any(m == n or m.startswith(f"{n}.") for n in names)]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """A pairs event ``e`` (draw, then Danish) on a migrated SQLite database."""
    db = tmp_path / "arbitro.sqlite3"
    run(
        db,
        "event",
        "create",
        "e",
        "--name",
        "Serata",
        "--movements",
        "draw,danish",
        "--rounds",
        "2",
    )
    return db


def test_import_csv_loads_neither_seating_nor_standings_nor_boards(
    event: Path, tmp_path: Path
) -> None:
    """FIBAS art. 2: 1,000 pairs registered from a CSV file; the process loaded the store and
    the registration's commands only."""
    csv = tmp_path / "iscritti.csv"
    rows = "".join(f"Coppia {i},Anna {i},Bruno {i}\n" for i in range(1, 1001))
    csv.write_text("nome,giocatore1,giocatore2\n" + rows, "utf-8")
    printed, loaded = run(event, "import-csv", "e", str(csv))
    said = printed.strip().splitlines()
    assert said[0] == "Registered 1000 competitors"  # then each number with its pair
    assert said[1:] == [f"  {i} Coppia {i}" for i in range(1, 1001)]
    assert among(loaded, EDGES + NOT_REGISTERING) == []
    # The probe sees what the command does use (the check above is not vacuous).
    assert "arbitro.tournament.commands.setup" in loaded
    assert "arbitro.services.registrations" in loaded
    assert "arbitro.store" in loaded


def test_register_loads_neither_seating_nor_standings_nor_boards(event: Path) -> None:
    """FIBAS art. 2: one pair registered by hand."""
    printed, loaded = run(event, "register", "e", "Coppia Rossi", "-p", "Anna", "-p", "Bruno")
    assert printed.strip() == "Registered no. 1: Coppia Rossi"
    assert among(loaded, EDGES + NOT_REGISTERING) == []


def test_seating_and_standings_of_a_plain_event_load_no_boards(event: Path, tmp_path: Path) -> None:
    """FIBAS art. 4: the seating shown checks the pairing constraints without loading the
    seating algorithms; art. 20: an event without carte uguali scores each table by its own
    difference, and its standings load neither the prepared boards (the cards) nor the
    movements, nor the printouts."""
    csv = tmp_path / "four.csv"
    csv.write_text("nome,g1,g2\n" + "".join(f"C{i},A{i},B{i}\n" for i in range(1, 5)), "utf-8")
    run(event, "import-csv", "e", str(csv))
    run(event, "seat", "e", "1", "--publish")  # the standings show the published rounds
    printed, loaded = run(event, "seating", "e", "1")
    assert "C1" in printed
    assert "arbitro.tournament.movements.constraints" in loaded  # what it does use
    algorithms = ("seat", "draw", "danish", "mitchell", "round_robin", "fours", "boards")
    assert (
        among(loaded, EDGES + tuple(f"arbitro.tournament.movements.{a}" for a in algorithms)) == []
    )
    printed, loaded = run(event, "standings", "e")
    assert "C1" in printed
    assert "arbitro.tournament.standings.standings" in loaded
    views = ("arbitro.games", "arbitro.cards", "arbitro.tournament.movements")
    assert among(loaded, EDGES + views) == []


def test_event_list_reads_the_store_only(event: Path) -> None:
    """Listing the events reads the store's list: no event is folded, so neither the
    tournament's state nor its records are loaded."""
    printed, loaded = run(event, "event", "list")
    assert printed.startswith("e  Serata")
    assert "arbitro.store" in loaded
    state = ("arbitro.tournament.event", "arbitro.tournament.records", "arbitro.services")
    assert among(loaded, EDGES + state + TOURNAMENT_VIEWS) == []


@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("vp", "--code", "burraco-fibas", "--deals", "2", "130"),  # FIBAS art. 20
        ("articles", "search", "pozzetto"),
    ],
)
def test_quick_commands_load_no_store_no_tournament(tmp_path: Path, argv: tuple[str, ...]) -> None:
    _printed, loaded = run(tmp_path / "unused.sqlite3", *argv)
    state = ("arbitro.tournament.event", "arbitro.tournament.records")
    assert among(loaded, EDGES + STORE + state + TOURNAMENT_VIEWS) == []


@pytest.mark.parametrize("package", [commands, movements])
def test_the_lazy_packages_give_each_name_of_their_modules(package: ModuleType) -> None:
    """``commands.X`` and ``movements.X`` (imported on first use) are the objects of the
    modules that define them, never a submodule of the same name (``commands.cancel``, FIBAS
    art. 21), and every name the package lists is there."""
    import importlib

    for name in package.__all__:
        value = getattr(package, name)
        assert not isinstance(value, ModuleType), name
        if callable(value):
            home = importlib.import_module(value.__module__)
            assert home.__name__.startswith(f"{package.__name__}."), name
            assert getattr(home, name) is value, name
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018
