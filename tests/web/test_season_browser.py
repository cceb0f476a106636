"""A club's season end to end (issue 17, "Done means"): three club evenings with overlapping
players, from the members list to the results out to the world, through the CLI, with the
static site opened page by page in a real browser.

- the registry imported from the club's members list; every pair registered from it;
- check-in with fees at the first evening (one pair has not paid: the cash summary says so);
- two pairs that must not meet (FIBAS art. 4, "di uno o più tavoli"): the automatic Mitchell
  step keeps the family apart and reports the club pair it cannot;
- series standings by player, best 2 of 3, checked against each evening's own standings;
- prizes by category at the third evening, one prize per competitor, a tie for first place
  decided by Parole art. 6.1 a) (the prizes added and divided);
- the static export of each evening, every page opened in Chromium with no broken link, and
  the results file passed by ``arbitro results validate``."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
"""The series' points by placement (the club's regulation)."""

SURNAMES: tuple[str, ...] = (
    "Rossi",
    "Bianchi",
    "Verdi",
    "Neri",
    "Gallo",
    "Conti",
    "Bruno",
    "Costa",
    "Fontana",
    "Greco",
)
SURNAMES += (
    "Marino",
    "Ricci",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Ferrari",
    "Esposito",
    "Romano",
    "Colombo",
    "Gatti",
)

# Each evening's pairs, by the members' numbers (1-20): players 1-12 play all three evenings
# with changing partners; the others come and go.
EVENINGS: dict[str, list[tuple[int, int]]] = {
    "serata-1": [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16)],
    "serata-2": [(1, 3), (2, 4), (5, 7), (6, 8), (9, 11), (10, 12), (17, 18), (19, 20)],
    "serata-3": [(1, 4), (2, 3), (5, 8), (6, 7), (9, 12), (10, 11), (13, 17), (14, 18)],
}


class Cli:
    """``arbitro`` on the test's database, in Italian."""

    def __init__(self, db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("ARBITRO_LANG", "it")
        self.runner = CliRunner()
        self.db = f"sqlite:///{db}"

    def raw(self, *args: str) -> str:
        result = self.runner.invoke(app, ["--db", self.db, *args])
        assert result.exit_code == 0, result.output
        return result.stdout

    def __call__(self, *args: str) -> Any:
        return json.loads(self.raw(*args, "--json"))


def members_csv(path: Path) -> Path:
    """The club's members list: 20 players, odd numbers men of club Aurora, even women of the
    Burraco Club, born 1951-1970."""
    rows = ["Cognome;Nome;Tessera;Circolo;Sesso;Anno di nascita"]
    for i, surname in enumerate(SURNAMES, start=1):
        sex, club = ("F", "Burraco Club") if i % 2 == 0 else ("M", "Aurora")
        rows.append(f"{surname};Socio{i};FB{1000 + i};{club};{sex};{1950 + i}")
    path.write_text("\n".join(rows) + "\n", "cp1252")
    return path


def deals(event: str, rnd: int, table: int) -> list[str]:
    """A table's two deals (N-S base,points,E-W base,points): fixed, plausible numbers; at
    the third evening every table the same, so that the N-S lines tie."""
    if event == "serata-3":
        return ["300,150,100,45", "0,95,200,120"]
    a = (table * 7 + rnd * 3 + len(event)) % 9
    b = (table * 5 + rnd + 2 * len(event)) % 7
    return [
        f"{100 * (a % 4)},{5 * (a * 11 % 40)},{100 * (b % 3)},{5 * (b * 13 % 30) - 50}",
        f"{150 if a % 2 else 0},{5 * (b * 7 % 25)},{200 if b % 2 else 0},{5 * (a * 3 % 20)}",
    ]


def play(cli: Cli, event: str, rounds: int) -> list[dict[str, Any]]:
    """Seat, enter every table's sheet and publish each round; the seating answers."""
    seatings = []
    for rnd in range(1, rounds + 1):
        seating = cli("seat", event, str(rnd), "--publish")
        seatings.append(seating)
        for table in seating["tables"]:
            args = [a for d in deals(event, rnd, table["table"]) for a in ("--deal", d)]
            cli.raw("sheet", event, str(rnd), str(table["table"]), *args)
        cli.raw("publish", event, str(rnd))
    return seatings


def test_a_season_of_three_club_evenings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Any
) -> None:
    cli = Cli(tmp_path / "circolo.sqlite3", monkeypatch)
    imported = cli("players", "import", str(members_csv(tmp_path / "soci.csv")))
    assert (imported["added"], imported["refused"]) == (20, [])

    for event, pairs in EVENINGS.items():
        movements = {  # at the third evening the N-S lines stay N-S (Mitchell, art. 4)
            "serata-1": "registration,mitchell,mitchell",
            "serata-2": "draw,danish",
            "serata-3": "registration,mitchell",
        }[event]
        rounds = movements.count(",") + 1
        create = ["event", "create", event, "--name", f"Serata {event[-1]}", "--rounds"]
        create += [str(rounds), "--deals", "2", "--movements", movements, "--seed", "9"]
        if event == "serata-1":
            create += ["--mitchell-step", "0", "--fee", "20,00"]
        cli(*create)
        for first, second in pairs:
            cli("players", "register", event, "-p", f"FB{1000 + first}", "-p", f"FB{1000 + second}")

    # The first evening: check-in with fees (FIBAS art. 4: round 1 with everyone present).
    cli("check-in", "serata-1", "--all")
    cli("pay", "serata-1", *map(str, range(1, 8)))
    cash = cli("cash", "serata-1")
    assert (cash["expected_cents"], cash["collected_cents"], cash["unpaid"]) == (16000, 14000, [8])

    # Art. 4: pair 2 and 3 are a family, 2 and 5 the same club. Registration order seats
    # N-S 1 3 5 7 against E-O 2 4 6 8; step 1 would bring 2 against 3, step 3 keeps them apart.
    cli("constraint", "add", "serata-1", "2", "3", "--reason", "family")
    cli("constraint", "add", "serata-1", "2", "5", "--reason", "club")
    seatings = play(cli, "serata-1", 3)
    met = [
        {frozenset((*t["ns"], *t["ew"])) for t in s["tables"] if t["ns"] and t["ew"]}
        for s in seatings
    ]
    assert all(frozenset((2, 3)) not in tables for tables in met[1:])
    assert [u["table"] for u in seatings[2]["unkept_constraints"]] == [3]
    assert "Vincolo non rispettato" in cli.raw("seating", "serata-1", "3")
    play(cli, "serata-2", 2)
    play(cli, "serata-3", 2)

    # Series: best 2 of 3 by placement, by player; the oracle is each evening's standings.
    cli(
        "series",
        "create",
        "stagione",
        "Stagione del circolo",
        "--scheme",
        "placement:10,8,6,5,4,3,2,1",
        "--best",
        "2",
        *(a for e in EVENINGS for a in ("--event", e)),
    )
    earned: dict[str, list[int]] = defaultdict(list)
    for event, pairs in EVENINGS.items():
        rows = cli("standings", event)["rows"]
        for row in rows:
            for member in pairs[row["competitor"] - 1]:
                earned[f"FB{1000 + member}"].append(POINTS[row["rank"] - 1])
    expected = {card: sum(sorted(got, reverse=True)[:2]) for card, got in earned.items()}
    ids = {p["card"]: p["id"] for p in cli("players", "list")}
    series = cli("series", "standings", "stagione")
    got = {row["player"]: row["total"] for row in series["rows"]}
    assert got == {ids[card]: points for card, points in expected.items()}
    assert sum(row["played"] == 3 for row in series["rows"]) == 12  # played all three
    assert series["rows"][0]["total"] == max(expected.values())

    # Prizes at the third evening: the four N-S pairs tie for first (every table the same).
    final = cli("standings", "serata-3")["rows"]
    leaders = sorted(r["competitor"] for r in final if r["rank"] == 1)
    assert len(leaders) == 4
    plan = cli(
        "prizes",
        "serata-3",
        "-c",
        "Assoluta:overall:100/60",
        "-c",
        "Dame:ladies:30",
        "--tie",
        "split",
        "--record",
    )
    text = json.dumps(plan, ensure_ascii=False)
    assert "Assoluta" in text and "Dame" in text
    overall, ladies = plan["categories"]
    # Parole art. 6.1 a): the four tied share the first two prizes, € 160 / 4 = € 40 each.
    assert sorted(p["competitor"] for p in overall["prizes"]) == leaders
    assert {p["prize"] for p in overall["prizes"]} == {4000}
    assert {p["tie"] for p in overall["prizes"]} == {"split"}
    # One prize per competitor: the ladies' prize goes to the only pair of two women (14, 18),
    # not to a pair already awarded.
    (lady,) = ladies["prizes"]
    assert lady["competitor"] == EVENINGS["serata-3"].index((14, 18)) + 1
    assert lady["competitor"] not in leaders
    assert "Dame" in cli.raw("prizes", "serata-3")

    # Results out to the world: the file validated, the site opened page by page.
    for event in EVENINGS:
        out = tmp_path / f"{event}.json"
        cli.raw("results", "export", event, "-o", str(out))
        assert "valido" in cli.raw("results", "validate", str(out))
        site = tmp_path / f"sito-{event}"
        cli.raw("results", "site", event, "-o", str(site))
        pages = sorted(site.glob("*.html"))
        rounds = 3 if event == "serata-1" else 2
        assert len(pages) == 1 + rounds + rounds + 8  # index, standings, rounds, cards
        page = browser.new_page()
        failed: list[str] = []
        page.on("requestfailed", lambda r, failed=failed: failed.append(r.url))
        for html in pages:
            page.goto(html.as_uri())
            assert page.locator("h1").count() >= 1, html.name
            for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
                if href.startswith("file:"):
                    assert Path(href.split("#")[0].removeprefix("file://")).exists(), href
        page.close()
        assert failed == []
