"""Scala 40 art. 2: "Ogni giocatore si iscrive personalmente e l'accoppiamento cambia ad ogni
turno"; "Sistema Mitchell: i giocatori si spostano nei tavoli senza posizioni di classifica".
A Mitchell round sends each table's four players to four different tables when there are
four tables or more; with three tables or fewer no movement can, and the desk is told who
sits together again (issue 27: round 2 seated three groups together with no warning)."""

from __future__ import annotations

import pytest

from arbitro.tournament.model import Movement
from arbitro.tournament.movements.fours import repeated_tablemates, scattering_step, seat_fours


@pytest.mark.parametrize("players", [16, 20, 24, 32, 15, 19])
def test_art2_mitchell_parts_every_table_from_four_tables_on(players: int) -> None:
    """Art. 2: from four tables on, round 2's Mitchell seats no two tablemates of round 1
    together (tables of three included: 15 and 19 players)."""
    field = list(range(1, players + 1))
    first = seat_fours(Movement.REGISTRATION_ORDER, 1, field, field, None)
    second = seat_fours(Movement.MITCHELL, 2, field, field, first, step=1)
    assert repeated_tablemates(first, second) == []


def test_art2_a_step_that_would_reunite_is_replaced() -> None:
    """Art. 2: with four tables a step of 2 sends seats 1 and 3 to one table (0, 2, 0, 2):
    the step 1 is used instead; with three tables none parts four players."""
    assert scattering_step(4, 2) == 1
    assert scattering_step(5, 2) == 2
    assert scattering_step(3, 1) == 1


def test_art2_with_three_tables_the_desk_is_told_who_meets_again() -> None:
    """Art. 2: 12 players at three tables: four players cannot go to four tables, so some
    tablemates meet again; repeated_tablemates names them."""
    field = list(range(1, 13))
    first = seat_fours(Movement.REGISTRATION_ORDER, 1, field, field, None)
    second = seat_fours(Movement.MITCHELL, 2, field, field, first, step=1)
    again = repeated_tablemates(first, second)
    assert again and all(len(group) >= 2 for group in again)
