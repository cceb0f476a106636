"""What may be done at a digital table, decided on the event's state (issue 32): open a
round's table as digital (its first deal), deal the next one, play a move. Each returns the
record to append, or refuses naming why; the service appends it on the state it was decided
on (the store's expected seq), so that two moves never race."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.games.core.seats import Seat
from arbitro.tournament.commands.command import Context
from arbitro.tournament.commands.common import playing_table
from arbitro.tournament.digital.engine import DigitalEngine, engine_of, seated_engine
from arbitro.tournament.digital.table import DigitalTable, TableLog
from arbitro.tournament.model import TableSeating
from arbitro.tournament.records import (
    DigitalAnswered,
    DigitalCalled,
    DigitalDealt,
    DigitalMove,
    DigitalPaused,
    DigitalSettings,
    Record,
)

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState


class HasTables(Protocol):
    """A state holding digital tables by (round, table): an event's of rounds, or a
    knockout's (its matches by round and number in the round)."""

    digital: dict[tuple[int, int], Any]


def digital_table(state: HasTables, round_number: int, table: int) -> DigitalTable:
    """The digital table ``table`` of round ``round_number``, its own log's moves folded up
    to now (the state's :class:`~arbitro.tournament.digital.table.TableLog`, when it has
    one); a table not opened as digital is refused."""
    found: DigitalTable | None = state.digital.get((round_number, table))
    if found is None:
        raise NotFoundError(
            "table {table} of round {round} is not a digital table",
            table=table,
            round=round_number,
            key="digital.not_open",
        )
    log: TableLog | None = getattr(state, "table_log", None)
    if log is not None:
        found.catch_up(log)
    found.absent = _absent(state, found)
    return found


ROBOT_ACTOR = "robot"
"""The actor of a robot's moves (the services' ``ROBOT``)."""


def _abandoned_seats(
    state: Any, round_number: int, table: int, engine: DigitalEngine
) -> tuple[TableSeating, list[Seat]] | None:
    """The table's seating and the seats whose player abandoned in round ``round_number``
    (Scala 40 art. 25, the event's ``abandon`` records), for an engine that deals to fewer
    seats (its ``seated_layout``); None for any other engine or a state without rounds (a
    knockout's)."""
    seated = seated_engine(engine)
    if seated is None or not hasattr(state, "abandons"):
        return None
    seating = state.round(round_number).seating
    seat = seating.table(table) if seating is not None else None
    if seat is None:
        return None
    gone = {str(c) for (r, c) in state.abandons if r == round_number}
    seats = seated.table_seats(seat)
    return seat, [s for s in seats if gone and engine.signer(s, seat) in gone]


def _absent(state: Any, t: DigitalTable) -> dict[str, int]:
    """The seats of ``t`` whose player abandoned in its round (Scala 40 art. 25), each with
    the deal he left on: the one before the first deal dealt without him (the deal under
    way when the abandon was recorded, which the robot finishes for him), else the deal
    being played (deal 1 if he left before the table was opened)."""
    abandons = getattr(state, "abandons", None)
    if not abandons or not any(r == t.round for (r, _) in abandons):
        return {}
    engine = t.engine
    found = _abandoned_seats(state, t.round, t.table, engine)
    seated = seated_engine(engine)
    if found is None or seated is None:
        return {}
    out = {}
    for s in found[1]:
        lacking = [d.number for d in t.deals if s not in seated.deal_seats(d.layout)]
        out[s.value] = max(1, lacking[0] - 1) if lacking else t.current.number
    return out


def dealt_without(state: EventState, round_number: int, competitor: int) -> tuple[int, int] | None:
    """The first (table, deal) of round ``round_number`` dealt at a digital table without the
    seat of ``competitor`` who sits there (Scala 40 art. 25: the three left after his
    abandon play on, "così dicasi per tutti i tavoli successivi"); None when every deal of
    his table was dealt to him (or he sits at no digital table). Once a deal is dealt
    without him, his abandon has been played on: it stands (docs/rulings.md, digital 25)."""
    tables = sorted(
        ((k, t) for k, t in state.digital.items() if k[0] == round_number), key=lambda kt: kt[0]
    )
    if not tables:
        return None
    engine = engine_of(str(state.config.code))
    seated = seated_engine(engine)
    seating = state.round(round_number).seating
    if seated is None or seating is None:
        return None
    for (_, table), t in tables:
        at = seating.table(table)
        if at is None:
            continue
        mine = [s for s in seated.table_seats(at) if engine.signer(s, at) == str(competitor)]
        for s in mine:
            lacking = [d.number for d in t.deals if s not in seated.deal_seats(d.layout)]
            if lacking:
                return table, lacking[0]
    return None


