"""A replayable deal record (JSON): the deck as dealt, the dealer, every move, the result.

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text).replay()``
plays the moves again on the same layout and checks the recorded result (arts. 5-6).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arbitro.codes.burraco_parole import BurracoParoleCode, burraco_parole
from arbitro.errors import ArbitroError
from arbitro.games.parole.deal import Deal, Seat
from arbitro.games.parole.errors import article
from arbitro.games.parole.letters import Card, format_cards, parse_cards
from arbitro.games.parole.lexicon import Lexicon
from arbitro.games.parole.moves import Move, parse_move

FORMAT = "arbitro.parole.deal/1"
"""The record's format tag."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal from layout to end: ``deck`` top card first, ``dealer``, ``moves`` by seat.

    ``foreign_letters`` tells whether the 68-card deck was used (art. 1.2).
    """

    deck: tuple[Card, ...]
    dealer: Seat
    moves: tuple[tuple[Seat, Move], ...]
    result: dict[str, dict[str, Any]] | None = None
    foreign_letters: bool = False

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
        return cls(deal.deck, deal.dealer, tuple(deal.moves), result, deal.code.foreign_letters)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "dealer": self.dealer.value,
            "foreign_letters": self.foreign_letters,
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
            foreign = bool(data.get("foreign_letters", False))
            code = burraco_parole().with_foreign_letters(foreign)
            moves = []
            for line in data["moves"]:
                seat, text = str(line).split(" ", 1)
                moves.append((Seat(seat), parse_move(text, code)))
            return cls(
                parse_cards(str(data["deck"]), code),
                Seat(data["dealer"]),
                tuple(moves),
                data.get("result"),
                foreign,
            )
        except (KeyError, ValueError, TypeError, AttributeError, ArbitroError) as err:
            raise ArbitroError(
                "malformed deal record: {error}", error=_why(err), key="parole.bad_record"
            ) from err

    @classmethod
    def from_json(cls, text: str) -> DealRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ArbitroError(
                "invalid JSON: {error}", error=str(err), key="parole.bad_record"
            ) from err
        if not isinstance(data, dict):
            raise ArbitroError("the record must be a JSON object", key="parole.bad_record")
        return cls.from_dict(data)

    def replay(self, lexicon: Lexicon, code: BurracoParoleCode | None = None) -> Deal:
        """Play the moves again from the layout with the words of ``lexicon``; check each seat
        and the recorded result.

        An illegal move raises IllegalMoveError (naming the article); a move by the wrong seat
        or a result that differs raises ArbitroError.
        """
        c = code or burraco_parole().with_foreign_letters(self.foreign_letters)
        deal = Deal(self.deck, self.dealer, c, lexicon=lexicon)
        for n, (seat, move) in enumerate(self.moves, 1):
            if seat is not deal.turn:
                raise ArbitroError(
                    "move {number}: it is {turn}'s turn, not {seat}'s",
                    number=n,
                    turn=deal.turn.value,
                    seat=seat.value,
                    article=article("direction_of_play"),
                    key="parole.wrong_seat",
                )
            deal.push(move)
        if self.result is not None:
            again = DealRecord.from_deal(deal).result
            if again != self.result:
                raise ArbitroError(
                    "the recorded result differs from the replayed deal",
                    article=article("deal_score"),
                    key="parole.result_mismatch",
                )
        return deal


def _why(err: Exception) -> object:
    """What went wrong reading a record: an ArbitroError's own message (rendered in the
    same language), else the Python error's text."""
    return err.msg if isinstance(err, ArbitroError) else str(err)


__all__ = ["FORMAT", "DealRecord"]
