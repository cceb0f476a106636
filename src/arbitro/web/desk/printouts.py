"""The desk's printouts of a round as PDF (:mod:`arbitro.printouts`): table cards with the QR
codes of the phones' entry, score sheets, seating (FIBAS art. 4) and standings (art. 39)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from arbitro.errors import ArbitroError
from arbitro.web import auth
from arbitro.web.app import request_lang, web_of
from arbitro.web.desk.common import Director, event_id_of, round_state, table_url

router = APIRouter()

PRINTOUTS = ("table-cards", "score-sheets", "seating", "standings")


@router.get("/desk/e/{event_id}/r/{n}/pdf/{kind}", include_in_schema=False)
def printout(
    request: Request, event_id: str, n: int, kind: str, session: auth.Session = Director
) -> Response:
    """A printout of the round as PDF: table cards with QR codes, score sheets, seating,
    standings, in the page's language."""
    from arbitro import printouts

    if kind not in PRINTOUTS:
        raise HTTPException(status_code=404)
    web = web_of(request)
    lang = request_lang(request)
    event_id = event_id_of(request, event_id)
    with web.locked():
        state = round_state(web, event_id, n)
        r = state.round(n)
        if r.seating is None:
            raise ArbitroError("round {round} is not seated", round=n)
        if kind == "table-cards":
            urls = {
                tab.table: table_url(web, request, event_id, tab.table, n)
                for tab in r.seating.tables
            }
            pdf = printouts.table_cards_pdf(state, n, urls, lang=lang)
        elif kind == "score-sheets":
            pdf = printouts.score_sheets_pdf(state, n, lang=lang)
        elif kind == "seating":
            pdf = printouts.seating_pdf(state, n, lang=lang)
        else:
            if r.standings_published_at is None:
                raise ArbitroError("round {round}'s standings not published", round=n)
            final = state.standings_final(n, web.service.clock())
            pdf = printouts.standings_pdf(state, n, lang=lang, final=final)
    return Response(
        bytes(pdf),
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{event_id}-r{n}-{kind}.pdf"'},
    )
