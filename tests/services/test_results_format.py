"""The open results format (docs/results-format.md): the export of a played event, its schema
kept in sync, the CSV files, and the validator's consistency checks (standings add up from
the round results, FIBAS art. 19 order, every competitor known)."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from arbitro.i18n import render
from arbitro.services.demo import run_demo
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.results import (
    ROUNDS_CSV,
    STANDINGS_CSV,
    ResultsFile,
    csv_files,
    export,
    schema,
    to_json,
    validate,
)
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import SanctionKind

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "results-format.schema.json"


def played(store: RecordStore) -> EventService:
    """The demo event (9 pairs, 4 rounds, a rest each round, a lateness) with a reprimand,
    an arbitral score (art. 40) and a complaint lodged and resolved (art. 38-39)."""
    demo = run_demo(store, "demo")
    # Within round 4's complaints window (art. 39): 10 of its 15 minutes left.
    svc = EventService(store, lambda: demo.finished_at - timedelta(minutes=10))
    svc.run("demo", values.GiveSanction(3, 2, SanctionKind.REPRIMAND, "talked across the table"))
    svc.run("demo", values.ArbitralScore(4, 5, 100, 12, "wrong board played"))
    number = svc.run("demo", values.LodgeComplaint(4, 3, "table 2 total is wrong"))
    svc.run("demo", values.ResolveComplaint(4, number, "rejected: the sheet is right"))
    return svc


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> ResultsFile:
    store = RecordStore.open(f"sqlite:///{tmp_path_factory.mktemp('db') / 'r.sqlite3'}")
    return export(played(store), "demo", arbiter="Anna Verdi", place="Circolo Roma")


def data(results: ResultsFile) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(to_json(results))
    return loaded


def test_the_schema_file_is_generated_from_the_models() -> None:
    """docs/results-format.schema.json is what the models say (regenerate it: see the doc)."""
    assert json.loads(SCHEMA.read_text("utf-8")) == schema()


def test_the_export_holds_event_competitors_rounds_standings_and_ledger(
    results: ResultsFile,
) -> None:
    assert results.format == "arbitro-results" and results.version == 1
    assert results.event.arbiter == "Anna Verdi" and results.event.place == "Circolo Roma"
    assert results.event.rounds == results.event.rounds_played == 4
    assert len(results.competitors) == 9
    assert [r.number for r in results.rounds] == [1, 2, 3, 4]
    assert [s.after_round for s in results.standings] == [1, 2, 3, 4]
    # 9 pairs: one rests each round (FIBAS art. 37), with the rest score as its source.
    for rnd in results.rounds:
        assert len(rnd.results) == 9
        assert any(r.source == "rest" for r in rnd.results)
        assert all(t.sheet is not None for t in rnd.tables if len(t.lines) == 2)
    kinds = {s.kind for s in results.sanctions}
    assert {"reprimand", "lateness"} <= kinds
    assert [r.kind for r in results.rulings] == ["arbitral-score"]
    assert results.rulings[0].article.text.startswith("FIBAS")
    (complaint,) = results.complaints
    assert complaint.resolved and complaint.outcome == "rejected: the sheet is right"
    arbitral = next(r for r in results.rounds[3].results if r.competitor == 5)
    assert (arbitral.source, arbitral.mp, arbitral.vp) == ("arbitral", 100, 12)


def test_the_export_validates_and_round_trips(results: ResultsFile) -> None:
    model, problems = validate(data(results))
    assert problems == []
    assert model == results


def test_the_csv_files_hold_a_row_per_competitor_and_round(results: ResultsFile) -> None:
    files = csv_files(results)
    standings = list(csv.DictReader(io.StringIO(files[STANDINGS_CSV])))
    rounds = list(csv.DictReader(io.StringIO(files[ROUNDS_CSV])))
    assert len(standings) == 4 * 9 and len(rounds) == 4 * 9
    final = [r for r in standings if r["after_round"] == "4"]
    assert final[0]["rank"] == "1"
    late = [r for r in rounds if r["mp_penalty"] != "0"]
    assert late and late[0]["mp_penalty"] == "-100"  # art. 37, 7 minutes late
    assert {r["side"] for r in rounds} == {"ns", "ew"}


def _problems(doc: dict[str, Any]) -> list[tuple[str, str]]:
    _model, problems = validate(doc)
    return [(p.path, render(p.message, "en")) for p in problems]


def test_a_total_that_does_not_add_up_is_named_by_its_path(results: ResultsFile) -> None:
    doc = data(results)
    doc["standings"][3]["rows"][0]["vp"] += 1
    found = _problems(doc)
    assert ("standings[3].rows[0].vp", found[0][1]) in found
    assert any("add up to" in text for _path, text in found)


def test_a_round_result_changed_no_longer_matches_the_final_standings(
    results: ResultsFile,
) -> None:
    doc = data(results)
    doc["rounds"][0]["results"][0]["vp"] += 2
    found = _problems(doc)
    assert any("round results add up to" in text for _path, text in found)


def test_ranks_out_of_order_are_refused(results: ResultsFile) -> None:
    doc = data(results)
    rows = doc["standings"][3]["rows"]
    rows[0], rows[1] = rows[1], rows[0]
    found = _problems(doc)
    assert any(path.startswith("standings[3].rows[1].rank") for path, _text in found)


def test_an_unknown_competitor_is_named(results: ResultsFile) -> None:
    doc = data(results)
    doc["rounds"][1]["results"][0]["competitor"] = 99
    doc["sanctions"][0]["competitor"] = 98
    found = dict(_problems(doc))
    assert found["rounds[1].results[0].competitor"] == "unknown competitor 99"
    assert found["sanctions[0].competitor"] == "unknown competitor 98"


def test_a_competitor_missing_from_the_standings_is_named(results: ResultsFile) -> None:
    doc = data(results)
    gone = doc["standings"][0]["rows"].pop()
    found = dict(_problems(doc))
    assert found["standings[0].rows"] == f"competitors missing: {gone['competitor']}"


def test_schema_errors_name_the_path_in_italian_and_english(results: ResultsFile) -> None:
    doc = data(results)
    del doc["event"]["name"]
    doc["competitors"][0]["number"] = "uno"
    _model, problems = validate(doc)
    paths = {p.path for p in problems}
    assert {"event.name", "competitors[0].number"} <= paths
    assert any("non conforme allo schema" in p.render("it") for p in problems)
    assert any("not as the schema says" in p.render("en") for p in problems)
    assert validate([1, 2])[1][0].render("en") == "$: a results file is a JSON object"


def test_an_event_not_yet_played_exports_and_validates(tmp_path: Path) -> None:
    """Registered, never seated: no rounds, no standings, still a valid file; the site says
    so."""
    from arbitro.export import site_pages
    from arbitro.tournament.event import EventConfig
    from arbitro.tournament.model import EventFormat, Movement

    svc = EventService(RecordStore.open(f"sqlite:///{tmp_path / 'e.sqlite3'}"))
    svc.create_event(
        "vuota",
        EventConfig("Vuota", EventFormat.PAIRS, 2, (2, 2), (Movement.DRAW, Movement.DANISH)),
    )
    svc.run("vuota", Register("Alfa", ["A", "B"]))
    empty = export(svc, "vuota")
    assert empty.rounds == [] and empty.standings == [] and empty.final_standings() is None
    assert validate(data(empty)) == (empty, [])
    pages = site_pages(empty, "en")
    assert "No round has been played yet." in pages["index.html"]
    assert set(pages) == {"index.html", "competitor-1.html"}


def test_a_knockout_is_refused_with_a_pointer_to_its_bracket(tmp_path: Path) -> None:
    from arbitro.errors import ArbitroError
    from arbitro.services.knockout import KnockoutService
    from arbitro.tournament.knockout_event import KnockoutConfig

    store = RecordStore.open(f"sqlite:///{tmp_path / 'k.sqlite3'}")
    KnockoutService(store).create("coppa", KnockoutConfig("Coppa"))
    with pytest.raises(ArbitroError) as refused:
        export(EventService(store), "coppa")
    assert "arbitro knockout show" in refused.value.message("en")
