"""Pairs that must not meet through the event service and event files (FIBAS art. 4): added,
kept apart by the draw, cancelled like every action; a file holding them imports with each
record decided again, and files of earlier versions (no constraint, no chosen step) import
unchanged."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.movements.tables import tablemates

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy" / "burraco-pairs.json"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'v.sqlite3'}") as store:
        yield EventService(store, lambda: datetime(2026, 11, 27, 21, 0, tzinfo=UTC))


def _event(service: EventService, pairs: int = 8) -> str:
    config = EventConfig(
        name="Serata del circolo",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL, Movement.MITCHELL),
        mitchell_step=0,
        seed=4,
    )
    service.create_event("e", config)
    for i in range(1, pairs + 1):
        service.run("e", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    return "e"


def test_art4_draw_keeps_the_pairs_apart_and_the_file_round_trips(service: EventService) -> None:
    """Every pair of the club kept apart by round 1's draw (art. 4 "per sorteggio"); the event
    file holds the constraints and imports to the same state, each record decided again."""
    e = _event(service)
    seqs = [service.run(e, values.AddConstraint(a, b, "club")) for a, b in ((1, 2), (1, 3), (2, 3))]
    service.run(e, values.AddConstraint(4, 5, "family", "coniugi"))
    assert [c.seq for c in service.constraints(e)][:3] == seqs
    state = service.seat(e, 1, publish=True)
    seating = state.round(1).seating
    assert seating is not None
    mates = tablemates(seating)
    assert not mates[1] & {2, 3} and 3 not in mates[2] and 5 not in mates[4]
    assert service.unkept_constraints(e, 1) == []
    data = export_event(service, e)
    kinds = [r["kind"] for r in data["records"]]
    assert kinds.count("constraint-added") == 4
    copied = import_event(service, copy.deepcopy(data), "copia")
    assert isinstance(copied, EventState)
    assert copied.constraints == service.state(e).constraints
    assert copied.round(1).seating == seating


def test_constraint_cancelled_through_the_service_and_a_duplicate_in_a_file_refused(
    service: EventService,
) -> None:
    """A constraint is cancelled like every action (a reason required); a file adding the
    same pair twice is refused naming the record."""
    e = _event(service, 4)
    seq = service.run(e, values.AddConstraint(1, 2, "director"))
    with pytest.raises(ArbitroError):
        service.run(e, values.Cancel(seq, ""))
    service.run(e, values.Cancel(seq, "chiesto dai giocatori"))
    assert service.constraints(e) == []
    service.run(e, values.AddConstraint(3, 4, "family"))
    data = export_event(service, e)
    added = next(r for r in data["records"] if r["kind"] == "constraint-added" and r["seq"] > seq)
    twice = copy.deepcopy(data)
    twice["records"].append(dict(added, seq=len(twice["records"]) + 1))
    with pytest.raises(ArbitroError) as refused:
        import_event(service, twice, "doppio")
    assert f"record {len(twice['records'])} (constraint-added)" in refused.value.en


def test_the_legacy_file_imports_unchanged_without_constraints(service: EventService) -> None:
    """A file of earlier versions imports: no constraint, and its seatings exported with the
    keys they had (no chosen Mitchell step)."""
    data = json.loads(LEGACY.read_text("utf-8"))
    state = import_event(service, copy.deepcopy(data), "vecchio")
    assert isinstance(state, EventState) and state.constraints == {}
    out = export_event(service, "vecchio")["records"]
    seated = [r["payload"] for r in out if r["kind"] == "round-seated"]
    before = [r["payload"] for r in data["records"] if r["kind"] == "round-seated"]
    assert [sorted(p) for p in seated] == [sorted(p) for p in before]
    assert all("mitchell_step" not in p for p in seated)
