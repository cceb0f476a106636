"""``arbitro arbiter rule`` and ``arbitro arbiter irregularities --code`` (issue 31): a Scala 40,
a Parole, a Law 13 and a FIBAS ruling recorded in an event from the terminal, in Italian and
English, with ``--json``; a ruling of another code refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.rulings.events import (
    NOW,
    SCALA40_ROWS,
    briscola_communication,
    cards_mixed,
    event,
    fibas_two_warnings,
    knockout,
    law13_board,
    parole_wrong_word,
    scala40_event,
    scala40_late_meld,
    service,
    sheet_in_force,
)
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.ids import CodeId
from arbitro.services.knockout import KnockoutService
from arbitro.store import RecordStore

runner = CliRunner()


def _rule(tmp_path: Path, event_id: str, situation: dict[str, Any], *extra: str) -> Any:
    f = tmp_path / "situation.json"
    f.write_text(json.dumps(situation))
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, *extra[:2], "arbiter", "rule", str(f), "--event", event_id]
    return runner.invoke(app, [*args, "--round", "1", "--table", "1", *extra[2:]])


def test_scala40_art11_ruling_from_the_terminal_json(tmp_path: Path) -> None:
    """Scala 40 art. 11 (a wrong meld found late is frozen) recorded; --json gives its seq,
    article, positions and effects in words."""
    svc = service(tmp_path)
    event(svc, "s", CodeId.SCALA40)
    result = _rule(tmp_path, "s", scala40_late_meld(), "--lang", "en", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["article"] == {"code": "scala40", "article": "11"}
    assert out["text"] == ["W: frozen KH KD KC", "next to play: S"]
    assert [e.seq for e in service(tmp_path).state("s").ledger] == [out["seq"]]


def test_parole_art10_2_ruling_from_the_terminal_in_italian(tmp_path: Path) -> None:
    """Parole art. 10.2 in Italian: the ruling's line names its article, E plays on (art.
    10.10: said once, in the ruling's sentence, not again as «gioca ora: E»)."""
    svc = service(tmp_path)
    event(svc, "p", CodeId.BURRACO_PAROLE)
    result = _rule(tmp_path, "p", parole_wrong_word(), "--lang", "it")
    assert result.exit_code == 0, result.output
    assert "Decisione" in result.stdout and "Parole UISP art. 10" in result.stdout
    assert "Est scarta subito, senza giocare" in result.stdout
    assert "gioca ora" not in result.stdout


def test_law13_ruling_from_the_terminal_with_code(tmp_path: Path) -> None:
    """Law 13D1 recorded in a FIBAS event with ``--code bridge-law-13``."""
    svc = service(tmp_path)
    event(svc, "b")
    result = _rule(tmp_path, "b", law13_board(), "--lang", "en", "--code", "bridge-law-13")
    assert result.exit_code == 0, result.output
    assert "Bridge art. 13D1" in result.stdout
    assert [str(e.article) for e in service(tmp_path).state("b").ledger] == ["Bridge art. 13D1"]


def test_fibas_two_warnings_and_a_refusal_across_codes(tmp_path: Path) -> None:
    """FIBAS art. 22: the ruling and its two warnings in the ledger; a Scala 40 ruling on the
    same event is refused, in English, with exit status 1."""
    svc = service(tmp_path)
    event(svc, "f")
    ok = _rule(tmp_path, "f", fibas_two_warnings(), "--lang", "en")
    assert ok.exit_code == 0, ok.output
    kinds = [e.kind for e in service(tmp_path).state("f").ledger]
    assert kinds == ["ruling-given", "warning", "warning"]
    refused = _rule(tmp_path, "f", scala40_late_meld(), "--lang", "en", "--code", "scala40")
    assert refused.exit_code == 1
    assert "cannot be recorded in an event of «burraco-fibas»" in refused.stderr
    assert len(service(tmp_path).state("f").ledger) == 3


