"""A digital table as its records fold it (issue 32): its deals, each with its layout, its
robots and its moves in order; the position is the engine's replay of them, kept per deal
and advanced by the moves folded since (the records are the truth, the position a view).
Seats are kept as the records write them (``"N"``): folding loads no game (issue 14)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from arbitro.games.core import seats
    from arbitro.games.core.seats import Seat
    from arbitro.tournament.digital import engine as engines
    from arbitro.tournament.digital.engine import DigitalEngine
    from arbitro.tournament.model import TableSeating
    from arbitro.tournament.records import Record
else:  # the engines' registry and the games, loaded by the first position asked for
    engines = lazy_module("arbitro.tournament.digital.engine")
    seats = lazy_module("arbitro.games.core.seats")  # no game loaded while folding


class TableLog(Protocol):
    """Where an event's digital tables keep their own logs (issues 32, 33): each table's
    moves, numbered per table. The service gives a folded state its store's reader; a state
    without one (an event file being checked) holds every move in the event's records."""

    def after(self, round_number: int, table: int, seq: int) -> list[Record]:
        """The records of the table's log after its record ``seq``, in order."""
        ...

    def folding(self) -> AbstractContextManager[object]:
        """Held while a table folds the records :meth:`after` answered (the service's
        lock): one thread at a time folds a table, whoever reads it."""
        ...


@dataclass(slots=True)
class DigitalDeal:
    """One deal of a digital table: its number, layout, robots' seats and moves so far (each
    its seat and its notation)."""

    number: int
    layout: dict[str, Any]
    robots: tuple[str, ...]
    moves: list[tuple[str, str]] = field(default_factory=list)
    _replayed: tuple[Any, int] | None = None
    """The last position answered and how many moves it has: never changed once answered
    (a newer one is a copy), so that a thread reading it while another folds a move sees a
    whole position, never one with a move pushed twice."""

    def position(self, engine: DigitalEngine) -> Any:
        """The position after every move folded (do not change it: copy it first)."""
        replayed = self._replayed
        moves = self.moves[:]  # the moves folded now (another thread may fold one more)
        if replayed is None:
            game, played = engine.start(self.layout), 0
        else:
            game, played = replayed
            if played == len(moves):
                return game
            game = game.copy()
        for _, text in moves[played:]:
            game.push(engine.parse_move(text))
        self._replayed = (game, len(moves))
        return game


@dataclass(slots=True)
class DigitalCall:
    """A call of the arbiter to a digital table: its number (from 1), the seat that called
    (or the one awaited), why (``player``, ``time``, ``wait``), when, and when answered."""

    number: int
    seat: str
    reason: str
    at: datetime
    answered_at: datetime | None = None
    answered_by: str = ""


@dataclass(slots=True)
class DigitalTable:
    """A round's table played digitally: the event's code, its deals so far, whether the
    director paused it, the arbiter's calls, and the time of its last move, deal or resume
    (what the per-move time limit counts from)."""

    round: int
    table: int
    code: str
    deals: list[DigitalDeal] = field(default_factory=list)
    paused: bool = False
    calls: list[DigitalCall] = field(default_factory=list)
    since: datetime | None = None
    log_seq: int = 0
    """The last record of the table's own log folded (0: none yet; an old event's moves are
    records of the event's log, folded with it)."""
    absent: dict[str, int] = field(default_factory=dict)
    """The seats whose player abandoned in the round (Scala 40 art. 25), each with the deal
    he left on: set by :func:`~arbitro.tournament.digital.commands.digital_table` from the
    event's abandons, for an engine that deals to fewer seats (``seated_layout``)."""

    def catch_up(self, log: TableLog) -> None:
        """Fold the records of the table's own log appended since :attr:`log_seq` (another
        process's moves too): each move in its deal's order. A move of a deal this state has
        not folded yet (its ``digital-dealt`` is a newer record of the event's log than the
        state read) is left, with the ones after it, for the next read."""
        with log.folding():  # another thread's fold would fold the same records again
            for rec in log.after(self.round, self.table, self.log_seq):
                if not self.fold_move(rec):
                    return

    def fold_move(self, rec: Record) -> bool:
        """Fold one record of the table's own log (a ``digital-move``); False, and nothing
        folded, when its deal is not dealt in this state yet. A record folded already (a
        read caught the table up since it was appended) is not folded again."""
        if rec.seq <= self.log_seq:
            return True
        body: Any = rec.body
        if not 1 <= body.deal <= len(self.deals):
            return False
        self.deals[body.deal - 1].moves.append((body.seat, body.move))
        self.since = rec.at
        self.log_seq = rec.seq
        return True

    @property
    def open_calls(self) -> list[DigitalCall]:
        """The calls not answered yet, oldest first."""
        return [c for c in self.calls if c.answered_at is None]

    @property
    def engine(self) -> DigitalEngine:
        """The engine of the event's code."""
        return engines.engine_of(self.code)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats dealt a hand in the deal being played (:meth:`seats_of`)."""
        return self.seats_of(self.current.number) if self.deals else self.engine.seats

    def seats_of(self, deal: int) -> tuple[Seat, ...]:
        """The seats dealt a hand in deal ``deal``, in the engine's order: the engine's
        ``deal_seats`` of its layout where it has one (three at a Scala 40 table of three,
        or after an abandon: arts. 25, 26), else all the engine's
        :attr:`DigitalEngine.seats`."""
        engine = self.engine
        seated = engines.seated_engine(engine)
        if seated is None:
            return engine.seats
        dealt = set(seated.deal_seats(self.deals[deal - 1].layout))
        return tuple(s for s in engine.seats if s in dealt)

    @property
    def current(self) -> DigitalDeal:
        """The deal being played (or the last one played)."""
        return self.deals[-1]

    def position(self, deal: int | None = None) -> Any:
        """The position of deal ``deal`` (default: the current one)."""
        d = self.current if deal is None else self.deals[deal - 1]
        return d.position(self.engine)

    def sheet_entry(self, finished: list[Any], seating: TableSeating) -> dict[str, Any]:
        """The engine's sheet of the ``finished`` deals at the table seated as ``seating``
        (:meth:`DigitalEngine.sheet_entry`), told which seats' players abandoned and the
        deal each left on (Scala 40 art. 25: his column blank from it, the sheet naming
        him) when some did."""
        engine = self.engine
        seated = engines.seated_engine(engine)
        if self.absent and seated is not None:
            left = {seats.Seat(s): n for s, n in self.absent.items()}
            return seated.sheet_entry(finished, seating, left)
        return engine.sheet_entry(finished, seating)

    def finished(self) -> list[Any]:
        """The positions of the deals that are over, in order."""
        return [p for d in self.deals if (p := d.position(self.engine)).is_over]


def dealt(tables: dict[tuple[int, int], Any], code: str, body: Any) -> DigitalTable:
    """Fold a ``digital-dealt`` record into ``tables`` (an event's or a knockout's, by round
    and table): the deal laid out, the table opened by the first; answers the table."""
    table: DigitalTable | None = tables.get((body.round, body.table))
    if table is None:
        table = tables[(body.round, body.table)] = DigitalTable(body.round, body.table, code)
    table.deals.append(DigitalDeal(body.deal, dict(body.layout), tuple(body.robots)))
    return table


def moved(tables: dict[tuple[int, int], Any], body: Any) -> DigitalTable:
    """Fold a ``digital-move`` record of an event's (or a knockout's) log into ``tables``:
    the move in its deal's order; answers the table."""
    table: DigitalTable = tables[(body.round, body.table)]
    table.deals[body.deal - 1].moves.append((body.seat, body.move))
    return table
