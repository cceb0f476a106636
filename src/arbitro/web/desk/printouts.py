"""The desk's printouts of a round as PDF (:mod:`arbitro.printouts`): table cards with the QR
codes of the phones' entry (a digital table's: its seats' links), score sheets, seating (FIBAS art. 4) and standings (art. 39).

A printout is drawn outside the service's lock (250 table cards take seconds, and every phone
waits on that lock): under the lock the route only checks the round and takes a snapshot of
the state (:func:`~arbitro.web.snapshot.state_snapshot`: what a fold changes copied, so
that neither a concurrent fold nor the state's memoized views change what is drawn); the PDF is rendered from the snapshot after the lock is released.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from arbitro import printouts
from arbitro.errors import ArbitroError
from arbitro.tournament.event import EventState
from arbitro.web import auth
from arbitro.web.base_url import public_base_url
from arbitro.web.context import request_lang, web_of
from arbitro.web.desk.common import Director, event_id_of, round_state, table_urls
from arbitro.web.downloads import download_headers
from arbitro.web.seat_links import round_seat_links
from arbitro.web.snapshot import state_snapshot
from arbitro.web.tokens import card_codes
from arbitro.web.unverified import printout_mark

router = APIRouter()

PRINTOUTS = ("table-cards", "score-sheets", "seating", "standings")


@router.get("/desk/e/{event_id}/r/{n}/pdf/{kind}", include_in_schema=False)
def printout(
    request: Request, event_id: str, n: int, kind: str, session: auth.Session = Director
) -> Response:
    """A printout of the round as PDF: table cards with QR codes, score sheets, seating,
    standings, in the page's language."""
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
        if kind == "standings" and r.standings_published_at is None:
            raise ArbitroError("round {round}'s standings not published", round=n)
        urls = table_urls(web, request, event_id, [tab.table for tab in r.seating.tables], n)
        seats = (  # a digital table's card: its seats' links (issue 32)
            round_seat_links(web.secret, public_base_url(web, request), state, event_id, n)
            if kind == "table-cards"
            else {}
        )
        final = state.standings_final(n, web.service.clock())
        snapshot = state_snapshot(state)

    seated = r.seating.tables if r.seating is not None else ()
    codes = card_codes(web.secret, seated, urls) if kind == "table-cards" else None
    with printout_mark(request):  # an event imported unverified says so on every page
        pdf = render_printout(kind, snapshot, n, urls, lang, final, codes, seats)
    return Response(
        pdf,
        media_type="application/pdf",
        headers=download_headers(f"{event_id}-r{n}-{kind}.pdf", "inline"),
    )


def render_printout(
    kind: str,
    state: EventState,
    n: int,
    urls: dict[int, str],
    lang: str,
    final: bool,
    codes: dict[int, dict[str, str]] | None = None,
    seats: dict[int, dict[str, str]] | None = None,
) -> bytes:
    """The PDF of printout ``kind`` of round ``n``, drawn from ``state`` (a snapshot no one
    else changes: called outside the service's lock); table cards carry each line's code
    (``codes``, issue 29), a digital table's card its seats' links (``seats``, issue 32)."""
    if kind == "table-cards":
        return bytes(
            printouts.table_cards_pdf(state, n, urls, lang=lang, codes=codes, seat_urls=seats)
        )
    if kind == "score-sheets":
        return bytes(printouts.score_sheets_pdf(state, n, lang=lang))
    if kind == "seating":
        return bytes(printouts.seating_pdf(state, n, lang=lang))
    return bytes(printouts.standings_pdf(state, n, lang=lang, final=final))
