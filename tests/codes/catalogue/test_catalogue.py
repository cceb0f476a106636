"""The packaged catalogue: every article of every seed, definitions as entries, lookups."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from arbitro.codes.catalogue import Article, load_catalogue
from arbitro.errors import NotFoundError

ROOT = Path(__file__).resolve().parents[3]
SEEDS = ROOT.parent / "shared" / "seeds"
PACKAGE = ROOT / "src" / "arbitro" / "codes" / "catalogue"

# The article numbers each seed prints (headings in the body, and the index where it has one).
EXPECTED_NUMBERS: dict[str, set[str]] = {
    "burraco-fibas": {str(n) for n in range(1, 42)},
    "briscola": {str(n) for n in range(1, 11)},
    "burraco-parole-uisp": {
        "1",
        "1.1",
        "1.2",
        "2",
        "2.1",
        "2.2",
        "2.3",
        "2.4",
        "2.5",
        "3",
        "3.1",
        "3.2",
        "3.3",
        "3.4",
        "4",
        "4.1",
        "4.2",
        "4.3",
        "4.4",
        "5",
        "6",
        "6.1",
        "7",
        "8",
        "9",
        "9.1",
        "9.2",
        "10",
        *(f"10.{n}" for n in range(1, 19)),
        "11",
        *(f"11.{n}" for n in range(1, 8)),
        "12",
        "12.1",
        "12.2",
        "13",
        "13.1",
        "13.2",
        "13.3",
        "13.4",
        "14",
        "14.1",
        "14.2",
        "14.3",
        "14.4",
        "14.5",
        "15",
    },
    "bridge-law-13": {"13"},
    "scala40": {str(n) for n in range(1, 27)},
}

# How each seed prints an article heading (body and index).
HEADING_PATTERNS: dict[str, tuple[str, re.Pattern[str]]] = {
    "burraco-fibas": ("000_bf77f547087dbcea.txt", re.compile(r"^ART\.\s*-?\s*(\d+)")),
    "briscola": ("001_376921534efa463e.txt", re.compile(r"^(\d+)- ")),
    "burraco-parole-uisp": (
        "002_ae48cb356aac17b6.txt",
        re.compile(r"^(?:[#*\s]*ART\.\s*|<b>)?(\d+(?:\.\d+)?)(?:</b>)?(?:\*|\s|$)"),
    ),
    "bridge-law-13": ("003_c71d062abfa2ed48.txt", re.compile(r"^Art\. (\d+) –")),
    "scala40": ("004_53dea430655a7be2.txt", re.compile(r"^(?:- )?Art\. (\d+) ")),
}


def _numbers(code: str) -> set[str]:
    return {a.number for a in load_catalogue().articles(code) if a.term is None}


@pytest.mark.parametrize("code", sorted(EXPECTED_NUMBERS))
def test_every_printed_article_is_in_the_catalogue(code: str) -> None:
    """Every article heading of every seed is an entry; with the seeds at hand, read them."""
    expected = set(EXPECTED_NUMBERS[code])
    if SEEDS.is_dir():
        filename, pattern = HEADING_PATTERNS[code]
        lines = (SEEDS / filename).read_text("utf-8").splitlines()
        if code == "burraco-parole-uisp":  # the body's "ART." headings, the index's rows
            start = lines.index("# INDICE GENERALE")
            end = lines.index("## Definizioni")
            index_rows = [ln.split("\t")[0] + " " for ln in lines[start:end] if "\t" in ln]
            lines = [ln for ln in lines if "ART." in ln] + index_rows
        found = {m.group(1) for ln in lines if (m := pattern.match(ln.strip()))}
        assert found <= _numbers(code), sorted(found - _numbers(code))
        expected |= found
    assert expected <= _numbers(code), sorted(expected - _numbers(code))


def test_fibas_23_has_title_section_text_and_keywords_as_written() -> None:
    """FIBAS art. 23 POZZETTI: text as printed, section C, curated keywords."""
    art = load_catalogue().article("burraco-fibas", "23")
    assert art.title == "POZZETTI"
    assert art.section.startswith("SEZIONE C")
    assert art.text.startswith("Con meno di 11 carte - Se un giocatore preso il pozzetto")
    assert "Visti fuori turno - Il giocatore che prende il pozzetto" in art.text
    assert "pozzetto visto prima" in art.keywords
    assert "ART. 24" not in art.text


def test_article_is_frozen() -> None:
    """Entries are immutable values."""
    art = load_catalogue().article("scala40", "7")
    with pytest.raises(dataclasses.FrozenInstanceError):
        art.title = "x"  # type: ignore[misc]  # the assignment the test expects refused


def test_definitions_are_entries_of_their_own() -> None:
    """FIBAS art. 2, Parole's and Scala 40's definitions pages give one entry per term."""
    catalogue = load_catalogue()
    pozzetto = catalogue.article("burraco-fibas", "2:pozzetto")
    assert pozzetto.title == "Definizioni: Pozzetto"
    assert pozzetto.number == "2"
    assert pozzetto.text.startswith("Pozzetto: Insieme di carte coperte in numero di 11")
    assert catalogue.article("burraco-fibas", "2").term is None  # the whole article too
    assert len(catalogue.definitions("burraco-fibas")) >= 50
    muta = catalogue.article("burraco-parole-uisp", "definizioni:Carta muta")
    assert "lanciata al compagno di gioco" in muta.text
    assert len(catalogue.definitions("burraco-parole-uisp")) >= 60
    apertura = catalogue.article("scala40", "definizioni:apertura")
    assert "almeno 40 punti" in apertura.text
    assert len(catalogue.definitions("scala40")) == 18
    assert catalogue.definitions("briscola") == ()


def test_lookup_accepts_art_prefix_aliases_and_accents() -> None:
    """``Art. 4.1`` of ``parole``, ``2:Carta "Fantasma"`` of ``fibas``: same entries."""
    catalogue = load_catalogue()
    assert catalogue.article("parole", "Art. 4.1") is catalogue.article(
        "burraco-parole-uisp", "4.1"
    )
    ghost = catalogue.article("fibas", '2:Carta "Fantasma"')
    assert ghost.ref == "2:carta-fantasma"
    assert catalogue.article("Scala 40", "22").code == "scala40"


def test_unknown_code_and_article_are_clear_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown code or article raises NotFoundError naming it, in Italian and English."""
    catalogue = load_catalogue()
    with pytest.raises(NotFoundError) as code_error:
        catalogue.article("poker", "1")
    assert "poker" in code_error.value.it and "poker" in code_error.value.en
    assert "burraco-fibas" in code_error.value.it
    with pytest.raises(NotFoundError) as art_error:
        catalogue.article("scala40", "99")
    assert art_error.value.it == "Articolo «99» non presente nel codice scala40"
    monkeypatch.setenv("ARBITRO_LANG", "en")
    assert art_error.value.message() == "Article '99' is not in code scala40"


