"""``arbitro penalty EV ROUND COMP --mp N [--vp N] [--article A] [--player P] --reason ...``
(issue 26): a penalty in points (FIBAS art. 22, "assegnando penalità e/o sanzioni"), by
default what two warnings cost (art. 22 note 1, art. 41: 1 V.P. and 100 M.P.), in the ledger
and the standings, in Italian and in English; refused by a code that has none (Parole)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _event(tmp_path: Path, *create: str) -> list[str]:
    """An event of four pairs, round 1 seated by registration order (1 v 2, 3 v 4)."""
    db = ["--db", f"sqlite:///{tmp_path / 'p.sqlite3'}"]
    _run(db, "event", "create", "e", "--name", "E", "--rounds", "2", *create)
    for name in ("Rossi", "Bianchi", "Verdi", "Neri"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    return db


@pytest.fixture
def db(tmp_path: Path) -> list[str]:
    """FIBAS: Rossi beat Bianchi by 200, Verdi beat Neri by 190: Rossi first, Verdi second."""
    db = _event(tmp_path, "--movements", "iscrizione,danese")
    _run(db, "sheet", "e", "1", "1", "-d", "300,0,100,0", "-d", "0,0,0,0")
    _run(db, "sheet", "e", "1", "2", "-d", "300,0,100,10", "-d", "0,0,0,0")
    return db


def _standings(db: list[str]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = json.loads(_run(db, "standings", "e", "--json"))["rows"]
    return rows


def test_default_penalty_in_italian_moves_the_ranks(db: list[str]) -> None:
    """FIBAS art. 22, 41: no amount given, 100 M.P. and 1 V.P. off; Rossi falls behind Verdi;
    the terminal says it in Italian, the standings show the penalty's column."""
    assert [r["name"] for r in _standings(db)][:2] == ["Rossi", "Verdi"]
    out = _run(db, "penalty", "e", "1", "1", "--reason", "carte mostrate")
    assert out.strip() == "Penalità registrata: -100 M.P., -1 V.P. (FIBAS art. 22)"
    rows = _standings(db)
    assert [r["name"] for r in rows][:2] == ["Verdi", "Rossi"]
    rossi = next(r for r in rows if r["name"] == "Rossi")
    assert (rossi["penalty_vp"], rossi["penalty_mp"]) == (-1, -100)
    assert "(-1 V.P., -100 M.P.)" in _run(db, "standings", "e")
    ledger = _run(db, "ledger", "e")
    assert "penalità in punti (FIBAS art. 22) -100 M.P., -1 V.P. — carte mostrate" in ledger


def test_amount_article_player_in_english_with_json(db: list[str], tmp_path: Path) -> None:
    """The arbiter's own amount and article (art. 22 "secondo la gravità"), in English, as
    JSON like its neighbours; the ledger names it in English."""
    out = _run(
        db,
        "--lang",
        "en",
        "penalty",
        "e",
        "1",
        "3",
        "--mp",
        "50",
        "--article",
        "41",
        "--reason",
        "slow play",
        "--json",
    )
    assert json.loads(out) == {
        "round": 1,
        "competitor": 3,
        "mp": 50,
        "vp": 0,
        "article": "41",
        "player": None,
    }
    text = _run(db, "--lang", "en", "ledger", "e")
    assert "penalty in points (FIBAS art. 41) -50 MP, 0 VP — slow play" in text


def test_refusals_in_both_languages(db: list[str]) -> None:
    """A negative amount, nothing at all, no reason: refused, nothing recorded."""
    negative = runner.invoke(app, [*db, "penalty", "e", "1", "1", "--mp", "-5", "--reason", "x"])
    assert negative.exit_code == 1
    assert "non sono negativi" in negative.stderr
    nothing = runner.invoke(
        app,
        [*db, "--lang", "en", "penalty", "e", "1", "1", "--mp", "0", "--vp", "0", "--reason", "x"],
    )
    assert nothing.exit_code == 1
    assert "a penalty takes off some M.P. or V.P. (FIBAS art. 22)" in nothing.stderr
    blank = runner.invoke(app, [*db, "penalty", "e", "1", "1", "--reason", " ", "--json"])
    assert blank.exit_code == 1
    assert "motivo" in json.loads(blank.stdout)["error"]["message"]
    assert json.loads(_run(db, "ledger", "e", "--json")) == []


def test_parole_refuses_a_penalty_in_points(tmp_path: Path) -> None:
    """Parole: no penalty "non prevista" (premessa); its sanctions are art. 14.4's."""
    db = _event(
        tmp_path, "--code", "burraco-parole-uisp", "--deals", "3", "--movements", "sorteggio"
    )
    it = runner.invoke(app, [*db, "penalty", "e", "1", "1", "--mp", "100", "--reason", "x"])
    assert it.exit_code == 1
    assert "non dà all'arbitro penalità in punti" in it.stderr and "art. 14.4" in it.stderr
    en = runner.invoke(
        app, [*db, "--lang", "en", "penalty", "e", "1", "1", "--mp", "100", "--reason", "x"]
    )
    assert "gives no penalty in points at the arbiter's judgement" in en.stderr
