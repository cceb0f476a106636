"""``arbitro parole check|wild|score|deal``: Burraco Parole from the command line (UISP)."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from arbitro.cli.codes.parole import register
from arbitro.lexicon.hunspell import italian

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def root() -> None:
        """Test root."""

    return app


def test_art4_1_check_words_text() -> None:
    """Art. 4.1: CANE allowed; MILANO (proper name) and CASETTA (altered) refused: exit 1."""
    result = runner.invoke(_app(), ["parole", "check", "cane", "Milano", "casetta"])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("CANE") and "SÌ" in lines[0]
    assert "nome proprio" in lines[1] and "alterato di casa" in lines[2]


def test_art4_1_check_json_all_valid() -> None:
    """Art. 4.1 in JSON: every verdict with reason and article; exit 0 when all are valid."""
    result = runner.invoke(_app(), ["parole", "check", "parlavamo", "bustina", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [d["valid"] for d in data] == [True, True] and data[0]["article"] == "4.1"


def test_art2_check_with_language_judge() -> None:
    """Art. 2: the language judge approves BURRACO for the event."""
    plain = runner.invoke(_app(), ["parole", "check", "burraco", "--json"])
    assert plain.exit_code == 1
    judged = runner.invoke(_app(), ["parole", "check", "burraco", "--approve", "burraco", "--json"])
    assert judged.exit_code == 0
    assert json.loads(judged.output)[0]["reason"] == "approved"


def test_art4_4_wild_letters() -> None:
    """Art. 4.4: CA?A can be CASA, CARA...; a pinella only vowels."""
    result = runner.invoke(_app(), ["parole", "wild", "CA?A", "--json"])
    assert result.exit_code == 0
    assert {"CASA", "CARA"} <= set(json.loads(result.output)["readings"])
    none = runner.invoke(_app(), ["parole", "wild", "CAN!O"])
    assert none.exit_code == 1


def test_art5_score_inline_json() -> None:
    """Arts. 5-6: NS closes with CASSATA (clean 100 + 50); EW holds Q Z and a pinella."""
    result = runner.invoke(
        _app(),
        [
            "parole",
            "score",
            "--words",
            "NS: CASSATA | RE?; EW: CANE",
            "--hands",
            "NS: ; EW: QZ | !",
            "--closed",
            "NS",
            "--penalized",
            "EW: H",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["NS"]["base"] == 150 and data["NS"]["points"] == 100
    assert data["NS"]["total"] == 250 and data["NS"]["words"][0] == "CASSATA"
    assert data["EW"]["in_hand"] == -50 and data["EW"]["penalized"] == -15
    assert data["EW"]["total"] == 30 - 50 - 15


def test_art5_score_text_and_file(tmp_path: Path) -> None:
    """Arts. 5-6 from a JSON file, printed as a table."""
    pos = {"NS": {"words": ["PAR?A"], "hands": ["Q"]}, "EW": {"words": ["CANE"], "hands": []}}
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(pos), "utf-8")
    result = runner.invoke(_app(), ["parole", "score", "--file", str(f)])
    assert result.exit_code == 0, result.output
    assert "sporco" in result.output
    total = next(ln for ln in result.output.splitlines() if ln.startswith("TOTALE"))
    assert total.split()[1:] == [str(50 + 60 - 15), "30"]


def test_art11_4_score_refuses_closing_without_burraco() -> None:
    """Art. 11.4: a closing without burraco is refused, the error names the article."""
    result = runner.invoke(
        _app(), ["parole", "score", "--words", "NS: CASA", "--closed", "NS", "--json"]
    )
    assert result.exit_code == 1
    assert "11.4" in json.loads(result.output)["error"]["article"]["article"]


def test_art4_1_score_refuses_invalid_word() -> None:
    """Art. 4.1: a word not valid in Italian cannot be scored."""
    result = runner.invoke(_app(), ["parole", "score", "--words", "NS: CNAE"])
    assert result.exit_code == 1
    assert "non è una parola" in result.output
    bad = runner.invoke(_app(), ["parole", "score", "--words", "XX: CASA"])
    assert bad.exit_code == 1 and "indicare la linea" in bad.output


def test_deal_record_json_replays() -> None:
    """A deal played by bots prints a JSON record that replays to the same result."""
    from arbitro.games.parole import DealRecord

    result = runner.invoke(_app(), ["parole", "deal", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    record = DealRecord.from_json(result.output)
    assert record.result is not None
    record.replay(italian())
    text = runner.invoke(_app(), ["parole", "deal", "--seed", "5", "--dealer", "E"])
    assert text.exit_code == 0 and "TOTALE" in text.output
