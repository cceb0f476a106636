"""An in-memory driver for event rules: commands make records, the driver numbers them and
folds them into the state, as the services do with the store."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from typing import Protocol, TypedDict, Unpack

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Line,
    Movement,
    Seating,
    TableSeating,
)
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

    def seat(
        self,
        rnd: int,
        *,
        movement: Movement | None = None,
        arbiter_tables: tuple[TableSeating, ...] | None = None,
    ) -> None:
        self.do(
            commands.seat(
                self.state, rnd, self.now, movement=movement, arbiter_tables=arbiter_tables
            )
        )
        self.do(commands.publish_seating(self.state, rnd, self.now))

    def seating(self, rnd: int) -> Seating:
        """The seating of round ``rnd``, which the test has already made."""
        seating = self.state.round(rnd).seating
        assert seating is not None, f"round {rnd} is not seated"
        return seating

    def table(self, rnd: int, number: int) -> TableSeating:
        """Table ``number`` of round ``rnd``, which exists."""
        table = self.seating(rnd).table(number)
        assert table is not None, f"round {rnd} has no table {number}"
        return table

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


def first(line: Line | None) -> CompetitorId:
    """The first competitor of a line that is at the table."""
    assert line is not None, "the line is missing"
    return line[0]


def entry(
    *deals: tuple[int, int, int, int], closed: tuple[tuple[int, int, int, int], ...] | None = None
) -> SheetEntry:
    """A sheet from ``(ns_base, ns_points, ew_base, ew_points)`` rows."""

    def row(d: tuple[int, int, int, int]) -> DealScore:
        return DealScore(LineDeal(d[0], d[1]), LineDeal(d[2], d[3]))

    return SheetEntry(
        tuple(row(d) for d in deals), None if closed is None else tuple(row(d) for d in closed)
    )


class ConfigExtras(TypedDict, total=False):
    """The :class:`EventConfig` fields :func:`config` passes through unchanged."""

    mitchell_step: int
    seed: int
    duplicate: bool
    complaints_window_minutes: int
    session_starts: tuple[int, ...]
    code: CodeId
    game: GameId


class ConfigArgs(ConfigExtras, total=False):
    """Every argument of :func:`config`."""

    rounds: int
    deals: int
    movements: tuple[Movement, ...] | None
    event_format: EventFormat


def config(
    rounds: int = 3,
    deals: int = 2,
    movements: tuple[Movement, ...] | None = None,
    event_format: EventFormat = EventFormat.PAIRS,
    **kw: Unpack[ConfigExtras],
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
    )


class MakeEvent(Protocol):
    """The :func:`make_event` fixture: a Driver for :func:`config`'s arguments."""

    def __call__(self, **kw: Unpack[ConfigArgs]) -> Driver: ...


@pytest.fixture
def make_event() -> MakeEvent:
    """Build a Driver for a configuration made by :func:`config`'s arguments."""

    def make(**kw: Unpack[ConfigArgs]) -> Driver:
        return Driver(config(**kw))

    return make
