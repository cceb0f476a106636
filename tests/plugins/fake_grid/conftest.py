"""The fake grid game of this folder, registered by a fixture (issue 30)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.plugins.fake_grid.plugin import fake_grid_registered

from arbitro.codes.registry import CodeSpec


@pytest.fixture
def fake_grid() -> Iterator[CodeSpec]:
    """The fake code, its game's kind of sheet and templates registered for the test."""
    with fake_grid_registered() as spec:
        yield spec
