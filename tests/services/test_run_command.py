"""One way to run an action (issue 30): a command value decides itself on the state and
names what the caller gets back; ``EventLog.run`` stores its records in one transaction
under the service's lock, calls the commit's listeners once, stores nothing when the
command is refused, and decides again when another process appended between the decision
and the append."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.services import registering
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.commands.command import Context, last_seq
from arbitro.tournament.commands.common import playing_table
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import CompetitorRegistered, Record

NOW = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[RecordStore]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'run.sqlite3'}") as opened:
        yield opened


@pytest.fixture
def service(store: RecordStore) -> EventService:
    svc = EventService(store, lambda: NOW)
    config = EventConfig("Serata", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW,) * 2, seed=7)
    svc.create_event("e", config)
    for name in ("Rossi", "Bianchi", "Verdi", "Neri"):
        svc.run("e", registering.Register(name))
    return svc


@dataclass(frozen=True, slots=True)
class BothAbandon:
    """Written only here, as a new action would be: both pairs of a table leave the event
    (FIBAS art. 36: "qualora entrambe le coppie al tavolo abbandonino il torneo"), recorded
    as one step (both abandons or neither); answers the two records' seqs."""

    round_number: int
    table: int
    reason: str

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        table = playing_table(state, self.round_number, self.table)
        return [
            commands.record_abandon(
                state, self.round_number, pair, False, self.reason, ctx.now, "arbiter"
            )
            for line in table.lines
            for pair in line
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> list[int]:
        return [r.seq for r in records]


def test_a_new_action_is_one_command_value_run_by_the_service(service: EventService) -> None:
    """Art. 36: both pairs of table 1 leave; the two abandons are stored in one commit (the
    web's listeners woken once), numbered after the seating, and folded."""
    service.seat("e", 1, publish=True)
    woken: list[str] = []
    service.on_commit.append(woken.append)
    before = service.state("e").last_seq

    seqs = service.run("e", BothAbandon(1, 1, "litigio al tavolo"))

    assert seqs == [before + 1, before + 2]
    assert woken == ["e"]
    stored = service.store.records("e", after_seq=before)
    assert [r.kind for r in stored] == ["abandon-recorded", "abandon-recorded"]
    assert service.state("e").last_seq == before + 2


def test_a_refused_command_stores_nothing_and_wakes_nobody(service: EventService) -> None:
    """A table that does not play: refused, the log and its listeners untouched."""
    service.seat("e", 1, publish=True)
    woken: list[str] = []
    service.on_commit.append(woken.append)
    before = service.state("e").last_seq
    with pytest.raises(ArbitroError):
        service.run("e", BothAbandon(1, 9, "litigio"))
    assert service.store.records("e", after_seq=before) == []
    assert woken == []


def test_an_action_overtaken_by_another_process_is_decided_again(
    service: EventService, store: RecordStore
) -> None:
    """Another process (a second service on the same database) registers a pair while this
    one decides a registration: the decision is not appended on the state it was taken on,
    it is taken again, so that the numbers follow the order of registration (FIBAS art. 37)
    and no number is given twice."""
    other = EventService(store, lambda: NOW)
    seen: list[int] = []

    @dataclass(frozen=True)
    class Register:
        def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
            seen.append(len(state.competitors))
            if len(seen) == 1:
                other.run("e", registering.Register("Gialli"))
            return commands.register(state, "Viola", (), ctx.now, "director")

        def outcome(self, records: Sequence[Record], state: EventState) -> int:
            return last_seq(records)

    service.run("e", Register())

    assert seen == [4, 5]
    stored = [to_domain(r).body for r in store.records("e")]
    registered = [(b.competitor, b.name) for b in stored if isinstance(b, CompetitorRegistered)]
    assert registered[-2:] == [(5, "Gialli"), (6, "Viola")]


def test_peek_shows_only_a_state_already_folded(service: EventService, store: RecordStore) -> None:
    """What the unverified banner reads: the state this process folded, never a read of
    the store (another process's service has folded nothing yet)."""
    assert service.peek("e") is service.state("e")
    assert EventService(store).peek("e") is None
