"""The ranking the Danish seating reads (FIBAS art. 4) is computed from the totals alone, one
sort of (VP, MP, number) keys, without the standings' rows (issue 14: the round-2 seating of
16,000 pairs linear); it is the order of the standings (art. 19, docs/rulings.md: VP, MP, then
registration number), penalties, withdrawals, lateness, arbitral scores and Scala 40's
"fewer MP is better" included, and it is computed once per record."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from arbitro.services.event_file import parse_event_file
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record
from arbitro.tournament.standings import standings as standings_module
from arbitro.tournament.standings.standings import StandingRow, ranking, standings

LEGACY = Path(__file__).resolve().parents[1] / "regressions" / "legacy"
EVENTS = [
    "burraco-pairs",
    "burraco-teams",
    "burraco-individual",
    "parole",
    "scala40",
    "burraco-500",
]


def _log(name: str) -> tuple[str, list[Record]]:
    event_id, _name, records = parse_event_file(
        json.loads((LEGACY / f"{name}.json").read_text("utf-8"))
    )
    return event_id, records


def _order(rows: list[StandingRow]) -> list[int]:
    return [row.competitor for row in rows]


@pytest.mark.parametrize("name", EVENTS)
def test_ranking_is_the_order_of_the_standings_after_every_round(name: str) -> None:
    event_id, log = _log(name)
    state = EventState.replay(event_id, log)
    for k in range(1, state.config.rounds + 1):
        expected = _order(standings(EventState.replay(event_id, log), k))
        assert ranking(state, k) == expected
        assert ranking(EventState.replay(event_id, log), k) == expected  # nothing memoized


@pytest.mark.parametrize("name", EVENTS[:-1])
def test_ranking_follows_the_standings_record_by_record(name: str) -> None:
    """Folded one record at a time (a sanction, a correction, a withdrawal... each drops the
    memoized ranking), the ranking stays the standings' order at every step."""
    event_id, log = _log(name)
    state = EventState.replay(event_id, log[:1])
    for rec in log[1:]:
        state.apply(rec)
        for k in range(1, state.current_round() + 1):
            fresh = EventState.replay(event_id, log[: rec.seq])
            assert ranking(state, k) == _order(standings(fresh, k)), (rec.seq, rec.body, k)


def test_the_fixtures_cover_penalties_ties_withdrawals_and_scala40() -> None:
    """What the two tests above compare is not only plain sheets: penalty VP/MP, competitors
    equal on VP and MP (the registration number decides), a withdrawal, MP lower-is-better."""
    states = {name: EventState.replay(*_log(name)) for name in EVENTS}
    rows = {name: standings(state, state.config.rounds) for name, state in states.items()}
    every = [row for table in rows.values() for row in table]
    assert any(row.penalty_vp or row.penalty_mp for row in every)
    assert any(row.withdrawn for row in every)
    assert any(a.rank == b.rank for table in rows.values() for a, b in pairwise(table))
    assert states["scala40"].sheet_kind.mp_lower_is_better


def test_ranking_is_computed_once_per_record_without_the_standings_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    event_id, log = _log("burraco-pairs")
    state = EventState.replay(event_id, log[:-1])
    calls: list[int] = []
    real = standings_module._ranking

    def counting(state: EventState, after_round: int) -> tuple[int, ...]:
        calls.append(after_round)
        return real(state, after_round)

    def no_rows(state: EventState, after_round: int) -> list[StandingRow]:
        raise AssertionError("the ranking built the standings' rows")

    monkeypatch.setattr(standings_module, "_ranking", counting)
    monkeypatch.setattr(standings_module, "_standings", no_rows)
    first = ranking(state, 2)
    first.reverse()  # a caller's copy: the memoized order is not changed through it
    assert ranking(state, 2) == first[::-1]
    assert calls == [2]
    state.apply(log[-1])  # a new record: computed again
    ranking(state, 2)
    assert calls == [2, 2]
