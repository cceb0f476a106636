"""The event use cases on a real database (SQLite and PostgreSQL): a small event stored as
append-only records, conflicts, corrections with history (art. 21), export → import → replay
giving the same standings, and the event file's schema."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]  # types-jsonschema is no dev dependency
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.errors import ArbitroError, ConflictError
from arbitro.services.demo import random_deal
from arbitro.services.event_file import event_file_schema, export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, SanctionKind
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry
from arbitro.tournament.standings.standings import standings

REPO = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def play(
    svc: EventService, event_id: str, pairs: int, movements: tuple[Movement, ...], seed: int
) -> None:
    """Register ``pairs`` pairs and play every round with random plausible sheets."""
    config = EventConfig(
        name="Serata di prova",
        event_format=EventFormat.PAIRS,
        rounds=len(movements),
        deals=(2,) * len(movements),
        movements=movements,
        seed=seed,
    )
    svc.create_event(event_id, config)
    for i in range(1, pairs + 1):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}a", f"Giocatore {i}b"]))
    rng = random.Random(seed)
    for rnd in range(1, len(movements) + 1):
        seating = svc.seat(event_id, rnd, publish=True).round(rnd).seating
        assert seating is not None
        for table in seating.tables:
            if not table.is_incomplete:
                svc.enter_sheet(
                    event_id, rnd, table.table, SheetEntry((random_deal(rng), random_deal(rng)))
                )
        svc.run(event_id, values.PublishStandings(rnd))


def test_event_stored_as_records_and_reloaded_by_a_new_process(database_url: str) -> None:
    """Every change is a record; a new service on the same database derives the same
    standings from them (the store is the only truth)."""
    store = RecordStore(database_url)
    play(
        EventService(store, Clock()),
        "serata",
        7,
        (Movement.DRAW, Movement.MITCHELL, Movement.MODIFIED_DANISH),
        7,
    )
    fresh = EventService(RecordStore(database_url))
    first = EventService(store).standings("serata")
    assert fresh.standings("serata") == first
    kinds = [r.kind for r in store.records("serata")]
    assert kinds[0] == "event-created" and kinds.count("competitor-registered") == 7
    assert kinds.count("sheet-entered") == 9  # 3 tables a round (7 pairs: one rests)


def test_conflict_correction_and_history(database_url: str) -> None:
    """A second, different sheet is a conflict (not an overwrite); the director settles it
    with a reason; the sheet's history shows every version (art. 21)."""
    clock = Clock()
    svc = EventService(RecordStore(database_url), clock)
    svc.create_event(
        "e",
        EventConfig(
            "E", EventFormat.PAIRS, 2, (2, 2), (Movement.REGISTRATION_ORDER, Movement.DANISH)
        ),
    )
    for i in range(4):
        svc.run("e", Register(f"C{i}"))
    svc.seat("e", 1, publish=True)
    one = SheetEntry(
        (DealScore(LineDeal(200, 100), LineDeal(0, 50)), DealScore(LineDeal(0, 0), LineDeal(0, 0)))
    )
    two = SheetEntry(
        (DealScore(LineDeal(200, 100), LineDeal(0, 55)), DealScore(LineDeal(0, 0), LineDeal(0, 0)))
    )
    assert svc.enter_sheet("e", 1, 1, one, actor="tavolo 1 N-S", line="ns") == "pending"
    # The second line signs other numbers: a conflict for the director (art. 20).
    assert svc.enter_sheet("e", 1, 1, two, actor="tavolo 1 E-O", line="ew") == "conflict"
    # A line that signed cannot sign again: changes go through the director (art. 21).
    with pytest.raises(ConflictError):
        svc.enter_sheet("e", 1, 1, one, actor="tavolo 1 E-O", line="ew")
    clock.now += timedelta(minutes=2)
    svc.run(
        "e",
        values.CorrectSheet(
            1,
            1,
            kind="conflict",
            reason="verificato lo score firmato",
            entry=one,
            actor="direttore",
        ),
    )
    history = svc.sheet_history("e", 1, 1)
    assert [(v.kind, v.actor) for v in history] == [
        ("entered", "tavolo 1 N-S"),
        ("conflict", "tavolo 1 E-O"),
        ("correction: conflict", "direttore"),
    ]
    assert history[-1].reason == "verificato lo score firmato"
    assert history[-1].at == clock.now


