"""Italian normalisation for the search: accents, stop words, inflections."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.codes.catalogue import search
from arbitro.codes.catalogue.text import fold, spans, stem, terms


def test_accents_and_case_are_folded() -> None:
    """``PIÙ``, ``perché``, ``è`` fold to plain lowercase letters."""
    assert fold("PIÙ perché è Già") == "piu perche e gia"


def test_inflections_meet_on_one_stem() -> None:
    """Singular/plural and masculine/feminine share a stem (FIBAS art. 23, 24, 2)."""
    assert stem("pozzetti") == stem("pozzetto")
    assert stem("congelata") == stem("congelamento") == stem("congelati")
    assert stem("caduta") == stem("cadute")
    assert stem("errato") == stem("errata")
    assert terms("chiusura") == terms("chiuso") == terms("chiudere")


def test_stop_words_and_elisions_are_dropped() -> None:
    """``l'arbitro``, ``dell'avversario``: the article goes, the noun stays."""
    assert terms("Il pozzetto è stato visto prima dell'avversario") == [
        stem("pozzetto"),
        stem("visto"),
        stem("avversario"),
    ]
    assert terms("l'arbitro") == [stem("arbitro")]


def test_numbers_are_kept() -> None:
    """Numbers matter in the codes (11 carte, 61 punti)."""
    assert terms("61 punti") == ["61", stem("punti")]


def test_spans_point_into_the_original_text() -> None:
    """Offsets of terms are offsets into the text as written, accents included."""
    text = "Se più di una carta è caduta"
    for term, start, end in spans(text):
        assert terms(text[start:end]) == [term]


def _strip_accents(text: str) -> str:
    nfkd = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(c for c in nfkd if not unicodedata.combining(c)))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="aeiouàèéìòùAÈÙbcdlmnprstz' .,", max_size=60))
def test_terms_ignore_accents_and_case(text: str) -> None:
    """Typing without accents or in capitals gives the same search terms."""
    assert terms(text) == terms(_strip_accents(text)) == terms(text.upper())


def test_search_without_accents_finds_the_same_article() -> None:
    """``perché``/``perche``: the query's accents do not change the ranking."""
    with_accents = search("parità a 60 punti, chi vincerà?", limit=3)
    without = search("parita a 60 punti chi vincera", limit=3)
    assert [h.article.ref for h in with_accents] == [h.article.ref for h in without]
    assert (with_accents[0].article.code, with_accents[0].article.number) == ("briscola", "8")
