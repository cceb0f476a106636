"""A long decision (a list of registrations, FIBAS art. 37) taken outside the service's lock
(issue 13 §3): the state can be read meanwhile, and a record that came in meanwhile makes the
decision be taken again on the new state, never appended on a stale one. No timing."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.commands.command import Context
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record

WAIT = 60


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore.open(f"sqlite:///{tmp_path}/outside.sqlite3")
    svc = EventService(store)
    config = EventConfig("Serata", EventFormat.PAIRS, 1, (2,), (Movement.DRAW,), seed=1)
    svc.create_event("serata", config)
    try:
        yield svc
    finally:
        store.close()


def test_a_decision_outside_the_lock_lets_readers_in_and_is_taken_again_if_overtaken(
    service: EventService,
) -> None:
    """While the decision runs the state is read and another registration appended (the lock
    is free); the decision then runs again on the state with that registration, so the
    numbers it gives follow it (art. 37: numbers in order of registration)."""
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    @dataclass(frozen=True)
    class SlowRegister:
        def decide(self, st: EventState, ctx: Context[EventState]) -> Sequence[Record]:
            calls.append(len(st.competitors))
            if len(calls) == 1:
                started.set()
                release.wait(WAIT)
            return commands.register(st, "Coppia lunga", (), ctx.now, "director")

        def outcome(self, records: Sequence[Record], state: EventState) -> int:
            return len(records)

    out: list[int] = []
    thread = threading.Thread(
        target=lambda: out.append(service.run_outside("serata", SlowRegister()))
    )
    thread.start()
    try:
        assert started.wait(WAIT)
        assert service.state("serata").competitors == {}
        service.run("serata", Register("Coppia veloce"))
        assert not out, "the decision finished before it was released"
    finally:
        release.set()
        thread.join(WAIT)
    assert calls == [0, 1]
    names = {c.number: c.name for c in service.state("serata").competitors.values()}
    assert names == {1: "Coppia veloce", 2: "Coppia lunga"}
    assert out == [1]