def test_irregularities_of_a_code(tmp_path: Path) -> None:
    """``--code scala40`` lists art. 4-20's irregularities with their fields, in Italian."""
    result = runner.invoke(
        app, ["--lang", "it", "arbiter", "irregularities", "--code", "scala40", "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = {r["name"]: r for r in json.loads(result.stdout)}
    assert rows["equal_runs"]["article"] == "17" and rows["equal_runs"]["fields"] == ["melds"]
    assert rows["wrong_meld"]["label"] == "Una combinazione errata"
    text = runner.invoke(app, ["--lang", "en", "arbiter", "irregularities", "--code", "briscola"])
    assert "Briscola art. 10" in text.stdout and "A player plays a card out of turn" in text.stdout


def test_briscola_art10_ruling_from_the_terminal_in_a_knockout(tmp_path: Path) -> None:
    """Briscola art. 10 with ``--match`` and ``--game``: the second pair loses game 1."""
    svc = KnockoutService(RecordStore(f"sqlite:///{tmp_path / 'r.sqlite3'}"), lambda: NOW)
    match = knockout(svc, "k")
    f = tmp_path / "situation.json"
    f.write_text(json.dumps(briscola_communication()))
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, "--lang", "en", "arbiter", "rule", str(f), "--event", "k"]
    result = runner.invoke(app, [*args, "--match", match, "--game", "1"])
    assert result.exit_code == 0, result.output
    assert "Briscola art. 10" in result.stdout
    state = KnockoutService(RecordStore(db)).state("k")
    assert state.bracket is not None and len(state.bracket.match(match).games) == 1
    neither = runner.invoke(app, args)
    assert neither.exit_code == 1 and "--match and --game" in neither.stderr


def test_scala40_art14_score_enters_the_sheet_and_cancel_takes_it_back_from_the_terminal(
    tmp_path: Path,
) -> None:
    """Scala 40 art. 14 from the terminal: the arbiter's score of deal 2 is entered in the
    table's sheet with the ruling (the output says so); ``arbitro arbiter cancel`` cancels the
    ruling and the sheet's correction together, the sheet is the table's again."""
    svc = service(tmp_path)
    scala40_event(svc)
    situation = cards_mixed({"N": 30, "E": 45, "S": 0, "W": 60})
    result = _rule(tmp_path, "s", situation, "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "Scala 40 art. 14" in result.stdout
    assert "Entered in table 1's sheet as deal 2" in result.stdout
    assert sheet_in_force(service(tmp_path), "s").deals[1] == (30, 45, 0, 60)
    seq = service(tmp_path).state("s").ledger[0].seq
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, "--lang", "en", "arbiter", "cancel", str(seq), "--event", "s"]
    done = runner.invoke(app, [*args, "--reason", "wrong table", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == {"cancelled": [seq, seq + 1]}
    assert sheet_in_force(service(tmp_path), "s").deals[1] == SCALA40_ROWS[1]
    again = runner.invoke(app, [*args, "--reason", "twice"])
    assert again.exit_code == 1 and "is not a ruling" in again.stderr


def test_fibas_ruling_cancelled_from_the_terminal_cancels_its_warnings(tmp_path: Path) -> None:
    """FIBAS art. 22: ``arbitro arbiter cancel`` on the ruling cancels its two warnings too;
    the ledger shows the three cancelled."""
    svc = service(tmp_path)
    event(svc, "f")
    ok = _rule(tmp_path, "f", fibas_two_warnings(), "--lang", "en", "--json")
    seq = json.loads(ok.stdout)["seq"]
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, "--lang", "it", "--actor", "Rossi", "arbiter", "cancel", str(seq)]
    done = runner.invoke(app, [*args, "--event", "f", "--reason", "decisione ritirata"])
    assert done.exit_code == 0, done.output
    assert f"Annullati: #{seq}, #{seq + 1}, #{seq + 2}" in done.stdout
    ledger = service(tmp_path).state("f").ledger
    assert [(e.kind, e.cancelled_by) for e in ledger] == [  # who cancelled, at the terminal
        ("ruling-given", "Rossi"),
        ("warning", "Rossi"),
        ("warning", "Rossi"),
    ]
