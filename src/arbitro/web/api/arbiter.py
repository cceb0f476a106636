"""The API's arbiter's records in a round: lateness (FIBAS art. 37), warnings (art. 41),
abandons (art. 36; Parole art. 13.4) and arbitral scores (art. 40)."""

from __future__ import annotations

from arbitro.tournament.commands import values
from arbitro.tournament.event import SanctionKind
from arbitro.tournament.records import AbandonScore
from arbitro.web.api.common import Writer, api_router
from arbitro.web.api.models import (
    AbandonIn,
    ArbitralScoreIn,
    Done,
    EventId,
    LatenessIn,
    RoundNo,
    WarningIn,
)

router = api_router()


@router.post("/events/{event_id}/rounds/{round_number}/lateness", response_model=Done)
def lateness(event_id: EventId, round_number: RoundNo, body: LatenessIn, api: Writer) -> Done:
    """Record a lateness (FIBAS art. 37)."""
    return api.run_done(
        event_id,
        lambda user: values.RecordLateness(round_number, body.competitor, body.seconds, user),
    )


@router.post("/events/{event_id}/rounds/{round_number}/warnings", response_model=Done)
def warning(event_id: EventId, round_number: RoundNo, body: WarningIn, api: Writer) -> Done:
    """Give a warning (FIBAS art. 41)."""
    return api.run_done(
        event_id,
        lambda user: values.GiveSanction(
            round_number, body.competitor, SanctionKind.WARNING, body.reason, actor=user
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/abandons", response_model=Done)
def abandon(event_id: EventId, round_number: RoundNo, body: AbandonIn, api: Writer) -> Done:
    """Record an abandon (FIBAS art. 36; Parole art. 13.4: the arbiter's choice of score)."""
    score = AbandonScore(body.score) if body.score else None
    return api.run_done(
        event_id,
        lambda user: values.RecordAbandon(
            round_number, body.competitor, body.justified, body.reason, user, score
        ),
    )


@router.post("/events/{event_id}/rounds/{round_number}/arbitral-scores", response_model=Done)
def arbitral(event_id: EventId, round_number: RoundNo, body: ArbitralScoreIn, api: Writer) -> Done:
    """Assign an arbitral score (FIBAS art. 40)."""
    return api.run_done(
        event_id,
        lambda user: values.ArbitralScore(
            round_number, body.competitor, body.mp, body.vp, body.reason, user
        ),
    )
