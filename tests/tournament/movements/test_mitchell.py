"""Mitchell movement (FIBAS art. 4) and its incomplete table (art. 37)."""

from __future__ import annotations

import pytest

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.movements import SeatingRequest, seat_round


def play(n: int, rounds: int, step: int = 1) -> list[Seating]:
    ids = tuple(range(1, n + 1))
    history: list[Seating] = []
    for r in range(1, rounds + 1):
        movement = Movement.REGISTRATION_ORDER if r == 1 else Movement.MITCHELL
        history.append(
            seat_round(
                SeatingRequest(
                    movement,
                    r,
                    rounds,
                    EventFormat.PAIRS,
                    ids,
                    ids,
                    tuple(history),
                    mitchell_step=step,
                )
            )
        )
    return history


def layout(seating: Seating) -> list[tuple[int, tuple[int, ...] | None, tuple[int, ...] | None]]:
    return [(t.table, t.ns, t.ew) for t in seating.tables]


def test_art4_mitchell_stationary_stay_moving_advance_one_table() -> None:
    """Art. 4: "fissi" play at the same table; "mobili" advance (here one table)."""
    rounds = play(6, 3)
    assert layout(rounds[1]) == [(1, (1,), (6,)), (2, (3,), (2,)), (3, (5,), (4,))]
    assert layout(rounds[2]) == [(1, (1,), (4,)), (2, (3,), (6,)), (3, (5,), (2,))]


def test_art4_mitchell_moving_lines_advance_several_tables() -> None:
    """Art. 4: moving lines advance "di uno o più tavoli" (step 2 of 5 tables)."""
    rounds = play(10, 2, step=2)
    assert [t.ew for t in rounds[1].tables] == [(8,), (10,), (2,), (4,), (6,)]
    assert [t.ns for t in rounds[1].tables] == [(1,), (3,), (5,), (7,), (9,)]


def test_art37_mitchell_incomplete_table_has_no_stationary_line() -> None:
    """Art. 37: the line resting in round 1 (NS at the last table) becomes a moving line; the
    last table keeps no stationary line and the moving lines rest there in turn."""
    rounds = play(7, 4)
    assert layout(rounds[0])[3] == (4, (7,), None)
    assert layout(rounds[1]) == [(1, (1,), (7,)), (2, (3,), (2,)), (3, (5,), (4,)), (4, None, (6,))]
    assert [r.resting for r in rounds] == [((7,),), ((6,),), ((4,),), ((2,),)]


def test_art37_mitchell_beyond_the_cycle_repeats_it() -> None:
    """Art. 37 (documented limit): after as many rounds as tables the rotation repeats, so the
    first line to rest would rest again; Mitchell does not change the rotation."""
    rounds = play(7, 5)
    assert layout(rounds[4]) == [
        (1, (1,), (2,)),
        (2, (3,), (4,)),
        (3, (5,), (6,)),
        (4, None, (7,)),
    ]
    assert rounds[4].resting == ((7,),)


def test_art4_mitchell_needs_the_previous_field() -> None:
    """Art. 4: a Mitchell round continues the previous round's lines; a changed field is refused."""
    first = play(6, 1)[0]
    ids = (1, 2, 3, 4, 5)
    with pytest.raises(ArbitroError) as err:
        seat_round(SeatingRequest(Movement.MITCHELL, 2, 3, EventFormat.PAIRS, ids, ids, (first,)))
    assert "withdrawn: 6" in err.value.en


def test_art4_mitchell_not_in_round_one() -> None:
    """Art. 4: Mitchell is a movement for the rounds after the first."""
    ids = (1, 2, 3, 4)
    with pytest.raises(ArbitroError) as err:
        seat_round(SeatingRequest(Movement.MITCHELL, 1, 3, EventFormat.PAIRS, ids, ids))
    assert err.value.article == Citation(CodeId.BURRACO_FIBAS, "4")
