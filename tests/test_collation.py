"""Names in alphabetical order as an Italian reader looks for them (issue 28, the projector):
an accented letter sorts in its letter's place, the same on the hall display, the seating
printout and the registry (FIBAS art. 4: the seating posted for the players to find their
table)."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.printouts.pdfcheck import in_memory_event

from arbitro.collation import name_key
from arbitro.printouts.seating import seating_rows
from arbitro.store import RecordStore
from arbitro.store import players as registry
from arbitro.store.players import PlayerFields
from arbitro.web.public import seating_view

# The three complaints of issue 28, each as (what must come first, what must come after).
ISSUE_28 = [("Càrdini", "Curròa"), ("Bellè", "Bellini"), ("Carè", "Caruso")]
NAMES = ["Curròa", "Bellini", "Caruso", "Càrdini", "Bellè", "Carè", "Àlfieri", "Zoppi"]
EXPECTED = ["Àlfieri", "Bellè", "Bellini", "Càrdini", "Carè", "Caruso", "Curròa", "Zoppi"]


def test_an_accented_letter_sorts_in_its_letters_place() -> None:
    """Càrdini before Curròa, Bellè before Bellini, Carè before Caruso: the accent counts
    only after the letters (art. 4, the seating by name)."""
    for first, after in ISSUE_28:
        assert name_key(first) < name_key(after), (first, after)
    assert sorted(NAMES, key=name_key) == EXPECTED


def test_accents_and_case_only_break_ties() -> None:
    """Names with the same letters stay together; the plain one first, then the accented,
    case last (Rossi, rossi, Rossì never split by another name)."""
    names = ["Rossì", "Rossini", "rossi", "Rossi", "Rosa"]
    ordered = sorted(names, key=name_key)
    assert ordered[0] == "Rosa" and ordered[-1] == "Rossini"
    assert set(ordered[1:4]) == {"Rossi", "rossi", "Rossì"}
    assert ordered.index("Rossì") > ordered.index("rossi")


def test_the_hall_seating_by_name_is_alphabetical_with_accents() -> None:
    """The projector's seating by name (art. 4) puts Càrdini before Curròa: it read
    ``casefold()``, which put every accented letter after z."""
    state = in_memory_event(NAMES)
    shown = [row.name for row in seating_view(state)["names"]]
    assert shown == EXPECTED


def test_the_seating_printout_has_the_same_order_as_the_hall() -> None:
    """The seating posted on paper (art. 4) lists the names as the projector does."""
    state = in_memory_event(NAMES)
    assert [r[0] for r in seating_rows(state, 1, "it")] == EXPECTED


def test_the_registry_lists_players_in_the_same_order(record_store: RecordStore) -> None:
    """The desk's registry of players: the same order as the hall's, by name alone (a card
    number or a club never reorders two names)."""
    for n, name in enumerate(reversed(EXPECTED)):
        fields = PlayerFields(name, card=f"{n:03}", club="Circolo")
        registry.add_player(record_store, fields, datetime(2026, 12, 1, tzinfo=UTC))
    assert [p.name for p in registry.list_players(record_store)] == EXPECTED
    assert [p.name for p in registry.search_players(record_store, "circolo")] == EXPECTED
