"""``arbitro warn`` and ``arbitro sanction --kind warning`` say what the warning adds up to
(FIBAS art. 22, 41: «la somma di due ammonizioni comporta la perdita di 1 V.P. e 100 M.P.»),
and ``arbitro ledger`` writes no dash for a reason not given (found on a club evening: the
second warning said only «Sanzione registrata», and a lateness read «6:30 di ritardo —
[arbitro]»)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(db: list[str], *args: str) -> str:
    result = runner.invoke(app, [*db, *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def _evening(tmp_path: Path, *code: str) -> list[str]:
    db = ["--db", f"sqlite:///{tmp_path / 's.sqlite3'}"]
    _run(db, "event", "create", "e", "--name", "E", "--movements", "iscrizione", "--rounds",
         "1", *code)  # fmt: skip
    for name in ("A-B", "C-D", "E-F", "G-H"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    return db


@pytest.mark.parametrize(
    ("lang", "first", "second", "cost"),
    [
        (
            "it",
            "3 E-F: ammonizione n. 1 nella gara",
            "3 E-F: ammonizione n. 2 nella gara",
            "2 ammonizioni: -1 V.P. e -100 M.P. in classifica (FIBAS art. 22, 41)",
        ),
        (
            "en",
            "3 E-F: warning no. 1 in this event",
            "3 E-F: warning no. 2 in this event",
            "2 warnings: -1 V.P. and -100 M.P. in the standings (FIBAS art. 22, 41)",
        ),
    ],
)
def test_fibas_art22_the_second_warning_says_what_it_costs(
    tmp_path: Path, lang: str, first: str, second: str, cost: str
) -> None:
    """FIBAS art. 22, 41: the first warning is counted; the second says the V.P. and M.P.
    the standings take off, as they then do."""
    db = _evening(tmp_path)
    said = _run(db, "--lang", lang, "warn", "e", "1", "3", "--reason", "commenti")
    assert said.strip().splitlines()[1:] == [first]
    again = _run(
        db, "--lang", lang, "sanction", "e", "1", "3", "--kind", "warning", "--reason", "ancora"
    )
    assert again.strip().splitlines()[1:] == [second, cost]


def test_parole_warnings_cost_no_points_and_say_nothing_more(tmp_path: Path) -> None:
    """Parole UISP: warnings carry no points by count (its code has no such rule): the
    terminal says the warning is recorded and nothing more."""
    db = _evening(tmp_path, "--code", "burraco-parole-uisp", "--deals", "3")
    said = _run(db, "warn", "e", "1", "3", "--reason", "commenti")
    assert said.strip() == "Ammonizione registrata"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", "turno 1 C-D: ritardo (FIBAS art. 37) 6:30 di ritardo [Rossi]"),
        ("en", "round 1 C-D: lateness (FIBAS art. 37) 6:30 late [Rossi]"),
    ],
)
def test_fibas_art37_a_ledger_line_without_a_reason_has_no_dash(
    tmp_path: Path, lang: str, said: str
) -> None:
    """FIBAS art. 37, 41: a lateness has no reason: no «— » before the actor; a warning with
    no detail has one space, not two, before its reason."""
    db = _evening(tmp_path)
    _run(db, "--actor", "Rossi", "late", "e", "1", "2", "6:30")  # the director at the terminal
    _run(db, "warn", "e", "1", "3", "--reason", "commenti")
    lines = _run(db, "--lang", lang, "ledger", "e").strip().splitlines()
    assert lines[0].split(" ", 3)[3] == said
    assert "(FIBAS art. 41) — commenti" in lines[1]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("it", ["Abbandono registrato", "5 I-L ritirato dal turno 2"]),
        ("en", ["Abandon recorded", "5 I-L withdrawn from round 2"]),
    ],
)
def test_fibas_art36_an_abandon_says_who_plays_no_more_and_from_when(
    tmp_path: Path, lang: str, said: list[str]
) -> None:
    """FIBAS art. 36: the pair that abandons in round 1 of 2 is out from round 2 (its
    results so far stand); the terminal says who and from when, as the standings do."""
    db = ["--db", f"sqlite:///{tmp_path / 'a.sqlite3'}"]
    _run(db, "event", "create", "e", "--name", "E", "--movements", "iscrizione,danese",
         "--rounds", "2")  # fmt: skip
    for name in ("A-B", "C-D", "E-F", "G-H", "I-L", "M-N"):
        _run(db, "register", "e", name)
    _run(db, "seat", "e", "1", "--publish")
    out = _run(db, "--lang", lang, "abandon", "e", "1", "5", "--reason", "malore")
    assert out.strip().splitlines() == said


def test_fibas_art40_an_expulsion_in_the_last_round_names_no_round_after_it(
    tmp_path: Path,
) -> None:
    """FIBAS art. 40: expelled in the only round, the pair has no round left to play."""
    db = _evening(tmp_path)
    out = _run(db, "sanction", "e", "1", "3", "--kind", "espulsione", "--reason", "condotta")
    assert out.strip().splitlines() == [
        "Sanzione registrata",
        "3 E-F ritirato: non resta alcun turno da giocare, i suoi risultati restano",
    ]
