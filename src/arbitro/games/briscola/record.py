"""A replayable game record (JSON) on the core's one deal record: the draw for the dealer
(kept as an ``extra`` field), the deck as dealt, every card played by seat, the art. 10
ruling if any, and the result.

``GameRecord.from_game(game).to_json()`` writes it; ``GameRecord.from_json(text).replay()``
plays the cards again on the same layout and checks the recorded result (art. 8). The format
tag and the fields are those written before the core (``arbitro.briscola.game/1``), so older
records still read. A game read from a position string records it (``position``) instead of
the deck and the dealer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arbitro.cards.italian import ItalianCard, format_cards, parse_card, parse_cards
from arbitro.codes.briscola import BriscolaCode
from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.briscola.errors import article
from arbitro.games.briscola.game import Game
from arbitro.games.briscola.seat_draw import DealerDraw
from arbitro.games.briscola.seats import Seat
from arbitro.games.core.record import DealRecord, replay

FORMAT = "arbitro.briscola.game/1"
"""The record's format tag."""
EXTRA = frozenset({"dealer_draw", "irregularity"})
"""The record's fields beside the layout: the draw for the dealer (art. 1), the art. 10
ruling."""
_TOPICS = {"turn": "play_in_turn", "scoring": "result_points"}


class BriscolaRules:
    """Briscola's :class:`~arbitro.games.core.RecordRules`: layout, moves, result."""

    format = FORMAT

    def __init__(self, code: BriscolaCode | None = None) -> None:
        self.code = code

    def layout(self, game: Game) -> dict[str, Any]:
        """The dealer and the deck top card first; or the position a game read from one
        started at."""
        if not game.deck:
            return {"position": str(game.initial())}
        return {"dealer": game.dealer.value, "deck": format_cards(game.deck)}

    def start(self, layout: Mapping[str, Any]) -> Game:
        """The game as dealt from :meth:`layout`."""
        if "position" in layout:
            return Game.from_position(str(layout["position"]), self.code)
        return Game(parse_cards(layout["deck"]), Seat(layout["dealer"]), self.code)

    def parse_move(self, text: str) -> ItalianCard:
        """A card in the card notation (``1B`` ... ``10S``)."""
        return parse_card(text)

    def result(self, game: Game) -> dict[str, Any] | None:
        """The result's data once the game is over (art. 8, 10)."""
        return game.result().to_dict() if game.is_over else None

    def article(self, topic: str) -> Citation:
        """The Briscola article of ``topic``."""
        return article(_TOPICS.get(topic, topic))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game from layout to end, as the core's :class:`~arbitro.games.core.DealRecord`."""

    record: DealRecord[Game]

    @classmethod
    def from_game(cls, game: Game, dealer_draw: DealerDraw | None = None) -> GameRecord:
        """The record of ``game`` so far, with its result if it is over."""
        irr = game.irregularity
        return cls(
            DealRecord.of(
                game,
                BriscolaRules(game.code),
                dealer_draw=dealer_draw.to_dict() if dealer_draw else None,
                irregularity=None if irr is None else irr.to_dict(),
            )
        )

    @property
    def deck(self) -> tuple[ItalianCard, ...]:
        """The deck as dealt, top card first (empty for a game read from a position)."""
        deck = self.record.layout.get("deck")
        return parse_cards(deck) if deck else ()

    @property
    def dealer(self) -> Seat:
        """The dealer."""
        dealer = self.record.layout.get("dealer")
        return Seat(dealer) if dealer else self.record.rules.start(self.record.layout).dealer

    @property
    def moves(self) -> tuple[tuple[Seat, ItalianCard], ...]:
        """The cards played, by seat."""
        return tuple((seat, parse_card(text)) for seat, text in self.record.moves)

    @property
    def irregularity(self) -> dict[str, str] | None:
        """The art. 10 ruling that ended the game (seat, kind, note), if any."""
        irr = self.record.extra.get("irregularity")
        return None if irr is None else {str(k): str(v) for k, v in dict(irr).items()}

    @property
    def result(self) -> Mapping[str, Any] | None:
        """The recorded result."""
        return self.record.result

    @property
    def dealer_draw(self) -> Mapping[str, object] | None:
        """The draw for the dealer (art. 1), if made."""
        draw = self.record.extra.get("dealer_draw")
        return None if draw is None else dict(draw)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return self.record.to_dict()

    def to_json(self) -> str:
        """The record as JSON text."""
        return self.record.to_json()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], code: BriscolaCode | None = None) -> GameRecord:
        """Read a record written by :meth:`to_dict`; malformed data raises ArbitroError."""
        return cls(DealRecord.from_dict(data, BriscolaRules(code), EXTRA))

    @classmethod
    def from_json(cls, text: str, code: BriscolaCode | None = None) -> GameRecord:
        """Read a record from JSON text."""
        return cls(DealRecord.from_json(text, BriscolaRules(code), EXTRA))

    def replay(
        self,
        code: BriscolaCode | None = None,
        visit: Callable[[int, Seat, Any, Game], None] | None = None,
    ) -> Game:
        """Play the cards again from the layout (the core's :func:`replay`), apply the art. 10
        ruling if any, and check the recorded result.

        A card not in hand raises IllegalMoveError (art. 4); a card by the wrong seat raises
        ArbitroError (arts. 4, 10); a result that differs raises ArbitroError (art. 8).
        """
        rec = self.record
        rules = BriscolaRules(code) if code is not None else rec.rules
        game = replay(DealRecord(rules, rec.layout, rec.moves), visit)
        irr = self.irregularity
        if irr is not None:
            game.declare_irregularity(Seat(irr["seat"]), irr["kind"], irr.get("note", ""))
        if rec.result is not None and rules.result(game) != rec.result:
            raise ArbitroError(
                "the recorded result differs from the replayed game",
                article=article("result_points"),
                key="briscola.result_mismatch",
            )
        return game


__all__ = ["EXTRA", "FORMAT", "BriscolaRules", "GameRecord"]
