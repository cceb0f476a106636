"""Seat a round: check the request and dispatch to its movement (FIBAS art. 4, art. 37)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from arbitro.i18n import msg, ngettext
from arbitro.tournament.model import PLAYERS_PER_LINE, Movement, Seating
from arbitro.tournament.movements.constraints import AUTO_STEP
from arbitro.tournament.movements.danish import danish, modified_danish
from arbitro.tournament.movements.draw import draw
from arbitro.tournament.movements.first_round import arbiter_choice, registration_order
from arbitro.tournament.movements.individual import (
    PLAYERS_PER_TABLE,
    individual_danish,
    individual_modified_danish,
)
from arbitro.tournament.movements.mitchell import mitchell
from arbitro.tournament.movements.request import (
    SeatingRequest,
    names,
    refuse,
)
from arbitro.tournament.movements.round_robin import round_robin

Seater = Callable[[SeatingRequest], Seating]

LINE_MOVEMENTS: dict[Movement, Seater] = {
    Movement.ARBITER_CHOICE: arbiter_choice,
    Movement.REGISTRATION_ORDER: registration_order,
    Movement.DRAW: draw,
    Movement.MITCHELL: mitchell,
    Movement.DANISH: danish,
    Movement.MODIFIED_DANISH: modified_danish,
    Movement.ROUND_ROBIN: round_robin,
}
"""Pairs and teams: one competitor per line."""

INDIVIDUAL_MOVEMENTS: dict[Movement, Seater] = {
    Movement.ARBITER_CHOICE: arbiter_choice,
    Movement.REGISTRATION_ORDER: registration_order,
    Movement.DRAW: draw,
    Movement.DANISH: individual_danish,
    Movement.MODIFIED_DANISH: individual_modified_danish,
}
"""Individual events: two players per line, partnerships changing every round."""

NEEDS_PREVIOUS_ROUND = frozenset({Movement.MITCHELL, Movement.DANISH, Movement.MODIFIED_DANISH})
"""Movements of "i turni successivi" that build on the previous round or its standings."""


def seat_round(request: SeatingRequest) -> Seating:
    """Seat one round by the request's movement (FIBAS art. 4; incomplete table by art. 37).

    Pairs and teams: one competitor per line, two lines per table. Individual events: two
    players per line, four per table. With an odd number of lines the last table is
    incomplete and its line rests; nobody rests twice in a session (art. 37). Raises
    :class:`~arbitro.errors.ArbitroError` (art. 4) for a request that cannot be seated.
    """
    check_request(request)
    movements = INDIVIDUAL_MOVEMENTS if request.is_individual else LINE_MOVEMENTS
    seater = movements.get(request.movement)
    if seater is None:
        refuse(
            msg(
                "Movement {movement} is not allowed in individual events: use Danish, modified "
                "Danish, draw, registration order or the arbiter's choice",
                movement=request.movement.value,
            )
        )
    return seater(request)


def check_request(request: SeatingRequest) -> None:
    """Refuse a request that no movement can seat (art. 4), naming what is wrong."""
    competitors = request.competitors
    if len(competitors) < PLAYERS_PER_LINE:
        refuse(
            msg(
                "At least 2 competitors are needed to form a table, there are {count}",
                count=len(competitors),
            )
        )
    twice = sorted(c for c, n in Counter(competitors).items() if n > 1)
    if twice:
        refuse(msg("Competitors listed more than once: {competitors}", competitors=names(twice)))
    if request.ranking and sorted(request.ranking) != sorted(competitors):
        refuse(msg("The ranking must hold exactly the active competitors, once each"))
    if request.round_number < 1 or request.total_rounds < request.round_number:
        refuse(
            ngettext(
                "Round {round} is not valid for an event of {rounds} round",
                "Round {round} is not valid for an event of {rounds} rounds",
                request.total_rounds,
                round=request.round_number,
                rounds=request.total_rounds,
            )
        )
    if len(request.history) != request.round_number - 1:
        refuse(
            ngettext(
                "Round {round} needs the seating of the {previous} previous round, {given} given",
                "Round {round} needs the seatings of the {previous} previous rounds, {given} given",
                request.round_number - 1,
                round=request.round_number,
                previous=request.round_number - 1,
                given=len(request.history),
            )
        )
    if not 1 <= request.session_start_round <= request.round_number:
        refuse(
            msg(
                "Session start {start} is not valid for round {round}",
                start=request.session_start_round,
                round=request.round_number,
            )
        )
    check_movement(request)
    if request.is_individual:
        check_individual_field(len(competitors))


def check_movement(request: SeatingRequest) -> None:
    """Refuse a movement not allowed in this round, or options that do not fit it (art. 4)."""
    movement = request.movement
    if movement is Movement.REGISTRATION_ORDER and request.round_number != 1:
        refuse(msg("Registration order applies to the first round only"))
    if movement in NEEDS_PREVIOUS_ROUND and request.round_number == 1:
        refuse(
            msg(
                "Movement {movement} applies to rounds after the first: round 1 is seated by "
                "the arbiter's choice, registration order or draw",
                movement=movement.value,
            )
        )
    if (request.arbiter_tables is not None) != (movement is Movement.ARBITER_CHOICE):
        refuse(msg("The arbiter's tables go with, and only with, the arbiter's choice"))
    if movement is Movement.MITCHELL and request.mitchell_step < AUTO_STEP:
        refuse(
            msg(
                "Mitchell: moving lines advance at least one table, not {step}",
                step=request.mitchell_step,
            )
        )


def check_individual_field(players: int) -> None:
    """Refuse an individual field that tables of four cannot hold (art. 4).

    Tables of four, plus at most one incomplete table with one line of two players (art. 37).
    """
    if players < PLAYERS_PER_TABLE or players % PLAYERS_PER_TABLE not in (0, PLAYERS_PER_LINE):
        refuse(
            ngettext(
                "Individual event with {players} player: at least {table} players are needed, and a number leaving 0 or {line} when divided by {table} (tables of four, at most one incomplete table with one line of two)",
                "Individual event with {players} players: at least {table} players are needed, and a number leaving 0 or {line} when divided by {table} (tables of four, at most one incomplete table with one line of two)",
                players,
                players=players,
                table=PLAYERS_PER_TABLE,
                line=PLAYERS_PER_LINE,
            )
        )