def test_export_validates_against_the_published_schema_and_imports_to_the_same_standings(
    database_url: str, tmp_path: Path
) -> None:
    """The event file follows docs/event-file.schema.json; importing it and replaying gives
    identical standings."""
    svc = EventService(RecordStore(database_url), Clock())
    play(svc, "orig", 9, (Movement.DRAW, Movement.MITCHELL, Movement.DANISH), 11)
    svc.run("orig", values.GiveSanction(3, 2, SanctionKind.WARNING, "commenti"))
    data = json.loads(json.dumps(export_event(svc, "orig")))
    jsonschema.Draft202012Validator(event_file_schema()).validate(data)
    assert json.loads((REPO / "docs" / "event-file.schema.json").read_text()) == event_file_schema()
    import_event(svc, data, "copia")
    assert svc.standings("copia") == svc.standings("orig")
    copied = svc.store.records("copia")
    assert [r.recorded_at for r in copied[:-1]] == [
        r.recorded_at for r in svc.store.records("orig")
    ]
    # The import itself is the last record: who, when, from which file.
    assert copied[-1].kind == "event-imported"
    assert copied[-1].payload["source_event"] == "orig"
    assert len(copied[-1].payload["file_sha256"]) == 64


def test_import_refuses_a_bad_file_and_stores_nothing(tmp_path: Path) -> None:
    """A malformed event file gets a clear error naming where it is wrong; nothing is stored."""
    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 'x.sqlite3'}"), Clock())
    play(svc, "orig", 4, (Movement.DRAW,), 1)
    data = export_event(svc, "orig")
    data["records"][3]["kind"] = "sheet-burned"
    with pytest.raises(
        ArbitroError, match=r"registrazione 4: tipo di registrazione «sheet-burned» sconosciuto"
    ):
        import_event(svc, data, "rotto")
    del data["records"][3]
    data["records"][3]["kind"] = "competitor-registered"
    with pytest.raises(ArbitroError, match="senza buchi"):
        import_event(svc, data, "rotto")
    assert not svc.store.has_event("rotto")


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pairs=st.integers(4, 13),
    movements=st.lists(
        st.sampled_from(
            [Movement.DRAW, Movement.MITCHELL, Movement.DANISH, Movement.MODIFIED_DANISH]
        ),
        min_size=1,
        max_size=4,
    ),
    seed=st.integers(0, 10_000),
)
def test_property_export_import_replay_gives_the_same_standings(
    tmp_path: Path, pairs: int, movements: list[Movement], seed: int
) -> None:
    """Property: for any event, export → import → replay gives identical standings after
    every round."""
    db = tmp_path / f"p{pairs}-{seed}-{len(movements)}.sqlite3"
    db.unlink(missing_ok=True)
    svc = EventService(RecordStore(f"sqlite:///{db}"), Clock())
    play(svc, "a", pairs, (Movement.DRAW, *movements), seed)
    import_event(svc, export_event(svc, "a"), "b")
    a, b = svc.state("a"), svc.state("b")
    for rnd in range(1, a.config.rounds + 1):
        assert standings(a, rnd) == standings(b, rnd)


def test_one_service_shared_by_threads_keeps_every_sheet_once(tmp_path: Path) -> None:
    """The web app serves requests from a thread pool over one service: concurrent sheets
    and reads neither lose nor double a record."""
    from concurrent.futures import ThreadPoolExecutor

    svc = EventService(RecordStore(f"sqlite:///{tmp_path / 't.sqlite3'}"), Clock())
    svc.create_event(
        "e", EventConfig("E", EventFormat.PAIRS, 1, (2,), (Movement.REGISTRATION_ORDER,))
    )
    for i in range(24):
        svc.run("e", Register(f"C{i}"))
    svc.seat("e", 1, publish=True)
    row = (
        DealScore(LineDeal(200, 100), LineDeal(0, 50)),
        DealScore(LineDeal(0, 0), LineDeal(0, 0)),
    )

    def submit(table: int) -> str:
        svc.standings("e")
        return svc.enter_sheet("e", 1, table, SheetEntry(row), actor=f"tavolo {table}", line="ns")

    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(submit, range(1, 13)))
    assert statuses == ["pending"] * 12
    assert sum(1 for r in svc.store.records("e") if r.kind == "sheet-entered") == 12
    assert sorted(svc.state("e").round(1).sheets) == list(range(1, 13))
