"""Fixtures for the store's tests: a plain engine on the test database, bypassing the store."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, create_engine


@pytest.fixture
def raw_engine(database_url: str) -> Iterator[Engine]:
    """A plain SQLAlchemy engine on the test database, for statements the store never issues."""
    engine = create_engine(database_url)
    try:
        yield engine
    finally:
        engine.dispose()
