"""The position notation of a deal in arbiter mode: the engine's Burraco notation
(:mod:`arbitro.games.burraco.position`, docs/notation-burraco.md) with the arbiter's state, so
that ``ArbiterDeal.from_position(str(deal))`` is the same position (with nothing recorded).

Sections joined by ``" | "``, each a keyword and its value, always all of them in this order
(``-`` for an empty value). The engine's first eighteen, without ``single``::

    dealer N | turn E | phase draw | turns 0 | N <cards> | E <cards> | S <cards> | W <cards>
    | NS <meld>, <meld> | EW <meld> | pile <cards> | stock <cards> | pozzetti <cards> / <cards>
    | taken <lines> | unplayed <seats> | timeout <n> | end <reason> [<seat>] | flags <flag> ...

then the arbiter's::

    | volo <seat> | aside <seat> <cards>; ... | exposed <seat> <card>@<n> ...; ...
    | prepared <seat> <card>; ... | barred <seat> <card>@<n> ...; ... | must <seat> <cards>; ...
    | limits <seat> <limit> now|next <irregularity>; ... | noclose <line> <seat>; ...
    | took <seat>@<n> <cards>; ... | negative <line> <cards>; ... | arbitral <line> <points>; ...
    | closenext <seat> | nextid <n>

A meld of ``NS``/``EW`` is ``<id> <opener> <cards>`` (the cards as they lie: a valid meld in
the engine's order, a wrong one as laid) followed by ``/ <part>`` where they apply: ``wrong``
(not a valid meld, arts. 25, 28), ``temporary <seat> <pending cards>`` (frozen until that
seat's next turn, the pending cards negative meanwhile: arts. 2, 30, 31), ``definitive
<positive cards> <burraco made before or ->`` (frozen for good, art. 2), ``touched <seat>@<n>
...`` (who made or extended it, and when). ``flags``: ``last`` (the stock is down to its
unplayable cards, art. 18), ``void`` (the deal is dealt again, arts. 6, 27).

``<card>@<n>``, ``<seat>@<n>``: when, in actions counted from the position (``-3``: three
actions before it): art. 24's exposed card and art. 33's card taken back may not go onto a meld
the partner made or extended since. ``aside``: the penalized cards in their discard order
(arts. 2, 25); ``exposed``: art. 24's cards still to be played first; ``prepared``: art. 31's
discard set face down; ``barred``: art. 33's cards not playable before the next turn;
``must``: art. 33's cards of which the next discard is one; ``limits``: what a seat may do in
its turn after a ruling (arts. 10, 23, 28-33), ``now`` if it applies to the turn on, and the
irregularity ruled, whose article the obligation cites (an action that ignores it is refused);
``noclose``: the line may not close until that seat's next turn (art. 23); ``took``: the
pozzetto each seat took and when (art. 23); ``negative``: cards set apart that count negative
(art. 23); ``arbitral``: an arbitral score in place of a line's total (art. 34);
``closenext``: the seat whose closing al monte becomes valid at its next turn (art. 18);
``volo``: the seat that took its pozzetto "al volo" this turn; ``nextid``: the next meld's id.

The actions recorded, the rulings, the warnings and the plays a remedy takes back are the
deal's record (its script), not its position: a ruling on an action made before the position
was written needs the script replayed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from arbitro.cards import Card, format_cards, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco.arbiter.irregularities import (
    Freeze,
    IrregularityKind,
    Obligation,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.table import TableMeld
from arbitro.games.burraco.melds import BurracoKind
from arbitro.games.burraco.position import sections
from arbitro.games.core import LINES, SEATS, Line, Seat
from arbitro.games.core.table import EndReason, Phase

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter.deal import ArbiterDeal

K = TypeVar("K")
V = TypeVar("V")

KEYS: Final = (
    *("dealer", "turn", "phase", "turns", "N", "E", "S", "W", "NS", "EW", "pile", "stock"),
    *("pozzetti", "taken", "unplayed", "timeout", "end", "flags", "volo", "aside", "exposed"),
    *("prepared", "barred", "must", "limits", "noclose", "took", "negative", "arbitral"),
    *("closenext", "nextid"),
)
"""The sections of an arbiter position, in their order."""
FLAGS: Final = ("last", "void")


@dataclass(frozen=True, slots=True)
class MeldFields:
    """A meld on the table as read: see the module docstring."""

    id: int
    opened_by: Seat
    cards: tuple[Card, ...]
    valid: bool
    freeze: Freeze
    frozen_by: Seat | None
    pending: tuple[Card, ...]
    positive: tuple[Card, ...]
    burraco_before: BurracoKind | None
    touched_by: tuple[tuple[Seat, int], ...]


@dataclass(frozen=True, slots=True)
class ArbiterPositionFields:
    """An arbiter position as read: every section's value (see the module docstring)."""

    dealer: Seat
    turn: Seat
    phase: Phase
    turns: int
    hands: dict[Seat, tuple[Card, ...]]
    melds: dict[Line, tuple[MeldFields, ...]]
    pile: tuple[Card, ...]
    stock: tuple[Card, ...]
    pozzetti: tuple[tuple[Card, ...], ...]
    taken: frozenset[Line]
    unplayed: frozenset[Seat]
    timeout_left: int
    end: EndReason | None
    closer: Seat | None
    last_turn: bool
    void: bool
    volo: Seat | None
    aside: dict[Seat, tuple[Card, ...]]
    exposed: dict[Seat, tuple[tuple[Card, int], ...]]
    prepared: dict[Seat, Card]
    barred: dict[Seat, tuple[tuple[Card, int], ...]]
    must: dict[Seat, tuple[Card, ...]]
    limits: dict[Seat, Obligation]
    no_closing: dict[Line, Seat]
    took: dict[Seat, tuple[tuple[Card, ...], int]]
    negative: dict[Line, tuple[Card, ...]]
    arbitral: dict[Line, int]
    close_next: Seat | None
    next_id: int


