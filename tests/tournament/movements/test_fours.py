"""Tables of four for Scala 40 (seed 004 art. 2; art. 25-26 for tables of three)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import Movement, TableSeating
from arbitro.tournament.movements.fours import seat_fours, table_sizes
from arbitro.tournament.movements.request import citing_code


def test_art2_tables_of_four_and_three_at_the_end() -> None:
    """Four at each table; when the field is not a multiple of four, the last tables seat three."""
    assert table_sizes(32) == [4] * 8
    assert table_sizes(10) == [4, 3, 3]
    assert table_sizes(9) == [3, 3, 3]
    with pytest.raises(ArbitroError, match="5 giocatori"):
        table_sizes(5)


def test_art2_danish_seats_1st_to_4th_at_table_1() -> None:
    """Art. 2 "Sistema Danese: primo classificato contro secondo, terzo e quarto"."""
    players = list(range(1, 9))
    ranking = [5, 2, 8, 1, 3, 7, 6, 4]
    first = seat_fours(Movement.REGISTRATION_ORDER, 1, players, players, None)
    s = seat_fours(Movement.DANISH, 2, players, ranking, first)
    assert [t.players for t in s.tables] == [(5, 2, 8, 1), (3, 7, 6, 4)]


def test_art2_first_round_by_draw_is_reproducible_and_danish_needs_a_ranking() -> None:
    """Art. 2: first round by free seating, registration or draw (seeded)."""
    players = list(range(1, 13))
    a = seat_fours(Movement.DRAW, 1, players, players, None, seed=3)
    assert a == seat_fours(Movement.DRAW, 1, players, players, None, seed=3)
    with pytest.raises(ArbitroError, match="primo turno"):
        seat_fours(Movement.DANISH, 1, players, players, None)


def test_art2_arbiter_choice_is_checked() -> None:
    """Free seating: the arbiter's tables must hold every player once, four a table."""
    tables = [TableSeating(1, None, None, (1, 2, 3, 4)), TableSeating(2, None, None, (5, 6, 7, 8))]
    s = seat_fours(
        Movement.ARBITER_CHOICE, 1, range(1, 9), range(1, 9), None, arbiter_tables=tables
    )
    assert [t.players for t in s.tables] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    bad = [TableSeating(1, None, None, (1, 2, 3, 4, 5)), TableSeating(2, None, None, (6, 7, 8))]
    with pytest.raises(ArbitroError, match="quattro"):
        seat_fours(Movement.ARBITER_CHOICE, 1, range(1, 9), range(1, 9), None, arbiter_tables=bad)


@given(st.integers(6, 60).filter(lambda n: n not in (5,)), st.integers(0, 50), st.integers(1, 3))
def test_mitchell_seats_everyone_once_and_scatters_tablemates(n: int, seed: int, step: int) -> None:
    """Property: every player sits exactly once in tables of 4 (3 at the end); with at least
    four tables, nobody shares a table with more than one of last round's tablemates."""
    players = list(range(1, n + 1))
    first = seat_fours(Movement.DRAW, 1, players, players, None, seed=seed)
    second = seat_fours(Movement.MITCHELL, 2, players, players, first, step=step)
    seated = [p for t in second.tables for p in t.players or ()]
    assert sorted(seated) == players
    assert [len(t.players or ()) for t in second.tables] == table_sizes(n)
    if n % 4 == 0 and n // 4 >= 4 and step == 1:
        before = {p: set(t.players or ()) for t in first.tables for p in t.players or ()}
        for t in second.tables:
            for p in t.players or ():
                assert len(before[p] & set(t.players or ())) <= 2  # p itself and at most one more


def test_a_scala40_event_seats_citing_scala40_art2() -> None:
    """Seated under the event's code (Scala 40), a table of four refused cites art. 2 "ad
    ogni tavolo siedono quattro giocatori"; the module names no code (issue 30)."""
    with citing_code(CodeId.SCALA40), pytest.raises(ArbitroError) as err:
        table_sizes(2)
    assert err.value.article == Citation(CodeId.SCALA40, "2")
