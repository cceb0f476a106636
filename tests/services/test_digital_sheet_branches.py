"""A Scala 40 digital table's sheet after the branches of a round (issue 32), through the
service on a real SQLite store: a latecomer who would complete a table of three already
dealt at a digital table (art. 26) is refused, the director told the round to admit him
from, and the table's three sign their sheet; an abandon (art. 25) cancelled before any deal
was dealt without the player gives him his seat back, and once a deal was dealt to the three
who stayed it stands (refused), so the sheet signed is the one with his column blank."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.errors import ConflictError
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.digital import ENGINE
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import CompetitorId, EventFormat, Movement
from arbitro.tournament.records import AbandonRecorded

THREE = (Seat.N, Seat.E, Seat.S)


class Clock:
    def __call__(self) -> datetime:
        return datetime(2026, 12, 3, 6, 30, tzinfo=UTC)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 'branches.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _event(svc: EventService, event_id: str, players: int, rounds: int = 1) -> None:
    """``players`` individuals, ``rounds`` rounds of three deals (art. 5), round 1 seated by draw and
    published (seven: a table of four and a table of three, art. 26)."""
    config = EventConfig(
        name="Scala 40 digitale",
        event_format=EventFormat.INDIVIDUAL,
        rounds=rounds,
        deals=(3,) * rounds,
        movements=(Movement.DRAW,) * rounds,
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
    found = seating.table(table)
    assert found is not None and found.players is not None
    return found.players


def _play(
    tables: DigitalTables, event_id: str, table: int, rng: random.Random, until: int = 0
) -> None:
    """The seat to play sends the move its view offers (the bot's choice), as a phone does,
    until the round's deals are over or ``until`` moves were sent."""
    sent = 0
    while not until or sent < until:
        t = tables.table(event_id, 1, table)
        game = t.position()
        if game.is_over:
            return
        view = tables.view(event_id, 1, table, game.turn)
        move = str(ENGINE.robot(game.copy(), rng))
        assert move in view["moves"]
        tables.play(event_id, 1, table, game.turn, view["deal"], view["n"] + 1, move)
        sent += 1


def _sign_all(tables: DigitalTables, event_id: str, table: int) -> str:
    status = ""
    for s in tables.table(event_id, 1, table).seats:
        status = tables.sign(event_id, 1, table, tables.signer(event_id, 1, table, s))
    return status


def test_a_latecomer_cannot_complete_a_table_of_three_already_dealt_digitally(
    service: EventService,
) -> None:
    """Art. 26: the arbiter may complete a table of three while round 1 is played. Table 2
    of three is open at a digital table, its deal dealt to its three: the latecomer is not
    seated there (refused in Italian and English, the director told to admit him from round
    2 with the code's score, art. 26: 3 V.P. and 80 M.P.), the seating is unchanged, and the
    three play the three deals and sign their three-column sheet (before the fix the latecomer
    was seated, the sheet had a blank fourth column and every signature was refused)."""
    _event(service, "tardi", 7, rounds=2)
    three = _players(service, "tardi", 2)
    assert len(three) == 3
    tables = DigitalTables(service, random.Random(17))
    tables.open("tardi", 1, 2)
    before = service.state("tardi").round(1).seating

    with pytest.raises(ConflictError) as refused:
        service.run("tardi", Register("Ritardatario", []))
    err = refused.value
    assert err.key == "late.digital_three"
    assert "tavolo 2" in err.it and "digitale" in err.it and "turno 2" in err.it
    assert "table 2" in err.en and "digital table" in err.en and "round 2" in err.en
    assert err.article is not None and "26" in str(err.article)
    assert service.state("tardi").round(1).seating == before
    assert "Ritardatario" not in {c.name for c in service.state("tardi").competitors.values()}

    # what the director is told to do: admit him from round 2 (art. 26's score)
    late = service.run("tardi", Register("Ritardatario", [], late=LateEntry(2)))
    assert service.state("tardi").competitor(late).joined_round == 2
    assert _players(service, "tardi", 2) == three

    _play(tables, "tardi", 2, random.Random(4))
    t = tables.table("tardi", 1, 2)
    assert [d.layout["seats"] for d in t.deals] == [["N", "E", "S"]] * 3
    sheet = tables.view("tardi", 1, 2, Seat.N)["sheet"]
    assert sheet["players"] == list(three) and all(len(row) == 3 for row in sheet["points"])
    assert all(v is not None for row in sheet["points"] for v in row)
    assert _sign_all(tables, "tardi", 2) == "confirmed"


def test_a_latecomer_completes_a_paper_table_of_three_before_a_digital_one(
    service: EventService,
) -> None:
    """Six players sit at two tables of three (art. 26); table 1 is digital and dealt: the
    latecomer completes table 2, on paper, as the arbiter may (art. 26); table 1 plays on
    with its three."""
    _event(service, "sei", 6)
    first, second = _players(service, "sei", 1), _players(service, "sei", 2)
    assert len(first) == len(second) == 3
    tables = DigitalTables(service, random.Random(5))
    tables.open("sei", 1, 1)
    late = service.run("sei", Register("Ritardatario", []))
    assert _players(service, "sei", 2) == (*second, late)
    assert _players(service, "sei", 1) == first
    assert tables.table("sei", 1, 1).seats == THREE


def test_a_latecomer_with_no_round_left_is_told_so(service: EventService) -> None:
    """A one-round event (art. 26): the only table of three is dealt at a digital table and
    no round is left to admit him from: refused, saying so."""
    _event(service, "uno", 7)
    DigitalTables(service, random.Random(2)).open("uno", 1, 2)
    with pytest.raises(ConflictError) as refused:
        service.run("uno", Register("Ritardatario", []))
    assert refused.value.key == "late.digital_three"
    assert "nessun turno" in refused.value.it and "no round is left" in refused.value.en


def _abandon_on_south(svc: EventService, tables: DigitalTables, event_id: str) -> int:
    """Table 1 of four (East and West robots): play on to South's turn in deal 1, record
    South's abandon (art. 25); answers the abandon's seq."""
    rng = random.Random(9)
    _play(tables, event_id, 1, rng, until=3)
    while tables.table(event_id, 1, 1).position().turn is not Seat.S:
        _play(tables, event_id, 1, rng, until=1)
    leaver = _players(svc, event_id, 1)[SEATS.index(Seat.S)]
    svc.run(event_id, values.RecordAbandon(1, leaver, justified=True, reason="malore"))
    (seq,) = [
        s
        for s, r in svc.state(event_id).actions.items()
        if isinstance(r.body, AbandonRecorded) and r.body.competitor == leaver
    ]
    return seq


def test_an_abandon_cancelled_before_a_deal_without_him_gives_his_seat_back(
    service: EventService,
) -> None:
    """Art. 25: South abandons during deal 1; the arbiter cancels it before deal 2 is dealt:
    his phone plays again, deals 2 and 3 are dealt to the four and the sheet has his four columns
    filled; the four sign it."""
    _event(service, "torna", 4)
    tables = DigitalTables(service, random.Random(8))
    tables.open("torna", 1, 1, robots=(Seat.E, Seat.W))
    seq = _abandon_on_south(service, tables, "torna")
    assert tables.table("torna", 1, 1).absent == {"S": 1}
    service.run("torna", values.Cancel(seq, "rientrato"))
    t = tables.table("torna", 1, 1)
    assert t.absent == {} and t.position().turn is Seat.S
    view = tables.view("torna", 1, 1, Seat.S)
    assert view["moves"] and view["hand"]
    _play(tables, "torna", 1, random.Random(3))
    t = tables.table("torna", 1, 1)
    assert [d.layout["seats"] for d in t.deals] == [["N", "E", "S", "W"]] * 3
    sheet = tables.view("torna", 1, 1, Seat.N)["sheet"]
    assert sheet["abandoned"] is None and all(v is not None for r in sheet["points"] for v in r)
    assert _sign_all(tables, "torna", 1) == "confirmed"


def test_an_abandon_played_on_by_three_stands(service: EventService) -> None:
    """Art. 25 ("verrà permesso il gioco a tre. Così dicasi per tutti i tavoli
    successivi"): once deal 2 was dealt to the three who stayed, cancelling South's abandon
    is refused (in Italian and English, citing art. 25) — before the fix it was recorded,
    the table came back to four with deal 2's column blank and the sheet was refused at
    signing. The abandon stands: the sheet names him with his column blank and the three
    sign it."""
    _event(service, "resta", 4)
    tables = DigitalTables(service, random.Random(8))
    tables.open("resta", 1, 1, robots=(Seat.E, Seat.W))
    seq = _abandon_on_south(service, tables, "resta")
    DigitalRounds(service).go_on("resta", 1)
    rng = random.Random(11)
    while tables.table("resta", 1, 1).current.number == 1:
        _play(tables, "resta", 1, rng, until=1)
    assert tables.table("resta", 1, 1).deals[1].layout["seats"] == ["N", "E", "W"]

    with pytest.raises(ConflictError) as refused:
        service.run("resta", values.Cancel(seq, "rientrato"))
    err = refused.value
    assert err.key == "digital.abandon_stands"
    assert "smazzata 2" in err.it and "tavolo 1" in err.it
    assert "deal 2" in err.en and "the abandon stands" in err.en
    assert err.article is not None and "25" in str(err.article)
    assert seq not in service.state("resta").cancellations

    _play(tables, "resta", 1, rng)
    sheet = tables.view("resta", 1, 1, Seat.N)["sheet"]
    leaver = _players(service, "resta", 1)[SEATS.index(Seat.S)]
    assert sheet["abandoned"] == leaver
    assert _sign_all(tables, "resta", 1) == "confirmed"
    assert sheet_status(service.state("resta"), 1, 1) == "confirmed"
