"""The API's rulings (issue 31): a table's situation ruled on by the arbiter of the event's
code and recorded, and the irregularities each code's arbiter rules on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import Request

from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import use_lang
from arbitro.services.events import EventService
from arbitro.services.rulings import arbiter_of, record_game_ruling, record_ruling
from arbitro.tournament.commands import values
from arbitro.web.api.common import Writer, api_router
from arbitro.web.api.models import (
    CancelIn,
    Done,
    EventId,
    FactOut,
    IrregularityOut,
    RulingIn,
    RulingOut,
)
from arbitro.web.context import request_lang

if TYPE_CHECKING:
    from arbitro.games.core.code_arbiter import CodeRuling

router = api_router()


@router.post("/events/{event_id}/rulings", response_model=RulingOut, status_code=201)
def give_ruling(event_id: EventId, body: RulingIn, request: Request, api: Writer) -> RulingOut:
    """Rule on a table's situation by the arbiter of the event's code and record the ruling,
    its warnings and its score row in one transaction (issue 31); a ruling of another code
    than the event's is refused."""

    def act(svc: EventService, user: str) -> tuple[int, CodeRuling]:
        if body.round is None or body.table is None:
            raise ArbitroError("give the round and the table, or the match and the game")
        return record_ruling(
            svc,
            event_id,
            body.round,
            body.table,
            body.situation,
            code=body.code,
            actor=user,
            reason=body.reason,
        )

    if body.match is not None and body.game is not None:
        with api.web.locked():
            if not api.web.store.has_event(event_id):
                raise NotFoundError("no event «{event_id}»", event_id=event_id)
            seq, ruling = record_game_ruling(
                api.web.knockout,
                event_id,
                body.match,
                body.game,
                body.situation,
                code=body.code,
                actor=api.director,
                reason=body.reason,
            )
    else:
        seq, ruling = api.write(event_id, act)
    with use_lang(request_lang(request)):
        return RulingOut(seq=seq, **ruling.as_json())


@router.post("/events/{event_id}/records/{seq}/cancel", response_model=Done)
def cancel_record(event_id: EventId, seq: int, body: CancelIn, api: Writer) -> Done:
    """Cancel the record ``seq`` of the event, with why, as the desk's «Annulla» does: the
    standings are computed again; a ruling's cancellation takes its warnings and the sheet
    row it entered with it, in one transaction (issue 31)."""
    return api.run_done(event_id, lambda user: values.Cancel(seq, body.reason, user))


@router.get("/codes/{code}/irregularities", response_model=list[IrregularityOut])
def code_irregularities(code: str, request: Request) -> list[IrregularityOut]:
    """The irregularities the code's arbiter rules on, with their articles and fields, and
    each fact a ruling asks typed (its type, allowed values, default; its label and hint in
    the request's language), so that a client builds the form as the desk does (issue 31)."""

    arbiter = arbiter_of(code_spec(code).id)
    with use_lang(request_lang(request)):
        return [
            IrregularityOut(
                **k.as_json(), facts=[FactOut(**f.as_json()) for f in arbiter.facts(k.kind)]
            )
            for k in arbiter.irregularities()
        ]
