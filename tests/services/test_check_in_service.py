"""The check-in and the players' editing through the event service, and event files that
hold them: imported by re-deciding each record with the live commands, refused naming the
record a live action would refuse (FIBAS art. 2, 4, 36)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy" / "burraco-pairs.json"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        yield EventService(store, lambda: datetime(2026, 11, 25, 20, 0, tzinfo=UTC))


def _event(service: EventService, pairs: int = 6) -> str:
    config = EventConfig(
        name="Serata",
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL),
    )
    service.create_event("e", config)
    for i in range(1, pairs + 1):
        service.run("e", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    return "e"


def test_check_in_withdraw_absent_and_seat_art4_art36(service: EventService) -> None:
    """Check in, withdraw the absent (one withdrawal each, art. 36), seat round 1 with those
    present (art. 4); the check-in is then closed."""
    e = _event(service, 6)
    service.run(e, values.CheckIn([1, 2, 3, 5]))
    with pytest.raises(ArbitroError, match="4 Coppia 4, 6 Coppia 6"):
        service.seat(e, 1)
    assert service.run(e, values.WithdrawAbsent()) == [4, 6]
    state = service.seat(e, 1, publish=True)
    assert sorted(state.round(1).seating.competitors()) == [1, 2, 3, 5]  # type: ignore[union-attr]
    with pytest.raises(ArbitroError, match="chiuse"):
        service.run(e, values.CheckIn([1]))


def test_all_present_and_players_edited(service: EventService) -> None:
    """ "All present" records everyone at once; a rename with players changes them (art. 2)."""
    e = _event(service, 4)
    assert service.run(e, values.CheckInAll()) == 4
    service.run(e, values.Rename(3, "Rossi - Verdi", ["Rossi", "Verdi"]))
    state = service.state(e)
    assert state.absent() == [] and len(state.present()) == 4
    assert (state.competitors[3].name, state.competitors[3].players) == (
        "Rossi - Verdi",
        ("Rossi", "Verdi"),
    )


def test_a_file_with_check_in_records_imports_and_an_impossible_one_is_refused(
    service: EventService,
) -> None:
    """An event file with a check-in, players edited and the absent withdrawn imports, each
    record decided again (the same state); a check-in after round 1 is seated, or of a
    competitor that does not exist, is refused naming the record."""
    e = _event(service, 4)
    service.run(e, values.Rename(2, "Coppia Due", ["Primo", "Secondo"]))
    service.run(e, values.CheckIn([1, 2, 3]))
    service.run(e, values.WithdrawAbsent())
    service.seat(e, 1, publish=True)
    data = export_event(service, e)
    kinds = [r["kind"] for r in data["records"]]
    assert kinds.count("competitor-checked-in") == 3
    state = import_event(service, copy.deepcopy(data), "copia")
    assert state.competitors[2].players == ("Primo", "Secondo")  # type: ignore[union-attr]
    assert state.competitors[4].withdrawn_from_round == 1  # type: ignore[union-attr]

    late = copy.deepcopy(data)
    checked = next(r for r in late["records"] if r["kind"] == "competitor-checked-in")
    late["records"].append(dict(checked, seq=len(late["records"]) + 1))
    with pytest.raises(ArbitroError) as refused:
        import_event(service, late, "tardi")
    assert f"record {len(late['records'])} (competitor-checked-in)" in refused.value.en
    assert not service.store.has_event("tardi")

    ghost = copy.deepcopy(data)
    first = next(r for r in ghost["records"] if r["kind"] == "competitor-checked-in")
    first["payload"]["competitor"] = 99
    with pytest.raises(ArbitroError) as refused:
        import_event(service, ghost, "fantasma")
    assert "(competitor-checked-in)" in refused.value.en and "99" in refused.value.en


def test_a_file_seating_round_1_with_an_absent_pair_is_refused_art4(
    service: EventService,
) -> None:
    """A file whose round 1 is seated while a pair was not checked in is refused at the
    seating record, naming the pair (art. 4)."""
    e = _event(service, 4)
    service.run(e, values.CheckInAll())
    service.seat(e, 1)
    data = export_event(service, e)
    records: list[dict[str, Any]] = data["records"]
    last = next(
        r
        for r in records
        if r["kind"] == "competitor-checked-in" and r["payload"]["competitor"] == 4
    )
    last["payload"]["present"] = False
    with pytest.raises(ArbitroError) as refused:
        import_event(service, data, "assente")
    assert "(round-seated)" in refused.value.en and "4 Coppia 4" in refused.value.en


def test_the_legacy_file_imports_unchanged(service: EventService) -> None:
    """A file of earlier versions (a rename without players) imports and exports the same
    records: no players key appears."""
    data = json.loads(LEGACY.read_text("utf-8"))
    import_event(service, copy.deepcopy(data), "vecchio")
    out = export_event(service, "vecchio")["records"]
    renamed = [r["payload"] for r in out if r["kind"] == "competitor-renamed"]
    assert renamed == [r["payload"] for r in data["records"] if r["kind"] == "competitor-renamed"]
    assert all("players" not in p for p in renamed)
