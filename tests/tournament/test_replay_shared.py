"""Issue 14: a replayed or imported event holds less and repeats less. A line's score in a
deal is one shared frozen object; whole-MP VP conversions are memoized and agree with the
table; a sheet's context is made once per seat (a reseating makes a new one); the signers'
sets are shared frozensets; a round's sheet outcomes are dropped once its scores are
memoized (asked again, they are the same); an import drops the memoized views before storing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services import event_file
from arbitro.services.demo import played_log
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record
from arbitro.tournament.rules import rules_for
from arbitro.tournament.scoring import results
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.scoring.vp import vp_for_difference, vp_pair
from arbitro.tournament.standings.standings import standings

NOW = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
ROUNDS = 3


def played(pairs: int = 9) -> list[Record]:
    return played_log("shared", pairs, ROUNDS, 5, NOW)[1]


def test_a_line_score_is_one_shared_object() -> None:
    a = SheetEntry.from_payload({"deals": [[100, 85, 0, 5], [300, 120, 100, 85]]})
    b = SheetEntry.from_payload({"deals": [[0, 5, 100, 85]]})
    assert a.deals[0].ns is a.deals[1].ew is b.deals[0].ew
    assert a.deals[0].ns == b.deals[0].ew and a.deals[0].ns.total == 185


def test_whole_mp_vp_are_memoized_and_agree_with_the_table() -> None:
    """FIBAS art. 20: the same VP whether memoized or read from the table."""
    table = rules_for("burraco-fibas").vp_table(deals=2)
    for a, b in [(500, 200), (200, 500), (300, 300), (1500, 0), (305, 300)]:
        first = vp_pair(a, b, table)
        assert vp_pair(a, b, table) == first  # the memo's answer
        winner, loser = vp_for_difference(abs(a - b), table)
        assert first == ((winner, loser) if a >= b else (loser, winner))
        assert vp_pair(Decimal(a), Decimal(b), table) == first  # the Decimal path
    assert sum(vp_pair(1234, 987, table)) == 20


def test_an_impossible_difference_is_refused_every_time() -> None:
    table = rules_for("burraco-fibas").vp_table(deals=2)
    for _ in range(2):  # not memoized: refused again
        with pytest.raises(ArbitroError):
            vp_pair(42, 0, table)  # between the bands 0-40 and 45-120


def test_a_sheet_context_is_made_once_per_seat_and_again_after_a_reseating() -> None:
    state = EventState.replay("shared", played())
    seating = state.round(2).seating
    assert seating is not None
    seat = seating.table(1)
    assert seat is not None
    ctx = state.sheet_context(2, seat)
    assert state.sheet_context(2, seat) is ctx
    moved = type(seat)(seat.table, seat.ew, seat.ns, seat.players)  # another seat object
    other = state.sheet_context(2, moved)
    assert other is not ctx and other.seat is moved and other.deals == ctx.deals


def test_signers_sets_are_shared_frozensets() -> None:
    state = EventState.replay("shared", played())
    sheets = [sh for r in state.rounds.values() for sh in r.sheets.values()]
    assert sheets and all(sh.confirmed for sh in sheets)
    assert all(isinstance(sh.confirmed_by, frozenset) for sh in sheets)
    assert len({id(sh.confirmed_by) for sh in sheets}) <= 2  # not one set per sheet


def test_a_round_outcomes_dropped_once_scored_are_the_same_asked_again() -> None:
    log = played()
    expected = standings(EventState.replay("shared", log), ROUNDS)
    state = EventState.replay("shared", log)
    before = {t: state.sheet_result(1, t, 1) for t in state.round(1).sheets}
    results.memo_scores(state, 1, 1)
    assert 1 not in state._results  # the round's scores hold them now
    assert {t: state.sheet_result(1, t, 1) for t in state.round(1).sheets} == before
    assert standings(state, ROUNDS) == expected


def test_an_import_drops_the_memoized_views_before_storing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = played()
    data = {
        "format": "arbitro-event-file",
        "version": 1,
        "event_id": "shared",
        "name": "Shared",
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind.value,
                "payload": r.payload,
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.at.isoformat(),
            }
            for r in log
        ],
    }
    seen: list[int] = []
    service = EventService(RecordStore(f"sqlite:///{tmp_path / 'a.sqlite3'}"))
    real = service.store.create_event

    def create_event(*args: object, **kw: object) -> object:
        state = checked[0]
        seen.append(len(state._scores) + len(state._results) + len(state._contexts))
        return real(*args, **kw)  # type: ignore[arg-type]

    checked: list[EventState] = []
    real_read = event_file.read_event_file

    def read(*args: object) -> object:
        out = real_read(*args)  # type: ignore[arg-type]
        checked.append(out[3])  # type: ignore[arg-type]
        assert out[3]._scores  # type: ignore[union-attr]  # the check scored the rounds
        return out

    monkeypatch.setattr(service.store, "create_event", create_event)
    monkeypatch.setattr(event_file, "read_event_file", read)
    state = event_file.import_event(service, data)
    assert seen == [0]
    assert isinstance(state, EventState)
    assert standings(state, ROUNDS) == standings(EventState.replay("shared", log), ROUNDS)
