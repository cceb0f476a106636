"""BM25F ranking over the catalogue: title and keywords weigh more than the text.

Each entry has three fields of stemmed terms (see :mod:`.text`): its title, its curated
keywords and its text. A query's score for an entry is the BM25F sum over the query terms,
scaled by the share of query terms the entry contains, plus a bonus for each pair of
consecutive query terms found next to each other in the entry (a phrase such as
"carta esposta", "pozzetto visto"). The index is built once; a query touches only the
postings of its own terms.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from arbitro.codes.catalogue.model import Article, SearchHit
from arbitro.codes.catalogue.text import spans, terms

FIELDS: tuple[str, ...] = ("title", "keywords", "text", "code")
WEIGHTS: dict[str, float] = {"title": 3.0, "keywords": 3.0, "text": 1.0, "code": 0.6}
B: dict[str, float] = {"title": 0.4, "keywords": 0.4, "text": 0.75, "code": 0.0}
# The words that name each code, so that "briscola parità" or "scala 40 jolly" prefer it.
CODE_WORDS: dict[str, str] = {
    "burraco-fibas": "burraco fibas",
    "burraco-parole-uisp": "burraco parole uisp",
    "scala40": "scala 40 scala40",
    "briscola": "briscola",
    "bridge-law-13": "bridge",
}
K1 = 1.4
PHRASE_BONUS = 0.6
SNIPPET_CHARS = 220


@dataclass(frozen=True, slots=True)
class _Doc:
    article: Article
    tf: dict[str, Counter[str]]
    length: dict[str, int]
    pairs: frozenset[tuple[str, str]]


def _field_terms(article: Article) -> dict[str, list[list[str]]]:
    """Each field's term runs (a keyword list gives one run per keyword)."""
    return {
        "title": [terms(article.title)],
        "keywords": [terms(k) for k in article.keywords],
        "text": [terms(article.text)],
        "code": [terms(CODE_WORDS.get(article.code, ""))],
    }


class SearchIndex:
    """An inverted index of the entries for BM25F search."""

    def __init__(self, articles: tuple[Article, ...]) -> None:
        self._docs: list[_Doc] = []
        self._postings: dict[str, list[int]] = {}
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

    def score(self, query_terms: list[str], doc: _Doc) -> float:
        """BM25F score of one entry for the (stemmed) query terms."""
        unique = list(dict.fromkeys(query_terms))
        total, matched = 0.0, 0
        for t in unique:
            weighted_tf = 0.0
            for f in FIELDS:
                count = doc.tf[f].get(t, 0)
                if count:
                    norm = 1.0 - B[f] + B[f] * doc.length[f] / self._avg[f]
                    weighted_tf += WEIGHTS[f] * count / norm
            if weighted_tf:
                matched += 1
                total += self._idf.get(t, 0.0) * weighted_tf / (K1 + weighted_tf)
        if not matched:
            return 0.0
        total *= 0.4 + 0.6 * matched / len(unique)
        for a, b in pairwise(query_terms):
            if a != b and (a, b) in doc.pairs:
                total += PHRASE_BONUS * (self._idf.get(a, 0.0) + self._idf.get(b, 0.0)) / 2
        return total

    def search(self, query: str, *, code: str | None = None, limit: int = 10) -> list[SearchHit]:
        """The best ``limit`` entries for ``query`` (of ``code`` only, if given), best first."""
        query_terms = terms(query)
        candidates = {i for t in query_terms for i in self._postings.get(t, ())}
        scored: list[tuple[float, int]] = []
        for i in candidates:
            doc = self._docs[i]
            if code is not None and doc.article.code != code:
                continue
            s = self.score(query_terms, doc)
            if s > 0:
                scored.append((s, i))
        scored.sort(key=lambda p: (-p[0], p[1]))
        return [
            SearchHit(
                article=self._docs[i].article,
                score=round(s, 4),
                snippet=snippet(self._docs[i].article, query_terms),
            )
            for s, i in scored[:limit]
        ]


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
