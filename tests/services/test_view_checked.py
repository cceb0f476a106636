"""A phone's view of a digital table reads the store's records only when they moved (issue
32): the store's last seqs of the event and of the table's log are read first, in one query
outside the service's lock (``EventLog.checked``); a table that did not move is answered
from the state this process folded. Another process's move or pause made before the check
is read; a move decided on a check that another process overtook is decided again on the
store's state (the store's expected seq), and each move is folded once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.digital.play import Clock, seated_event

from arbitro.codes.registry import DEFAULT_CODE
from arbitro.errors import ConflictError
from arbitro.games.core import Seat
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import DigitalTables, append_move
from arbitro.services.events import EventService
from arbitro.store import RecordStore

EVENT = "serata"


class Reads:
    """The store's record reads made while counting (the event's log and the tables')."""

    def __init__(self, store: RecordStore, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: list[str] = []
        for name in ("records", "table_records", "has_event"):
            monkeypatch.setattr(store, name, self._counted(name, getattr(store, name)))

    def _counted(self, name: str, read: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.made.append(name)
            return read(*args, **kwargs)

        return counted


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[EventService, EventService]]:
    """Two services on one SQLite file, as two processes: the event seated, table 1 open
    (its dealer's seat to play first: FIBAS arts. 5-6), both states folded."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    with RecordStore.open(url) as a_store, RecordStore.open(url) as b_store:
        one, other = EventService(a_store, Clock()), EventService(b_store, Clock())
        seated_event(one, EVENT, DEFAULT_CODE, tables=2, deals=2)
        DigitalTables(one, random.Random(3)).open(EVENT, 1, 1)
        DigitalTables(other).table(EVENT, 1, 1)
        yield one, other


def _turn(tables: DigitalTables) -> Seat:
    seat: Seat = tables.table(EVENT, 1, 1).position().turn
    return seat


def test_a_view_of_a_table_that_did_not_move_reads_no_record(
    two: tuple[EventService, EventService], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view after the check is the view read from the store, without reading the
    event's log or the table's; without the check the same view reads both (as before)."""
    one, _ = two
    tables = DigitalTables(one)
    before = tables.view(EVENT, 1, 1, Seat.N)
    reads = Reads(one.store, monkeypatch)
    with tables.checked(EVENT, 1, 1):
        assert tables.view(EVENT, 1, 1, Seat.N) == before
        assert tables.table(EVENT, 1, 1).current.moves == []
    assert reads.made == []
    assert tables.view(EVENT, 1, 1, Seat.N) == before
    assert "records" in reads.made and "table_records" in reads.made


def test_a_move_of_this_process_is_answered_to_the_four_phones_without_reading_it_back(
    two: tuple[EventService, EventService], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is folded by the process that appended it (FIBAS art. 10: the draw); the
    four seats' views that follow read no record, and each shows the move once."""
    one, _ = two
    tables = DigitalTables(one)
    turn = _turn(tables)
    assert tables.play(EVENT, 1, 1, turn, 1, 1, "draw") == 1
    reads = Reads(one.store, monkeypatch)
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        with tables.checked(EVENT, 1, 1):
            assert tables.view(EVENT, 1, 1, seat)["n"] == 1
    assert reads.made == []
    assert tables.table(EVENT, 1, 1).current.moves == [(turn.value, "draw")]


def test_another_processs_move_and_pause_before_the_check_are_in_the_view(
    two: tuple[EventService, EventService],
) -> None:
    """A move played through another process (its own log) and then a pause recorded there
    (the event's log: the terminal's ``arbitro digital pause``, FIBAS art. 7) are in this
    process's next checked view: the store's seqs moved, so the records are read."""
    one, other = two
    here, there = DigitalTables(one), DigitalTables(other)
    turn = _turn(here)
    with here.checked(EVENT, 1, 1):
        assert here.view(EVENT, 1, 1, turn)["n"] == 0
    there.play(EVENT, 1, 1, turn, 1, 1, "draw")
    with here.checked(EVENT, 1, 1):
        seen = here.view(EVENT, 1, 1, turn)
    assert seen["n"] == 1 and seen["moves"]  # the same seat discards next
    DigitalDesk(other, there).pause(EVENT, 1, 1)
    with here.checked(EVENT, 1, 1):
        paused = here.view(EVENT, 1, 1, turn)
    assert paused["paused"] and paused["moves"] == []
    assert here.table(EVENT, 1, 1).current.moves == [(turn.value, "draw")]


def test_a_move_decided_on_an_overtaken_check_is_decided_again_on_the_stores_state(
    two: tuple[EventService, EventService],
) -> None:
    """This process checked the table, then another process played the draw: the same draw
    appended here is refused by the store (the table's expected seq), decided again on the
    records (not on the check, which would be refused five times and fail) and answered as
    recorded once; a different move for the same turn is refused as stale."""
    one, other = two
    here = DigitalTables(one)
    turn = _turn(here)
    with here.checked(EVENT, 1, 1):
        assert here.view(EVENT, 1, 1, turn)["n"] == 0
        DigitalTables(other).play(EVENT, 1, 1, turn, 1, 1, "draw")
        done = append_move(one, EVENT, 1, 1, 1, 1, turn, "draw", f"1 {turn.value}")
    assert done == 1
    assert [r.seq for r in one.store.table_records(EVENT, 1, 1)] == [1]
    assert here.table(EVENT, 1, 1).current.moves == [(turn.value, "draw")]
    with here.checked(EVENT, 1, 1):
        DigitalTables(other).table(EVENT, 1, 1)
    with pytest.raises(ConflictError):
        here.play(EVENT, 1, 1, turn, 1, 1, "pickup")


def test_a_check_ends_with_its_block_and_a_nested_one_keeps_the_outer(
    two: tuple[EventService, EventService], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the block, reads read the store again (a page's read is never answered from
    an old check); a check of another table inside it leaves the outer table's in place."""
    one, _ = two
    tables = DigitalTables(one)
    tables.open(EVENT, 1, 2)
    tables.table(EVENT, 1, 1)
    reads = Reads(one.store, monkeypatch)
    with tables.checked(EVENT, 1, 1):
        with tables.checked(EVENT, 1, 2):
            tables.table(EVENT, 1, 2)
        tables.table(EVENT, 1, 1)
    assert reads.made == []
    tables.table(EVENT, 1, 1)
    assert "records" in reads.made and "table_records" in reads.made
