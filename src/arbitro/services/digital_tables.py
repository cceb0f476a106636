"""Digital tables (issue 32): a round's table played on the players' phones, the engine of
the event's code (named by its spec, ``CodeSpec.digital``) keeping the rules and the score.

Every deal is a record of the event's log; every move a record of the table's own log (issue
33: its own sequence in the store, ``table_records``), appended on the table's state it was
decided on (the table's expected seq: two moves of one table never race, moves of different
tables never meet; a move sent twice is recorded once), so that any process, after any
restart, folds the same table. A move appends nothing to the event's log: the event's caches
(standings, pages) stay valid, and other tables' moves never make it decide again. The
deals are dealt by a secure random source (:mod:`secrets`). When the round's deals are over
the code's scoring fills the table's sheet, which each line signs with one tap: the same
``sheet-entered`` records as the phones' sheets, so standings and V.P. follow unchanged."""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core.seats import Seat
from arbitro.services.event_log import RETRIES, EventLog, to_store
from arbitro.services.events import EventService
from arbitro.store.errors import ConcurrencyError
from arbitro.tournament.digital import rounds as digital_rounds
from arbitro.tournament.digital.commands import (
    DealNext,
    OpenDigitalTable,
    digital_table,
    play_move,
    robot_move,
)
from arbitro.tournament.digital.engine import engine_of
from arbitro.tournament.digital.table import DigitalTable
from arbitro.tournament.event import EventState
from arbitro.tournament.model import TableSeating
from arbitro.tournament.records import Record

ROBOT = "robot"
"""The actor of a robot's moves."""


L = TypeVar("L", bound="EventLog[Any]")

Decide = Callable[[Any, int, int, int, int, Seat, str, datetime, str], Record | None]
"""How a move is decided on a state: :func:`~arbitro.tournament.digital.commands.play_move`'s
arguments and answer (the record, or None for a move recorded already)."""


