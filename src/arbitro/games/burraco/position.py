"""The position notation of a Burraco deal, like chess's FEN: one line that says everything
:meth:`Deal.push <arbitro.games.burraco.deal.Deal.push>`, ``legal_moves`` and the scores read,
so that ``Deal.from_position(str(deal))`` is the same position (with an empty move stack).

Sections joined by ``" | "``, each a keyword and its value, always all of them in this order
(``-`` for an empty value)::

    dealer N | turn E | phase draw | turns 0
    | N <cards> | E <cards> | S <cards> | W <cards>
    | NS <meld>, <meld> | EW <meld>
    | pile <cards> | stock <cards> | pozzetti <cards> / <cards>
    | taken <lines> | unplayed <seats> | single <card> | timeout <n> | end <reason> [<seat>]
    | flags <flag> ...

(on one line). ``dealer``, ``turn``: a seat (``N E S W``; arts. 4, 6). ``phase``: ``draw``,
``play`` or ``over``. ``turns``: the turns ended by a discard (art. 18: no closing before all
four have played). The hands in the cards' notation (``AH 10D JK``), each in display order.
``NS``, ``EW``: each line's melds in the order opened (``layoff N`` numbers them), each in
table order, a run low to high with its wild at the place it stands for (``3H 4H 5H 2H 7H``:
the 2H stands for the 6H), a set naturals first and the wild last (arts. 11-14). ``pile``: the
discard pile bottom first; ``stock``: the stock top first; ``pozzetti``: those still on the
table, the next taken first (art. 6). ``taken``: the lines that took their pozzetto;
``unplayed``: the seats holding a pozzetto taken "con lo scarto" not played yet (art. 23).
``single``: the card of a one-card pile picked up this turn (art. 10: not discarded at once
without a twin). ``timeout``: the rounds still to play after the arbiter's call (art. 17; 0
when time is not called). ``end``: how the deal ended (``closing``, ``stock_exhausted``,
``time_out``) and, for a closing, the closer. ``flags``: ``small`` (the pile picked up this turn
had at most two cards: a closing now is "al monte", art. 18), ``last`` (the stock is down to its
unplayable cards: this turn is the last, art. 18), ``monte`` (the deal was closed al monte).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from arbitro.cards import ALL_CARDS, Card, format_cards, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.core import LINES, SEATS, Line, Seat
from arbitro.games.core.errors import position_detail
from arbitro.games.core.table import EndReason, Phase

if TYPE_CHECKING:
    from arbitro.games.burraco.deal import Deal

KEYS: Final = (
    "dealer",
    "turn",
    "phase",
    "turns",
    "N",
    "E",
    "S",
    "W",
    "NS",
    "EW",
    "pile",
    "stock",
    "pozzetti",
    "taken",
    "unplayed",
    "single",
    "timeout",
    "end",
    "flags",
)
"""The sections of a position, in their order."""
FLAGS: Final = ("small", "last", "monte")


@dataclass(frozen=True, slots=True)
class PositionFields:
    """A position as read: every section's value (see the module docstring)."""

    dealer: Seat
    turn: Seat
    phase: Phase
    turns: int
    hands: tuple[tuple[Card, ...], ...]
    melds: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]
    pile: tuple[Card, ...]
    stock: tuple[Card, ...]
    pozzetti: tuple[tuple[Card, ...], ...]
    taken: frozenset[Line]
    unplayed: frozenset[Seat]
    single: Card | None
    timeout_left: int
    end: EndReason | None
    closer: Seat | None
    small_pickup: bool
    last_turn: bool
    al_monte: bool


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return format_cards(cards) if cards else "-"


def _words(values: list[str]) -> str:
    return " ".join(values) if values else "-"


