"""A replayable game record (JSON): the draw for the dealer, the deck as dealt, every card
played by seat, the irregularity if any, and the result.

``GameRecord.from_game(game).to_json()`` writes it; ``GameRecord.from_json(text).replay()``
plays the cards again on the same layout and checks the recorded result (art. 8).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arbitro.cards.italian import ItalianCard, format_cards, parse_card, parse_cards
from arbitro.codes.briscola import BriscolaCode
from arbitro.errors import ArbitroError
from arbitro.games.briscola.errors import article
from arbitro.games.briscola.game import Game
from arbitro.games.briscola.seat_draw import DealerDraw
from arbitro.games.briscola.seats import Seat

FORMAT = "arbitro.briscola.game/1"
"""The record's format tag."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game from layout to end: ``deck`` top card first (after shuffle and cut), ``dealer``,
    ``moves`` by seat, the art. 10 irregularity if the arbiter ended the game, the result."""

    deck: tuple[ItalianCard, ...]
    dealer: Seat
    moves: tuple[tuple[Seat, ItalianCard], ...]
    irregularity: dict[str, str] | None = None
    result: dict[str, Any] | None = None
    dealer_draw: dict[str, object] | None = None

    @classmethod
    def from_game(cls, game: Game, dealer_draw: DealerDraw | None = None) -> GameRecord:
        """The record of ``game`` so far, with its result if it is over."""
        moves = tuple((seat, c) for trick in game.tricks for seat, c in trick.played()) + (
            game.table
        )
        irr = game.irregularity
        return cls(
            game.deck,
            game.dealer,
            moves,
            None if irr is None else {"seat": irr.seat.value, "kind": irr.kind, "note": irr.note},
            game.result().to_dict() if game.is_over else None,
            dealer_draw.to_dict() if dealer_draw else None,
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": FORMAT,
            "dealer_draw": self.dealer_draw,
            "dealer": self.dealer.value,
            "deck": format_cards(self.deck),
            "moves": [f"{seat.value} {c}" for seat, c in self.moves],
            "irregularity": self.irregularity,
            "result": self.result,
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """Read a record written by :meth:`to_dict`; malformed data raises ArbitroError."""
        try:
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}")
            moves = []
            for line in data["moves"]:
                seat, text = str(line).split(" ", 1)
                moves.append((Seat(seat), parse_card(text)))
            irr = data.get("irregularity")
            return cls(
                parse_cards(data["deck"]),
                Seat(data["dealer"]),
                tuple(moves),
                None if irr is None else {str(k): str(v) for k, v in dict(irr).items()},
                data.get("result"),
                data.get("dealer_draw"),
            )
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise ArbitroError(
                "malformed game record: {error}",
                error=str(err),
                key="briscola.bad_record",
            ) from err

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ArbitroError(
                "invalid JSON: {error}", error=str(err), key="briscola.bad_record"
            ) from err
        return cls.from_dict(data)

    def replay(self, code: BriscolaCode | None = None) -> Game:
        """Play the cards again from the layout; check each seat and the recorded result.

        A card not in hand raises IllegalMoveError (art. 4); a card by the wrong seat
        raises it too (arts. 4, 10); a result that differs raises ArbitroError (art. 8).
        """
        game = Game(self.deck, self.dealer, code)
        for seat, c in self.moves:
            game.play(seat, c)
        if self.irregularity is not None:
            game.declare_irregularity(
                Seat(self.irregularity["seat"]),
                self.irregularity["kind"],
                self.irregularity.get("note", ""),
            )
        if self.result is not None:
            again = game.result().to_dict() if game.is_over else None
            if again != self.result:
                raise ArbitroError(
                    "the recorded result differs from the replayed game",
                    article=article("result_points"),
                    key="briscola.result_mismatch",
                )
        return game


__all__ = ["FORMAT", "GameRecord"]
