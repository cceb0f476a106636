"""Knockout matches at digital tables (issue 32): the use cases of a match played on the four
players' phones, on the event's :class:`KnockoutService`. A match's table is played the one
way every digital table is (:class:`arbitro.services.digital_tables.TableUseCases`: its moves
in the table's own log, issue 33, the robots, what follows a finished deal), named by its
round and number (a match's), so that a seat's phone and the terminal serve both alike.

What differs from a round's table: a move of a decided match is refused (art. 9); a finished
game goes into the match as the pairs' phones record it (Briscola art. 8: its
``game-result``, decided from the table's moves), then the next game is dealt while the
match is not decided (art. 9); the games are dealt by a secure random source
(:mod:`secrets`). Nothing is signed: the engine's result is the record."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.games.core.seats import Seat
from arbitro.i18n import N_
from arbitro.services.digital_tables import TableUseCases
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.digital.commands import digital_table
from arbitro.tournament.digital.engine import engine_of
from arbitro.tournament.digital.table import DigitalTable
from arbitro.tournament.knockout_digital import (
    DealNextGame,
    OpenDigitalMatch,
    RecordDigitalGame,
    match_at,
    match_key,
    play_match_move,
    result_due,
)
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.tournament.model import TableSeating


class DigitalMatches(TableUseCases[KnockoutService]):
    """The digital tables of a knockout event's matches. ``rng``: the random source of the
    deals and robots; a secure one unless a test gives its own (art. 2: a shuffle nobody can
    foresee)."""

    def __init__(self, events: KnockoutService, rng: random.Random | None = None) -> None:
        self._events = events
        self._rng = rng if rng is not None else secrets.SystemRandom()

    _decide = staticmethod(play_match_move)

    def _after_deal(self, state: Any, t: DigitalTable) -> Callable[[], Any] | None:
        """After a game: its result into the match (art. 8), then the next game while the
        match is not decided (art. 9); nothing once it is."""
        m = match_at(state, t.round, t.table)
        if result_due(state, m):
            return lambda: RecordDigitalGame(m.id)
        if m.winner is not None:
            return None
        return lambda: DealNextGame(m.id, t.engine.layout(self._rng, t.current.layout))

    def _seat_view(self, state: Any, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
        """:func:`seat_view`."""
        return seat_view(state, round_number, table, seat)

    def open(
        self, event_id: str, match: str, robots: Sequence[Seat] = (), actor: str = "director"
    ) -> tuple[int, int]:
        """Open match ``match`` at a digital table: its next game dealt (the dealer drawn by
        the server, art. 1), robots at ``robots``, their cards played up to a player's turn.
        Answers the table's (round, number)."""
        state = self._events.state(event_id)
        layout = engine_of(str(state.config.code)).layout(self._rng, None)
        self._events.run(event_id, OpenDigitalMatch(match, layout, tuple(robots), actor))
        key = match_key(self._events.state(event_id).bracket.match(match))  # type: ignore[union-attr]
        self.advance(event_id, *key)
        return key

    def sign(self, event_id: str, round_number: int, table: int, *args: Any, **kw: Any) -> str:
        """A match has no sheet to sign: each game is recorded as it ends (refused)."""
        raise ArbitroError(
            "a match's games are recorded as they end: nothing to sign", key="ko.no_sign"
        )

    def signer(self, event_id: str, round_number: int, table: int, seat: Seat) -> str:
        """Who answers for ``seat``'s game: its pair (the engine's signer; a match signs
        nothing, :meth:`sign`)."""
        t = self.table(event_id, round_number, table)
        return t.engine.signer(seat, TableSeating(table, None, None))


def seat_view(state: KnockoutState, round_number: int, table: int, seat: Seat) -> dict[str, Any]:
    """What ``seat`` sees of its match's table: the engine's view (its own hand only), the
    game's number and move count (the next move's ``n`` is one more), the legal moves when
    it is to play, and the match: its pairs (N-S the first), the games won by each (art. 9)."""
    t = digital_table(state, round_number, table)
    m = match_at(state, round_number, table)
    engine = t.engine
    game = t.position()
    view = engine.view(game, seat)
    on = not game.is_over and game.turn is seat
    first, second = m.score
    view.update(
        round=round_number,
        table=table,
        deal=t.current.number,
        deals=2 * m.wins_needed - 1,
        n=len(t.current.moves),
        robots=list(t.current.robots),
        moves=engine.moves(game) if on else [],
        sheet=None,
        match={"id": m.id, "pairs": {"NS": m.first, "EW": m.second}, "games": [first, second]},
    )
    view["counters"] = [
        *view.get("counters", []),
        {"title": N_("Games N-S"), "value": first},
        {"title": N_("Games E-W"), "value": second},
    ]
    if m.games and m.games[-1].points and not game.is_over:  # the game before's points
        points = [n for _, n in m.games[-1].points]  # the first pair's, then the second's
        view["counters"].append({"title": N_("Last game"), "value": "-".join(map(str, points))})
    view["labels"] = {
        **view.get("labels", {}),
        "deal": N_("Game"),
        "score": N_("Score of the game"),
        "over": N_("Match over") if m.winner is not None else N_("Game over"),
    }
    return view


def progress(state: KnockoutState, round_number: int, table: int) -> tuple[int, int]:
    """The table's (game, moves) now: what a phone's socket compares to know it moved."""
    t = digital_table(state, round_number, table)
    return t.current.number, len(t.current.moves)
