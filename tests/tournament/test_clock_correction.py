"""The correction of a round clock's start (issue 26 E; FIBAS art. 7, 17, 37): a start typed
one hour off is corrected by a new record with who, when and why; the time played, the
time-out and the lateness then count from the corrected start. A start in the future, or
before the round's seating was published, is refused."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from arbitro.errors import ArbitroError
from arbitro.i18n import render
from arbitro.services.event_file import export_event, import_event
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import ClockCorrected, RecordKind
from arbitro.tournament.zone import parse_local_time, zone

ROME = ZoneInfo("Europe/Rome")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 19, 30, tzinfo=ROME)  # the seating is published

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def event(tmp_path: Path) -> Iterator[tuple[EventService, Clock]]:
    """An evening of 3-deal rounds (FIBAS art. 7: 35 minutes), round 1 seated at 19:30."""
    clock = Clock()
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as store:
        svc = EventService(store, clock)
        svc.create_event(
            "ev", EventConfig("Serata", EventFormat.PAIRS, 2, (3, 3), (Movement.DRAW,) * 2)
        )
        for i in range(1, 5):
            svc.run("ev", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
        svc.seat("ev", 1, publish=True)
        yield svc, clock


def rome(hour: int, minute: int) -> datetime:
    return datetime(2026, 11, 24, hour, minute, tzinfo=ROME)


def test_art7_a_start_typed_an_hour_off_is_corrected_and_the_clock_follows(
    event: tuple[EventService, Clock],
) -> None:
    """The issue's case: the round began at 20:45, the arbiter typed 19:45; at 20:57 the clock
    says 72:00 played of 35:00 (FIBAS art. 7) and the time-out due (art. 17). The corrected
    start gives 12:00 played and no time-out; the first start stays in the log."""
    svc, clock = event
    clock.now = rome(20, 46)
    svc.run("ev", values.StartRound(1, started_at=rome(19, 45)))
    clock.now = rome(20, 57)
    wrong = svc.round_clock("ev", 1)
    assert wrong is not None
    assert (wrong.played, wrong.round_time) == (timedelta(minutes=72), timedelta(minutes=35))
    assert wrong.time_out_due
    svc.run("ev", values.CorrectStart(1, rome(20, 45), "typed 19:45 for 20:45", actor="arbitro1"))
    right = svc.round_clock("ev", 1)
    assert right is not None
    assert right.started_at == rome(20, 45).astimezone(UTC)
    assert right.played == timedelta(minutes=12)
    assert not right.time_out_due
    records = [to_domain(r) for r in svc.store.records("ev")]
    kinds = [r.kind for r in records]
    assert kinds.count(RecordKind.ROUND_STARTED) == 1
    last = records[-1]
    assert last.body == ClockCorrected(1, rome(20, 45).astimezone(UTC))
    assert (last.actor, last.reason) == ("arbitro1", "typed 19:45 for 20:45")
    clock.now = rome(21, 20)
    due = svc.round_clock("ev", 1)
    assert due is not None and due.time_out_due  # 35:00 from 20:45 (art. 17)


def test_art37_the_lateness_counts_from_the_corrected_start(
    event: tuple[EventService, Clock],
) -> None:
    """FIBAS art. 37: a line arriving at 20:51 is 6:00 late from a 20:45 start (-100 M.P.),
    not 66 minutes late from the mistyped 19:45 (the match lost)."""
    svc, clock = event
    clock.now = rome(20, 51)
    svc.run("ev", values.StartRound(1, started_at=rome(19, 45)))
    wrong = svc.lateness_of_arrival("ev", 1, 2)
    assert (wrong.seconds, wrong.forfeit) == (66 * 60, True)
    svc.run("ev", values.CorrectStart(1, rome(20, 45), "mistyped hour"))
    right = svc.lateness_of_arrival("ev", 1, 2)
    assert (right.seconds, right.mp_penalty, right.forfeit) == (360, -100, False)


def test_art7_a_correction_needs_its_reason_and_a_started_clock(
    event: tuple[EventService, Clock],
) -> None:
    """A correction is an arbiter's decision on the record: refused without its reason, and
    before the clock is started (nothing to correct), in Italian."""
    svc, clock = event
    clock.now = rome(20, 50)
    with pytest.raises(ArbitroError) as not_started:
        svc.run("ev", values.CorrectStart(1, rome(20, 45), "mistyped"))
    assert "non è avviato" in not_started.value.it
    svc.run("ev", values.StartRound(1))
    with pytest.raises(ArbitroError) as no_reason:
        svc.run("ev", values.CorrectStart(1, rome(20, 45), "  "))
    assert "motivo" in no_reason.value.it
    assert "reason" in no_reason.value.en


def test_art7_a_start_in_the_future_is_refused_in_both_languages(
    event: tuple[EventService, Clock],
) -> None:
    """The round cannot start after now (FIBAS art. 7: the time played is measured from a
    start that happened): refused for the start and for its correction."""
    svc, clock = event
    clock.now = rome(20, 50)
    with pytest.raises(ArbitroError) as started:
        svc.run("ev", values.StartRound(1, started_at=rome(21, 0)))
    assert render(started.value.msg, "it") == "il turno non può iniziare nel futuro"
    assert render(started.value.msg, "en") == "the round cannot start in the future"
    svc.run("ev", values.StartRound(1, started_at=rome(20, 45)))
    with pytest.raises(ArbitroError) as corrected:
        svc.run("ev", values.CorrectStart(1, rome(20, 55), "mistyped"))
    assert render(corrected.value.msg, "it") == "il turno non può iniziare nel futuro"
    assert svc.state("ev").round(1).started_at == rome(20, 45).astimezone(UTC)


def test_art7_a_start_before_the_seating_was_published_is_refused(
    event: tuple[EventService, Clock],
) -> None:
    """The round begins with its tables seated (FIBAS art. 7, 4): a start before the seating
    was published (19:30) is refused, naming the publication's time in the event's zone."""
    svc, clock = event
    clock.now = rome(20, 50)
    with pytest.raises(ArbitroError) as early:
        svc.run("ev", values.StartRound(1, started_at=rome(19, 0)))
    assert "19:30" in early.value.it
    assert "posizione ai tavoli sia affissa" in early.value.it
    assert "before its seating was published" in early.value.en
    svc.run("ev", values.StartRound(1, started_at=rome(20, 45)))
    with pytest.raises(ArbitroError):
        svc.run("ev", values.CorrectStart(1, rome(19, 29), "mistyped"))


def test_art7_a_started_clock_is_corrected_never_started_again(
    event: tuple[EventService, Clock],
) -> None:
    """A second start would move the clock without a reason: it is refused, naming the
    correction (FIBAS art. 7)."""
    svc, clock = event
    clock.now = rome(20, 50)
    svc.run("ev", values.StartRound(1))
    with pytest.raises(ArbitroError) as again:
        svc.run("ev", values.StartRound(1, started_at=rome(20, 45)))
    assert "correggi" in again.value.it.lower()


def test_art7_the_correction_survives_export_and_import(
    event: tuple[EventService, Clock], tmp_path: Path
) -> None:
    """The correction is a record of the event file, checked on import like the live action."""
    svc, clock = event
    clock.now = rome(20, 50)
    svc.run("ev", values.StartRound(1, started_at=rome(19, 45)))
    svc.run("ev", values.CorrectStart(1, rome(20, 45), "mistyped"))
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as other:
        target = EventService(other, clock)
        import_event(target, export_event(svc, "ev"))
        assert target.state("ev").round(1).started_at == rome(20, 45).astimezone(UTC)


def test_a_typed_time_is_read_in_the_zone_given() -> None:
    """20:45 typed at a venue in London is 20:45 GMT (20:45 UTC in November), in Rome 19:45
    UTC: the zone decides, the day is the venue's."""
    now = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)
    assert parse_local_time("20:45", now, zone("Europe/London")) == datetime(
        2026, 11, 24, 20, 45, tzinfo=UTC
    )
    assert parse_local_time("20.45", now, zone("Europe/Rome")) == datetime(
        2026, 11, 24, 19, 45, tzinfo=UTC
    )
    assert parse_local_time("25:00", now) is None
    with pytest.raises(ArbitroError):
        zone("Europe/Nowhere")
