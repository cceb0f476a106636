"""Scala 40 tables of three at digital tables (issue 32; Scala 40 arts. 22, 25, 26), through
the service's table protocol (each seat's view and its moves, as the phones send them) on a
real SQLite store: a field of seven seats a table of four and a table of three (art. 26:
"giocare in tre tenendo sempre validi i punteggi come per quattro"); the three are dealt 13
cards each (art. 4), play to the right and close as at four; the engine fills a three-column
sheet, the three sign it, and the standings rank it with the table of four exactly as the
same sheets entered on paper (art. 26: the riposato with 1000). An abandon at a digital table
of four (art. 25: "verrà permesso il gioco a tre. Così dicasi per tutti i tavoli successivi")
lets the three go on: the robot finishes the deal under way for the player who left, the
next deals are dealt to the three, and the sheet names him with his column blank."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from tests.digital.play import Secrecy, deck_words

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.deal import ORDER
from arbitro.games.scala40.digital import ENGINE
from arbitro.games.scala40.moves import parse_move
from arbitro.games.scala40.record import RULES
from arbitro.services.digital_desk import progress
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store.secret import load_secret
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.digital.commands import DealNext
from arbitro.tournament.digital.hand_record import deal_record
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import CompetitorId, EventFormat, Movement

THREE = (Seat.N, Seat.E, Seat.S)
"""The seats of a table of three: the players in seat order, West empty."""


class Clock:
    def __call__(self) -> datetime:
        return datetime(2026, 12, 3, 1, 30, tzinfo=UTC)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 's40three.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _event(svc: EventService, event_id: str, players: int) -> None:
    """``players`` individuals, one round of three deals (art. 5), seated by draw and
    published: seven sit at a table of four and a table of three (arts. 2, 26)."""
    config = EventConfig(
        name="Scala 40 a tre",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(3,),
        movements=(Movement.DRAW,),
        seed=3,
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    svc.create_event(event_id, config)
    for i in range(1, players + 1):
        svc.run(event_id, Register(f"Giocatore {i}", []))
    svc.seat(event_id, 1, publish=True)


def _players(svc: EventService, event_id: str, table: int) -> tuple[CompetitorId, ...]:
    seating = svc.state(event_id).round(1).seating
    assert seating is not None
    found = seating.tables[table - 1].players
    assert found is not None
    return found


def _play_by_messages(
    tables: DigitalTables, event_id: str, table: int, rng: random.Random, until: int = 0
) -> int:
    """Play table ``table`` through its message protocol: the seat to play reads its view
    and sends one of the moves it offers (the bot's choice), numbered as the view says,
    until the round's deals are over (or ``until`` moves were sent). Answers the moves
    sent. Each view of each seat dealt a hand shows three hands at a table of three."""
    sent = 0
    while not until or sent < until:
        t = tables.table(event_id, 1, table)
        game = t.position()
        if game.is_over:
            return sent
        for s in t.seats:
            view = tables.view(event_id, 1, table, s)
            assert set(view["hand_sizes"]) == {x.value for x in game.order}
            assert len(view["areas"]) == len(game.order)
        view = tables.view(event_id, 1, table, game.turn)
        assert view["moves"], "the seat to play is offered its legal moves"
        move = str(ENGINE.robot(game.copy(), rng))
        assert move in view["moves"]
        tables.play(event_id, 1, table, game.turn, view["deal"], view["n"] + 1, move)
        sent += 1
    return sent


def _replayed_rows(tables: DigitalTables, event_id: str, table: int) -> list[dict[Seat, int]]:
    """Each deal's negative points (art. 22) by the engine alone, replayed from the
    records: the deal laid out from its layout, every move pushed."""
    rows = []
    for d in tables.table(event_id, 1, table).deals:
        game = RULES.start(d.layout)
        for seat, text in d.moves:
            assert seat == game.turn.value
            game.push(parse_move(text))
        assert game.is_over
        rows.append(game.scores())
    return rows


def test_a_table_of_three_plays_by_messages_signs_and_ranks_with_the_table_of_four(
    service: EventService,
) -> None:
    """Seven players: table 1 of four (robots), table 2 of three played move by move through
    the seats' views (art. 26). The three are dealt 13 cards each from the 108 (art. 4),
    the deal passes to the right among them (art. 4), every deal ends with one closer at 0
    (art. 19, 22); the sheet is the engine's three columns; its three players sign it
    (art. 23) and the round's standings rank both tables exactly as the same two sheets
    entered on paper (art. 22, 26: the riposato with 1000 enters the differences)."""
    _event(service, "tre", 7)
    four, three = _players(service, "tre", 1), _players(service, "tre", 2)
    assert len(four) == 4 and len(three) == 3
    tables = DigitalTables(service, random.Random(17))
    tables.open("tre", 1, 1, robots=SEATS)
    tables.open("tre", 1, 2)
    t = tables.table("tre", 1, 2)
    assert t.seats == THREE
    first = t.position()
    assert first.order == ORDER.cycle(first.order[0], THREE)
    assert all(len(first.hand(s)) == 13 for s in THREE)
    assert first.stock_size == 108 - 3 * 13 - 1
    assert tables.view("tre", 1, 2, Seat.N)["moves"] == [] or first.turn is Seat.N

    assert _play_by_messages(tables, "tre", 2, random.Random(4)) > 30
    t = tables.table("tre", 1, 2)
    assert [d.number for d in t.deals] == [1, 2, 3]
    dealers = [Seat(d.layout["dealer"]) for d in t.deals]
    assert dealers[1] is ORDER.cycle(dealers[0], THREE)[1]
    assert dealers[2] is ORDER.cycle(dealers[1], THREE)[1]
    assert all(d.layout["seats"] == ["N", "E", "S"] for d in t.deals)
    for d in t.deals:  # an event file's records decided again make the same layouts
        assert ENGINE.seated_layout(d.layout, THREE, d.number == 1) == d.layout

    rows = _replayed_rows(tables, "tre", 2)
    assert all(sorted(r.values())[0] == 0 and len(r) == 3 for r in rows)
    entry = Scala40Entry(three, tuple(tuple(r[s] for s in THREE) for r in rows))
    view = tables.view("tre", 1, 2, Seat.E)
    assert view["sheet"] == entry.to_payload()
    assert view["over"] and len(view["scores"]) == 3
    # the desk and the hand records show the three seats, no empty fourth hand
    assert list(progress(service.state("tre"), t)["seats"]) == ["N", "E", "S"]
    record = deal_record(t, 1, "it")
    assert len(record.hands) == 3 and len(record.left) == 3

    signers = [tables.signer("tre", 1, 2, s) for s in THREE]
    assert signers == [str(p) for p in three]
    with pytest.raises(ArbitroError):
        tables.signer("tre", 1, 2, Seat.W)  # nobody sits there: the riposato signs nothing
    assert [tables.sign("tre", 1, 2, who) for who in signers] == [
        "pending",
        "pending",
        "confirmed",
    ]
    for s in SEATS:
        tables.sign("tre", 1, 1, tables.signer("tre", 1, 1, s))
    assert sheet_status(service.state("tre"), 1, 1) == "confirmed"
    assert sheet_status(service.state("tre"), 1, 2) == "confirmed"
    service.run("tre", values.PublishStandings(1))

    _event(service, "carta", 7)
    four_rows = _replayed_rows(tables, "tre", 1)
    service.enter_sheet(
        "carta", 1, 1, Scala40Entry(four, tuple(tuple(r[s] for s in SEATS) for r in four_rows))
    )
    service.enter_sheet("carta", 1, 2, entry)
    service.run("carta", values.PublishStandings(1))

    def ranked(event_id: str) -> list[tuple[Any, ...]]:
        return [(r.competitor, r.vp, r.mp) for r in service.standings(event_id)]

    assert ranked("tre") == ranked("carta")
    assert len(ranked("tre")) == 7
    # art. 26: each of the three is placed above the riposato (1000) and its difference
    # with it is worth the table's most: 12 V.P. added to 8, 6, 4 (ruling 16).
    by = {c: vp for c, vp, _ in ranked("tre")}
    assert sorted(by[c] for c in three) == [16, 18, 20]


def test_an_abandon_lets_a_digital_table_of_four_go_on_three_handed(
    service: EventService,
) -> None:
    """Art. 25: the player at South leaves during deal 1 and the arbiter records his
    abandon. His phone can no longer move; the robot finishes deal 1 for him; deals 2 and 3
    are dealt to the three who stay (13 cards each, the deal passing on among them, art. 4);
    the sheet leaves his column blank from deal 1 and names him (ruling 17); the three sign
    it and he is scored 1000 negative points and no V.P. (arts. 25, 26)."""
    _event(service, "abbandono", 4)
    players = _players(service, "abbandono", 1)
    tables = DigitalTables(service, random.Random(8))
    tables.open("abbandono", 1, 1, robots=(Seat.E, Seat.W))
    rng = random.Random(9)
    _play_by_messages(tables, "abbandono", 1, rng, until=3)
    while tables.table("abbandono", 1, 1).position().turn is not Seat.S:  # his turn comes
        _play_by_messages(tables, "abbandono", 1, rng, until=1)
    leaver = players[SEATS.index(Seat.S)]
    service.run("abbandono", values.RecordAbandon(1, leaver, justified=True, reason="malore"))
    t = tables.table("abbandono", 1, 1)
    assert t.absent == {"S": 1}
    assert t.current.number == 1 and t.position().turn is Seat.S
    n = tables.view("abbandono", 1, 1, Seat.S)["n"]
    with pytest.raises(ArbitroError) as gone:
        tables.play("abbandono", 1, 1, Seat.S, 1, n + 1, "draw")
    assert "abbandonato" in gone.value.it and "abandoned" in gone.value.en
    DigitalRounds(service).go_on("abbandono", 1)  # as the desk does after the abandon
    assert tables.table("abbandono", 1, 1).position().turn is not Seat.S
    _play_by_messages(tables, "abbandono", 1, rng)

    t = tables.table("abbandono", 1, 1)
    assert [d.number for d in t.deals] == [1, 2, 3]
    assert t.deals[0].layout["seats"] == ["N", "E", "S", "W"]
    stay = (Seat.N, Seat.E, Seat.W)
    for d in t.deals[1:]:
        assert d.layout["seats"] == ["N", "E", "W"] and d.layout["dealer"] != "S"
        assert all(len(RULES.start(d.layout).hand(s)) == 13 for s in stay)
    assert t.seats == stay
    rows = _replayed_rows(tables, "abbandono", 1)
    assert Seat.S not in rows[1] and Seat.S not in rows[2]
    sheet = tables.view("abbandono", 1, 1, Seat.N)["sheet"]
    assert sheet == {
        "players": list(players),
        "points": [[None if s is Seat.S else r[s] for s in SEATS] for r in rows],
        "abandoned": leaver,
    }
    assert tables.view("abbandono", 1, 1, Seat.S)["hand"] == []
    secret = load_secret(service.store)  # each phone signs with its device, as the phones
    for s in stay:
        who = tables.signer("abbandono", 1, 1, s)
        tables.sign("abbandono", 1, 1, who, device=f"telefono-{s.value}-0001", seal=secret)
    assert sheet_status(service.state("abbandono"), 1, 1) == "confirmed"
    standings = {r.competitor: (r.vp, r.mp) for r in service.standings("abbandono")}
    assert standings[leaver] == (0, 1000)
    # the event file: every record decided again (the fitted layouts, the robot's moves
    # for the leaver) imports to the same table and standings
    import_event(service, json.loads(json.dumps(export_event(service, "abbandono"))), "copia")
    assert service.standings("copia") == service.standings("abbandono")
    copied = tables.table("copia", 1, 1)
    assert [(d.layout, d.moves) for d in copied.deals] == [(d.layout, d.moves) for d in t.deals]


def test_a_table_of_three_left_by_one_more_deals_no_more(service: EventService) -> None:
    """Art. 25 permits three, not two: at a table of three whose East abandons, the robot
    finishes the deal under way; the next deal cannot be dealt to two (refused, citing the
    table's size), so the table stops at the deal's end for the arbiter to rule, and the
    desk's abandon does not fail."""
    _event(service, "due", 3)
    players = _players(service, "due", 1)
    tables = DigitalTables(service, random.Random(6))
    tables.open("due", 1, 1, robots=(Seat.S,))
    rng = random.Random(2)
    _play_by_messages(tables, "due", 1, rng, until=4)
    service.run("due", values.RecordAbandon(1, players[SEATS.index(Seat.E)], True, reason="malore"))
    DigitalRounds(service).go_on("due", 1)
    _play_by_messages(tables, "due", 1, rng)
    t = tables.table("due", 1, 1)
    assert [d.number for d in t.deals] == [1] and t.position().is_over
    assert tables.view("due", 1, 1, Seat.N)["sheet"] is None
    with pytest.raises(ArbitroError) as two:
        service.run("due", DealNext(1, 1, ENGINE.layout(random.Random(1), t.current.layout)))
    assert "giocatori rimasti" in two.value.it and two.value.key == "digital.too_few"
    assert two.value.article is not None and "25" in str(two.value.article)


def test_random_play_at_a_table_of_three_hides_every_card_and_scores_as_the_engine_alone(
    service: EventService,
) -> None:
    """Issue 32's protocol check at a table of three (art. 26): moves from each seat's
    offered ones (the bot's, one in five a random one), sent as the phones send them; no
    view of the three seats shows a card of another hand, the stock or under the top
    discard (tests/digital/play.py's secrecy, art. 6), and the sheet the views carry is the
    one the engine alone fills on the same deals with the same moves (art. 22)."""
    _event(service, "segreto", 3)
    tables = DigitalTables(service, random.Random(23))
    tables.open("segreto", 1, 1)
    choose = random.Random(31)
    secrecy: Secrecy | None = None
    deal_now = 0
    sent: list[list[str]] = [[], [], []]
    while True:
        t = tables.table("segreto", 1, 1)
        seats = t.seats
        assert seats == THREE
        views = {s: tables.view("segreto", 1, 1, s) for s in seats}
        first = views[Seat.N]
        if first["deal"] != deal_now:
            deal_now = first["deal"]
            layout = t.current.layout
            secrecy = Secrecy(ENGINE.start(layout), seats, deck_words(layout, seats))
            secrecy.start(views)
        else:
            assert secrecy is not None
            secrecy.moved(t.position(), t.current.moves[-1][1])
        for s, v in views.items():
            assert not secrecy.hidden(s, v), f"{s.value} sees a hidden card"
        if first["sheet"]:
            break
        (seat,) = [s for s in seats if views[s]["moves"]]
        v = views[seat]
        move = str(ENGINE.robot(t.position().copy(), choose))
        if choose.random() < 0.2:
            move = choose.choice(v["moves"])
        sent[v["deal"] - 1].append(move)
        tables.play("segreto", 1, 1, seat, v["deal"], v["n"] + 1, move)
    games = []
    for d, moves in zip(tables.table("segreto", 1, 1).deals, sent, strict=True):
        game = ENGINE.start(d.layout)  # the engine alone, the same moves
        for move in moves:
            game.push(ENGINE.parse_move(move))
        assert game.is_over
        games.append(game)
    seating = service.state("segreto").round(1).seating
    assert seating is not None
    assert first["sheet"] == ENGINE.sheet_entry(games, seating.tables[0])
    assert len(first["sheet"]["players"]) == 3 and len(first["sheet"]["points"]) == 3


def test_a_first_dealer_drawn_at_the_empty_seat_is_drawn_again_among_the_three() -> None:
    """Art. 3 (the lowest card deals) among the three of a table of three: a draw that named
    the empty seat West is made again with the deal's own seed, each of the three as likely;
    a later deal whose dealer's seat is empty passes to the right (art. 4); a layout dealt
    to the three already is left as it is."""
    dealers = []
    for seed in range(600):
        layout = ENGINE.layout(random.Random(seed), None)
        fitted = ENGINE.seated_layout(layout, THREE, True)
        assert fitted["seats"] == ["N", "E", "S"] and fitted["deck"] == layout["deck"]
        if layout["dealer"] != "W":
            assert fitted["dealer"] == layout["dealer"]
        dealers.append(fitted["dealer"])
        assert ENGINE.seated_layout(fitted, THREE, True) == fitted
    counts = {s: dealers.count(s) for s in ("N", "E", "S")}
    assert sum(counts.values()) == 600 and min(counts.values()) > 160, counts
    later = ENGINE.seated_layout({**layout, "dealer": "W"}, THREE, False)
    assert later["dealer"] == ORDER.cycle(Seat.W, (Seat.W, *THREE))[1].value
