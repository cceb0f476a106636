"""Arts. 24-26: exposed and dropped cards, penalized cards (a card laid off wrongly, an excess
card) and cards thrown or passed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import format_cards
from arbitro.games.burraco import Phase, Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Irregularity,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    excess_of,
    found_when,
    immediate_discard,
    offender_of,
    play_of,
    pull,
    set_aside,
)
from arbitro.games.burraco.arbiter.table import (
    minus,
)
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def exposed(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 24: an exposed card is played first in the own turn or discarded at once (not
    played first, or laid on the partner's meld); out of turn it is recorded as exposed."""
    seat = offender_of(offender, irr)
    if irr is Irregularity.EXPOSED_ON_PARTNER_MELD:
        play = play_of(d, seat, det.meld, irr)
        tm = d.meld_by_id(play.meld)
        cards = det.cards or play.added
        back = pull(d, tm, cards)
        d.give(seat, back)
        out = immediate_discard(d, seat, cards)
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "exposed card laid on the partner's meld: immediate discard of {cards}",
                cards=format_cards(out),
            ),
            discarded=out,
        )
    cards = det.cards or d.exposed(seat)
    if not cards:
        raise bad(message("no exposed card"), irr.citation)
    known = list(d.exposed(seat))
    for x in cards:
        if x in known:
            known.remove(x)
        else:
            d.add_exposed(seat, (x,))
    if d.turn is seat and d.phase is Phase.PLAY:
        d.use_exposed(seat, cards)
        out = immediate_discard(d, seat, tuple(cards))
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "exposed card not played first: immediate discard of {cards}",
                cards=format_cards(out),
            ),
            discarded=out,
        )
    return decided(
        d,
        irr,
        seat,
        det.found,
        message(
            "{cards} exposed: to be played first in the own turn or discarded; not on melds the "
            "partner opens or extends",
            cards=format_cards(cards),
        ),
    )


def thrown(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 26 "Lancio": the cards thrown are penalized (art. 25): discarded at once in the
    offender's turn, else put at the side of the table."""
    seat = offender_of(offender, irr)
    if not det.cards:
        raise bad(message("name the thrown cards"), irr.citation)
    if det.meld is not None:
        d.give(seat, pull(d, d.meld_by_id(det.meld), det.cards))
    if d.turn is seat and d.phase is Phase.PLAY:
        out = immediate_discard(d, seat, det.cards)
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "throw not allowed: immediate discard of {cards} ({article})",
                cards=format_cards(out),
                article=fibas("penalized_cards"),
            ),
            discarded=out,
        )
    d.take(seat, det.cards)
    aside = set_aside(d, seat, det.cards)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message(
            "throw not allowed: {cards} penalized, discarded in the next turns",
            cards=format_cards(aside),
        ),
        aside=aside,
    )


def penalized(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 25: a card laid off wrongly (25.1) or an excess card (25.2) by detection time."""
    seat = offender_of(offender, irr)
    play = play_of(d, seat, det.meld, irr, invalid=True)
    tm = d.meld_by_id(play.meld)
    excess = det.cards or excess_of(d, play, tm)
    if not excess:
        raise bad(message("no excess card in the meld"), fibas("penalized_cards"))
    found = found_when(d, seat, play.action, det.found)
    if found is Found.AT_ONCE:
        back = pull(d, tm, excess)
        d.give(seat, back)
        keep = minus(back, excess)
        out = immediate_discard(d, seat, excess)
        return decided(
            d,
            irr,
            seat,
            found,
            message("found at once: immediate discard of {cards}", cards=format_cards(out)),
            discarded=out,
            returned=keep,
        )
    if found is Found.AFTER_DISCARD:
        back = pull(d, tm, excess)
        d.give(seat, minus(back, excess))
        aside = set_aside(d, seat, excess)
        return decided(
            d,
            irr,
            seat,
            found,
            message(
                "found after the discard: {cards} at the side of the table, the obligatory "
                "discard of the next turn; the meld stands",
                cards=format_cards(aside),
            ),
            aside=aside,
        )
    tm.freeze_definitively(excess)
    return decided(
        d,
        irr,
        seat,
        found,
        message(
            "found later: meld frozen for good; {cards} count negative at the end",
            cards=format_cards(excess),
        ),
        negative=excess,
        frozen=(tm.id,),
    )
