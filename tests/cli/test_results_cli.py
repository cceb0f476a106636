"""``arbitro results``: export (JSON and CSV), validate (exit 0/1, errors naming the path in
Italian and English), site and verbale from the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from tests.services.test_results_format import played
from typer.testing import CliRunner

from arbitro.cli.main import MODULES, app
from arbitro.store import RecordStore

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('results_cli') / 'r.sqlite3'}"
    played(RecordStore.open(url))
    return ["--db", url]


def test_results_is_registered() -> None:
    assert MODULES["results"] == ("results",)


def test_export_writes_json_and_csv_that_validate(db: list[str], tmp_path: Path) -> None:
    out = tmp_path / "demo.json"
    result = runner.invoke(
        app,
        [
            *db,
            *("results", "export", "demo", "--out", str(out), "--csv", str(tmp_path / "csv")),
            *("--arbiter", "Anna Verdi", "--place", "Roma", "--date", "2026-11-20"),
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text("utf-8"))
    assert doc["event"]["date"] == "2026-11-20" and doc["event"]["arbiter"] == "Anna Verdi"
    assert (tmp_path / "csv" / "standings.csv").read_text("utf-8").startswith("after_round,rank")
    assert (tmp_path / "csv" / "rounds.csv").exists()
    ok = runner.invoke(app, ["--lang", "en", "results", "validate", str(out)])
    assert ok.exit_code == 0 and "valid results file" in ok.output


def test_validate_names_each_problem_and_exits_1(db: list[str], tmp_path: Path) -> None:
    out = tmp_path / "demo.json"
    assert runner.invoke(app, [*db, "results", "export", "demo", "-o", str(out)]).exit_code == 0
    doc = json.loads(out.read_text("utf-8"))
    doc["standings"][-1]["rows"][0]["mp"] += 5
    doc["rounds"][0]["results"][0]["competitor"] = 42
    out.write_text(json.dumps(doc), "utf-8")
    it = runner.invoke(app, ["--lang", "it", "results", "validate", str(out)])
    assert it.exit_code == 1
    assert "rounds[0].results[0].competitor: concorrente 42 sconosciuto" in it.output
    assert "standings[3].rows[0].mp:" in it.output and "sommano" in it.output
    en = runner.invoke(app, ["--lang", "en", "results", "validate", str(out), "--json"])
    assert en.exit_code == 1
    report = json.loads(en.stdout)
    assert report["valid"] is False
    assert {"path": "rounds[0].results[0].competitor", "message": "unknown competitor 42"} in [
        {"path": p["path"], "message": p["message"].split(": ", 1)[1]} for p in report["problems"]
    ]


def test_validate_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", "utf-8")
    result = runner.invoke(app, ["--lang", "en", "results", "validate", str(bad)])
    assert result.exit_code == 1 and "invalid JSON" in result.output
    missing = runner.invoke(app, ["--lang", "en", "results", "validate", str(tmp_path / "x")])
    assert missing.exit_code == 1 and "cannot read" in missing.output


def test_export_of_an_unknown_event_is_a_clear_error(db: list[str], tmp_path: Path) -> None:
    result = runner.invoke(
        app, [*db, "--lang", "en", "results", "export", "nope", "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 1 and "no event «nope»" in result.output


def test_a_bad_date_is_refused(db: list[str], tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [*db, "results", "export", "demo", "-o", str(tmp_path / "x"), "--date", "31/02/2026"],
    )
    assert result.exit_code == 1 and "GG/MM/AAAA" in result.output


def test_the_verbale_takes_an_italian_date_and_prints_it_so(db: list[str], tmp_path: Path) -> None:
    """Issue 28: ``results verbale --date 04/12/2026`` (day first, as an Italian arbiter
    writes it) prints «04/12/2026» beside the place, above the arbiter's signature."""
    pdf = tmp_path / "v.pdf"
    result = runner.invoke(
        app,
        [*db, "results", "verbale", "demo", "-o", str(pdf), "--date", "04/12/2026"],
    )
    assert result.exit_code == 0, result.output
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Luogo e data: 04/12/2026" in text and "2026-12-04" not in text


def test_site_and_verbale_in_english(db: list[str], tmp_path: Path) -> None:
    site = runner.invoke(
        app, [*db, "results", "site", "demo", "--out", str(tmp_path / "site"), "--lang", "en"]
    )
    assert site.exit_code == 0, site.output
    index = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert '<html lang="en">' in index and "Competitors" in index
    pdf = tmp_path / "v.pdf"
    verbale = runner.invoke(app, [*db, "results", "verbale", "demo", "--out", str(pdf)])
    assert verbale.exit_code == 0, verbale.output
    assert pdf.read_bytes().startswith(b"%PDF")
    bad = runner.invoke(
        app, [*db, "results", "site", "demo", "--out", str(tmp_path / "s2"), "--lang", "fr"]
    )
    assert bad.exit_code == 1


