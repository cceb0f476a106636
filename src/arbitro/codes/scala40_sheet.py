"""A Scala 40 table's score sheet as an event records it: the players in seat order and each
player's negative points per deal (Scala 40 art. 22-23), checked and scored by
:mod:`arbitro.codes.scala40_scoring`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitro.codes.citation import cite
from arbitro.codes.scala40 import scala40
from arbitro.codes.scala40_scoring import ScoreSheet
from arbitro.errors import ArbitroError
from arbitro.tournament.model import CompetitorId


@dataclass(frozen=True, slots=True)
class Scala40Entry:
    """Negative points per deal (rows) and player (columns, in ``players``' order); the
    player who abandoned (art. 25) has no points from the deal they left on."""

    players: tuple[CompetitorId, ...]
    deals: tuple[tuple[int | None, ...], ...]
    abandoned: CompetitorId | None = None

    def sheet(self) -> ScoreSheet:
        """The sheet for the scoring functions (players named by their numbers); checks it."""
        return ScoreSheet(
            tuple(str(p) for p in self.players),
            self.deals,
            None if self.abandoned is None else str(self.abandoned),
        )

    def to_payload(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "players": list(self.players),
            "points": [list(row) for row in self.deals],
            "abandoned": self.abandoned,
        }

    @classmethod
    def from_payload(cls, data: Mapping[str, Any]) -> Scala40Entry:
        """Parse :meth:`to_payload`'s form."""
        try:
            abandoned = data.get("abandoned")
            return cls(
                tuple(int(p) for p in data["players"]),
                tuple(tuple(None if v is None else int(v) for v in row) for row in data["points"]),
                None if abandoned is None else int(abandoned),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise ArbitroError(
                "invalid Scala 40 sheet: {error}",
                error=str(err),
                article=cite(scala40().code_id, "sheet"),
            ) from err

    def swapped(self, a: CompetitorId, b: CompetitorId) -> Scala40Entry:
        """The entry with the points of players ``a`` and ``b`` exchanged (art. 24)."""
        if a not in self.players or b not in self.players:
            raise ArbitroError(
                "{a} or {b} is not at the table",
                a=a,
                b=b,
                article=cite(scala40().code_id, "corrections"),
            )
        i, j = self.players.index(a), self.players.index(b)
        rows = []
        for row in self.deals:
            r = list(row)
            r[i], r[j] = r[j], r[i]
            rows.append(tuple(r))
        return Scala40Entry(self.players, tuple(rows), self.abandoned)
