"""Shared database fixtures: ``database_url`` runs a test on SQLite and on a real PostgreSQL.

- ``database_url``: the URL of a new, empty database (parametrized ``sqlite`` / ``postgres``).
  SQLite: a file in the test's ``tmp_path``. PostgreSQL: a new schema, which the URL makes the
  connection's whole world (``search_path``), in a database of the session's own on a server
  started once per test session (once per pytest-xdist worker), or on the server named by
  ``ARBITRO_TEST_POSTGRES_URL``; dropped after the test. The postgres cases carry the
  ``postgres`` marker. PostgreSQL missing makes the postgres cases FAIL, never skip.
- ``record_store``: an open :class:`arbitro.store.RecordStore` on ``database_url``.
- ``postgres_database_url``: like ``database_url``, PostgreSQL only (mark such tests
  ``@pytest.mark.postgres``).
- ``postgres_server``: the session's server.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

from arbitro.store import RecordStore

POSTGRES_URL_ENV = "ARBITRO_TEST_POSTGRES_URL"

# A text rendered without an Italian translation fails the test that rendered it (docs/i18n.md).
os.environ["ARBITRO_I18N_STRICT"] = "1"


def _load_helper(name: str) -> ModuleType:
    """Import ``tests/<name>.py`` (the suite runs with ``--import-mode=importlib``)."""
    module_name = f"arbitro_tests_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(
        module_name, Path(__file__).with_name(name + ".py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:  # mypy reads the helper as the module it is; pytest loads it by path
    import tests.postgres as postgres
else:
    postgres = _load_helper("postgres")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[postgres.PostgresServer]:
    """The session's PostgreSQL server (started here, or ``$ARBITRO_TEST_POSTGRES_URL``)."""
    external = os.environ.get(POSTGRES_URL_ENV, "").strip()
    if external:
        yield postgres.PostgresServer.external(external)
        return
    try:
        server = postgres.PostgresServer.start()
    except postgres.PostgresUnavailable as exc:
        pytest.fail(f"PostgreSQL tests cannot run: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def postgres_test_database(postgres_server: postgres.PostgresServer) -> Iterator[str]:
    """A database of the session's own on the server (psycopg URL); tests get schemas in it."""
    url = postgres_server.create_database()
    try:
        yield url
    finally:
        postgres_server.drop_database(url)


@pytest.fixture(
    params=[
        pytest.param("sqlite", id="sqlite"),
        pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
    ]
)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a new, empty database: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arbitro.sqlite3'}"
        return
    url = postgres.create_schema(request.getfixturevalue("postgres_test_database"))
    try:
        yield url
    finally:
        postgres.drop_schema(url)


@pytest.fixture
def postgres_database_url(postgres_test_database: str) -> Iterator[str]:
    """Like ``database_url`` but PostgreSQL only, for tests of PostgreSQL's own behaviour."""
    url = postgres.create_schema(postgres_test_database)
    try:
        yield url
    finally:
        postgres.drop_schema(url)


@pytest.fixture
def record_store(database_url: str) -> Iterator[RecordStore]:
    """An open record store on a new database (closed after the test)."""
    store = RecordStore(database_url)
    try:
        yield store
    finally:
        store.close()


@pytest.hookimpl(trylast=True)  # after ``-m`` and ``-k`` have chosen the run's tests
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ``small_of_slow`` runs only where no slow test does: the fast loop
    (``-m "not slow"``) runs it, the whole suite runs the slow test it is a small copy of.

    The long tests start first, on both workers. The modules holding a test marked ``slow``
    (each kept whole, its fixtures set up once) are dealt alternately to two groups; the
    first group leads the list and the second leads its second half, because
    ``--dist worksteal`` (scripts/test.sh) gives each of the two workers one contiguous
    half. So the suite does not end with one worker alone on a two-minute test."""
    if any(item.get_closest_marker("slow") for item in items):
        small = [item for item in items if item.get_closest_marker("small_of_slow")]
        if small:
            config.hook.pytest_deselected(items=small)
            items[:] = [item for item in items if not item.get_closest_marker("small_of_slow")]
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    slow = [m for m, its in modules.items() if any(i.get_closest_marker("slow") for i in its)]
    groups: list[list[pytest.Item]] = [[], []]
    for n, module in enumerate(slow):
        groups[n % 2] += modules[module]
    rest = [item for module, its in modules.items() if module not in slow for item in its]
    head = max(0, len(items) // 2 - len(groups[0]))
    items[:] = groups[0] + rest[:head] + groups[1] + rest[head:]