def position_text(deal: Deal) -> str:
    """The position of ``deal`` in this module's notation."""
    d = deal
    end = "-"
    if d._end is not None:
        end = d._end.value + (f" {SEATS[d._closer].value}" if d._closer >= 0 else "")
    flags = [
        name
        for name, on in zip(FLAGS, (d._small_pickup, d._last_turn, d._al_monte), strict=True)
        if on
    ]
    parts = [
        f"dealer {d.dealer.value}",
        f"turn {SEATS[d._turn].value}",
        f"phase {d._phase.value}",
        f"turns {d._turns}",
        *(f"{seat.value} {_cards(d.hand(seat))}" for seat in SEATS),
        *(
            f"{line.value} " + (", ".join(str(m) for m in ms) if ms else "-")
            for line, ms in zip(LINES, d._melds, strict=True)
        ),
        f"pile {_cards(d._pile)}",
        f"stock {_cards(d._stock[::-1])}",
        "pozzetti " + (" / ".join(format_cards(p) for p in d._pozzetti) or "-"),
        "taken " + _words([ln.value for ln, t in zip(LINES, d._taken, strict=True) if t]),
        "unplayed " + _words([s.value for s, u in zip(SEATS, d._unplayed, strict=True) if u]),
        "single " + (str(_card(d._single)) if d._single >= 0 else "-"),
        f"timeout {d._timeout_left}",
        f"end {end}",
        "flags " + _words(flags),
    ]
    return " | ".join(parts)


def _card(i: int) -> Card:
    return ALL_CARDS[i]


def parse_position(text: str) -> PositionFields:
    """Read a position written by :func:`position_text`; a malformed one raises
    :class:`ArbitroError`."""
    try:
        return _parse(text)
    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as err:
        raise ArbitroError(
            "not a Burraco position: {error}",
            error=position_detail(err),
            key="burraco.bad_position",
        ) from err


def _read_cards(value: str) -> tuple[Card, ...]:
    return () if value == "-" else parse_cards(value)


def _read_words(value: str) -> list[str]:
    return [] if value == "-" else value.split()


def sections(text: str, keys: tuple[str, ...]) -> dict[str, str]:
    """The sections of a position string, ``key value | key value | ...``, in the order of
    ``keys`` (each named by its key; a value never empty): key → value. ValueError if a
    section is missing, extra, out of order or empty."""
    parts = [part.strip() for part in text.strip().split("|")]
    if len(parts) != len(keys):
        raise ValueError(f"{len(parts)} sections, not {len(keys)}")
    v: dict[str, str] = {}
    for key, part in zip(keys, parts, strict=True):
        head, _, rest = part.partition(" ")
        if head != key or not rest.strip():
            raise ValueError(f"section {key!r} expected, not {part!r}")
        v[key] = rest.strip()
    return v


def _parse(text: str) -> PositionFields:
    v = sections(text, KEYS)
    melds = tuple(
        tuple(_read_cards(m.strip()) for m in v[line.value].split(","))
        if v[line.value] != "-"
        else ()
        for line in LINES
    )
    end_words = _read_words(v["end"])
    flags = set(_read_words(v["flags"]))
    if not flags <= set(FLAGS):
        raise ValueError(f"unknown flags {sorted(flags - set(FLAGS))}")
    single = _read_cards(v["single"])
    turns, timeout = int(v["turns"]), int(v["timeout"])
    if turns < 0 or timeout < 0:
        raise ValueError("negative count")
    return PositionFields(
        dealer=Seat(v["dealer"]),
        turn=Seat(v["turn"]),
        phase=Phase(v["phase"]),
        turns=turns,
        hands=tuple(_read_cards(v[s.value]) for s in SEATS),
        melds=(melds[0], melds[1]),
        pile=_read_cards(v["pile"]),
        stock=_read_cards(v["stock"]),
        pozzetti=tuple(
            _read_cards(p.strip()) for p in v["pozzetti"].split("/") if v["pozzetti"] != "-"
        ),
        taken=frozenset(Line(w) for w in _read_words(v["taken"])),
        unplayed=frozenset(Seat(w) for w in _read_words(v["unplayed"])),
        single=single[0] if single else None,
        timeout_left=timeout,
        end=EndReason(end_words[0]) if end_words else None,
        closer=Seat(end_words[1]) if len(end_words) > 1 else None,
        small_pickup="small" in flags,
        last_turn="last" in flags,
        al_monte="monte" in flags,
    )
