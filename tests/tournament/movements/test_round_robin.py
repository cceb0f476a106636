"""Italian round robin (FIBAS art. 4 "sistema all'italiana")."""

from __future__ import annotations

from itertools import combinations

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, schedule_length, seat_round


def play(n: int, rounds: int, first: Movement = Movement.ROUND_ROBIN) -> list[Seating]:
    ids = tuple(range(1, n + 1))
    history: list[Seating] = []
    for r in range(1, rounds + 1):
        movement = first if r == 1 else Movement.ROUND_ROBIN
        history.append(
            seat_round(
                SeatingRequest(movement, r, rounds + 1, EventFormat.TEAMS, ids, ids, tuple(history))
            )
        )
    return history


def pairs_met(rounds: list[Seating]) -> list[frozenset[int]]:
    return [
        frozenset((t.ns[0], t.ew[0]))
        for s in rounds
        for t in s.tables
        if t.ns is not None and t.ew is not None
    ]


def test_art4_round_robin_follows_the_berger_calendar() -> None:
    """Art. 4 "secondo un calendario prestabilito": Berger round 1 of 6 is 1-6, 2-5, 3-4."""
    rounds = play(6, 2)
    assert [(t.ns, t.ew) for t in rounds[0].tables] == [((1,), (6,)), ((2,), (5,)), ((3,), (4,))]
    assert [(t.ns, t.ew) for t in rounds[1].tables] == [((6,), (4,)), ((5,), (3,)), ((1,), (2,))]


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10])
def test_art4_round_robin_everyone_meets_everyone_once(n: int) -> None:
    """Art. 4: "la coppia o la squadra incontra una volta tutte le altre formazioni"."""
    met = pairs_met(play(n, schedule_length(n)))
    assert sorted(map(sorted, met)) == sorted(
        map(sorted, map(frozenset, combinations(range(1, n + 1), 2)))
    )


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_art37_round_robin_odd_field_each_rests_once(n: int) -> None:
    """Art. 37: with an odd field the Berger dummy gives each competitor one rest per cycle."""
    rounds = play(n, schedule_length(n))
    rests = sorted(line[0] for s in rounds for line in s.resting)
    assert rests == list(range(1, n + 1))
    assert all(s.tables[-1].is_incomplete for s in rounds)
    assert len(set(pairs_met(rounds))) == n * (n - 1) // 2


def test_art4_round_robin_refuses_rounds_beyond_the_calendar() -> None:
    """Art. 4: the calendar of 4 teams has 3 rounds; a fourth round-robin round is refused."""
    rounds = play(4, 3)
    ids = (1, 2, 3, 4)
    with pytest.raises(ArbitroError) as err:
        seat_round(
            SeatingRequest(Movement.ROUND_ROBIN, 4, 5, EventFormat.TEAMS, ids, ids, tuple(rounds))
        )
    assert "3 rounds" in err.value.en


def test_art4_round_robin_after_a_first_round_by_draw_takes_it_as_its_first_round() -> None:
    """Art. 4 ("incontra una volta tutte le altre formazioni"): a round robin begun in round 2
    takes the drawn round 1 as the calendar's first round, so round 2 meets nobody again."""
    rounds = play(4, 2, first=Movement.DRAW)
    first = {frozenset((t.ns, t.ew)) for t in rounds[0].tables}
    assert not first & {frozenset((t.ns, t.ew)) for t in rounds[1].tables}
