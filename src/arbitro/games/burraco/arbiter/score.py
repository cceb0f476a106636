"""Scoring a deal played in arbiter mode (art. 19) with freezes and penalized cards.

Definitive freeze (art. 2): the cards there before the offence count positive, those added
after negative, and only a burraco made before the freeze counts. Temporary freeze still on at
the end (arts. 30, 31): the pending cards (a meld opened, or the cards laid off) count
negative. Penalized cards at a player's side, a prepared discard and cards set apart (arts.
23, 25) count negative like cards in hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import Card
from arbitro.games.burraco import SEATS, BurracoKind, EndReason, Line, LineScore
from arbitro.games.burraco.arbiter.irregularities import Freeze
from arbitro.games.burraco.arbiter.table import TableMeld, minus, try_meld
from arbitro.games.burraco.rules import value_table

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def meld_points(
    tm: TableMeld, deal: ArbiterDeal
) -> tuple[tuple[Card, ...], tuple[Card, ...], BurracoKind | None]:
    """A table meld's positive cards, negative cards and the burraco that counts (art. 2)."""
    if tm.freeze is Freeze.DEFINITIVE:
        return tm.positive, minus(tm.cards, tm.positive), tm.burraco_before
    if tm.freeze is Freeze.TEMPORARY:
        positive = minus(tm.cards, tm.pending)
        m = try_meld(positive, deal.code) if len(positive) >= deal.code.meld_min_cards else None
        return positive, tm.pending, m.burraco(deal.code) if m is not None else None
    return tm.cards, (), tm.burraco(deal.code)


def score_arbiter_deal(deal: ArbiterDeal) -> dict[Line, LineScore]:
    """Both lines' scores (art. 19) for ``deal`` as it stands (final once it is over)."""
    c = deal.code
    table = value_table(c)

    def value(cards: tuple[Card, ...] | list[Card]) -> int:
        return sum(table[x.index] for x in cards)

    out = {}
    for line in (Line.NS, Line.EW):
        kinds: list[BurracoKind] = []
        melded = 0
        for tm in deal.melds(line):
            pos, neg, kind = meld_points(tm, deal)
            melded += value(pos) - value(neg)
            if kind is not None:
                kinds.append(kind)
        melded -= value(list(deal.negative_cards(line)))
        in_hand = 0
        unplayed = 0
        for s in SEATS:
            if s.line is not line:
                continue
            extra = list(deal.aside(s))
            prepared = deal.prepared_discard(s)
            if prepared is not None:
                extra.append(prepared)
            in_hand -= value(extra)
            if deal.pozzetto_unplayed(s):
                unplayed -= value(list(deal.hand(s)))
            else:
                in_hand -= value(list(deal.hand(s)))
        pozzetto = unplayed if deal.pozzetto_taken(line) else c.pozzetto_not_taken
        closer = deal.closer
        closed = closer is not None and closer.line is line and deal.end_reason is EndReason.CLOSING
        out[line] = LineScore(
            burrachi=tuple(kinds),
            burraco_bonus=sum(k.bonus(c) for k in kinds),
            closing_bonus=c.closing_bonus if closed else 0,
            melded=melded,
            in_hand=in_hand,
            pozzetto=pozzetto,
            line=line,
        )
    return out
