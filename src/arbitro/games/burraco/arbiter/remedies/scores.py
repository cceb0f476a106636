"""Arts. 34-35: points not counted and ghost cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import format_cards
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Irregularity,
)
from arbitro.games.burraco.arbiter.records import ActionKind, Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    freeze_plays,
    immediate_discard,
    offender_of,
    play_of,
    plays_in_turn,
    pull,
)
from arbitro.games.burraco.arbiter.table import (
    try_meld,
)
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def points(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 34: cards mixed before they were counted: the arbiter rebuilds the hand, or, when
    that is impossible, gives the line an arbitral score (recorded as such)."""
    seat = offender_of(offender, irr)
    if det.rebuilt:
        return decided(
            d,
            irr,
            seat,
            det.found,
            message("the hand is rebuilt from the record of the deal"),
        )
    if det.arbitral_score is None:
        raise bad(message("give the arbitral score"), irr.citation)
    d.set_arbitral(seat.line, det.arbitral_score)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message(
            "hand cannot be rebuilt: arbitral score {score} to the line",
            score=det.arbitral_score,
        ),
        arbitral=det.arbitral_score,
    )


def ghost(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 35: a ghost card found in the turn is healed on its meld (art. 28) or discarded at
    once, the melds opened after it frozen for a turn (point 2); found later, the meld is
    frozen for good and the card counts negative (point 3); found with the discard, it is an
    exposed card (art. 24 point 2)."""
    seat = offender_of(offender, irr)
    ghost = det.cards
    if not ghost:
        raise bad(message("name the ghost card"), irr.citation)
    last = next((a for a in reversed(d.log) if a.seat is seat), None)
    with_discard = (
        det.meld is None
        and last is not None
        and last.kind is ActionKind.DISCARD
        and all(x in last.cards[1:] for x in ghost)
    )
    if with_discard:
        for x in ghost:
            if x not in d.discard_pile:
                raise bad(message("{card} is not in the pile", card=str(x)), irr.citation)
            d.from_pile(x)
        d.give(seat, ghost)
        d.add_exposed(seat, ghost)
        return decided(
            d,
            irr,
            seat,
            det.found,
            message(
                "ghost card {cards} with the discard: back to the player as an exposed card "
                "({article} point 2)",
                cards=format_cards(ghost),
                article=fibas("exposed_card"),
            ),
            returned=ghost,
        )
    meld_id = det.meld
    if meld_id is None:
        holding = [
            p.meld
            for p in d.plays
            if p.seat is seat
            and any(t.id == p.meld and all(x in t.cards for x in ghost) for t in d.melds(seat.line))
        ]
        if not holding:
            raise bad(
                message(
                    "{cards} is in no meld of {seat}", cards=format_cards(ghost), seat=seat.value
                ),
                irr.citation,
            )
        meld_id = holding[-1]
    play = play_of(d, seat, meld_id, irr)
    tm = d.meld_by_id(play.meld)
    found = det.found or (
        Found.AT_ONCE if d.turn is seat and play.turn == d.turns_played else Found.LATER
    )
    if found is not Found.AT_ONCE:
        tm.freeze_definitively(ghost)
        return decided(
            d,
            irr,
            seat,
            found,
            message(
                "ghost card {cards} found later: meld frozen for good, the card counts negative",
                cards=format_cards(ghost),
            ),
            negative=ghost,
            frozen=(tm.id,),
        )
    if det.healing:
        m = try_meld(tm.cards + det.healing, d.code)
        if m is not None:
            d.take(seat, det.healing)
            tm.cards, tm.meld = m.cards, m
            return decided(
                d,
                irr,
                seat,
                found,
                message(
                    "ghost card healed with {cards}: play goes on", cards=format_cards(det.healing)
                ),
            )
    later = [p for p in plays_in_turn(d, seat) if p.action > play.action and p.meld != tm.id]
    frozen = freeze_plays(d, later, seat)
    back = pull(d, tm, ghost)
    d.give(seat, back)
    out = immediate_discard(d, seat, ghost)
    return decided(
        d,
        irr,
        seat,
        found,
        message(
            "ghost card cannot be healed: immediate discard of {cards}; melds opened after it "
            "frozen until the next turn",
            cards=format_cards(out),
        )
        if frozen
        else message(
            "ghost card cannot be healed: immediate discard of {cards}", cards=format_cards(out)
        ),
        discarded=out,
        frozen=frozen,
    )
