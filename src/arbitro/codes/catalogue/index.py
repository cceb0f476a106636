"""BM25F ranking over the catalogue: title and keywords weigh more than the text.

Each entry has three fields of stemmed terms (see :mod:`.text`): its title, its curated
keywords and its text. A query's score for an entry is the BM25F sum over the query terms,
scaled by the share of query terms the entry contains, plus a bonus for each pair of
consecutive query terms found next to each other in the entry (a phrase such as
"carta esposta", "pozzetto visto"). A query word also counts through its synonyms of the
table's language (:mod:`.synonyms`: "statino" for "score", "attaccare" for Scala 40's
"legare"), at :data:`SYNONYM_WEIGHT` of a word of the entry itself. One article is listed
once: the best of its entries (a definitions page and its terms are one article, issue 31).
The index is built once; a query touches only the postings of its own terms and synonyms.

Building it stems the whole catalogue (~150 ms): :func:`cached_index` keeps the built index in a
file of the package's ``__pycache__`` folder (written on first use, as Python writes bytecode),
used again while the entries and this code are the same (issue 14: ``arbitro articles search``
answers at once).
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from importlib.util import find_spec
from itertools import pairwise
from pathlib import Path
from typing import Any

from arbitro.codes.catalogue import synonyms as synonyms_module
from arbitro.codes.catalogue import text as text_module
from arbitro.codes.catalogue.model import Article, SearchHit
from arbitro.codes.catalogue.synonyms import EVERY_CODE, Synonyms
from arbitro.codes.catalogue.text import spans, terms
from arbitro.codes.kept import blake2b, kept
from arbitro.codes.registry import code_spec

FIELDS: tuple[str, ...] = ("title", "keywords", "text", "code")
WEIGHTS: dict[str, float] = {"title": 3.0, "keywords": 4.0, "text": 1.0, "code": 0.6}
B: dict[str, float] = {"title": 0.4, "keywords": 0.4, "text": 0.75, "code": 0.0}
K1 = 1.4
PHRASE_BONUS = 0.6
SYNONYM_WEIGHT = 0.8
SNIPPET_CHARS = 220

# A query term with its synonyms' stem runs: ("statin", (("scor",),)).
Slot = tuple[str, tuple[tuple[str, ...], ...]]


@dataclass(frozen=True, slots=True)
class _Doc:
    article: Article
    tf: Mapping[str, Mapping[str, int]]
    length: dict[str, int]
    pairs: frozenset[tuple[str, str]]


def _field_terms(article: Article) -> dict[str, list[list[str]]]:
    """Each field's term runs (a keyword list gives one run per keyword)."""
    return {
        "title": [terms(article.title)],
        "keywords": [terms(k) for k in article.keywords],
        "text": [terms(article.text)],
        "code": [terms(_code_words(article.code))],
    }


def _code_words(code: str) -> str:
    """The words that name the code (its spec's search words), so that "briscola parità" or
    "scala 40 jolly" prefer it."""
    return code_spec(code).search_words


