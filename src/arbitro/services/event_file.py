"""The event file: an event's whole log as one JSON document (schema:
``docs/event-file.schema.json``), to back up, move, exchange and replay an event."""

from __future__ import annotations

import copy
import json
from datetime import datetime
from functools import cache
from importlib import resources
from typing import Any

import fastjsonschema

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.store import NewRecord
from arbitro.tournament.event import EventState
from arbitro.tournament.knockout_event import KnockoutState, is_knockout
from arbitro.tournament.model import EventFormat
from arbitro.tournament.records import Record, RecordKind, utc
from arbitro.tournament.scoring.sheet import check_sheet

FORMAT = "arbitro-event-file"
VERSION = 1


@cache
def event_file_schema() -> dict[str, Any]:
    """The published JSON Schema of event files."""
    text = resources.files("arbitro.services").joinpath("event-file.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def event_name(service: EventService | KnockoutService, event_id: str) -> str:
    """The event's name as stored (a NotFoundError if there is no such event)."""
    for summary in service.store.list_events():
        if summary.event_id == event_id:
            return summary.name
    raise NotFoundError(f"gara «{event_id}» inesistente", f"no event «{event_id}»")


def export_event(service: EventService | KnockoutService, event_id: str) -> dict[str, Any]:
    """The event file of ``event_id``: every record, in order, with who, when and why."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "event_id": event_id,
        "name": event_name(service, event_id),
        "exported_at": service.clock().isoformat(),
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind,
                "payload": r.payload,
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.recorded_at.isoformat(),
            }
            for r in service.store.records(event_id)
        ],
    }


@cache
def _validator() -> Any:
    # compile() annotates the schema it is given: give it a copy.
    return fastjsonschema.compile(copy.deepcopy(event_file_schema()))


def parse_event_file(data: Any) -> tuple[str, str, list[Record]]:
    """Validate an event file against its schema and by replaying it; returns the event id,
    the name and the records. Nothing is stored."""
    try:
        _validator()(data)
    except fastjsonschema.JsonSchemaValueException as e:
        where = e.name.removeprefix("data").lstrip(".") or "(radice/root)"
        raise ArbitroError(
            f"file di gara non valido in {where}: {e.message}",
            f"invalid event file at {where}: {e.message}",
        ) from None
    records = [
        Record(
            RecordKind(r["kind"]),
            r["payload"],
            utc(datetime.fromisoformat(r["recorded_at"])),
            r["actor"],
            r.get("reason"),
            r["seq"],
        )
        for r in data["records"]
    ]
    if [r.seq for r in records] != list(range(1, len(records) + 1)):
        raise ArbitroError(
            "file di gara non valido: registrazioni da numerare 1, 2, 3... senza buchi",
            "invalid event file: records must be numbered 1, 2, 3... without gaps",
        )
    try:
        if is_knockout(records[0].payload):
            KnockoutState.replay(data["event_id"], records)
            return str(data["event_id"]), str(data["name"]), records
        state = EventState.replay(data["event_id"], records)
        for rnd in state.rounds.values():
            for sheet in rnd.sheets.values():
                for version in sheet.history:
                    check_sheet(
                        state.code, version.entry, deals=state.deals(rnd.number), teams=teams(state)
                    )
    except (KeyError, ValueError, TypeError) as exc:
        raise ArbitroError(
            f"file di gara incoerente: la rilettura si ferma ({exc!r})",
            f"inconsistent event file: replaying it fails ({exc!r})",
        ) from exc
    return str(data["event_id"]), str(data["name"]), records


def teams(state: EventState) -> bool:
    """True for team events (sheets with an open and a closed room)."""
    return state.config.event_format is EventFormat.TEAMS


def import_event(
    service: EventService | KnockoutService, data: Any, event_id: str | None = None
) -> EventState | KnockoutState:
    """Store an event file as a new event (``event_id`` overrides the file's id) and return
    its state, replayed from the stored records."""
    file_id, name, records = parse_event_file(data)
    if is_knockout(records[0].payload) != isinstance(service, KnockoutService):
        raise ArbitroError(
            "file di una gara di altro tipo (a eliminazione diretta o a turni): usare il comando adatto",
            "the file is of another kind of event (knockout or rounds): use the matching command",
        )
    event_id = event_id or file_id
    service.store.create_event(event_id, name)
    service.store.append(
        event_id,
        [NewRecord(r.kind.value, dict(r.payload), r.actor, r.reason, r.at) for r in records],
        expected_seq=0,
    )
    return service.state(event_id)
