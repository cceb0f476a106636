"""Seating by draw ("per sorteggio", FIBAS art. 4), allowed in any round.

The draw is a shuffle by ``random.Random(seed)``, the seed recorded by the caller so the draw
can be replayed. In round 1 the competitor drawn last rests (art. 37); in later rounds the
resting one is chosen by art. 37 (lowest-ranked who has not rested in the session) and the
others are drawn.
"""

from __future__ import annotations

import random

from arbitro.tournament.model import Seating
from arbitro.tournament.movements.individual import individual_in_order, resting_players
from arbitro.tournament.movements.request import SeatingRequest
from arbitro.tournament.movements.rest import resting_candidates
from arbitro.tournament.movements.tables import seating_from_order


def draw(request: SeatingRequest) -> Seating:
    """Seat a round by a seeded draw (art. 4), the resting line by art. 37.

    Drawn order: 1st NS v 2nd EW at table 1, 3rd v 4th at table 2... (individual events:
    1st+2nd v 3rd+4th).
    """
    rng = random.Random(request.seed)
    order = list(request.competitors)
    if request.round_number == 1:
        rng.shuffle(order)
        if request.is_individual:
            return individual_in_order(request, order)
        resting = (order.pop(),) if len(order) % 2 else None
        return seating_from_order([(c,) for c in order], resting)
    if request.is_individual:
        pair = resting_players(request, request.ranked)
        field = [c for c in order if pair is None or c not in pair]
        rng.shuffle(field)
        return individual_in_order(request, field + list(pair or ()))
    resting_line = None
    if len(order) % 2:
        resting_line = (resting_candidates(request, request.ranked)[0],)
        order.remove(resting_line[0])
    rng.shuffle(order)
    return seating_from_order([(c,) for c in order], resting_line)
