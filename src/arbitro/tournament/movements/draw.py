"""Seating by draw ("per sorteggio", FIBAS art. 4), allowed in any round.

The draw is a shuffle by ``random.Random(seed)``, the seed recorded by the caller so the draw
can be replayed. In round 1 the competitor drawn last rests (art. 37); in later rounds the
resting one is chosen by art. 37 (lowest-ranked who has not rested in the session) and the
others are drawn.

Pairs that must not meet (``request.avoid``) are kept apart by a deterministic repair of the
drawn order: the grouping closest to it (the first drawn seated with the next drawn it may
meet, and so on, art. 4) with no such pair at a table. The seed alone still replays the draw.
In round 1 with an odd number of lines the last drawn rests, or, if the others cannot then be
kept apart, the latest drawn whose rest lets them be. If no grouping keeps them all apart, the
drawn order stands and the seating reports them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arbitro.tournament.model import CompetitorId, Seating
from arbitro.tournament.movements.constraints import apart, group_apart
from arbitro.tournament.movements.individual import (
    PLAYERS_PER_TABLE,
    individual_in_order,
    resting_players,
)
from arbitro.tournament.movements.request import LINES_PER_TABLE, SeatingRequest
from arbitro.tournament.movements.rest import resting_candidates
from arbitro.tournament.movements.tables import seating_from_order


def draw(request: SeatingRequest) -> Seating:
    """Seat a round by a seeded draw (art. 4), the resting line by art. 37, repaired so that
    no pair that must not meet shares a table where possible.

    Drawn order: 1st NS v 2nd EW at table 1, 3rd v 4th at table 2... (individual events:
    1st+2nd v 3rd+4th).
    """
    rng = random.Random(request.seed)
    order = list(request.competitors)
    size = PLAYERS_PER_TABLE if request.is_individual else LINES_PER_TABLE
    if request.round_number == 1:
        rng.shuffle(order)
        if request.is_individual:
            spare = len(order) % size
            field, resting_pair = order[: len(order) - spare], order[len(order) - spare :]
            return individual_in_order(request, _repaired(request, field, size) + resting_pair)
        if len(order) % 2 == 0:
            return seating_from_order([(c,) for c in _repaired(request, order, size)], None)
        return _first_round_with_rest(request, order)
    if request.is_individual:
        pair = resting_players(request, request.ranked)
        field = [c for c in order if pair is None or c not in pair]
        rng.shuffle(field)
        return individual_in_order(request, _repaired(request, field, size) + list(pair or ()))
    resting_line = None
    if len(order) % 2:
        resting_line = (resting_candidates(request, request.ranked)[0],)
        order.remove(resting_line[0])
    rng.shuffle(order)
    return seating_from_order([(c,) for c in _repaired(request, order, size)], resting_line)


def _repaired(
    request: SeatingRequest, drawn: Sequence[CompetitorId], size: int
) -> list[CompetitorId]:
    """The drawn order, regrouped as little as needed to keep constrained pairs apart."""
    groups = group_apart(drawn, size, request.avoid)
    return list(drawn) if groups is None else [c for g in groups for c in g]


def _first_round_with_rest(request: SeatingRequest, drawn: Sequence[CompetitorId]) -> Seating:
    """Round 1 with an odd number of lines: the last drawn rests (art. 37), or, when the
    others cannot then be kept apart, the latest drawn whose rest lets them be."""
    order = list(drawn)
    if apart(request.avoid, order):
        for k in reversed(range(len(order))):
            field = order[:k] + order[k + 1 :]
            groups = group_apart(field, LINES_PER_TABLE, request.avoid)
            if groups is not None:
                return seating_from_order([(c,) for g in groups for c in g], (order[k],))
    return seating_from_order([(c,) for c in order[:-1]], (order[-1],))
