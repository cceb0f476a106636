"""The article search index kept built in a file (issue 14): read back by the next process
while the entries are the same, rebuilt when they change or the file is damaged; the answers
are those of an index built afresh."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arbitro.codes.catalogue import index as index_module
from arbitro.codes.catalogue import load_catalogue
from arbitro.codes.catalogue.index import SearchIndex, cached_index

QUERIES = ("pozzetto visto prima", "carta esposta", "scala 40 jolly", "briscola parità", "xyz")


@pytest.fixture
def cache_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cache" / "search-index.marshal"
    monkeypatch.setenv("ARBITRO_INDEX_CACHE", str(path))
    return path


def _builds(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record, for each SearchIndex made, whether it was built (True) or read back."""
    made: list[bool] = []
    original = SearchIndex.__init__

    def spy(self: SearchIndex, articles: tuple[object, ...], data: object = None) -> None:
        made.append(data is None)
        original(self, articles, data)  # type: ignore[arg-type]

    monkeypatch.setattr(SearchIndex, "__init__", spy)
    return made


def test_the_index_is_built_once_then_read_back(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    articles = load_catalogue().articles()
    made = _builds(monkeypatch)
    first = cached_index(articles)
    assert cache_file.exists()
    again = cached_index(articles)
    assert made == [True, False]
    fresh = SearchIndex(articles)
    for query in QUERIES:  # FIBAS art. 23 first for "pozzetto visto prima", as built afresh
        assert again.search(query, limit=20) == fresh.search(query, limit=20)
        assert first.search(query, code="burraco-fibas") == fresh.search(
            query, code="burraco-fibas"
        )


def test_changed_entries_rebuild_the_index(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    articles = load_catalogue().articles()
    cached_index(articles)
    changed = (dataclasses.replace(articles[0], title="Pozzetto chiuso"), *articles[1:])
    made = _builds(monkeypatch)
    index = cached_index(changed)
    assert made == [True]
    assert index.search("pozzetto chiuso", limit=1)[0].article.title == "Pozzetto chiuso"
    assert cached_index(changed) is not None and made == [True, False]


def test_a_damaged_cache_file_is_rebuilt(cache_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    articles = load_catalogue().articles()
    cache_file.parent.mkdir(parents=True)
    cache_file.write_bytes(b"\x00not marshal")
    made = _builds(monkeypatch)
    index = cached_index(articles)
    assert made == [True]
    assert index.search("pozzetto visto prima")[0].article.ref == "23"


def test_an_unwritable_cache_folder_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARBITRO_INDEX_CACHE", "/proc/arbitro-no/search-index.marshal")
    index = cached_index(load_catalogue().articles())
    assert index.search("pozzetto visto prima")[0].article.ref == "23"


def test_the_default_cache_is_in_the_package_pycache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARBITRO_INDEX_CACHE", raising=False)
    path = index_module.cache_path()
    assert path.parent.name == "__pycache__"
    assert path.parent.parent == Path(index_module.__file__).resolve().parent


def test_a_search_from_the_cache_does_not_load_the_stemmer(cache_file: Path) -> None:
    """The catalogue's stems come back with the index: a search of words of the catalogue
    answers without Snowball, as a process that built the index answers."""
    import os
    import subprocess
    import sys

    probe = (
        "import sys\n"
        "from arbitro.codes.catalogue import search\n"
        "hits = search('pozzetto visto prima')\n"
        "print(hits[0].article.ref, 'snowballstemmer' in sys.modules)\n"
    )
    env = {**os.environ, "ARBITRO_INDEX_CACHE": str(cache_file)}

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    assert run() == "23 True"  # built: FIBAS art. 23 first, the stemmer loaded
    assert run() == "23 False"  # from the cache


def test_changed_synonyms_rebuild_the_index(
    cache_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The synonyms of keywords.toml are part of the index kept: another file, another index
    (issue 31: a synonym added is searched at once, not after the cache is removed)."""
    from arbitro.codes.catalogue import synonyms as synonyms_module

    articles = load_catalogue().articles()
    cached_index(articles)
    before = index_module.fingerprint(articles)
    changed = b'[synonyms.all]\nzibaldone = ["pozzetto"]\n'
    monkeypatch.setattr(synonyms_module, "source_bytes", lambda: changed)
    assert index_module.fingerprint(articles) != before
    made = _builds(monkeypatch)
    index = cached_index(articles)
    assert made == [True]
    assert index.search("zibaldone", code="burraco-fibas")[0].article.number in {"2", "23"}
