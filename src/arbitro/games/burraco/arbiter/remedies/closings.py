"""Arts. 32-33: equal sets (also made at the closing, art. 32 NB) and irregular closings."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from arbitro.cards import Card, format_cards
from arbitro.games.burraco import EndReason, Phase, Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Irregularity,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import ActionKind, Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    immediate_discard,
    offender_of,
    play_of,
    pull,
    set_aside,
)
from arbitro.games.burraco.arbiter.table import (
    TableMeld,
    discard_order,
    minus,
    try_meld,
)
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def _equal_sets_at_closing(
    d: ArbiterDeal, irr: Irregularity, seat: Seat, first: TableMeld, wild: Card | None
) -> Ruling:
    """Art. 32 NB: equal sets made at the closing: the closing is validated only if the frozen
    meld holds at most one wild; with two, the second wild is discarded and play goes on."""
    if wild is None:
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "equal sets at the closing: merged and frozen for good with at most one wild; "
                "the closing is validated"
            ),
            frozen=(first.id,),
        )
    d.resume(seat)
    d.to_pile((wild,))
    d.start_turn(seat.left)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "equal sets at the closing with two wilds: the closing is not validated; the second "
            "wild {card} is discarded, play goes on",
            card=str(wild),
        ),
        discarded=(wild,),
        frozen=(first.id,),
    )


def equal_sets(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 32: a set equal to one the line holds is merged into it and frozen for good; with a
    wild in both, the second wild is discarded at once; the offender's turn ends (at the
    closing, the NB: validated with at most one wild)."""
    seat = offender_of(offender, irr)
    play = play_of(d, seat, det.meld, irr)
    second = d.meld_by_id(play.meld)
    if second.meld is None or second.meld.is_run:
        raise bad(message("the meld is not a set"), irr.citation)
    rank = second.meld.rank
    first = next(
        (
            t
            for t in d.melds(seat.line)
            if t is not second and t.meld is not None and not t.meld.is_run and t.meld.rank is rank
        ),
        None,
    )
    if first is None:
        raise bad(message("no other equal set"), irr.citation)
    both_wild = first.meld is not None and first.meld.wild >= 0 and second.meld.wild >= 0
    wild = second.meld.wild_card if both_wild else None
    merge = minus(second.cards, (wild,)) if wild is not None else second.cards
    before = first.burraco(d.code)
    d.remove_meld(second)
    first.meld = try_meld(first.cards + merge, d.code)
    first.cards = first.meld.cards if first.meld is not None else first.cards + merge
    first.freeze_definitively()
    first.burraco_before = before
    d.add_play(replace(play, meld=first.id, new=False, added=merge))
    if d.end_reason is EndReason.CLOSING and d.closer is seat:
        return _equal_sets_at_closing(d, irr, seat, first, wild)
    if wild is not None:
        d.give(seat, (wild,))
        out = immediate_discard(d, seat, (wild,))
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "sets merged and frozen for good; the second wild {card} is discarded at once",
                card=str(wild),
            ),
            discarded=out,
            frozen=(first.id,),
        )
    if d.turn is seat and d.phase is Phase.PLAY:
        d.set_limit(seat, TurnLimit.DISCARD_ONLY, active=True, by=irr)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message("sets merged and frozen for good; the offender's turn ends with the discard"),
        frozen=(first.id,),
        limit=TurnLimit.DISCARD_ONLY,
    )


def closing(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 33: an irregular closing. Without burraco (or in the first round, or with no
    burraco in any case, the NB) the last play is penalized at the side and play goes on;
    discarding a wild, the last play goes back in hand; without a discard, the last meld goes
    back in hand and the discard is one of its cards, or, having laid off the discard too, the
    card laid improperly is discarded and the play before it taken back."""
    seat = offender or d.closer
    if seat is None or d.closer is not seat or d.end_reason is not EndReason.CLOSING:
        raise bad(message("there is no closing to rule on"), irr.citation)
    last = d.log[-1]
    with_discard = last.kind is ActionKind.DISCARD
    plays = [p for p in d.plays if p.seat is seat and p.turn == last.turn]
    back: tuple[Card, ...] = ()
    has_burraco = d.line_burraco(seat.line)
    if not has_burraco:
        irr = Irregularity.CLOSING_WITHOUT_BURRACO  # art. 33 NB: the same procedure applies
    if irr is Irregularity.CLOSING_WITHOUT_DISCARD:
        if not plays:
            raise bad(message("no play to take back"), irr.citation)
        p = plays[-1]
        if det.cards and (p.new or len(det.cards) != 1 or det.cards[0] not in p.added):
            raise bad(
                message("name one card of the last lay-off {cards}", cards=format_cards(p.added)),
                irr.citation,
            )
    d.resume(seat)
    if irr in (Irregularity.CLOSING_WITHOUT_BURRACO, Irregularity.CLOSING_FIRST_ROUND):
        aside: tuple[Card, ...] = ()
        if plays:
            p = plays[-1]
            tm = d.meld_by_id(p.meld)
            back = pull(d, tm, p.added)
            d.give(seat, minus(back, p.added))
            aside = set_aside(d, seat, p.added)
        if not with_discard:
            d.count_turn()
        d.start_turn(seat.left)
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "invalid closing: the last play {cards} is penalized and put at the side; the "
                "discard stays; play goes on",
                cards=format_cards(aside),
            ),
            aside=aside,
        )
    if irr is Irregularity.CLOSING_WITH_WILD:
        if plays:
            p = plays[-1]
            back = pull(d, d.meld_by_id(p.meld), p.added)
            d.give(seat, back)
        d.start_turn(seat.left)
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "closing with a wild: {cards} taken back, the wild stays discarded; closing next "
                "round",
                cards=format_cards(back),
            ),
            returned=back,
        )
    # closing without a discard, with a burraco (plays checked above)
    if p.new:
        back = pull(d, d.meld_by_id(p.meld), p.added)
        d.give(seat, back)
        d.resume(seat)
        d.set_limit(seat, TurnLimit.DISCARD_ONLY, active=True, by=irr)
        d.must_discard_from(seat, back)
        d.bar(seat, back)  # art. 33, see also art. 24
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "closing without discard: {cards} back in hand; the discard is one of them",
                cards=format_cards(back),
            ),
            returned=back,
            limit=TurnLimit.DISCARD_ONLY,
        )
    laid = pull(d, d.meld_by_id(p.meld), p.added)
    d.give(seat, laid)
    back = ()
    if len(p.added) > 1:
        # art. 33: "l'ultima carta impropriamente legata" is one card; the rest of the lay-off
        # is the play before it (docs/rulings.md)
        last_card = det.cards or (discard_order(p.added, d.code)[0],)
        back = minus(p.added, last_card)
        wrong = last_card
    else:
        wrong = p.added
        if len(plays) > 1:
            q = plays[-2]
            back = pull(d, d.meld_by_id(q.meld), q.added)
            d.give(seat, back)
    d.resume(seat)
    out = immediate_discard(d, seat, wrong)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "closing by laying off the discard too: the play before {cards} taken back, "
            "{discarded} discarded",
            cards=format_cards(back),
            discarded=format_cards(out),
        ),
        returned=back,
        discarded=out,
    )
