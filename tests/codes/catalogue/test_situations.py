"""The article search on situations typed at the table (issue 31, "Finding the article").

The set is ``bench/article_search/situations.toml`` (written from the games' descriptions, without
the codes' texts) with ``labels.toml`` (the acceptable entries, read from the codes); the bench
``bench/article_search.py`` runs it. Here: the set is sound, the search puts an acceptable
article in the first three for at least 95% of the labelled situations and of the held-out half,
the fresh part (``set = "fresh"``) is counted apart, and no article comes twice in one list.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from arbitro.codes.catalogue import load_catalogue, search
from arbitro.codes.catalogue.index import SearchIndex
from arbitro.codes.catalogue.synonyms import parse

BENCH = Path(__file__).resolve().parents[3] / "bench" / "article_search.py"
CODES = {"burraco-fibas", "burraco-parole-uisp", "scala40", "briscola", "bridge-law-13"}


def _bench() -> ModuleType:
    loaded = sys.modules.get("bench_article_search")
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location("bench_article_search", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_article_search"] = module
    spec.loader.exec_module(module)
    return module


def test_the_set_covers_every_code_and_its_labels_name_entries_of_that_code() -> None:
    """At least 150 situations over the five codes, ids unique, each label an entry of the
    situation's own code (as ``arbitro articles show`` names it)."""
    situations = _bench().load_set()
    catalogue = load_catalogue()
    assert len(situations) >= 150
    assert {s.code for s in situations} == CODES
    assert len({s.id for s in situations}) == len(situations)
    for s in situations:
        for ref in s.acceptable:
            assert catalogue.article(s.code, ref).ref == ref, (s.id, ref)
    unlabelled = [s.id for s in situations if not s.acceptable]
    assert len(unlabelled) <= 0.05 * len(situations), unlabelled


def test_an_acceptable_article_is_in_the_top_three_for_95_percent(
    record_property: Callable[[str, object], None],
) -> None:
    """Each situation searched within its code (as the desk and ``arbitro articles search
    --code`` do): an acceptable article among the first three for >= 95% of the labelled ones,
    and of the labelled ones of the held-out half (the odd ids)."""
    bench = _bench()
    outcomes = bench.run(bench.load_set())
    figures = bench.report(outcomes)
    labelled = figures["labelled"]
    record_property("article_search", figures)
    missed = [o for o in bench.misses(outcomes) if not o.situation.fresh]
    misses = [
        f"{o.situation.id}: {o.situation.text!r} want {list(o.situation.acceptable)}"
        f" got {list(o.refs[:3])}"
        for o in missed
    ]
    assert labelled["top3_share"] >= 0.95, "\n".join(misses)
    # the half not used to tune the search too (issue 31's honest figure)
    held_out = figures["held_out_odd"]
    assert held_out["n"] >= 100
    odd = [m for o, m in zip(missed, misses, strict=True) if o.situation.held_out]
    assert held_out["top3_share"] >= 0.95, "\n".join(odd)


def test_the_fresh_part_is_counted_apart() -> None:
    """A situation of ``set = "fresh"`` is in the fresh figures only, never in a half."""
    bench = _bench()
    first = bench.Situation("fibas-900", "burraco-fibas", "pozzetto visto prima", ("23",))
    fresh = bench.Situation("fresh-901", "burraco-fibas", "carta caduta", ("99",), "fresh")
    assert not fresh.held_out and fresh.fresh and not first.fresh
    figures = bench.report(bench.run([first, fresh]))
    assert figures["labelled"]["n"] == 1 and figures["all_situations"]["n"] == 1
    assert figures["fresh_labelled"] == figures["fresh_all"]
    assert figures["fresh_all"]["n"] == 1 and figures["fresh_all"]["top5"] == 0
    loaded = bench.load_set()
    assert sum(1 for s in loaded if s.fresh) >= 40
    assert all(s.id.startswith("fresh-") for s in loaded if s.fresh)


