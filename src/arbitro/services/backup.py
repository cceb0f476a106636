"""The director's backup of a whole installation and its restore: every event's log, the
club's players registry (players, their links to events, the audit of GDPR requests), the
series of events (a season, a circuit), the directors' accounts and the installation's settings — among them the secret that signs the
table cards' QR codes, so that after a restore into a new database every printed card still
answers. The backup is sensitive (it holds the secret and the password hashes): it is the
director's, never a public export (an event file carries no secret)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, Table, insert, select

from arbitro.errors import ArbitroError
from arbitro.services.event_file import export_event, import_event, parse_event_file
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore
from arbitro.store.schema import (
    player_audit,
    player_entries,
    players,
    series,
    series_events,
    settings,
    users,
)

FORMAT = "arbitro-backup"
VERSION = 1

REGISTRY: tuple[Table, ...] = (players, player_entries, player_audit)
"""The registry's tables, kept whole (a backup from before the registry has none of them)."""

SERIES: tuple[Table, ...] = (series, series_events)
"""The series of events and their events in order (migration 0006; a backup from before it
has none)."""


def _rows(connection: Any, table: Table) -> list[dict[str, Any]]:
    out = []
    for row in connection.execute(select(table)).mappings():
        out.append({k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()})
    return out


def _restored(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    for column in table.columns:
        value = out.get(column.name)
        kind = getattr(column.type, "impl", column.type)  # a TypeDecorator's stored type
        if isinstance(value, str) and isinstance(kind, DateTime):
            out[column.name] = datetime.fromisoformat(value)
    return out


def backup(store: RecordStore, now: datetime) -> dict[str, Any]:
    """The whole installation as one JSON document (sensitive: keep it as the director's)."""
    events = EventService(store)
    knockouts = KnockoutService(store)
    with store.engine.connect() as connection:
        setting_rows = connection.execute(select(settings.c.key, settings.c.value)).all()
        user_rows = connection.execute(
            select(users.c.name, users.c.password_hash, users.c.created_at)
        ).all()
        registry = {table.name: _rows(connection, table) for table in REGISTRY}
        kept_series = {table.name: _rows(connection, table) for table in SERIES}
    return {
        "format": FORMAT,
        "version": VERSION,
        "made_at": now.isoformat(),
        "sensitive": True,
        "settings": {key: value for key, value in setting_rows},
        "users": [
            {"name": name, "password_hash": pw, "created_at": created.isoformat()}
            for name, pw, created in user_rows
        ],
        "events": [
            export_event(knockouts if summary.kind == "knockout" else events, summary.event_id)
            for summary in store.list_events()
        ],
        "registry": registry,
        "series": kept_series,
    }


def restore(store: RecordStore, data: Any) -> int:
    """Restore a backup into a new installation (no event and no director yet): settings,
    directors, then every event, each checked as an imported event file. Returns the number
    of events restored."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ArbitroError("not an arbitro backup (format «{format}» expected)", format=FORMAT)
    if data.get("version") != VERSION:
        raise ArbitroError("backup version {version} is not known", version=data.get("version"))
    with store.engine.connect() as connection:
        taken = connection.execute(select(users.c.name).limit(1)).first() is not None
    if store.list_events() or taken:
        raise ArbitroError("a backup is restored into a new database: this one is in use")
    events = EventService(store)
    knockouts = KnockoutService(store)
    for file in data.get("events", []):  # checked (and refused whole) before anything is kept
        parse_event_file(file)
    with store.engine.begin() as connection:
        for key, value in dict(data.get("settings", {})).items():
            connection.execute(insert(settings), {"key": str(key), "value": str(value)})
        for user in data.get("users", []):
            connection.execute(
                insert(users),
                {
                    "name": str(user["name"]),
                    "password_hash": str(user["password_hash"]),
                    "created_at": datetime.fromisoformat(str(user["created_at"])),
                },
            )
    for file in data.get("events", []):
        first = file["records"][0]["payload"] if file["records"] else {}
        service = knockouts if first.get("competition") == "knockout" else events
        import_event(service, file, actor="restore")
    registry = data.get("registry") or {}
    with store.engine.begin() as connection:  # after the events: the links name them
        for table in REGISTRY:
            rows = [_restored(table, dict(r)) for r in registry.get(table.name, [])]
            if rows:
                connection.execute(insert(table), rows)
        kept_series = data.get("series") or {}
        for table in SERIES:
            rows = [_restored(table, dict(r)) for r in kept_series.get(table.name, [])]
            if rows:
                connection.execute(insert(table), rows)
    return len(data.get("events", []))
