"""A move is appended with the table's seq it was decided on (issues 32, 33): another
process's (or thread's) move appended while this one was being decided makes the store refuse
this one (decided again on the new state), never records it after the other as a second move
of the same number. Found by CI: a robot's discard recorded twice (seqs 18 and 19, both
move 18), and the table's replay refused from then on (Parole UISP art. 4: a discard once a
turn; Briscola art. 4: «E non ha in mano 10D»)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime
from typing import Any

import pytest
from tests.digital.play import Clock, logged_moves, seated_event

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.games.core import Seat
from arbitro.services.digital_tables import DigitalTables, append_move
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.digital.commands import play_move
from arbitro.tournament.records import Record


@pytest.fixture
def two_processes(database_url: str) -> Iterator[tuple[EventService, EventService]]:
    """Two services on one database, as two server processes: each its own cache and lock."""
    first, second = RecordStore(database_url), RecordStore(database_url)
    try:
        yield EventService(first, Clock()), EventService(second, Clock())
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("other_first", [False, True], ids=["while-deciding", "before-deciding"])
def test_a_move_appended_while_another_was_decided_is_recorded_once(
    two_processes: tuple[EventService, EventService], other_first: bool
) -> None:
    """The other process's phone sends the same move while this one's is being decided
    (after its state was read, or before the decision read its table): recorded once, as
    move 1, and the table's replay still plays (FIBAS art. 10: one turn, one draw)."""
    here, there = two_processes
    seated_event(here, "sera", DEFAULT_CODE, tables=1, deals=2)
    tables_here = DigitalTables(here, random.Random(3))
    tables_here.open("sera", 1, 1)
    tables_there = DigitalTables(there, random.Random(4))
    view = tables_here.view("sera", 1, 1, Seat.N)
    seat = Seat(view["turn"])
    move = tables_here.view("sera", 1, 1, seat)["moves"][0]

    def decided_meanwhile(
        state: Any,
        round_number: int,
        table: int,
        deal: int,
        n: int,
        s: Seat,
        text: str,
        now: datetime,
        actor: str,
    ) -> Record | None:
        if other_first and not logged_moves(here.store, "sera"):
            tables_there.play("sera", 1, 1, s, deal, n, text)
        rec = play_move(state, round_number, table, deal, n, s, text, now, actor)
        if rec is not None and not logged_moves(here.store, "sera"):
            # the other process's phone sends the same move now: it is appended first
            tables_there.play("sera", 1, 1, s, deal, n, text)
        return rec

    done = append_move(here, "sera", 1, 1, 1, 1, seat, move, "1 N", decided_meanwhile)
    assert done == 1
    logged = logged_moves(here.store, "sera")
    assert [(m.n, m.seat, m.move) for m in logged] == [(1, seat.value, move)]
    assert len(tables_here.table("sera", 1, 1).current.moves) == 1
    assert tables_here.view("sera", 1, 1, seat)["n"] == 1  # the replay still plays
