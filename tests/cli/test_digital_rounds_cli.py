"""A round's tables chosen digital, paper or mixed from the terminal (issue 32): the event's
default at ``arbitro event create --digital``, a round's at ``arbitro seat --digital
--online`` and ``arbitro digital round``; the digital tables opened when the seating is
published (``seat --publish`` or ``publish-seating``), in Italian by default, English with
``--lang en``; a malformed choice refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    return ["--db", f"sqlite:///{tmp_path / 'r.sqlite3'}"]


def _register(db: list[str], event_id: str, pairs: int) -> None:
    with RecordStore.open(db[1]) as store:
        svc = EventService(store)
        for i in range(1, pairs + 1):
            svc.run(event_id, Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))


def _create(db: list[str], event_id: str, *extra: str) -> None:
    config = ["--name", "Ibrida", "--rounds", "2", "--deals", "2"]
    movements = ["--movements", "iscrizione,sorteggio"]
    out = runner.invoke(app, [*db, "event", "create", event_id, *config, *movements, *extra])
    assert out.exit_code == 0, out.output


def _digital(db: list[str], event_id: str) -> list[tuple[int, int]]:
    with RecordStore.open(db[1]) as store:
        return sorted(EventService(store).state(event_id).digital)


def test_the_events_default_all_digital_opens_the_tables_at_publication(db: list[str]) -> None:
    """``--digital all`` at creation: round 1 seated shows its digital tables, which open
    when ``publish-seating`` publishes it (deal 1 dealt)."""
    _create(db, "e", "--digital", "all")
    _register(db, "e", 4)
    seated = runner.invoke(app, [*db, "seat", "e", "1"])
    assert seated.exit_code == 0, seated.output
    assert "Turno 1: tavoli digitali 1, 2" in seated.output
    assert "Si aprono quando la disposizione è pubblicata." in seated.output
    assert _digital(db, "e") == []
    published = runner.invoke(app, [*db, "--lang", "en", "publish-seating", "e", "1"])
    assert published.exit_code == 0, published.output
    assert "Opened now: tables 1, 2" in published.output
    assert _digital(db, "e") == [(1, 1), (1, 2)]


def test_seat_mixed_by_tables_and_competitors_online(db: list[str]) -> None:
    """``seat --digital 1 --online 7 --publish``: table 1 and the table of pair 7 (table 4)
    are digital and opened; the JSON names the choice and the tables opened."""
    _create(db, "m")
    _register(db, "m", 8)
    out = runner.invoke(
        app,
        [*db, "seat", "m", "1", "--digital", "1", "--online", "7", "--publish", "--json"],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)["digital"]
    assert data == {
        "round": 1,
        "mode": "mixed",
        "tables": [1],
        "competitors": [7],
        "digital_tables": [1, 4],
        "opened": [1, 4],
    }
    assert _digital(db, "m") == [(1, 1), (1, 4)]
    # round 2 stays on paper: no digital key, nothing opened
    paper = runner.invoke(app, [*db, "seat", "m", "2", "--publish", "--json"])
    assert "digital" not in json.loads(paper.output)
    assert _digital(db, "m") == [(1, 1), (1, 4)]


def test_digital_round_chooses_and_opens_a_published_round(db: list[str]) -> None:
    """``digital round --round 1 --tables 2``, the seating already published: table 2 opens
    at once; ``--tables tutti --online 3`` (all and competitors) and ``--tables 3-1`` are
    refused in Italian."""
    _create(db, "d")
    _register(db, "d", 4)
    assert runner.invoke(app, [*db, "seat", "d", "1", "--publish"]).exit_code == 0
    out = runner.invoke(app, [*db, "digital", "round", "d", "--round", "1", "--tables", "2"])
    assert out.exit_code == 0, out.output
    assert "Turno 1: tavoli digitali 2" in out.output and "Aperto ora: tavolo 2" in out.output
    assert _digital(db, "d") == [(1, 2)]

    bad = runner.invoke(app, [*db, "digital", "round", "d", "--tables", "tutti", "--online", "3"])
    assert bad.exit_code != 0 and "turno misto" in bad.output
    worse = runner.invoke(app, [*db, "digital", "round", "d", "--tables", "3-1"])
    assert worse.exit_code != 0 and "non è un elenco di tavoli" in worse.output
