"""Seating movements (FIBAS art. 4 "Assegnazione del tavolo"; incomplete table art. 37).

Pure and deterministic: :func:`seat_round` turns a :class:`SeatingRequest` into a
:class:`~arbitro.tournament.model.Seating`. Draws use ``random.Random(request.seed)``.
"""

from arbitro.tournament.movements.request import SeatingRequest
from arbitro.tournament.movements.rest import rests_in_session
from arbitro.tournament.movements.round_robin import berger_seating, schedule_length
from arbitro.tournament.movements.seat import seat_round
from arbitro.tournament.movements.tables import meetings, opponents, partners, tablemates

__all__ = [
    "SeatingRequest",
    "berger_seating",
    "meetings",
    "opponents",
    "partners",
    "rests_in_session",
    "schedule_length",
    "seat_round",
    "tablemates",
]
