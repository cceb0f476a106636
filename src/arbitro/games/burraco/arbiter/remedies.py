"""The remedies of FIBAS Section C (arts. 22-35), applied to an :class:`ArbiterDeal`.

One function per irregularity, dispatched by :func:`apply`; each changes the position as the
article prescribes and returns the :class:`Ruling` that says what was done (a message for the
user, rendered at the edge), with the cards discarded, set aside or frozen and who plays next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

from arbitro.cards import Card, format_cards
from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.burraco import EndReason, IllegalMoveError, Phase, Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Freeze,
    Irregularity,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import ActionKind, Ruling
from arbitro.games.burraco.arbiter.table import (
    TableMeld,
    discard_order,
    largest_valid,
    minus,
    try_meld,
)
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal, Play


@dataclass(frozen=True, slots=True)
class Details:
    """What the arbiter says about the irregularity (see :meth:`ArbiterDeal.rule`)."""

    found: Found | None = None
    meld: int | None = None
    cards: tuple[Card, ...] = ()
    healing: tuple[Card, ...] = ()
    reminded_by: Seat | None = None
    stage: PozzettoStage | None = None
    seen: bool = False
    prepared: Card | None = None
    pozzetto: int | None = None
    used: bool = False
    rebuilt: bool = True
    arbitral_score: int | None = None
    information: bool = False


Handler = Callable[["ArbiterDeal", Irregularity, "Seat | None", Details], Ruling]


def apply(
    d: ArbiterDeal, irregularity: Irregularity, offender: Seat | None, **details: object
) -> Ruling:
    """Apply the remedy for ``irregularity`` (see :meth:`ArbiterDeal.rule`)."""
    det = Details(**details)  # type: ignore[arg-type]  # the irregularity's details, checked by Details
    return _HANDLERS[irregularity](d, irregularity, offender, det)


# ------------------------------------------------------------------ helpers


def _bad(text: Message, article: Citation) -> ArbitroError:
    return ArbitroError(text, article=article, key="arbiter.bad_ruling")


def _who(offender: Seat | None, irr: Irregularity) -> Seat:
    if offender is None:
        raise _bad(message("name the offender"), irr.citation)
    return offender


def _ruling(
    d: ArbiterDeal,
    irr: Irregularity,
    offender: Seat | None,
    found: Found | None,
    text: Message,
    **fields: object,
) -> Ruling:
    r = Ruling(irr, offender, found, len(d.log), text, next_to_act=d.next_to_act)
    return replace(r, **fields)  # type: ignore[arg-type]  # fields named by the caller, of the record's own types


def _plays(d: ArbiterDeal, seat: Seat, turn: int | None = None) -> list[Play]:
    t = d._turns if turn is None else turn
    return [p for p in d._plays if p.seat is seat and p.turn == t]


def _play(
    d: ArbiterDeal, seat: Seat, meld: int | None, irr: Irregularity, *, invalid: bool = False
) -> Play:
    """The offender's play on ``meld`` (default: its last play; with ``invalid``, its last play
    on a meld that is not valid, if any)."""
    if meld is None and invalid:
        for p in reversed(d._plays):
            if p.seat is seat and any(
                t.id == p.meld and not t.valid for ms in d._melds.values() for t in ms
            ):
                return p
    for p in reversed(d._plays):
        if p.seat is seat and (meld is None or p.meld == meld):
            return p
    if meld is None:
        raise _bad(message("{seat} made no play", seat=seat.value), irr.citation)
    raise _bad(
        message("{seat} made no play on meld {meld}", seat=seat.value, meld=meld), irr.citation
    )


def _found(d: ArbiterDeal, seat: Seat, action: int, given: Found | None) -> Found:
    """When the error was found (art. 25.2): during the turn, right after it, or later."""
    if given is not None:
        return given
    turn_of_action = d.log[action].turn if action < len(d.log) else d._turns
    if d._turn is seat and turn_of_action == d._turns and d._phase is not Phase.OVER:
        return Found.AT_ONCE
    if turn_of_action == d._turns - 1 and d._turn is seat.left and d._phase is Phase.DRAW:
        return Found.AFTER_DISCARD
    return Found.LATER


def _excess(d: ArbiterDeal, play: Play, tm: TableMeld) -> tuple[Card, ...]:
    """The cards of a play that do not fit (art. 2 "Carta eccedente")."""
    if play.new:
        return largest_valid(tm.cards, d.code)[1]
    before = try_meld(minus(tm.cards, play.added), d.code)
    if before is None:
        return play.added
    added = play.added
    for size in range(len(added), 0, -1):
        for idx in combinations(range(len(added)), size):
            try:
                before.lay_off([added[i] for i in idx], code=d.code)
            except IllegalMoveError:
                continue
            keep = set(idx)
            return tuple(x for i, x in enumerate(added) if i not in keep)
    return added


def _pull(d: ArbiterDeal, tm: TableMeld, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Take ``cards`` off a table meld; a meld left with under three cards goes entirely."""
    rest = minus(tm.cards, cards)
    if len(rest) + len(cards) != len(tm.cards):
        raise _bad(
            message(
                "cards {cards} are not in meld {meld}", cards=format_cards(cards), meld=str(tm)
            ),
            fibas("penalized_cards"),
        )
    if len(rest) < d.code.meld_min_cards:
        d._melds[tm.line].remove(tm)
        return tm.cards
    m = try_meld(rest, d.code)
    tm.cards, tm.meld = (m.cards if m else rest), m
    if tm.freeze is Freeze.DEFINITIVE:
        tm.positive = minus(tm.positive, cards)
    if tm.freeze is Freeze.TEMPORARY:
        tm.pending = minus(tm.pending, cards)
    return cards


