"""Art. 23: pozzetti short, long, left from the previous deal, seen out of turn, or taken
straight after a wrong play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.cards import Card, format_cards
from arbitro.games.burraco import Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Irregularity,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.remedies.common import (
    Details,
    bad,
    decided,
    excess_of,
    freeze_plays,
    immediate_discard,
    offender_of,
    play_of,
    pull,
)
from arbitro.games.burraco.errors import fibas
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal


def _taken_pozzetto(d: ArbiterDeal, seat: Seat) -> tuple[tuple[Card, ...], int]:
    """The pozzetto ``seat`` took and the moment (log index) it took it (art. 23)."""
    taken = d.pozzetto_of(seat)
    if taken is None:
        raise bad(message("{seat} took no pozzetto", seat=seat.value), fibas("pozzetto"))
    return taken


def pozzetto_count(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 23 "Con meno di 11 carte" / "Con più di 11 carte": a short pozzetto is completed
    from the bottom of the stock, a long one loses its top cards under the stock; once a card
    of it was seen or played, play goes on."""
    seat = offender_of(offender, irr)
    poz, taken_at = _taken_pozzetto(d, seat)
    n = d.code.pozzetto_cards
    if det.seen:
        return decided(
            d,
            irr,
            seat,
            det.found,
            message("a card of the irregular pozzetto was seen or played: play goes on"),
        )
    if irr is Irregularity.POZZETTO_SHORT:
        if len(poz) >= n:
            raise bad(message("the pozzetto is not short"), irr.citation)
        added = [d.draw_from_bottom() for _ in range(n - len(poz))]
        d.give(seat, added)
        d.complete_pozzetti()
        d.set_pozzetto_of(seat, (*poz, *added), taken_at)
        return decided(
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
        raise bad(message("the pozzetto is not long"), irr.citation)
    extra = poz[: len(poz) - n]  # from the top of the pozzetto
    d.take(seat, extra)
    d.stock_underneath(extra)  # under the stock
    d.set_pozzetto_of(seat, poz[len(extra) :], taken_at)
    return decided(
        d,
        irr,
        seat,
        det.found,
        message("extra cards {cards} put under the stock", cards=format_cards(extra)),
        returned=extra,
    )


def pozzetto_previous(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 23 "Della smazzata precedente": the previous deal's pozzetto stays unused; if it
    was used, play stands and the other line takes the second pozzetto."""
    if det.used:
        if not d.pozzetti:
            raise bad(message("no pozzetto on the table"), irr.citation)
        d.remove_pozzetto(0)
        text = message(
            "previous deal's pozzetto used: play stands; the other line takes the second pozzetto"
        )
    else:
        k = det.pozzetto
        if k is None or not 0 <= k < len(d.pozzetti):
            raise bad(message("name the extra pozzetto"), irr.citation)
        d.remove_pozzetto(k)
        text = message("the previous deal's pozzetto stays unused; the deal goes on")
    return decided(d, irr, offender, det.found, text)


def pozzetto_seen(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    """Art. 23 "Visti fuori turno": the player who looked at the pozzetto before the partner's
    discard is warned (a repeat penalizes the line, art. 22)."""
    seat = offender_of(offender, irr)
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
    return decided(d, irr, seat, det.found, text, warned=(seat,))


def _no_wrong_play() -> Message:
    """Why art. 23's remedy is refused: the play before the pozzetto was not wrong."""
    return message("no wrong play before the pozzetto: it was taken regularly, play goes on")


def wrong_then_pozzetto(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    """Art. 23 "Pozzetto preso in diretta ... successiva ad una giocata errata": the pozzetto
    not seen goes back (case 1), seen but not played stays frozen in hand (case 2), played
    freezes the melds made with it (case 3); the wrong play's cards are discarded at once
    (cases 1-2) or set apart to count negative (case 3). Refused when no wrong play came
    before the pozzetto."""
    seat = offender_of(offender, irr)
    _poz, taken_at = _taken_pozzetto(d, seat)
    if det.stage is None:
        raise bad(message("say whether the pozzetto was seen or played"), irr.citation)
    before = [p for p in d.plays if p.seat is seat and p.action <= taken_at]
    if det.meld is None and not before:
        raise bad(_no_wrong_play(), irr.citation)
    wrong = play_of(d, seat, det.meld, irr) if det.meld is not None else before[-1]
    tm = d.meld_by_id(wrong.meld)
    excess = det.cards or excess_of(d, wrong, tm)
    if not excess:
        raise bad(_no_wrong_play(), irr.citation)
    if det.stage is PozzettoStage.UNSEEN:
        d.put_back_pozzetto(seat)
        cards = pull(d, tm, excess)
        d.give(seat, cards)
        # "rimesso al suo posto": the penalty discard that empties the hand does not take it
        # again; the line takes it by a regular play (rulings, remedies 23)
        out = immediate_discard(d, seat, cards, take_pozzetto=False)
        return decided(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            message("pozzetto put back; immediate discard of {cards}", cards=format_cards(out)),
            discarded=out,
        )
    if det.stage is PozzettoStage.SEEN:
        cards = pull(d, tm, excess)
        d.give(seat, cards)
        d.bar_closing(seat)
        out = immediate_discard(d, seat, cards)
        return decided(
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
    later = [p for p in d.plays if p.seat is seat and p.action > taken_at]
    frozen = freeze_plays(d, later, seat)
    cards = pull(d, tm, excess)
    d.add_negative(seat.line, cards)
    d.set_limit(seat, TurnLimit.DISCARD_ONLY, active=True, by=irr)
    return decided(
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
