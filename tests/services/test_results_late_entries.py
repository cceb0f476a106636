"""The results files carry the event's tie-breaks and each late entry's mark (issue 34;
docs/results-format.md; docs/rulings.md "Tie-breaks" 4 and "Late entries" 1-4): the JSON file
(``event.tiebreaks``, ``event.tiebreaks_line``, a competitor's ``joined_round``, ``missed``,
``missed_vp``/``missed_mp``, ``ranked``), ``standings.csv`` (``joined_from``, ``missed``,
``unranked``, ``tiebreaks``) and ``rounds.csv`` (``joined_from``); the validators check them,
and files written before them still validate."""

from __future__ import annotations

import copy
import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.demo import random_deal
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.services.results import (
    ROUNDS_CSV,
    STANDINGS_CSV,
    ResultsFile,
    csv_files,
    export,
    to_json,
    validate,
    validate_csv,
)
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry

EVENT = "ritardi"


def late_evening(svc: EventService) -> None:
    """Four pairs play round 1 (its standings published); the director chooses «scontro
    diretto, poi M.P.»; «Ferri / Marini» (5) is admitted from round 2 with the rest score of
    art. 37 (2 deals: 305 M.P., 14 V.P.), «Russo / Costa» (6) out of the ranking with an
    arbitral score of 20 V.P. and 500 M.P. (art. 40): more than anyone, yet listed last."""
    svc.create_event(
        EVENT,
        EventConfig(
            "Serata con ritardi",
            EventFormat.PAIRS,
            3,
            (2, 2, 2),
            (Movement.DRAW, Movement.DANISH, Movement.DANISH),
            seed=5,
        ),
    )
    for name in ("Rossi / Bianchi", "Verdi / Neri", "Gialli / Blu", "Viola / Rosa"):
        svc.run(EVENT, Register(name))
    seating = svc.seat(EVENT, 1, publish=True).round(1).seating
    assert seating is not None
    rng = random.Random(3)
    for t in seating.tables:
        svc.enter_sheet(EVENT, 1, t.table, SheetEntry((random_deal(rng), random_deal(rng))))
    svc.run(EVENT, values.PublishStandings(1))
    svc.run(EVENT, values.ChooseTiebreaks(["head-to-head", "mp"]))
    svc.run(EVENT, Register("Ferri / Marini", late=LateEntry(2, "rest")))
    svc.run(EVENT, Register("Russo / Costa", late=LateEntry(2, "arbitral", 20, 500, ranked=False)))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('late') / 'r.sqlite3'}"
    with RecordStore.open(url) as store:
        late_evening(EventService(store))
    return url


@pytest.fixture(scope="module")
def results(db: str) -> ResultsFile:
    with RecordStore.open(db) as store:
        return export(EventService(store), EVENT)


def _doc(results: ResultsFile) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(to_json(results))
    return loaded


def _problems(doc: dict[str, Any], lang: str = "en") -> list[str]:
    return [p.render(lang) for p in validate(doc)[1]]


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_json_file_carries_the_tiebreaks_and_the_late_entries(results: ResultsFile) -> None:
    """Rulings "Tie-breaks" 4: the criteria in order and their line as the standings print
    it; "Late entries" 1-3: each latecomer's first round, what its missed rounds scored, and
    whether it is ranked; a pair from round 1 has none."""
    assert results.event.tiebreaks == ["head-to-head", "mp"]
    assert results.event.tiebreaks_line == "a parità di V.P.: scontro diretto, poi M.P."
    late = {
        c.number: (c.joined_round, c.missed, c.missed_vp, c.missed_mp, c.ranked)
        for c in results.competitors
    }
    assert late[1] == (1, None, None, None, True)
    assert late[5] == (2, "rest", None, None, True)  # art. 37: the rest score of each round
    assert late[6] == (2, "arbitral", 20, 500, False)
    [round_1] = results.rounds[:1]
    missed = {r.competitor: (r.table, r.source, r.vp, r.mp) for r in round_1.results}
    assert missed[5] == (0, "rest", 14, 305) and missed[6] == (0, "arbitral", 20, 500)


