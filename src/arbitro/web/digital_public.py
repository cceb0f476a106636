"""The public's page of a digital table (issue 32: kibitzers see a table only after its deal
is over): each finished deal as a record people read (the hands round the table, the moves
in words, the melds, the cards left, the score: :mod:`arbitro.tournament.digital.hand_record`);
of a deal in play, only that it is being played. No login; the event's public
pages link nothing secret."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitro.tournament.digital.commands import digital_table
from arbitro.tournament.digital.hand_record import finished_records
from arbitro.web.context import request_lang, web_of

router = APIRouter(include_in_schema=False)


@router.get("/e/{event_id}/r/{n}/digital/{table}")
def public_table(request: Request, event_id: str, n: int, table: int) -> Response:
    """A digital table's finished deals for the public (hands, moves, the end, the score)."""
    web = web_of(request)
    with web.locked():
        state = web.service.state(event_id)
        t = digital_table(state, n, table)
        deals = finished_records(t, request_lang(request))
        in_play = None if t.position().is_over else t.current.number
        name = state.config.name
    response = web.render(
        request,
        "public/digital_table.html",
        event_id=event_id,
        event_name=name,
        n=n,
        table=table,
        deals=deals,
        in_play=in_play,
    )
    response.headers["Cache-Control"] = "no-store"
    return response