def seated_layout(
    state: EventState, round_number: int, table: int, layout: dict[str, Any], first: bool
) -> dict[str, Any]:
    """``layout`` dealt to the seats of the table's players still playing (Scala 40: a table
    of three, art. 26; the three left after an abandon, art. 25 "verrà permesso il gioco a
    tre. Così dicasi per tutti i tavoli successivi"), by the engine's ``seated_layout``;
    unchanged for an engine without one (every seat is dealt). ``first``: the table's first
    deal (its dealer drawn), else a later one (the deal passes on)."""
    engine = engine_of(str(state.config.code))
    found = _abandoned_seats(state, round_number, table, engine)
    seated = seated_engine(engine)
    if found is None or seated is None:
        return layout
    seating, gone = found
    seats = [s for s in seated.table_seats(seating) if s not in gone]
    fitted = seated.seated_layout(layout, seats, first)
    if gone:
        try:
            engine.start(fitted)
        except ArbitroError as err:  # too few left to play (Scala 40 art. 25: three)
            raise ConflictError(
                "the table cannot go on with the players left: {why}",
                why=err.msg,
                article=err.article,
                key="digital.too_few",
            ) from None
    return fitted


def open_table(
    state: EventState,
    round_number: int,
    table: int,
    layout: dict[str, Any],
    robots: Sequence[Seat],
    now: datetime,
    actor: str,
) -> Record:
    """Open table ``table`` of a round under way as digital: its first deal, laid out as
    ``layout`` (FIBAS art. 6), robots at ``robots``. A table already open, or whose sheet is
    entered, is refused."""
    playing_table(state, round_number, table)
    layout = seated_layout(state, round_number, table, layout, True)
    check_layout(str(state.config.code), layout)
    if robots and not settings_of(state, round_number).robots:
        raise ConflictError(
            "the event does not allow robots at empty seats", key="digital.no_robots"
        )
    if (round_number, table) in state.digital:
        raise ConflictError(
            "table {table} of round {round} is already a digital table",
            table=table,
            round=round_number,
            key="digital.already_open",
        )
    if state.round(round_number).sheets.get(table) is not None:
        raise ConflictError(
            "table {table}'s sheet is already entered: it is played on paper",
            table=table,
            key="digital.paper",
        )
    body = DigitalDealt(round_number, table, 1, layout, tuple(s.value for s in robots))
    return Record(body, now, actor)


def next_deal(
    state: EventState, round_number: int, table: int, layout: dict[str, Any], now: datetime
) -> Record:
    """The next deal of a digital table, once the current one is over and the round has
    deals left (FIBAS art. 7: the round's deals)."""
    t = digital_table(state, round_number, table)
    if not t.position().is_over:
        raise ConflictError("the deal is not over yet", key="digital.deal_on")
    if len(t.deals) >= state.deals(round_number):
        raise ConflictError(
            "every deal of the round is played ({deals})",
            deals=state.deals(round_number),
            key="digital.no_deal_left",
        )
    layout = seated_layout(state, round_number, table, layout, False)
    check_layout(str(state.config.code), layout)
    return Record(
        DigitalDealt(round_number, table, len(t.deals) + 1, layout, t.current.robots), now
    )


def play_move(
    state: HasTables,
    round_number: int,
    table: int,
    deal: int,
    n: int,
    seat: Seat,
    move: str,
    now: datetime,
    actor: str,
) -> Record | None:
    """Move number ``n`` of deal ``deal``, made by ``seat``: its record, with the move in the
    engine's notation. The server checks it again whatever the phone offered: a deal that is
    not the current one, a stale ``n`` (another move came first), a seat out of turn, a
    malformed or illegal move (the code's article) are refused. The same move sent again
    with the same ``n`` answers None: it was recorded once (also a deal's last move sent
    again once the next deal is dealt)."""
    t = digital_table(state, round_number, table)
    current = t.current
    engine = t.engine
    if 1 <= deal <= len(t.deals) and 1 <= n <= len(t.deals[deal - 1].moves):
        done_seat, done = t.deals[deal - 1].moves[n - 1]
        if done_seat == seat.value and done == _normal(engine.parse_move(move)):
            return None  # sent twice (even once the next deal is dealt): recorded once
    if deal != current.number:
        raise ConflictError(
            "deal {deal} is not the one being played (deal {current})",
            deal=deal,
            current=current.number,
            key="digital.stale_deal",
        )
    if n != len(current.moves) + 1:
        raise ConflictError(
            "move {n} is stale: the table is at move {at}; reload",
            n=n,
            at=len(current.moves),
            key="digital.stale_move",
        )
    if t.paused:
        raise ConflictError("Table paused by the arbiter", key="digital.paused")
    game = t.position()
    if game.is_over:
        raise ConflictError("the deal is over", key="digital.deal_over")
    if seat is not game.turn:
        raise ArbitroError(
            "it is {turn}'s turn, not {seat}'s",
            turn=game.turn.value,
            seat=seat.value,
            key="digital.out_of_turn",
        )
    if seat.value in t.absent and actor != ROBOT_ACTOR:
        raise ConflictError(
            "the player at {seat} has abandoned: the robot finishes the deal for him",
            seat=seat.value,
            key="digital.abandoned",
        )
    parsed = engine.parse_move(move)
    game.copy().push(parsed)  # an illegal move raises IllegalMoveError, citing the code
    return Record(
        DigitalMove(round_number, table, deal, n, seat.value, _normal(parsed)), now, actor
    )


