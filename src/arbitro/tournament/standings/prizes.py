"""Ties for prizes (Burraco Parole art. 6.1): competitors level on the standings' criteria
who compete for the same prize. The direction then chooses: (a) add the prizes and split them
in two, if divisible; (b) let the winners decide; (c) draw lots, if the prize is not divisible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.standings.standings import StandingRow


class TieRule(StrEnum):
    """The direction's choices of art. 6.1."""

    SPLIT = "split"  # a) "sommare l'entità dei due premi e dividerlo per 2"
    WINNERS_DECIDE = "winners-decide"  # b) "lasciare facoltà decisionale ai vincitori"
    DRAW = "draw"  # c) "aggiudicazione del premio secondo sorteggio"


@dataclass(frozen=True, slots=True)
class PrizeTie:
    """Competitors tied for the prizes of places ``first_place``..``first_place + n - 1``."""

    first_place: int
    competitors: tuple[CompetitorId, ...]

    @property
    def places(self) -> tuple[int, ...]:
        """The prize places the tied competitors share."""
        return tuple(range(self.first_place, self.first_place + len(self.competitors)))


def prize_ties(rows: list[StandingRow], prizes: int) -> list[PrizeTie]:
    """The groups of competitors level on VP and MP (they share a rank) that reach into the
    first ``prizes`` places (art. 6.1)."""
    groups: dict[int, list[CompetitorId]] = {}
    for row in rows:
        groups.setdefault(row.rank, []).append(row.competitor)
    return [
        PrizeTie(rank, tuple(members))
        for rank, members in groups.items()
        if len(members) > 1 and rank <= prizes
    ]


def draw_places(tie: PrizeTie, seed: int) -> dict[CompetitorId, int]:
    """Rule (c): the prize places of a tie assigned by a seeded draw."""
    order = list(tie.competitors)
    random.Random(seed).shuffle(order)
    return {c: place for c, place in zip(order, tie.places, strict=True)}


def split_prize(amounts_cents: list[int]) -> int:
    """Rule (a): each tied competitor's share of the prizes added up, if divisible."""
    total, n = sum(amounts_cents), len(amounts_cents)
    if n == 0 or total % n:
        raise ArbitroError(
            "prizes of {amount} cannot be split in {count}: draw lots",
            amount=f"{total / 100:.2f}",
            count=n,
            article=cite(CodeId.BURRACO_PAROLE, "prize_ties"),
        )
    return total // n