def test_an_unranked_late_entry_with_the_most_vp_listed_last_validates(
    results: ResultsFile,
) -> None:
    """Ruling "Late entries" 3: out of the ranking, its 20 V.P. do not lift it: it is listed
    after every ranked pair with its own rank, and the validator accepts that order (before,
    it said «ranked below a competitor with fewer points»)."""
    rows = results.standings[0].rows
    assert (rows[-1].competitor, rows[-1].rank, rows[-1].vp, rows[-1].unranked) == (6, 6, 20, True)
    assert rows[0].vp < 20
    assert validate(_doc(results))[1] == []


def test_the_csv_files_carry_the_mark_and_the_tiebreaks_and_validate(
    results: ResultsFile,
) -> None:
    """standings.csv: a late entry's ``joined_from``, ``missed``, ``unranked`` and the
    event's ``tiebreaks`` on every row; rounds.csv: ``joined_from``, the missed round at
    table 0."""
    files = csv_files(results)
    standings = _rows(files[STANDINGS_CSV])
    assert list(standings[0])[-4:] == ["joined_from", "missed", "unranked", "tiebreaks"]
    by = {r["competitor"]: r for r in standings}
    assert (by["6"]["joined_from"], by["6"]["missed"], by["6"]["unranked"]) == (
        "2",
        "arbitral",
        "1",
    )
    assert (by["5"]["joined_from"], by["5"]["missed"], by["5"]["unranked"]) == ("2", "rest", "0")
    assert (by["1"]["joined_from"], by["1"]["missed"], by["1"]["unranked"]) == ("", "", "0")
    assert {r["tiebreaks"] for r in standings} == {"head-to-head mp"}
    rounds = _rows(files[ROUNDS_CSV])
    [missed] = [r for r in rounds if r["round"] == "1" and r["competitor"] == "5"]
    assert (missed["table"], missed["side"], missed["source"], missed["joined_from"]) == (
        "0",
        "",
        "rest",
        "2",
    )
    assert validate_csv(STANDINGS_CSV, files[STANDINGS_CSV]) == []
    assert validate_csv(ROUNDS_CSV, files[ROUNDS_CSV]) == []


def test_files_written_before_the_new_fields_still_validate(results: ResultsFile) -> None:
    """A results file without ``tiebreaks_line``, ``missed``, ``missed_vp``, ``missed_mp``,
    ``ranked`` (the late entries' marks as they were) validates; so do CSV files without the
    new columns, or with only the first of them; one without a required column does not."""
    doc = _doc(results)
    for c in doc["competitors"]:
        for key in ("missed", "missed_vp", "missed_mp", "ranked"):
            del c[key]
    del doc["event"]["tiebreaks_line"]
    for table in doc["standings"]:
        for row in table["rows"]:
            row["unranked"] = False
        table["rows"].sort(key=lambda r: (-r["vp"], -r["mp"]))
        for i, row in enumerate(table["rows"], 1):
            row["rank"] = i
    assert _problems(doc) == []
    files = csv_files(results)
    for name, kept in ((STANDINGS_CSV, 11), (STANDINGS_CSV, 12), (ROUNDS_CSV, 9)):
        old = "".join(
            ",".join(line.split(",")[:kept]) + "\r\n" for line in files[name].splitlines() if line
        )
        assert validate_csv(name, old) == [], (name, kept)
        assert validate_csv("old.csv", old) == [], (name, kept)  # known by its header
    short = "".join(
        ",".join(line.split(",")[:10]) + "\r\n" for line in files[STANDINGS_CSV].splitlines()
    )
    [problem] = validate_csv(STANDINGS_CSV, short)
    assert problem.path == "1" and "the columns are" in problem.render("en")


def test_a_missed_round_not_scored_as_admitted_is_named(results: ResultsFile) -> None:
    """Ruling "Late entries" 2: admitted with the rest score, its missed round scores «rest»;
    admitted with an arbitral score, that score and no other."""
    doc = _doc(results)
    at = {r["competitor"]: i for i, r in enumerate(doc["rounds"][0]["results"])}
    bad = copy.deepcopy(doc)
    bad["rounds"][0]["results"][at[5]]["source"] = "zero"
    problems = _problems(bad, "it")
    assert f"rounds[0].results[{at[5]}].source" in problems[0]
    assert "«rest»" in problems[0]
    bad = copy.deepcopy(doc)
    bad["competitors"][5]["missed_vp"] = 12
    [problem] = _problems(bad)
    assert problem.startswith(f"rounds[0].results[{at[6]}].vp: ")
    assert "12 VP and 500 MP" in problem


