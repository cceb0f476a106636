"""A package's names imported from their modules on first use (PEP 562's module
``__getattr__``): a command loads only the modules it uses (issue 14)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, module_of: Mapping[str, str], namespace: dict[str, Any]
) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``package``: the name ``name`` imported from its module
    (``module_of[name]``, relative to the package) when first asked for, then kept in the
    package's ``namespace`` (its ``globals()``) so that it is looked up once."""

    def getattr_(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return getattr_
