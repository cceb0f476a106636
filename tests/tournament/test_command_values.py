"""The command values' package names every value of its modules (issue 30: a new action is
one class, reachable as ``values.<Name>`` by the services and the edges), each loaded from
its own module on first use (issue 14)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from arbitro.tournament.commands import values


def defined_values() -> dict[str, str]:
    """Every class with a ``decide`` defined in a module of the package, and its module."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(values.__path__):
        module = importlib.import_module(f"{values.__name__}.{info.name}")
        for name, obj in inspect.getmembers(module, inspect.isclass):
            if obj.__module__ == module.__name__ and hasattr(obj, "decide"):
                found[name] = info.name
    return found


def test_the_package_names_each_value_of_its_modules_and_nothing_else() -> None:
    """A value left out of the package's table could not be run by name; a name without
    its value would fail only when first used."""
    defined = defined_values()
    assert len(defined) > 40
    assert defined == values._MODULE_OF
    assert sorted(values.__all__) == sorted(defined)
    for name, module in defined.items():
        assert getattr(values, name).__module__ == f"{values.__name__}.{module}"
