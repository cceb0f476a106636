"""``arbitro arbiter rule`` as a director reads it (issue 31): a FIBAS ruling whose sentence
already says «ammonito» does not say the warning again as «W è ammonito (22)» (art. 22), and
the irregularity ruled on is named in the terminal's language, not by its name in the
code (``played_before_ruling``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.rulings.events import event, fibas_two_warnings, service
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.services.rulings import effects_said_once

runner = CliRunner()


def _rule(tmp_path: Path, situation: dict[str, Any], lang: str) -> list[str]:
    event(service(tmp_path), "f")
    f = tmp_path / "situation.json"
    f.write_text(json.dumps(situation))
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, "--lang", lang, "arbiter", "rule", str(f), "--event", "f"]
    result = runner.invoke(app, [*args, "--round", "1", "--table", "1"])
    assert result.exit_code == 0, result.output
    return result.stdout.strip().splitlines()


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "it",
            [
                "Decisione {seq} (FIBAS art. 22): gioco proseguito prima della decisione "
                "dell'arbitro",
                "W ha continuato a giocare prima della decisione: ammonito",
                "gioca ora: E",
            ],
        ),
        (
            "en",
            [
                "Ruling {seq} (FIBAS art. 22): play went on before the arbiter's ruling",
                "W played on before the ruling: warned",
                "next to play: E",
            ],
        ),
    ],
)
def test_fibas_art22_a_warning_the_ruling_says_is_said_once(
    tmp_path: Path, lang: str, lines: list[str]
) -> None:
    """FIBAS art. 22: W played on before the ruling and is warned; the ruling's sentence says
    so, and no second line «W è ammonito (22)» follows."""
    said = _rule(tmp_path, {"seed": 4, "script": ["rule played_before_ruling W"]}, lang)
    seq = said[0].split()[1]
    assert said == [lines[0].format(seq=seq), *lines[1:]]


def test_fibas_art22_two_warnings_each_said_once(tmp_path: Path) -> None:
    """FIBAS art. 22: W plays on twice: two sentences say each warning, none is repeated;
    the ledger still holds both warnings."""
    said = _rule(tmp_path, fibas_two_warnings(), "it")
    warned = "W ha continuato a giocare prima della decisione: ammonito"
    assert said.count(warned) == 2
    assert not any("è ammonito" in line for line in said)
    kinds = [e.kind for e in service(tmp_path).state("f").ledger]
    assert kinds == ["ruling-given", "warning", "warning"]


def test_a_warning_no_sentence_says_is_still_said() -> None:
    """FIBAS art. 22: a warning whose seat no ruling's sentence names as warned keeps its own
    line; one named once hides one warning of that seat, not two."""
    warning = {"kind": "warning", "seat": "W", "article": "22"}
    said = {"kind": "message", "text": {"msgid": "the deal is dealt again"}, "warned": ["W"]}
    lines = [m.render("en") for m in effects_said_once([said, warning, warning])]
    assert lines == ["the deal is dealt again", "W is warned (22)"]
    north = [m.render("it") for m in effects_said_once([{**warning, "seat": "N"}])]
    assert north == ["N è ammonito (22)"]
