"""A round's tables chosen digital, paper or mixed (issue 32: "an event's tables are digital,
paper, or mixed per round ... the director chooses when creating the event or the round"),
and the carte uguali boards dealt at digital tables ("the round's prepared board in a carte
uguali event, so every digital table plays the same deal"; "the comparison with the field
per board, as the paper boards have today"), through the services on a real SQLite store."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from arbitro.cards import format_cards
from arbitro.errors import ArbitroError
from arbitro.games.core import SEATS
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables, sheet_entry
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store.secret import load_secret
from arbitro.tournament import boards
from arbitro.tournament.commands import values
from arbitro.tournament.digital.rounds import parse_tables
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    store = RecordStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        yield EventService(store, Clock())
    finally:
        store.close()


def _event(svc: EventService, event_id: str, pairs: int = 4, deals: int = 2, **kw: Any) -> None:
    """``pairs`` pairs registered in order, one round of ``deals`` deals (FIBAS art. 4, 7);
    seated in registration order: pairs 1-2 at table 1, 3-4 at table 2..."""
    config = EventConfig(
        name="Serata ibrida",
        event_format=EventFormat.PAIRS,
        rounds=1,
        deals=(deals,),
        movements=(Movement.REGISTRATION_ORDER,),
        seed=7,
        **kw,
    )
    svc.create_event(event_id, config)
    for i in range(1, pairs + 1):
        svc.run(event_id, Register(f"Coppia {i}", [f"Giocatore {i}a", f"Giocatore {i}b"]))


def _seat(svc: EventService, event_id: str) -> None:
    svc.seat(event_id, 1, publish=True)


def test_all_digital_by_the_events_default_opens_every_table_at_publication(
    service: EventService,
) -> None:
    """The event's default (round 0) "digital": once the seating is published every table
    where two lines play is opened as digital (deal 1 dealt); before publication nothing
    opens (the seating may be drawn again, FIBAS art. 4)."""
    _event(service, "tutti", pairs=5)  # 5 pairs: table 3 incomplete (a line rests, art. 37)
    rounds = DigitalRounds(service, random.Random(1))
    rounds.choose("tutti", 0, "digital")
    service.seat("tutti", 1)
    assert rounds.open_round("tutti", 1) == []
    service.run("tutti", values.PublishSeating(1))
    assert rounds.tables("tutti", 1) == (1, 2)
    assert rounds.open_round("tutti", 1) == [1, 2]
    assert rounds.open_round("tutti", 1) == []  # opened once
    state = service.state("tutti")
    assert sorted(state.digital) == [(1, 1), (1, 2)]
    assert all(len(t.deals) == 1 for t in state.digital.values())


def test_mixed_by_tables_and_by_the_competitors_online(service: EventService) -> None:
    """A mixed round: the tables named ("2") and the table where a competitor online sits
    (pair 7, at table 4) are digital; the others stay on paper."""
    _event(service, "misto", pairs=8)
    rounds = DigitalRounds(service, random.Random(2))
    rounds.choose("misto", 1, "mixed", tables=parse_tables("2"), competitors=(7,))
    _seat(service, "misto")
    assert rounds.open_round("misto", 1) == [2, 4]
    assert sorted(service.state("misto").digital) == [(1, 2), (1, 4)]
    assert parse_tables("1-3, 7") == (1, 2, 3, 7)


def test_paper_by_default_and_a_correction_is_a_new_record(service: EventService) -> None:
    """Without a choice a round is on paper (every event before the choice); the round's own
    choice wins over the event's; a later choice replaces the earlier (both records stay)."""
    _event(service, "carta")
    rounds = DigitalRounds(service, random.Random(3))
    assert rounds.choice("carta", 1).mode == "paper"
    rounds.choose("carta", 0, "digital")
    rounds.choose("carta", 1, "mixed", tables=(1,))
    rounds.choose("carta", 1, "paper")  # the director changed their mind
    _seat(service, "carta")
    assert rounds.tables("carta", 1) == ()
    assert rounds.open_round("carta", 1) == []
    kinds = [r.kind for r in service.store.records("carta")]
    assert kinds.count("digital-round") == 3


def test_a_choice_is_refused_when_malformed(service: EventService) -> None:
    """Refused: an unknown mode, a mixed round naming nothing, tables named for an all
    digital round, a competitor not registered, a round that does not exist, "tavoli 3-1"."""
    _event(service, "no")
    rounds = DigitalRounds(service)
    for mode, tables, who in (
        ("online", (), ()),
        ("mixed", (), ()),
        ("digital", (1,), ()),
        ("mixed", (), (99,)),
    ):
        with pytest.raises(ArbitroError):
            rounds.choose("no", 1, mode, tables, who)
    with pytest.raises(ArbitroError):
        rounds.choose("no", 2, "digital")
    with pytest.raises(ArbitroError) as bad:
        parse_tables("3-1")
    assert "tavoli" in bad.value.it
    assert not service.state("no").digital_rounds


