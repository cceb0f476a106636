"""The director's side of the digital tables (issue 32) through the service, on a real
SQLite store: a table's progress (deal k of n, whose turn, moves, seats), pause and resume
(a paused table refuses every move, the robots' too, in Italian and English), the arbiter's
calls and their answers, each an append-only record decided again when the event file is
imported."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core import Seat
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _event(svc: EventService, event_id: str, deals: int = 2) -> None:
    """Four pairs, one round of ``deals`` deals, seated and published (FIBAS art. 4, 7)."""
    config = EventConfig(
        name="Serata digitale",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(deals,),
        movements=(Movement.DRAW,),
        seed=7,
    )
    svc.create_event(event_id, config)
    for i in range(1, 5):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}a", f"Giocatore {i}b"]))
    svc.seat(event_id, 1, publish=True)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def test_the_desk_sees_each_tables_progress_and_the_full_position(
    service: EventService,
) -> None:
    """Issue 32: the desk sees each table's progress (deal k of n, whose turn, moves) and,
    for one table, the full position in the notation (every hand: the director's view)."""
    _event(service, "avanza")
    tables = DigitalTables(service, random.Random(5))
    tables.open("avanza", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    [row] = desk.round("avanza", 1, {(1, 1): {"N": 1}})
    t = tables.table("avanza", 1, 1)
    game = t.position()
    assert row["table"] == 1 and (row["deal"], row["deals"]) == (1, 2)
    assert row["turn"] == game.turn.value and row["turn"] in ("N", "S")
    assert row["moves"] == len(t.current.moves)
    assert row["seats"] == {"N": "connected", "E": "robot", "S": "empty", "W": "robot"}
    assert "position" not in row  # the list shows no cards
    full = desk.table("avanza", 1, 1)
    assert full["position"] == str(game)
    for seat in ("N", "S"):  # both human hands are in the director's position
        assert all(str(c) in full["position"] for c in game.hand(Seat(seat)))
    assert desk.table("avanza", 1, 1)["seats"]["N"] == "unknown"  # no socket known here


def test_a_paused_table_refuses_every_move_until_resumed(service: EventService) -> None:
    """FIBAS art. 7 (the arbiter stops the play): a paused table takes no move, the seat to
    play is offered none, the robots wait; refused as «Tavolo sospeso dall'arbitro»; resumed,
    the same move is taken and the robots play on."""
    _event(service, "pausa")
    tables = DigitalTables(service, random.Random(11))
    tables.open("pausa", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    t = tables.table("pausa", 1, 1)
    turn = t.position().turn
    desk.pause("pausa", 1, 1)
    assert tables.view("pausa", 1, 1, turn)["paused"] is True
    assert tables.view("pausa", 1, 1, turn)["moves"] == []
    with pytest.raises(ConflictError) as refused:
        tables.play("pausa", 1, 1, turn, 1, len(t.current.moves) + 1, "draw")
    assert refused.value.message("it") == "Tavolo sospeso dall'arbitro"
    assert refused.value.message("en") == "Table paused by the arbiter"
    with pytest.raises(ConflictError) as twice:
        desk.pause("pausa", 1, 1)  # paused already
    assert twice.value.message("it") == "il tavolo è già sospeso"  # in the catalogue
    desk.resume("pausa", 1, 1)
    with pytest.raises(ConflictError) as resumed:
        desk.resume("pausa", 1, 1)  # not paused
    assert resumed.value.message("it") == "il tavolo non è sospeso"
    before = len(tables.table("pausa", 1, 1).current.moves)
    tables.play("pausa", 1, 1, turn, 1, before + 1, "draw")
    after = tables.table("pausa", 1, 1)
    assert after.current.moves[before] == (turn.value, "draw")
    assert not after.paused


def test_a_paused_table_stops_the_robots(service: EventService) -> None:
    """A table of robots only, paused before its first move, does not move: the robots wait
    for the arbiter like the players (the advance stops at the pause)."""
    _event(service, "robot")
    tables = DigitalTables(service, random.Random(2))
    tables.open("robot", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    desk.pause("robot", 1, 1)
    t = tables.table("robot", 1, 1)
    count = len(t.current.moves)
    tables.advance("robot", 1, 1)
    assert len(tables.table("robot", 1, 1).current.moves) == count


def test_a_phone_calls_the_arbiter_and_the_director_answers(service: EventService) -> None:
    """Issue 32: any player calls the arbiter from the table; the desk shows the call; the
    director marks it answered. A second call of the same seat while the first waits is
    refused; an answered call cannot be answered again."""
    _event(service, "chiama")
    tables = DigitalTables(service, random.Random(4))
    tables.open("chiama", 1, 1)
    desk = DigitalDesk(service, tables)
    assert desk.call("chiama", 1, 1, Seat.S) == 1
    assert tables.view("chiama", 1, 1, Seat.S)["called"] is True
    assert tables.view("chiama", 1, 1, Seat.N)["called"] is False
    with pytest.raises(ConflictError) as again:
        desk.call("chiama", 1, 1, Seat.S)
    assert again.value.message("it") == "L'arbitro è già stato chiamato"
    assert desk.call("chiama", 1, 1, Seat.E) == 2
    [row] = desk.round("chiama", 1)
    assert [(c["number"], c["seat"], c["reason"]) for c in row["calls"]] == [
        (1, "S", "player"),
        (2, "E", "player"),
    ]
    desk.answer("chiama", 1, 1, 1)
    with pytest.raises(ConflictError):
        desk.answer("chiama", 1, 1, 1)
    with pytest.raises(ArbitroError):
        desk.answer("chiama", 1, 1, 9)
    assert [c["number"] for c in desk.round("chiama", 1)[0]["calls"]] == [2]
    assert desk.call("chiama", 1, 1, Seat.S) == 3  # answered: S may call again
    with pytest.raises(ArbitroError):
        desk.call("chiama", 1, 1, Seat.N, reason="boredom")


def test_pauses_and_calls_are_records_decided_again_on_import(
    service: EventService, tmp_path: Path
) -> None:
    """Every change an append-only record: the event file holds the pause, the resume, the
    call and its answer, and an import decides each again into the same table."""
    _event(service, "file")
    tables = DigitalTables(service, random.Random(6))
    tables.open("file", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    desk.pause("file", 1, 1)
    desk.call("file", 1, 1, Seat.N)
    desk.answer("file", 1, 1, 1)
    desk.resume("file", 1, 1)
    desk.pause("file", 1, 1)
    data = export_event(service, "file")
    kinds = [r["kind"] for r in data["records"]]
    assert kinds.count("digital-paused") == 3
    assert kinds.count("digital-called") == 1 and kinds.count("digital-answered") == 1
    other = EventService(RecordStore(f"sqlite:///{tmp_path / 'e.sqlite3'}"), Clock())
    import_event(other, data, event_id="copia")
    t = DigitalTables(other).table("copia", 1, 1)
    assert t.paused and len(t.calls) == 1 and t.calls[0].answered_at is not None


def test_a_seat_over_the_moves_time_limit_calls_the_arbiter_once(
    service: EventService,
) -> None:
    """Issue 32, FIBAS art. 7, 17: a per-move time limit set by the director (default off);
    when the seat to play exceeds it the arbiter is called automatically (a record), once
    per move; a round's own setting wins over the event's."""
    _event(service, "tempo")
    clock = service.clock
    assert isinstance(clock, Clock)
    tables = DigitalTables(service, random.Random(8))
    tables.open("tempo", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    clock.now = clock.now.replace(minute=45)
    assert desk.check_time("tempo", 1, 1) == []  # off by default
    desk.settings("tempo", 0, move_seconds=3600)  # the event's: an hour
    desk.settings("tempo", 1, move_seconds=60)  # this round's: one minute
    turn = tables.table("tempo", 1, 1).position().turn.value
    assert desk.check_time("tempo", 1, 1) == [(turn, "time")]
    assert desk.check_time("tempo", 1, 1) == []  # called once
    desk.answer("tempo", 1, 1, 1)
    assert desk.check_time("tempo", 1, 1) == []  # answered: not again for this move
    [call] = tables.table("tempo", 1, 1).calls
    assert (call.seat, call.reason) == (turn, "time")


def test_a_table_waiting_on_a_disconnected_seat_calls_the_arbiter(
    service: EventService,
) -> None:
    """Issue 32: a table that waits for a disconnected seat longer than the director's
    setting calls the arbiter (FIBAS art. 36-37); a seat connected does not."""
    _event(service, "attesa")
    clock = service.clock
    assert isinstance(clock, Clock)
    tables = DigitalTables(service, random.Random(8))
    tables.open("attesa", 1, 1, robots=(Seat.E, Seat.W))
    desk = DigitalDesk(service, tables)
    desk.settings("attesa", 1, wait_seconds=120)
    left = clock.now
    clock.now = clock.now.replace(minute=31)
    assert desk.check_time("attesa", 1, 1, lambda seat: None) == []  # connected
    assert desk.check_time("attesa", 1, 1, lambda seat: left) == []  # 60 s only
    clock.now = clock.now.replace(minute=33)
    turn = tables.table("attesa", 1, 1).position().turn.value
    assert desk.check_time("attesa", 1, 1, lambda seat: left) == [(turn, "wait")]


def test_the_event_may_refuse_robots(service: EventService) -> None:
    """BBO's "allow robots" as the event's setting: with it off, a table is not opened with
    robots; without robots it is."""
    _event(service, "norobot")
    desk = DigitalDesk(service)
    desk.settings("norobot", 0, robots=False)
    tables = DigitalTables(service, random.Random(1))
    with pytest.raises(ConflictError) as refused:
        tables.open("norobot", 1, 1, robots=(Seat.E,))
    assert refused.value.message("it") == "la gara non consente robot ai posti vuoti"
    tables.open("norobot", 1, 1)
    with pytest.raises(ArbitroError):
        desk.settings("norobot", 1, move_seconds=-1)
    with pytest.raises(ArbitroError):
        desk.settings("norobot", 9)
