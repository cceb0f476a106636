"""Arts. 6, 9, 10, 18: misdeals and face-up cards, two cards drawn, a partial pick-up or a
pile card lifted, and a closing "al monte" with more than two cards in the pile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arbitro.cards import format_cards
from arbitro.games.burraco import EndReason, Phase, Seat
from arbitro.games.burraco.arbiter.irregularities import Found, Irregularity, TurnLimit
from arbitro.games.burraco.arbiter.records import ActionKind, Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    freeze_plays,
    immediate_discard,
    offender_of,
)
from arbitro.games.burraco.arbiter.table import discard_order
from arbitro.i18n import message, ngettext

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal

MISDEALS: Final = ("cards_seen", "stock_turned_early", "card_seen_in_deal", "wrong_deal")
"""Art. 6: the players saw their cards or turned the stock's first card before the arbiter's
word, a card was seen while dealing or making the pozzetti, a wrong deal (direction, count)."""


def _started(d: ArbiterDeal) -> bool:
    """Art. 6: play starts with the first draw or pick-up of the player on turn."""
    return d.turns_played > 0 or any(a.kind in (ActionKind.DRAW, ActionKind.PICK_UP) for a in d.log)


def misdeal(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 6: a misdeal found before play is dealt again; once play began the result stands."""
    what = det.what or "wrong_deal"
    if what not in MISDEALS:
        raise bad(message("unknown misdeal {what}", what=what), irr.citation)
    if _started(d):
        return decided(
            d,
            irr,
            offender,
            det.found,
            message("misdeal found after play started: the deal goes on and its result stands"),
        )
    d.declare_void()
    return decided(
        d,
        irr,
        offender,
        det.found,
        message("misdeal before play started: shuffle, cut and deal again"),
        redeal=True,
        next_to_act=None,
    )


def face_up_card(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 6: a card face up inside the stock is turned down where it lies; one face up on the
    stock counts as face down. Play goes on."""
    if irr is Irregularity.FACE_UP_IN_STOCK:
        text = message("the face-up card is turned down where it lies in the stock: play goes on")
    else:
        text = message("the face-up card on the stock counts as face down: play goes on")
    return decided(d, irr, offender, det.found, text)


def two_cards_drawn(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 9: of two cards drawn the first is the player's; the second goes back on the stock
    after the next opponent has seen it (who may take it or pick up)."""
    seat = offender_of(offender, irr)
    draws = [a for a in d.log if a.seat is seat and a.kind is ActionKind.DRAW]
    if len(draws) < 2 or draws[-1].turn != draws[-2].turn or draws[-1].turn != d.turns_played:
        raise bad(message("{seat} did not draw two cards", seat=seat.value), irr.citation)
    second = det.cards or draws[-1].cards
    d.take(seat, second)
    d.stock_on_top(second)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message(
            "the second card {cards} goes back on the stock after {seat} has seen it; in their "
            "turn they may draw it or pick up",
            cards=format_cards(second),
            seat=seat.left.value,
        ),
        returned=tuple(second),
    )


def partial_pick_up(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 10: the cards left in the pick-up: one is the discard, of several the highest-ranked;
    the others are picked up; having discarded, the player makes no play."""
    seat = offender_of(offender, irr)
    if not det.cards:
        raise bad(message("name the cards left in the pile"), irr.citation)
    last = next((a for a in reversed(d.log) if a.seat is seat), None)
    if last is None or last.kind is not ActionKind.PICK_UP or d.turn is not seat:
        raise bad(message("{seat} has not just picked up", seat=seat.value), irr.citation)
    card = discard_order(det.cards, d.code)[0]
    out = immediate_discard(d, seat, (card,))
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "cards {cards} left in the pile: {card} is the discard, no play in this turn",
            cards=format_cards(det.cards),
            card=str(card),
        ),
        discarded=out,
        interrupted=True,
    )


def pile_card_lifted(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 10: lifting a card of the pile, even partly, forces the pick-up."""
    seat = offender_of(offender, irr)
    if d.turn is not seat or d.phase is not Phase.DRAW:
        raise bad(message("{seat} is not on turn to draw", seat=seat.value), irr.citation)
    d.set_limit(seat, TurnLimit.MUST_PICK_UP, active=True, by=irr)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message("a card of the pile was lifted: {seat} must pick up the pile", seat=seat.value),
        limit=TurnLimit.MUST_PICK_UP,
    )


def closing_at_pile(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 18: a closing "al monte" with more than two cards in the pile: the melds made with
    the pile are frozen for now and the closing is valid at the offender's next turn."""
    seat = offender or d.closer
    if seat is None or d.closer is not seat or d.end_reason is not EndReason.CLOSING:
        raise bad(message("there is no closing to rule on"), irr.citation)
    last = d.log[-1]
    pick = next(
        (a for a in reversed(d.log) if a.seat is seat and a.kind is ActionKind.PICK_UP), None
    )
    if pick is None or pick.turn != last.turn:
        raise bad(message("{seat} did not close with the pile", seat=seat.value), irr.citation)
    most = d.code.al_monte_max_discards
    if len(pick.cards) <= most:
        raise bad(
            ngettext(
                "at most {count} card in the pile: the closing al monte is regular",
                "at most {count} cards in the pile: the closing al monte is regular",
                most,
            ),
            irr.citation,
        )
    plays = [p for p in d.plays if p.seat is seat and p.turn == last.turn]
    d.resume(seat)
    frozen = freeze_plays(d, plays, seat)
    d.close_at_next_turn(seat)
    if last.kind is not ActionKind.DISCARD:
        d.count_turn()
    d.start_turn(seat.left)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "closing al monte with more than two cards in the pile: the melds are frozen for now; "
            "the closing is valid at {seat}'s next turn",
            seat=seat.value,
        ),
        frozen=frozen,
    )
