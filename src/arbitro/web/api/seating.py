"""The API's seating of a round: read once published, drawn and published by the director
(FIBAS art. 4, 21); the round's digital tables (issue 32) opened once it is published."""

from __future__ import annotations

from typing import Annotated

from fastapi import Body

from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.events import EventService
from arbitro.tournament.commands import values
from arbitro.tournament.digital.rounds import digital_tables, parse_choice
from arbitro.tournament.event import EventState
from arbitro.web.api.common import Reader, Writer, api_router
from arbitro.web.api.models import (
    Done,
    EventId,
    PublishSeatingIn,
    RoundNo,
    SeatIn,
    SeatingOut,
    TableOut,
)

router = api_router()


def seating_out(state: EventState, round_number: int, *, unpublished: bool = False) -> SeatingOut:
    """A round's seating (its tables once published, or always with ``unpublished``)."""
    r = state.round(round_number)
    published = r.seating_published_at is not None
    shown = r.seating is not None and (published or unpublished)
    return SeatingOut(
        round=round_number,
        movement=r.movement if shown else None,
        published=published,
        version=r.version if shown else 0,
        tables=[
            TableOut(
                table=t.table,
                ns=None if t.ns is None else list(t.ns),
                ew=None if t.ew is None else list(t.ew),
            )
            for t in (r.seating.tables if r.seating and shown else ())
        ],
        digital_tables=list(digital_tables(state, round_number)) if shown else [],
    )


@router.get("/events/{event_id}/rounds/{round_number}/seating", response_model=SeatingOut)
def get_seating(event_id: EventId, round_number: RoundNo, api: Reader) -> SeatingOut:
    """A round's seating (before publication only the director sees it on the desk; here it
    is given once published)."""
    return api.read(event_id, lambda state: seating_out(state, round_number))


@router.post("/events/{event_id}/rounds/{round_number}/seat", response_model=SeatingOut)
def seat(
    event_id: EventId,
    round_number: RoundNo,
    api: Writer,
    body: Annotated[SeatIn | None, Body()] = None,
) -> SeatingOut:
    """Seat a round (director; FIBAS art. 4), again if needed until its seating is
    published; with ``publish`` the seating is published at once; with ``digital`` and
    ``online`` the round's tables chosen digital, paper or mixed first (issue 32), the digital
    ones opened once published. Returns the seating (even unpublished) and its digital
    tables."""
    seat_in = body or SeatIn(movement=None, seed=None, publish=False, digital=None)

    def act(svc: EventService, user: str) -> SeatingOut:
        if seat_in.digital is not None or seat_in.online:  # issue 32: digital, paper, mixed
            mode, tables, who = parse_choice(seat_in.digital, seat_in.online)
            DigitalRounds(svc).choose(event_id, round_number, mode, tables, who, actor=user)
        svc.seat(
            event_id,
            round_number,
            movement=seat_in.movement,
            seed=seat_in.seed,
            publish=seat_in.publish,
            actor=user,
        )
        DigitalRounds(svc).open_round(event_id, round_number, actor=user)  # issue 32
        return seating_out(svc.state(event_id), round_number, unpublished=True)

    return api.write(event_id, act)


@router.post("/events/{event_id}/rounds/{round_number}/publish-seating", response_model=Done)
def publish_seating(
    event_id: EventId,
    round_number: RoundNo,
    api: Writer,
    body: Annotated[PublishSeatingIn | None, Body()] = None,
) -> Done:
    """Publish a round's seating (director; from then on it stands, FIBAS art. 21); with
    ``seen`` (the seating's ``version``), only that one: else 409 with the tables that
    changed (``changes``)."""
    seen = body.seen if body else None

    def act(svc: EventService, user: str) -> Done:
        svc.run(event_id, values.PublishSeating(round_number, user, seen))
        DigitalRounds(svc).open_round(event_id, round_number, actor=user)  # issue 32
        return Done()

    return api.write(event_id, act)
