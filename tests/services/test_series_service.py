"""Series of events (services/series.py) on SQLite and PostgreSQL: a club's season of three
events with overlapping players, registered from the registry, ranked best 2 of 3 by
placement points; a pair's result earns its points to each of its players (docs/rulings.md,
"Series"); competitors with no registry link are listed, not ranked; the series survives a
backup and restore."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import use_lang
from arbitro.services import series
from arbitro.services.backup import backup, restore
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.store.players import Entry, PlayerFields
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.series import PointsScheme, SchemeKind

# The club's members: card number → name.
MEMBERS = {
    "BU01": "Ada Rossi",
    "BU02": "Bruno Neri",
    "BU03": "Carla Verdi",
    "BU04": "Dario Gallo",
    "BU05": "Elena Costa",
    "BU06": "Fabio Greco",
    "BU07": "Gina Ricci",
    "BU08": "Ugo Sala",
    "BU09": "Irene Conti",
    "BU10": "Luca Moro",
}
# Three club evenings: four pairs each (two cards), the pairs listed strongest first (the
# stronger pair wins at its table: see ``sheet``); players change partners between events.
SEASON: dict[str, list[tuple[str, str]]] = {
    "sett": [("BU01", "BU02"), ("BU03", "BU04"), ("BU05", "BU06"), ("BU07", "BU08")],
    "ott": [("BU03", "BU05"), ("BU01", "BU07"), ("BU02", "BU04"), ("BU09", "BU10")],
    "nov": [("BU02", "BU03"), ("BU06", "BU09"), ("BU01", "BU04"), ("BU05", "BU10")],
}
START = datetime(2025, 9, 15, 21, 0, tzinfo=UTC)


@dataclass
class Clock:
    """A clock in the past that moves only when told (the evenings' standings final now)."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now


def sheet(strength: dict[int, int], ns: Sequence[int], ew: Sequence[int]) -> SheetEntry:
    """Two deals won by the stronger line (it closes with a burraco each deal, by a margin
    growing with the difference of strength): the results follow the strength."""
    s_ns, s_ew = strength[ns[0]], strength[ew[0]]

    def deal() -> DealScore:
        margin = 5 * (abs(s_ns - s_ew) + 1)
        win, lose = LineDeal(300, 100 + margin), LineDeal(0, 50)
        return DealScore(win, lose) if s_ns > s_ew else DealScore(lose, win)

    return SheetEntry((deal(), deal()))


def play_event(
    store: RecordStore,
    event_id: str,
    name: str,
    pairs: Sequence[tuple[str, str]],
    at: datetime,
    *,
    rounds: int = 2,
    sessions: tuple[int, ...] = (1,),
    link: Callable[[int], bool] = lambda number: True,
    on_round: Callable[[EventService, int], None] = lambda svc, rnd: None,
) -> EventService:
    """Create, register (pairs of registry players, linked to the registry unless ``link``
    says no) and play an event of ``rounds`` rounds: a draw, then modified Danish (FIBAS
    art. 4), every round's standings published (``on_round`` called before). The pairs are
    given strongest first."""
    clock = Clock(at)
    svc = EventService(store, clock)
    config = EventConfig(
        name=name,
        event_format=EventFormat.PAIRS,
        rounds=rounds,
        deals=(2,) * rounds,
        movements=(Movement.DRAW,) + (Movement.MODIFIED_DANISH,) * (rounds - 1),
        seed=7,
        session_starts=sessions,
    )
    svc.create_event(event_id, config)
    strength: dict[int, int] = {}
    for i, cards in enumerate(pairs):
        found = [registry.player_by_card(store, c) for c in cards]
        players = [p for p in found if p is not None]
        number = svc.run(
            event_id, Register(" - ".join(p.name for p in players), [p.name for p in players])
        )
        strength[number] = len(pairs) - i
        if link(number):
            for p in players:
                registry.link(store, Entry(p.id, event_id, number, at))
    for rnd in range(1, rounds + 1):
        state = svc.seat(event_id, rnd, publish=True)
        seating = state.round(rnd).seating
        assert seating is not None
        for t in seating.tables:
            assert t.ns is not None and t.ew is not None
            svc.enter_sheet(event_id, rnd, t.table, sheet(strength, t.ns, t.ew))
        on_round(svc, rnd)
        clock.now += timedelta(minutes=30)
        svc.run(event_id, values.PublishStandings(rnd))
    return svc


def club_season(store: RecordStore, best: int | None = 2) -> None:
    """The registry and the three evenings played, and the series ``stagione`` of them
    ranked by placement 10, 8, 6, 4 (best 2 of 3 by default)."""
    for card, name in MEMBERS.items():
        registry.add_player(store, PlayerFields(name, card, "Circolo Aurora"), START)
    for month, (event_id, pairs) in enumerate(SEASON.items()):
        at = START + timedelta(days=30 * month)
        play_event(store, event_id, f"Serata {event_id}", pairs, at)
    series.create_series(
        store,
        "stagione",
        "Stagione 2025/26",
        PointsScheme(SchemeKind.PLACEMENT, (10, 8, 6, 4), best=best),
        tuple(SEASON),
    )


def test_a_season_of_three_club_events_best_2_of_3(record_store: RecordStore) -> None:
    """Each evening's pairs finish in the order of their strength (the sheets say so), so
    each player's points are known: Ada 10 (sett), 8 (ott), 6 (nov) counts 18; Carla 8 (sett),
    10, 10 counts 20; Bruno 10, 6, 10 counts 20 — Bruno and Carla tie on 20 from a 10 and a 10,
    then with every result Carla's 28 beat Bruno's 26. Each of a pair's players gets the
    pair's points."""
    club_season(record_store)
    for event_id in SEASON:  # the events' standings, strongest pair first
        rows = EventService(record_store).standings(event_id)
        assert [r.rank for r in rows] == [1, 2, 3, 4]
        assert [r.competitor for r in rows] == [1, 2, 3, 4], event_id
    result = series.standings(record_store, "stagione")
    got = {r.name: (r.total, r.all_total) for r in result.rows}
    assert got == {
        "Carla Verdi": (20, 28),
        "Bruno Neri": (20, 26),
        "Ada Rossi": (18, 24),
        "Dario Gallo": (14, 20),
        "Elena Costa": (16, 20),
        "Irene Conti": (12, 12),
        "Fabio Greco": (14, 14),
        "Luca Moro": (8, 8),
        "Gina Ricci": (12, 12),
        "Ugo Sala": (4, 4),
    }
    ranks = [(r.rank, r.name) for r in result.rows]
    assert ranks == [
        (1, "Carla Verdi"),
        (2, "Bruno Neri"),
        (3, "Ada Rossi"),
        (4, "Elena Costa"),
        (5, "Dario Gallo"),  # 14 as Fabio, from 8 + 6 as Fabio: 20 with every result
        (6, "Fabio Greco"),
        (7, "Gina Ricci"),  # 8 + 4 as Irene, and nothing dropped: the rank shared
        (7, "Irene Conti"),
        (9, "Luca Moro"),
        (10, "Ugo Sala"),
    ]
    bruno = result.rows[1]
    with use_lang("en"):
        assert bruno.tie is not None
        assert bruno.tie.render() == (
            "tie on 20 points: all results, dropped ones included, 28 against 26"
        )
    assert [(x.points, x.counted) for x in bruno.results if x] == [
        (10, True),
        (6, False),
        (10, True),
    ]
    assert result.final and [e.round for e in result.events] == [2, 2, 2]
    data = result.to_json()
    assert data["rows"][0]["results"][0] == {"rank": 2, "points": 8, "counted": False}
    assert data["scheme"] == {"kind": "placement", "table": [10, 8, 6, 4], "beyond": 0, "best": 2}


def test_competitors_without_a_registry_link_are_listed_not_ranked(
    record_store: RecordStore,
) -> None:
    """A pair registered by name only (no link) earns no series points: the event lists it
    for the director to link (``arbitro players link``)."""
    for card, name in MEMBERS.items():
        registry.add_player(record_store, PlayerFields(name, card), START)
    play_event(record_store, "a", "Serata", SEASON["sett"], START, link=lambda n: n != 4)
    series.create_series(record_store, "s", "S", PointsScheme(SchemeKind.VP), ("a",))
    result = series.standings(record_store, "s")
    assert result.events[0].unlinked == ("Gina Ricci - Ugo Sala",)
    assert "Gina Ricci" not in {r.name for r in result.rows}
    assert len(result.rows) == 6


def test_series_keep_their_events_in_order_and_refuse_bad_input(
    record_store: RecordStore,
) -> None:
    """Events are added in order, once each, and may be removed (the later move up); a
    bad id, an unknown event or series, a knockout, the same id twice are refused."""
    for event_id in ("a", "b", "c"):
        record_store.create_event(event_id, event_id)
    record_store.create_event("ko", "Coppa", kind="knockout")
    made = series.create_series(
        record_store, "club", "Club", PointsScheme(SchemeKind.VP, best=2), ("a",)
    )
    assert made.events == ("a",)
    assert series.add_event(record_store, "club", "c") == 2
    assert series.add_event(record_store, "club", "b") == 3
    with pytest.raises(ConflictError):
        series.add_event(record_store, "club", "b")
    series.remove_event(record_store, "club", "a")
    assert series.get_series(record_store, "club").events == ("c", "b")
    assert series.add_event(record_store, "club", "a") == 3
    with pytest.raises(NotFoundError):
        series.add_event(record_store, "club", "zz")
    with pytest.raises(NotFoundError):
        series.add_event(record_store, "nessuna", "a")
    with pytest.raises(ArbitroError, match="eliminazione diretta"):
        series.add_event(record_store, "club", "ko")
    with pytest.raises(ArbitroError):
        series.create_series(record_store, "Club Bad!", "x", PointsScheme(SchemeKind.VP))
    with pytest.raises(ConflictError):
        series.create_series(record_store, "club", "Again", PointsScheme(SchemeKind.VP))
    series.set_scheme(record_store, "club", PointsScheme(SchemeKind.PLACEMENT, (5, 3)))
    kept = series.get_series(record_store, "club")
    assert PointsScheme.from_json(kept.scheme) == PointsScheme(SchemeKind.PLACEMENT, (5, 3))
    assert [s.id for s in series.list_series(record_store)] == ["club"]


def test_a_backup_keeps_the_series(tmp_path: object, record_store: RecordStore) -> None:
    """A backup restored into a new database keeps the series, its events in order and its
    scheme: the same standings."""
    club_season(record_store)
    before = series.standings(record_store, "stagione").to_json()
    data = backup(record_store, datetime(2026, 12, 1, tzinfo=UTC))
    assert [r["position"] for r in data["series"]["series_events"]] == [1, 2, 3]
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    with RecordStore.open(f"sqlite:///{tmp_path / 'new.sqlite3'}") as new:
        restore(new, data)
        assert series.standings(new, "stagione").to_json() == before
