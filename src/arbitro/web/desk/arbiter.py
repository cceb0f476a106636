"""The arbiter's forms of the round page: lateness (FIBAS art. 37), warnings (art. 41; the
article of the event's code), abandons (art. 36) and arbitral scores (art. 40)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.i18n import Message
from arbitro.web import auth
from arbitro.web.app import Web
from arbitro.web.desk.common import DirectorPost
from arbitro.web.desk.rounds import competitor_field, run_round_form
from arbitro.web.forms import checked, int_field, text_field

router = APIRouter()


def _reason(form: FormData) -> str | None:
    return text_field(form, "reason", 1000) or None


def _lateness(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    minutes = int_field(form, "minutes", Message("minutes"), low=0, high=600, default=0)
    seconds = int_field(form, "seconds", Message("seconds"), low=0, high=59, default=0)
    web.service.record_lateness(
        event_id, n, competitor_field(form), minutes * 60 + seconds, session.user
    )
    return "penalties"


def _warning(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    web.service.give_warning(event_id, n, competitor_field(form), _reason(form), actor=session.user)
    return "penalties"


def _abandon(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    justified = checked(form, "justified")
    web.service.record_abandon(
        event_id, n, competitor_field(form), justified, _reason(form), session.user
    )
    return "penalties"


def _arbitral(web: Web, session: auth.Session, event_id: str, n: int, form: FormData) -> str:
    mp = int_field(form, "mp", Message("MP"), low=-100_000, high=100_000)
    vp = int_field(form, "vp", Message("VP"), low=-100, high=100)
    web.service.arbitral_score(
        event_id, n, competitor_field(form), mp, vp, _reason(form), session.user
    )
    return "penalties"


@router.post("/desk/e/{event_id}/r/{n}/lateness", include_in_schema=False)
async def lateness(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    """Record a competitor's lateness (FIBAS art. 37)."""
    return await run_round_form(request, session, event_id, n, "lateness", "lateness", _lateness)


@router.post("/desk/e/{event_id}/r/{n}/warning", include_in_schema=False)
async def warning(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    """Give a warning (FIBAS art. 41, Parole art. 14.4: the article of the event's code)."""
    return await run_round_form(request, session, event_id, n, "warning", "warning", _warning)


@router.post("/desk/e/{event_id}/r/{n}/abandon", include_in_schema=False)
async def abandon(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    """Record an abandon, justified or not (FIBAS art. 36)."""
    return await run_round_form(request, session, event_id, n, "abandon", "abandon", _abandon)


@router.post("/desk/e/{event_id}/r/{n}/arbitral", include_in_schema=False)
async def arbitral(
    request: Request, event_id: str, n: int, session: auth.Session = DirectorPost
) -> Response:
    """Assign an arbitral score (FIBAS art. 40)."""
    return await run_round_form(request, session, event_id, n, "arbitral", "arbitral", _arbitral)
