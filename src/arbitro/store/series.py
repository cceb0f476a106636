"""Series of events in the store (migration 0006): a series' id, name and points scheme, and
its events in order. The use cases (the series standings from the events' final standings
through the registry's links) are in :mod:`arbitro.services.series`; here are only the
queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from arbitro.errors import ConflictError, NotFoundError
from arbitro.store.record_store import RecordStore
from arbitro.store.schema import player_entries, players, series, series_events


@dataclass(frozen=True, slots=True)
class SeriesRecord:
    """A series as kept: id, name, the points scheme's JSON form, when it was created, and
    its events' ids in order."""

    id: str
    name: str
    scheme: dict[str, Any]
    created_at: datetime
    events: tuple[str, ...] = ()


def _engine(store: RecordStore) -> Engine:
    engine: Engine = store.engine
    return engine


def create_series(
    store: RecordStore, series_id: str, name: str, scheme: dict[str, Any], now: datetime
) -> SeriesRecord:
    """Keep a new series without events; ConflictError if the id is taken."""
    try:
        with _engine(store).begin() as connection:
            connection.execute(
                insert(series),
                {"id": series_id, "name": name, "scheme": scheme, "created_at": now},
            )
    except IntegrityError as exc:
        raise ConflictError(
            "series {series} already exists", series=series_id, key="series.exists"
        ) from exc
    return SeriesRecord(series_id, name, scheme, now)


def get_series(store: RecordStore, series_id: str) -> SeriesRecord:
    """The series ``series_id`` with its events in order; NotFoundError if there is none."""
    with _engine(store).connect() as connection:
        row = connection.execute(
            select(series.c.id, series.c.name, series.c.scheme, series.c.created_at).where(
                series.c.id == series_id
            )
        ).first()
        if row is None:
            raise NotFoundError(
                "series {series} does not exist", series=series_id, key="series.none"
            )
        events = connection.execute(
            select(series_events.c.event_id)
            .where(series_events.c.series_id == series_id)
            .order_by(series_events.c.position)
        ).all()
    return SeriesRecord(
        str(row[0]), str(row[1]), dict(row[2]), row[3], tuple(str(e[0]) for e in events)
    )


def list_series(store: RecordStore) -> list[SeriesRecord]:
    """Every series (without reading their events), by id."""
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(series.c.id, series.c.name, series.c.scheme, series.c.created_at).order_by(
                series.c.id
            )
        ).all()
    return [SeriesRecord(str(r[0]), str(r[1]), dict(r[2]), r[3]) for r in rows]


def add_event(store: RecordStore, series_id: str, event_id: str) -> int:
    """Append ``event_id`` to the series' events; its position (1-based). ConflictError if
    the event is already in the series (or does not exist: the foreign key)."""
    try:
        with _engine(store).begin() as connection:
            last = connection.execute(
                select(func.max(series_events.c.position)).where(
                    series_events.c.series_id == series_id
                )
            ).scalar()
            position = int(last or 0) + 1
            connection.execute(
                insert(series_events),
                {"series_id": series_id, "event_id": event_id, "position": position},
            )
    except IntegrityError as exc:
        raise ConflictError(
            "event {event} is already in series {series}",
            event=event_id,
            series=series_id,
            key="series.event_twice",
        ) from exc
    return position


def remove_event(store: RecordStore, series_id: str, event_id: str) -> bool:
    """Take ``event_id`` out of the series (the later events move up); False if absent."""
    with _engine(store).begin() as connection:
        position = connection.execute(
            select(series_events.c.position).where(
                series_events.c.series_id == series_id, series_events.c.event_id == event_id
            )
        ).scalar()
        if position is None:
            return False
        connection.execute(
            delete(series_events).where(
                series_events.c.series_id == series_id, series_events.c.event_id == event_id
            )
        )
        later = connection.execute(
            select(series_events.c.event_id, series_events.c.position)
            .where(series_events.c.series_id == series_id, series_events.c.position > position)
            .order_by(series_events.c.position)
        ).all()
        for event, pos in later:  # one at a time, in order: the positions stay unique
            connection.execute(
                update(series_events)
                .where(series_events.c.series_id == series_id, series_events.c.event_id == event)
                .values(position=int(pos) - 1)
            )
    return True


def set_scheme(store: RecordStore, series_id: str, scheme: dict[str, Any]) -> None:
    """Replace the series' points scheme."""
    with _engine(store).begin() as connection:
        connection.execute(update(series).where(series.c.id == series_id).values(scheme=scheme))


def event_links(store: RecordStore, event_id: str) -> list[tuple[int, int, str]]:
    """The registry players linked to the competitors of ``event_id``: (registry number,
    competitor number, the player's registry name), by competitor then player."""
    with _engine(store).connect() as connection:
        rows = connection.execute(
            select(player_entries.c.player_id, player_entries.c.competitor, players.c.name)
            .join(players, players.c.id == player_entries.c.player_id)
            .where(player_entries.c.event_id == event_id)
            .order_by(player_entries.c.competitor, player_entries.c.player_id)
        ).all()
    return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]


def links_version(store: RecordStore, event_ids: tuple[str, ...]) -> str:
    """How many registry links the events have and the latest one's time: it changes when a
    player is linked to (or unlinked from) one of them."""
    if not event_ids:
        return "0"
    with _engine(store).connect() as connection:
        count, latest = connection.execute(
            select(func.count(), func.max(player_entries.c.linked_at)).where(
                player_entries.c.event_id.in_(event_ids)
            )
        ).one()
    return f"{count}:{latest}"
