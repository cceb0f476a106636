"""Burraco Parole at a digital table through the service (issue 32), on a real SQLite store:
the engine the code's spec names deals, checks the words with the Italian dictionary (art.
4.1) and scores with the code's own scoring (arts. 5-6); a seat's view never holds a card of
another hand or of the stock (art. 3.4: face down); robots play a round whose sheet, signed by
both lines, is the engine's replay of the recorded moves; the phone's notation of a play is
recorded in the record's."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ArbitroError
from arbitro.games.core import SEATS, Line, Seat
from arbitro.games.parole import Deal, WordList
from arbitro.games.parole.digital import ENGINE, ParoleDigital
from arbitro.games.parole.record import ParoleRules
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.digital.engine import engine_of
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _event(svc: EventService, event_id: str) -> None:
    """Four pairs of a Burraco Parole event, one round of three deals (art. 5), seated."""
    config = EventConfig(
        "Serata di parole",
        EventFormat.PAIRS,
        1,
        (3,),
        (Movement.DRAW,),
        seed=7,
        code=CodeId.BURRACO_PAROLE,
        game=GameId.PAROLE,
    )
    svc.create_event(event_id, config)
    for i in range(1, 5):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}a", f"Giocatore {i}b"]))
    svc.seat(event_id, 1, publish=True)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _letters(value: Any) -> Iterator[str]:
    """Every card of a view: its hand, pile and words are lists of cards; a move's text
    spells a play's cards one a token (``meld C A S A``) and names the new word whole."""
    if isinstance(value, str):
        for w in value.split():
            if w not in ("draw", "pickup", "meld", "layoff", "discard", "=") and not w.isdigit():
                yield from w
    elif isinstance(value, dict):
        for k, v in value.items():
            if k in ("hand", "pile", "moves"):
                yield from _letters(v)
            elif k == "areas":  # the words on the table: each area's melds' cards
                yield from _letters([m["cards"] for a in v for m in a["melds"]])
    elif isinstance(value, list):
        for v in value:
            yield from _letters(v)


def _check_view(view: dict[str, Any], deal: Deal, seat: Seat) -> None:
    """The view's hand is exactly ``seat``'s; no card of the view is more than ``seat`` sees:
    each card at most as many times as its hand, the pile and the words hold it, and the
    other hands and the stock only by their sizes."""
    assert sorted(view["hand"]) == sorted(deal.hand(seat))
    seen = Counter(deal.hand(seat)) + Counter(deal.discard_pile)
    for line in (Line.NS, Line.EW):
        for w in deal.words(line):
            seen.update(w.cards)
    shown = Counter(view["hand"]) + Counter(view["pile"])
    for area in view["areas"]:
        for w in area["melds"]:
            shown.update(w["cards"])
    assert not shown - seen
    assert view["hand_sizes"] == {s.value: len(deal.hand(s)) for s in SEATS}
    stock = [c["value"] for c in view["counters"] if c["title"] == "Stock"]
    assert stock == [deal.stock_size] and len(view["counters"]) == 1  # no pozzetti (art. 3.4)
    assert "position" not in view and "stock_cards" not in view
    # a move a phone is offered is made of its own hand's and the words' cards only
    mine = Counter(deal.hand(seat))
    for move in view["moves"]:
        words = move.split()
        if words[0] == "meld":
            assert not Counter(words[1:]) - mine, move
        elif words[0] == "layoff":
            added = words[2 : words.index("=")]
            assert not Counter(added) - mine, move
        elif words[0] == "discard":
            assert words[1] in mine


def test_the_parole_code_names_its_engine() -> None:
    """The code's spec names games/parole/digital.py: shared code finds it by the code."""
    assert engine_of("burraco-parole-uisp") is ENGINE


def test_art4_1_the_phones_notation_reads_as_the_records() -> None:
    """A phone spells a play's cards one a token; the table records the move in the
    record's notation (art. 4.1: a word opened, a word laid off rewritten whole); the
    time-out and the rulings are the arbiter's, not a player's move (art. 7)."""
    e = ParoleDigital(WordList(["casa", "cassa"]))
    assert str(e.parse_move("meld C A S A")) == "meld CASA"
    assert str(e.parse_move("meld CASA")) == "meld CASA"
    assert str(e.parse_move("layoff 0 S = CASSA")) == "layoff 0 CASSA"
    assert str(e.parse_move("layoff 0 CASSA")) == "layoff 0 CASSA"
    assert str(e.parse_move("discard Q")) == "discard Q"
    for text in ("timeout", "ruling timeout N 0 - -"):
        with pytest.raises(ArbitroError):
            e.parse_move(text)


def test_art3_4_a_seats_view_holds_no_card_of_another_hand_nor_the_stock(
    service: EventService,
) -> None:
    """Issue 32: a whole Parole deal played through the service (each move one its phone
    was offered, plays preferred); after every move every seat's view is checked: its own
    hand, the pile and the words, nothing of the other hands and of the stock but their
    sizes (art. 3.4); only the seat to play is offered moves."""
    _event(service, "vista")
    tables = DigitalTables(service, random.Random(3))
    tables.open("vista", 1, 1)
    rng = random.Random(5)
    plays = 0
    for _ in range(400):
        t = tables.table("vista", 1, 1)
        deal = t.position()
        for seat in SEATS:
            _check_view(tables.view("vista", 1, 1, seat), deal, seat)
        if t.current.number == 2:  # the first deal is over: the next one is dealt
            break
        view = tables.view("vista", 1, 1, deal.turn)
        assert view["moves"], "the seat to play is offered its legal moves"
        assert all(not tables.view("vista", 1, 1, s)["moves"] for s in SEATS if s is not deal.turn)
        words = [m for m in view["moves"] if m.split()[0] in ("meld", "layoff")]
        move = rng.choice(words) if words else rng.choice(view["moves"])
        plays += move in words
        tables.play("vista", 1, 1, deal.turn, view["deal"], view["n"] + 1, move)
    assert t.position(1).is_over and plays >= 3


def test_art5_6_robots_play_a_round_whose_sheet_is_the_engines_replay(
    service: EventService,
) -> None:
    """Four robots play table 1's three deals; the sheet each line signs with one tap is the
    code's score of the deals (arts. 5-6: base and card points per line) replayed from the
    recorded deck and moves with the Italian dictionary alone; the second deal is dealt by
    the first dealer's left-hand player (art. 3.4: clockwise)."""
    _event(service, "robot")
    tables = DigitalTables(service, random.Random(11))
    tables.open("robot", 1, 1, robots=SEATS)
    t = tables.table("robot", 1, 1)
    assert [d.number for d in t.deals] == [1, 2, 3]
    assert Seat(t.deals[1].layout["dealer"]) is Seat(t.deals[0].layout["dealer"]).left
    rows = []
    for d in t.deals:
        game = ParoleRules(ENGINE.lexicon).start(d.layout)
        for seat, text in d.moves:
            assert seat == game.turn.value
            game.push(ENGINE.parse_move(text))
        assert game.is_over
        sc = game.scores()
        rows.append([sc[Line.NS].base, sc[Line.NS].points, sc[Line.EW].base, sc[Line.EW].points])
    sheet = tables.view("robot", 1, 1, Seat.N)["sheet"]
    assert sheet == {"deals": rows}
    assert any(m.startswith(("meld", "layoff")) for d in t.deals for _, m in d.moves)
    assert tables.sign("robot", 1, 1, "ns") == "pending"
    assert tables.sign("robot", 1, 1, "ew") == "confirmed"
