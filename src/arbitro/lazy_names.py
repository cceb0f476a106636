"""A package's names imported from their modules on first use (PEP 562's module
``__getattr__``), and modules imported on first use (:func:`lazy_module`): a command loads only
the modules it uses (issue 14)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
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


class _LazyModule(ModuleType):
    """A stand-in for the module of its name: imported on the first attribute read, then
    every attribute read from the real module (never copied: a name the module rebinds, or a
    test patches, is read as it is now)."""

    def __getattr__(self, name: str) -> Any:
        module = self.__dict__.get("_lazy_target")
        if module is None:
            module = importlib.import_module(self.__name__)
            self.__dict__["_lazy_target"] = module
        return getattr(module, name)

    def __dir__(self) -> list[str]:
        return dir(importlib.import_module(self.__name__))


def lazy_module(name: str) -> ModuleType:
    """The module ``name``, imported when one of its attributes is first read (issue 14, issue
    30: one lazy mechanism at module level instead of imports inside functions). Typed by
    importing the module under ``TYPE_CHECKING``::

        if TYPE_CHECKING:
            from arbitro.services import events as events_service
        else:
            events_service = lazy_module("arbitro.services.events")

    The module itself when it is already imported; otherwise nothing of it (not even its
    package) is imported until then."""
    loaded = sys.modules.get(name)
    return loaded if loaded is not None else _LazyModule(name)
