"""``arbitro event create --carte-uguali``, ``boards show|check``, ``travellers``, ``card``
(FIBAS art. 7, 20; Bridge Law 13 as the model for a board's count), in Italian and English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app


class Cli:
    def __init__(self, db: Path) -> None:
        self.runner = CliRunner()
        self.db = f"sqlite:///{db}"

    def run(self, *args: str, lang: str = "it") -> Any:
        return self.runner.invoke(app, ["--db", self.db, "--lang", lang, *args])

    def __call__(self, *args: str) -> Any:
        result = self.run(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


def create(cli: Cli, *extra: str, pairs: int = 8) -> None:
    cli(
        "event",
        "create",
        "cu",
        "--name",
        "Carte uguali",
        "--rounds",
        "2",
        "--deals",
        "2",
        "--movements",
        "registration,mitchell",
        "--seed",
        "3",
        *extra,
    )
    for i in range(1, pairs + 1):
        cli("register", "cu", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "cu.sqlite3")


def test_carte_uguali_creation_and_its_comparison(cli: Cli) -> None:
    """--carte-uguali makes a duplicate event compared with the others (art. 20); --comparison
    field is the alternative; teams are refused (art. 20: pairs and individuals)."""
    create(cli, "--carte-uguali")
    shown = cli("event", "show", "cu")
    assert shown["config"]["duplicate"] is True and shown["config"]["comparison"] == "others"
    cli(
        "event", "create", "f", "--name", "F", "--rounds", "1", "--deals", "2",
        "--movements", "draw", "--comparison", "field",
    )  # fmt: skip
    assert cli("event", "show", "f")["config"]["comparison"] == "field"
    refused = cli.run(
        "event", "create", "t", "--name", "T", "--rounds", "1", "--deals", "2",
        "--movements", "draw", "--format", "teams", "--carte-uguali", lang="en",
    )  # fmt: skip
    assert refused.exit_code != 0 and "individual and pairs" in refused.output
    wrong = cli.run(
        "event", "create", "w", "--name", "W", "--rounds", "1", "--deals", "2",
        "--movements", "draw", "--comparison", "median", lang="en",
    )  # fmt: skip
    assert wrong.exit_code != 0 and "median" in wrong.output


def test_plan_checks_travellers_and_card(cli: Cli) -> None:
    """The plan (art. 7), a table's count (art. 6: a wrong count is dealt again), the
    travellers and a line's card against the field (art. 20)."""
    create(cli, "--carte-uguali")
    cli("seat", "cu", "1", "--publish")
    plan = cli("boards", "show", "cu", "1")
    assert [p["table"] for p in plan] == [1, 2, 3, 4]
    assert [b["board"] for b in plan[1]["boards"]] == [2, 1]
    assert cli("boards", "check", "cu", "1", "1", "1")["status"] == "checked"
    wrong = cli("boards", "check", "cu", "1", "1", "2", "--count", "P2=10")
    assert wrong["status"] == "wrong" and wrong["counts"]["P2"] == 10
    text = cli.run("boards", "check", "cu", "1", "2", "1", "--count", "n=12", lang="en")
    # FIBAS art. 6: "errato numero di carte ... prima dell'inizio del gioco ... si procede ad
    # una nuova distribuzione": the code's remedy, not Law 13 (issue 27)
    assert text.exit_code == 0, text.output
    assert "before play, deal it again from its dealing sheet (FIBAS art. 6)" in text.output
    assert "Law 13" not in text.output
    again = cli.run("boards", "check", "cu", "1", "1", "1", lang="en")
    assert again.exit_code != 0 and "already checked" in again.output
    for t in range(1, 5):
        cli("sheet", "cu", "1", str(t), f"--deal={100 * t},{10 * t},0,30", "--deal=0,20,100,40")
    travellers = cli("travellers", "cu", "1")
    assert sorted(travellers) == ["1", "2"]
    assert all(len(rows) == 4 for rows in travellers.values())
    card = cli("card", "cu", "1")
    assert [r["round"] for r in card] == [1, 1]
    assert card[0]["round_vp"] is not None
    it = cli.run("travellers", "cu", "1")
    assert it.exit_code == 0 and "Riferimento" in it.stdout
    en = cli.run("card", "cu", "1", lang="en")
    assert en.exit_code == 0 and "Difference" in en.stdout and "Round total" in en.stdout


def test_help_in_italian_and_english(cli: Cli) -> None:
    """The commands' help is in the catalogue: Italian, and English (the msgid)."""
    from arbitro.i18n import translate

    it = cli.run("boards", "--help")
    assert "Il piano dei board" in it.output or "The round's board plan" in it.output
    msgid = "The round's board plan: table → boards and copies."
    assert translate(msgid, "it").startswith("Il piano dei board")
    assert translate(msgid, "en") == msgid


def test_event_show_names_the_comparison(cli: Cli) -> None:
    """The event's page says how lines are compared (art. 20)."""
    create(cli, "--carte-uguali")
    shown = cli.run("event", "show", "cu", lang="en")
    assert shown.exit_code == 0
    assert "each line compared with the other tables (FIBAS art. 20)" in shown.stdout
