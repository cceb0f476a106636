"""``arbitro prizes`` and ``arbitro print prizes`` (Parole art. 6.1): the demo evening played
to the end, its 18 players imported from a members list with sex, birth year, first season
and category and linked to their pairs; the prize plan previewed, recorded, read back, and
printed for the ceremony in Italian and English."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import pdf_text
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.demo import DEMO_PAIRS, run_demo
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.standings.standings import standings

runner = CliRunner()
CATEGORIES = [
    "Assoluta:overall:100/60",
    "Over 65:seniors=1960:50",
    "Esordienti:newcomers=2026:Coppa",
    "Cat. B:category=B:20",
    "Premio simpatia:listed:Cesto:{listed}",
]


def _cli(db: list[str], *args: str) -> str:
    done = runner.invoke(app, [*db, *args])
    assert done.exit_code == 0, done.output
    return done.stdout


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[int], Path]:
    """The demo evening with its players in the registry; returns the --db option, the pairs
    in the order of the final standings, and a folder to write into."""
    folder = tmp_path_factory.mktemp("prizes_cli")
    url = f"sqlite:///{folder / 'demo.sqlite3'}"
    store = RecordStore(url)
    run_demo(store, "demo")
    order = [r.competitor for r in standings(EventService(store).state("demo"))]
    assert len(set(order)) == len(DEMO_PAIRS) == 9  # no tie in the demo's final standings
    # by place in the standings: seniors 1st, 3rd, 5th; newcomers 3rd, 8th; category B 2nd, 6th
    seniors, newcomers, cat_b = {0, 2, 4}, {2, 7}, {1, 5}
    rows = ["Nome e cognome;Tessera;Sesso;Anno di nascita;Prima stagione;Categoria"]
    for place, number in enumerate(order):
        for k, name in enumerate(DEMO_PAIRS[number - 1][1]):
            rows.append(
                f"{name};D{number}{k};{'MF'[k]};{1950 if place in seniors else 1975};"
                f"{2026 if place in newcomers else 2015};{'B' if place in cat_b else 'A'}"
            )
    members = folder / "soci.csv"
    members.write_text("\n".join(rows) + "\n", "utf-8")
    db = ["--db", url]
    _cli(db, "players", "import", str(members))
    for number in order:
        for k in (0, 1):
            _cli(db, "players", "link", f"D{number}{k}", "demo", str(number))
    return db, order, folder


def test_art61_prizes_by_category_one_prize_each(
    demo: tuple[list[str], list[int], Path],
) -> None:
    """Overall to the first two; the seniors' prize passes over the winner (1st) to the 3rd;
    the newcomers' over the 3rd to the 8th; category B over the 2nd to the 6th; the listed
    prize to the 9th. A preview records nothing; ``--record`` does, and ``prizes`` alone then
    shows the recorded list."""
    db, order, _folder = demo
    cats = [c.format(listed=order[8]) for c in CATEGORIES]
    options = [a for c in cats for a in ("--category", c)]
    preview = json.loads(_cli(db, "prizes", "demo", *options, "--json"))
    assert json.loads(_cli(db, "prizes", "demo", "--places", "3", "--json")) == {
        "ties": [],
        "drawn": {},
    }
    recorded = json.loads(_cli(db, "prizes", "demo", *options, "--tie", "a", "--record", "--json"))
    got = [
        (c["name"], p["competitor"], p["prize"])
        for c in recorded["categories"]
        for p in c["prizes"]
    ]
    assert got == [
        ("Assoluta", order[0], 10000),
        ("Assoluta", order[1], 6000),
        ("Over 65", order[2], 5000),
        ("Esordienti", order[7], "Coppa"),
        ("Cat. B", order[5], 2000),
        ("Premio simpatia", order[8], "Cesto"),
    ]
    assert preview["categories"] == recorded["categories"]
    assert json.loads(_cli(db, "prizes", "demo", "--json")) == recorded
    text = _cli(db, "prizes", "demo")
    assert "Over 65 (senior: tutti nati nel 1960 o prima)" in text
    assert "€ 100,00" in text


def test_the_ceremony_printout(demo: tuple[list[str], list[int], Path]) -> None:
    """``print prizes`` writes the prize list: each category, the winners' names and prizes,
    the rule of one prize per competitor, in Italian and in English."""
    db, order, folder = demo
    cats = [c.format(listed=order[8]) for c in CATEGORIES]
    _cli(db, "prizes", "demo", *[a for c in cats for a in ("-c", c)], "--record")
    italian = folder / "premi.pdf"
    _cli(db, "print", "prizes", "demo", "-o", str(italian))
    text = " ".join(pdf_text(italian.read_bytes(), folder, "it").split())
    winner = DEMO_PAIRS[order[0] - 1][0]
    for expected in ("Premiazione", "Esordienti", f"{winner} ({order[0]})", "€ 100,00", "Cesto"):
        assert expected in text
    assert "Un concorrente riceve un solo premio" in text
    english = folder / "prizes.pdf"
    _cli(db, "print", "prizes", "demo", "-o", str(english), "--lang", "en")
    text = " ".join(pdf_text(english.read_bytes(), folder, "en").split())
    assert "Prize list" in text and "One competitor takes one prize" in text
    assert "Premiazione" not in text
