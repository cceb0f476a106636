"""The board plan of a carte uguali round (FIBAS art. 7: one to four deals a round "a carte
preparate"): every line of a direction plays the same deals, each once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.tournament.movements.boards import BoardPlan


@given(st.integers(1, 40), st.integers(1, 4))
def test_every_table_plays_every_board_once(tables: int, boards: int) -> None:
    plan = BoardPlan(tables, boards)
    for t in range(1, tables + 1):
        played = [a.board for a in plan.at(t)]
        assert sorted(played) == list(range(1, boards + 1))
        assert [a.deal for a in plan.at(t)] == list(range(1, boards + 1))


@given(st.integers(1, 40), st.integers(1, 4))
def test_no_copy_of_a_board_is_at_two_tables_at_once(tables: int, boards: int) -> None:
    plan = BoardPlan(tables, boards)
    for deal in range(1, boards + 1):
        in_play = [(a.board, a.copy) for a in plan.assignments() if a.deal == deal]
        assert len(in_play) == len(set(in_play)) == tables
    assert plan.copies == -(-tables // boards)
    assert {a.copy for a in plan.assignments()} == set(range(1, plan.copies + 1))


@given(st.integers(1, 40), st.integers(2, 4))
def test_a_board_passed_on_is_the_next_tables_next_board(tables: int, boards: int) -> None:
    plan = BoardPlan(tables, boards)
    for t in range(1, tables + 1):
        target = plan.passes_to(t)
        for deal in range(1, boards):
            played = plan.at(t)[deal - 1]
            if target is not None:
                nxt = plan.at(target)[deal]
                assert (nxt.board, nxt.copy) == (played.board, played.copy)


def test_seven_tables_two_boards() -> None:
    """Seven tables, two-deal rounds: four sets; table 7 alone in its set hands its board to
    the relay stand."""
    plan = BoardPlan(7, 2)
    assert plan.copies == 4
    assert [(a.board, a.copy) for a in plan.at(1)] == [(1, 1), (2, 1)]
    assert [(a.board, a.copy) for a in plan.at(2)] == [(2, 1), (1, 1)]
    assert [(a.board, a.copy) for a in plan.at(7)] == [(1, 4), (2, 4)]
    assert plan.passes_to(2) == 1 and plan.passes_to(1) == 2 and plan.passes_to(7) is None


def test_a_plan_needs_tables_and_boards() -> None:
    with pytest.raises(ValueError):
        BoardPlan(0, 2)
    with pytest.raises(ValueError):
        BoardPlan(3, 2).at(4)
