"""A replayable deal record (JSON): the deck as dealt, the dealer, the seats, every move, result.

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text).replay()``
plays the moves again on the same layout and checks the recorded negative points (art. 22).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arbitro.cards import Card, format_cards, parse_cards
from arbitro.codes.scala40 import Scala40Code
from arbitro.errors import ArbitroError
from arbitro.games.scala40.deal import SEATS, Deal, Seat
from arbitro.games.scala40.errors import article
from arbitro.games.scala40.moves import Move, parse_move

FORMAT = "arbitro.scala40.deal/1"
"""The record's format tag."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal from layout to closing: ``deck`` top card first, ``dealer``, ``seats``, moves."""

    deck: tuple[Card, ...]
    dealer: Seat
    seats: tuple[Seat, ...]
    reshuffle_seed: int
    moves: tuple[tuple[Seat, Move], ...]
    result: dict[str, Any] | None = None

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of ``deal`` so far, with the negative points if it is over."""
        result = None
        if deal.is_over:
            closer = deal.closer
            result = {
                "negative_points": {s.value: p for s, p in deal.scores().items()},
                "closer": closer.value if closer else None,
            }
        seats = tuple(s for s in SEATS if s in deal.order)
        return cls(deal.deck, deal.dealer, seats, deal.reshuffle_seed, tuple(deal.moves), result)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "dealer": self.dealer.value,
            "seats": [s.value for s in self.seats],
            "reshuffle_seed": self.reshuffle_seed,
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
                raise ValueError(f"format {data.get('format')!r}")
            moves = []
            for line in data["moves"]:
                seat, text = str(line).split(" ", 1)
                moves.append((Seat(seat), parse_move(text)))
            return cls(
                parse_cards(data["deck"]),
                Seat(data["dealer"]),
                tuple(Seat(s) for s in data.get("seats", [s.value for s in SEATS])),
                int(data.get("reshuffle_seed", 0)),
                tuple(moves),
                data.get("result"),
            )
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise ArbitroError(
                "malformed deal record: {error}", error=str(err), key="scala40.bad_record"
            ) from err

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ArbitroError(
                "invalid JSON: {error}", error=str(err), key="scala40.bad_record"
            ) from err
        if not isinstance(data, dict):
            raise ArbitroError("the record must be a JSON object", key="scala40.bad_record")
        return cls.from_dict(data)

    def replay(self, code: Scala40Code | None = None) -> Deal:
        """Play the moves again from the layout; check each seat and the recorded result.

        An illegal move raises IllegalMoveError (naming the article); a move by the wrong seat
        or a result that differs raises ArbitroError.
        """
        deal = Deal(
            self.deck, self.dealer, seats=self.seats, reshuffle_seed=self.reshuffle_seed, code=code
        )
        for n, (seat, move) in enumerate(self.moves, 1):
            if seat is not deal.turn:
                raise ArbitroError(
                    "move {number}: it is {turn}'s turn, not {seat}'s",
                    number=n,
                    turn=deal.turn.value,
                    seat=seat.value,
                    article=article("direction_of_play"),
                    key="scala40.wrong_seat",
                )
            deal.push(move)
        if self.result is not None and DealRecord.from_deal(deal).result != self.result:
            raise ArbitroError(
                "the recorded result differs from the replayed deal",
                article=article("scores"),
                key="scala40.result_mismatch",
            )
        return deal


__all__ = ["FORMAT", "DealRecord"]
