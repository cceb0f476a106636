"""The desk's pairs that must not meet (same club, family, the director's list): added from
the event's page and cancelled there like every action (FIBAS art. 4 "Assegnazione del
tavolo": the draw, the Mitchell step and (modified) Danish keep them apart where they can)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.i18n import N_, Message
from arbitro.tournament.commands import values
from arbitro.tournament.records import ConstraintReason
from arbitro.web import auth
from arbitro.web.context import web_of
from arbitro.web.desk.common import DirectorPost
from arbitro.web.desk.registrations import event_form
from arbitro.web.forms import FieldError, int_field, required_field, text_field

router = APIRouter()


@router.post("/desk/e/{event_id}/constraint", include_in_schema=False)
async def add_constraint(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Keep two competitors apart (art. 4), for a reason and with an optional note."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        first = int_field(form, "first", Message("competitor"), low=1)
        second = int_field(form, "second", Message("competitor"), low=1)
        reason = text_field(form, "reason", 20) or ConstraintReason.DIRECTOR.value
        if reason not in {r.value for r in ConstraintReason}:
            raise FieldError("reason", "choose a reason")
        note = text_field(form, "note", 500)
        web.service.run(
            event_id, values.AddConstraint(first, second, reason, note, actor=session.user)
        )
        return f"/desk/e/{event_id}?ok=constraint#constraints"

    return await event_form(request, session, event_id, "constraint", action)


@router.post("/desk/e/{event_id}/constraint-cancel", include_in_schema=False)
async def cancel_constraint(
    request: Request, event_id: str, session: auth.Session = DirectorPost
) -> Response:
    """Cancel a constraint: a new record says who and why; the seatings made from now on no
    longer keep the two apart."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        seq = int_field(form, "seq", Message("constraint"), low=1)
        reason = required_field(form, "reason", 500, N_("write why the action is cancelled"))
        if seq not in web.service.state(event_id).constraints:
            raise FieldError("seq", "constraint #{seq} is not in force", seq=seq)
        web.service.run(event_id, values.Cancel(seq, reason, actor=session.user))
        return f"/desk/e/{event_id}?ok=constraint-cancelled#constraints"

    return await event_form(request, session, event_id, "constraint-cancel", action)
