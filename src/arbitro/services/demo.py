"""The demo event: a small FIBAS pairs evening played from registration to final standings,
with a clock that moves as an evening would (25 minutes a round, 15 for complaints)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from arbitro.i18n import _
from arbitro.services.deal_check import played_deal
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

DEMO_PAIRS = [
    ("Rossi / Bianchi", ["Mario Rossi", "Lucia Bianchi"]),
    ("Esposito / Romano", ["Gennaro Esposito", "Anna Romano"]),
    ("Colombo / Ricci", ["Paolo Colombo", "Giulia Ricci"]),
    ("Marino / Greco", ["Franco Marino", "Teresa Greco"]),
    ("Bruno / Gallo", ["Luigi Bruno", "Carla Gallo"]),
    ("Conti / De Luca", ["Sergio Conti", "Marta De Luca"]),
    ("Mancini / Costa", ["Bruno Mancini", "Elena Costa"]),
    ("Giordano / Rizzo", ["Nicola Giordano", "Rosa Rizzo"]),
    ("Lombardi / Moretti", ["Piero Lombardi", "Sara Moretti"]),
]


EVENING = timedelta(hours=4)
"""How long before now the demo evening starts: longer than its rounds and complaints windows."""


@dataclass
class SimulatedClock:
    """A clock for the demo: starts at ``now`` and moves only when told."""

    # The evening is played in the past, so that its standings are final by now (art. 39).
    now: datetime = field(default_factory=lambda: datetime.now(UTC) - EVENING)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        """Move the clock forward."""
        self.now += timedelta(minutes=minutes)


def random_deal(rng: random.Random) -> DealScore:
    """A plausible deal: one line closes with one or two burraci, the other may have one."""

    def line(closes: bool) -> LineDeal:
        burraci = rng.choice([1, 1, 2, 2, 3]) if closes else rng.choice([0, 0, 1, 1, 2])
        base = sum(rng.choice([100, 150, 200]) for _ in range(burraci)) + (100 if closes else 0)
        points = 5 * rng.randint(20, 70) if closes else 5 * rng.randint(-20, 50)
        return LineDeal(base, points)

    ns_closes = rng.random() < 0.5
    return DealScore(line(ns_closes), line(not ns_closes))


def played_log(
    event_id: str, pairs: int, rounds: int, seed: int, now: datetime
) -> tuple[EventState, list[Record]]:
    """An event of ``pairs`` pairs played through the domain's commands, in memory: a draw,
    then modified Danish rounds (FIBAS art. 4) of 2 deals, random sheets (:func:`random_deal`
    with ``seed``), every round's standings published; the state and its log (what the
    benchmarks and the tests of folding and replaying need)."""
    config = EventConfig(
        event_id,
        EventFormat.PAIRS,
        rounds,
        (2,) * rounds,
        (Movement.DRAW,) + (Movement.MODIFIED_DANISH,) * (rounds - 1),
        seed=1,
    )
    log = [replace(commands.create_event(config, now), seq=1)]
    state = EventState.replay(event_id, log)

    def do(made: Record | list[Record]) -> None:
        for rec in made if isinstance(made, list) else [made]:
            rec = replace(rec, seq=len(log) + 1)
            log.append(rec)
            state.apply(rec)

    for i in range(pairs):
        do(commands.register(state, f"Coppia {i + 1}", [], now))
    rng = random.Random(seed)
    for rnd in range(1, rounds + 1):
        do(commands.seat(state, rnd, now))
        do(commands.publish_seating(state, rnd, now))
        seating = state.round(rnd).seating
        assert seating is not None  # just seated
        for t in seating.tables:
            if not t.is_incomplete:
                entry = SheetEntry((random_deal(rng), random_deal(rng)))
                do(commands.enter_sheet(state, rnd, t.table, entry, now))
        do(commands.publish_standings(state, rnd, now))
    return state, log


@dataclass(frozen=True)
class DemoResult:
    """The demo event's final state, and the simulated time when the evening ended."""

    state: EventState
    finished_at: datetime


def run_demo(
    store: RecordStore,
    event_id: str,
    *,
    seed: int = 2026,
    progress: Callable[[str], None] = lambda s: None,
) -> DemoResult:
    """Create and play the demo event: 9 pairs (one rests each round, art. 37), a draw, two
    Mitchell rounds and a modified Danish one (art. 4), one lateness of 7 minutes (art. 37).
    Every deal is played by four greedy bots on the Burraco engine and scored by it."""
    clock = SimulatedClock()
    svc = EventService(store, clock)
    rounds = 4
    config = EventConfig(
        name=_("Demo tournament — Burraco pairs"),
        event_format=EventFormat.PAIRS,
        rounds=rounds,
        deals=(2,) * rounds,
        movements=(Movement.DRAW, Movement.MITCHELL, Movement.MITCHELL, Movement.MODIFIED_DANISH),
        seed=seed,
    )
    svc.create_event(event_id, config)
    for name, players in DEMO_PAIRS:
        svc.run(event_id, Register(name, players))
    rng = random.Random(seed)
    for rnd in range(1, rounds + 1):
        state = svc.seat(event_id, rnd, publish=True)
        progress(f"round-seated:{rnd}")
        seating = state.round(rnd).seating
        assert seating is not None
        clock.advance(config_minutes(state, rnd))
        if rnd == 2:
            late = seating.tables[0].lines[0][0]
            svc.run(event_id, values.RecordLateness(rnd, late, 7 * 60))
        for table in seating.tables:
            if table.is_incomplete:
                continue
            entry = SheetEntry(
                tuple(played_deal(rng, str(state.config.code)) for _ in range(state.deals(rnd)))
            )
            svc.enter_sheet(event_id, rnd, table.table, entry, actor=f"tavolo {table.table}")
        svc.run(event_id, values.PublishStandings(rnd))
        progress(f"standings-published:{rnd}")
        clock.advance(state.config.complaints_window_minutes)
    return DemoResult(svc.state(event_id), clock.now)


def config_minutes(state: EventState, rnd: int) -> int:
    """Minutes a round lasts by art. 7."""
    return state.code.round_minutes[state.deals(rnd)]
