"""The arbiter's round clock (FIBAS art. 7, 17, 37): the round's start is a record; the clock
shows the time played against the round's time by its number of deals and says when the
time-out is due; a lateness is measured from the start, and its cost is shown before it is
recorded."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[EventService, Clock]]:
    clock = Clock()
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store, clock)
        svc.create_event(
            "ev", EventConfig("Serata", EventFormat.PAIRS, 2, (2, 3), (Movement.DRAW,) * 2)
        )
        for i in range(1, 5):
            svc.run("ev", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.seat("ev", 1, publish=True)
        yield svc, clock


def test_art7_the_clock_shows_time_played_against_25_minutes_for_two_deals(
    event: tuple[EventService, Clock],
) -> None:
    svc, clock = event
    assert svc.round_clock("ev", 1) is None
    svc.run("ev", values.StartRound(1))
    clock.now += timedelta(minutes=24, seconds=59)
    shown = svc.round_clock("ev", 1)
    assert shown is not None
    assert shown.round_time == timedelta(minutes=25)
    assert shown.played == timedelta(minutes=24, seconds=59)
    assert not shown.time_out_due
    assert shown.article is not None and shown.article.render() == "FIBAS art. 7"


def test_art17_the_time_out_is_due_when_the_round_time_has_run(
    event: tuple[EventService, Clock],
) -> None:
    svc, clock = event
    svc.run("ev", values.StartRound(1))
    clock.now += timedelta(minutes=25)
    shown = svc.round_clock("ev", 1)
    assert shown is not None and shown.time_out_due


def test_art37_a_lateness_of_6_30_from_the_start_costs_100_mp_shown_first(
    event: tuple[EventService, Clock],
) -> None:
    svc, clock = event
    with pytest.raises(ArbitroError, match="orologio"):
        svc.lateness_of_arrival("ev", 1, 2)
    clock.now += timedelta(minutes=2)  # the round starts after its seating is published
    svc.run("ev", values.StartRound(1, started_at=clock.now - timedelta(minutes=1)))
    clock.now += timedelta(minutes=5, seconds=30)
    preview = svc.lateness_of_arrival("ev", 1, 2)
    assert (preview.seconds, preview.mp_penalty, preview.forfeit) == (390, -100, False)
    early = svc.lateness_of_arrival("ev", 1, 2, arrived=clock.now - timedelta(minutes=3))
    assert (early.mp_penalty, early.sanctions) == (0, ("warning",))
    late = svc.lateness_of_arrival("ev", 1, 2, arrived=clock.now + timedelta(minutes=5))
    assert late.forfeit
    svc.run("ev", values.RecordLateness(1, 2, preview.seconds))
    assert svc.state("ev").lateness[(1, 2)] == 390


def test_art7_the_start_is_a_record_that_survives_export_and_import(
    event: tuple[EventService, Clock], tmp_path: Path
) -> None:
    svc, _ = event
    svc.run("ev", values.StartRound(1))
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as other:
        target = EventService(other)
        import_event(target, export_event(svc, "ev"))
        assert target.state("ev").round(1).started_at == svc.state("ev").round(1).started_at


def test_the_clock_starts_only_in_a_round_under_way(event: tuple[EventService, Clock]) -> None:
    svc, clock = event
    with pytest.raises(ArbitroError):
        svc.run("ev", values.StartRound(2))
    with pytest.raises(ArbitroError):
        svc.run("ev", values.StartRound(1, started_at=clock.now + timedelta(minutes=1)))
