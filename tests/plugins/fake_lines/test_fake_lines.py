"""A new game in one folder (issue 30): the fake lines game of this folder, registered by a
fixture, runs an event from creation to the standings through the service and the command
line, with no file of arbitro touched (its code's spec, data and sheet are here)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import CodeSpec, code_spec, code_specs
from arbitro.errors import ArbitroError
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

runner = CliRunner()
# Two deals, base and points of each line: N-S 420 + 260 = 680, E-W 145 + 395 = 540.
SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(100, 45)),
        DealScore(LineDeal(200, 60), LineDeal(300, 95)),
    )
)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=5)
        return self.now


def test_the_fake_code_is_in_the_registry_only_while_registered(fake_lines: CodeSpec) -> None:
    """Registered: its id and its game are names of the records, its rules read its data (fake
    art. 9: a 10-minute complaints window); the lists of codes include it."""
    assert CodeId("fake-lines") is CodeId("fake-lines")
    assert GameId("fake-lines").value == "fake-lines"
    assert code_spec("fake-lines") is fake_lines
    assert fake_lines in code_specs()
    assert rules_for("fake-lines").complaints_window_minutes == 10
    assert rules_for("fake-lines").cite("complaints").render() == "Fake art. 9"


def test_an_unknown_code_is_refused_naming_the_known_ones() -> None:
    """Without the fixture the fake code is unknown, in both languages."""
    with pytest.raises(ArbitroError) as refused:
        code_spec("fake-lines")
    assert "burraco-fibas" in refused.value.message("en")
    assert refused.value.message("it").startswith("codice di gara «fake-lines» sconosciuto (")
    with pytest.raises(ValueError):
        CodeId("fake-lines")


def test_an_event_of_the_fake_game_through_the_service(
    fake_lines: CodeSpec, tmp_path: Path
) -> None:
    """Create, register four pairs, seat round 1, enter each table's sheet, the standings:
    the fake code's VP table (fake art. 4: 100 to 290 MP apart → 12-8)."""
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store, Clock())
        config = EventConfig(
            "Serata finta",
            EventFormat.PAIRS,
            1,
            (2,),
            (Movement.DRAW,),
            code=CodeId("fake-lines"),
            game=GameId("fake-lines"),
        )
        svc.create_event("ev", config)
        for i in range(1, 5):
            svc.run("ev", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        seating = svc.seat("ev", 1, seed=3, publish=True).round(1).seating
        assert seating is not None
        for t in seating.tables:
            assert svc.enter_sheet("ev", 1, t.table, SHEET) == "confirmed"
        rows = svc.standings("ev", 1)
        # N-S 680, E-W 540: 140 MP apart at each table → 12-8.
        assert sorted(r.vp for r in rows) == [8, 8, 12, 12]
        assert svc.state("ev").code.code_id == "fake-lines"


def test_an_event_of_the_fake_game_through_the_command_line(
    fake_lines: CodeSpec, tmp_path: Path
) -> None:
    """The same event typed at the terminal: ``event create --code fake-lines``, ``register``,
    ``seat``, ``sheet``, ``standings --json``."""
    db = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    steps = [
        [
            *("event", "create", "e", "--name", "Finta", "--code", "fake-lines", "--movements"),
            *("draw", "--rounds", "1", "--deals", "2"),
        ],
        *(["register", "e", f"Coppia {i}", "-p", f"A{i}", "-p", f"B{i}"] for i in range(1, 5)),
        ["seat", "e", "1"],
        ["publish-seating", "e", "1"],
        ["sheet", "e", "1", "1", "-d", "300,120,100,45", "-d", "200,60,300,95"],
        ["sheet", "e", "1", "2", "-d", "300,120,500,200", "-d", "200,60,300,95"],
    ]
    for step in steps:
        result = runner.invoke(app, ["--lang", "en", "--db", db, *step])
        assert result.exit_code == 0, (step, result.stdout, result.stderr)
    out = runner.invoke(app, ["--db", db, "standings", "e", "--json"])
    assert out.exit_code == 0, out.stderr
    vps = sorted(row["vp"] for row in json.loads(out.stdout)["rows"])
    # Table 1: 680-540, 140 apart → 12-8; table 2: 680-1095, 415 apart → 15-5 (fake art. 4).
    assert vps == [5, 8, 12, 15]