class SearchIndex:
    """An inverted index of the entries for BM25F search."""

    def __init__(
        self, articles: tuple[Article, ...], data: Any = None, synonyms: Synonyms | None = None
    ) -> None:
        """The index of ``articles`` with ``synonyms`` (the packaged ones if ``None``), built;
        or restored from ``data`` (:meth:`to_data` of an index of the same entries)."""
        self._docs: list[_Doc] = []
        self._postings: dict[str, list[int]] = {}
        self._slots: dict[tuple[str, tuple[str, ...]], list[Slot]] = {}
        if data is not None:
            docs, self._postings, self._avg, self._idf, self._synonyms, stems = data
            text_module.remember_stems(stems)
            if len(docs) != len(articles):
                raise ValueError("the index data is of other entries")
            self._docs = [
                _Doc(article, dict(zip(FIELDS, tf, strict=True)), length, pairs)
                for article, (tf, length, pairs) in zip(articles, docs, strict=True)
            ]
            return
        self._synonyms = synonyms_module.load() if synonyms is None else synonyms
        totals = dict.fromkeys(FIELDS, 0)
        for i, article in enumerate(articles):
            runs = _field_terms(article)
            tf = {f: Counter(t for run in runs[f] for t in run) for f in FIELDS}
            length = {f: sum(len(run) for run in runs[f]) for f in FIELDS}
            pairs = frozenset((a, b) for f in FIELDS for run in runs[f] for a, b in pairwise(run))
            self._docs.append(_Doc(article, tf, length, pairs))
            for f in FIELDS:
                totals[f] += length[f]
            for t in set().union(*(tf[f] for f in FIELDS)):
                self._postings.setdefault(t, []).append(i)
        n = max(len(self._docs), 1)
        self._avg = {f: max(totals[f] / n, 1.0) for f in FIELDS}
        self._idf = {
            t: math.log(1.0 + (n - len(docs) + 0.5) / (len(docs) + 0.5))
            for t, docs in self._postings.items()
        }

    def to_data(self) -> Any:
        """The index as plain values (dicts, lists, tuples, strings, numbers), for
        :mod:`marshal`, with the stems of the words seen (the entries' words, once built);
        read back by ``SearchIndex(articles, data)``."""
        docs = [(tuple(dict(d.tf[f]) for f in FIELDS), dict(d.length), d.pairs) for d in self._docs]
        stems = text_module.known_stems()
        return (docs, self._postings, self._avg, self._idf, self._synonyms, stems)

    def slots(self, query_terms: list[str], code: str) -> list[Slot]:
        """Each distinct query term with the stem runs of its synonyms within ``code``."""
        key = (code, tuple(query_terms))
        found = self._slots.get(key)
        if found is None:
            every, own = self._synonyms.get(EVERY_CODE, {}), self._synonyms.get(code, {})
            found = [
                (t, tuple(dict.fromkeys((*own.get(t, ()), *every.get(t, ())))))
                for t in dict.fromkeys(query_terms)
            ]
            if len(self._slots) > 256:
                self._slots.clear()
            self._slots[key] = found
        return found

    def _term(self, t: str, doc: _Doc) -> float:
        """The BM25F weight of one stem in one entry (0 when the entry lacks it)."""
        weighted_tf = 0.0
        for f in FIELDS:
            count = doc.tf[f].get(t, 0)
            if count:
                norm = 1.0 - B[f] + B[f] * doc.length[f] / self._avg[f]
                weighted_tf += WEIGHTS[f] * count / norm
        return self._idf.get(t, 0.0) * weighted_tf / (K1 + weighted_tf) if weighted_tf else 0.0

    def score(self, query_terms: list[str], doc: _Doc) -> float:
        """BM25F score of one entry for the (stemmed) query terms: each term counts by itself
        or, if more, through its best synonym (a phrase by the mean of its stems)."""
        slots = self.slots(query_terms, doc.article.code)
        total, matched = 0.0, 0
        for t, runs in slots:
            best = self._term(t, doc)
            for run in runs:
                alt = SYNONYM_WEIGHT * sum(self._term(r, doc) for r in run) / len(run)
                best = max(best, alt)
            if best:
                matched += 1
                total += best
        if not matched:
            return 0.0
        total *= 0.4 + 0.6 * matched / len(slots)
        for a, b in pairwise(query_terms):
            if a != b and (a, b) in doc.pairs:
                total += PHRASE_BONUS * (self._idf.get(a, 0.0) + self._idf.get(b, 0.0)) / 2
        return total

    def search(self, query: str, *, code: str | None = None, limit: int = 10) -> list[SearchHit]:
        """The best ``limit`` articles for ``query`` (of ``code`` only, if given), best first,
        each article once (by its best entry)."""
        query_terms = terms(query)
        stems = set(query_terms)
        for c in (code,) if code is not None else tuple(self._synonyms):
            for _, runs in self.slots(query_terms, c):
                stems.update(r for run in runs for r in run)
        candidates = {i for t in stems for i in self._postings.get(t, ())}
        scored: list[tuple[float, int]] = []
        for i in candidates:
            doc = self._docs[i]
            if code is not None and doc.article.code != code:
                continue
            s = self.score(query_terms, doc)
            if s > 0:
                scored.append((s, i))
        scored.sort(key=lambda p: (-p[0], p[1]))
        hits: list[SearchHit] = []
        listed: set[tuple[str, str]] = set()
        for s, i in scored:
            article = self._docs[i].article
            if (article.code, article.number) in listed:
                continue
            listed.add((article.code, article.number))
            hits.append(
                SearchHit(article=article, score=round(s, 4), snippet=snippet(article, query_terms))
            )
            if len(hits) == limit:
                break
        return hits


