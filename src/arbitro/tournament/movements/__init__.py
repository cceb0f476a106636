"""Seating movements (FIBAS art. 4 "Assegnazione del tavolo"; incomplete table art. 37).

Pure and deterministic: :func:`seat_round` turns a :class:`SeatingRequest` into a
:class:`~arbitro.tournament.model.Seating`. Draws use ``random.Random(request.seed)``.

The names below are imported from their modules on first use (issue 14): showing a seating
checks the pairing constraints (:mod:`.constraints`) without loading every movement.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.lazy_names import lazy_names

if TYPE_CHECKING:
    from arbitro.tournament.movements.request import SeatingRequest
    from arbitro.tournament.movements.rest import rests_in_session
    from arbitro.tournament.movements.round_robin import berger_seating, schedule_length
    from arbitro.tournament.movements.seat import seat_round
    from arbitro.tournament.movements.tables import meetings, opponents, partners, tablemates

# Where each name of the package lives.
_MODULE_OF: dict[str, str] = {
    "SeatingRequest": "request",
    "rests_in_session": "rest",
    "berger_seating": "round_robin",
    "schedule_length": "round_robin",
    "seat_round": "seat",
    "meetings": "tables",
    "opponents": "tables",
    "partners": "tables",
    "tablemates": "tables",
}


__getattr__ = lazy_names(__name__, _MODULE_OF, globals())


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
