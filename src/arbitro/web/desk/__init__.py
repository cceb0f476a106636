"""The director's desk (login required): create and configure an event, register
competitors (one by one or from a CSV/XLSX file), seat a round and review the seating before
publishing it, watch the sheets arrive table by table, settle conflicts, correct sheets with
a reason (FIBAS art. 21), record lateness (art. 37), warnings (art. 41), abandons (art. 36)
and arbitral scores (art. 40), publish the standings and watch the complaints window
(art. 39), export and import the event file, and reach the printouts.

A refused action re-renders its page with the message next to the form (4xx); any other
refusal is the desk's error page (:mod:`arbitro.web.errors`). Every POST needs the session's
CSRF token. One module per resource: events, registrations, fees, constraints, rounds,
arbiter, sheets, printouts, boards, the club's players, prizes (Parole art. 6.1), results,
series of events.
"""

from __future__ import annotations

from fastapi import APIRouter

from arbitro.web import auth
from arbitro.web.desk import (
    arbiter,
    boards,
    constraints,
    dictionary,
    digital,
    events,
    fees,
    players,
    printouts,
    prizes,
    registrations,
    results,
    rounds,
    rulings,
    seating_edit,
    series,
    sheets,
    tiebreaks,
)

router: APIRouter = APIRouter()
router.include_router(auth.router)
for _module in (
    events,
    registrations,
    fees,
    constraints,
    rounds,
    arbiter,
    rulings,
    seating_edit,
    sheets,
    printouts,
    boards,
    dictionary,
    digital,
    players,
    prizes,
    results,
    series,
    tiebreaks,
):
    router.include_router(_module.router)
