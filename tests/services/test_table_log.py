"""A log per digital table (issues 32, 33): a table's moves are records of its own log in the
store, appended with the table's expected seq; the event's log keeps the deals, pauses,
calls, settings and the signed sheets. Checked on SQLite and on a real PostgreSQL."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from tests.digital.play import logged_moves

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core import SEATS, Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_file import export_event, import_event
from arbitro.services.event_log import to_domain, to_store
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store.errors import ConcurrencyError
from arbitro.store.secret import load_secret
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import DigitalDealt, DigitalMove, Record


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _event(svc: EventService, event_id: str, deals: int = 2) -> None:
    """Four pairs, one round of ``deals`` deals at two tables, seated and published (FIBAS
    arts. 4, 7)."""
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
def service(database_url: str) -> Iterator[EventService]:
    store = RecordStore(database_url)
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def test_a_move_is_a_record_of_its_tables_log_and_leaves_the_events_log_alone(
    service: EventService,
) -> None:
    """A move appends to the table's own log (its seq 1, 2, ...), not to the event's: the
    event's last seq, by which the standings and the pages are cached, stays; the table's
    state folds it; the same move sent again is recorded once (FIBAS art. 10: one turn)."""
    _event(service, "gara")
    tables = DigitalTables(service, random.Random(3))
    tables.open("gara", 1, 1)
    before = service.store.last_seq("gara")
    standings = service.standings("gara")
    turn = Seat(tables.view("gara", 1, 1, Seat.N)["turn"])
    assert tables.play("gara", 1, 1, turn, 1, 1, "draw") == 1
    assert tables.play("gara", 1, 1, turn, 1, 1, "draw") == 1  # sent twice: once
    assert service.store.last_seq("gara") == before
    assert service.standings("gara") == standings
    logged = service.store.table_records("gara", 1, 1)
    assert [(r.seq, r.kind, r.event_seq) for r in logged] == [(1, "digital-move", before)]
    assert logged_moves(service.store, "gara") == [DigitalMove(1, 1, 1, 1, turn.value, "draw")]
    assert tables.table("gara", 1, 1).current.moves == [(turn.value, "draw")]


def test_moves_of_two_tables_never_race_and_a_tables_stale_append_is_refused(
    service: EventService,
) -> None:
    """Each table has its own sequence: an append decided on table 1's state is not refused
    because table 2 moved meanwhile; a second append on table 1's same state is (the
    store's expected seq: two processes never apply two moves of one table at once)."""
    _event(service, "gara")
    tables = DigitalTables(service, random.Random(5))
    tables.open("gara", 1, 1)
    tables.open("gara", 1, 2)
    store = service.store
    move = to_store(Record(DigitalMove(1, 1, 1, 1, "N", "draw"), Clock()(), "1 N"))
    other = to_store(Record(DigitalMove(1, 2, 1, 1, "N", "draw"), Clock()(), "2 N"))
    store.append_table("gara", 1, 2, [other], expected_seq=0, event_seq=1)
    assert store.append_table("gara", 1, 1, [move], expected_seq=0, event_seq=1)[0].seq == 1
    with pytest.raises(ConcurrencyError):
        store.append_table("gara", 1, 1, [move], expected_seq=0, event_seq=1)
    assert [r.seq for r in store.table_records("gara", 1, 1)] == [1]
    assert [r.seq for r in store.table_records("gara", 1, 1, after_seq=1)] == []


