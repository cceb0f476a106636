"""The games arbitro knows and the competition codes it applies, as closed sets of names."""

from __future__ import annotations

from enum import StrEnum


class GameId(StrEnum):
    """A card game (the rules engine and the score sheet it plays with)."""

    BURRACO = "burraco"
    PAROLE = "parole"
    SCALA40 = "scala40"
    BRISCOLA = "briscola"


class CodeId(StrEnum):
    """A competition code (a seed of ``shared/seeds``): its numbers and its articles."""

    BURRACO_FIBAS = "burraco-fibas"
    BURRACO_PAROLE = "burraco-parole-uisp"
    SCALA40 = "scala40"
    BRISCOLA = "briscola"
    BRIDGE_LAW_13 = "bridge-law-13"

    @property
    def short_name(self) -> str:
        """How a citation names the code: ``FIBAS``, ``Parole UISP``, ``Scala 40``..."""
        return _SHORT[self]


_SHORT = {
    CodeId.BURRACO_FIBAS: "FIBAS",
    CodeId.BURRACO_PAROLE: "Parole UISP",
    CodeId.SCALA40: "Scala 40",
    CodeId.BRISCOLA: "Briscola",
    CodeId.BRIDGE_LAW_13: "Bridge",
}