CACHE_FORMAT = b"arbitro search index 3"


def fingerprint(articles: tuple[Article, ...]) -> str:
    """A digest of what the index is made of: the entries, the code that stems and weighs
    them (this module, :mod:`.text` and :mod:`.synonyms`), the synonyms' file and the stemmer
    installed (its files' size and time, found without importing it)."""
    digest = blake2b(CACHE_FORMAT, digest_size=16)
    here = Path(__file__).resolve().parent
    for source in ("index.py", "text.py", "synonyms.py"):
        digest.update((here / source).read_bytes())
    digest.update(synonyms_module.source_bytes())
    for package, module in (("snowballstemmer", "italian_stemmer.py"), ("Stemmer", "")):
        spec = find_spec(package)
        origin = spec.origin if spec is not None else None
        if origin:
            found = Path(origin).with_name(module) if module else Path(origin)
            stat = found.stat()
            digest.update(f"{found}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    for a in articles:
        words = _code_words(a.code)
        fields = (a.code, words, a.number, a.title, a.text, "\x1e".join(a.keywords), a.term or "")
        digest.update("\x1f".join(fields).encode("utf-8", "surrogatepass"))
        digest.update(b"\x1d")
    return digest.hexdigest()


def cache_path() -> Path:
    """The file that keeps the built index (``ARBITRO_INDEX_CACHE`` overrides it)."""
    override = os.environ.get("ARBITRO_INDEX_CACHE")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "__pycache__" / "search-index.marshal"


def cached_index(articles: tuple[Article, ...]) -> SearchIndex:
    """The index of ``articles``: read from :func:`cache_path` when it was built from the same
    entries and code; else built, and written there for the next process (if the folder can
    be written; a damaged or stale file is rebuilt)."""
    built: list[SearchIndex] = []

    def build() -> Any:
        built.append(SearchIndex(articles))
        return built[0].to_data()

    data = kept(cache_path(), fingerprint(articles), build)
    return built[0] if built else SearchIndex(articles, data)


def _clean(text: str) -> str:
    """Text for display in one line: markup (``**``, ``<b>``, ``#``) and extra spaces removed."""
    for mark in ("**", "<b>", "</b>", "#"):
        text = text.replace(mark, "")
    return " ".join(text.split())


def snippet(article: Article, query_terms: list[str], width: int = SNIPPET_CHARS) -> str:
    """A short passage of the entry's text around its densest cluster of query terms."""
    text = article.text or article.title
    wanted = set(query_terms)
    hits = [(s, e, t) for t, s, e in spans(text) if t in wanted]
    if not hits:
        cleaned = _clean(text)
        return cleaned if len(cleaned) <= width else cleaned[: width - 1].rstrip() + "…"
    best_start, best_count = hits[0][0], 0
    for j, (start, _, _) in enumerate(hits):
        window = {t for s, _, t in hits[j:] if s - start <= width * 0.6}
        if len(window) > best_count:
            best_start, best_count = start, len(window)
    begin = max(0, best_start - width // 4)
    if begin:
        space = text.rfind(" ", 0, begin)
        begin = space + 1 if space >= 0 and begin - space < 30 else begin
    end = min(len(text), begin + width + 40)
    piece = _clean(text[begin:end])
    if len(piece) > width:
        cut = piece.rfind(" ", 0, width)
        piece = piece[: cut if cut > width // 2 else width]
    prefix = "…" if begin > 0 else ""
    suffix = "…" if begin + len(piece) < len(_clean(text[begin:])) + begin else ""
    return f"{prefix}{piece}{suffix}"