def test_a_second_process_decides_again_on_the_tables_new_state(tmp_path: Path) -> None:
    """Two services on one store (two processes): the second's state is folded before the
    first's move; its move with the same number is refused as stale (decided again on the
    table's log), the same move is answered as recorded, and its next move is appended."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    with RecordStore.open(url) as a_store, RecordStore.open(url) as b_store:
        one, two = EventService(a_store, Clock()), EventService(b_store, Clock())
        _event(one, "gara")
        DigitalTables(one, random.Random(6)).open("gara", 1, 1)
        behind = DigitalTables(two, random.Random(7))
        turn = Seat(behind.view("gara", 1, 1, Seat.N)["turn"])
        DigitalTables(one).play("gara", 1, 1, turn, 1, 1, "draw")
        with pytest.raises(ConflictError):
            behind.play("gara", 1, 1, turn, 1, 1, "pickup")
        assert behind.play("gara", 1, 1, turn, 1, 1, "draw") == 1
        assert [(r.seq, r.actor) for r in a_store.table_records("gara", 1, 1)] == [
            (1, f"1 {turn.value}")
        ]


def test_the_event_file_carries_every_tables_log_and_imports_it_back(
    service: EventService,
) -> None:
    """Export: the file's ``tables`` hold every move of the tables' logs; import (each move
    decided again as the live action, after the event's record it was decided on): the
    moves are back in the new event's table logs, the table folds the same deals, the
    signed sheet and the standings are the same; a move changed in the file is refused."""
    _event(service, "orig")
    tables = DigitalTables(service, random.Random(4))
    tables.open("orig", 1, 1, robots=SEATS)  # robots play both deals
    secret = load_secret(service.store)
    tables.sign("orig", 1, 1, "ns", device="telefono-nord-sud-0001", seal=secret)
    tables.sign("orig", 1, 1, "ew", device="telefono-est-ovest-0001", seal=secret)
    data = json.loads(json.dumps(export_event(service, "orig")))
    assert not [r for r in data["records"] if r["kind"] == "digital-move"]
    stored = service.store.all_table_records("orig")
    assert len(data["tables"]) == len(stored) > 20
    import_event(service, data, "copia")  # this installation: the lines' proofs hold
    copied = service.store.all_table_records("copia")
    assert [(r.round, r.table, r.seq, r.event_seq, r.payload) for r in copied] == [
        (r.round, r.table, r.seq, r.event_seq, r.payload) for r in stored
    ]
    again = EventService(service.store, Clock())  # a new process: folded from the store alone
    assert [d.moves for d in DigitalTables(again).table("copia", 1, 1).deals] == [
        d.moves for d in tables.table("orig", 1, 1).deals
    ]
    assert again.standings("copia") == service.standings("orig")
    row = data["tables"][3]["payload"]
    row["move"] = "pickup" if row["move"] == "draw" else "draw"  # not what was played
    with pytest.raises(ArbitroError):
        import_event(service, data, "falsa")
    assert not service.store.has_event("falsa")
    row["move"] = stored[3].payload["move"]
    data["tables"][2]["seq"] = 9  # a table's records numbered with a gap
    with pytest.raises(ArbitroError, match="3"):
        import_event(service, data, "buco")
    assert not service.store.has_event("buco")


def test_an_old_event_whose_moves_are_in_the_events_log_still_folds(
    service: EventService,
) -> None:
    """An event of before the tables' logs: its moves are ``digital-move`` records of the
    event's log. It folds as before (both logs are read), its next move goes to the table's
    own log after them, and its file round-trips."""
    _event(service, "vecchia")
    tables = DigitalTables(service, random.Random(8))
    tables.open("vecchia", 1, 1)
    game = tables.table("vecchia", 1, 1).position()
    turn = game.turn
    old = Record(DigitalMove(1, 1, 1, 1, turn.value, "draw"), Clock()(), f"1 {turn.value}")
    service.store.append("vecchia", [to_store(old)])  # as an old arbitro recorded it
    fresh = EventService(service.store, Clock())  # another process, folded from the store
    t = DigitalTables(fresh).table("vecchia", 1, 1)
    assert t.current.moves == [(turn.value, "draw")]
    view = DigitalTables(fresh).view("vecchia", 1, 1, turn)
    assert view["n"] == 1 and view["moves"]
    move = next(m for m in view["moves"] if str(m).startswith("discard"))
    assert DigitalTables(fresh).play("vecchia", 1, 1, turn, 1, 2, str(move)) == 2
    kinds = [to_domain(r).body for r in service.store.records("vecchia")]
    assert sum(isinstance(b, DigitalMove) for b in kinds) == 1
    assert [r.seq for r in service.store.table_records("vecchia", 1, 1)] == [1]
    third = EventService(service.store, Clock())
    assert [m for _, m in DigitalTables(third).table("vecchia", 1, 1).current.moves] == [
        "draw",
        str(move),
    ]
    import_event(third, export_event(third, "vecchia"), "copia-vecchia")
    fourth = EventService(service.store, Clock())
    assert DigitalTables(fourth).table("copia-vecchia", 1, 1).current.moves == [
        (turn.value, "draw"),
        (turn.value, str(move)),
    ]
    bodies = [to_domain(r).body for r in service.store.records("copia-vecchia")]
    assert sum(isinstance(b, DigitalDealt) for b in bodies) == 1
    assert sum(isinstance(b, DigitalMove) for b in bodies) == 1  # as the file held it
