"""Scala 40 at a digital table through the service (issue 32), on a real SQLite store: four
players each for themself (art. 2); a seat's view shows no hidden card; robots play a round's
deals, each player signs the individuals' sheet the engine fills (art. 23) and the standings
are those of the same sheet entered on paper; the deal passes to the right (art. 4); the
server refuses a move out of turn, a move the code forbids and an arbiter's ruling sent as
a player's move."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.deal import ORDER, Deal
from arbitro.games.scala40.digital import ENGINE
from arbitro.games.scala40.moves import parse_move
from arbitro.games.scala40.record import RULES
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

CARD = re.compile(r"^(?:10|[2-9AJQK])[CDHS]$|^JK$")


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 20, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _event(svc: EventService, event_id: str, deals: int = 3) -> None:
    """Four players, one round of ``deals`` deals (art. 5: three at least), seated at one table and published."""
    config = EventConfig(
        name="Scala 40 digitale",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(deals,),
        movements=(Movement.DRAW,),
        seed=3,
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    svc.create_event(event_id, config)
    for i in range(1, 5):
        svc.run(event_id, Register(f"Giocatore {i}", []))
    svc.seat(event_id, 1, publish=True)


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 's40.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _words(value: Any) -> Iterator[str]:
    """Every string in a JSON value (keys included), split into its words."""
    if isinstance(value, str):
        yield from value.split()
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _words(k)
            yield from _words(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _words(v)


def _hidden_only(deal: Deal, seat: Seat) -> set[str]:
    """The cards ``seat`` may not see: every copy is in another hand, the stock or under the
    top of the discard pile (art. 6: only the top discard is taken)."""
    visible: Counter[str] = Counter(str(c) for c in deal.hand(seat))
    visible.update(str(c) for c in deal.discard_pile[-1:])
    for m in deal.table:
        visible.update(str(c) for c in m.cards)
        visible.update(str(c) for c in m.stands)
    hidden = {str(c) for s in deal.order if s is not seat for c in deal.hand(s)}
    hidden |= {str(c) for c in deal._stock}
    hidden |= {str(c) for c in deal.discard_pile[:-1]}
    return {c for c in hidden if c not in visible}


def test_a_seats_view_holds_no_card_of_another_hand_the_stock_or_under_the_discard(
    service: EventService,
) -> None:
    """Issue 32: no message to a seat reveals a hidden card. Every seat's view after every
    move of a whole deal (two seats played through the service as phones, two robots),
    walked as JSON: its hand is its own, and no card whose every copy is hidden from it."""
    _event(service, "vista")
    tables = DigitalTables(service, random.Random(3))
    tables.open("vista", 1, 1, robots=(Seat.E, Seat.W))
    rng = random.Random(5)
    checked = moves = 0
    while True:
        t = tables.table("vista", 1, 1)
        if t.current.number > 1:  # deal 1 is over, deal 2 dealt: done
            break
        deal = t.position()
        for seat in SEATS:
            view = tables.view("vista", 1, 1, seat)
            assert sorted(view["hand"]) == sorted(str(c) for c in deal.hand(seat))
            assert view["hand_sizes"][seat.value] == len(view["hand"])
            cards = [w for w in _words(view) if CARD.match(w)]
            leaked = set(cards) & _hidden_only(deal, seat)
            assert not leaked, f"{seat.value} sees {leaked}"
            assert view["moves"] == [] or (view["turn"] == seat.value and not deal.is_over)
            checked += len(cards)
        view = tables.view("vista", 1, 1, deal.turn)
        assert view["moves"], "the seat to play is offered its legal moves"
        robot = str(ENGINE.robot(deal.copy(), rng))
        assert robot in view["moves"]
        move = robot if rng.random() < 0.8 else rng.choice(view["moves"])
        tables.play("vista", 1, 1, deal.turn, view["deal"], view["n"] + 1, move)
        moves += 1
    assert moves > 10 and checked > 500
    over = ENGINE.view(tables.table("vista", 1, 1).position(1), Seat.N)["scores"]
    assert over is not None
    assert sorted(s["value"] for s in over) == sorted(t.position(1).scores().values())


def test_robots_play_the_round_each_player_signs_and_the_standings_are_those_of_paper(
    service: EventService,
) -> None:
    """Four robots play table 1's three deals; the engine's individuals' sheet (each player's
    negative points per deal, art. 22, replayed from the records by the engine alone), signed
    by each of the four players with one tap (art. 23: every player signs), is confirmed,
    and its standings are those of the same sheet entered on paper."""
    _event(service, "digitale")
    tables = DigitalTables(service, random.Random(11))
    tables.open("digitale", 1, 1, robots=SEATS)
    t = tables.table("digitale", 1, 1)
    assert [d.number for d in t.deals] == [1, 2, 3]
    assert all(t.position(d).is_over for d in (1, 2, 3))
    # art. 4: play goes to the right, and so does the deal
    first, second, third = (Seat(d.layout["dealer"]) for d in t.deals)
    assert second is ORDER.after(first) and third is ORDER.after(second)

    seating = service.state("digitale").round(1).seating
    assert seating is not None and seating.tables[0].players is not None
    players = seating.tables[0].players
    rows = []
    for d in t.deals:
        game = RULES.start(d.layout)
        for seat, text in d.moves:
            assert seat == game.turn.value
            game.push(parse_move(text))
        sc = game.scores()
        assert game.is_over and sorted(sc.values())[0] == 0  # the closer has 0 (art. 22)
        rows.append(tuple(sc[s] for s in SEATS))
    entry = Scala40Entry(tuple(players), tuple(rows))
    assert tables.view("digitale", 1, 1, Seat.N)["sheet"] == entry.to_payload()

    signers = [tables.signer("digitale", 1, 1, s) for s in SEATS]
    assert signers == [str(p) for p in players]
    statuses = [tables.sign("digitale", 1, 1, who) for who in signers]
    assert statuses == ["pending", "pending", "pending", "confirmed"]
    assert sheet_status(service.state("digitale"), 1, 1) == "confirmed"
    service.run("digitale", values.PublishStandings(1))

    _event(service, "carta")
    service.enter_sheet("carta", 1, 1, entry)
    service.run("carta", values.PublishStandings(1))

    def ranked(event_id: str) -> list[tuple[Any, ...]]:
        return [(r.competitor, r.vp, r.mp) for r in service.standings(event_id)]

    assert ranked("digitale") == ranked("carta")
    assert len(ranked("digitale")) == 4 and any(r[1] for r in ranked("digitale"))


def test_the_server_refuses_out_of_turn_a_forbidden_pickup_and_a_ruling(
    service: EventService,
) -> None:
    """Whatever a phone sends: out of turn is refused; a play before the draw (art. 6: the
    turn starts by drawing or taking the discard) is refused citing the code; a ruling
    (arts. 11-17, the arbiter's) is not a player's move."""
    _event(service, "regole")
    tables = DigitalTables(service, random.Random(2))
    tables.open("regole", 1, 1)
    view = tables.view("regole", 1, 1, Seat.N)
    turn = Seat(view["turn"])
    assert view["moves"] == [] or turn is Seat.N
    with pytest.raises(ArbitroError) as out_of_turn:
        tables.play("regole", 1, 1, ORDER.after(turn), 1, 1, "draw")
    assert "turno" in out_of_turn.value.it and "turn" in out_of_turn.value.en
    hand = tables.view("regole", 1, 1, turn)["hand"]
    with pytest.raises(ArbitroError) as before_draw:
        tables.play("regole", 1, 1, turn, 1, 1, f"discard {hand[0]}")
    assert before_draw.value.article is not None
    with pytest.raises(ArbitroError):
        tables.play("regole", 1, 1, turn, 1, 1, "ruling freeze 0")
    assert tables.view("regole", 1, 1, turn)["moves"][0] == "draw"
    assert tables.play("regole", 1, 1, turn, 1, 1, "draw") == 1
