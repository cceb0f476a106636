"""Who rests at the incomplete table (FIBAS art. 37 "Tavolo incompleto - riposo").

"Nei tornei con tavolo incompleto una coppia non può riposare due volte nella stessa sessione
(riposerà la penultima, terzultima ecc.)": the lowest-ranked competitor who has not yet rested
in the session rests; if the last has rested, the second to last, and so on. A session
(art. 2 "Sessione") is the rounds played consecutively, here from ``session_start_round`` on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arbitro.tournament.model import CompetitorId
from arbitro.tournament.movements.request import SeatingRequest


def rests_in_session(request: SeatingRequest) -> dict[CompetitorId, int]:
    """How many times each competitor has rested in the current session before this round."""
    counts: dict[CompetitorId, int] = {}
    for seating in request.history[request.session_start_round - 1 :]:
        for line in seating.resting:
            for c in line:
                counts[c] = counts.get(c, 0) + 1
    return counts


def resting_candidates(
    request: SeatingRequest, ranked: Sequence[CompetitorId]
) -> list[CompetitorId]:
    """``ranked`` (best first) in the order they should rest (art. 37).

    Those who have not rested in the session come first, lowest-ranked first ("riposerà la
    penultima, terzultima..."); when everyone has rested (more rounds in the session than
    competitors), those who rested fewest times, lowest-ranked first.
    """
    counts = rests_in_session(request)
    place = {c: i for i, c in enumerate(ranked)}
    return sorted(ranked, key=lambda c: (counts.get(c, 0), -place[c]))


def choose_resting(
    request: SeatingRequest,
    ranked: Sequence[CompetitorId],
    compatible: Callable[[CompetitorId, CompetitorId], bool] | None = None,
) -> tuple[CompetitorId, ...]:
    """The resting line chosen by art. 37 among ``ranked`` (best first).

    Pairs and teams: one competitor. Individual events: two players, the first chosen by the
    rule, the second the next by the rule who is ``compatible`` with the first (e.g. was not
    their partner in the previous round) among those with as few rests as the next by the
    rule; if nobody is, the next by the rule. The rest rule comes first, compatibility second.
    """
    order = resting_candidates(request, ranked)
    if request.line_size == 1:
        return (order[0],)
    counts = rests_in_session(request)
    first, others = order[0], order[1:]
    fewest = counts.get(others[0], 0)
    level = [c for c in others if counts.get(c, 0) == fewest]
    second = next((c for c in level if compatible is None or compatible(first, c)), others[0])
    place = {c: i for i, c in enumerate(ranked)}
    return tuple(sorted((first, second), key=place.__getitem__))
