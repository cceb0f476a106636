"""FIBAS art. 4, "Sistema all'italiana: la coppia o la squadra incontra una volta tutte le
altre formazioni [...] secondo un calendario prestabilito", through a whole event (service,
store, sheets and standings between rounds): whatever seated round 1 — the round robin's own
calendar, registration order, a draw — every pair meets every other exactly once in n - 1
rounds (n rounds with a rest each for an odd field, art. 37). The landed version, after a
round 1 by registration order, made A-B and C-D meet twice and A-C never."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.model import Movement

from .test_event_service import Clock, play


@pytest.mark.parametrize("pairs", [4, 5, 6, 8])
@pytest.mark.parametrize(
    "first", [Movement.ROUND_ROBIN, Movement.REGISTRATION_ORDER, Movement.DRAW]
)
def test_art4_everybody_meets_everybody_once(tmp_path: Path, pairs: int, first: Movement) -> None:
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'rr.sqlite3'}"), Clock())
    rounds = pairs + pairs % 2 - 1
    play(svc, "rr", pairs, (first,) + (Movement.ROUND_ROBIN,) * (rounds - 1), 3)
    state = svc.state("rr")
    met: list[tuple[int, int]] = []
    rested: list[int] = []
    for rnd in range(1, rounds + 1):
        seating = state.round(rnd).seating
        assert seating is not None
        for t in seating.tables:
            if t.ns is not None and t.ew is not None:
                met.append((min(t.ns[0], t.ew[0]), max(t.ns[0], t.ew[0])))
            else:
                rested.append((t.ns or t.ew or (0,))[0])
    assert sorted(met) == list(itertools.combinations(range(1, pairs + 1), 2))
    # Art. 37 with an odd field: each pair rests once in the calendar.
    assert sorted(rested) == (list(range(1, pairs + 1)) if pairs % 2 else [])


def test_art4_no_round_beyond_the_calendar(tmp_path: Path) -> None:
    """Four pairs have a 3-round calendar: a fourth round robin round is refused."""
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'rr.sqlite3'}"), Clock())
    with pytest.raises(ArbitroError, match="calendario"):
        play(svc, "rr", 4, (Movement.REGISTRATION_ORDER,) + (Movement.ROUND_ROBIN,) * 3, 3)
