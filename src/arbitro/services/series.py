"""Series of events (a club's season, a circuit of stages): create a series with its points
scheme, add its events in order, and compute its standings (:mod:`arbitro.tournament.series`).

Each event gives the series the standings of its latest published round (FIBAS art. 19, 39):
final once the last round's are final, provisional before (the series standings say which).
Its competitors' results reach the players through the registry's links (a competitor
registered from the registry, or linked with ``arbitro players link``): a pair's result is
each of its players'. Competitors with no linked player earn no series points; the standings
list them per event, for the director to link.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.services.event_log import utc_now
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.store import series as kept
from arbitro.store.series import SeriesRecord
from arbitro.tournament.series import (
    EventResults,
    Placement,
    PointsScheme,
    SeriesRow,
    series_standings,
)

SERIES_ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
NAME_LENGTH = 200


@dataclass(frozen=True, slots=True)
class SeriesEvent:
    """An event of the series as its standings show it: id, name, the round its results are
    from (None: no standings published yet), whether they are final, and the competitors
    with no registry player linked (they earn no series points)."""

    event_id: str
    name: str
    round: int | None
    rounds: int
    final: bool
    unlinked: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeriesStandings:
    """A series' standings: the series, its scheme, its events and the players' rows."""

    series: SeriesRecord
    scheme: PointsScheme
    events: tuple[SeriesEvent, ...]
    rows: tuple[SeriesRow, ...] = field(default_factory=tuple)

    @property
    def final(self) -> bool:
        """True when every event's results are final."""
        return all(e.final for e in self.events)

    def to_json(self) -> dict[str, Any]:
        """The standings as JSON (``arbitro series standings --json``)."""
        return {
            "series": self.series.id,
            "name": self.series.name,
            "scheme": self.scheme.to_json(),
            "final": self.final,
            "events": [
                {
                    "event": e.event_id,
                    "name": e.name,
                    "round": e.round,
                    "rounds": e.rounds,
                    "final": e.final,
                    "unlinked": list(e.unlinked),
                }
                for e in self.events
            ],
            "rows": [
                {
                    "rank": r.rank,
                    "player": r.player,
                    "name": r.name,
                    "total": r.total,
                    "all_results": r.all_total,
                    "played": r.played,
                    "results": [
                        None
                        if x is None
                        else {"rank": x.rank, "points": x.points, "counted": x.counted}
                        for x in r.results
                    ],
                    "tie": None if r.tie is None else r.tie.render(),
                }
                for r in self.rows
            ],
        }


def check_series_id(series_id: str) -> str:
    """A series id as kept (lower-case letters, digits, - and _; it names the projector
    page ``/s/<id>``); an ArbitroError otherwise."""
    if not SERIES_ID_PATTERN.fullmatch(series_id):
        raise ArbitroError(
            "series id «{series}» is not valid: lower-case letters, digits, - and _ (at most 64)",
            series=series_id,
            key="series.invalid",
        )
    return series_id


def _rounds_event(store: RecordStore, event_id: str) -> None:
    if not store.has_event(event_id):
        raise NotFoundError("event {event} does not exist", event=event_id)
    if store.event_kind(event_id) != "rounds":
        raise ArbitroError(
            "event {event} is a knockout: a series ranks events played in rounds",
            event=event_id,
            key="series.knockout",
        )


def create_series(
    store: RecordStore,
    series_id: str,
    name: str,
    scheme: PointsScheme,
    events: tuple[str, ...] = (),
    now: datetime | None = None,
) -> SeriesRecord:
    """Create a series with its points scheme and, optionally, its first events in order."""
    check_series_id(series_id)
    name = " ".join(name.split())
    if not name or len(name) > NAME_LENGTH:
        raise ArbitroError("the series' name must be 1 to {limit} characters", limit=NAME_LENGTH)
    for event_id in events:
        _rounds_event(store, event_id)
    kept.create_series(store, series_id, name, scheme.to_json(), now or utc_now())
    for event_id in events:
        kept.add_event(store, series_id, event_id)
    return kept.get_series(store, series_id)