def _immediate(d: ArbiterDeal, seat: Seat, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Scarto immediato (art. 2): the turn stops, the cards go to the pile highest first."""
    if d._turn is not seat or d._phase is Phase.OVER:
        raise _bad(
            message("an immediate discard happens in the offender's turn"),
            fibas("immediate_discard"),
        )
    order = tuple(discard_order(cards, d.code))
    d._take(seat, order)
    d._pile.extend(order)
    d._end_turn(seat, order[-1] if order else None, penalty=True)
    return order


def _set_aside(d: ArbiterDeal, seat: Seat, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Penalized cards to the side of the table, discarded one a turn highest first (art. 25)."""
    d._aside[seat] = discard_order([*d._aside[seat], *cards], d.code)
    return tuple(discard_order(cards, d.code))


def _freeze_plays(d: ArbiterDeal, plays: list[Play], offender: Seat) -> tuple[int, ...]:
    """Freeze temporarily the melds of ``plays``: new melds wholly, lay-offs their cards pending
    (art. 30: only the laid cards count negative if someone closes meanwhile)."""
    frozen = []
    for p in plays:
        try:
            tm = d.meld_by_id(p.meld)
        except ArbitroError:
            continue
        tm.freeze_temporarily(offender, tm.cards if p.new else p.added)
        if p.new:
            tm.pending = tm.cards
        frozen.append(tm.id)
    return tuple(dict.fromkeys(frozen))


# ------------------------------------------------------------- art. 22


def _art22(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    if irr is Irregularity.TABLE_ACTED:
        return _ruling(
            d,
            irr,
            offender,
            det.found,
            message("the table acted before calling the arbiter: the right to the penalty is lost"),
            forfeited=True,
        )
    seat = _who(offender, irr)
    d.warn(seat, irr)
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        message("{seat} played on before the ruling: warned", seat=seat.value),
        warned=(seat,),
    )


# ------------------------------------------------------------- art. 23


def _taken_pozzetto(d: ArbiterDeal, seat: Seat, irr: Irregularity) -> tuple[Card, ...]:
    if seat not in d._pozzetto_of:
        raise _bad(message("{seat} took no pozzetto", seat=seat.value), fibas("pozzetto"))
    return d._pozzetto_of[seat][0]


def _pozzetto_count(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    poz = _taken_pozzetto(d, seat, irr)
    n = d.code.pozzetto_cards
    if det.seen:
        return _ruling(
            d,
            irr,
            seat,
            det.found,
            message("a card of the irregular pozzetto was seen or played: play goes on"),
        )
    if irr is Irregularity.POZZETTO_SHORT:
        if len(poz) >= n:
            raise _bad(message("the pozzetto is not short"), irr.citation)
        added = []
        for _ in range(n - len(poz)):
            added.append(d._stock.pop())  # from the bottom of the stock
        d._hands[seat].extend(added)
        for other in d._pozzetti:
            while len(other) < n and d._stock:
                other.append(d._stock.pop())
        d._pozzetto_of[seat] = ((*poz, *added), d._pozzetto_of[seat][1])
        return _ruling(
            d,
            irr,
            seat,
            det.found,
            message(
                "pozzetto completed from the bottom of the stock with {cards}",
                cards=format_cards(added),
            ),
            returned=tuple(added),
        )
    if len(poz) <= n:
        raise _bad(message("the pozzetto is not long"), irr.citation)
    extra = poz[: len(poz) - n]  # from the top of the pozzetto
    d._take(seat, extra)
    d._stock.extend(extra)  # under the stock
    d._pozzetto_of[seat] = (poz[len(extra) :], d._pozzetto_of[seat][1])
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        message("extra cards {cards} put under the stock", cards=format_cards(extra)),
        returned=extra,
    )


def _pozzetto_previous(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    if det.used:
        if not d._pozzetti:
            raise _bad(message("no pozzetto on the table"), irr.citation)
        d._pozzetti.pop(0)
        text = message(
            "previous deal's pozzetto used: play stands; the other line takes the second pozzetto"
        )
    else:
        k = det.pozzetto
        if k is None or not 0 <= k < len(d._pozzetti):
            raise _bad(message("name the extra pozzetto"), irr.citation)
        d._pozzetti.pop(k)
        text = message("the previous deal's pozzetto stays unused; the deal goes on")
    return _ruling(d, irr, offender, det.found, text)


def _pozzetto_seen(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    d.warn(seat, irr)
    if det.information:
        text = message(
            "{seat} warned for seeing the pozzetto before the partner's discard; a repeat "
            "penalizes the line ({article}); information passed: the arbiter rules for the "
            "damaged line",
            seat=seat.value,
            article=fibas("arbiter"),
        )
    else:
        text = message(
            "{seat} warned for seeing the pozzetto before the partner's discard; a repeat "
            "penalizes the line ({article})",
            seat=seat.value,
            article=fibas("arbiter"),
        )
    return _ruling(d, irr, seat, det.found, text, warned=(seat,))


def _wrong_then_pozzetto(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    poz = _taken_pozzetto(d, seat, irr)
    taken_at = d._pozzetto_of[seat][1]
    if det.stage is None:
        raise _bad(message("say whether the pozzetto was seen or played"), irr.citation)
    before = [p for p in d._plays if p.seat is seat and p.action <= taken_at]
    wrong = _play(d, seat, det.meld, irr) if det.meld is not None else before[-1]
    tm = d.meld_by_id(wrong.meld)
    excess = det.cards or _excess(d, wrong, tm)
    if det.stage is PozzettoStage.UNSEEN:
        d._take(seat, poz)
        d._pozzetti.insert(0, list(poz))
        d._taken[seat.line] = False
        del d._pozzetto_of[seat]
        d._volo = None
        cards = _pull(d, tm, excess)
        d._hands[seat].extend(cards)
        out = _immediate(d, seat, cards)
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message("pozzetto put back; immediate discard of {cards}", cards=format_cards(out)),
            discarded=out,
        )
    if det.stage is PozzettoStage.SEEN:
        cards = _pull(d, tm, excess)
        d._hands[seat].extend(cards)
        d._no_closing[seat.line] = seat
        out = _immediate(d, seat, cards)
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message(
                "immediate discard of {cards}; the pozzetto stays frozen in hand until the next "
                "turn; the partner may not close until then",
                cards=format_cards(out),
            ),
            discarded=out,
        )
    later = [p for p in d._plays if p.seat is seat and p.action > taken_at]
    frozen = _freeze_plays(d, later, seat)
    cards = _pull(d, tm, excess)
    d._negative[seat.line].extend(cards)
    d._limits[seat] = (TurnLimit.DISCARD_ONLY, True)
    return _ruling(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message(
            "turn stopped: melds made with the pozzetto frozen until the next turn; {cards} set "
            "apart, negative at the end; discard now",
            cards=format_cards(cards),
        ),
        negative=cards,
        frozen=frozen,
        limit=TurnLimit.DISCARD_ONLY,
    )


# ------------------------------------------------------------- art. 24, 26


def _exposed(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if irr is Irregularity.EXPOSED_ON_PARTNER_MELD:
        play = _play(d, seat, det.meld, irr)
        tm = d.meld_by_id(play.meld)
        cards = det.cards or play.added
        back = _pull(d, tm, cards)
        d._hands[seat].extend(back)
        out = _immediate(d, seat, cards)
        return _ruling(
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
        raise _bad(message("no exposed card"), irr.citation)
    known = list(d.exposed(seat))
    for x in cards:
        if x in known:
            known.remove(x)
        else:
            d._exposed[seat].append((x, len(d.log)))
    if d._turn is seat and d._phase is Phase.PLAY:
        d._use_exposed(seat, cards)
        out = _immediate(d, seat, tuple(cards))
        return _ruling(
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
    return _ruling(
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


def _thrown(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if not det.cards:
        raise _bad(message("name the thrown cards"), irr.citation)
    if det.meld is not None:
        d._hands[seat].extend(_pull(d, d.meld_by_id(det.meld), det.cards))
    if d._turn is seat and d._phase is Phase.PLAY:
        out = _immediate(d, seat, det.cards)
        return _ruling(
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
    d._take(seat, det.cards)
    aside = _set_aside(d, seat, det.cards)
    return _ruling(
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


# ------------------------------------------------------------- art. 25, 28, 29


def _penalized(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 25: a card laid off wrongly (25.1) or an excess card (25.2) by detection time."""
    seat = _who(offender, irr)
    play = _play(d, seat, det.meld, irr, invalid=True)
    tm = d.meld_by_id(play.meld)
    excess = det.cards or _excess(d, play, tm)
    if not excess:
        raise _bad(message("no excess card in the meld"), fibas("penalized_cards"))
    found = _found(d, seat, play.action, det.found)
    if found is Found.AT_ONCE:
        back = _pull(d, tm, excess)
        d._hands[seat].extend(back)
        keep = minus(back, excess)
        out = _immediate(d, seat, excess)
        return _ruling(
            d,
            irr,
            seat,
            found,
            message("found at once: immediate discard of {cards}", cards=format_cards(out)),
            discarded=out,
            returned=keep,
        )
    if found is Found.AFTER_DISCARD:
        back = _pull(d, tm, excess)
        d._hands[seat].extend(minus(back, excess))
        aside = _set_aside(d, seat, excess)
        return _ruling(
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
    return _ruling(
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


def _heal(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details, *, max_cards: int
) -> Ruling:
    """Arts. 28-29: heal the meld with cards from the hand, or discard at once."""
    seat = _who(offender, irr)
    play = _play(d, seat, det.meld, irr, invalid=True)
    tm = d.meld_by_id(play.meld)
    found = _found(d, seat, play.action, det.found)
    if found is not Found.AT_ONCE:
        return _penalized(d, Irregularity.EXCESS_CARD, seat, replace(det, found=found))
    later = [p for p in _plays(d, seat) if p.action > play.action and p.meld != tm.id]
    frozen: tuple[int, ...] = ()
    if irr is Irregularity.INCOMPLETE_MELD and later:
        frozen = _freeze_plays(d, later, seat)  # art. 28: it became a wrong meld
        max_cards = 1
    if len(det.healing) > max_cards:
        raise _bad(message("heal with at most {count} card", count=max_cards), irr.citation)
    if det.healing:
        d._take(seat, det.healing)
        cards = tm.cards + det.healing
        m = try_meld(cards, d.code)
        if m is not None and not frozen and irr is Irregularity.INCOMPLETE_MELD:
            tm.cards, tm.meld = m.cards, m
            d._plays.append(replace(play, added=play.added + det.healing, action=len(d.log)))
            return _ruling(
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
            d._hands[seat].extend(excess)
            out = _immediate(d, seat, excess) if excess else ()
            return _ruling(
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
        d._hands[seat].extend(det.healing)
    if play.new:
        valid, excess = largest_valid(tm.cards, d.code)
        if irr is Irregularity.INCOMPLETE_MELD or valid is None:
            excess = tm.cards
    else:
        excess = _excess(d, play, tm) or play.added
    back = _pull(d, tm, excess)
    d._hands[seat].extend(back)
    out = _immediate(d, seat, back)
    return _ruling(
        d,
        irr,
        seat,
        found,
        message("meld not healed: immediate discard of {cards}", cards=format_cards(out)),
        discarded=out,
        frozen=frozen,
    )


def _incomplete(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    return _heal(d, irr, offender, det, max_cards=len(det.healing) or 1)


def _wrong(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    return _heal(d, irr, offender, det, max_cards=1)


# ------------------------------------------------------------- art. 27


def _deck(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    from arbitro.games.burraco.arbiter.deal import full_deck_difference

    missing, extra = full_deck_difference(d)
    if not missing and not extra:
        raise _bad(message("the deck is complete"), irr.citation)
    cards = {
        "missing": format_cards(sorted(missing.elements())),
        "extra": format_cards(sorted(extra.elements())),
    }
    started = any(a.kind in (ActionKind.DRAW, ActionKind.PICK_UP) for a in d.log) or d._turns
    if not started:
        d._void = True
        d._finish(EndReason.CLOSING)
        d._end = None
        return _ruling(
            d,
            irr,
            offender,
            det.found,
            message(
                "before play started (missing {missing}; extra {extra}): the deck is restored "
                "and dealt again",
                **cards,
            ),
            redeal=True,
            next_to_act=None,
        )
    return _ruling(
        d,
        irr,
        offender,
        det.found,
        message(
            "during or after the deal (missing {missing}; extra {extra}): the result stands; the "
            "deck will be replaced",
            **cards,
        ),
    )


# ------------------------------------------------------------- art. 30, 31


def _missing_draw(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if d._turn is not seat or d._phase is not Phase.DRAW:
        raise _bad(message("{seat} is not on turn without a draw", seat=seat.value), irr.citation)
    plays = _plays(d, seat)
    if det.reminded_by is not None and det.reminded_by.line is not seat.line and not plays:
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message("reminded by the opponents: no offence, draw and go on"),
        )
    frozen = _freeze_plays(d, plays, seat)
    d._limits[seat] = (TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD, True)
    return _ruling(
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
    raise _bad(message("{seat} did not draw", seat=seat.value), irr.citation)


def _out_of_turn(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    act = d.log[_take_action(d, seat, irr)]
    plays = [p for p in d._plays if p.seat is seat and p.action > act.index]
    pick = act.kind is ActionKind.PICK_UP
    if not plays:
        d._take(seat, act.cards)
        if pick:
            d._pile[:0] = list(act.cards)
            limit = TurnLimit.PICK_UP_AND_DISCARD
        else:
            d._stock.insert(0, act.cards[0])
            limit = TurnLimit.DRAW_AND_DISCARD
        d._limits[seat] = (limit, False)
        shown = d._turn if d._turn.line is not seat.line else None
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
        return _ruling(d, irr, seat, det.found, text, returned=act.cards, limit=limit)
    frozen, aside = _set_apart(d, seat, plays)
    card = det.prepared or discard_order(d._hands[seat], d.code)[0]
    d._take(seat, (card,))
    d._prepared[seat] = card
    d._limits[seat] = (TurnLimit.DISCARD_PREPARED, False)
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        message(
            "play stopped: melds set apart, frozen; discard {card} prepared face down; the turn "
            "goes back to {seat}; in the real turn only the discard",
            card=str(card),
            seat=d._turn.value,
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
    frozen = _freeze_plays(d, new, seat)
    aside: tuple[Card, ...] = ()
    for p in plays:
        if p.new:
            continue
        try:
            tm = d.meld_by_id(p.meld)
        except ArbitroError:
            continue
        back = _pull(d, tm, p.added)
        d._hands[seat].extend(minus(back, p.added))
        aside += _set_aside(d, seat, p.added)
    return frozen, aside


def _after_pozzetto(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    act = d.log[_take_action(d, seat, irr)]
    plays = [p for p in d._plays if p.seat is seat and p.action > act.index]
    pick = act.kind is ActionKind.PICK_UP
    restored = tuple(x for x in act.cards if x in d._hands[seat]) if not plays else ()
    if plays:
        frozen, aside = _set_apart(d, seat, plays)
    else:
        frozen, aside = (), ()
        d._take(seat, act.cards)
        restored = act.cards
        if pick:
            d._pile[:0] = list(act.cards)
        else:
            d._stock.insert(0, act.cards[0])
    d._unplayed.add(seat)  # the pozzetto is played from the next turn
    d._limits[seat] = (TurnLimit.DISCARD_ONLY, True)
    if pick:
        text = message("pile restored; the offender discards now and plays the pozzetto next turn")
    else:
        text = message(
            "card put back on the stock after showing it to {seat}; the offender discards now "
            "and plays the pozzetto next turn",
            seat=seat.left.value,
        )
    return _ruling(
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


# ------------------------------------------------------------- art. 32


def _equal_sets(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    play = _play(d, seat, det.meld, irr)
    second = d.meld_by_id(play.meld)
    if second.meld is None or second.meld.is_run:
        raise _bad(message("the meld is not a set"), irr.citation)
    rank = second.meld.rank
    first = next(
        (
            t
            for t in d._melds[seat.line]
            if t is not second and t.meld is not None and not t.meld.is_run and t.meld.rank is rank
        ),
        None,
    )
    if first is None:
        raise _bad(message("no other equal set"), irr.citation)
    both_wild = first.meld is not None and first.meld.wild >= 0 and second.meld.wild >= 0
    wild = second.meld.wild_card if both_wild else None
    merge = minus(second.cards, (wild,)) if wild is not None else second.cards
    before = first.burraco(d.code)
    d._melds[seat.line].remove(second)
    first.meld = try_meld(first.cards + merge, d.code)
    first.cards = first.meld.cards if first.meld is not None else first.cards + merge
    first.freeze_definitively()
    first.burraco_before = before
    d._plays.append(replace(play, meld=first.id, new=False, added=merge))
    if wild is not None:
        d._hands[seat].append(wild)
        out = _immediate(d, seat, (wild,))
        return _ruling(
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
    if d._turn is seat and d._phase is Phase.PLAY:
        d._limits[seat] = (TurnLimit.DISCARD_ONLY, True)
    return _ruling(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        message("sets merged and frozen for good; the offender's turn ends with the discard"),
        frozen=(first.id,),
        limit=TurnLimit.DISCARD_ONLY,
    )


# ------------------------------------------------------------- art. 33


def _closing(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = offender or d._closer
    if seat is None or d._closer is not seat or d._end is not EndReason.CLOSING:
        raise _bad(message("there is no closing to rule on"), irr.citation)
    last = d.log[-1]
    with_discard = last.kind is ActionKind.DISCARD
    plays = [p for p in d._plays if p.seat is seat and p.turn == last.turn]
    back: tuple[Card, ...] = ()
    has_burraco = d._line_burraco(seat.line)
    d._reopen()
    d._turn = seat
    if not has_burraco:
        irr = Irregularity.CLOSING_WITHOUT_BURRACO  # art. 33 NB: the same procedure applies
    if irr in (Irregularity.CLOSING_WITHOUT_BURRACO, Irregularity.CLOSING_FIRST_ROUND):
        aside: tuple[Card, ...] = ()
        if plays:
            p = plays[-1]
            tm = d.meld_by_id(p.meld)
            back = _pull(d, tm, p.added)
            d._hands[seat].extend(minus(back, p.added))
            aside = _set_aside(d, seat, p.added)
        if not with_discard:
            d._turns += 1
        d._start_turn(seat.left)
        return _ruling(
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
            back = _pull(d, d.meld_by_id(p.meld), p.added)
            d._hands[seat].extend(back)
        d._start_turn(seat.left)
        return _ruling(
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
    # closing without a discard, with a burraco
    if not plays:
        raise _bad(message("no play to take back"), irr.citation)
    p = plays[-1]
    if p.new:
        back = _pull(d, d.meld_by_id(p.meld), p.added)
        d._hands[seat].extend(back)
        d._phase = Phase.PLAY
        d._limits[seat] = (TurnLimit.DISCARD_ONLY, True)
        d._must_from[seat] = back
        d._barred[seat] += [(x, len(d.log)) for x in back]  # art. 33, see also art. 24
        return _ruling(
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
    laid = _pull(d, d.meld_by_id(p.meld), p.added)
    d._hands[seat].extend(laid)
    back = ()
    if len(plays) > 1:
        q = plays[-2]
        back = _pull(d, d.meld_by_id(q.meld), q.added)
        d._hands[seat].extend(back)
    d._phase = Phase.PLAY
    out = _immediate(d, seat, p.added)
    return _ruling(
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


# ------------------------------------------------------------- art. 34, 35


def _points(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if det.rebuilt:
        return _ruling(
            d,
            irr,
            seat,
            det.found,
            message("the hand is rebuilt from the record of the deal"),
        )
    if det.arbitral_score is None:
        raise _bad(message("give the arbitral score"), irr.citation)
    d._arbitral[seat.line] = det.arbitral_score
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        message(
            "hand cannot be rebuilt: arbitral score {score} to the line",
            score=det.arbitral_score,
        ),
    )


def _ghost(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    ghost = det.cards
    if not ghost:
        raise _bad(message("name the ghost card"), irr.citation)
    last = next((a for a in reversed(d.log) if a.seat is seat), None)
    with_discard = (
        det.meld is None
        and last is not None
        and last.kind is ActionKind.DISCARD
        and all(x in last.cards[1:] for x in ghost)
    )
    if with_discard:
        for x in ghost:
            if x not in d._pile:
                raise _bad(message("{card} is not in the pile", card=str(x)), irr.citation)
            i = len(d._pile) - 1 - d._pile[::-1].index(x)
            del d._pile[i]
        d._hands[seat].extend(ghost)
        d._exposed[seat] += [(x, len(d.log)) for x in ghost]
        return _ruling(
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
            for p in d._plays
            if p.seat is seat
            and any(
                t.id == p.meld and all(x in t.cards for x in ghost) for t in d._melds[seat.line]
            )
        ]
        if not holding:
            raise _bad(
                message(
                    "{cards} is in no meld of {seat}", cards=format_cards(ghost), seat=seat.value
                ),
                irr.citation,
            )
        meld_id = holding[-1]
    play = _play(d, seat, meld_id, irr)
    tm = d.meld_by_id(play.meld)
    found = det.found or (
        Found.AT_ONCE if d._turn is seat and play.turn == d._turns else Found.LATER
    )
    if found is not Found.AT_ONCE:
        tm.freeze_definitively(ghost)
        return _ruling(
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
            d._take(seat, det.healing)
            tm.cards, tm.meld = m.cards, m
            return _ruling(
                d,
                irr,
                seat,
                found,
                message(
                    "ghost card healed with {cards}: play goes on", cards=format_cards(det.healing)
                ),
            )
    later = [p for p in _plays(d, seat) if p.action > play.action and p.meld != tm.id]
    frozen = _freeze_plays(d, later, seat)
    back = _pull(d, tm, ghost)
    d._hands[seat].extend(back)
    out = _immediate(d, seat, ghost)
    return _ruling(
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


_HANDLERS: dict[Irregularity, Handler] = {
    Irregularity.TABLE_ACTED: _art22,
    Irregularity.PLAYED_BEFORE_RULING: _art22,
    Irregularity.POZZETTO_SHORT: _pozzetto_count,
    Irregularity.POZZETTO_LONG: _pozzetto_count,
    Irregularity.POZZETTO_PREVIOUS_DEAL: _pozzetto_previous,
    Irregularity.POZZETTO_SEEN_EARLY: _pozzetto_seen,
    Irregularity.WRONG_PLAY_THEN_POZZETTO: _wrong_then_pozzetto,
    Irregularity.EXPOSED_CARD: _exposed,
    Irregularity.EXPOSED_ON_PARTNER_MELD: _exposed,
    Irregularity.WRONG_LAY_OFF: _penalized,
    Irregularity.EXCESS_CARD: _penalized,
    Irregularity.THROWN_CARDS: _thrown,
    Irregularity.DECK_MISSING_OR_EXCESS: _deck,
    Irregularity.INCOMPLETE_MELD: _incomplete,
    Irregularity.WRONG_MELD: _wrong,
    Irregularity.MISSING_DRAW: _missing_draw,
    Irregularity.PARTNER_REMINDER: _missing_draw,
    Irregularity.OUT_OF_TURN_PICK_UP: _out_of_turn,
    Irregularity.OUT_OF_TURN_DRAW: _out_of_turn,
    Irregularity.DRAW_AFTER_POZZETTO: _after_pozzetto,
    Irregularity.PICK_UP_AFTER_POZZETTO: _after_pozzetto,
    Irregularity.EQUAL_SETS: _equal_sets,
    Irregularity.CLOSING_WITHOUT_BURRACO: _closing,
    Irregularity.CLOSING_FIRST_ROUND: _closing,
    Irregularity.CLOSING_WITH_WILD: _closing,
    Irregularity.CLOSING_WITHOUT_DISCARD: _closing,
    Irregularity.POINTS_NOT_COUNTED: _points,
    Irregularity.GHOST_CARD: _ghost,
}