def _cards(cards: Iterable[Card]) -> str:
    return format_cards(cards) or "-"


def _timed(items: Iterable[tuple[Card, int]], base: int) -> str:
    return " ".join(f"{x}@{at - base}" for x, at in items)


def _keyed(pairs: Iterable[tuple[str, str]]) -> str:
    """``key value; key value`` (``-`` when there is none)."""
    return "; ".join(f"{k} {v}" for k, v in pairs) or "-"


def _meld(m: TableMeld, base: int) -> str:
    parts = [f"{m.id} {m.opened_by.value} {format_cards(m.cards)}"]
    if m.meld is None:
        parts.append("wrong")
    if m.freeze is Freeze.TEMPORARY:
        by = m.frozen_by.value if m.frozen_by is not None else "-"
        parts.append(f"temporary {by} {_cards(m.pending)}")
    elif m.freeze is Freeze.DEFINITIVE:
        kind = m.burraco_before.value if m.burraco_before is not None else "-"
        parts.append(f"definitive {_cards(m.positive)} {kind}")
    if m.touched_by:
        parts.append("touched " + " ".join(f"{s.value}@{at - base}" for s, at in m.touched_by))
    return " / ".join(parts)


def arbiter_position_text(deal: ArbiterDeal) -> str:
    """The position of ``deal`` in this module's notation."""
    d = deal
    base = len(d.log)  # times are written relative to the position (see the module docstring)
    end = "-"
    if d._end is not None:
        end = d._end.value + (f" {SEATS[d._closer].value}" if d._closer >= 0 else "")
    flags = [n for n, on in zip(FLAGS, (d._last_turn, d._void), strict=True) if on]
    parts = [
        f"dealer {d.dealer.value}",
        f"turn {SEATS[d._turn].value}",
        f"phase {d._phase.value}",
        f"turns {d._turns}",
        *(f"{s.value} {_cards(d.hand(s))}" for s in SEATS),
        *(
            f"{ln.value} " + (", ".join(_meld(m, base) for m in d._melds[ln]) or "-")
            for ln in LINES
        ),
        f"pile {_cards(d._pile)}",
        f"stock {_cards(d._stock)}",
        "pozzetti " + (" / ".join(_cards(p) for p in d._pozzetti) or "-"),
        "taken " + (" ".join(ln.value for ln in LINES if d._taken[ln]) or "-"),
        "unplayed " + (" ".join(s.value for s in SEATS if s in d._unplayed) or "-"),
        f"timeout {d._timeout_left}",
        f"end {end}",
        "flags " + (" ".join(flags) or "-"),
        "volo " + (d._volo.value if d._volo is not None else "-"),
        "aside " + _keyed((s.value, format_cards(d._aside[s])) for s in SEATS if d._aside[s]),
        "exposed " + _keyed((s.value, _timed(d._exposed[s], base)) for s in SEATS if d._exposed[s]),
        "prepared " + _keyed((s.value, str(d._prepared[s])) for s in SEATS if s in d._prepared),
        "barred " + _keyed((s.value, _timed(d._barred[s], base)) for s in SEATS if d._barred[s]),
        "must "
        + _keyed((s.value, format_cards(d._must_from[s])) for s in SEATS if d._must_from.get(s)),
        "limits " + _keyed((s.value, _obligation(d._limits[s])) for s in SEATS if s in d._limits),
        "noclose "
        + _keyed((ln.value, d._no_closing[ln].value) for ln in LINES if ln in d._no_closing),
        "took "
        + _keyed(
            (f"{s.value}@{at - base}", _cards(cards))
            for s in SEATS
            if s in d._pozzetto_of
            for cards, at in (d._pozzetto_of[s],)
        ),
        "negative "
        + _keyed((ln.value, format_cards(d._negative[ln])) for ln in LINES if d._negative[ln]),
        "arbitral " + _keyed((ln.value, str(d._arbitral[ln])) for ln in LINES if ln in d._arbitral),
        "closenext " + (d._close_next.value if d._close_next is not None else "-"),
        f"nextid {d._next_id}",
    ]
    return " | ".join(parts)


