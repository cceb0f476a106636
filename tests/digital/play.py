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

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.registry import EventKind, code_spec, code_specs
from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.services.knockout import KnockoutService
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import DigitalMove, Record
from arbitro.tournament.rules import rules_for


def digital_codes() -> list[str]:
    """Every code whose spec names an engine for digital tables (``CodeSpec.digital``)."""
    return [str(s.id) for s in code_specs() if s.digital]


class Clock:
    """A fixed clock (the records' times do not matter here)."""

    def __call__(self) -> datetime:
        return datetime(2026, 12, 2, 20, 30, tzinfo=UTC)


def round_deals(code: str, deals: int) -> int:
    """``deals`` if the code's rounds may have that many, else the fewest they may have."""
    allowed = rules_for(CodeId(code_spec(code).id)).deals_allowed
    return deals if deals in allowed else min(allowed)


def is_knockout(code: str) -> bool:
    """Whether ``code``'s events are knockouts (its digital tables are its matches')."""
    return code_spec(code).events is EventKind.KNOCKOUT


def opened_table(
    svc: EventService, event_id: str, code: str, deals: int, rng: random.Random
) -> tuple[Any, int, int]:
    """A digital table of ``code`` opened through its service, as the event's kind opens
    one (asked of the registry, no game named): a round event's table 1 of round 1 (two
    tables' worth of competitors seated, ``deals`` deals, see :func:`round_deals`), or a
    knockout's first match between two pairs. Answers the use cases (``DigitalTables`` or
    ``DigitalMatches``: the same methods), the table's round and number."""
    if is_knockout(code):
        ko = KnockoutService(svc.store, svc.clock)
        ko.create(event_id, KnockoutConfig(f"Digitale {event_id}", seeded=True))
        for i in (1, 2):
            ko.run(
                event_id, values.RegisterPair(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"])
            )
        ko.run(event_id, values.DrawBracket(seed=7))
        matches = DigitalMatches(ko, rng)
        first = ko.state(event_id).bracket.matches()[0]  # type: ignore[union-attr]
        round_number, table = matches.open(event_id, first.id)
        return matches, round_number, table
    seated_event(svc, event_id, code, tables=1, deals=round_deals(code, deals))
    tables = DigitalTables(svc, rng)
    tables.open(event_id, 1, 1)
    return tables, 1, 1


def seated_event(svc: EventService, event_id: str, code: str, tables: int, deals: int) -> None:
    """An event of ``code`` with ``tables`` tables in round 1, seated by draw and published:
    pairs (two a table) or individuals (four a table) as the code's desk offers first."""
    spec = code_spec(code)
    if spec.events is not EventKind.ROUNDS:
        raise AssertionError(
            f"{code} is played by {spec.events.value}: open its table with opened_table"
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
        """The cards a seat's view shows, read in the one shape every phone draws
        (docs/digital-tables.md): its ``hand``, the ``pile`` and the cards of its ``areas``'
        melds (an engine may keep other keys for its own tests, which repeat these cards: a
        phone draws none of them); its legal moves apart (see :meth:`hidden`)."""
        shown = [
            *view.get("hand", []),
            *view.get("pile", []),
            *(m["cards"] for a in view.get("areas", []) for m in a["melds"]),
        ]
        return Counter(w.split("=")[0] for w in words(shown) if w.split("=")[0] in self.deck)

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


def logged_moves(store: RecordStore, event_id: str) -> list[DigitalMove]:
    """Every ``digital-move`` record of the event as the store holds it: those of the event's
    log (an event of before issue 33), then each table's own log, table by table in order."""
    bodies = [to_domain(r).body for r in store.records(event_id)]
    bodies += [
        Record.from_json(r.kind, r.payload, r.recorded_at, r.actor, r.reason, r.seq).body
        for r in store.all_table_records(event_id)
    ]
    return [b for b in bodies if isinstance(b, DigitalMove)]
