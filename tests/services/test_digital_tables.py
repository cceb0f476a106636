"""Digital tables through the service (issue 32), on a real SQLite store: a seat's view shows
no hidden card; robots play a whole round's deals through the service, and the sheet the
engine fills, signed by both lines, gives the standings the same sheet gives entered on
paper; the server refuses an illegal move, a move out of turn and a stale one, and records
a move sent twice once."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.digital.play import logged_moves

from arbitro.cards import parse_cards
from arbitro.errors import ArbitroError, ConflictError
from arbitro.games.burraco import Deal, Line, parse_move
from arbitro.games.burraco.record import RULES
from arbitro.games.core import SEATS, Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_file import export_event, import_event
from arbitro.services.event_log import to_domain
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store.secret import load_secret
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import DigitalDealt, DigitalMove
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|10[CDHS]|JK)$")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _event(svc: EventService, event_id: str, deals: int = 2) -> None:
    """Four pairs, one round of ``deals`` deals, seated and published (FIBAS art. 4, 7)."""
    config = EventConfig(
        name="Serata digitale",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(deals,),
        movements=(Movement.DRAW,),
        seed=7,
    )
    svc.create_event(event_id, config)
    for i in range(1, 5):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}a", f"Giocatore {i}b"]))
    svc.seat(event_id, 1, publish=True)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys included), split into its words."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def _hidden_only(deal: Deal, seat: Seat) -> set[str]:
    """The cards ``seat`` may not see anywhere: every copy of them is in another hand, a
    pozzetto or the stock (the 108-card deck has two of each card and four jokers)."""
    visible: Counter[str] = Counter(str(c) for c in deal.hand(seat))
    visible.update(str(c) for c in deal.discard_pile)
    for line in (Line.NS, Line.EW):
        for m in deal.melds(line):
            visible.update(str(c) for c in m.cards)
    hidden: set[str] = set()
    for s in SEATS:
        if s is not seat:
            hidden |= {str(c) for c in deal.hand(s)}
    hidden |= {str(c) for p in deal._pozzetti for c in p}
    hidden |= {str(c) for c in deal._stock}
    return {c for c in hidden if c not in visible}


def _check_view(view: dict[str, Any], deal: Deal, seat: Seat) -> int:
    """The view's every card is one ``seat`` may see; its hand is exactly its own."""
    assert sorted(view["hand"]) == sorted(str(c) for c in deal.hand(seat))
    cards = [w for w in _strings(view) if CARD.match(w)]
    leaked = set(cards) & _hidden_only(deal, seat)
    assert not leaked, f"{seat.value} sees {leaked}"
    return len(cards)


def test_a_seats_view_contains_no_card_of_another_hand_the_pozzetti_or_the_stock(
    service: EventService,
) -> None:
    """Issue 32: the server never sends a player a card they may not see. Every seat's view,
    after every move of a whole deal played by robots, walked as JSON: no card whose every
    copy is in another hand, a pozzetto or the stock (FIBAS art. 6: hands, pozzetti and
    stock are face down)."""
    _event(service, "vista")
    tables = DigitalTables(service, random.Random(3))
    tables.open("vista", 1, 1, robots=(Seat.E, Seat.W))
    rng = random.Random(5)
    checked = 0
    while True:
        t = tables.table("vista", 1, 1)
        deal = t.position()
        for seat in SEATS:
            checked += _check_view(tables.view("vista", 1, 1, seat), deal, seat)
        if deal.is_over:  # the last deal: the earlier ones were followed by the next
            assert t.current.number == 2
            break
        view = tables.view("vista", 1, 1, deal.turn)
        assert view["moves"], "the seat to play is offered its legal moves"
        others = [s for s in SEATS if s is not deal.turn]
        assert all(not tables.view("vista", 1, 1, s)["moves"] for s in others)
        move = view["moves"][int(rng.random() * len(view["moves"]))]
        tables.play("vista", 1, 1, deal.turn, view["deal"], view["n"] + 1, move)
    assert checked > 1000


def test_a_deal_played_by_robots_fills_a_sheet_whose_standings_are_those_of_paper(
    service: EventService,
) -> None:
    """Four robots play table 1's two deals through the service; the engine's sheet, signed
    by both lines with one tap each, is confirmed (FIBAS art. 20) and its standings are
    those of the same sheet entered on paper, scored by replaying the recorded deck and
    moves with the engine alone (art. 19)."""
    _event(service, "digitale")
    tables = DigitalTables(service, random.Random(11))
    tables.open("digitale", 1, 1, robots=SEATS)
    t = tables.table("digitale", 1, 1)
    assert [d.number for d in t.deals] == [1, 2]
    assert all(t.position(d).is_over for d in (1, 2))
    assert tables.view("digitale", 1, 1, Seat.N)["sheet"] is not None
    # the second deal is dealt by the player at the first dealer's left
    assert Seat(t.deals[1].layout["dealer"]) is Seat(t.deals[0].layout["dealer"]).left

    # The records alone, replayed by the engine, score the deals
    rows: list[DealScore] = []
    for d in t.deals:
        game = RULES.start(d.layout)
        for seat, text in d.moves:
            assert seat == game.turn.value
            game.push(parse_move(text))
        assert game.is_over
        sc = game.scores()
        rows.append(
            DealScore(
                LineDeal(sc[Line.NS].base, sc[Line.NS].points),
                LineDeal(sc[Line.EW].base, sc[Line.EW].points),
            )
        )

    assert tables.sign("digitale", 1, 1, "ns") == "pending"
    assert tables.sign("digitale", 1, 1, "ew") == "confirmed"
    paper_2 = SheetEntry((DealScore(LineDeal(100, 45), LineDeal(0, 30)),) * 2)
    service.enter_sheet("digitale", 1, 2, paper_2)
    service.run("digitale", values.PublishStandings(1))

    _event(service, "carta")
    service.enter_sheet("carta", 1, 1, SheetEntry(tuple(rows)))
    service.enter_sheet("carta", 1, 2, paper_2)
    service.run("carta", values.PublishStandings(1))

    def ranked(event_id: str) -> list[tuple[Any, ...]]:
        return [(r.competitor, r.vp, r.mp) for r in service.standings(event_id)]

    assert ranked("digitale") == ranked("carta")
    assert any(r[2] for r in ranked("digitale"))