class TableUseCases(ABC, Generic[L]):
    """The one way a digital table is played, a round's (:class:`DigitalTables`) and a
    knockout match's (:class:`arbitro.services.knockout_digital.DigitalMatches`) alike: a
    move decided and appended to the table's own log (:func:`append_move`), then the robots'
    moves and what follows a finished deal, until a human is to play. What differs is given
    by the subclass: how a move is decided (:meth:`_decide`), what follows a finished deal
    (:meth:`_after_deal`: a round's next deal, a match's game result and next game) and a
    seat's view (:meth:`_seat_view`)."""

    _events: L
    _rng: random.Random

    # ------------------------------------------------------------------ what differs

    _decide: Decide = staticmethod(play_move)
    """How a move is decided on a state (a round's: :func:`play_move`, the code's article)."""

    @abstractmethod
    def _after_deal(self, state: Any, t: DigitalTable) -> Callable[[], Any] | None:
        """What follows table ``t``'s finished deal: a maker of the command to run (its
        layout drawn only when made), or None when the table has nothing left to do."""

    @abstractmethod
    def _seat_view(self, state: Any, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees of the table on ``state``."""

    # ------------------------------------------------------------------ actions

    def play(
        self,
        event_id: str,
        round_number: int,
        table: int,
        seat: Seat,
        deal: int,
        n: int,
        move: str,
        actor: str | None = None,
    ) -> int:
        """Play ``move`` (the engine's notation) for ``seat`` as move ``n`` of deal ``deal``:
        checked again by the server (turn, sequence, legality: the code's article), recorded
        in the table's own log, then the robots' moves and what follows a finished deal;
        answers the deal's number of moves after the move itself."""
        actor = actor or f"{table} {seat.value}"
        with self.checked(event_id, round_number, table):  # no store read when nothing moved
            done = self._append(event_id, round_number, table, deal, n, seat, move, actor)
            self.advance(event_id, round_number, table)
        return done

    def advance(self, event_id: str, round_number: int, table: int) -> None:
        """Play the robots' moves while a robot is to play, and once a deal is over run what
        follows it (:meth:`_after_deal`); stop when a human is to play or nothing is left. A
        move or deal of another thread or process coming first stops it (that one advances
        the table)."""
        while True:
            with self._events.lock:  # the cached position is read (and advanced) under it
                state = self._events.state(event_id)
                t = digital_table(state, round_number, table)
                if t.paused:  # the arbiter stopped the table: nothing moves until resumed
                    return
                command: Any = None
                move: str | None = None
                if t.position().is_over:
                    follows = self._after_deal(state, t)
                    if follows is None:
                        return
                    command = follows()
                else:
                    move = robot_move(t, self._rng)
                    if move is None:
                        return
                    deal, n = t.current.number, len(t.current.moves) + 1
                    seat = t.position().turn
            try:
                if move is None:
                    self._events.run(event_id, command)
                    continue
                self._append(event_id, round_number, table, deal, n, seat, move, ROBOT)
            except ConflictError:
                return

    def _append(
        self,
        event_id: str,
        round_number: int,
        table: int,
        deal: int,
        n: int,
        seat: Seat,
        move: str,
        actor: str,
    ) -> int:
        """:func:`append_move` with this kind of table's decision (:attr:`_decide`)."""
        return append_move(
            self._events, event_id, round_number, table, deal, n, seat, move, actor, self._decide
        )

    # ------------------------------------------------------------------ views

    def checked(
        self,
        event_id: str,
        round_number: int,
        table: int,
        known: tuple[int, int] | None = None,
    ) -> AbstractContextManager[None]:
        """Held around a read of the table by a phone (outside the service's lock): the
        store's last seqs of the event and of the table's log read in one query, and the
        records read only when they moved past what this process folded
        (:meth:`~arbitro.services.event_log.EventLog.checked`, issue 32); ``known``: the
        seqs :meth:`folded` answered, no query."""
        return self._events.checked(event_id, round_number, table, known)

    def folded(self, event_id: str, round_number: int, table: int) -> tuple[int, int] | None:
        """The seqs of the event's last record and of the table's last move as this process
        has folded them, without reading the store (None: not folded yet, or to be folded
        again): right after this thread's own move, what the store held when it appended, so
        that the phones' views of that move (:meth:`checked` with them) read nothing more
        (issue 32: a move's four views made four store reads)."""
        with self._events.lock:
            state = self._events.peek(event_id)
            if state is None or state.stale:
                return None
            t = state.digital.get((round_number, table))
            return None if t is None else (state.last_seq, t.log_seq)

    def table(self, event_id: str, round_number: int, table: int) -> DigitalTable:
        """The digital table as folded, its own log's moves included (refused if the table
        is not digital)."""
        with self._events.lock:  # its own log folded under the lock, as every read's
            return digital_table(self._events.state(event_id), round_number, table)

    def replay(
        self, event_id: str, round_number: int, table: int, deal: int
    ) -> list[tuple[int, Seat, str]]:
        """Deal ``deal``'s moves in order: number, seat, move in the notation."""
        t = self.table(event_id, round_number, table)
        if not 1 <= deal <= len(t.deals):
            raise ArbitroError(
                "deal {deal} has not been dealt (deals 1-{count})",
                deal=deal,
                count=len(t.deals),
                key="digital.no_deal",
            )
        return [(i, Seat(s), m) for i, (s, m) in enumerate(t.deals[deal - 1].moves, 1)]

    def view(self, event_id: str, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees now (JSON-ready: :meth:`_seat_view`). A table left waiting on
        the server (a robot to play, or a finished deal's follow-up not made: the server
        stopped between a move and what follows it) is advanced first, so that a table
        resumes from its records after a restart as soon as a phone reads it."""
        with self._events.lock:  # the cached position is read (and advanced) under it
            waiting = self._waiting(self._events.state(event_id), round_number, table)
        if waiting:
            self.advance(event_id, round_number, table)
        with self._events.lock:
            return self._seat_view(self._events.state(event_id), round_number, table, seat)

    def _waiting(self, state: Any, round_number: int, table: int) -> bool:
        """Whether the table waits on the server, not on a player (see :meth:`view`)."""
        t = digital_table(state, round_number, table)
        game = t.position()
        if t.paused:
            return False
        if game.is_over:
            return self._after_deal(state, t) is not None
        return game.turn.value in t.current.robots


class DigitalTables(TableUseCases[EventService]):
    """The use cases of the digital tables of an event's rounds, on its :class:`EventService`.

    ``rng``: the random source of the deals and robots; a secure one unless a test gives its
    own (FIBAS art. 6: the shuffle nobody can foresee)."""

    def __init__(self, events: EventService, rng: random.Random | None = None) -> None:
        self._events = events
        self._rng = rng if rng is not None else secrets.SystemRandom()

    def _after_deal(self, state: Any, t: DigitalTable) -> Callable[[], Any] | None:
        """The round's next deal while it has deals left (FIBAS art. 7), laid out by
        :func:`~arbitro.tournament.digital.rounds.layout_of` (a carte uguali event's board)."""
        round_number, table = t.round, t.table
        if len(t.deals) >= state.deals(round_number):
            return None

        def deal_next() -> DealNext:
            layout = digital_rounds.layout_of(
                state, t.engine, round_number, len(t.deals) + 1, self._rng, t.current.layout
            )
            return DealNext(round_number, table, layout)

        return deal_next

    def _seat_view(self, state: Any, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
        """:func:`seat_view`."""
        return seat_view(state, round_number, table, seat)

    def open(
        self,
        event_id: str,
        round_number: int,
        table: int,
        robots: Sequence[Seat] = (),
        actor: str = "director",
    ) -> None:
        """Open table ``table`` of a round under way as digital: its first deal dealt (the
        dealer drawn, FIBAS arts. 5-6), robots at the seats ``robots`` (the event allows them),
        and the robots' moves played up to the first human's turn."""
        state = self._events.state(event_id)
        engine = engine_of(str(state.config.code))
        layout = digital_rounds.layout_of(state, engine, round_number, 1, self._rng, None)
        self._events.run(
            event_id, OpenDigitalTable(round_number, table, layout, tuple(robots), actor)
        )
        self.advance(event_id, round_number, table)

    def sign(
        self,
        event_id: str,
        round_number: int,
        table: int,
        line: str,
        device: str | None = None,
        seal: bytes | None = None,
        actor: str | None = None,
        source: str | None = None,
    ) -> str:
        """Line ``line`` signs the table's sheet, filled by the engine from the deals played
        (one tap: FIBAS art. 20); the same ``sheet-entered`` record as a phone's (its
        ``device``, ``source`` and the installation's proof sealed with ``seal``). Answers
        the sheet's status (``pending`` until both lines signed, then ``confirmed``)."""
        state = self._events.state(event_id)
        entry = sheet_entry(state, round_number, table)
        if entry is None:
            raise ArbitroError(
                "the table's deals are not over yet: no sheet to sign",
                key="digital.not_finished",
            )
        return self._events.enter_sheet(
            event_id,
            round_number,
            table,
            state.sheet_kind.parse(entry),
            actor=actor or f"tavolo {table} {line}",
            line=line,
            device=device,
            source=source,
            seal=seal,
        )

    # ------------------------------------------------------------------ views

    def signer(self, event_id: str, round_number: int, table: int, seat: Seat) -> str:
        """Who signs the table's sheet for ``seat``: its line, or its player (the engine's
        :meth:`~arbitro.tournament.digital.engine.DigitalEngine.signer` on the seating)."""
        state = self._events.state(event_id)
        t = digital_table(state, round_number, table)
        return t.engine.signer(seat, seating_of(state, round_number, table))


def append_move(
    events: EventLog[Any],
    event_id: str,
    round_number: int,
    table: int,
    deal: int,
    n: int,
    seat: Seat,
    move: str,
    actor: str,
    decide: Decide = play_move,
) -> int:
    """Decide move ``n`` of deal ``deal`` on the table's state now with ``decide`` (a round's
    :func:`~arbitro.tournament.digital.commands.play_move`: the code's article; a knockout
    match's checks the match too) and append
    it to the table's own log with the table's last seq it was decided on (and the event's,
    where it stands among the event's records); if another process or thread appended a move
    of this table first, decide it again on the new state (a stale move is then refused).
    Answers the deal's number of moves after it (a move sent twice: recorded once).

    The service's lock is held to decide and to fold, not while the store appends (a durable
    commit: milliseconds): the other tables' phones read their views meanwhile, and the
    store's expected seq still orders this table's moves."""
    for attempt in range(RETRIES):
        with events.lock:
            state = events.state(event_id)
            t = digital_table(state, round_number, table)
            # The seq is read before deciding: a read may catch the table up with another
            # process's move appended meanwhile (appends are made outside the lock), and a
            # move must never be appended after a move it was not decided on.
            expected, event_seq = t.log_seq, state.last_seq
            rec = decide(state, round_number, table, deal, n, seat, move, events.clock(), actor)
            if rec is None:
                return len(t.current.moves)
            if t.log_seq != expected:  # caught up while deciding: decide again on it
                if attempt == RETRIES - 1:
                    raise ConcurrencyError(event_id, expected, t.log_seq)
                continue
        try:
            stored = events.store.append_table(
                event_id,
                round_number,
                table,
                [to_store(rec)],
                expected_seq=expected,
                event_seq=event_seq,
            )
        except ConcurrencyError:
            events.forget_checked()  # another move came first: decided again on the store's
            if attempt == RETRIES - 1:
                raise
            continue
        with events.lock:  # folded here unless a read caught it up meanwhile
            for done in stored:
                t.fold_move(replace(rec, at=done.recorded_at, seq=done.seq))
        return n
    raise AssertionError("unreachable")


def seat_view(state: EventState, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
    """What ``seat`` sees of a round's table on a folded state (JSON-ready): the engine's
    view of the position (its own hand only), the deal's number and move count (the ``n`` of
    the next move is one more), the legal moves when it is to play, the sheet once the deals
    are over, and the deal before's score (``previous``: the next deal is dealt at once)."""
    t = digital_table(state, round_number, table)
    engine = t.engine
    game = t.position()
    view = engine.view(game, seat)
    on = not t.paused and not game.is_over and game.turn is seat
    view.update(
        round=round_number,
        table=table,
        deal=t.current.number,
        deals=state.deals(round_number),
        n=len(t.current.moves),
        robots=list(t.current.robots),
        moves=engine.moves(game) if on else [],
        sheet=sheet_entry(state, round_number, table),
        paused=t.paused,
        called=any(c.seat == seat.value for c in t.open_calls),
    )
    if t.current.number > 1:  # the deal before's score, once the next is dealt at once
        before = engine.view(t.position(t.current.number - 1), seat)
        view["previous"] = {"deal": t.current.number - 1, "scores": before.get("scores")}
    return view


def sheet_entry(state: EventState, round_number: int, table: int) -> dict[str, Any] | None:
    """The table's sheet as the engine scores it (the code's scoring, the arbiter's
    functions), once every deal of the round is over; None before."""
    t = digital_table(state, round_number, table)
    finished = t.finished()
    if len(finished) < state.deals(round_number):
        return None
    return t.sheet_entry(finished, seating_of(state, round_number, table))


def seating_of(state: EventState, round_number: int, table: int) -> TableSeating:
    """The seating of table ``table`` of round ``round_number`` (its lines, or its players
    in seat order)."""
    seating = state.round(round_number).seating
    found = seating.table(table) if seating is not None else None
    if found is None:
        raise ArbitroError(
            "table {table} of round {round} is not seated", table=table, round=round_number
        )
    return found