def test_a_scala40_event_of_individuals_exports_validates_and_publishes(tmp_path: Path) -> None:
    """Scala 40 (seed 004): tables of four individuals, negative points (fewer rank higher,
    art. 22): the file says so, validates, and the site lists each player's table mates."""
    db = ["--db", f"sqlite:///{tmp_path / 'scala.sqlite3'}", "--lang", "en"]

    def ok(*args: str) -> str:
        out = runner.invoke(app, [*db, *args])
        assert out.exit_code == 0, out.output
        return out.stdout

    ok(
        "event", "create", "s", "--name", "Scala", "--code", "scala40",
        "--format", "individual", "--movements", "draw", "--rounds", "1",
    )  # fmt: skip
    for i in range(1, 9):
        ok("register", "s", f"Giocatore {i}")
    ok("seat", "s", "1", "--publish")
    for table in ("1", "2"):
        ok("sheet", "s", "1", table, *("--points", "0,10,20,30") * 5)
    ok("publish", "s", "1")
    out = tmp_path / "s.json"
    ok("results", "export", "s", "--out", str(out))
    doc = json.loads(out.read_text("utf-8"))
    assert doc["event"]["mp_lower_is_better"] is True
    assert {line["side"] for t in doc["rounds"][0]["tables"] for line in t["lines"]} == {
        "1",
        "2",
        "3",
        "4",
    }
    final = doc["standings"][-1]["rows"]
    assert final[0]["mp"] <= final[-1]["mp"]  # the fewest negative points first
    assert "valid results file" in ok("results", "validate", str(out))
    ok("results", "site", "s", "--out", str(tmp_path / "site"))
    card = (tmp_path / "site" / "competitor-1.html").read_text("utf-8")
    assert card.count('href="competitor-') == 3  # the three others at the table


def test_standings_with_a_result_missing_are_never_called_final(tmp_path: Path) -> None:
    """A table not yet scored: its round's standings say results are missing (art. 39: the
    standings become final only once complete and published)."""
    db = ["--db", f"sqlite:///{tmp_path / 'p.sqlite3'}", "--lang", "en"]
    for args in (
        ("event", "create", "p", "--name", "P", "--rounds", "1", "--movements", "draw"),
        *(("register", "p", name) for name in ("A", "B", "C", "D")),
        ("seat", "p", "1", "--publish"),
        ("results", "site", "p", "--out", str(tmp_path / "site"), "--lang", "en"),
    ):
        out = runner.invoke(app, [*db, *args])
        assert out.exit_code == 0, out.output
    page = (tmp_path / "site" / "standings-1.html").read_text("utf-8")
    assert "results still missing" in page and "Final standings" not in page
    assert "not scored yet" in (tmp_path / "site" / "round-1.html").read_text("utf-8")


def test_the_csv_files_validate_and_a_broken_one_names_row_and_column(
    db: list[str], tmp_path: Path
) -> None:
    """The CSV files of the open format have a schema too (docs/results-csv.schema.json): the
    exported ones pass; a cell of the wrong type, a short row or a wrong header is named by
    its line and column, exit 1."""
    folder = tmp_path / "csv"
    args = [*db, "results", "export", "demo", "-o", str(tmp_path / "r.json"), "--csv", str(folder)]
    assert runner.invoke(app, args).exit_code == 0
    for name in ("standings.csv", "rounds.csv"):
        ok = runner.invoke(app, ["--lang", "en", "results", "validate", str(folder / name)])
        assert ok.exit_code == 0 and "valid results file" in ok.output, ok.output
    lines = (folder / "rounds.csv").read_text("utf-8").splitlines()
    cells = lines[1].split(",")
    cells[lines[0].split(",").index("source")] = "forfait"  # not a source of the format
    lines[1] = ",".join(cells)
    lines[2] = ",".join(lines[2].split(",")[:4])
    broken = tmp_path / "rounds.csv"
    broken.write_text("\r\n".join(lines) + "\r\n", "utf-8")
    bad = runner.invoke(app, ["--lang", "it", "results", "validate", str(broken)])
    assert bad.exit_code == 1
    assert "2:source: non conforme allo schema" in bad.output
    assert "3: 4 celle, non 10" in bad.output
    header = tmp_path / "altro.csv"
    header.write_text("round,table\r\n1,2\r\n", "utf-8")
    wrong = runner.invoke(app, ["--lang", "en", "results", "validate", str(header), "--json"])
    assert wrong.exit_code == 1
    [problem] = json.loads(wrong.stdout)["problems"]
    assert problem["path"] == "1" and "not a results CSV file" in problem["message"]


def test_the_csv_schema_file_is_what_the_rows_say() -> None:
    """docs/results-csv.schema.json is generated from the row models (see the doc)."""
    from arbitro.services.results import STANDINGS_COLUMNS, csv_schema

    path = Path(__file__).resolve().parents[2] / "docs" / "results-csv.schema.json"
    assert json.loads(path.read_text("utf-8")) == csv_schema()
    assert csv_schema()["files"]["standings.csv"]["columns"] == list(STANDINGS_COLUMNS)
