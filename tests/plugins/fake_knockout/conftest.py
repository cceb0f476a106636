"""The fake knockout code of this folder, registered by a fixture (issue 30)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from arbitro.codes.registry import CodeSpec


def _plugin() -> ModuleType:
    """This folder's ``plugin.py``, imported once by its path under the name its spec gives
    as its ``knockout`` module."""
    name = "fake_knockout_plugin"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("plugin.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def fake_knockout() -> Iterator[CodeSpec]:
    """The fake knockout code registered for the test, taken back after it."""
    with _plugin().fake_knockout_registered() as spec:
        assert isinstance(spec, CodeSpec)
        yield spec
