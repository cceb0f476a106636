"""Every director's and arbiter's action can be cancelled by a new record, which says who
cancelled it and why; the standings are computed again without it, and the log keeps both
(FIBAS art. 21, 22 note 1, 37, 38, 40, 41; Briscola art. 9)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, SanctionKind
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings.standings import StandingRow


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 24, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=5)
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RecordStore]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'a.sqlite3'}") as s:
        yield s


SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(0, -45)),
        DealScore(LineDeal(100, 85), LineDeal(200, 90)),
    )
)


def four_pairs(store: RecordStore) -> EventService:
    """Four pairs, two rounds of two deals, round 1 seated and played, standings published."""
    svc = EventService(store, Clock())
    svc.create_event(
        "ev",
        EventConfig("Serata", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DANISH)),
    )
    for i in range(1, 5):
        svc.run("ev", Register(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    seating = svc.seat("ev", 1, seed=7, publish=True).round(1).seating
    assert seating is not None
    for t in seating.tables:
        svc.enter_sheet("ev", 1, t.table, SHEET)
    return svc


def row(svc: EventService, competitor: int) -> StandingRow:
    return next(r for r in svc.standings("ev", 1) if r.competitor == competitor)


def last_seq(svc: EventService) -> int:
    return svc.state("ev").last_seq


def test_art22_two_warnings_cost_1_vp_and_100_mp_and_cancelling_one_gives_them_back(
    store: RecordStore,
) -> None:
    svc = four_pairs(store)
    before = row(svc, 1)
    svc.run("ev", values.GiveSanction(1, 1, SanctionKind.WARNING, "commenti"))
    svc.run("ev", values.GiveSanction(1, 1, SanctionKind.WARNING, "ancora commenti"))
    second = last_seq(svc)
    penalised = row(svc, 1)
    assert (penalised.vp, penalised.mp) == (before.vp - 1, before.mp - 100)
    svc.run("ev", values.Cancel(second, "ammonizione data per errore"))
    back = row(svc, 1)
    assert (back.vp, back.mp, back.warnings) == (before.vp, before.mp, 1)
    entry = next(e for e in svc.state("ev").ledger if e.seq == second)
    assert (entry.cancelled_by, entry.cancel_reason) == ("director", "ammonizione data per errore")


def test_art37_a_lateness_cancelled_no_longer_costs_100_mp(store: RecordStore) -> None:
    svc = four_pairs(store)
    before = row(svc, 2)
    svc.run("ev", values.RecordLateness(1, 2, 6 * 60 + 30))
    assert row(svc, 2).mp == before.mp - 100
    svc.run("ev", values.Cancel(last_seq(svc), "orario sbagliato"))
    assert row(svc, 2).mp == before.mp


def test_art40_an_arbitral_score_cancelled_gives_back_the_sheet_result(store: RecordStore) -> None:
    svc = four_pairs(store)
    before = row(svc, 3)
    svc.run("ev", values.ArbitralScore(1, 3, 0, 0, "decisione"))
    assert (row(svc, 3).vp, row(svc, 3).mp) == (0, 0)
    svc.run("ev", values.Cancel(last_seq(svc), "decisione rivista"))
    assert (row(svc, 3).vp, row(svc, 3).mp) == (before.vp, before.mp)


def test_a_withdrawal_cancelled_before_the_next_seating_readmits_the_competitor(
    store: RecordStore,
) -> None:
    svc = four_pairs(store)
    svc.run("ev", values.PublishStandings(1))
    svc.run("ev", values.Withdraw(4, reason="va via"))
    withdrawn = last_seq(svc)
    assert 4 not in svc.state("ev").active(2)
    svc.run("ev", values.Cancel(withdrawn, "resta"))
    assert 4 in svc.state("ev").active(2)


def test_art37_a_withdrawal_is_not_cancelled_once_the_next_round_is_seated(
    store: RecordStore,
) -> None:
    svc = four_pairs(store)
    svc.run("ev", values.PublishStandings(1))
    svc.run("ev", values.Withdraw(4, reason="va via"))
    withdrawn = last_seq(svc)
    svc.seat("ev", 2, publish=True)
    # Art. 37 decides when a withdrawn pair may come back, not art. 21 (score sheets).
    with pytest.raises(ArbitroError, match=r"FIBAS art\. 37"):
        svc.run("ev", values.Cancel(withdrawn, "ripensamento"))


def test_what_cannot_be_cancelled_is_refused(store: RecordStore) -> None:
    svc = four_pairs(store)
    seated = next(seq for seq in range(1, last_seq(svc) + 1) if seq not in svc.state("ev").actions)
    with pytest.raises(NotFoundError):
        svc.run("ev", values.Cancel(seated, "no"))
    svc.run("ev", values.GiveSanction(1, 1, SanctionKind.WARNING, "commenti"))
    warning = last_seq(svc)
    with pytest.raises(ArbitroError, match="motivo"):
        svc.run("ev", values.Cancel(warning, "  "))
    svc.run("ev", values.Cancel(warning, "errore"))
    with pytest.raises(ConflictError):
        svc.run("ev", values.Cancel(warning, "di nuovo"))


def test_cancellations_survive_export_and_import(store: RecordStore, tmp_path: Path) -> None:
    svc = four_pairs(store)
    svc.run("ev", values.GiveSanction(1, 1, SanctionKind.WARNING, "commenti"))
    svc.run("ev", values.GiveSanction(1, 1, SanctionKind.WARNING, "ancora"))
    svc.run("ev", values.Cancel(last_seq(svc), "errore"))
    data = export_event(svc, "ev")
    with RecordStore.open(f"sqlite:///{tmp_path / 'b.sqlite3'}") as other:
        target = EventService(other, Clock())
        import_event(target, data)
        assert target.standings("ev", 1) == svc.standings("ev", 1)
        # A fresh service folds the log from the store with the cancellation in force.
        assert EventService(other).standings("ev", 1) == svc.standings("ev", 1)


def test_art9_a_knockout_game_cancelled_is_played_again(store: RecordStore) -> None:
    ko = KnockoutService(store, Clock())
    ko.create("k", KnockoutConfig("Coppa", seeded=True))
    ko.run("k", values.RegisterPair("A", ["a1", "a2"]))
    ko.run("k", values.RegisterPair("B", ["b1", "b2"]))
    ko.run("k", values.DrawBracket())
    bracket = ko.state("k").bracket
    assert bracket is not None
    final = bracket.pending()[0]
    ko.run("k", values.RecordGame(GameReport(final.id, 1, {1: 70, 2: 50}, 1)))
    first = ko.state("k").last_seq
    ko.run("k", values.RecordGame(GameReport(final.id, 2, {1: 40, 2: 80}, 2)))
    second = ko.state("k").last_seq
    with pytest.raises(ArbitroError, match="#" + str(second)):
        ko.run("k", values.CancelGame(first, "punti invertiti"))
    ko.run("k", values.CancelGame(second, "punti sbagliati"))
    state = ko.state("k")
    assert state.bracket is not None
    assert len(state.bracket.match(final.id).games) == 1
    ko.run("k", values.RecordGame(GameReport(final.id, 2, {1: 80, 2: 40}, 1)))
    after = ko.state("k").bracket
    assert after is not None and after.champion == 1


def test_art21_a_seating_another_director_changed_is_not_published_on_an_old_view(
    store: RecordStore,
) -> None:
    """Two directors: one reviews round 2's seating (version v), the other changes it (two
    pairs of different tables swapped); publishing what the first saw is refused; publishing
    the version now shown works. (A Danish round seated again gives the same tables, which
    is published: docs/rulings.md, "Publishing the seating seen".)"""
    svc = four_pairs(store)
    svc.run("ev", values.PublishStandings(1))
    seating = svc.seat("ev", 2).round(2).seating
    assert seating is not None
    seen = svc.state("ev").round(2).version
    first, second = seating.tables[0].ns, seating.tables[1].ns
    assert first is not None and second is not None
    svc.run("ev", values.SwapSeats(2, first[0], second[0]))  # the other director
    with pytest.raises(ConflictError):
        svc.run("ev", values.PublishSeating(2, seen=seen))
    svc.run("ev", values.PublishSeating(2, seen=svc.state("ev").round(2).version))
    assert svc.state("ev").round(2).seating_published_at is not None


def test_art19_standings_are_not_published_on_a_view_older_than_the_last_sheet(
    store: RecordStore,
) -> None:
    svc = four_pairs(store)
    seen = svc.state("ev").round(1).version
    svc.run(
        "ev", values.GiveSanction(1, 2, SanctionKind.WARNING, "commenti")
    )  # a change to round 1 after the director looked
    with pytest.raises(ConflictError):
        svc.run("ev", values.PublishStandings(1, seen=seen))
    svc.run("ev", values.PublishStandings(1, seen=svc.state("ev").round(1).version))
