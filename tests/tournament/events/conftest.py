"""An in-memory driver for event rules: commands make records, the driver numbers them and
folds them into the state, as the services do with the store."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

START = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)


class Driver:
    """Runs commands against an in-memory event."""

    def __init__(self, config: EventConfig) -> None:
        self.now = START
        self.log: list[Record] = []
        first = commands.create_event(config, self.now)
        self.log.append(dataclasses.replace(first, seq=1))
        self.state = EventState.replay("test", self.log)

    def do(self, made: Record | list[Record]) -> None:
        for rec in made if isinstance(made, list) else [made]:
            rec = dataclasses.replace(rec, seq=len(self.log) + 1)
            self.log.append(rec)
            self.state.apply(rec)

    def tick(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)

    def register_many(self, n: int) -> None:
        for i in range(1, n + 1):
            self.do(commands.register(self.state, f"Coppia {i}", [], self.now))

    def seat(self, rnd: int, **kw: object) -> None:
        self.do(commands.seat(self.state, rnd, self.now, **kw))  # type: ignore[arg-type]
        self.do(commands.publish_seating(self.state, rnd, self.now))

    def sheet(
        self,
        rnd: int,
        table: int,
        *deals: tuple[int, int, int, int],
        closed: tuple[tuple[int, int, int, int], ...] | None = None,
    ) -> None:
        self.do(
            commands.enter_sheet(self.state, rnd, table, entry(*deals, closed=closed), self.now)
        )

    def publish(self, rnd: int) -> None:
        self.do(commands.publish_standings(self.state, rnd, self.now))


def entry(
    *deals: tuple[int, int, int, int], closed: tuple[tuple[int, int, int, int], ...] | None = None
) -> SheetEntry:
    """A sheet from ``(ns_base, ns_points, ew_base, ew_points)`` rows."""

    def row(d: tuple[int, int, int, int]) -> DealScore:
        return DealScore(LineDeal(d[0], d[1]), LineDeal(d[2], d[3]))

    return SheetEntry(
        tuple(row(d) for d in deals), None if closed is None else tuple(row(d) for d in closed)
    )


def config(
    rounds: int = 3,
    deals: int = 2,
    movements: tuple[Movement, ...] | None = None,
    event_format: EventFormat = EventFormat.PAIRS,
    **kw: object,
) -> EventConfig:
    """An event configuration with sensible defaults (registration order, then Danish)."""
    moves = movements or (Movement.REGISTRATION_ORDER,) + (Movement.DANISH,) * (rounds - 1)
    return EventConfig(
        name="Test",
        event_format=event_format,
        rounds=rounds,
        deals=(deals,) * rounds,
        movements=moves,
        **kw,
    )  # type: ignore[arg-type]


@pytest.fixture
def make_event() -> Callable[..., Driver]:
    """Build a Driver for a configuration made by :func:`config`'s arguments."""

    def make(**kw: object) -> Driver:
        return Driver(config(**kw))  # type: ignore[arg-type]

    return make
