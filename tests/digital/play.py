"""What the digital tables' property tests share (issue 32): an event of any code with a
digital engine, opened through the service; the cards a seat's message may show, worked out
from the engine's hands and the moves' notation (no game named, no view key read).

Which cards a seat may see, for any card game: its own hand, every card that has left a hand
(a card leaves a hand only face up: melded, laid off, discarded, played to a trick), every
card a move names, and the few cards face up when the deal starts (the first discard, a trump: the cards every seat's
first message shows beyond its hand, the same for all). Anything else — another hand, the
stock, a pozzetto — is hidden. A message's cards are the words of its strings that are
cards of the deal's layout (a card written like a seat, Parole's ``N``, cannot be told from
a seat's letter and is not counted)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import EventKind, code_spec, code_specs
from arbitro.games.core.seats import Seat
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


def digital_codes() -> list[str]:
    """Every code whose spec names an engine for digital tables (``CodeSpec.digital``)."""
    return [str(s.id) for s in code_specs() if s.digital]


class Clock:
    """A fixed clock (the records' times do not matter here)."""

    def __call__(self) -> datetime:
        return datetime(2026, 12, 2, 20, 30, tzinfo=UTC)


def seated_event(svc: EventService, event_id: str, code: str, tables: int, deals: int) -> None:
    """An event of ``code`` with ``tables`` tables in round 1, seated by draw and published:
    pairs (two a table) or individuals (four a table) as the code's desk offers first."""
    spec = code_spec(code)
    if spec.events is not EventKind.ROUNDS:
        raise AssertionError(
            f"{code} is played by {spec.events.value}: say here how its digital table opens"
        )
    fmt = EventFormat(spec.desk_formats[0]) if spec.desk_formats else EventFormat.PAIRS
    config = EventConfig(
        name=f"Digitale {event_id}",
        event_format=fmt,
        rounds=1,
        deals=(deals,),
        movements=(Movement.DRAW,),
        seed=7,
        code=CodeId(spec.id),
        game=GameId(spec.game),
    )
    svc.create_event(event_id, config)
    if fmt is EventFormat.INDIVIDUAL:
        for i in range(1, 4 * tables + 1):
            svc.run(event_id, Register(f"Giocatore {i}", [f"Giocatore {i}"]))
    else:
        for i in range(1, 2 * tables + 1):
            svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event_id, 1, publish=True)


def words(value: Any) -> Iterator[str]:
    """Every word of the strings of a JSON value (its values; keys are field names)."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from words(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from words(v)


def deck_words(layout: Mapping[str, Any], seats: tuple[Seat, ...]) -> frozenset[str]:
    """The cards of a deal as written: the words of its layout (which holds every card of
    the deal), less the seats' letters (the dealer)."""
    return frozenset(words(layout)) - {s.value for s in seats}


def hands(game: Any, seats: tuple[Seat, ...]) -> dict[Seat, Counter[str]]:
    """Each seat's hand, as written."""
    return {s: Counter(str(c) for c in game.hand(s)) for s in seats}


class Secrecy:
    """Follows a deal move by move and says which cards each seat's message may show."""

    def __init__(self, game: Any, seats: tuple[Seat, ...], deck: frozenset[str]) -> None:
        self.seats = seats
        self.deck = deck
        self.before = hands(game, seats)
        self.shown: Counter[str] = Counter()  # every card that has left a hand
        self.face_up: Counter[str] | None = None  # the deal's first face-up cards

    def moved(self, game: Any, move: str) -> None:
        """Take the position after ``move``: the cards it names (a card named in a move is
        laid face up: melded, laid off, discarded, played) and those that left a hand are
        shown. (Named, because a move may lay a card down and bring its twin into the same
        hand: the last discard that takes a pozzetto; the hands alone cannot tell.)"""
        after = hands(game, self.seats)
        named: Counter[str] = Counter(w for w in move.split() if w in self.deck)
        for s in self.seats:
            named |= self.before[s] - after[s]
        self.shown += named
        self.before = after

    def cards(self, view: Mapping[str, Any]) -> Counter[str]:
        """The cards a seat's view shows, but for its legal moves (``moves``, the service's:
        they name the seat's own cards again and again, see :meth:`hidden`)."""
        rest = {k: v for k, v in view.items() if k != "moves"}
        return Counter(w for w in words(rest) if w in self.deck)

    def start(self, views: Mapping[Seat, Mapping[str, Any]]) -> None:
        """The first messages of the deal: what every seat sees beyond its hand is the same
        few face-up cards."""
        beyond = {s: self.cards(views[s]) - self.before[s] for s in self.seats}
        first = beyond[self.seats[0]]
        assert all(b == first for b in beyond.values()), f"the seats see different cards: {beyond}"
        assert sum(first.values()) <= 2, f"too many cards face up at the start: {first}"
        self.face_up = first

    def hidden(self, seat: Seat, view: Mapping[str, Any]) -> Counter[str]:
        """The cards ``seat``'s view shows that the seat may not see (empty: none): more of
        a card than its hand, the cards shown and the first face-up ones hold, or, in its
        legal moves, a card of none of them."""
        assert self.face_up is not None, "start() first"
        may = self.before[seat] + self.shown + self.face_up
        over = self.cards(view) - may
        over.update(w for w in words(view.get("moves", [])) if w in self.deck and w not in may)
        return over
