"""A digital table's seat calls the arbiter, and learns whether the table is paused (issue
32): ``GET /t/{token}/digital/{seat}/desk`` answers ``{"paused", "called", "text", "signed"}`` (the
text the phone shows: «Tavolo sospeso dall'arbitro», «Arbitro chiamato»; once the seat's
signer has signed the engine's sheet, «Firmato: ...» or «Score confermato»), ``POST`` on the
same path calls the arbiter for the seat (a ``digital-called`` record). Admitted as the
seat's page is, by the seat's code kept in its cookie. The phone's button and banner are
``static/digital_call.js``, apart from the table's own client."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.core.seats import Seat
from arbitro.i18n import N_, render
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import seating_of
from arbitro.tournament.digital.commands import digital_table
from arbitro.web.context import Web, request_lang, web_of
from arbitro.web.csrf import same_origin
from arbitro.web.desk.digital import tick
from arbitro.web.digital_table import _admitted, _seat
from arbitro.web.tokens import read_token

router = APIRouter(include_in_schema=False)


def _status(web: Web, event_id: str, round_number: int, table: int, seat: str, lang: str) -> Any:
    with web.locked():
        state = web.service.state(event_id)
        t = digital_table(state, round_number, table)
        called = any(c.seat == seat for c in t.open_calls)
        paused = t.paused
        # the engine's sheet: has the seat's signer signed it (FIBAS art. 20, Scala 40 art.
        # 23), is it confirmed by everyone who signs
        sheet = state.round(round_number).sheets.get(table)
        signer = t.engine.signer(Seat(seat), seating_of(state, round_number, table))
        signed = sheet is not None and signer in sheet.confirmed_by
        confirmed = sheet is not None and sheet.confirmed
    text = ""
    if paused:
        text = render(N_("Table paused by the arbiter"), lang)
    elif called:
        text = render(N_("Arbiter called: wait at the table"), lang)
    sign = ""
    if confirmed:
        sign = render(N_("Sheet confirmed"), lang)
    elif signed:
        sign = render(N_("Signed: waiting for the others to sign"), lang)
    return {"paused": paused, "called": called, "text": text, "signed": sign}


def _refused(request: Request, web: Web, token: str, seat: str) -> Response | None:
    if not _admitted(web, token, seat, dict(request.cookies)):
        return JSONResponse({"error": "not admitted"}, status_code=403)
    return None


@router.get("/t/{token}/digital/{seat}/desk")
def seat_desk(request: Request, token: str, seat: str) -> Response:
    """Whether the seat's table is paused and whether the seat's call waits (polled by the
    phone's ``digital_call.js``); the table's time checks are made first."""
    web = web_of(request)
    event_id, table, round_number = read_token(web.secret, token)
    s = _seat(seat)
    refused = _refused(request, web, token, seat)
    if refused is not None:
        return refused
    with web.locked():
        tick(web, event_id, round_number, table)
    data = _status(web, event_id, round_number, table, s.value, request_lang(request))
    return JSONResponse(data, headers={"Cache-Control": "no-store"})


@router.post("/t/{token}/digital/{seat}/desk")
def seat_call(request: Request, token: str, seat: str) -> Response:
    """The seat calls the arbiter (issue 32: any player calls the arbiter from the table); a
    call already waiting is not made twice. Answers the seat's status."""
    web = web_of(request)
    event_id, table, round_number = read_token(web.secret, token)
    s = _seat(seat)
    if not same_origin(request):
        refusal = render(N_("cross-site request refused"), request_lang(request))
        return JSONResponse({"error": refusal}, status_code=403)
    refused = _refused(request, web, token, seat)
    if refused is not None:
        return refused
    lang = request_lang(request)
    try:
        with web.locked():
            DigitalDesk(web.service).call(event_id, round_number, table, s, "player")
    except ConflictError:
        pass  # called already: the arbiter is coming
    except ArbitroError as err:
        return JSONResponse({"error": err.message(lang)}, status_code=400)
    data = _status(web, event_id, round_number, table, s.value, lang)
    return JSONResponse(data, headers={"Cache-Control": "no-store"})