def test_the_server_refuses_an_illegal_move_a_move_out_of_turn_and_a_stale_one(
    service: EventService,
) -> None:
    """The server checks every move again, whatever a phone offered: out of turn, illegal by
    the code (FIBAS art. 8: a turn starts by drawing or picking up), stale (another move came
    first) are refused with their reasons in Italian and English; the same move sent twice
    is recorded once (idempotent by its number)."""
    _event(service, "regole")
    tables = DigitalTables(service, random.Random(2))
    tables.open("regole", 1, 1)
    view = tables.view("regole", 1, 1, Seat.N)
    turn = Seat(view["turn"])
    other = turn.left
    n = view["n"] + 1
    assert n == 1 and view["deal"] == 1

    with pytest.raises(ArbitroError) as out_of_turn:
        tables.play("regole", 1, 1, other, 1, n, "draw")
    assert "turno" in out_of_turn.value.it and "turn" in out_of_turn.value.en

    hand = tables.view("regole", 1, 1, turn)["hand"]
    with pytest.raises(ArbitroError) as illegal:
        tables.play("regole", 1, 1, turn, 1, n, f"discard {hand[0]}")
    assert illegal.value.article is not None

    with pytest.raises(ArbitroError):
        tables.play("regole", 1, 1, turn, 1, n, "timeout")  # the arbiter's call (art. 17)

    assert tables.play("regole", 1, 1, turn, 1, n, "draw") == 1
    assert tables.play("regole", 1, 1, turn, 1, n, "draw") == 1  # sent twice: recorded once
    with pytest.raises(ConflictError) as stale:
        tables.play("regole", 1, 1, turn, 1, n, "pickup")
    assert "move 1" in stale.value.en

    kinds = [type(to_domain(r).body) for r in service.store.records("regole")]
    assert kinds.count(DigitalDealt) == 1 and len(logged_moves(service.store, "regole")) == 1
    assert parse_cards(hand[0])


def test_an_event_file_with_a_digital_table_imports_to_the_same_table_and_standings(
    service: EventService,
) -> None:
    """Every deal and move is a record of the event's log: exported, imported (each record
    decided again, docs/architecture.md "the log check"), the table folds the same deals
    and moves, and the standings are the same; a move recorded twice is refused."""
    _event(service, "orig")
    tables = DigitalTables(service, random.Random(4))
    tables.open("orig", 1, 1, robots=SEATS)
    secret = load_secret(service.store)  # each line's phone signs, as the phones' sheets
    tables.sign("orig", 1, 1, "ns", device="telefono-nord-sud-0001", seal=secret)
    tables.sign("orig", 1, 1, "ew", device="telefono-est-ovest-0001", seal=secret)
    service.enter_sheet(
        "orig", 1, 2, SheetEntry((DealScore(LineDeal(100, 45), LineDeal(0, 30)),) * 2)
    )
    data = json.loads(json.dumps(export_event(service, "orig")))
    import_event(service, data, "copia")
    assert service.standings("copia") == service.standings("orig")
    copied = tables.table("copia", 1, 1)
    assert [d.moves for d in copied.deals] == [d.moves for d in tables.table("orig", 1, 1).deals]

    moves = data["tables"]  # the table's own log (issue 33)
    moves.insert(6, dict(moves[5]))
    for seq, r in enumerate(moves, 1):
        r["seq"] = seq
    with pytest.raises(ArbitroError, match=r"mossa 6"):
        import_event(service, data, "doppia")


def test_two_processes_playing_the_same_move_number_record_one_move(tmp_path: Path) -> None:
    """Two services on one store (two server processes): the second, its state folded before
    the first's move, decides on the store's records (every run reads those appended since,
    and appends only on the state it decided on) and is refused as stale; the same move sent
    again is answered as recorded; the log holds one move 1 only."""
    url = f"sqlite:///{tmp_path / 'two.sqlite3'}"
    with RecordStore.open(url) as one_store, RecordStore.open(url) as other_store:
        one, other = EventService(one_store, Clock()), EventService(other_store, Clock())
        _event(one, "gara")
        DigitalTables(one, random.Random(6)).open("gara", 1, 1)
        behind = DigitalTables(other, random.Random(7))
        turn = Seat(behind.view("gara", 1, 1, Seat.N)["turn"])  # folded before the move
        DigitalTables(one).play("gara", 1, 1, turn, 1, 1, "draw")
        with pytest.raises(ConflictError, match="superata"):
            behind.play("gara", 1, 1, turn, 1, 1, "pickup")
        assert behind.play("gara", 1, 1, turn, 1, 1, "draw") == 1  # the same move: once
        assert logged_moves(one_store, "gara") == [DigitalMove(1, 1, 1, 1, turn.value, "draw")]
