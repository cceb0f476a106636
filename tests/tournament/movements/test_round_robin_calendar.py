"""FIBAS art. 4, Italian round robin: "incontra una volta tutte le altre formazioni" — also
when round 1 was seated by registration order or by draw (4 pairs, 3 rounds: the landed
version made A-B and C-D meet twice and A-C never)."""

from __future__ import annotations

import itertools

import pytest

from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, seat_round


def seat(
    movement: Movement, n: int, rnd: int, history: tuple[Seating, ...], rounds: int
) -> Seating:
    field = tuple(range(1, n + 1))
    return seat_round(
        SeatingRequest(
            movement=movement,
            round_number=rnd,
            total_rounds=rounds,
            event_format=EventFormat.PAIRS,
            competitors=field,
            ranking=field,
            history=history,
            session_start_round=1,
            seed=7,
        )
    )


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
@pytest.mark.parametrize(
    "first", [Movement.REGISTRATION_ORDER, Movement.DRAW, Movement.ROUND_ROBIN]
)
def test_art4_everybody_meets_everybody_once(n: int, first: Movement) -> None:
    rounds = n + n % 2 - 1
    history: tuple[Seating, ...] = ()
    for rnd in range(1, rounds + 1):
        movement = first if rnd == 1 else Movement.ROUND_ROBIN
        history += (seat(movement, n, rnd, history, rounds),)
    met = sorted(
        (t.ns[0], t.ew[0]) if t.ns[0] < t.ew[0] else (t.ew[0], t.ns[0])
        for s in history
        for t in s.tables
        if t.ns is not None and t.ew is not None
    )
    assert met == sorted(itertools.combinations(range(1, n + 1), 2))