def test_a_mark_that_is_not_the_entry_is_named(results: ResultsFile) -> None:
    """Ruling "Late entries" 3-4: a row's ``joined_from``/``unranked`` are its competitor's
    entry; a pair from round 1 has no late entry; an unranked row goes last."""
    doc = _doc(results)
    bad = copy.deepcopy(doc)
    bad["standings"][0]["rows"][-1]["joined_from"] = 3
    bad["competitors"][0]["missed"] = "none"
    assert sorted(_problems(bad)) == [
        "competitors[0].joined_round: competitor 1 plays from round 1: it has no late entry",
        "standings[0].rows[5].joined_from: competitor 6 joined from round 2",
    ]
    bad = copy.deepcopy(doc)
    bad["standings"][0]["rows"][-1]["unranked"] = False
    assert _problems(bad, "en")[0].startswith("standings[0].rows[5].unranked: competitor 6 ")
    bad = copy.deepcopy(doc)
    bad["standings"][0]["rows"][-1]["rank"] = bad["standings"][0]["rows"][-2]["rank"]
    assert _problems(bad) == [
        f"standings[0].rows[5].rank: rank {bad['standings'][0]['rows'][-2]['rank']}, expected 6"
    ]  # its own rank, never shared with a ranked row
    bad = copy.deepcopy(doc)
    rows = bad["standings"][0]["rows"]
    rows.insert(4, rows.pop())  # the unranked pair above the last ranked one
    assert (
        "standings[0].rows[5].unranked: listed after a late entry out of the ranking"
        in " ".join(_problems(bad))
    )


@pytest.mark.parametrize(
    ("criteria", "path", "words"),
    [
        (["coin"], "event.tiebreaks[0]", "spareggio «coin» sconosciuto"),
        (["mp", "mp"], "event.tiebreaks[1]", "indicato due volte"),
        (["draw", "mp"], "event.tiebreaks[0]", "solo l'ultimo spareggio"),
        (["mp", "head-to-head"], "event.tiebreaks_line", "a parità di V.P.: M.P., poi"),
    ],
)
def test_tiebreaks_the_code_does_not_know_or_not_as_printed_are_named(
    results: ResultsFile, criteria: list[str], path: str, words: str
) -> None:
    """Ruling "Tie-breaks" 2: known criteria, none twice, the draw last; and 4: the line is
    the one the standings print for the criteria, in the file's language."""
    doc = _doc(results)
    doc["event"]["tiebreaks"] = criteria
    problems = [p for p in _problems(doc, "it") if p.startswith(path)]
    assert problems and words in problems[0]


def test_a_csv_cell_of_the_new_columns_is_checked(results: ResultsFile) -> None:
    """The new columns have their types: a criterion not in the list, a missed score not of
    the four, an unranked flag not 0/1 are named by line and column."""
    text = csv_files(results)[STANDINGS_CSV]
    lines = text.splitlines()
    cells = next(csv.reader([lines[1]]))
    cells[-4:] = ["1", "forfait", "2", "mp coin"]
    lines[1] = ",".join(cells)
    paths = [p.path for p in validate_csv(STANDINGS_CSV, "\r\n".join(lines) + "\r\n")]
    assert paths == ["2:joined_from", "2:missed", "2:unranked", "2:tiebreaks"]


def test_the_terminal_exports_and_validates_them(db: str, tmp_path: Path) -> None:
    """``arbitro results export --csv`` writes the three files; ``results validate`` passes
    each."""
    runner = CliRunner()
    out = tmp_path / "r.json"
    args = ["--db", db, "results", "export", EVENT, "-o", str(out), "--csv", str(tmp_path)]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    assert json.loads(out.read_text("utf-8"))["event"]["tiebreaks"] == ["head-to-head", "mp"]
    for path in (out, tmp_path / STANDINGS_CSV, tmp_path / ROUNDS_CSV):
        ok = runner.invoke(app, ["--lang", "en", "results", "validate", str(path)])
        assert ok.exit_code == 0 and "valid results file" in ok.output, ok.output
