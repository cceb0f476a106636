"""``arbitro arbiter board`` and ``arbitro law13``: the options of Bridge Law 13's new cases
(who called, 13D2a's later correction, 13E, 13F's card played), help texts in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from arbitro.cli.arbiter import register

runner = CliRunner()
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def main() -> None:
        """Test app."""

    return app


def _board(tmp_path: Path, north_extra: str = " AD", east_from: int = 1) -> Path:
    hands = {
        "N": " ".join(r + "H" for r in RANKS) + north_extra,
        "E": " ".join(r + "D" for r in RANKS[east_from:]),
        "S": " ".join(r + "C" for r in RANKS),
        "W": " ".join(r + "S" for r in RANKS),
    }
    f = tmp_path / "board.json"
    f.write_text(json.dumps({"board": 4, "hands": hands}))
    return f


def _ruling(f: Path, *options: str) -> dict[str, object]:
    result = runner.invoke(_app(), ["arbiter", "board", str(f), "--json", *options])
    assert result.exit_code == 0, result.output
    ruling = json.loads(result.output)["ruling"]
    assert isinstance(ruling, dict)
    return ruling


def test_law_13_a_and_d_who_called_decides(tmp_path: Path) -> None:
    """Law 13 A ("un giocatore con una mano non corretta abbia fatto una chiamata") against
    13 D ("nessuna chiamata è stata effettuata con quella mano"): --called names the callers."""
    f = _board(tmp_path)
    assert _ruling(f, "--called", "n")["paragraph"] == "13A"
    other = _ruling(f, "--called", "S", "--called", "W")
    assert other["paragraph"] == "13D1" and other["callers"] == []
    assert other["unauthorized_information"] == {"paragraph": "13E", "partners": ["S", "W"]}


def test_law_13_d2a_later_correction_and_f_card_played(tmp_path: Path) -> None:
    """Law 13 D2a: "l'Arbitro dovrà modificare il risultato"; 13 F: "tale carta era stata
    giocata in una presa ormai completata potrebbe essere assegnato un punteggio arbitrale"."""
    f = _board(tmp_path)
    adjusted = _ruling(f, "--card-seen", "--affected")
    assert (adjusted["paragraph"], adjusted["outcome"]) == ("13D2a", "result_adjusted")
    foreign = _board(tmp_path, north_extra=" AD", east_from=0)
    played = _ruling(foreign, "--foreign-played", "--play-completed")
    assert (played["paragraph"], played["outcome"]) == ("13F", "excess_card_played")
    assert played["arbitral_score_possible"] is True
    text = runner.invoke(_app(), ["arbiter", "board", str(foreign)]).output
    assert "13F" in text


def test_law_13_new_options_have_help_in_english_and_italian() -> None:
    """The new options are explained in the message catalogue (Italian and English)."""
    from arbitro.i18n import message

    for msgid, italian in (
        ("Later judged: the information influenced the result (13D2a, result changed)", "13D2a"),
        ("The foreign card was played in a completed trick (13F, arbitral score)", "presa"),
    ):
        assert italian in message(msgid).render("it") and message(msgid).render("it") != msgid
        assert message(msgid).render("en") == msgid
    result = runner.invoke(_app(), ["arbiter", "board", "--help"])
    assert "--called" in result.output and "--foreign-played" in result.output
