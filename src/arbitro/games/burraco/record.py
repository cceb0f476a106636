"""The Burraco deal record (JSON) on the core's :class:`~arbitro.games.core.DealRecord`: the deck
as dealt, the dealer, every move, the result (format ``arbitro.burraco.deal/1``, its fields as
before: ``dealer``, ``deck``, ``moves``, ``result``).

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text).replay()``
plays the moves again on the same layout and checks the recorded result (art. 19). A deal read
from a position (:meth:`Deal.from_position`) is recorded with its ``position`` instead of the
deck and dealer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from arbitro.cards import format_cards, parse_cards
from arbitro.codes.citation import Citation
from arbitro.games.burraco.deal import Deal
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.moves import Move, parse_move
from arbitro.games.core import DealRecord as CoreRecord
from arbitro.games.core import Seat

FORMAT: Final = "arbitro.burraco.deal/1"
"""The record's format tag."""


class BurracoRecordRules:
    """What Burraco tells the core's record: its tag, layout, moves and result."""

    format = FORMAT

    def layout(self, game: Deal) -> dict[str, Any]:
        """The dealer and the deck top card first (or the position the deal was read from)."""
        if game._start is not None:
            return {"position": game._start}
        return {"dealer": game.dealer.value, "deck": format_cards(game.deck)}

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal as laid out from the deck (art. 6), or the position recorded."""
        if "position" in layout:
            return Deal.from_position(str(layout["position"]))
        return Deal(parse_cards(layout["deck"]), Seat(layout["dealer"]))

    def parse_move(self, text: str) -> Move:
        """A move in the notation of :mod:`arbitro.games.burraco.moves`."""
        return parse_move(text)

    def result(self, game: Deal) -> dict[str, Any] | None:
        """Each line's score (art. 19) and how the deal ended; None while it is on."""
        if not game.is_over:
            return None
        result: dict[str, Any] = {ln.value: sc.as_dict() for ln, sc in game.scores().items()}
        result["end"] = {
            "reason": game.end_reason.value if game.end_reason else None,
            "closer": game.closer.value if game.closer else None,
        }
        return result

    def article(self, topic: str) -> Citation:
        """The FIBAS article of ``topic``."""
        return fibas(topic)


RULES: Final = BurracoRecordRules()


class DealRecord:
    """The core's record with Burraco's rules (a namespace of constructors, no subclass)."""

    @staticmethod
    def from_deal(deal: Deal) -> CoreRecord[Deal]:
        """The record of ``deal`` so far, with its scores if it is over."""
        return CoreRecord.of(deal, RULES)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> CoreRecord[Deal]:
        """Read a record written by ``to_dict``; malformed data raises ArbitroError."""
        return CoreRecord.from_dict(data, RULES)

    @staticmethod
    def from_json(text: str) -> CoreRecord[Deal]:
        """Read a record from JSON text."""
        return CoreRecord.from_json(text, RULES)


__all__ = ["FORMAT", "RULES", "BurracoRecordRules", "DealRecord"]