def parse_arbiter_position(text: str) -> ArbiterPositionFields:
    """Read a position written by :func:`arbiter_position_text`; a malformed one raises
    :class:`ArbitroError`."""
    try:
        return _parse(text)
    except (KeyError, ValueError, IndexError, TypeError, AttributeError, ArbitroError) as err:
        raise ArbitroError(
            "not a Burraco arbiter position: {error}",
            error=str(err),
            key="burraco.bad_arbiter_position",
        ) from err


def _read_cards(value: str) -> tuple[Card, ...]:
    return () if value == "-" else parse_cards(value)


def _read_timed(value: str) -> tuple[tuple[Card, int], ...]:
    out = []
    for token in value.split():
        card, at = token.split("@")
        out.append((parse_card(card), int(at)))
    return tuple(out)


def _read_keyed(value: str, key: Callable[[str], K], read: Callable[[str], V]) -> dict[K, V]:
    """``key value; key value`` as a dict (``-``: empty)."""
    if value == "-":
        return {}
    out: dict[K, V] = {}
    for item in value.split(";"):
        head, _, rest = item.strip().partition(" ")
        k = key(head)
        if k in out or not rest.strip():
            raise ValueError(f"bad item {item.strip()!r}")
        out[k] = read(rest.strip())
    return out


def _read_seat(value: str) -> Seat | None:
    return None if value == "-" else Seat(value)


def _read_timed_seat(value: str) -> tuple[Seat, int]:
    seat, at = value.split("@")
    return Seat(seat), int(at)


def _obligation(o: Obligation) -> str:
    """``<limit> now|next <irregularity>`` (the irregularity left out when not known)."""
    words = [o.limit.value, "now" if o.active else "next"]
    return " ".join(words + ([o.by.value] if o.by is not None else []))


def _read_limit(value: str) -> Obligation:
    limit, when, *by = value.split()
    if when not in ("now", "next") or len(by) > 1:
        raise ValueError(f"limit {value!r}: <limit> now|next <irregularity>")
    return Obligation(TurnLimit(limit), when == "now", IrregularityKind(by[0]) if by else None)


