"""The API's events: the list, one event (configuration, competitors, rounds), a new event,
and the event file exported and imported (docs/event-file.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Body, Query

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.i18n import ngettext
from arbitro.services.event_file import export_event, import_event
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.rules import rules_for
from arbitro.web.api.common import Reader, Writer, api_router
from arbitro.web.api.models import (
    CompetitorOut,
    EventConfigIn,
    EventConfigOut,
    EventId,
    EventOut,
    EventSummaryOut,
    ImportedOut,
    RoundOut,
)
from arbitro.web.context import Web
from arbitro.web.forms import EVENT_ID_PATTERN

router = api_router()


def event_out(web: Web, state: EventState) -> EventOut:
    """An event as the API returns it."""
    now = web.service.clock()
    config = state.config.to_payload()
    config["entry_fee_cents"] = state.entry_fee_cents  # as last set (entry-fee-set)
    return EventOut(
        event_id=state.event_id,
        config=EventConfigOut(**config),
        competitors=[
            CompetitorOut(
                number=c.number,
                name=c.name,
                players=list(c.players),
                withdrawn_from_round=c.withdrawn_from_round,
                joined_round=c.joined_round,
            )
            for c in state.competitors.values()
        ],
        rounds=[
            RoundOut(
                number=n,
                deals=state.deals(n),
                movement=state.config.movements[n - 1],
                seated=state.round(n).seating is not None,
                seating_published=state.round(n).seating_published_at is not None,
                standings_published=state.round(n).standings_published_at is not None,
                standings_final=state.standings_final(n, now),
            )
            for n in range(1, state.config.rounds + 1)
        ],
        current_round=state.current_round(),
    )


@router.get("/events", response_model=list[EventSummaryOut])
def list_events(api: Reader) -> list[EventSummaryOut]:
    """Every event of the installation."""
    return [
        EventSummaryOut(
            event_id=e.event_id, name=e.name, created_at=e.created_at, record_count=e.record_count
        )
        for e in api.web.store.list_events()
    ]


@router.get("/events/{event_id}", response_model=EventOut)
def get_event(event_id: EventId, api: Reader) -> EventOut:
    """One event: configuration, competitors and rounds."""
    return api.read(event_id, lambda state: event_out(api.web, state))


@router.post("/events", response_model=EventOut, status_code=201)
def create_event(body: EventConfigIn, api: Writer) -> EventOut:
    """Create an event (director)."""
    if len(body.deals) != body.rounds or len(body.movements) != body.rounds:
        raise ArbitroError(
            ngettext(
                "give the deals and the movement of the {rounds} round",
                "give the deals and the movement of each of the {rounds} rounds",
                body.rounds,
                rounds=body.rounds,
            )
        )
    rules = rules_for(body.code)
    config = EventConfig(
        name=body.name,
        code=CodeId(body.code),
        game=GameId(rules.game),
        event_format=body.format,
        rounds=body.rounds,
        deals=tuple(body.deals),
        movements=tuple(body.movements),
        mitchell_step=body.mitchell_step,
        seed=body.seed,
        duplicate=body.duplicate or body.carte_uguali or body.comparison not in (None, "table"),
        comparison=body.comparison or ("others" if body.carte_uguali else None),
        complaints_window_minutes=rules.complaints_window_minutes
        if body.complaints_window_minutes is None
        else body.complaints_window_minutes,
        entry_fee_cents=body.entry_fee_cents,
        session_starts=tuple(body.session_starts),
        timezone=body.timezone,
    )
    service = api.service
    with api.web.locked():
        commands.create_event(config, service.clock())
        state = service.create_event(body.event_id, config, actor=api.director)
        return event_out(api.web, state)


@router.get("/events/{event_id}/export")
def export(event_id: EventId, api: Writer) -> dict[str, Any]:
    """The event file (director): every record, to back up, move or replay the event."""

    return api.write(event_id, lambda svc, user: export_event(svc, event_id))


@router.post("/events/import", response_model=ImportedOut, status_code=201)
def import_event_file(
    api: Writer,
    body: Annotated[dict[str, Any], Body(description="An event file (format arbitro-event-file)")],
    event_id: Annotated[str | None, Query(pattern=EVENT_ID_PATTERN.pattern, max_length=64)] = None,
    unverified: Annotated[
        bool, Query(description="Import even records a live action would refuse, marked unverified")
    ] = False,
) -> ImportedOut:
    """Import an event file as a new event (director); ``event_id`` overrides the file's.
    Each record is decided as its live action (issue 29): a file with problems is refused
    422 with every problem, unless ``unverified``."""

    with api.web.locked():
        state = import_event(api.service, body, event_id, api.director, unverified=unverified)
        stored = state.event_id
        return ImportedOut(
            event_id=stored,
            name=str(body.get("name", stored)),
            records=api.web.store.last_seq(stored),
        )
