"""Italian round robin ("sistema all'italiana", FIBAS art. 4): everyone meets everyone once.

"La coppia o la squadra incontra una volta tutte le altre formazioni incluse nel proprio girone
secondo un calendario prestabilito": the calendar is the Berger schedule over the competitors
in registration order (competitor i at position i). With an odd number of competitors a dummy
takes the last position; whoever meets the dummy rests at the last table (art. 37), so each
competitor rests once per cycle. n positions (n even) give n - 1 rounds.

The k-th round-robin round of the event uses Berger round k, where k - 1 is the number of
previous rounds (``history``) whose meetings were exactly Berger rounds 1, 2, ... in order: an
event seated by round robin from round 1 plays Berger round r in round r, and one whose first
round was seated otherwise starts the calendar at its first round-robin round.
"""

from __future__ import annotations

from arbitro.i18n import msg
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


def round_robin(request: SeatingRequest) -> Seating:
    """Seat the next round of the Italian round robin (art. 4); refuse beyond the calendar."""
    competitors = request.competitors
    rounds = schedule_length(len(competitors))
    k = 1
    for seating in request.history:
        if k <= rounds and meetings(seating) == meetings(berger_seating(competitors, k)):
            k += 1
    if k > rounds:
        refuse(
            msg(
                "Round robin: the calendar of {competitors} competitors has {rounds} rounds, "
                "all already played",
                competitors=len(competitors),
                rounds=rounds,
            )
        )
    return berger_seating(competitors, k)
