"""Which database an installation uses: ``$ARBITRO_DATABASE_URL``, else one SQLite file in the
working directory (DESIGN.md, "Stack": SQLite default, PostgreSQL via psycopg 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.store import NewRecord, RecordStore, default_database_url
from arbitro.store.engine import normalize_url


def test_default_url_is_a_sqlite_file_in_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Without ARBITRO_DATABASE_URL, RecordStore.open() creates arbitro.sqlite3 where we are."""
    monkeypatch.delenv("ARBITRO_DATABASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)
    assert default_database_url() == "sqlite:///arbitro.sqlite3"
    with RecordStore.open() as store:
        store.create_event("e", "Torneo")
    assert (tmp_path / "arbitro.sqlite3").is_file()
    with RecordStore.open(f"sqlite:///{tmp_path / 'arbitro.sqlite3'}") as store:
        assert store.has_event("e")


def test_default_url_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, database_url: str
) -> None:
    """ARBITRO_DATABASE_URL names the database RecordStore.open() uses (SQLite or PostgreSQL)."""
    monkeypatch.setenv("ARBITRO_DATABASE_URL", database_url)
    assert default_database_url() == database_url
    with RecordStore.open() as store:
        store.create_event("e", "Torneo")
    with RecordStore(database_url) as store:
        assert store.has_event("e")


def test_blank_environment_variable_means_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty ARBITRO_DATABASE_URL is ignored rather than taken as a URL."""
    monkeypatch.setenv("ARBITRO_DATABASE_URL", "  ")
    assert default_database_url() == "sqlite:///arbitro.sqlite3"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://app@db/arbitro", "postgresql+psycopg://app@db/arbitro"),
        ("postgres://app@db/arbitro", "postgresql+psycopg://app@db/arbitro"),
        ("postgresql+psycopg://app@db/arbitro", "postgresql+psycopg://app@db/arbitro"),
        ("sqlite:///arbitro.sqlite3", "sqlite:///arbitro.sqlite3"),
    ],
)
def test_postgresql_urls_use_psycopg_3(url: str, expected: str) -> None:
    """A PostgreSQL URL without a driver is served by psycopg 3 (the only driver installed)."""
    assert normalize_url(url) == expected


def test_a_database_that_cannot_be_opened_is_a_clear_error(tmp_path: Path) -> None:
    """A SQLite file in a folder that does not exist: ArbitroError naming the database."""
    url = f"sqlite:///{tmp_path / 'manca' / 'arbitro.sqlite3'}"
    with pytest.raises(ArbitroError) as caught:
        RecordStore(url)
    assert "Impossibile aprire il database" in caught.value.message("it")
    assert "Cannot open the database" in caught.value.message("en")
    assert "manca" in caught.value.message("en")


def test_an_in_memory_sqlite_store_works_for_one_program() -> None:
    """``sqlite://`` (in memory) keeps one database for the store's whole life."""
    with RecordStore("sqlite://") as store:
        store.create_event("e", "Prova")
        store.append("e", [NewRecord("k", {"n": 1}, "arbitro")])
        assert [r.seq for r in store.records("e")] == [1]
