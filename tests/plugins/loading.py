"""What the fake plugins' conftests share (issue 30): a folder's ``plugin.py`` imported by its
path, under the module name its code's spec gives (``CodeSpec.knockout``, ``CodeSpec.sheet``),
as a plugin installed outside arbitro would be."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def plugin_module(conftest: str, name: str) -> ModuleType:
    """The ``plugin.py`` beside ``conftest`` (the folder's ``conftest.py``, its ``__file__``),
    imported once by its path under ``name``; later calls give the module already imported."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(conftest).with_name("plugin.py"))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
