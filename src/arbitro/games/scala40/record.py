"""A replayable deal record (JSON) on the core's :class:`~arbitro.games.core.record.DealRecord`:
the deck as dealt, the dealer, the seats, the reshuffle seed, every move, the result
(format tag ``arbitro.scala40.deal/1``, fields unchanged). A deal read from a position string
writes ``position`` in the place of the deck.

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text).replay()``
plays the moves again on the same layout and checks the recorded negative points (art. 22).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from arbitro.cards import format_cards, parse_cards
from arbitro.codes.citation import Citation
from arbitro.codes.scala40 import Scala40Code
from arbitro.games.core.record import DealRecord as CoreDealRecord
from arbitro.games.core.record import RecordRules
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.deal import Deal
from arbitro.games.scala40.errors import article
from arbitro.games.scala40.moves import Move, parse_move

FORMAT = "arbitro.scala40.deal/1"
"""The record's format tag."""

_TOPICS = {"turn": "direction_of_play", "scoring": "scores"}


@dataclass(slots=True)
class Scala40Rules:
    """The Scala 40 :class:`~arbitro.games.core.record.RecordRules`."""

    code: Scala40Code | None = None
    format: str = FORMAT

    def layout(self, game: Deal) -> dict[str, Any]:
        """Dealer, seats, reshuffle seed and deck (or the position the deal started from)."""
        out: dict[str, Any] = {
            "dealer": game.dealer.value,
            "seats": [s.value for s in SEATS if s in game.order],
            "reshuffle_seed": game.reshuffle_seed,
        }
        if game.origin is not None:
            out["position"] = game.origin
        else:
            out["deck"] = format_cards(game.deck)
        return out

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal as laid out (art. 4), or as read from its position."""
        if "position" in layout:
            return Deal.from_position(str(layout["position"]), code=self.code)
        return Deal(
            parse_cards(layout["deck"]),
            Seat(layout["dealer"]),
            seats=tuple(Seat(s) for s in layout.get("seats", [s.value for s in SEATS])),
            reshuffle_seed=int(layout.get("reshuffle_seed", 0)),
            code=self.code,
        )

    def parse_move(self, text: str) -> Move:
        """A move in the notation of :mod:`arbitro.games.scala40.moves`."""
        return parse_move(text)

    def result(self, game: Deal) -> dict[str, Any] | None:
        """The negative points (art. 22) and the closer, once the deal is over."""
        if not game.is_over:
            return None
        closer = game.closer
        return {
            "negative_points": {s.value: p for s, p in game.scores().items()},
            "closer": closer.value if closer else None,
        }

    def article(self, topic: str) -> Citation:
        """The Scala 40 article of a record ``topic`` (``turn``, ``scoring``)."""
        return article(_TOPICS.get(topic, topic))


RULES = Scala40Rules()
"""The record rules with the code in force."""


class DealRecord(CoreDealRecord[Deal]):
    """A Scala 40 deal record: the core's, read and written with :data:`RULES`."""

    __slots__ = ()

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of ``deal`` so far, with the negative points if it is over."""
        rules = Scala40Rules(deal.code)
        return cls(
            rules, rules.layout(deal), tuple((s, str(m)) for s, m in deal.moves), rules.result(deal)
        )

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        rules: RecordRules[Deal] = RULES,
        extra: frozenset[str] = frozenset(),
    ) -> DealRecord:
        """Read a record written by :meth:`to_dict`; malformed data raises ArbitroError."""
        return cast(DealRecord, super().from_dict(data, rules, extra))

    @classmethod
    def from_json(
        cls, text: str, rules: RecordRules[Deal] = RULES, extra: frozenset[str] = frozenset()
    ) -> DealRecord:
        """Read a record from JSON text."""
        return cast(DealRecord, super().from_json(text, rules, extra))


__all__ = ["FORMAT", "RULES", "DealRecord", "Scala40Rules"]
