"""The search function: ranking, filters, limits, snippets, errors."""

from __future__ import annotations

import pytest

from arbitro.codes.catalogue import load_catalogue, search
from arbitro.errors import ArbitroError


def test_hits_are_best_first_with_scores_and_snippets() -> None:
    """FIBAS art. 23 first for "pozzetto visto prima", scores decreasing, snippet from text."""
    hits = search("pozzetto visto prima")
    assert (hits[0].article.code, hits[0].article.ref) == ("burraco-fibas", "23")
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert "pozzetto" in hits[0].snippet.lower()
    assert len(hits[0].snippet) <= 230


def test_code_filter_and_aliases() -> None:
    """``code`` restricts the hits to one code, by id or alias (Scala 40 art. 11)."""
    hits = search("carta caduta", code="scala-40")
    assert hits and all(h.article.code == "scala40" for h in hits)
    assert hits[0].article.number == "11"


def test_limit_is_respected_and_checked() -> None:
    """At most ``limit`` hits; a limit below 1 is refused with a clear message."""
    assert len(search("carta", limit=3)) == 3
    with pytest.raises(ArbitroError) as error:
        search("carta", limit=0)
    assert "limite" in error.value.it and "limit" in error.value.en


def test_unknown_code_is_refused() -> None:
    """An unknown code names itself and the available codes."""
    with pytest.raises(ArbitroError) as error:
        search("carta", code="poker")
    assert "poker" in error.value.it and "scala40" in error.value.en


def test_no_match_gives_no_hits() -> None:
    """Stop words only, or words absent from every code: no hits rather than noise."""
    assert search("il la di che") == []
    assert search("xylofono quantistico") == []


def test_definition_queries_find_the_definition_entry() -> None:
    """ "definizione carta esposta" → the term of FIBAS art. 2, not art. 24."""
    hit = search("definizione carta esposta", code="burraco-fibas")[0]
    assert hit.article.ref == "2:carta-esposta"


def test_every_entry_finds_itself_by_its_title() -> None:
    """Searching an article's exact title within its code puts it in the top five."""
    catalogue = load_catalogue()
    misses = []
    for art in catalogue.articles():
        if art.term is not None or art.title.lower() == "definizioni" or not art.text:
            continue  # a definitions page is found through its terms
        refs = [h.article.ref for h in search(art.title, code=art.code, limit=5)]
        if art.ref not in refs:
            misses.append((art.code, art.ref, art.title, refs))
    assert misses == []
