"""A round's scores are memoized in the fold (issue 14): a published round is scored once,
not again at every later standings and sheets check; a record about a round drops only that
round's scores (and the last round's, which reads the earlier ones); the log check of an
imported file decides each sheet without making its record."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import pytest

from arbitro.services.demo import played_log
from arbitro.tournament import commands
from arbitro.tournament.commands import sheets as sheet_commands
from arbitro.tournament.event import EventState
from arbitro.tournament.log_check import check_log
from arbitro.tournament.records import Record
from arbitro.tournament.scoring import results
from arbitro.tournament.sheets.lines import LinesSheet
from arbitro.tournament.standings.standings import StandingRow, standings

NOW = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
ROUNDS = 3


def played(pairs: int = 9) -> list[Record]:
    """The log of a played event: ``pairs`` pairs (odd: a resting table every round, whose
    last-round score reads the earlier rounds, art. 37), ROUNDS rounds, standings published."""
    return played_log("memo", pairs, ROUNDS, 7, NOW)[1]


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
