"""The club's registry of players (services/players.py) on SQLite and PostgreSQL: a members
list imported with its bad rows reported, the search as you type, registering competitors
from the registry, a player's page after two events, the export of a player's data and its
deletion on request (GDPR art. 15, 17, 20), the events then showing "anonimo" through a new
record and replaying to the same standings."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime

import pytest
from openpyxl import Workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import use_lang
from arbitro.services import players
from arbitro.services.demo import random_deal
from arbitro.services.event_file import export_event, import_event
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.scoring.sheet import SheetEntry

MEMBERS = (
    "Cognome;Nome;N° Tessera;Circolo;Categoria;Email\n"
    "Rossi;Mario;bu 1001;Circolo Aurora;Seconda;mario@example.org\n"
    "Bianchi;Lucia;BU1002;Circolo Aurora;Prima;\n"
    "Niccolò;D'Amico;BU1003;Circolo Stella;Terza;\n"
    "Verdi;Anna;BU1004;Circolo Stella;;\n"
    ";;BU1005;Circolo Stella;;\n"
    "Neri;Paolo;BU 10/05!;Circolo Aurora;;\n"
    "Gialli;Carlo;bu1002;Circolo Aurora;;\n"
    "Blu;Sara;;" + "x" * 201 + ";;\n"
    "\n"
    "Esposito;Gennaro;;Circolo Stella;;\n"
)


def imported(store: RecordStore) -> players.ImportReport:
    """The members list above imported by "segreteria"."""
    return players.import_members(store, MEMBERS.encode("cp1252"), "segreteria", "soci.csv")


def test_import_takes_the_good_rows_and_reports_the_bad_ones(record_store: RecordStore) -> None:
    """Good rows are added (surname and first name joined, card numbers tidied); each bad row
    is refused with its row number and reason, in Italian and in English."""
    report = imported(record_store)
    assert (report.added, report.updated, report.unchanged) == (5, 0, 0)
    assert [r.row for r in report.refused] == [6, 7, 8, 9]
    with use_lang("it"):
        reasons = [r.reason.render() for r in report.refused]
    assert reasons[0] == "nome mancante"
    assert "tessera «BU 10/05!» non valido" in reasons[1]
    assert reasons[2] == "tessera BU1002 già alla riga 3"
    assert "troppo lungo (201 caratteri, al massimo 200)" in reasons[3]
    with use_lang("en"):
        assert report.refused[0].reason.render() == "missing name"
        assert report.refused[2].reason.render() == "card number BU1002 already on row 3"
    mario = players.find_player(record_store, "BU1001")
    assert (mario.name, mario.club, mario.category, mario.contact) == (
        "Rossi Mario",
        "Circolo Aurora",
        "Seconda",
        "mario@example.org",
    )
    assert players.find_player(record_store, "bu 1003").name == "Niccolò D'Amico"
    assert players.find_player(record_store, f"#{mario.id}") == mario
    lines = players.audit_log(record_store)
    assert [(a.actor, a.action) for a in lines] == [("segreteria", "import")]


def test_a_new_members_list_updates_the_players_by_card_number(record_store: RecordStore) -> None:
    """A second import updates the players by card number (blank cells keep what was there),
    leaves the unchanged ones alone, adds the new ones; a dry run writes nothing."""
    imported(record_store)
    again = (
        b"nome;tessera;circolo;categoria\n"
        b"Rossi Mario;BU1001;Circolo Nuovo;\n"
        b"Bianchi Lucia;BU1002;Circolo Aurora;Prima\n"
        b"Gennaro Esposito;BU2000;;\n"
        b"Esposito Gennaro;;Circolo Stella;Quarta\n"
    )
    dry = players.import_members(record_store, again, "segreteria", dry_run=True)
    assert (dry.added, dry.updated, dry.unchanged, dry.dry_run) == (1, 2, 1, True)
    assert players.find_player(record_store, "BU1001").club == "Circolo Aurora"
    report = players.import_members(record_store, again, "segreteria")
    assert (report.added, report.updated, report.unchanged) == (1, 2, 1)
    mario = players.find_player(record_store, "BU1001")
    assert (mario.club, mario.category) == ("Circolo Nuovo", "Seconda")
    gennaro = registry.players_named(record_store, "esposito  GENNARO")
    assert [(p.name, p.category) for p in gennaro] == [("Esposito Gennaro", "Quarta")]
    assert len(registry.list_players(record_store)) == 6


def test_import_from_an_xlsx_workbook(record_store: RecordStore) -> None:
    """The same columns in the first worksheet of an Excel workbook; numbers as card numbers
    without a spurious ``.0``; a file without a name column is refused whole."""
    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Card number", "Club"])
    sheet.append(["Anna Verdi", 40001.0, "Aurora"])
    sheet.append([None, 40002, "Aurora"])
    data = io.BytesIO()
    book.save(data)
    report = players.import_members(record_store, data.getvalue(), "director")
    assert (report.added, [r.row for r in report.refused]) == (1, [3])
    assert players.find_player(record_store, "40001").name == "Anna Verdi"
    with pytest.raises(ArbitroError) as refused:
        players.import_members(record_store, b"tessera;circolo\n1;A\n", "director")
    assert "cognome" in refused.value.en and refused.value.key == "players.no_name_column"


def test_search_as_you_type(record_store: RecordStore) -> None:
    """Prefix or substring of the name, card number or club; case and accents ignored;
    names starting with the text first; every word must match."""
    imported(record_store)
    assert [p.name for p in players.search(record_store, "ro")] == [
        "Rossi Mario",
        "Bianchi Lucia",
        "Esposito Gennaro",
    ]
    assert [p.name for p in players.search(record_store, "NICCOLO")] == ["Niccolò D'Amico"]
    assert [p.name for p in players.search(record_store, "amico")] == ["Niccolò D'Amico"]
    assert [p.name for p in players.search(record_store, "an")] == [
        "Verdi Anna",
        "Bianchi Lucia",
    ]
    assert [p.name for p in players.search(record_store, "stella ver")] == ["Verdi Anna"]
    assert [p.card for p in players.search(record_store, "1002")] == ["BU1002"]
    assert players.search(record_store, "100%") == []
    assert len(players.search(record_store, "")) == 5
    assert len(players.search(record_store, "circolo", limit=2)) == 2


def _config(name: str) -> EventConfig:
    return EventConfig(
        name=name,
        event_format=EventFormat.PAIRS,
        rounds=2,
        deals=(2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL),
        seed=3,
    )


def _play(svc: EventService, event_id: str, seed: int) -> None:
    rng = random.Random(seed)
    for rnd in (1, 2):
        seating = svc.seat(event_id, rnd, publish=True).round(rnd).seating
        assert seating is not None
        for table in seating.tables:
            if not table.is_incomplete:
                svc.enter_sheet(
                    event_id, rnd, table.table, SheetEntry((random_deal(rng), random_deal(rng)))
                )
        svc.run(event_id, values.PublishStandings(rnd))


def two_events(store: RecordStore) -> EventService:
    """Two club evenings with four pairs each; Mario Rossi (BU1001) plays both, with a
    different partner; the other pairs registered by hand."""
    imported(store)
    svc = EventService(store)
    for event_id, partner in (("serata-1", "BU1002"), ("serata-2", "BU1004")):
        svc.create_event(event_id, _config(f"Serata {event_id[-1]}"))
        number, name = players.register_players(
            store, event_id, ["BU1001", partner], actor="direttore"
        )
        assert number == 1
        svc.run(event_id, Register("Coppia 2", ["A", "B"]))
        svc.run(event_id, Register("Coppia 3", ["C", "D"]))
        svc.run(event_id, Register("Coppia 4", ["E", "F"]))
    assert name == "Rossi Mario - Verdi Anna"
    _play(svc, "serata-1", 1)
    _play(svc, "serata-2", 2)
    return svc


def test_a_players_page_after_two_events(record_store: RecordStore) -> None:
    """The page lists both events, most recent first, with the pair's rank, VP and MP from
    the standings; a player in one event only sees that one."""
    svc = two_events(record_store)
    mario = players.find_player(record_store, "BU1001")
    page = players.player_page(record_store, mario)
    assert [e.event_id for e in page.events] == ["serata-2", "serata-1"]
    for played in page.events:
        row = next(r for r in svc.standings(played.event_id) if r.competitor == 1)
        assert (played.rank, played.vp, played.mp, played.field_size, played.rounds) == (
            row.rank,
            row.vp,
            row.mp,
            4,
            2,
        )
    assert page.events[1].competitor_name == "Rossi Mario - Bianchi Lucia"
    lucia = players.find_player(record_store, "BU1002")
    assert [e.event_id for e in players.player_page(record_store, lucia).events] == ["serata-1"]
    assert svc.state("serata-1").competitors[1].players == ("Rossi Mario", "Bianchi Lucia")


def test_registering_from_the_registry_is_checked(record_store: RecordStore) -> None:
    """An unknown card, a player named twice, a player already in the event, a knockout: each
    refused with a clear message; linking afterwards finds an earlier registration."""
    imported(record_store)
    svc = EventService(record_store)
    svc.create_event("e", _config("Serata"))
    with pytest.raises(NotFoundError, match="BU9999"):
        players.register_players(record_store, "e", ["BU1001", "BU9999"])
    with pytest.raises(ConflictError):
        players.register_players(record_store, "e", ["BU1001", "bu1001"])
    players.register_players(record_store, "e", ["BU1001", "BU1002"], name="Aurora 1")
    with pytest.raises(ConflictError) as again:
        players.register_players(record_store, "e", ["BU1003", "BU1001"])
    assert again.value.en == "«Rossi Mario» already plays in e as no. 1"
    with pytest.raises(NotFoundError):
        players.register_players(record_store, "nessuno", ["BU1003"])
    number = svc.run("e", Register("Stella", ["Verdi Anna", "Esposito Gennaro"]))
    linked = players.link_player(record_store, "BU1004", "e", number)
    page = players.player_page(record_store, linked)
    assert [(e.event_id, e.competitor_name) for e in page.events] == [("e", "Stella")]
    with pytest.raises(ConflictError):
        players.link_player(record_store, "BU1004", "e", number)
    with pytest.raises(ArbitroError):
        players.link_player(record_store, "BU1003", "e", 99)


def test_export_of_a_players_data(record_store: RecordStore) -> None:
    """The export holds the registry entry, the events with results and the audit lines of
    the player; the export itself leaves an audit line naming who made it."""
    two_events(record_store)
    mario = players.find_player(record_store, "BU1001")
    at = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
    data = players.export_player(record_store, mario, "direttore", now=at)
    assert data["format"] == "arbitro-player" and data["version"] == 1
    assert data["player"]["card"] == "BU1001"
    assert data["player"]["contact"] == "mario@example.org"
    assert [e["event"] for e in data["events"]] == ["serata-2", "serata-1"]
    assert {"rank", "vp", "mp", "of"} <= set(data["events"][0])
    assert [a["action"] for a in data["audit"]] == ["register", "register", "export"]
    assert data["audit"][-1]["by"] == "direttore"


def test_deletion_anonymises_the_events_through_a_new_record(database_url: str) -> None:
    """GDPR art. 17: the registry entry and its links go; in each event the player's name is
    replaced by "anonimo" through a ``competitor-renamed`` record carrying the reason; the
    earlier records stay as they were; the events replay (a new process, an event file) to
    the same standings; an audit line says who did it and why."""
    store = RecordStore(database_url)
    svc = two_events(store)
    before = {e: svc.standings(e) for e in ("serata-1", "serata-2")}
    logged = {e: store.records(e) for e in before}
    mario = players.find_player(store, "BU1001")
    with use_lang("it"):
        done = players.delete_player(store, mario, "richiesta scritta del 24/11", "direttore")
    assert done.anonymised == ("serata-1", "serata-2") and done.not_found == ()
    with pytest.raises(NotFoundError):
        players.find_player(store, "BU1001")
    assert registry.entries_of(store, mario.id) == []
    fresh = EventService(RecordStore(database_url))
    for event_id in before:
        comp = fresh.state(event_id).competitors[1]
        assert comp.name.startswith("anonimo - ")
        assert comp.players[0] == "anonimo"
        records = store.records(event_id)
        assert records[: len(logged[event_id])] == logged[event_id]
        last = records[-1]
        assert last.kind == "competitor-renamed" and last.actor == "direttore"
        assert last.reason == "GDPR art. 17: richiesta scritta del 24/11"
        after = fresh.standings(event_id)
        assert [(r.competitor, r.rank, r.vp, r.mp) for r in after] == [
            (r.competitor, r.rank, r.vp, r.mp) for r in before[event_id]
        ]
        assert next(r.name for r in after if r.competitor == 1) == comp.name
    exported = export_event(fresh, "serata-1")
    replayed = EventService(RecordStore(database_url))
    import_event(replayed, exported, "copia")
    assert replayed.standings("copia") == fresh.standings("serata-1")
    assert replayed.state("copia").competitors[1].players[0] == "anonimo"
    audit = players.audit_log(store, mario.id)
    assert (audit[-1].action, audit[-1].actor, audit[-1].reason) == (
        "delete",
        "direttore",
        "richiesta scritta del 24/11",
    )
    assert "Rossi" not in (audit[-1].detail or "")
    lucia = players.find_player(store, "BU1002")
    assert [e.competitor_name for e in players.player_page(store, lucia).events] == [
        "anonimo - Bianchi Lucia"
    ]


def test_deletion_of_an_individual_and_in_english(record_store: RecordStore) -> None:
    """A competitor of one player is renamed whole; two anonymised players of one event stay
    distinct (the second takes its number); in English the word is "anonymous"; a deletion
    needs a reason."""
    imported(record_store)
    svc = EventService(record_store)
    config = EventConfig(
        name="Individuale",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(3,),
        movements=(Movement.DRAW,),
    )
    svc.create_event("s40", config)
    players.register_players(record_store, "s40", ["BU1003"])
    players.register_players(record_store, "s40", ["BU1004"])
    first = players.find_player(record_store, "BU1003")
    with pytest.raises(ArbitroError, match="--reason"):
        players.delete_player(record_store, first, "  ", "direttore")
    with use_lang("en"):
        players.delete_player(record_store, first, "request", "direttore")
        players.delete_player(
            record_store, players.find_player(record_store, "BU1004"), "request", "direttore"
        )
    names = [c.name for c in svc.state("s40").competitors.values()]
    assert names == ["anonymous", "anonymous #2"]


def test_deletion_finds_a_name_written_the_other_way_round(record_store: RecordStore) -> None:
    """A pair registered by hand as "Anna Verdi" and linked afterwards: the deletion of the
    registry's "Verdi Anna" finds it; a pair whose players were renamed since is reported
    as not found, untouched, and the registry entry is deleted all the same."""
    imported(record_store)
    svc = EventService(record_store)
    svc.create_event("e", _config("Serata"))
    svc.run("e", Register("Anna Verdi - Paolo Neri", ["Anna Verdi", "Paolo Neri"]))
    svc.run("e", Register("Coppia 2", ["Mario Rossi", "Lucia Bianchi"]))
    players.link_player(record_store, "BU1004", "e", 1)
    players.link_player(record_store, "BU1003", "e", 2)
    with use_lang("it"):
        anna = players.delete_player(
            record_store, players.find_player(record_store, "BU1004"), "richiesta", "ada"
        )
        other = players.delete_player(
            record_store, players.find_player(record_store, "BU1003"), "richiesta", "ada"
        )
    assert (anna.anonymised, other.not_found) == (("e",), ("e",))
    comps = svc.state("e").competitors
    assert (comps[1].name, comps[1].players) == ("anonimo - Paolo Neri", ("anonimo", "Paolo Neri"))
    assert comps[2].name == "Coppia 2"
    assert registry.get_player(record_store, other.player_id) is None
