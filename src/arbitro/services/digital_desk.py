"""The director's side of a round's digital tables (issue 32): each table's progress (deal k
of n, whose turn, moves played, paused, the arbiter's calls), the full position (the director
sees everything), pausing and resuming a table, the arbiter's calls from the phones and
their answers. Every action is a record of the event's log (``digital-paused``,
``digital-called``, ``digital-answered``), decided in :mod:`arbitro.tournament.digital.commands`.

Which seats have a phone connected is no record: the web process that holds the sockets
passes it in (``connected``), so a terminal shows the rest."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.tournament.digital.commands import (
    AnswerCall,
    CallArbiter,
    PauseTable,
    SetDigitalSettings,
    digital_table,
    settings_of,
)
from arbitro.tournament.digital.table import DigitalTable
from arbitro.tournament.event import EventState


def progress(
    state: EventState,
    t: DigitalTable,
    connected: Mapping[str, int] | None = None,
    position: bool = True,
) -> dict[str, Any]:
    """A digital table's progress, JSON-ready: deal k of n, moves played, whose turn, the
    robots, each seat's state (``robot``, ``connected``, ``empty``, or ``unknown`` when
    ``connected`` is not known here), paused, the calls waiting, and (``position``) the
    full position in the engine's notation (the director's view only: FIBAS art. 7)."""
    game = t.position()
    deals = state.deals(t.round)
    robots = t.current.robots
    seats: dict[str, str] = {}
    for s in t.seats:  # the seats dealt (three at a Scala 40 table of three)
        if s.value in robots or s.value in t.absent:  # a robot finishes a leaver's deal
            seats[s.value] = "robot"
        elif connected is None:
            seats[s.value] = "unknown"
        else:
            seats[s.value] = "connected" if connected.get(s.value) else "empty"
    data: dict[str, Any] = {
        "round": t.round,
        "table": t.table,
        "deal": t.current.number,
        "deals": deals,
        "moves": len(t.current.moves),
        "turn": None if game.is_over else game.turn.value,
        "over": game.is_over,
        "finished": game.is_over and len(t.deals) >= deals,
        "robots": list(robots),
        "seats": seats,
        "paused": t.paused,
        "calls": [
            {"number": c.number, "seat": c.seat, "reason": c.reason, "at": c.at.isoformat()}
            for c in t.open_calls
        ],
    }
    if position:
        data["position"] = t.engine.position(game)
    return data


def round_tables(state: EventState, round_number: int) -> list[DigitalTable]:
    """The round's digital tables, in table order, each with its own log's moves folded."""
    return [digital_table(state, r, n) for (r, n) in sorted(state.digital) if r == round_number]


def moves_version(state: EventState, round_number: int) -> str:
    """What changes with every move at the round's digital tables (their own logs' seqs, and
    the moves an old event's log holds): a page's version besides the event's last seq, which
    a move no longer changes (issue 33)."""
    seen = [(t.log_seq, len(t.current.moves)) for t in round_tables(state, round_number)]
    return str(sum(a + b for a, b in seen))


class DigitalDesk:
    """The director's use cases on an event's digital tables (the event's service's)."""

    def __init__(self, events: EventService, tables: DigitalTables | None = None) -> None:
        self._events = events
        self._tables = tables if tables is not None else DigitalTables(events)

    def pause(self, event_id: str, round_number: int, table: int, actor: str = "director") -> None:
        """Pause the table (FIBAS art. 7): its phones show «Tavolo sospeso dall'arbitro» and
        no move is taken until it is resumed. A table whose deals are all over has nothing
        left to stop (art. 7: the arbiter stops the play): refused."""
        state = self._events.state(event_id)
        if progress(state, digital_table(state, round_number, table), position=False)["finished"]:
            raise ConflictError(
                "the table's deals are over: there is no play to pause",
                key="digital.pause_finished",
            )
        self._events.run(event_id, PauseTable(round_number, table, True, actor))

    def resume(self, event_id: str, round_number: int, table: int, actor: str = "director") -> None:
        """Resume a paused table: the play goes on (the robots' moves too); the move's time
        counts again from now."""
        self._events.run(event_id, PauseTable(round_number, table, False, actor))
        self._tables.advance(event_id, round_number, table)

    def call(
        self,
        event_id: str,
        round_number: int,
        table: int,
        seat: Seat,
        reason: str = "player",
        actor: str | None = None,
    ) -> int:
        """Call the arbiter to the table for ``seat`` (its phone's button, or the server's
        time checks); answers the call's number."""
        number: int = self._events.run(
            event_id,
            CallArbiter(round_number, table, seat, reason, actor or f"{table} {seat.value}"),
        )
        return number

    def answer(
        self, event_id: str, round_number: int, table: int, call: int, actor: str = "director"
    ) -> None:
        """Mark call number ``call`` of the table answered (a ruling, if any, goes through
        the rulings' form with the table: docs/digital-tables.md)."""
        self._events.run(event_id, AnswerCall(round_number, table, call, actor))

    def settings(
        self,
        event_id: str,
        round_number: int,
        move_seconds: int = 0,
        wait_seconds: int = 0,
        robots: bool = True,
        actor: str = "director",
    ) -> None:
        """Set the per-move time limit and the wait for a disconnected seat (seconds, 0:
        off) and whether robots may take empty seats, for a round (0: the event)."""
        self._events.run(
            event_id,
            SetDigitalSettings(round_number, move_seconds, wait_seconds, robots, actor),
        )

    def check_time(
        self,
        event_id: str,
        round_number: int,
        table: int,
        empty_since: Callable[[str], datetime | None] | None = None,
    ) -> list[tuple[str, str]]:
        """Call the arbiter when the seat to play has exceeded the move's time limit
        (``time``: FIBAS art. 7, 17) or the table has waited on its disconnected phone longer
        than the director's setting (``wait``: art. 36-37; ``empty_since`` tells when a
        seat's last phone left, None if connected). Each once per move (a call made since
        the last move is not made again). Answers the calls made: (seat, reason)."""
        state = self._events.state(event_id)
        t = digital_table(state, round_number, table)
        game = t.position()
        if t.paused or game.is_over or t.since is None:
            return []
        seat = game.turn.value
        if seat in t.current.robots:
            return []
        since = t.since
        limits = settings_of(state, round_number)
        now = self._events.clock()
        due: list[str] = []
        if limits.move_seconds and (now - since).total_seconds() > limits.move_seconds:
            due.append("time")
        left = empty_since(seat) if empty_since is not None and limits.wait_seconds else None
        if left is not None and (now - max(left, since)).total_seconds() > limits.wait_seconds:
            due.append("wait")
        made: list[tuple[str, str]] = []
        for reason in due:
            if any(c.seat == seat and c.reason == reason and c.at >= since for c in t.calls):
                continue
            try:
                self.call(event_id, round_number, table, Seat(seat), reason, actor="arbitro")
            except ConflictError:
                continue  # one waits already, or another process called first
            made.append((seat, reason))
        return made

    def table(
        self,
        event_id: str,
        round_number: int,
        table: int,
        connected: Mapping[str, int] | None = None,
    ) -> dict[str, Any]:
        """One table's progress and full position (:func:`progress`)."""
        state = self._events.state(event_id)
        return progress(state, digital_table(state, round_number, table), connected)

    def round(
        self,
        event_id: str,
        round_number: int,
        connected: Mapping[tuple[int, int], Mapping[str, int]] | None = None,
    ) -> list[dict[str, Any]]:
        """Every digital table's progress in the round (no positions: the list), in table
        order; ``connected`` by (round, table) when the sockets are known."""
        state = self._events.state(event_id)
        return [
            progress(
                state,
                t,
                None if connected is None else connected.get((t.round, t.table), {}),
                position=False,
            )
            for t in round_tables(state, round_number)
        ]


def replay(t: DigitalTable, deal: int, at: int | None = None) -> dict[str, Any]:
    """Deal ``deal`` of the table replayed to its move ``at`` (default: every move played),
    JSON-ready: the moves (number, seat, notation), the position after move ``at`` in the
    engine's notation (every card: the director's replay, or the public's of a finished
    deal), whether the deal is over. ``at`` is kept within 0..moves."""
    if not 1 <= deal <= len(t.deals):
        raise ArbitroError(
            "deal {deal} has not been dealt (deals 1-{count})",
            deal=deal,
            count=len(t.deals),
            key="digital.no_deal",
        )
    d = t.deals[deal - 1]
    engine = t.engine
    count = len(d.moves)
    at = count if at is None else max(0, min(at, count))
    game = engine.start(d.layout)
    for _, text in d.moves[:at]:
        game.push(engine.parse_move(text))
    position = engine.position(game)
    # replayed here, never the table's cached position: a snapshot's printout reads it too
    for _, text in d.moves[at:]:
        game.push(engine.parse_move(text))
    return {
        "table": t.table,
        "round": t.round,
        "deal": deal,
        "at": at,
        "count": count,
        "moves": [{"n": i, "seat": s, "move": m} for i, (s, m) in enumerate(d.moves, 1)],
        "position": position,
        "over": game.is_over,
    }
