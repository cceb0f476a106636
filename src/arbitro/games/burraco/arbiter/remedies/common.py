"""What every remedy of Section C shares: the arbiter's details of an irregularity, the
offender's plays, when the error was found (art. 25.2), the excess cards (art. 2), the
immediate discard (art. 2), penalized cards (art. 25) and temporary freezes (art. 2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from itertools import combinations
from typing import TYPE_CHECKING, Any

from arbitro.cards import Card, format_cards, parse_cards
from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.burraco import IllegalMoveError, Phase, Seat
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Freeze,
    Irregularity,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.records import Ruling
from arbitro.games.burraco.arbiter.table import (
    TableMeld,
    discard_order,
    largest_valid,
    minus,
    try_meld,
)
from arbitro.games.burraco.errors import fibas
from arbitro.games.core import arbiter as core
from arbitro.games.core.seats import LINES
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal, Play


@dataclass(frozen=True, slots=True)
class Details:
    """What the arbiter says about the irregularity (see :meth:`ArbiterDeal.rule`), read from
    the core irregularity's JSON-ready ``details`` (:func:`details_json`, :func:`parse_details`).

    ``named``: an offender was named (arts. 22, 23, 27 may have none); ``table_acted``: the
    table acted before calling the arbiter (art. 22); ``what``: the kind of misdeal (art. 6).
    """

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
    table_acted: bool = False
    what: str | None = None
    named: bool = True


_FLAGS = ("seen", "used", "rebuilt", "information", "table_acted", "named")


def details_json(**details: object) -> dict[str, Any]:
    """The arbiter's details as JSON-ready values, in the script's notation (cards as text,
    enums and seats by their values); defaults left out."""
    out: dict[str, Any] = {}
    default = Details()
    for key, value in details.items():
        if value is None or value == () or value == getattr(default, key):
            continue
        if isinstance(value, Enum):
            out[key] = value.value
        elif isinstance(value, Card):
            out[key] = str(value)
        elif isinstance(value, tuple | list):
            out[key] = format_cards(value)
        else:
            out[key] = value
    return out


def parse_details(details: Mapping[str, Any]) -> Details:
    """The :class:`Details` of JSON-ready ``details`` (typed values are taken as they are)."""
    kw: dict[str, Any] = {}
    for key, value in details.items():
        if key not in Details.__dataclass_fields__:
            raise bad(message("unknown key {key!r}", key=key), fibas("arbiter"))
        if not isinstance(value, str) or key == "what":
            kw[key] = tuple(value) if key in ("cards", "healing") else value
        elif key == "found":
            kw[key] = Found(value)
        elif key == "stage":
            kw[key] = PozzettoStage(value)
        elif key == "reminded_by":
            kw[key] = Seat(value)
        elif key in ("cards", "healing"):
            kw[key] = parse_cards(value)
        elif key == "prepared":
            kw[key] = parse_cards(value)[0]
        elif key in ("meld", "pozzetto", "arbitral_score"):
            kw[key] = int(value)
        elif key in _FLAGS:
            kw[key] = value.lower() in ("1", "true", "yes")
    return Details(**kw)


def core_records(entry: Ruling) -> tuple[core.ArbiterRecord, ...]:
    """The core's records of a Burraco ruling: melds frozen (by id, the script's meld numbers),
    penalized cards at the side (art. 25), the turn interrupted (an immediate discard, art. 2,
    or a turn cut to its discard, arts. 23, 30, 32), an arbitral score (art. 34), a new deal."""
    out: list[core.ArbiterRecord] = []
    who = entry.offender
    if entry.frozen and who is not None:
        out.append(core.Freeze(who.line, tuple(str(m) for m in entry.frozen)))
    if entry.aside and who is not None:
        out.append(core.PenalizedCards(who, tuple(map(str, entry.aside))))
    cut = entry.limit in (TurnLimit.DISCARD_ONLY, TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD)
    if who is not None and (entry.discarded or cut or entry.interrupted):
        out.append(core.InterruptedTurn(who))
    if entry.arbitral is not None and who is not None:
        out.append(core.ArbitralScore({who.line: entry.arbitral}))
    if entry.redeal:
        out.append(core.NewDeal(entry.irregularity.value))
    return tuple(out)


def bad(text: Message, article: Citation) -> ArbitroError:
    """A refused ruling (the arbiter's details do not fit the deal), citing ``article``."""
    return ArbitroError(text, article=article, key="arbiter.bad_ruling")


def offender_of(offender: Seat | None, irr: Irregularity) -> Seat:
    """The offender named, or a refusal citing the irregularity's article (art. 22)."""
    if offender is None:
        raise bad(message("name the offender"), irr.citation)
    return offender


def decided(
    d: ArbiterDeal,
    irr: Irregularity,
    offender: Seat | None,
    found: Found | None,
    text: Message,
    **fields: object,
) -> Ruling:
    """The ruling on ``irr``, taken at the deal's current moment, with the remedy's fields and
    who plays next (arts. 22-35)."""
    r = Ruling(irr, offender, found, len(d.log), text, next_to_act=d.next_to_act)
    return replace(r, **fields)  # type: ignore[arg-type]  # fields named by the caller, of the record's own types


def plays_in_turn(d: ArbiterDeal, seat: Seat, turn: int | None = None) -> list[Play]:
    """The melds and lay-offs ``seat`` made in ``turn`` (default: the turn being played), the
    plays a freeze of arts. 28 and 35 reaches."""
    t = d.turns_played if turn is None else turn
    return [p for p in d.plays if p.seat is seat and p.turn == t]


def play_of(
    d: ArbiterDeal, seat: Seat, meld: int | None, irr: Irregularity, *, invalid: bool = False
) -> Play:
    """The offender's play on ``meld`` (default: its last play; with ``invalid``, its last play
    on a meld that is not valid, if any)."""
    if meld is None and invalid:
        for p in reversed(d.plays):
            if p.seat is seat and any(
                t.id == p.meld and not t.valid for ln in LINES for t in d.melds(ln)
            ):
                return p
    for p in reversed(d.plays):
        if p.seat is seat and (meld is None or p.meld == meld):
            return p
    if meld is None:
        raise bad(message("{seat} made no play", seat=seat.value), irr.citation)
    raise bad(
        message("{seat} made no play on meld {meld}", seat=seat.value, meld=meld), irr.citation
    )


def found_when(d: ArbiterDeal, seat: Seat, action: int, given: Found | None) -> Found:
    """When the error was found (art. 25.2): during the turn, right after it, or later."""
    if given is not None:
        return given
    turn_of_action = d.log[action].turn if action < len(d.log) else d.turns_played
    if d.turn is seat and turn_of_action == d.turns_played and d.phase is not Phase.OVER:
        return Found.AT_ONCE
    if turn_of_action == d.turns_played - 1 and d.turn is seat.left and d.phase is Phase.DRAW:
        return Found.AFTER_DISCARD
    return Found.LATER


def excess_of(d: ArbiterDeal, play: Play, tm: TableMeld) -> tuple[Card, ...]:
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


def pull(d: ArbiterDeal, tm: TableMeld, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Take ``cards`` off a table meld; a meld left with under three cards goes entirely."""
    rest = minus(tm.cards, cards)
    if len(rest) + len(cards) != len(tm.cards):
        raise bad(
            message(
                "cards {cards} are not in meld {meld}", cards=format_cards(cards), meld=str(tm)
            ),
            fibas("penalized_cards"),
        )
    if len(rest) < d.code.meld_min_cards:
        d.remove_meld(tm)
        return tm.cards
    m = try_meld(rest, d.code)
    tm.cards, tm.meld = (m.cards if m else rest), m
    if tm.freeze is Freeze.DEFINITIVE:
        tm.positive = minus(tm.positive, cards)
    if tm.freeze is Freeze.TEMPORARY:
        tm.pending = minus(tm.pending, cards)
    return cards


def immediate_discard(
    d: ArbiterDeal, seat: Seat, cards: tuple[Card, ...], *, take_pozzetto: bool = True
) -> tuple[Card, ...]:
    """Scarto immediato (art. 2): the turn stops, the cards go to the pile highest first;
    without ``take_pozzetto`` a hand left empty leaves the pozzetto on the table (art. 23)."""
    if d.turn is not seat or d.phase is Phase.OVER:
        raise bad(
            message("an immediate discard happens in the offender's turn"),
            fibas("immediate_discard"),
        )
    order = tuple(discard_order(cards, d.code))
    d.take(seat, order)
    d.to_pile(order)
    d.end_turn(seat, order[-1] if order else None, penalty=True, take_pozzetto=take_pozzetto)
    return order


def set_aside(d: ArbiterDeal, seat: Seat, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Penalized cards to the side of the table, discarded one a turn highest first (art. 25)."""
    d.set_aside_cards(seat, discard_order([*d.aside(seat), *cards], d.code))
    return tuple(discard_order(cards, d.code))


def freeze_plays(d: ArbiterDeal, plays: list[Play], offender: Seat) -> tuple[int, ...]:
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