def add_event(store: RecordStore, series_id: str, event_id: str) -> int:
    """Add an event at the end of the series; its position in the series."""
    kept.get_series(store, series_id)
    _rounds_event(store, event_id)
    return kept.add_event(store, series_id, event_id)


def remove_event(store: RecordStore, series_id: str, event_id: str) -> None:
    """Take an event out of the series; NotFoundError if it is not in it."""
    kept.get_series(store, series_id)
    if not kept.remove_event(store, series_id, event_id):
        raise NotFoundError(
            "event {event} is not in series {series}", event=event_id, series=series_id
        )


def set_scheme(store: RecordStore, series_id: str, scheme: PointsScheme) -> None:
    """Change the series' points scheme (its standings are computed again)."""
    kept.get_series(store, series_id)
    kept.set_scheme(store, series_id, scheme.to_json())


def get_series(store: RecordStore, series_id: str) -> SeriesRecord:
    """The series ``series_id``; NotFoundError if there is none."""
    return kept.get_series(store, series_id)


def list_series(store: RecordStore) -> list[SeriesRecord]:
    """Every series, by id."""
    return kept.list_series(store)


def event_results(
    store: RecordStore, service: EventService, event_id: str, now: datetime
) -> tuple[SeriesEvent, EventResults]:
    """What an event gives its series: its latest published standings (art. 19, 39), each
    row's rank and VP given to every registry player linked to that competitor."""
    state = service.state(event_id)
    published = [n for n, r in state.rounds.items() if r.standings_published_at is not None]
    rnd = max(published, default=None)
    name = state.config.name
    if rnd is None:
        return SeriesEvent(event_id, name, None, state.config.rounds, False), EventResults(
            event_id, name
        )
    rows = service.standings(event_id, rnd)
    links: dict[int, list[tuple[int, str]]] = {}
    for player, competitor, player_name in kept.event_links(store, event_id):
        links.setdefault(competitor, []).append((player, player_name))
    placements: list[Placement] = []
    unlinked: list[str] = []
    for row in rows:
        linked = links.get(row.competitor)
        if not linked:
            unlinked.append(row.name)
            continue
        placements.extend(Placement(p, n, row.rank, row.vp) for p, n in linked)
    final = rnd == state.config.rounds and state.standings_final(rnd, now)
    return (
        SeriesEvent(event_id, name, rnd, state.config.rounds, final, tuple(unlinked)),
        EventResults(event_id, name, tuple(placements)),
    )


def standings(
    store: RecordStore, series_id: str, service: EventService | None = None
) -> SeriesStandings:
    """The series standings: every event's latest published standings turned into series
    points by the series' scheme, by player (docs/rulings.md, "Series")."""
    record = kept.get_series(store, series_id)
    scheme = PointsScheme.from_json(record.scheme)
    service = service or EventService(store)
    now = service.clock()
    events: list[SeriesEvent] = []
    results: list[EventResults] = []
    for event_id in record.events:
        shown, result = event_results(store, service, event_id, now)
        events.append(shown)
        results.append(result)
    rows = series_standings(scheme, results)
    return SeriesStandings(record, scheme, tuple(events), tuple(rows))


def version(store: RecordStore, series_id: str, service: EventService) -> str:
    """What the series standings depend on, as text: the series as kept, and each event's
    last record (a page is rendered again only when one changes)."""
    record = kept.get_series(store, series_id)
    parts = [repr((record.name, sorted(record.scheme.items()), record.events))]
    now = service.clock()
    for event_id in record.events:
        state = service.state(event_id)
        published = [n for n, r in state.rounds.items() if r.standings_published_at is not None]
        rnd = max(published, default=0)
        final = rnd > 0 and state.standings_final(rnd, now)
        parts.append(f"{event_id}:{state.last_seq}:{int(final)}")
    parts.append(kept.links_version(store, record.events))
    return "|".join(parts)