CALL_REASONS = ("player", "time", "wait")
"""Why the arbiter is called: a player's button, the move's time limit exceeded, a seat
awaited too long (docs/digital-tables.md)."""


def pause_table(
    state: EventState, round_number: int, table: int, paused: bool, now: datetime, actor: str
) -> Record:
    """Pause (``paused``) or resume a digital table (FIBAS art. 7: the arbiter stops the
    play; art. 36, 37, 41: while ruling on abandon, time, conduct). Pausing a paused table
    or resuming a table in play is refused."""
    t = digital_table(state, round_number, table)
    if t.paused and paused:
        raise ConflictError("the table is already paused", key="digital.pause_same")
    if not t.paused and not paused:
        raise ConflictError("the table is not paused", key="digital.pause_same")
    return Record(DigitalPaused(round_number, table, paused), now, actor)


def call_arbiter(
    state: EventState,
    round_number: int,
    table: int,
    seat: Seat,
    reason: str,
    now: datetime,
    actor: str,
) -> Record:
    """Call the arbiter to a digital table (issue 32): from ``seat``'s phone (``player``), or
    for ``seat`` by the server (``time``: the move's time limit exceeded, art. 7, 17;
    ``wait``: a seat disconnected too long, art. 36-37). A call already waiting for the same
    seat and reason is refused: the arbiter is coming."""
    t = digital_table(state, round_number, table)
    if reason not in CALL_REASONS:
        raise ArbitroError("unknown call «{reason}»", reason=reason, key="digital.call_reason")
    if seat not in t.engine.seats:
        raise ArbitroError("«{seat}» is not a seat (N, E, S, W)", seat=seat.value)
    if any(c.seat == seat.value and c.reason == reason for c in t.open_calls):
        raise ConflictError("The arbiter has been called already", key="digital.called")
    return Record(DigitalCalled(round_number, table, seat.value, reason), now, actor)


def answer_call(
    state: EventState, round_number: int, table: int, call: int, now: datetime, actor: str
) -> Record:
    """The director answered call number ``call`` of the table; an unknown call, or one
    answered already, is refused."""
    t = digital_table(state, round_number, table)
    if not 1 <= call <= len(t.calls):
        raise NotFoundError("no call {call} at this table", call=call, key="digital.no_call")
    if t.calls[call - 1].answered_at is not None:
        raise ConflictError("call {call} is answered already", call=call, key="digital.answered")
    return Record(DigitalAnswered(round_number, table, call), now, actor)


MAX_SECONDS = 24 * 3600


def settings_of(state: EventState, round_number: int) -> DigitalSettings:
    """The digital tables' settings of a round: its own, else the event's, else the default
    (no time limit, no wait limit, robots allowed)."""
    found = state.digital_settings.get(round_number) or state.digital_settings.get(0)
    return found if isinstance(found, DigitalSettings) else DigitalSettings(0)


def set_settings(
    state: EventState,
    round_number: int,
    move_seconds: int,
    wait_seconds: int,
    robots: bool,
    now: datetime,
    actor: str,
) -> Record:
    """The director's settings for round ``round_number`` (0: the event's): the per-move
    time limit and the wait for a disconnected seat in seconds (0: off; at most a day), and
    whether robots may take empty seats."""
    if not 0 <= round_number <= state.config.rounds:
        raise NotFoundError("round {round} does not exist", round=round_number)
    for value in (move_seconds, wait_seconds):
        if not 0 <= value <= MAX_SECONDS:
            raise ArbitroError(
                "a time limit is from 0 (off) to {most} seconds",
                most=MAX_SECONDS,
                key="digital.seconds",
            )
    body = DigitalSettings(round_number, move_seconds, wait_seconds, robots)
    return Record(body, now, actor)


def _normal(move: Any) -> str:
    return str(move)


def check_layout(code: str, layout: dict[str, Any]) -> None:
    """A layout the engine of ``code`` deals (a deck of its cards: FIBAS art. 3, 6; Briscola
    art. 2), else refused naming what is malformed; the rounds' tables and the knockouts'
    matches alike."""
    try:
        engine_of(code).start(layout)
    except (KeyError, ValueError, TypeError, AttributeError) as err:
        raise ArbitroError(
            "the deal's layout is malformed: {error}", error=str(err), key="digital.layout"
        ) from None


