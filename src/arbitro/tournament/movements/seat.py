"""Seat a round: check the request and dispatch to its movement (FIBAS art. 4, art. 37)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from arbitro.tournament.model import Movement, Seating
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
    PLAYERS_PER_LINE,
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
            it=f"Il movimento {request.movement.value} non è ammesso nei tornei individuali: "
            "usare Danese, Danese modificato, sorteggio, ordine di iscrizione o scelta "
            "dell'arbitro",
            en=f"Movement {request.movement.value} is not allowed in individual events: use "
            "Danish, modified Danish, draw, registration order or the arbiter's choice",
        )
    return seater(request)


def check_request(request: SeatingRequest) -> None:
    """Refuse a request that no movement can seat (art. 4), naming what is wrong."""
    competitors = request.competitors
    if len(competitors) < PLAYERS_PER_LINE:
        refuse(
            it=f"Servono almeno 2 concorrenti per formare un tavolo, ce ne sono {len(competitors)}",
            en=f"At least 2 competitors are needed to form a table, there are {len(competitors)}",
        )
    twice = sorted(c for c, n in Counter(competitors).items() if n > 1)
    if twice:
        refuse(
            it=f"Concorrenti ripetuti nell'elenco: {names(twice)}",
            en=f"Competitors listed more than once: {names(twice)}",
        )
    if request.ranking and sorted(request.ranking) != sorted(competitors):
        refuse(
            it="La classifica deve contenere esattamente i concorrenti attivi, una volta ciascuno",
            en="The ranking must hold exactly the active competitors, once each",
        )
    if request.round_number < 1 or request.total_rounds < request.round_number:
        refuse(
            it=f"Turno {request.round_number} non valido per un torneo di "
            f"{request.total_rounds} turni",
            en=f"Round {request.round_number} is not valid for an event of "
            f"{request.total_rounds} rounds",
        )
    if len(request.history) != request.round_number - 1:
        refuse(
            it=f"Per il turno {request.round_number} servono le disposizioni dei "
            f"{request.round_number - 1} turni precedenti, ne sono date {len(request.history)}",
            en=f"Round {request.round_number} needs the seatings of the "
            f"{request.round_number - 1} previous rounds, {len(request.history)} given",
        )
    if not 1 <= request.session_start_round <= request.round_number:
        refuse(
            it=f"Inizio sessione {request.session_start_round} non valido per il turno "
            f"{request.round_number}",
            en=f"Session start {request.session_start_round} is not valid for round "
            f"{request.round_number}",
        )
    check_movement(request)
    if request.is_individual:
        check_individual_field(len(competitors))


def check_movement(request: SeatingRequest) -> None:
    """Refuse a movement not allowed in this round, or options that do not fit it (art. 4)."""
    movement = request.movement
    if movement is Movement.REGISTRATION_ORDER and request.round_number != 1:
        refuse(
            it="L'ordine di iscrizione vale solo per il primo turno",
            en="Registration order applies to the first round only",
        )
    if movement in NEEDS_PREVIOUS_ROUND and request.round_number == 1:
        refuse(
            it=f"Il movimento {movement.value} vale per i turni successivi al primo: il primo "
            "turno si assegna a scelta dell'arbitro, per ordine di iscrizione o per sorteggio",
            en=f"Movement {movement.value} applies to rounds after the first: round 1 is "
            "seated by the arbiter's choice, registration order or draw",
        )
    if (request.arbiter_tables is not None) != (movement is Movement.ARBITER_CHOICE):
        refuse(
            it="I tavoli scelti dall'arbitro vanno indicati con, e solo con, la scelta "
            "dell'arbitro",
            en="The arbiter's tables go with, and only with, the arbiter's choice",
        )
    if movement is Movement.MITCHELL and request.mitchell_step < 1:
        refuse(
            it=f"Mitchell: le linee mobili avanzano di almeno un tavolo, non "
            f"{request.mitchell_step}",
            en=f"Mitchell: moving lines advance at least one table, not {request.mitchell_step}",
        )


def check_individual_field(players: int) -> None:
    """Refuse an individual field that tables of four cannot hold (art. 4).

    Tables of four, plus at most one incomplete table with one line of two players (art. 37).
    """
    if players < PLAYERS_PER_TABLE or players % PLAYERS_PER_TABLE not in (0, PLAYERS_PER_LINE):
        refuse(
            it=f"Torneo individuale con {players} giocatori: servono almeno "
            f"{PLAYERS_PER_TABLE} giocatori e un numero che diviso per {PLAYERS_PER_TABLE} "
            f"dia resto 0 o {PLAYERS_PER_LINE} (tavoli da quattro, al più un tavolo "
            "incompleto con una linea di due)",
            en=f"Individual event with {players} players: at least {PLAYERS_PER_TABLE} players "
            f"are needed, and a number leaving 0 or {PLAYERS_PER_LINE} when divided by "
            f"{PLAYERS_PER_TABLE} (tables of four, at most one incomplete table with one line "
            "of two)",
        )
