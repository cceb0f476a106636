"""Search quality benchmark: realistic arbiter queries must find their article first.

The issue's bar: the right article first in at least 90% of the queries and in the top three
in all of them. The queries (``queries.py``) cover all five codes: Burraco FIBAS, Burraco
Parole UISP, Scala 40, Briscola and Bridge Law 13.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from tests.codes.catalogue.queries import QUERIES

from arbitro.codes.catalogue import load_catalogue, search


def _rank(query: str, code: str | None, expected: tuple[str, str]) -> int | None:
    hits = search(query, code=code, limit=10)
    refs = [(h.article.code, h.article.ref) for h in hits]
    return refs.index(expected) if expected in refs else None


def test_query_set_is_large_and_covers_every_code() -> None:
    """At least 45 queries, over all five codes, each naming an entry that exists."""
    catalogue = load_catalogue()
    assert len(QUERIES) >= 45
    assert {code for _, _, code, _ in QUERIES} == {c.code for c in catalogue.codes}
    for _, _, code, ref in QUERIES:
        assert catalogue.article(code, ref).ref == ref


def test_search_benchmark_first_in_90_percent_and_top_three_in_all(
    record_property: Callable[[str, object], None],
) -> None:
    """The expected article is first for >= 90% of the queries and in the top 3 for all."""
    ranks = {(q, c): _rank(q, c, (code, ref)) for q, c, code, ref in QUERIES}
    not_first = [
        f"{q!r} (code={c}) → expected {code} {ref} at rank {ranks[(q, c)]}"
        for q, c, code, ref in QUERIES
        if ranks[(q, c)] != 0
    ]
    first = sum(1 for r in ranks.values() if r == 0)
    top3 = sum(1 for r in ranks.values() if r is not None and r < 3)
    summary = f"first: {first}/{len(QUERIES)}, top three: {top3}/{len(QUERIES)}"
    print(summary)
    for line in not_first:
        print("not first:", line)
    record_property("search_benchmark", summary)
    record_property("not_first", not_first)
    assert top3 == len(QUERIES), "\n".join(not_first)
    assert first >= 0.9 * len(QUERIES), "\n".join([summary, *not_first])


@pytest.mark.parametrize(
    ("query", "code", "expected"),
    [
        ("pozzetto visto prima", None, ("burraco-fibas", "23")),
        ("carta caduta", "burraco-fibas", ("burraco-fibas", "24")),
        ("chiusura senza burraco", "burraco-fibas", ("burraco-fibas", "33")),
        ("numero errato di carte", None, ("bridge-law-13", "13")),
    ],
)
def test_issue_examples_come_first(query: str, code: str | None, expected: tuple[str, str]) -> None:
    """The four queries quoted in the issue find FIBAS art. 23, 24, 33 and Bridge Law 13."""
    assert _rank(query, code, expected) == 0
