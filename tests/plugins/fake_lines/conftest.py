"""The fake lines game of this folder, registered by a fixture (issue 30)."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest
from tests.plugins.loading import plugin_module

from arbitro.codes.registry import CodeSpec


def _plugin() -> ModuleType:
    """This folder's ``plugin.py``, imported once by its path as ``fake_lines_plugin``."""
    return plugin_module(__file__, "fake_lines_plugin")


@pytest.fixture
def fake_lines() -> Iterator[CodeSpec]:
    """The fake code and its game registered for the test, taken back after it (this folder's
    ``plugin.py``, imported once by its path)."""
    with _plugin().fake_lines_registered() as spec:
        assert isinstance(spec, CodeSpec)
        yield spec
