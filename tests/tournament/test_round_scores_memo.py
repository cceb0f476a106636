"""A round's scores are memoized in the fold (issue 14): a published round is scored once,
not again at every later standings and sheets check; a record about a round drops only that
round's scores (and the last round's, which reads the earlier ones); the log check of an
imported file decides each sheet without making its record."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime

import pytest

from arbitro.services.demo import random_deal
from arbitro.tournament import commands
from arbitro.tournament.commands import sheets as sheet_commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.log_check import check_log
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring import results
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.sheets.lines import LinesSheet
from arbitro.tournament.standings.standings import StandingRow, standings

NOW = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
ROUNDS = 3


def played(pairs: int = 9) -> list[Record]:
    """The log of a played event: ``pairs`` pairs (odd: a resting table every round, whose
    last-round score reads the earlier rounds, art. 37), ROUNDS rounds, standings published."""
    config = EventConfig(
        "Memo",
        EventFormat.PAIRS,
        ROUNDS,
        (2,) * ROUNDS,
        (Movement.DRAW,) + (Movement.MODIFIED_DANISH,) * (ROUNDS - 1),
        seed=1,
    )
    log = [dataclasses.replace(commands.create_event(config, NOW), seq=1)]
    state = EventState.replay("memo", log)

    def do(recs: Record | list[Record]) -> None:
        for r in recs if isinstance(recs, list) else [recs]:
            r = dataclasses.replace(r, seq=len(log) + 1)
            log.append(r)
            state.apply(r)

    for i in range(pairs):
        do(commands.register(state, f"Coppia {i + 1}", [], NOW))
    rng = random.Random(7)
    for rnd in range(1, ROUNDS + 1):
        do(commands.seat(state, rnd, NOW))
        do(commands.publish_seating(state, rnd, NOW))
        seating = state.round(rnd).seating
        assert seating is not None
        for t in seating.tables:
            if not t.is_incomplete:
                entry = SheetEntry((random_deal(rng), random_deal(rng)))
                do(commands.enter_sheet(state, rnd, t.table, entry, NOW))
        do(commands.publish_standings(state, rnd, NOW))
    return log


def fresh(log: list[Record], after: int) -> list[StandingRow]:
    """The standings after round ``after`` of a state folded afresh (nothing memoized)."""
    return standings(EventState.replay("memo", log), after)


@pytest.fixture
def scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The rounds :func:`results.round_scores` computes, in order."""
    calls: list[int] = []
    real = results.round_scores

    def counting(state: EventState, rnd: int, **kw: object) -> object:
        calls.append(rnd)
        return real(state, rnd, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(results, "round_scores", counting)
    return calls


def test_each_round_is_scored_once_across_standings(scored: list[int]) -> None:
    log = played()
    expected = [fresh(log, k) for k in range(1, ROUNDS + 1)]
    state = EventState.replay("memo", log)
    scored.clear()
    got = [standings(state, k) for k in range(1, ROUNDS + 1)]
    assert commands.missing_sheets(state, ROUNDS) == []
    assert got == expected
    assert scored == [1, 2, 3]  # round 1 not again for round 2's standings, nor the check's


def test_a_record_drops_its_round_and_the_last(scored: list[int]) -> None:
    log = played()
    state = EventState.replay("memo", log)
    standings(state, ROUNDS)
    row = standings(state, ROUNDS)[0]
    # an arbitral score in round 2 for the leader: rounds 2 and 3 (the last) scored again
    rec = commands.arbitral_score(state, 2, row.competitor, 0, 0, "test", NOW)
    rec = dataclasses.replace(rec, seq=len(log) + 1)
    log.append(rec)
    state.apply(rec)
    scored.clear()
    after = standings(state, ROUNDS)
    assert sorted(scored) == [2, 3]
    assert after == fresh(log, ROUNDS)
    assert next(r for r in after if r.competitor == row.competitor).round_vp[1] == 0


def test_records_no_score_reads_keep_the_scores(scored: list[int]) -> None:
    log = played()
    state = EventState.replay("memo", log)
    standings(state, ROUNDS)
    rec = commands.lodge_complaint(state, ROUNDS, 1, "a complaint", NOW)
    state.apply(dataclasses.replace(rec, seq=len(log) + 1))
    scored.clear()
    standings(state, ROUNDS)
    assert scored == []


def test_the_log_check_decides_sheets_without_making_records(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = played()

    def refused(*_a: object, **_k: object) -> object:
        raise AssertionError("the check makes no sheet record")

    monkeypatch.setattr(sheet_commands, "enter_sheet", refused)
    monkeypatch.setattr(commands, "enter_sheet", refused)
    monkeypatch.setattr(LinesSheet, "payload", refused)
    state = check_log("memo", log, NOW)
    assert isinstance(state, EventState)
    assert standings(state, ROUNDS) == fresh(log, ROUNDS)