def test_articles_filter_by_code_and_keep_seed_order() -> None:
    """``articles(code)`` gives that code's entries in seed order; ``articles()`` all codes."""
    catalogue = load_catalogue()
    briscola = catalogue.articles("briscola")
    assert [a.number for a in briscola] == ["premessa", *(str(n) for n in range(1, 11))]
    assert all(isinstance(a, Article) for a in catalogue.articles())
    assert len(catalogue.articles()) == sum(
        len(catalogue.articles(c.code)) for c in catalogue.codes
    )


def test_missing_texts_are_flagged_not_invented() -> None:
    """Scala 40 art. 21 exists only in the index: empty text, a note says so."""
    art = load_catalogue().article("scala40", "21")
    assert art.title == "Time out e fasi del gioco"
    assert art.text == ""
    assert "solo nell'indice" in art.note
    fibas20 = load_catalogue().article("burraco-fibas", "20")
    assert fibas20.text.startswith("La compilazione dello score è compito del giocatore")
    assert fibas20.note


def test_load_catalogue_is_cached() -> None:
    """The packaged data are read once."""
    assert load_catalogue() is load_catalogue()


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_catalogue", ROOT / "tools" / "build_catalogue.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_packaged_data_match_the_builder_output(tmp_path: Path) -> None:
    """The committed JSON files are what ``tools/build_catalogue.py`` makes of the seeds."""
    packaged = sorted(PACKAGE.glob("*.json"))
    assert [p.stem for p in packaged] == sorted(EXPECTED_NUMBERS)
    if SEEDS.is_dir():
        _builder().build(SEEDS, tmp_path)
        for path in packaged:
            assert json.loads((tmp_path / path.name).read_text("utf-8")) == json.loads(
                path.read_text("utf-8")
            ), f"{path.name} is stale: rerun tools/build_catalogue.py"
    for path in packaged:
        data = json.loads(path.read_text("utf-8"))
        assert data["code"] == path.stem and data["articles"]
