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


def test_number_words_are_read_as_their_digits() -> None:
    """FIBAS art. 15 writes "almeno sette carte", a table types "7 carte"; Scala 40 art. 7's
    "40 punti" is "quaranta punti" at the table: both spellings give one term. "due" and "uno"
    stay words (a "2" is also a card, the pinella; "uno" is an article)."""
    assert terms("sette carte") == terms("7 carte") == ["7", stem("carte")]
    assert terms("quaranta punti") == ["40", stem("punti")]
    assert terms("venti minuti") == ["20", stem("minuti")]
    assert terms("due carte")[0] != "2"


def test_irregular_participles_meet_their_verb() -> None:
    """Snowball leaves "aggiunto" apart from "aggiungere" (Parole art. 4.1: "aggiungere nuove
    carte"); the irregular participles of the table's verbs are folded with their verb."""
    assert stem("aggiunto") == stem("aggiungere") == stem("aggiunge")
    assert stem("messo") == stem("mettere")
    assert stem("scelto") == stem("scegliere")
    assert stem("rimaste") == stem("rimanere")
    assert stem("perso") == stem("perdere")
    assert stem("fa") == stem("fare")
    assert stem("detto") == stem("dire")


def test_what_was_said_and_when_are_search_words() -> None:
    """ "ha detto" (what was said at the table), "fa" ("chi fa le carte") and "dopo" ("dopo lo
    scarto", Scala 40 art. 6) are terms; "dice che" (a claim reported to the arbiter) is not."""
    assert terms("ha detto") == [stem("dire")]
    assert terms("chi fa le carte") == [stem("fare"), stem("carte")]
    assert terms("dopo lo scarto") == [stem("dopo"), stem("scarto")]
    assert terms("dice che") == []


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
