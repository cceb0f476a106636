"""``arbitro articles search|show``: the article catalogue from the command line."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from arbitro.cli.articles import register

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def root() -> None:
        """Test root."""

    return app


def test_search_prints_best_first_with_snippet() -> None:
    """``search "pozzetto visto prima"`` puts FIBAS art. 23 POZZETTI first."""
    result = runner.invoke(_app(), ["articles", "search", "pozzetto visto prima", "--limit", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("1. [burraco-fibas 23] Art. 23 – POZZETTI")
    assert "pozzetto" in lines[1].lower()
    assert sum(1 for ln in lines if ln[:2] in ("1.", "2.", "3.")) == 3


def test_search_json_with_code_filter() -> None:
    """``--code scala40 --json``: only Scala 40 hits; art. 11 first for "carta caduta"."""
    result = runner.invoke(
        _app(), ["articles", "search", "carta caduta", "--code", "scala40", "--json"]
    )
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert hits[0]["code"] == "scala40" and hits[0]["number"] == "11"
    assert {h["code"] for h in hits} == {"scala40"}
    assert {"ref", "title", "label", "score", "snippet"} <= set(hits[0])


def test_search_without_matches_says_so() -> None:
    """No hits: a plain message, exit code 0."""
    result = runner.invoke(_app(), ["articles", "search", "xylofono"])
    assert result.exit_code == 0
    assert "Nessun articolo trovato." in result.output


def test_show_prints_the_text_as_written() -> None:
    """``show burraco-fibas 24``: title, section and the seed's text of art. 24."""
    result = runner.invoke(_app(), ["articles", "show", "burraco-fibas", "24"])
    assert result.exit_code == 0, result.output
    assert "Art. 24 – CARTA ESPOSTA" in result.output
    assert "SEZIONE C" in result.output
    assert "CARTA CADUTA ACCIDENTALMENTE AL GIOCATORE:" in result.output


def test_show_definition_json() -> None:
    """``show fibas 2:pozzetto --json``: the term entry of FIBAS art. 2."""
    result = runner.invoke(_app(), ["articles", "show", "fibas", "2:pozzetto", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["code"] == "burraco-fibas" and data["number"] == "2"
    assert data["term"] == "Pozzetto"
    assert data["text"].startswith("Pozzetto: Insieme di carte coperte in numero di 11")


def test_show_notes_a_reconstructed_heading() -> None:
    """Scala 40 art. 21 has no text in the seed: the note says so."""
    result = runner.invoke(_app(), ["articles", "show", "scala40", "21"])
    assert result.exit_code == 0
    assert "Nota: Il testo dell'art. 21 non è presente nel seed" in result.output


@pytest.mark.parametrize(
    ("lang", "args", "message"),
    [
        ("it", ["show", "scala40", "99"], "Errore: Articolo «99» non presente nel codice scala40"),
        ("en", ["show", "scala40", "99"], "Error: Article '99' is not in code scala40"),
        ("it", ["show", "poker", "1"], "Errore: Codice di gara sconosciuto: «poker»"),
        ("en", ["search", "carta", "--code", "poker"], "Error: Unknown competition code: 'poker'"),
        ("it", ["search", "carta", "--limit", "0"], "Errore: Il limite dei risultati"),
    ],
)
def test_errors_are_clear_in_italian_and_english(
    monkeypatch: pytest.MonkeyPatch, lang: str, args: list[str], message: str
) -> None:
    """Unknown code or article, bad limit: exit status 1 (a refused action; 2 is for usage
    errors) and a message in the user's language."""
    monkeypatch.setenv("ARBITRO_LANG", lang)
    result = runner.invoke(_app(), ["articles", *args])
    assert result.exit_code == 1
    assert message in result.output


def test_help_is_italian_first() -> None:
    """The group's help starts in Italian."""
    result = runner.invoke(_app(), ["articles", "--help"])
    assert result.exit_code == 0
    assert "Articoli dei codici di gara" in result.output