def check_record(state: EventState, rec: Record) -> Record:
    """A digital table's record read from an event file, decided again as the live action
    (docs/architecture.md, the log check): the same record, or the refusal."""
    b = rec.body
    if isinstance(b, DigitalDealt):
        if b.deal == 1:
            robots = tuple(Seat(s) for s in b.robots)
            return open_table(state, b.round, b.table, b.layout, robots, rec.at, rec.actor)
        made = next_deal(state, b.round, b.table, b.layout, rec.at)
        if made.body != b:
            raise ConflictError("deal {deal} is not the next deal", deal=b.deal)
        return rec
    if isinstance(b, DigitalSettings):
        return set_settings(
            state, b.round, b.move_seconds, b.wait_seconds, b.robots, rec.at, rec.actor
        )
    if isinstance(b, DigitalPaused):
        return pause_table(state, b.round, b.table, b.paused, rec.at, rec.actor)
    if isinstance(b, DigitalCalled):
        return call_arbiter(state, b.round, b.table, Seat(b.seat), b.reason, rec.at, rec.actor)
    if isinstance(b, DigitalAnswered):
        return answer_call(state, b.round, b.table, b.call, rec.at, rec.actor)
    assert isinstance(b, DigitalMove)
    move = play_move(state, b.round, b.table, b.deal, b.n, Seat(b.seat), b.move, rec.at, rec.actor)
    if move is None:
        raise ConflictError("move {n} is recorded twice", n=b.n, key="digital.twice")
    return move


# ----------------------------------------------------------------- the command values


@dataclass(frozen=True, slots=True)
class OpenDigitalTable:
    """Open a round's table as digital with its first deal (``layout``: the engine's, dealt
    by the service's secure random source); answers nothing."""

    round_number: int
    table: int
    layout: dict[str, Any]
    robots: tuple[Seat, ...] = ()
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The first ``digital-dealt`` record."""
        return [
            open_table(
                state,
                self.round_number,
                self.table,
                self.layout,
                self.robots,
                ctx.now,
                self.actor,
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class DealNext:
    """Lay out the next deal of a digital table."""

    round_number: int
    table: int
    layout: dict[str, Any]

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The next ``digital-dealt`` record."""
        return [next_deal(state, self.round_number, self.table, self.layout, ctx.now)]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class PlayMove:
    """Play move ``n`` of a digital table's deal for ``seat``; answers the number of moves
    recorded after it."""

    round_number: int
    table: int
    deal: int
    n: int
    seat: Seat
    move: str
    actor: str = "arbitro"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-move`` record (none for a move sent twice)."""
        rec = play_move(
            state,
            self.round_number,
            self.table,
            self.deal,
            self.n,
            self.seat,
            self.move,
            ctx.now,
            self.actor,
        )
        return [] if rec is None else [rec]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """How many moves the deal has now."""
        return len(digital_table(state, self.round_number, self.table).current.moves)


@dataclass(frozen=True, slots=True)
class PauseTable:
    """Pause (``paused``) or resume a digital table; answers nothing."""

    round_number: int
    table: int
    paused: bool
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-paused`` record."""
        return [pause_table(state, self.round_number, self.table, self.paused, ctx.now, self.actor)]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class CallArbiter:
    """Call the arbiter to a digital table for ``seat``; answers the call's number."""

    round_number: int
    table: int
    seat: Seat
    reason: str = "player"
    actor: str = "arbitro"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-called`` record."""
        rec = call_arbiter(
            state, self.round_number, self.table, self.seat, self.reason, ctx.now, self.actor
        )
        return [rec]

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The call's number at the table."""
        return len(digital_table(state, self.round_number, self.table).calls)


@dataclass(frozen=True, slots=True)
class AnswerCall:
    """The director answered a call of a digital table; answers nothing."""

    round_number: int
    table: int
    call: int
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-answered`` record."""
        return [answer_call(state, self.round_number, self.table, self.call, ctx.now, self.actor)]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class SetDigitalSettings:
    """Set the digital tables' time limits and robots for a round (0: the event)."""

    round_number: int
    move_seconds: int = 0
    wait_seconds: int = 0
    robots: bool = True
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-settings`` record."""
        rec = set_settings(
            state,
            self.round_number,
            self.move_seconds,
            self.wait_seconds,
            self.robots,
            ctx.now,
            self.actor,
        )
        return [rec]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""


def robot_move(table: DigitalTable, rng: random.Random) -> str | None:
    """The move a robot makes at ``table`` now (None unless the seat to play is a robot's,
    or its player's who abandoned: the robot finishes his deal, Scala 40 art. 25, and the
    deal is on)."""
    game = table.position()
    if table.paused or game.is_over:
        return None
    if game.turn.value not in table.current.robots and game.turn.value not in table.absent:
        return None
    return str(table.engine.robot(game, rng))
