"""The API's registrations: a competitor registered, a latecomer admitted from a later round
(FIBAS art. 37; Scala 40 art. 26) and an entry fee paid at the desk."""

from __future__ import annotations

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.records import PaymentMethod
from arbitro.web.api.common import Writer, api_router
from arbitro.web.api.models import (
    CompetitorCreated,
    CompetitorIn,
    Done,
    EventId,
    LateEntryIn,
    PaymentIn,
)

router = api_router()


@router.post("/events/{event_id}/competitors", response_model=CompetitorCreated, status_code=201)
def register(event_id: EventId, body: CompetitorIn, api: Writer) -> CompetitorCreated:
    """Register a competitor (director; FIBAS art. 2, 4, late entries art. 37)."""
    number = api.run(event_id, lambda user: Register(body.name, body.players, user))
    return CompetitorCreated(competitor=number)


@router.post("/events/{event_id}/late-entries", response_model=CompetitorCreated, status_code=201)
def admit_late(event_id: EventId, body: LateEntryIn, api: Writer) -> CompetitorCreated:
    """Admit a latecomer from a later round (director; docs/rulings.md "Late entries": FIBAS
    art. 37 refuses a plain registration after round 1, Scala 40 art. 26 fixes the score of
    the missed rounds), its missed rounds scored as chosen, ranked or not."""
    late = LateEntry(body.from_round, body.missed, body.vp, body.mp, not body.unranked)
    number = api.run(event_id, lambda user: Register(body.name, body.players, user, late))
    return CompetitorCreated(competitor=number)


@router.post("/events/{event_id}/payments", response_model=Done)
def payment(event_id: EventId, body: PaymentIn, api: Writer) -> Done:
    """Record an entry fee paid at the desk (director; docs/rulings.md "Entry fees")."""
    method = PaymentMethod(body.method)
    return api.run_done(
        event_id, lambda user: values.Pay([body.competitor], body.amount_cents, method, user)
    )
