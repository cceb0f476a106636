"""The remedies of FIBAS Section C (arts. 22-35), applied to an :class:`ArbiterDeal`.

One function per irregularity, dispatched by :func:`apply`; each changes the position as the
article prescribes and returns the :class:`Ruling` that says what was done, in Italian and
English, with the cards discarded, set aside or frozen and who plays next.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

from arbitro.cards import Card, format_cards
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
    det = Details(**details)  # type: ignore[arg-type]
    return _HANDLERS[irregularity](d, irregularity, offender, det)


# ------------------------------------------------------------------ helpers


def _bad(it: str, en: str, article: str) -> ArbitroError:
    return ArbitroError(it=it, en=en, article=article, key="arbiter.bad_ruling")


def _who(offender: Seat | None, irr: Irregularity) -> Seat:
    if offender is None:
        raise _bad("indicare il giocatore colpevole", "name the offender", irr.article)
    return offender


def _ruling(
    d: ArbiterDeal,
    irr: Irregularity,
    offender: Seat | None,
    found: Found | None,
    it: str,
    en: str,
    **fields: object,
) -> Ruling:
    r = Ruling(irr, offender, found, len(d.log), it, en, next_to_act=d.next_to_act)
    return replace(r, **fields)  # type: ignore[arg-type]


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
    raise _bad(
        f"{seat.value} non ha fatto giochi{'' if meld is None else f' sul gioco {meld}'}",
        f"{seat.value} made no play{'' if meld is None else f' on meld {meld}'}",
        irr.article,
    )


def _found(d: ArbiterDeal, seat: Seat, action: int, given: Found | None) -> Found:
    """When the error was found (art. 25.2): during the turn, right after it, or later."""
    if given is not None:
        return given
    turn_of_action = d.log[action].turn if action < len(d.log) else d._turns
    if d._turn is seat and turn_of_action == d._turns and d._phase is not Phase.OVER:
        return Found.AT_ONCE
    if turn_of_action == d._turns - 1 and d._turn is seat.next and d._phase is Phase.DRAW:
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
            f"le carte {format_cards(cards)} non sono nel gioco {tm}",
            f"cards {format_cards(cards)} are not in meld {tm}",
            "25",
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
            "lo scarto immediato si fa nel turno del colpevole",
            "an immediate discard happens in the offender's turn",
            "2",
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
            "il tavolo ha preso iniziativa prima di chiamare l'arbitro: diritto alla penalità "
            "perso",
            "the table acted before calling the arbiter: the right to the penalty is lost",
            forfeited=True,
        )
    seat = _who(offender, irr)
    d.warn(seat, "22", irr.italian)
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"{seat.value} ha continuato a giocare prima della decisione: ammonito",
        f"{seat.value} played on before the ruling: warned",
        warned=(seat,),
    )


# ------------------------------------------------------------- art. 23


def _taken_pozzetto(d: ArbiterDeal, seat: Seat, irr: Irregularity) -> tuple[Card, ...]:
    if seat not in d._pozzetto_of:
        raise _bad(f"{seat.value} non ha preso il pozzetto", f"{seat.value} took no pozzetto", "23")
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
            "una carta del pozzetto irregolare è stata vista o giocata: il gioco prosegue",
            "a card of the irregular pozzetto was seen or played: play goes on",
        )
    if irr is Irregularity.POZZETTO_SHORT:
        if len(poz) >= n:
            raise _bad("il pozzetto non è in difetto", "the pozzetto is not short", "23")
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
            f"pozzetto reintegrato dal fondo del tallone con {format_cards(added)}",
            f"pozzetto completed from the bottom of the stock with {format_cards(added)}",
            returned=tuple(added),
        )
    if len(poz) <= n:
        raise _bad("il pozzetto non è in eccesso", "the pozzetto is not long", "23")
    extra = poz[: len(poz) - n]  # from the top of the pozzetto
    d._take(seat, extra)
    d._stock.extend(extra)  # under the stock
    d._pozzetto_of[seat] = (poz[len(extra) :], d._pozzetto_of[seat][1])
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"carte in soprannumero {format_cards(extra)} poste sotto il tallone",
        f"extra cards {format_cards(extra)} put under the stock",
        returned=extra,
    )


def _pozzetto_previous(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    if det.used:
        if not d._pozzetti:
            raise _bad("nessun pozzetto sul tavolo", "no pozzetto on the table", "23")
        d._pozzetti.pop(0)
        it = "pozzetto precedente usato: il gioco resta valido; l'altra linea usa il secondo pozzetto"
        en = "previous deal's pozzetto used: play stands; the other line takes the second pozzetto"
    else:
        k = det.pozzetto
        if k is None or not 0 <= k < len(d._pozzetti):
            raise _bad("indicare il pozzetto in eccesso", "name the extra pozzetto", "23")
        d._pozzetti.pop(k)
        it = "il pozzetto della smazzata precedente resta inutilizzato; la smazzata prosegue"
        en = "the previous deal's pozzetto stays unused; the deal goes on"
    return _ruling(d, irr, offender, det.found, it, en)


def _pozzetto_seen(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    d.warn(seat, "23", irr.italian)
    extra_it = (
        "; scambio di informazioni: l'arbitro decide a favore della linea danneggiata"
        if det.information
        else ""
    )
    extra_en = (
        "; information passed: the arbiter rules for the damaged line" if det.information else ""
    )
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"{seat.value} ammonito per aver visto il pozzetto prima dello scarto del compagno; "
        f"alla reiterazione la linea è penalizzata (art. 22){extra_it}",
        f"{seat.value} warned for seeing the pozzetto before the partner's discard; a repeat "
        f"penalizes the line (art. 22){extra_en}",
        warned=(seat,),
    )


def _wrong_then_pozzetto(
    d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details
) -> Ruling:
    seat = _who(offender, irr)
    poz = _taken_pozzetto(d, seat, irr)
    taken_at = d._pozzetto_of[seat][1]
    if det.stage is None:
        raise _bad(
            "indicare se il pozzetto è stato visto o giocato",
            "say whether the pozzetto was seen or played",
            "23",
        )
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
            f"pozzetto rimesso al suo posto; scarto immediato di {format_cards(out)}",
            f"pozzetto put back; immediate discard of {format_cards(out)}",
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
            f"scarto immediato di {format_cards(out)}; il pozzetto resta congelato in mano "
            "fino al prossimo turno; il compagno non può chiudere fino ad allora",
            f"immediate discard of {format_cards(out)}; the pozzetto stays frozen in hand until "
            "the next turn; the partner may not close until then",
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
        f"gioco interrotto: giochi fatti col pozzetto congelati fino al prossimo turno; "
        f"{format_cards(cards)} messe da parte, negative a fine smazzata; si scarta",
        f"turn stopped: melds made with the pozzetto frozen until the next turn; "
        f"{format_cards(cards)} set apart, negative at the end; discard now",
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
            f"carta esposta legata a un gioco del compagno: scarto immediato di {format_cards(out)}",
            f"exposed card laid on the partner's meld: immediate discard of {format_cards(out)}",
            discarded=out,
        )
    cards = det.cards or d.exposed(seat)
    if not cards:
        raise _bad("nessuna carta esposta", "no exposed card", "24")
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
            f"carta esposta non giocata per prima: scarto immediato di {format_cards(out)}",
            f"exposed card not played first: immediate discard of {format_cards(out)}",
            discarded=out,
        )
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"{format_cards(cards)} esposte: al proprio turno vanno giocate subito, altrimenti "
        "scartate; non legabili a giochi aperti o allungati dal compagno",
        f"{format_cards(cards)} exposed: to be played first in the own turn or discarded; not "
        "on melds the partner opens or extends",
    )


def _thrown(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if not det.cards:
        raise _bad("indicare le carte lanciate", "name the thrown cards", "26")
    if det.meld is not None:
        d._hands[seat].extend(_pull(d, d.meld_by_id(det.meld), det.cards))
    if d._turn is seat and d._phase is Phase.PLAY:
        out = _immediate(d, seat, det.cards)
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            f"lancio non consentito: scarto immediato di {format_cards(out)} (art. 25)",
            f"throw not allowed: immediate discard of {format_cards(out)} (art. 25)",
            discarded=out,
        )
    d._take(seat, det.cards)
    aside = _set_aside(d, seat, det.cards)
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"lancio non consentito: {format_cards(aside)} penalizzate, scartate nei prossimi turni",
        f"throw not allowed: {format_cards(aside)} penalized, discarded in the next turns",
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
        raise _bad("nessuna carta eccedente nel gioco", "no excess card in the meld", "25")
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
            f"errore rilevato al momento: scarto immediato di {format_cards(out)}",
            f"found at once: immediate discard of {format_cards(out)}",
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
            f"errore rilevato dopo lo scarto: {format_cards(aside)} al lato del tavolo, scarto "
            "obbligatorio al prossimo turno; il gioco resta valido",
            f"found after the discard: {format_cards(aside)} at the side of the table, the "
            "obligatory discard of the next turn; the meld stands",
            aside=aside,
        )
    tm.freeze_definitively(excess)
    return _ruling(
        d,
        irr,
        seat,
        found,
        f"errore rilevato dopo: gioco congelato definitivamente; {format_cards(excess)} "
        "contate negative a fine smazzata",
        f"found later: meld frozen for good; {format_cards(excess)} count negative at the end",
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
        raise _bad(
            f"si sana con al massimo {max_cards} carta",
            f"heal with at most {max_cards} card",
            irr.article,
        )
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
                f"gioco sanato con {format_cards(det.healing)}: il giocatore prosegue",
                f"meld healed with {format_cards(det.healing)}: the player goes on",
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
                f"gioco sanato con {format_cards(det.healing)}; scarto immediato delle "
                f"eccedenti {format_cards(out)}",
                f"meld healed with {format_cards(det.healing)}; immediate discard of the excess "
                f"{format_cards(out)}",
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
        f"gioco non sanato: scarto immediato di {format_cards(out)}",
        f"meld not healed: immediate discard of {format_cards(out)}",
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
        raise _bad("il mazzo è completo", "the deck is complete", "27")
    what = (
        f"mancanti {format_cards(sorted(missing.elements()))}; "
        f"eccedenti {format_cards(sorted(extra.elements()))}"
    )
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
            f"prima dell'inizio del gioco ({what}): il mazzo è ripristinato e si ridistribuisce",
            f"before play started ({what}): the deck is restored and dealt again",
            redeal=True,
            next_to_act=None,
        )
    return _ruling(
        d,
        irr,
        offender,
        det.found,
        f"durante o dopo la smazzata ({what}): il risultato è valido; il mazzo sarà sostituito",
        f"during or after the deal ({what}): the result stands; the deck will be replaced",
    )


# ------------------------------------------------------------- art. 30, 31


def _missing_draw(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    if d._turn is not seat or d._phase is not Phase.DRAW:
        raise _bad(
            f"{seat.value} non è di turno senza aver pescato",
            f"{seat.value} is not on turn without a draw",
            "30",
        )
    plays = _plays(d, seat)
    if det.reminded_by is not None and det.reminded_by.line is not seat.line and not plays:
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            "avvisato dagli avversari: nessuna infrazione, pesca e continua",
            "reminded by the opponents: no offence, draw and go on",
        )
    frozen = _freeze_plays(d, plays, seat)
    d._limits[seat] = (TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD, True)
    return _ruling(
        d,
        irr,
        seat,
        Found.AT_ONCE,
        "gioco interrotto: pesca o raccoglie e scarta; i giochi fatti sono congelati fino al "
        "prossimo turno (negativi se qualcuno chiude)",
        "turn stopped: draw or pick up and discard; the melds made are frozen until the next "
        "turn (negative if someone closes)",
        frozen=frozen,
        limit=TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD,
    )


def _take_action(d: ArbiterDeal, seat: Seat, irr: Irregularity) -> int:
    for a in reversed(d.log):
        if a.seat is seat and a.kind in (ActionKind.DRAW, ActionKind.PICK_UP):
            return a.index
    raise _bad(f"{seat.value} non ha pescato né raccolto", f"{seat.value} did not draw", "31")


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
        return _ruling(
            d,
            irr,
            seat,
            det.found,
            ("monte degli scarti ripristinato" if pick else "carta rimessa sul tallone")
            + (f" dopo averla mostrata a {shown.value}" if shown and not pick else "")
            + "; al suo turno il colpevole "
            + ("raccoglie e scarta" if pick else "pesca e scarta"),
            ("discard pile restored" if pick else "card put back on the stock")
            + (f" after showing it to {shown.value}" if shown and not pick else "")
            + "; in their turn the offender only "
            + ("picks up and discards" if pick else "draws and discards"),
            returned=act.cards,
            limit=limit,
        )
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
        f"gioco interrotto: giochi aperti in disparte congelati; scarto {card} preparato "
        f"coperto; la mano torna a {d._turn.value}; al turno effettivo solo lo scarto",
        f"play stopped: melds set apart, frozen; discard {card} prepared face down; the turn "
        f"goes back to {d._turn.value}; in the real turn only the discard",
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
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        (
            "monte ripristinato"
            if pick
            else f"carta rimessa sul tallone dopo averla mostrata a {seat.next.value}"
        )
        + "; il colpevole scarta subito e gioca il pozzetto al prossimo turno",
        (
            "pile restored"
            if pick
            else f"card put back on the stock after showing it to {seat.next.value}"
        )
        + "; the offender discards now and plays the pozzetto next turn",
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
        raise _bad("il gioco non è una combinazione", "the meld is not a set", "32")
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
        raise _bad("la linea non ha un'altra combinazione uguale", "no other equal set", "32")
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
            f"combinazioni unite e congelate definitivamente; la seconda matta {wild} è "
            "scartata subito",
            f"sets merged and frozen for good; the second wild {wild} is discarded at once",
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
        "combinazioni unite e congelate definitivamente; il turno del colpevole finisce con lo "
        "scarto",
        "sets merged and frozen for good; the offender's turn ends with the discard",
        frozen=(first.id,),
        limit=TurnLimit.DISCARD_ONLY,
    )


# ------------------------------------------------------------- art. 33


def _closing(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = offender or d._closer
    if seat is None or d._closer is not seat or d._end is not EndReason.CLOSING:
        raise _bad("non c'è una chiusura da esaminare", "there is no closing to rule on", "33")
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
        d._start_turn(seat.next)
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            f"chiusura non valida: l'ultimo gioco {format_cards(aside)} è penalizzato e posto al "
            "lato del tavolo; lo scarto resta; il gioco prosegue",
            f"invalid closing: the last play {format_cards(aside)} is penalized and put at the "
            "side; the discard stays; play goes on",
            aside=aside,
        )
    if irr is Irregularity.CLOSING_WITH_WILD:
        if plays:
            p = plays[-1]
            back = _pull(d, d.meld_by_id(p.meld), p.added)
            d._hands[seat].extend(back)
        d._start_turn(seat.next)
        return _ruling(
            d,
            irr,
            seat,
            Found.AT_ONCE,
            f"chiusura con matta: {format_cards(back)} riprese in mano, la matta resta scarto; "
            "potrà chiudere al giro successivo",
            f"closing with a wild: {format_cards(back)} taken back, the wild stays discarded; "
            "closing next round",
            returned=back,
        )
    # closing without a discard, with a burraco
    if not plays:
        raise _bad("nessun gioco da riprendere", "no play to take back", "33")
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
            f"chiusura senza scarto: {format_cards(back)} riportate in mano; lo scarto è una di "
            "queste carte",
            f"closing without discard: {format_cards(back)} back in hand; the discard is one "
            "of them",
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
        f"chiusura legando anche lo scarto: penultimo gioco {format_cards(back)} ripreso in "
        f"mano, {format_cards(out)} scartata",
        f"closing by laying off the discard too: the play before {format_cards(back)} taken "
        f"back, {format_cards(out)} discarded",
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
            "la mano è ricostruita dalla registrazione della smazzata",
            "the hand is rebuilt from the record of the deal",
        )
    if det.arbitral_score is None:
        raise _bad("indicare il punteggio arbitrale", "give the arbitral score", "34")
    d._arbitral[seat.line] = det.arbitral_score
    return _ruling(
        d,
        irr,
        seat,
        det.found,
        f"mano non ricostruibile: punteggio arbitrale {det.arbitral_score} alla linea",
        f"hand cannot be rebuilt: arbitral score {det.arbitral_score} to the line",
    )


def _ghost(d: ArbiterDeal, irr: Irregularity, offender: Seat | None, det: Details) -> Ruling:
    seat = _who(offender, irr)
    ghost = det.cards
    if not ghost:
        raise _bad("indicare la carta fantasma", "name the ghost card", "35")
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
                raise _bad(f"{x} non è nel monte", f"{x} is not in the pile", "35")
            i = len(d._pile) - 1 - d._pile[::-1].index(x)
            del d._pile[i]
        d._hands[seat].extend(ghost)
        d._exposed[seat] += [(x, len(d.log)) for x in ghost]
        return _ruling(
            d,
            irr,
            seat,
            det.found,
            f"carta fantasma {format_cards(ghost)} con lo scarto: torna al giocatore come carta "
            "esposta (art. 24 punto 2)",
            f"ghost card {format_cards(ghost)} with the discard: back to the player as an "
            "exposed card (art. 24 point 2)",
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
                f"{format_cards(ghost)} non è in un gioco di {seat.value}",
                f"{format_cards(ghost)} is in no meld of {seat.value}",
                "35",
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
            f"carta fantasma {format_cards(ghost)} rinvenuta dopo: gioco congelato "
            "definitivamente, la carta è pagata negativa",
            f"ghost card {format_cards(ghost)} found later: meld frozen for good, the card "
            "counts negative",
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
                f"carta fantasma sanata con {format_cards(det.healing)}: si prosegue",
                f"ghost card healed with {format_cards(det.healing)}: play goes on",
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
        f"carta fantasma non sanabile: scarto immediato di {format_cards(out)}"
        + ("; giochi aperti dopo congelati fino al prossimo turno" if frozen else ""),
        f"ghost card cannot be healed: immediate discard of {format_cards(out)}"
        + ("; melds opened after it frozen until the next turn" if frozen else ""),
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
