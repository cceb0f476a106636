"""Danish and modified Danish seating (FIBAS art. 4 "Assegnazione del tavolo").

Danish ("sistema danese"): by the current ranking, 1st v 2nd at table 1, 3rd v 4th at table 2,
and so on, the higher-ranked line North-South. Modified Danish: the same, but "non si possono
incontrare le coppie o le squadre che si siano affrontate nel turno precedente, salvo
all'ultimo turno". With an odd number of lines the lowest-ranked competitor who has not rested
in the session rests at the last table (art. 37). Individual events are in ``individual.py``.

Pairs that must not meet (``request.avoid``) are treated like rematches, where possible: the
pairing is the one closest to the Danish order that keeps them apart (and, in modified
Danish, last round's opponents too); if there is none, the pairing without them, and the
seating reports who meets.
"""

from __future__ import annotations

from arbitro.i18n import msg
from arbitro.tournament.model import CompetitorId, Seating
from arbitro.tournament.movements.constraints import apart, group_apart
from arbitro.tournament.movements.grouping import SearchLimitReached, group_top_down
from arbitro.tournament.movements.request import SeatingRequest, names, refuse
from arbitro.tournament.movements.rest import resting_candidates
from arbitro.tournament.movements.tables import seating_from_lines, table_of


def danish(request: SeatingRequest) -> Seating:
    """Seat a round by the Danish system for pairs or teams (art. 4; rest by art. 37)."""
    ranked = list(request.ranked)
    resting: CompetitorId | None = None
    if len(ranked) % 2:
        resting = resting_candidates(request, ranked)[0]
        ranked.remove(resting)
    groups = group_apart(ranked, 2, request.avoid) or [
        (ranked[i], ranked[i + 1]) for i in range(0, len(ranked), 2)
    ]
    matches = [((a,), (b,)) for a, b in groups]
    return seating_from_lines(matches, None if resting is None else (resting,))


def modified_danish(request: SeatingRequest) -> Seating:
    """Seat a round by the modified Danish system for pairs or teams (art. 4; rest art. 37).

    As Danish, but nobody meets the competitor they met in the previous round, except in the
    last round (plain Danish). The pairing is the top-down greedy one with backtracking, as
    close to the Danish order as possible, keeping apart the pairs that must not meet where
    it can. If the art. 37 choice of the resting competitor leaves no pairing without a
    rematch, the next candidate to rest is tried; if none works the round is refused.
    """
    if request.is_last_round or request.previous is None:
        return danish(request)
    ranked = list(request.ranked)
    candidates: list[CompetitorId | None] = [None]
    if len(ranked) % 2:
        candidates = list(resting_candidates(request, ranked))
    classes = table_of(request.previous)
    for resting in candidates:
        field = [c for c in ranked if c != resting]
        groups = group_apart(field, 2, request.avoid, classes)
        if groups is None and apart(request.avoid, field):  # the constraints cannot be kept
            try:
                groups = group_top_down(field, 2, classes)
            except SearchLimitReached:
                groups = None
        if groups is not None:
            matches = [((a,), (b,)) for a, b in groups]
            return seating_from_lines(matches, None if resting is None else (resting,))
    refuse(
        msg(
            "Modified Danish: no pairing avoids a rematch of the previous round's opponents "
            "(competitors {competitors}); use Danish, a draw or the arbiter's choice",
            competitors=names(ranked),
        )
    )