def _read_meld(text: str) -> MeldFields:
    head, *parts = [p.strip() for p in text.split("/")]
    ident, opener, *cards = head.split()
    valid, freeze = True, Freeze.NONE
    frozen_by: Seat | None = None
    pending: tuple[Card, ...] = ()
    positive: tuple[Card, ...] = ()
    before: BurracoKind | None = None
    touched: tuple[tuple[Seat, int], ...] = ()
    for part in parts:
        word, *rest = part.split()
        if word == "wrong" and not rest:
            valid = False
        elif word == "temporary" and len(rest) >= 2:
            freeze, frozen_by = Freeze.TEMPORARY, _read_seat(rest[0])
            pending = _read_cards(" ".join(rest[1:]))
        elif word == "definitive" and len(rest) >= 2:
            freeze = Freeze.DEFINITIVE
            positive = _read_cards(" ".join(rest[:-1]))
            before = BurracoKind(rest[-1]) if rest[-1] != "-" else None
        elif word == "touched" and rest:
            touched = tuple(_read_timed_seat(w) for w in rest)
        else:
            raise ValueError(f"meld part {part!r}")
    return MeldFields(
        int(ident),
        Seat(opener),
        parse_cards(" ".join(cards)),
        valid,
        freeze,
        frozen_by,
        pending,
        positive,
        before,
        touched,
    )


def _words(value: str) -> list[str]:
    return [] if value == "-" else value.split()


def _count(value: str) -> int:
    n = int(value)
    if n < 0:
        raise ValueError(f"negative count {n}")
    return n


def _parse(text: str) -> ArbiterPositionFields:
    v = sections(text, KEYS)
    end_words = _words(v["end"])
    flags = set(_words(v["flags"]))
    if not flags <= set(FLAGS):
        raise ValueError(f"unknown flags {sorted(flags - set(FLAGS))}")
    melds = {
        ln: tuple(_read_meld(m) for m in v[ln.value].split(",")) if v[ln.value] != "-" else ()
        for ln in LINES
    }
    ids = [m.id for ms in melds.values() for m in ms]
    if len(set(ids)) != len(ids):
        raise ValueError("two melds with one id")
    return ArbiterPositionFields(
        dealer=Seat(v["dealer"]),
        turn=Seat(v["turn"]),
        phase=Phase(v["phase"]),
        turns=_count(v["turns"]),
        hands={s: _read_cards(v[s.value]) for s in SEATS},
        melds=melds,
        pile=_read_cards(v["pile"]),
        stock=_read_cards(v["stock"]),
        pozzetti=tuple(_read_cards(p.strip()) for p in v["pozzetti"].split("/"))
        if v["pozzetti"] != "-"
        else (),
        taken=frozenset(Line(w) for w in _words(v["taken"])),
        unplayed=frozenset(Seat(w) for w in _words(v["unplayed"])),
        timeout_left=_count(v["timeout"]),
        end=EndReason(end_words[0]) if end_words else None,
        closer=Seat(end_words[1]) if len(end_words) > 1 else None,
        last_turn="last" in flags,
        void="void" in flags,
        volo=_read_seat(v["volo"]),
        aside=_read_keyed(v["aside"], Seat, parse_cards),
        exposed=_read_keyed(v["exposed"], Seat, _read_timed),
        prepared=_read_keyed(v["prepared"], Seat, parse_card),
        barred=_read_keyed(v["barred"], Seat, _read_timed),
        must=_read_keyed(v["must"], Seat, parse_cards),
        limits=_read_keyed(v["limits"], Seat, _read_limit),
        no_closing=_read_keyed(v["noclose"], Line, Seat),
        took={
            s: (cards, at)
            for (s, at), cards in _read_keyed(v["took"], _read_timed_seat, _read_cards).items()
        },
        negative=_read_keyed(v["negative"], Line, parse_cards),
        arbitral=_read_keyed(v["arbitral"], Line, int),
        close_next=_read_seat(v["closenext"]),
        next_id=_count(v["nextid"]),
    )
