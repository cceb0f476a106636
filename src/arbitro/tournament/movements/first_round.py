"""First-round seating by registration order, and any round by the arbiter's choice (art. 4).

"L'assegnazione del tavolo al primo turno di gioco può essere effettuata: a scelta
dell'Arbitro, in base all'ordine di iscrizione, per sorteggio" (the draw is in ``draw.py``).
"""

from __future__ import annotations

from collections import Counter

from arbitro.i18n import N_, Message, msg
from arbitro.tournament.model import Seating
from arbitro.tournament.movements.individual import individual_in_order
from arbitro.tournament.movements.request import SeatingRequest, names, refuse, rest_article
from arbitro.tournament.movements.rest import rests_in_session
from arbitro.tournament.movements.tables import partners, seating_from_order


def registration_order(request: SeatingRequest) -> Seating:
    """Seat round 1 in registration order (art. 4): 1 v 2 at table 1 (1 NS), 3 v 4 at table 2...

    With an odd number of lines the last registered rests (art. 37). Individual events: players
    1+2 v 3+4 at table 1...; the last two registered rest when two are left over.
    """
    if request.is_individual:
        return individual_in_order(request, request.competitors)
    order = [(c,) for c in request.competitors]
    resting = order.pop() if len(order) % 2 else None
    return seating_from_order(order, resting)


def arbiter_choice(request: SeatingRequest) -> Seating:
    """Check and return the arbiter's own seating (art. 4 "a scelta dell'Arbitro").

    Tables must be numbered 1..n in order; each line has one competitor (two players in
    individual events); every active competitor is seated exactly once and nobody else; every
    table is complete except at most one incomplete table (art. 2), whose line must not have
    rested already in the session (art. 37); in individual events nobody partners last
    round's partner (art. 4). (When everyone has rested in the session, those who rested
    fewest times may rest again.)
    """
    tables = request.arbiter_tables
    if not tables:
        refuse(msg("Arbiter's choice: no tables given"))
    for expected, table in enumerate(tables, start=1):
        if table.table != expected:
            refuse(
                msg(
                    "Arbiter's choice: the table in position {position} is numbered "
                    "{table}; tables must be numbered 1..{count} in order",
                    position=expected,
                    table=table.table,
                    count=len(tables),
                )
            )
        for line in table.lines:
            if len(line) != request.line_size:
                refuse(
                    msg(
                        "Arbiter's choice: at table {table} line {line} must have {size} "
                        "competitor(s)",
                        table=table.table,
                        line=names(line),
                        size=request.line_size,
                    )
                )
    incomplete = [t.table for t in tables if t.is_incomplete]
    if any(not t.lines for t in tables) or len(incomplete) > 1:
        refuse(
            msg(
                "Arbiter's choice: incomplete or empty tables {tables}; at most one table may "
                "be incomplete",
                tables=names(incomplete),
            )
        )
    seating = Seating(tuple(tables))
    seated = Counter(seating.competitors())
    twice = sorted(c for c, n in seated.items() if n > 1)
    missing = [c for c in request.competitors if c not in seated]
    unknown = sorted(set(seated) - set(request.competitors))
    for found, text in (
        (twice, N_("Arbiter's choice: competitors {competitors} seated more than once")),
        (unknown, N_("Arbiter's choice: competitors {competitors} seated but not active")),
        (missing, N_("Arbiter's choice: competitors {competitors} active but not seated")),
    ):
        if found:
            refuse(Message(text, {"competitors": names(found)}))
    rested = rests_in_session(request)
    fewest = min(rested.get(c, 0) for c in request.competitors)
    again = sorted(c for line in seating.resting for c in line if rested.get(c, 0) > fewest)
    if again:
        refuse(
            msg(
                "Arbiter's choice: competitors {competitors} have already rested in this "
                "session and cannot rest again",
                competitors=names(again),
            ),
            article=rest_article(),
        )
    if request.is_individual and request.previous is not None:
        before = partners(request.previous)
        repeated = [
            line for t in tables for line in t.lines if line[1] in before.get(line[0], set())
        ]
        if repeated:
            refuse(
                msg(
                    "Arbiter's choice: line {line} already partnered in the previous round; in "
                    "individual events partnerships change every round",
                    line=names(repeated[0]),
                )
            )
    return seating
