"""Alphabetical order of people's names, as an Italian reader expects it: the accented
letter in the place of its letter (Càrdini before Curròa, Bellè before Bellini, Carè before
Caruso), case and accents deciding only between names otherwise equal, and the numbers in a
name read as numbers ("Coppia 2" before "Coppia 10").

The order is the Unicode Collation Algorithm's (its default table, which orders the Latin
letters as Italian does), by ``pyuca``: pure Python, so that the set-up installs it on any
machine without a compiler nor ICU. Every list of names sorted for people to read (the hall
display, the seating by name, the registry, the printouts) takes its key from here."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    import pyuca  # type: ignore[import-untyped]
else:
    pyuca = lazy_module("pyuca")

_NUMBERS = re.compile(r"(\d+)")


@cache
def _collator() -> Any:
    # Reading the table takes a good half second: done once, by the first sort of names
    # (a command that sorts none never pays it, issue 14).
    return pyuca.Collator()


@lru_cache(maxsize=1 << 16)
def name_key(text: str) -> tuple[tuple[int, ...], ...]:
    """The key that sorts ``text`` (a name) alphabetically: letters first, accents then case
    only between names with the same letters, and the numbers in it as numbers ("Coppia 2"
    before "Coppia 10"; ``sorted(names, key=name_key)``). Used by every list of names shown in
    alphabetical order (FIBAS art. 4: the seating by name)."""
    collator = _collator()
    # Text and numbers alternate from a text part: compared position by position, a number
    # always meets a number.
    parts = _NUMBERS.split(text)
    return tuple(
        (int(part),) if i % 2 else tuple(collator.sort_key(part)) for i, part in enumerate(parts)
    )
