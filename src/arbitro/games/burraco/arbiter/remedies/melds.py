"""Arts. 28-29: incomplete and wrong melds, healed from the hand or discarded at once."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from arbitro.cards import format_cards
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Irregularity,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    excess_of,
    found_when,
    freeze_plays,
    immediate_discard,
    offender_of,
    play_of,
    plays_in_turn,
    pull,
)
from arbitro.games.burraco.arbiter.remedies.exposed import penalized
from arbitro.games.burraco.arbiter.table import (
    largest_valid,
    minus,
    try_meld,
)
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def _heal(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details, *, max_cards: int
) -> Ruling:
    """Arts. 28-29: heal the meld with cards from the hand, or discard at once."""
    seat = offender_of(offender, irr)
    play = play_of(d, seat, det.meld, irr, invalid=True)
    tm = d.meld_by_id(play.meld)
    found = found_when(d, seat, play.action, det.found)
    if found is not Found.AT_ONCE:
        return penalized(d, Irregularity.EXCESS_CARD, seat, replace(det, found=found))
    later = [p for p in plays_in_turn(d, seat) if p.action > play.action and p.meld != tm.id]
    moved_on = irr is Irregularity.INCOMPLETE_MELD and bool(later)
    if moved_on:
        max_cards = 1  # art. 28: it became a wrong meld (art. 29, one card)
    if len(det.healing) > max_cards:
        raise bad(message("heal with at most {count} card", count=max_cards), irr.citation)
    if det.healing:
        d.take(seat, det.healing)
    # frozen only once the ruling stands: a refused one leaves the deal as it was
    frozen = freeze_plays(d, later, seat) if moved_on else ()
    if det.healing:
        cards = tm.cards + det.healing
        m = try_meld(cards, d.code)
        if m is not None and not moved_on and irr is Irregularity.INCOMPLETE_MELD:
            tm.cards, tm.meld = m.cards, m
            # the healed meld is the play it heals (its moment): later plays stay later
            d.add_play(replace(play, added=play.added + det.healing))
            return decided(
                d,
                irr,
                seat,
                found,
                message(
                    "meld healed with {cards}: the player goes on", cards=format_cards(det.healing)
                ),
            )
        valid, excess = largest_valid(cards, d.code)
        if valid is not None and (play.new or minus(cards, excess)):
            tm.cards, tm.meld = valid.cards, valid
            d.give(seat, excess)
            if not excess:
                # arts. 28-29: play stops though nothing is in excess; the turn ends with a
                # discard of the player's choice
                d.set_limit(seat, TurnLimit.DISCARD_ONLY, active=True, by=irr)
                return decided(
                    d,
                    irr,
                    seat,
                    found,
                    message(
                        "meld healed with {cards}, no card in excess: play stops, discard now",
                        cards=format_cards(det.healing),
                    ),
                    frozen=frozen,
                    limit=TurnLimit.DISCARD_ONLY,
                )
            out = immediate_discard(d, seat, excess)
            return decided(
                d,
                irr,
                seat,
                found,
                message(
                    "meld healed with {cards}; immediate discard of the excess {excess}",
                    cards=format_cards(det.healing),
                    excess=format_cards(out),
                ),
                discarded=out,
                frozen=frozen,
            )
        d.give(seat, det.healing)
    if play.new:
        valid, excess = largest_valid(tm.cards, d.code)
        if irr is Irregularity.INCOMPLETE_MELD or valid is None:
            excess = tm.cards
    else:
        excess = excess_of(d, play, tm) or play.added
    back = pull(d, tm, excess)
    d.give(seat, back)
    out = immediate_discard(d, seat, back)
    return decided(
        d,
        irr,
        seat,
        found,
        message("meld not healed: immediate discard of {cards}", cards=format_cards(out)),
        discarded=out,
        frozen=frozen,
    )


def incomplete(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 28: an incomplete meld healed with one or more cards (one once the player moved on
    to another play), or discarded at once."""
    return _heal(d, irr, offender, det, max_cards=len(det.healing) or 1)


def wrong(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 29: a wrong meld healed with one card only, the excess discarded at once."""
    return _heal(d, irr, offender, det, max_cards=1)
