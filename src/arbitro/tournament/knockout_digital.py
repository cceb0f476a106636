"""A knockout match played at a digital table (issue 32): its games dealt and played on the
four players' phones by the engine of the event's code (``CodeSpec.digital``), each finished
game recorded into the match as the same ``game-result`` the pairs' phones record on paper
(Briscola art. 8: the points of each pair, the last trick's pair at 60-60), so that the
bracket advances unchanged (art. 9: two games won decide the match).

The records are the digital tables' own (``digital-dealt``, ``digital-move``), the table named
by the match's round and its number in the round (match ``R2M1`` is table 1 of round 2), a
deal being one game of the match; the first pair of the match sits N-S, the second E-W. The
move that ends a game and that game's result are appended together, so that a game is never
finished without its result nor recorded twice. Nothing here names a game: the engine does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core.seats import Line, Seat
from arbitro.tournament.commands.command import Context
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.digital.commands import check_layout, digital_table, play_move
from arbitro.tournament.digital.engine import has_engine
from arbitro.tournament.digital.table import dealt, moved
from arbitro.tournament.knockout import GameReport, Match, PairId, apply_game
from arbitro.tournament.knockout_event import KNOCKOUT_FOLDS, KnockoutFold, KnockoutState
from arbitro.tournament.records import (
    DigitalDealt,
    DigitalMove,
    Record,
    RecordKind,
    body_from_json,
)


def match_key(match: Match) -> tuple[int, int]:
    """The digital table a match is played at: its round and its number in the round."""
    return match.round, match.number


def match_at(state: KnockoutState, round_number: int, table: int) -> Match:
    """The match of round ``round_number`` numbered ``table``; refused if there is none."""
    if state.bracket is not None:
        for m in state.bracket.matches():
            if match_key(m) == (round_number, table):
                return m
    raise ArbitroError(
        "no match {table} in round {round}", table=table, round=round_number, key="ko.no_match"
    )


def _playing(state: KnockoutState, match_id: str) -> Match:
    """The match ``match_id``, both pairs known and not decided (art. 9)."""
    if state.bracket is None:
        raise ConflictError("draw the bracket first", key="ko.no_bracket")
    m = state.bracket.match(match_id)
    if not m.is_ready:
        raise ConflictError("{match}: no game to play now", match=m.id, key="ko.no_game")
    return m


def open_match(
    state: KnockoutState,
    match_id: str,
    layout: dict[str, Any],
    robots: Sequence[Seat],
    now: datetime,
    actor: str,
) -> Record:
    """Open match ``match_id`` at a digital table: its next game dealt as ``layout`` (the
    engine's), robots at ``robots``. A match not ready (pairs unknown, decided), already
    digital, or of a code without a digital engine is refused."""
    m = _playing(state, match_id)
    code = str(state.config.code)
    if not has_engine(code):
        raise ArbitroError("the code {code} has no digital table yet", code=code)
    if match_key(m) in state.digital:
        raise ConflictError(
            "{match} is already played at a digital table", match=m.id, key="ko.digital_open"
        )
    check_layout(code, layout)
    seats = tuple(s.value for s in robots)
    return make_record(DigitalDealt(m.round, m.number, 1, layout, seats), now, actor)


def next_game(state: KnockoutState, match_id: str, layout: dict[str, Any], now: datetime) -> Record:
    """The match's next game at its digital table, once the game before is over and the
    match is not decided (art. 9)."""
    m = _playing(state, match_id)
    t = digital_table(state, *match_key(m))
    if not t.position().is_over:
        raise ConflictError("the game is not over yet", key="ko.game_on")
    check_layout(t.code, layout)
    body = DigitalDealt(m.round, m.number, len(t.deals) + 1, layout, t.current.robots)
    return make_record(body, now, "arbitro")


def game_report(match: Match, game: Any, number: int) -> GameReport:
    """The game report of a finished digital game, as the pairs' phones enter it (art. 8):
    each pair's points (the first pair N-S, the second E-W), the last trick's pair at a tie."""
    assert match.first is not None and match.second is not None
    outcome = game.outcome()
    pair_of: dict[Any, PairId] = {Line.NS: match.first, Line.EW: match.second}
    points = {pair_of[side]: n for side, n in outcome.points.items()}
    tie = points[match.first] == points[match.second]
    last = pair_of[game.result().last_trick] if tie else None
    return GameReport(match.id, number, points, last)


def play_match_move(
    state: KnockoutState,
    round_number: int,
    table: int,
    deal: int,
    n: int,
    seat: Seat,
    move: str,
    now: datetime,
    actor: str,
) -> list[Record]:
    """Move ``n`` of game ``deal`` at a match's digital table, checked as every digital move
    (turn, sequence, the code's legality); the move that ends the game comes with the game's
    result in the match (art. 8), checked against the bracket. A move sent twice is
    recorded once (nothing), the match's last one too (a phone that lost the answer)."""
    m = match_at(state, round_number, table)
    if m.winner is not None:
        try:  # the match's last move sent again: recorded once, nothing to refuse
            if play_move(state, round_number, table, deal, n, seat, move, now, actor) is None:
                return []
        except ArbitroError:
            pass
        raise ConflictError("{match} is decided", match=m.id, key="ko.decided")
    rec = play_move(state, round_number, table, deal, n, seat, move, now, actor)
    if rec is None:
        return []
    t = digital_table(state, round_number, table)
    game = t.position().copy()
    game.push(t.engine.parse_move(move))
    if not game.is_over:
        return [rec]
    report = game_report(m, game, len(m.games) + 1)
    assert state.bracket is not None
    apply_game(state.bracket, report)  # the points checked (art. 8) before anything is recorded
    body = body_from_json(RecordKind.GAME_RESULT, report.to_payload())
    return [rec, make_record(body, now, f"{m.id} digitale")]


def check_record(state: KnockoutState, rec: Record) -> list[Record]:
    """A digital record of a knockout read from an event file, decided again as the live
    action (the log check): the records the action makes (a game's last move with its
    result), or the refusal."""
    b = rec.body
    if isinstance(b, DigitalDealt):
        m = match_at(state, b.round, b.table)
        if b.deal == 1:
            robots = tuple(Seat(s) for s in b.robots)
            made = open_match(state, m.id, b.layout, robots, rec.at, rec.actor)
        else:
            made = next_game(state, m.id, b.layout, rec.at)
        if made.body != b:
            raise ConflictError("deal {deal} is not the next deal", deal=b.deal)
        return [rec]
    assert isinstance(b, DigitalMove)
    args = (b.round, b.table, b.deal, b.n, Seat(b.seat), b.move, rec.at, rec.actor)
    made_moves = play_match_move(state, *args)
    if not made_moves:
        raise ConflictError("move {n} is recorded twice", n=b.n, key="digital.twice")
    return [rec, *made_moves[1:]]


# ----------------------------------------------------------------- the folds


def _dealt(state: KnockoutState, b: DigitalDealt, rec: Record) -> None:
    """A game laid out at a match's digital table (the first opens it)."""
    dealt(state.digital, str(state.config.code), b)


def _move(state: KnockoutState, b: DigitalMove, rec: Record) -> None:
    """One move at a match's digital table, in its game's order."""
    moved(state.digital, b)


KNOCKOUT_FOLDS[DigitalDealt] = KnockoutFold(_dealt)
KNOCKOUT_FOLDS[DigitalMove] = KnockoutFold(_move)


# ----------------------------------------------------------------- the command values


@dataclass(frozen=True, slots=True)
class OpenDigitalMatch:
    """Open a match at a digital table with its next game (``layout``: the engine's, dealt
    by the service's secure random source); answers nothing."""

    match: str
    layout: dict[str, Any]
    robots: tuple[Seat, ...] = ()
    actor: str = "director"

    def decide(self, state: KnockoutState, ctx: Context[KnockoutState]) -> list[Record]:
        """The first ``digital-dealt`` record of the match."""
        return [open_match(state, self.match, self.layout, self.robots, ctx.now, self.actor)]

    def outcome(self, records: Sequence[Record], state: KnockoutState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class DealNextGame:
    """Lay out the match's next game at its digital table."""

    match: str
    layout: dict[str, Any]

    def decide(self, state: KnockoutState, ctx: Context[KnockoutState]) -> list[Record]:
        """The next ``digital-dealt`` record."""
        return [next_game(state, self.match, self.layout, ctx.now)]

    def outcome(self, records: Sequence[Record], state: KnockoutState) -> None:
        """Nothing."""


@dataclass(frozen=True, slots=True)
class PlayMatchMove:
    """Play move ``n`` of a match's game at its digital table for ``seat``; answers the
    number of moves the game has after it."""

    round_number: int
    table: int
    deal: int
    n: int
    seat: Seat
    move: str
    actor: str = "arbitro"

    def decide(self, state: KnockoutState, ctx: Context[KnockoutState]) -> list[Record]:
        """The ``digital-move`` record (and the game's result when it ends the game)."""
        return play_match_move(
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

    def outcome(self, records: Sequence[Record], state: KnockoutState) -> int:
        """How many moves the game has now."""
        return len(digital_table(state, self.round_number, self.table).current.moves)