def test_a_digital_and_a_paper_table_of_a_round_are_ranked_together(
    service: EventService,
) -> None:
    """Issue 32: "a digital table and a paper table in the same round are ranked together".
    Table 1 digital (robots play it, both lines sign the engine's sheet), table 2 on paper:
    the standings and VP are those of an event where both sheets were entered on paper
    (FIBAS arts. 19-20)."""
    _event(service, "ibrida")
    rounds = DigitalRounds(service, random.Random(5))
    rounds.choose("ibrida", 1, "mixed", tables=(1,))
    _seat(service, "ibrida")
    assert rounds.open_round("ibrida", 1, robots=SEATS) == [1]
    tables = DigitalTables(service)
    entry = sheet_entry(service.state("ibrida"), 1, 1)
    assert entry is not None
    assert tables.sign("ibrida", 1, 1, "ns") == "pending"
    assert tables.sign("ibrida", 1, 1, "ew") == "confirmed"
    paper = SheetEntry((DealScore(LineDeal(100, 45), LineDeal(0, 30)),) * 2)
    service.enter_sheet("ibrida", 1, 2, paper)
    service.run("ibrida", values.PublishStandings(1))

    _event(service, "tutta-carta")
    _seat(service, "tutta-carta")
    kind = service.state("tutta-carta").sheet_kind
    service.enter_sheet("tutta-carta", 1, 1, kind.parse(entry))
    service.enter_sheet("tutta-carta", 1, 2, paper)
    service.run("tutta-carta", values.PublishStandings(1))

    def ranked(event_id: str) -> list[tuple[Any, ...]]:
        return [(r.competitor, r.vp, r.mp) for r in service.standings(event_id)]

    assert ranked("ibrida") == ranked("tutta-carta")
    assert {r[0] for r in ranked("ibrida")} == {1, 2, 3, 4}
    assert any(r[1] != 10 for r in ranked("ibrida"))  # not all drawn: the scores count


def test_carte_uguali_every_digital_table_is_dealt_the_rounds_board_k_at_deal_k(
    service: EventService,
) -> None:
    """Carte uguali (FIBAS art. 7, 20): two digital tables are dealt the same hands, the
    round's prepared board 1 at deal 1 and board 2 at deal 2 (its dealer, hands, pozzetti,
    up-card and stock), not a random deal; the layout names its board."""
    _event(service, "uguali", duplicate=True, comparison="others")
    rounds = DigitalRounds(service, random.Random(6))
    rounds.choose("uguali", 0, "digital")
    _seat(service, "uguali")
    rounds.open_round("uguali", 1, robots=SEATS)
    state = service.state("uguali")
    prepared = boards.boards_of(state, 1)
    one, two = state.digital[(1, 1)], state.digital[(1, 2)]
    assert len(one.deals) == len(two.deals) == 2
    for k, board in enumerate(prepared, 1):
        a, b = one.deals[k - 1].layout, two.deals[k - 1].layout
        assert a == b
        assert a["board"] == k and a["dealer"] == board.dealer.value
        assert a["deck"] == format_cards(board.deck())
    # the hands as dealt are the board's (the start of each deal replayed)
    first = one.engine.start(one.deals[0].layout)
    for seat in SEATS:
        assert sorted(map(str, first.hand(seat))) == sorted(map(str, prepared[0].hands[seat]))


def test_carte_uguali_a_digital_tables_result_enters_the_boards_comparison(
    service: EventService,
) -> None:
    """Carte uguali, mixed: table 2 digital plays board k at deal k (no board moves between
    digital tables), though its plan on paper would be board 2 then board 1 (FIBAS art. 7);
    table 1 on paper plays boards 1 and 2. Each board's traveller holds both tables' results
    on that very board (art. 20: the N-S total less the E-W's, art. 19 b); the round's
    difference and the line's card follow; the event file imports to the same."""
    _event(service, "confronto", duplicate=True, comparison="others")
    rounds = DigitalRounds(service, random.Random(8))
    rounds.choose("confronto", 1, "mixed", tables=(2,))
    _seat(service, "confronto")
    rounds.open_round("confronto", 1, robots=SEATS)
    tables = DigitalTables(service)
    secret = load_secret(service.store)  # each line's phone signs, as the phones' sheets
    tables.sign("confronto", 1, 2, "ns", device="telefono-nord-sud-0001", seal=secret)
    tables.sign("confronto", 1, 2, "ew", device="telefono-est-ovest-0001", seal=secret)
    paper = SheetEntry(
        (
            DealScore(LineDeal(300, 120), LineDeal(0, -40)),
            DealScore(LineDeal(0, 15), LineDeal(100, 60)),
        )
    )
    service.enter_sheet("confronto", 1, 1, paper)
    state = service.state("confronto")
    assert [d.layout["board"] for d in state.digital[(1, 2)].deals] == [1, 2]
    entry = sheet_entry(state, 1, 2)
    assert entry is not None
    digital = [ns_b + ns_p - ew_b - ew_p for ns_b, ns_p, ew_b, ew_p in entry["deals"]]
    assert [a.board for a in boards.board_plan(state, 1).at(2)] == [2, 1]

    travellers = boards.travellers(state, 1)
    on_board = {b: {c.table: c.ns_mp for c in rows} for b, rows in travellers.items()}
    assert on_board == {
        1: {1: 420 + 40, 2: digital[0]},  # the digital table's deal 1 is board 1
        2: {1: 15 - 160, 2: digital[1]},
    }
    compared = boards.round_comparison(state, 1)
    assert compared is not None
    expected = sum(c.ns for rows in travellers.values() for c in rows if c.table == 2)
    assert compared[2].ns_difference == expected
    # no board reaches the digital table: only the paper table counts its boards (Law 13)
    assert sorted(boards.board_checks(state, 1)) == [(1, 1), (1, 2)]
    card = boards.line_card(state, 3)  # pair 3 sits N-S at table 2
    assert [(row.deal, row.board, row.table) for row in card] == [(1, 1, 2), (2, 2, 2)]

    data = json.loads(json.dumps(export_event(service, "confronto")))
    import_event(service, data, "copia")
    assert service.standings("copia") == service.standings("confronto")
    assert service.state("copia").digital_rounds[1].tables == (2,)
