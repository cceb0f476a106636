"""Prizes of a played event (Parole art. 6.1): categories found from the registry (sex,
birth year, first season, federation category of each pair's players), one prize per
competitor, a tie in the standings decided by the rule the director chose, and the prize
list read again from the event file alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.printouts.pdfcheck import deal

from arbitro.errors import ArbitroError
from arbitro.services import players, prizes
from arbitro.services.event_file import export_event, read_event_file
from arbitro.services.events import EventService
from arbitro.store import RecordStore
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import PrizeCategoryPlan
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.standings.prizes import TieRule
from arbitro.tournament.standings.standings import standings

MEMBERS = """Cognome;Nome;Tessera;Sesso;Data di nascita;Prima stagione;Categoria
Rossi;Anna;T1;F;12/03/1950;2010;B
Verdi;Bice;T2;femmina;1952;2012;B
Neri;Carlo;T3;M;1980;2026;A
Bianchi;Dora;T4;F;1985;2026;A
Gialli;Elsa;T5;F;1990;2015;A
Blu;Franca;T6;F;1991;2016;A
Viola;Gino;T7;M;1949;2026;B
Rosa;Ida;T8;F;1948;2026;B
"""
PAIRS = [("T1", "T2"), ("T3", "T4"), ("T5", "T6"), ("T7", "T8")]


@pytest.fixture
def played(tmp_path: Path) -> tuple[EventService, str]:
    """Four pairs from the registry, one round in registration order (1 v 2, 3 v 4), the
    same sheet at both tables: pairs 1 and 3 level on VP and MP, so are 2 and 4."""
    store = RecordStore(f"sqlite:///{tmp_path / 'prizes.sqlite3'}")
    report = players.import_members(store, MEMBERS.encode(), "director")
    assert (report.added, report.refused) == (8, ())
    svc = EventService(store)
    svc.create_event(
        "coppa",
        EventConfig(
            name="Coppa del circolo",
            event_format=EventFormat.PAIRS,
            rounds=1,
            deals=(2,),
            movements=(Movement.REGISTRATION_ORDER,),
        ),
    )
    for cards in PAIRS:
        players.register_players(store, "coppa", list(cards))
    svc.seat("coppa", 1, publish=True)
    sheet = SheetEntry((deal(300, 120, 100, 45), deal(200, 80, 0, -40)))
    svc.enter_sheet("coppa", 1, 1, sheet)
    svc.enter_sheet("coppa", 1, 2, sheet)
    return svc, "coppa"


def _lines(state: EventState) -> list[tuple[str, tuple[int, ...], int, int | str]]:
    found = prizes.prize_list(state)
    return [
        (c.name, ln.places, ln.competitor, ln.prize) for c in found.categories for ln in c.lines
    ]


def test_art61_prizes_by_category_with_a_tie_split(played: tuple[EventService, str]) -> None:
    """Pairs 1 and 3 tie for the first two prizes (100 and 60): rule a) gives each 80. The
    ladies' prize passes to the ladies' pair not already awarded (pair 3 took its share);
    the seniors' to pair 4 (born 1949 and 1948: pair 1 took a prize); the newcomers' to pair
    2 (first season 2026). The list read from the exported event file is the same."""
    svc, event = played
    requests = [
        prizes.parse_category("Assoluta:overall:100/60"),
        prizes.parse_category("Dame:ladies:50"),
        prizes.parse_category("Over 70:seniors=1956:Coppa"),
        prizes.parse_category("Esordienti:newcomers=2026:30"),
    ]
    with pytest.raises(ArbitroError, match="la classifica del turno 1 non è pubblicata"):
        prizes.record_plan(svc, event, requests, TieRule.SPLIT, seed=5)
    svc.run(event, values.PublishStandings(1))
    rows = standings(svc.state(event))
    assert [(r.rank, r.competitor) for r in rows] == [(1, 1), (1, 3), (3, 2), (3, 4)]
    plan = prizes.record_plan(svc, event, requests, TieRule.SPLIT, seed=5)
    assert [c.eligible for c in plan.categories] == [None, (1, 3), (1, 4), (2, 4)]
    expected = [
        ("Assoluta", (1, 2), 1, 8000),
        ("Assoluta", (1, 2), 3, 8000),
        ("Over 70", (1,), 4, "Coppa"),
        ("Esordienti", (1,), 2, 3000),
    ]
    assert _lines(svc.state(event)) == expected
    _, _, _, replayed = read_event_file(export_event(svc, event))
    assert isinstance(replayed, EventState)
    assert _lines(replayed) == expected


def test_art61_c_a_draw_reproducible_from_the_record(played: tuple[EventService, str]) -> None:
    """Rule c) draws the places of the tied pairs with the plan's seed: the same seed read
    back from the file gives the same winner; the pair drawn out takes the ladies' prize."""
    svc, event = played
    svc.run(event, values.PublishStandings(1))
    requests = [
        prizes.parse_category("Assoluta:overall:Coppa"),
        prizes.parse_category("Dame:ladies:50"),
    ]
    prizes.record_plan(svc, event, requests, TieRule.DRAW, seed=11)
    lines = _lines(svc.state(event))
    (winner,) = [ln[2] for ln in lines if ln[0] == "Assoluta"]
    assert winner in (1, 3)
    ladies = [ln[2] for ln in lines if ln[0] == "Dame"]
    assert ladies == [4 - winner]  # the pair of ladies drawn out of the overall prize
    _, _, _, replayed = read_event_file(export_event(svc, event))
    assert isinstance(replayed, EventState)
    assert _lines(replayed) == lines


