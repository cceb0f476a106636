"""Arts. 30-31: play without drawing, draws and pick-ups out of turn or after the pozzetto
taken al volo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import Card
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Phase, Seat
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
    freeze_plays,
    offender_of,
    plays_in_turn,
    pull,
    set_aside,
)
from arbitro.games.burraco.arbiter.table import (
    discard_order,
    minus,
)
from arbitro.i18n import message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal, Play


def missing_draw(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 30: a play made without drawing (or a draw the partner reminded): the turn stops,
    the player draws or picks up and discards, the melds made are frozen until the next turn;
    reminded by the opponents before any play, there is no offence."""
    seat = offender_of(offender, irr)
    if d.turn is not seat or d.phase is not Phase.DRAW:
        raise bad(message("{seat} is not on turn without a draw", seat=seat.value), irr.citation)
    plays = plays_in_turn(d, seat)
    if det.reminded_by is not None and det.reminded_by.line is not seat.line and not plays:
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message("reminded by the opponents: no offence, draw and go on"),
        )
    frozen = freeze_plays(d, plays, seat)
    d.set_limit(seat, TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD, active=True, by=irr)
    return decided(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "turn stopped: draw or pick up and discard; the melds made are frozen until the next "
            "turn (negative if someone closes)"
        ),
        frozen=frozen,
        limit=TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD,
    )


def _take_action(d: ArbiterDeal, seat: Seat, irr: Irregularity) -> int:
    for a in reversed(d.log):
        if a.seat is seat and a.kind in (ActionKind.DRAW, ActionKind.PICK_UP):
            return a.index
    raise bad(message("{seat} did not draw", seat=seat.value), irr.citation)


def out_of_turn(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 31 "Pesca o raccolta fuori turno": with no play, the card goes back (the pile is
    restored) and the offender's next turn is only a draw (a pick-up) and a discard; with
    plays, they are set apart and frozen, a discard is prepared and the turn goes back."""
    seat = offender_of(offender, irr)
    act = d.log[_take_action(d, seat, irr)]
    plays = [p for p in d.plays if p.seat is seat and p.action > act.index]
    pick = act.kind is ActionKind.PICK_UP
    if not plays:
        d.take(seat, act.cards)
        if pick:
            d.pile_underneath(act.cards)
            limit = TurnLimit.PICK_UP_AND_DISCARD
        else:
            d.stock_on_top(act.cards[:1])
            limit = TurnLimit.DRAW_AND_DISCARD
        d.set_limit(seat, limit, active=False, by=irr)
        shown = d.turn if d.turn.line is not seat.line else None
        if pick:
            text = message(
                "discard pile restored; in their turn the offender only picks up and discards"
            )
        elif shown is not None:
            text = message(
                "card put back on the stock after showing it to {seat}; in their turn the "
                "offender only draws and discards",
                seat=shown.value,
            )
        else:
            text = message(
                "card put back on the stock; in their turn the offender only draws and discards"
            )
        return decided(d, irr, seat, det.found, text, returned=act.cards, limit=limit)
    frozen, aside = _set_apart(d, seat, plays)
    card = det.prepared or discard_order(d.hand(seat), d.code)[0]
    d.prepare_discard(seat, card)
    d.set_limit(seat, TurnLimit.DISCARD_PREPARED, active=False, by=irr)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message(
            "play stopped: melds set apart, frozen; discard {card} prepared face down; the turn "
            "goes back to {seat}; in the real turn only the discard",
            card=str(card),
            seat=d.turn.value,
        ),
        frozen=frozen,
        aside=aside,
        limit=TurnLimit.DISCARD_PREPARED,
    )


def _set_apart(
    d: ArbiterDeal, seat: Seat, plays: list[Play]
) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """Art. 31 points 1-2: new melds set apart and frozen; laid-off cards penalized (art. 25)."""
    new = [p for p in plays if p.new]
    frozen = freeze_plays(d, new, seat)
    aside: tuple[Card, ...] = ()
    for p in plays:
        if p.new:
            continue
        try:
            tm = d.meld_by_id(p.meld)
        except ArbitroError:
            continue
        back = pull(d, tm, p.added)
        d.give(seat, minus(back, p.added))
        aside += set_aside(d, seat, p.added)
    # one order, the table's: highest first, as they are discarded (art. 25, art. 2)
    return frozen, tuple(discard_order(aside, d.code))


def after_pozzetto(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 31 "Pesca (Raccolta) dopo aver preso il pozzetto al volo": the card goes back on
    the stock (the pile is restored), plays are set apart as in points 1-2, the offender
    discards now and plays the pozzetto from the next turn."""
    seat = offender_of(offender, irr)
    act = d.log[_take_action(d, seat, irr)]
    plays = [p for p in d.plays if p.seat is seat and p.action > act.index]
    pick = act.kind is ActionKind.PICK_UP
    restored: tuple[Card, ...] = ()
    if plays:
        frozen, aside = _set_apart(d, seat, plays)
    else:
        frozen, aside = (), ()
        d.take(seat, act.cards)
        restored = act.cards
        if pick:
            d.pile_underneath(act.cards)
        else:
            d.stock_on_top(act.cards[:1])
    d.mark_unplayed(seat)  # the pozzetto is played from the next turn
    d.set_limit(seat, TurnLimit.DISCARD_ONLY, active=True, by=irr)
    if pick:
        text = message("pile restored; the offender discards now and plays the pozzetto next turn")
    else:
        text = message(
            "card put back on the stock after showing it to {seat}; the offender discards now "
            "and plays the pozzetto next turn",
            seat=seat.left.value,
        )
    return decided(
        d,
        irr,
        seat,
        det.found,
        text,
        returned=restored,
        frozen=frozen,
        aside=aside,
        limit=TurnLimit.DISCARD_ONLY,
    )
