"""Italian round robin ("sistema all'italiana", FIBAS art. 4): everyone meets everyone once.

"La coppia o la squadra incontra una volta tutte le altre formazioni incluse nel proprio girone
secondo un calendario prestabilito": the calendar is the Berger schedule over the competitors
in registration order (competitor i at position i). With an odd number of competitors a dummy
takes the last position; whoever meets the dummy rests at the last table (art. 37), so each
competitor rests once per cycle. n positions (n even) give n - 1 rounds.

An event seated by round robin from round 1 plays Berger round r in round r over the
registration order. One whose first round was seated otherwise (registration order, a draw,
the arbiter's choice) takes that round as Berger round 1: the positions are assigned so that
its meetings are round 1's, and the calendar goes on from round 2 — so nobody meets twice and
everybody meets everybody ("incontra una volta tutte le altre formazioni").
"""

from __future__ import annotations

from arbitro.i18n import ngettext
from arbitro.tournament.model import CompetitorId, Seating, TableSeating
from arbitro.tournament.movements.request import SeatingRequest, refuse
from arbitro.tournament.movements.tables import meetings


def berger_round(positions: int, round_number: int) -> list[tuple[int, int]]:
    """Berger round ``round_number`` (1-based) for an even number of ``positions``.

    Returns (home, away) position pairs, the pivot table (last position) first: round 1 of 6
    is 1-6, 2-5, 3-4; round 2 is 6-4, 5-3, 1-2 (the standard Berger tables).
    """
    cycle = positions - 1
    pivot = (round_number - 1) * (positions // 2) % cycle + 1

    def wrap(position: int) -> int:
        return (position - 1) % cycle + 1

    first = (pivot, positions) if round_number % 2 else (positions, pivot)
    others = [(wrap(pivot + k), wrap(pivot - k)) for k in range(1, positions // 2)]
    return [first, *others]


def berger_seating(competitors: tuple[CompetitorId, ...], round_number: int) -> Seating:
    """The seating of Berger round ``round_number`` over ``competitors`` (art. 4, art. 37).

    Home = North-South. With an odd number of competitors the one meeting the dummy rests at
    the last table.
    """
    positions = len(competitors) + len(competitors) % 2
    matches: list[tuple[CompetitorId, CompetitorId]] = []
    resting: CompetitorId | None = None
    for home, away in berger_round(positions, round_number):
        if max(home, away) > len(competitors):
            resting = competitors[min(home, away) - 1]
        else:
            matches.append((competitors[home - 1], competitors[away - 1]))
    tables = [TableSeating(i, (a,), (b,)) for i, (a, b) in enumerate(matches, start=1)]
    if resting is not None:
        tables.append(TableSeating(len(tables) + 1, (resting,), None))
    return Seating(tuple(tables))


def schedule_length(competitors: int) -> int:
    """The number of rounds of a full round robin of ``competitors`` (art. 4)."""
    return competitors + competitors % 2 - 1


def calendar_order(
    competitors: tuple[CompetitorId, ...], history: tuple[Seating, ...]
) -> tuple[CompetitorId, ...]:
    """The competitors in Berger positions: registration order, unless the event's first
    round met otherwise, in which case the positions make that round Berger round 1."""
    if not history or meetings(history[0]) == meetings(berger_seating(competitors, 1)):
        return competitors
    first = history[0]
    matches = [t for t in first.tables if t.ns is not None and t.ew is not None]
    resting = [t.ns or t.ew for t in first.tables if t.is_incomplete]
    seated = [c for t in first.tables for line in t.lines for c in line]
    if sorted(seated) != sorted(competitors) or any(
        len(t.ns or ()) != 1 or len(t.ew or ()) != 1 for t in matches
    ):
        return competitors  # not a round of the whole field, one against one: keep the order
    positions = len(competitors) + len(competitors) % 2
    order: list[CompetitorId | None] = [None] * positions
    # Berger round 1 pairs positions (1, n), (2, n - 1)...; with a dummy at n, position 1 rests.
    start = 0
    if resting:
        order[0] = resting[0][0] if resting[0] else None
        start = 1
    for i, t in enumerate(matches, start=start):
        assert t.ns is not None and t.ew is not None
        order[i] = t.ns[0]
        order[positions - 1 - i] = t.ew[0]
    return tuple(c for c in order if c is not None)


def round_robin(request: SeatingRequest) -> Seating:
    """Seat the next round of the Italian round robin (art. 4); refuse beyond the calendar."""
    competitors = calendar_order(request.competitors, request.history)
    rounds = schedule_length(len(competitors))
    k = 1
    for seating in request.history:
        if k <= rounds and meetings(seating) == meetings(berger_seating(competitors, k)):
            k += 1
    if k > rounds:
        refuse(
            ngettext(
                "Round robin: the calendar of {competitors} competitors has {rounds} round, "
                "already played",
                "Round robin: the calendar of {competitors} competitors has {rounds} rounds, "
                "all already played",
                rounds,
                competitors=len(competitors),
                rounds=rounds,
            )
        )
    return berger_seating(competitors, k)