def test_the_registry_keeps_what_categories_ask(tmp_path: Path) -> None:
    """The members list's "sesso", "data di nascita" and "prima stagione" columns are kept
    (a date gives its year) and the player's export (GDPR art. 15) includes them; a sex
    that is neither F nor M refuses its row."""
    store = RecordStore(f"sqlite:///{tmp_path / 'reg.sqlite3'}")
    report = players.import_members(
        store, (MEMBERS + "Grigi;Ugo;T9;X;1970;2020;A\n").encode(), "director"
    )
    assert [r.row for r in report.refused] == [10]
    anna = players.find_player(store, "T1")
    assert (anna.sex, anna.birth_year, anna.first_season) == ("F", 1950, 2010)
    exported = players.export_player(store, anna, "director")
    assert {k: exported["player"][k] for k in ("sex", "birth_year", "first_season")} == {
        "sex": "F",
        "birth_year": 1950,
        "first_season": 2010,
    }


def test_a_category_as_written() -> None:
    """NAME:RULE[=PARAM]:PRIZES[:NUMBERS]: amounts in euros become cents, other prizes stay
    as their text; listed competitors; a wrong rule is named."""
    req = prizes.parse_category("Premio del circolo:listed:12,50/Cesto:4, 7")
    assert (req.prizes, req.listed) == ((1250, "Cesto"), (4, 7))
    assert prizes.parse_category("Over 65:seniors=1961:30").param == "1961"
    with pytest.raises(ArbitroError, match="ladie"):
        prizes.parse_category("Dame:ladie:50")
    assert prizes.parse_tie_rule("a") is TieRule.SPLIT


BOTH_LANGUAGES = [
    ("Assoluta:assoluta:100/60/40", "Assoluta:overall:100/60/40"),
    ("Dame:DAME:50", "Dame:ladies:50"),
    ("Mista:mista:40", "Mista:mixed:40"),
    ("Over 65:anziani=1961:30", "Over 65:seniors=1961:30"),
    ("Esordienti:esordienti=2026:Coppa", "Esordienti:newcomers=2026:Coppa"),
    ("Cat. B:categoria=B:20", "Cat. B:category=B:20"),
    ("Circolo:elenco:Cesto:4,7", "Circolo:listed:Cesto:4,7"),
]


@pytest.mark.parametrize(("italian", "english"), BOTH_LANGUAGES)
def test_art61_a_rule_written_in_italian_or_english(italian: str, english: str) -> None:
    """The direction's announced criteria (art. 6.1, "criteri preannunciati e prestabiliti
    dalla direzione di gara") are written with the rule's word in either language, any case:
    the same category; written back in the reader's language."""
    request = prizes.parse_category(italian)
    assert request == prizes.parse_category(english)
    plan = PrizeCategoryPlan(
        request.name, request.prizes, request.rule.value, request.param, request.listed or None
    )
    assert prizes.category_line(plan, "en") == english
    assert prizes.category_line(plan, "it") == italian.replace("DAME", "dame")


def test_art61_an_unknown_rule_lists_the_rules_in_the_readers_language() -> None:
    """A rule no language has: the error lists the words of the reader's language only, and
    its example too."""
    with pytest.raises(ArbitroError) as refused:
        prizes.parse_category("Dame:signore:50")
    italian, english = refused.value.message("it"), refused.value.message("en")
    assert "assoluta, dame, mista, anziani, esordienti, categoria, elenco" in italian
    assert "overall, ladies, mixed, seniors, newcomers, category, listed" in english
    assert "ladies" not in italian and "dame" not in english
    assert prizes.example("it").splitlines()[1] == "Dame:dame:50"
    assert prizes.example("en").splitlines()[1] == "Ladies:ladies:50"


@pytest.mark.parametrize(
    ("written", "rule"),
    [
        ("a", TieRule.SPLIT),
        ("divisione", TieRule.SPLIT),
        ("split", TieRule.SPLIT),
        ("B", TieRule.WINNERS_DECIDE),
        ("Vincitori", TieRule.WINNERS_DECIDE),
        ("winners-decide", TieRule.WINNERS_DECIDE),
        ("c", TieRule.DRAW),
        ("sorteggio", TieRule.DRAW),
        ("draw", TieRule.DRAW),
    ],
)
def test_art61_a_tie_rule_by_its_letter_or_word(written: str, rule: TieRule) -> None:
    """Art. 6.1's three choices, by the article's letter (a, b, c) or by their word in either
    language; an unknown one lists the words of the reader's language."""
    assert prizes.parse_tie_rule(written) is rule


def test_art61_an_unknown_tie_rule_lists_the_words_of_the_readers_language() -> None:
    with pytest.raises(ArbitroError) as refused:
        prizes.parse_tie_rule("moneta")
    assert "(una di: divisione, vincitori, sorteggio)" in refused.value.message("it")
    assert "(one of: split, winners-decide, draw)" in refused.value.message("en")
