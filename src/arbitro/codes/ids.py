"""The names of the games arbitro knows and of the competition codes it applies: the built-in
ones as constants, and any code (and its game) registered at run time in
:mod:`arbitro.codes.registry` (issue 30: a new code in one folder).

Both stay :class:`~enum.StrEnum` so that the records, their JSON Schema and the API keep the
built-in names as an enum; a name registered at run time is accepted as a member made on first
use (``_missing_``), the same object every time, so that ``CodeId(x) is CodeId(x)``."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Self

from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.codes import registry
else:
    registry = lazy_module("arbitro.codes.registry")  # a circle: the registry makes CodeId's


def _registered_member(cls: type[StrEnum], value: object, known: bool) -> StrEnum | None:
    """The member of ``cls`` for ``value``, made and kept when ``known`` (the registry has it),
    else None (the enum's ValueError)."""
    if not known or not isinstance(value, str):
        return None
    found = cls._value2member_map_.get(value)
    if isinstance(found, cls):
        return found
    member = str.__new__(cls, value)
    member._name_ = value.upper().replace("-", "_")
    member._value_ = value
    cls._value2member_map_[value] = member
    return member


def forget_member(cls: type[StrEnum], value: str) -> None:
    """Forget the member made for ``value`` at run time (a code unregistered after a test);
    a built-in member stays."""
    if value not in cls.__members__.values():
        cls._value2member_map_.pop(value, None)


class GameId(StrEnum):
    """A card game (the rules engine and the score sheet it plays with)."""

    BURRACO = "burraco"
    PAROLE = "parole"
    SCALA40 = "scala40"
    BRISCOLA = "briscola"

    @classmethod
    def _missing_(cls, value: object) -> Self | None:
        found = _registered_member(
            cls, value, isinstance(value, str) and registry.known_game(value)
        )
        return found if isinstance(found, cls) else None


class CodeId(StrEnum):
    """A competition code (a seed of ``shared/seeds``): its numbers and its articles."""

    BURRACO_FIBAS = "burraco-fibas"
    BURRACO_PAROLE = "burraco-parole-uisp"
    SCALA40 = "scala40"
    BRISCOLA = "briscola"
    BRIDGE_LAW_13 = "bridge-law-13"

    @classmethod
    def _missing_(cls, value: object) -> Self | None:
        found = _registered_member(
            cls, value, isinstance(value, str) and registry.known_code(value)
        )
        return found if isinstance(found, cls) else None

    @property
    def short_name(self) -> str:
        """How a citation names the code: ``FIBAS``, ``Parole UISP``, ``Scala 40``..."""
        return registry.code_spec(self.value).short_name
