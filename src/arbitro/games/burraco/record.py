"""A replayable deal record (JSON): the deck as dealt, the dealer, every move, the result.

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text).replay()``
plays the moves again on the same layout and checks the recorded result (art. 19).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arbitro.cards import Card, format_cards, parse_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode
from arbitro.errors import ArbitroError
from arbitro.games.burraco.deal import Deal, Seat
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.moves import Move, parse_move

FORMAT = "arbitro.burraco.deal/1"
"""The record's format tag."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal from layout to end: ``deck`` top card first, ``dealer``, ``moves`` by seat."""

    deck: tuple[Card, ...]
    dealer: Seat
    moves: tuple[tuple[Seat, Move], ...]
    result: dict[str, dict[str, Any]] | None = None

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of ``deal`` so far, with its scores if it is over."""
        result = None
        if deal.is_over:
            result = {ln.value: sc.as_dict() for ln, sc in deal.scores().items()}
            result["end"] = {
                "reason": deal.end_reason.value if deal.end_reason else None,
                "closer": deal.closer.value if deal.closer else None,
            }
        return cls(deal.deck, deal.dealer, tuple(deal.moves), result)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "dealer": self.dealer.value,
            "deck": format_cards(self.deck),
            "moves": [f"{seat.value} {move}" for seat, move in self.moves],
            "result": self.result,
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DealRecord:
        """Read a record written by :meth:`to_dict`; malformed data raises ArbitroError."""
        try:
            if data.get("format") != FORMAT:
                raise ValueError(data.get("format"))
            moves = []
            for line in data["moves"]:
                seat, text = str(line).split(" ", 1)
                moves.append((Seat(seat), parse_move(text)))
            return cls(
                parse_cards(data["deck"]), Seat(data["dealer"]), tuple(moves), data.get("result")
            )
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise ArbitroError(
                "malformed deal record: {error}", error=str(err), key="burraco.bad_record"
            ) from err

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ArbitroError(
                "invalid JSON: {error}", error=str(err), key="burraco.bad_record"
            ) from err
        return cls.from_dict(data)

    def replay(self, code: BurracoFibasCode | None = None) -> Deal:
        """Play the moves again from the layout; check each seat and the recorded result.

        An illegal move raises IllegalMoveError (naming the article); a move by the wrong seat
        or a result that differs raises ArbitroError.
        """
        deal = Deal(self.deck, self.dealer, code)
        for n, (seat, move) in enumerate(self.moves, 1):
            if seat is not deal.turn:
                raise ArbitroError(
                    "move {n}: it is {turn}'s turn, not {seat}'s",
                    n=n,
                    turn=deal.turn.value,
                    seat=seat.value,
                    article=fibas("turn"),
                    key="burraco.wrong_seat",
                )
            deal.push(move)
        if self.result is not None:
            again = DealRecord.from_deal(deal).result
            if again != self.result:
                raise ArbitroError(
                    "the recorded result differs from the replayed deal",
                    article=fibas("scoring"),
                    key="burraco.result_mismatch",
                )
        return deal