@pytest.mark.parametrize(
    ("code", "query", "article"),
    [
        # FIBAS art. 15: "Si definisce Burraco un insieme di almeno sette carte"
        ("burraco-fibas", "burraco con 7 carte", "15"),
        # Parole art. 4.1: "Ai giochi aperti ... è possibile aggiungere nuove carte"
        ("burraco-parole-uisp", "ha aggiunto una carta a una parola", "4.1"),
        # Scala 40 art. 6: "Dopo lo scarto nessun'altra azione è consentita"
        ("scala40", "ha calato dopo aver scartato", "6"),
        # Briscola art. 1: the choice of the dealer ("chi fa le carte")
        ("briscola", "chi fa le carte?", "1"),
        # Briscola art. 6: "È vietato consultare le carte vinte"
        ("briscola", "ha girato le prese per vedere i punti", "6"),
        # FIBAS art. 41: "Prestare la giusta attenzione", no comments to the partner
        ("burraco-fibas", "il compagno gli ha detto di stare attento", "41"),
    ],
)
def test_the_tables_words_find_the_article(code: str, query: str, article: str) -> None:
    """Numbers in words or digits, irregular participles, what was said and when, the
    synonyms of looking: each finds the article of the code's text in the first three."""
    refs = [h.article.ref for h in search(query, code=code, limit=10)]
    assert article in refs[:3], refs


def test_a_situation_without_an_article_reports_apart() -> None:
    """A situation labelled with no entry counts in the figure over all, not in the labelled one,
    and is named among the unlabelled."""
    bench = _bench()
    found = bench.Situation("fibas-900", "burraco-fibas", "pozzetto visto prima", ("23",))
    nothing = bench.Situation("fibas-901", "burraco-fibas", "pozzetto visto prima", ())
    figures = bench.report(bench.run([found, nothing]))
    assert figures["labelled"]["n"] == 1 and figures["labelled"]["top1"] == 1
    assert figures["all_situations"]["n"] == 2 and figures["all_situations"]["top3"] == 1
    assert figures["unlabelled"] == ["fibas-901"]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("definizione carta esposta", "burraco-fibas"),
        ("definizioni congelamento temporaneo definitivo", "burraco-fibas"),
        ("definizione carta muta carta sanabile", "burraco-parole-uisp"),
        ("carta esposta penalizzata definizioni", "scala40"),
    ],
)
def test_no_article_comes_twice_in_one_list(query: str, code: str | None) -> None:
    """A definitions page and its terms are one article (FIBAS art. 2, Parole and Scala 40's
    "Definizioni"): one list names each article once, by its best entry."""
    hits = search(query, code=code, limit=20)
    articles = [(h.article.code, h.article.number) for h in hits]
    assert hits and len(articles) == len(set(articles)), articles


def test_no_situation_lists_an_article_twice() -> None:
    """Over the whole set, within each situation's code: each article at most once."""
    bench = _bench()
    catalogue = load_catalogue()
    for s in bench.load_set():
        hits = catalogue.search(s.text, code=s.code, limit=10)
        numbers = [h.article.number for h in hits]
        assert len(numbers) == len(set(numbers)), (s.id, numbers)


def test_no_situation_lists_an_article_twice_over_every_code() -> None:
    """Without a code filter (``arbitro articles search`` with no ``--code``), each article of
    each code at most once in the list: the definitions pages of FIBAS, Parole and Scala 40
    hold many entries each. One situation in three (every code's), to keep the suite fast."""
    catalogue = load_catalogue()
    situations = _bench().load_set()[::3]
    assert {s.code for s in situations} == CODES
    for s in situations:
        hits = catalogue.search(s.text, limit=10)
        articles = [(h.article.code, h.article.number) for h in hits]
        assert len(articles) == len(set(articles)), (s.id, articles)


def test_a_query_word_finds_the_articles_of_its_synonym() -> None:
    """A word no entry has finds, through its synonym, the entries of the code's word
    (``[synonyms]`` of keywords.toml); a code's own synonyms hold only for that code."""
    articles = load_catalogue().articles()
    synonyms = parse(
        {"all": {"zibaldone": ["pozzetto"]}, "scala40": {"sghembo": ["jolly"]}},
    )
    index = SearchIndex(articles, synonyms=synonyms)
    assert SearchIndex(articles, synonyms={}).search("zibaldone") == []
    assert index.search("zibaldone", code="burraco-fibas")[0].article.ref in {"23", "2:pozzetto"}
    assert index.search("sghembo", code="scala40")[0].article.ref == "8"
    assert index.search("sghembo", code="burraco-fibas") == []


def test_a_synonym_key_is_one_search_word() -> None:
    """Synonyms are looked up one query word at a time: a key of two words is refused."""
    with pytest.raises(ValueError, match="carta vista"):
        parse({"all": {"carta vista": ["carta esposta"]}})
