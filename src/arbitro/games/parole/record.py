"""A replayable deal record (JSON) in the core's one shape (:mod:`arbitro.games.core.record`):
the deck as dealt, the dealer, every move (the arbiter's rulings too), the result.

``DealRecord.from_deal(deal).to_json()`` writes it; ``DealRecord.from_json(text)`` reads it and
``.replay_with(lexicon)`` plays the moves again on the same layout and checks the recorded
result (arts. 5-6). The format tag and fields are those of the records written before the
core (``arbitro.parole.deal/1``: ``dealer``, ``foreign_letters``, ``deck``, ``moves``,
``result``), so they read unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from arbitro.codes.burraco_parole import BurracoParoleCode, burraco_parole
from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core import record as core
from arbitro.games.core.seats import Seat
from arbitro.games.core.words_and_melds import lines_result
from arbitro.games.parole.deal import Deal
from arbitro.games.parole.errors import article
from arbitro.games.parole.letters import format_cards, parse_cards
from arbitro.games.parole.lexicon import Lexicon
from arbitro.games.parole.moves import Move, parse_move

FORMAT = "arbitro.parole.deal/1"
"""The record's format tag."""

_TOPICS = {"turn": "direction_of_play", "scoring": "deal_score"}


@dataclass(slots=True)
class ParoleRules:
    """Burraco Parole's :class:`~arbitro.games.core.record.RecordRules`: the words of
    ``lexicon`` (art. 4.1; None for a record only read or written, not replayed)."""

    lexicon: Lexicon | None = None
    code: BurracoParoleCode | None = None
    format: str = FORMAT

    def layout(self, game: Deal) -> dict[str, Any]:
        """The dealer, the deck (68 cards with foreign letters, art. 1.2), top card first."""
        return {
            "dealer": game.dealer.value,
            "foreign_letters": game.code.foreign_letters,
            "deck": format_cards(game.deck),
        }

    def _code(self, foreign: bool) -> BurracoParoleCode:
        return (self.code or burraco_parole()).with_foreign_letters(foreign)

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal as dealt from ``layout``."""
        if self.lexicon is None:
            raise ValueError("a lexicon is needed to replay a Burraco Parole deal")
        c = self._code(bool(layout.get("foreign_letters", False)))
        deck = parse_cards(str(layout["deck"]), c)
        return Deal(deck, Seat(layout["dealer"]), c, lexicon=self.lexicon)

    def parse_move(self, text: str) -> Move:
        """A move in the notation of :mod:`arbitro.games.parole.moves`."""
        return parse_move(text, self._code(True))

    def result(self, game: Deal) -> dict[str, Any] | None:
        """Each line's score (arts. 5-6) and how the deal ended, once it is over."""
        if not game.is_over:
            return None
        return lines_result(game.end_reason, game.scores(), game.closer)

    def article(self, topic: str) -> Citation:
        """The Parole article of the record's ``turn`` and ``scoring`` checks."""
        return article(_TOPICS.get(topic, topic))


class DealRecord(core.DealRecord[Deal]):
    """The core's deal record with Burraco Parole's rules by default."""

    __slots__ = ()

    @classmethod
    def from_deal(cls, deal: Deal) -> DealRecord:
        """The record of ``deal`` so far, with its scores if it is over."""
        rules = ParoleRules(deal.lexicon, deal.code)
        moves = tuple((seat, str(move)) for seat, move in deal.move_stack)
        return cls(rules, rules.layout(deal), moves, rules.result(deal))

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        rules: core.RecordRules[Deal] | None = None,
        extra: frozenset[str] = frozenset(),
    ) -> DealRecord:
        """Read a record written by :meth:`to_dict`; malformed data raises ArbitroError."""
        out = super().from_dict(data, rules or ParoleRules(), extra)
        assert isinstance(out, DealRecord)
        try:
            c = burraco_parole().with_foreign_letters(bool(out.layout.get("foreign_letters")))
            parse_cards(str(out.layout["deck"]), c)
            Seat(out.layout["dealer"])
            for _, text in out.moves:
                parse_move(text, c)
        except (KeyError, ValueError, ArbitroError) as err:
            why = err.msg if isinstance(err, ArbitroError) else str(err)
            raise ArbitroError(
                "malformed deal record: {error}", error=why, key="record.bad"
            ) from err
        return out

    @classmethod
    def from_json(
        cls,
        text: str,
        rules: core.RecordRules[Deal] | None = None,
        extra: frozenset[str] = frozenset(),
    ) -> DealRecord:
        """Read a record from JSON text."""
        out = super().from_json(text, rules or ParoleRules(), extra)
        assert isinstance(out, DealRecord)
        return out

    def replay_with(
        self,
        lexicon: Lexicon,
        code: BurracoParoleCode | None = None,
        visit: Callable[[int, Seat, Any, Deal], None] | None = None,
    ) -> Deal:
        """Play the moves again with the words of ``lexicon`` (see
        :func:`arbitro.games.core.record.replay`): an illegal move raises IllegalMoveError
        naming the article; a move by the wrong seat or a result that differs, ArbitroError."""
        again = DealRecord(ParoleRules(lexicon, code), self.layout, self.moves, self.result)
        return core.replay(again, visit)

    def replay(
        self,
        lexicon: Lexicon | Callable[[int, Seat, Any, Deal], None] | None = None,
        code: BurracoParoleCode | None = None,
    ) -> Deal:
        """:meth:`replay_with` ``lexicon`` (the call of the records before the core); given a
        visitor instead, the core's replay with the record's own rules."""
        if lexicon is not None and hasattr(lexicon, "is_word"):
            return self.replay_with(lexicon, code)
        return core.replay(self, lexicon)


__all__ = ["FORMAT", "DealRecord", "ParoleRules"]
