"""A knockout match played at a digital table (issue 32): its games dealt and played on the
four players' phones by the engine of the event's code (``CodeSpec.digital``), each finished
game recorded into the match as the same ``game-result`` the pairs' phones record on paper
(Briscola art. 8: the points of each pair, the last trick's pair at 60-60), so that the
bracket advances unchanged (art. 9: two games won decide the match).

The table is named by the match's round and its number in the round (match ``R2M1`` is table
1 of round 2), a deal being one game of the match; the first pair of the match sits N-S, the
second E-W. The games are dealt in the knockout's log (``digital-dealt``); the moves are
records of the table's own log (``digital-move``, issue 33: as a round's table), and a game's
``game-result`` follows its last move in the knockout's log, decided from the table's replay
(:func:`game_result`), at most once: the next game is not dealt before it. An old knockout's
moves, in the knockout's log with each game's result right after its last move, fold and are
checked as before. Nothing here names a game: the engine does."""

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
    GameResult,
    Record,
    RecordKind,
    body_from_json,
    body_to_json,
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
    """The match's next game at its digital table, once the game before is over, its result
    recorded, and the match is not decided (art. 9)."""
    m = _playing(state, match_id)
    t = digital_table(state, *match_key(m))
    if not t.position().is_over:
        raise ConflictError("the game is not over yet", key="ko.game_on")
    if result_due(state, m):
        raise ConflictError(
            "{match}: the game's result is not recorded yet", match=m.id, key="ko.result_first"
        )
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
) -> Record | None:
    """Move ``n`` of game ``deal`` at a match's digital table, checked as every digital move
    (:func:`~arbitro.tournament.digital.commands.play_move`: turn, sequence, the code's
    legality, Briscola art. 4); a match decided refuses it (art. 9). A move sent twice is
    recorded once (None), the match's last one too (a phone that lost the answer). The
    game's result is not made here: :func:`game_result`, once the move is in the table's
    log."""
    m = match_at(state, round_number, table)
    if m.winner is not None:
        try:  # the match's last move sent again: recorded once, nothing to refuse
            if play_move(state, round_number, table, deal, n, seat, move, now, actor) is None:
                return None
        except ArbitroError:
            pass
        raise ConflictError("{match} is decided", match=m.id, key="ko.decided")
    return play_move(state, round_number, table, deal, n, seat, move, now, actor)


def result_due(state: KnockoutState, m: Match) -> bool:
    """Whether match ``m``'s digital table has finished a game whose result is not recorded
    yet (art. 8: each game goes into the match as it ends; a result recorded and cancelled
    since is not due again: the arbiter records that game)."""
    key = match_key(m)
    if key not in state.digital_due:
        return False
    return bool(digital_table(state, *key).position().is_over)


def refuse_hand_result(state: KnockoutState, report: GameReport) -> None:
    """Refuse a game's result typed by hand (the arbiter's ``RecordGame``: each pair's
    points) while the match's digital table has a game whose result it has not recorded
    (being played, or just over): the table records it from its cards (art. 8; ruling
    digital 16), a typed one would conflict with it (docs/rulings.md, digital 26). An art.
    10 irregularity (the pair loses the game) is the arbiter's call at any time; a result
    the table recorded and the arbiter cancelled since is typed by hand once nothing is due
    from the table (the match decided: no next game dealt)."""
    if report.irregularity is not None or state.bracket is None:
        return
    m = state.bracket.match(report.match)
    due = state.digital_due.get(match_key(m))
    if due is None:
        return
    raise ConflictError(
        "{match}: game {game} is being played at a digital table, which records its result "
        "when it ends; let the game end there, or record an irregularity if a pair loses it",
        match=m.id,
        game=due,
        article=state.cite("result_points"),
        key="ko.digital_game_on",
    )


def game_result(state: KnockoutState, match_id: str, now: datetime) -> Record:
    """The ``game-result`` of the game just finished at match ``match_id``'s digital table
    (art. 8: each pair's points, the last trick's pair at a tie), from the engine's replay of
    the table's moves, checked against the bracket; a game not over, or whose result is
    recorded already, is refused (a result is recorded once)."""
    m = _playing(state, match_id)
    if not result_due(state, m):
        raise ConflictError(
            "{match}: no game's result to record", match=m.id, key="ko.no_result_due"
        )
    game = digital_table(state, *match_key(m)).position()
    report = game_report(m, game, len(m.games) + 1)
    assert state.bracket is not None
    apply_game(state.bracket, report)  # the points checked (art. 8) before anything is recorded
    body = body_from_json(RecordKind.GAME_RESULT, report.to_payload())
    return make_record(body, now, f"{m.id} digitale")


def check_record(state: KnockoutState, rec: Record) -> list[Record]:
    """A digital record of a knockout read from an event file (the knockout's log, or a
    table's own log merged among it), decided again as the live action (the log check): the
    same record, or the refusal."""
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
    if play_match_move(state, *args) is None:
        raise ConflictError("move {n} is recorded twice", n=b.n, key="digital.twice")
    return [rec]


def digital_result(state: KnockoutState, body: Any) -> bool:
    """Whether a ``game-result`` read from an event file is the result of a game finished at
    its match's digital table and not recorded yet (then :func:`check_result` checks it)."""
    if state.bracket is None or not isinstance(body, GameResult):
        return False
    try:
        m = state.bracket.match(body.match)
    except ArbitroError:
        return False
    return result_due(state, m)


def check_result(state: KnockoutState, rec: Record) -> list[Record]:
    """A digital game's ``game-result`` read from an event file, decided again as the live
    action (:func:`game_result`, art. 8): the engine's replay of the table's moves must give
    the same points; else refused."""
    body = rec.body
    assert isinstance(body, GameResult)
    made = game_result(state, body.match, rec.at)
    if body_to_json(made.body) != body_to_json(body):
        raise ArbitroError(
            "it differs from what the action makes: {made}",
            made=str(body_to_json(made.body)),
        )
    return [rec]


# ----------------------------------------------------------------- the folds


def _dealt(state: KnockoutState, b: DigitalDealt, rec: Record) -> None:
    """A game laid out at a match's digital table (the first opens it): the match's game
    number it plays is kept (its result is due once it is over)."""
    dealt(state.digital, str(state.config.code), b)
    m = match_at(state, b.round, b.table)
    state.digital_due[match_key(m)] = len(m.games) + 1


def _move(state: KnockoutState, b: DigitalMove, rec: Record) -> None:
    """One move at a match's digital table, in its game's order (a knockout's log held them
    before each table had its own: issue 33)."""
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
class RecordDigitalGame:
    """Record the result of the game just finished at match ``match``'s digital table
    (:func:`game_result`); answers nothing."""

    match: str

    def decide(self, state: KnockoutState, ctx: Context[KnockoutState]) -> list[Record]:
        """The ``game-result`` record."""
        return [game_result(state, self.match, ctx.now)]

    def outcome(self, records: Sequence[Record], state: KnockoutState) -> None:
        """Nothing."""
