"""The draw is a draw (FIBAS art. 4 "sorteggio"; Briscola art. 9): without a seed given by the
director, each draw takes a fresh seed from a secure source, so two events with the same
entries are not seated alike and a re-seating draws again; the seed is kept in the record, so
the event file replays to the same seating; a seed given by the director reproduces it."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.model import EventFormat, Movement, Seating

PAIRS = 24


def _event(svc: EventService, event_id: str) -> None:
    svc.create_event(
        event_id,
        EventConfig("Serata", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DRAW)),
    )
    for i in range(1, PAIRS + 1):
        svc.run(event_id, Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))


def _seating(svc: EventService, event_id: str) -> Seating:
    seating = svc.state(event_id).round(1).seating
    assert seating is not None
    return seating


def test_art4_two_events_with_the_same_entries_are_drawn_differently(tmp_path: Path) -> None:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store, lambda: datetime(2026, 11, 24, 20, 0, tzinfo=UTC))
        _event(svc, "martedi")
        _event(svc, "giovedi")
        svc.seat("martedi", 1)
        svc.seat("giovedi", 1)
        first, second = _seating(svc, "martedi"), _seating(svc, "giovedi")
        assert first != second  # 24! orders: equal only by a one-in-10^23 chance
        svc.seat("martedi", 1)  # seated again before publication: a new draw
        assert _seating(svc, "martedi") != first


def test_art4_the_seed_is_recorded_and_the_file_replays_to_the_same_seating(
    tmp_path: Path,
) -> None:
    with (
        RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as a,
        RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as b,
    ):
        svc = EventService(a, lambda: datetime(2026, 11, 24, 20, 0, tzinfo=UTC))
        _event(svc, "ev")
        svc.seat("ev", 1, publish=True)
        seated = [r for r in export_event(svc, "ev")["records"] if r["kind"] == "round-seated"]
        assert isinstance(seated[0]["payload"]["seed"], int)
        target = EventService(b)
        import_event(target, export_event(svc, "ev"))
        assert _seating(target, "ev") == _seating(svc, "ev")


def test_art4_a_seed_given_by_the_director_reproduces_the_draw(tmp_path: Path) -> None:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store, lambda: datetime(2026, 11, 24, 20, 0, tzinfo=UTC))
        _event(svc, "a")
        _event(svc, "b")
        svc.seat("a", 1, seed=1234)
        svc.seat("b", 1, seed=1234)
        assert _seating(svc, "a") == _seating(svc, "b")
        body = [r for r in store.records("a") if r.kind == "round-seated"][-1].payload
        assert body["seed"] == 1234


def test_art9_two_knockouts_with_the_same_pairs_are_drawn_differently(tmp_path: Path) -> None:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        ko = KnockoutService(store)
        orders = []
        for name in ("uno", "due"):
            ko.create(name, KnockoutConfig(f"Coppa {name}"))
            for i in range(1, 17):
                ko.run(name, values.RegisterPair(f"Coppia {i}", [f"A{i}", f"B{i}"]))
            ko.run(name, values.DrawBracket())
            bracket = ko.state(name).bracket
            assert bracket is not None
            orders.append(bracket.order)
            drawn = next(r for r in store.records(name) if r.kind == "bracket-drawn")
            assert isinstance(drawn.payload["seed"], int)
        assert orders[0] != orders[1]
