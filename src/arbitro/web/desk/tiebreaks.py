"""The desk's tie-breaks (issue 34; docs/rulings.md, "Tie-breaks"): on the event's page the
director chooses, in order, the criteria that separate competitors level on V.P. (one
numbered choice per place, the current choice preselected: V.P. then M.P. by default), and
saves them as a ``tiebreaks-chosen`` record; the standings and their line follow."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.datastructures import FormData

from arbitro.tournament.commands import values
from arbitro.tournament.standings.tiebreaks import CRITERIA
from arbitro.web import auth
from arbitro.web.context import web_of
from arbitro.web.desk.common import DirectorPost
from arbitro.web.desk.registrations import event_form
from arbitro.web.forms import text_field

router = APIRouter()


@router.post("/desk/e/{event_id}/tiebreaks", include_in_schema=False)
async def choose(request: Request, event_id: str, session: auth.Session = DirectorPost) -> Response:
    """Record the tie-breaks chosen, in the order of the places (``tiebreak-1``,
    ``tiebreak-2``...; an empty place is skipped): refused with the message next to the
    form if a criterion is given twice or the draw is not last."""
    web = web_of(request)

    def action(form: FormData, event_id: str) -> str:
        picked = [text_field(form, f"tiebreak-{i}", 40) for i in range(1, len(CRITERIA) + 1)]
        web.service.run(
            event_id, values.ChooseTiebreaks([p for p in picked if p], actor=session.user)
        )
        return f"/desk/e/{event_id}?ok=tiebreaks#tiebreaks"

    return await event_form(request, session, event_id, "tiebreaks", action)
