"""Same-club constraints derived from the club's registry of players (FIBAS art. 4: pairs
that must not meet, kept apart by the draw, the Mitchell step and Danish where possible).

Two competitors of an event whose linked registry players belong to the same club (the
registry's ``club``, compared without case and accents) are kept apart, reason ``club``,
the club's name as the note. Pairs already kept apart (for any reason) are left as they are.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.store.players import fold
from arbitro.tournament.commands import values
from arbitro.tournament.records import ConstraintReason


def same_club_pairs(store: RecordStore, event_id: str) -> list[tuple[int, int, str]]:
    """The pairs of competitors of ``event_id`` with a player of the same club, as
    ``(first, second, club)`` (first < second), each pair once, by club then numbers; the
    club named as most of its players' entries spell it."""
    members: dict[str, tuple[Counter[str], set[int]]] = {}
    for competitor, club in registry.clubs_of_event(store, event_id):
        spellings, numbers = members.setdefault(fold(club), (Counter(), set()))
        spellings[club.strip()] += 1
        numbers.add(competitor)
    found: dict[tuple[int, int], str] = {}
    for _key, (spellings, numbers) in sorted(members.items()):
        club = min(spellings, key=lambda name: (-spellings[name], name))  # the usual spelling
        for a, b in combinations(sorted(numbers), 2):
            found.setdefault((a, b), club)
    return [(a, b, club) for (a, b), club in found.items()]


def add_club_constraints(
    service: EventService, event_id: str, actor: str = "director"
) -> list[tuple[int, int, str]]:
    """Keep apart every pair of competitors of ``event_id`` with players of one club (art. 4),
    in one transaction; returns the pairs added (those already kept apart are skipped)."""
    state = service.state(event_id)
    kept = {frozenset((b.first, b.second)) for b in state.constraints.values()}
    wanted = [
        (a, b, club)
        for a, b, club in same_club_pairs(service.store, event_id)
        if frozenset((a, b)) not in kept
    ]
    if wanted:  # one transaction, none when every pair is already kept apart
        pairs = [(a, b, ConstraintReason.CLUB, club) for a, b, club in wanted]
        service.run(event_id, values.AddConstraints(pairs, actor))
    return wanted
