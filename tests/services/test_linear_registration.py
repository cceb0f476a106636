"""Registration in linear time (issue 14): a list of registrations is one transaction, decided
on a private copy of the state outside the service's lock; the next competitor number is
found without scanning every competitor, and stays one more than the highest however the
numbers came in (FIBAS art. 2, 37: numbers in order of registration). No timing."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.registrations import FileRefused
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import CompetitorRegistered, Record

NOW = datetime(2026, 11, 25, 20, 30, tzinfo=UTC)
WAIT = 60
CONFIG = EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,), seed=1)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore.open(f"sqlite:///{tmp_path}/linear.sqlite3")
    svc = EventService(store)
    svc.create_event("serata", CONFIG)
    try:
        yield svc
    finally:
        store.close()


def count_appends(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every RecordStore.append from now on, as the number of records it appended."""
    calls: list[int] = []
    real = RecordStore.append

    def append(self: RecordStore, event_id: str, records: Sequence[Any], **kw: Any) -> Any:
        calls.append(len(records))
        return real(self, event_id, records, **kw)

    monkeypatch.setattr(RecordStore, "append", append)
    return calls


def rows(n: int, start: int = 1) -> list[tuple[str, Sequence[str]]]:
    return [(f"Coppia {i}", (f"A{i}", f"B{i}")) for i in range(start, start + n)]


def test_a_list_of_registrations_is_one_transaction(
    service: EventService, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = count_appends(monkeypatch)
    assert service.register_many("serata", rows(300)) == list(range(1, 301))
    assert calls == [300]
    assert len(service.state("serata").competitors) == 300


def test_a_refused_row_is_named_with_the_domains_refusal_and_registers_nobody(
    service: EventService,
) -> None:
    """A name repeated within the list is refused at its row, naming both rows (issue 26 F:
    "duplicated", not "already registered"); the rows before it are not registered either."""
    with pytest.raises(FileRefused) as refused:
        service.register_many("serata", [*rows(3), ("coppia 2", ("X", "Y"))])
    (problem,) = refused.value.problems
    assert problem.line == 4
    assert problem.render("it") == "riga 4: «coppia 2» è ripetuto alle righe 2 e 4"
    assert service.state("serata").competitors == {}


def test_a_list_is_decided_outside_the_lock_and_again_if_overtaken(
    service: EventService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the list is decided the state is read and another competitor registered (the
    lock is free); the list is then decided again after it and numbered after it."""
    started, release = threading.Event(), threading.Event()
    real = commands.register
    held: list[bool] = []

    def slow(st: EventState, name: str, *args: Any, **kw: Any) -> list[Record]:
        if not held:
            held.append(True)
            started.set()
            release.wait(WAIT)
        return real(st, name, *args, **kw)

    monkeypatch.setattr(commands, "register", slow)
    out: list[list[int]] = []
    thread = threading.Thread(target=lambda: out.append(service.register_many("serata", rows(5))))
    thread.start()
    try:
        assert started.wait(WAIT)
        assert service.state("serata").competitors == {}
        assert service.run("serata", Register("Ritardatari")) == 1
        assert not out, "the list was appended before it was released"
    finally:
        release.set()
        thread.join(WAIT)
    assert out == [[2, 3, 4, 5, 6]]
    assert [c.name for c in service.state("serata").competitors.values()] == [
        "Ritardatari",
        *(f"Coppia {i}" for i in range(1, 6)),
    ]


def test_the_cli_import_appends_the_file_in_one_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    with RecordStore.open(db) as store:
        EventService(store).create_event("ev", CONFIG)
    path = tmp_path / "iscritti.csv"
    path.write_text(
        "nome,giocatore1,giocatore2\n" + "".join(f"C{i},A{i},B{i}\n" for i in range(200)),
        "utf-8",
    )
    calls = count_appends(monkeypatch)
    result = CliRunner().invoke(app, ["--db", db, "import-csv", "ev", str(path)])
    assert result.exit_code == 0, result.output
    assert calls == [200]


def fold(numbers: Sequence[int]) -> EventState:
    """An event whose competitors were registered with these numbers, in this order (an
    event file may carry any)."""
    log = [dataclasses.replace(commands.create_event(CONFIG, NOW), seq=1)]
    for seq, n in enumerate(numbers, start=2):
        body = CompetitorRegistered(n, f"Coppia {n}", ())
        log.append(dataclasses.replace(make_record(body, NOW, "director"), seq=seq))
    return EventState.replay("e", log)


def register(state: EventState, name: str) -> int:
    made = commands.register(state, name, (), NOW)
    for rec in made:
        state.apply(dataclasses.replace(rec, seq=state.last_seq + 1))
    body = made[0].body
    assert isinstance(body, CompetitorRegistered)
    return body.competitor


def test_the_next_number_is_one_more_than_the_highest_whatever_the_order() -> None:
    """Numbers registered out of order (5, then 3): the next is 6, then 7; two events
    registered in turn keep their own numbering."""
    first, second = fold([5, 3]), fold([])
    assert first.next_number == 6
    assert register(first, "Nuova") == 6
    assert register(second, "Prima") == 1
    assert register(first, "Altra") == 7
    assert register(second, "Seconda") == 2
    first.apply(
        dataclasses.replace(
            make_record(CompetitorRegistered(40, "Da file", ()), NOW, "director"),
            seq=first.last_seq + 1,
        )
    )
    assert register(first, "Dopo il file") == 41
    again = fold([2, 9, 4])
    assert register(again, "Ultima") == 10
