"""The hand records of a round's digital tables (issue 32: "hand records printed (PDF)"), for
every game played at digital tables by rounds: the hands as dealt round the table, the
dealer, every move said in words in the printout's language, the melds, the cards left and
the deal's score; the engine's notation only in the arbiter's appendix. Built from the seat
views, so one printout serves FIBAS, Scala 40 and Burraco Parole alike."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.printouts.pdfcheck import pdf_text

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import Seat
from arbitro.printouts.hand_records import hand_records_pdf, markup
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.digital.hand_record import said_move
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

# code, game, format, deals a round (FIBAS art. 7, Scala 40 art. 5, Parole art. 5)
GAMES = {
    "fibas": (CodeId.BURRACO_FIBAS, GameId.BURRACO, EventFormat.PAIRS, 2),
    "scala40": (CodeId.SCALA40, GameId.SCALA40, EventFormat.INDIVIDUAL, 3),
    "parole": (CodeId.BURRACO_PAROLE, GameId.PAROLE, EventFormat.PAIRS, 3),
}
# The notation's verbs, which must never reach a page but the notation's appendix.
NOTATION_WORDS = re.compile(r"\b(draw|pickup|meld|layoff|discard|swap|low)\b")


@pytest.fixture
def service(tmp_path: Path) -> Iterator[EventService]:
    with RecordStore.open(f"sqlite:///{tmp_path / 'h.sqlite3'}") as store:
        yield EventService(store)


def _played(svc: EventService, game: str) -> None:
    """One round of the game, its table 1 played by four robots to the end."""
    code, game_id, fmt, deals = GAMES[game]
    config = EventConfig(
        name="Serata digitale",
        event_format=fmt,
        rounds=1,
        deals=(deals,),
        movements=(Movement.DRAW,),
        seed=3,
        code=code,
        game=game_id,
    )
    svc.create_event("e", config)
    for i in range(1, 5):
        players = [] if fmt is EventFormat.INDIVIDUAL else [f"G{i}a", f"G{i}b"]
        svc.run("e", Register(f"Iscritto {i}", players))
    svc.seat("e", 1, publish=True)
    DigitalTables(svc, random.Random(7)).open("e", 1, 1, robots=tuple(Seat))


def _without_appendix(text: str, heading: str) -> str:
    """The text without each deal's notation appendix (its heading to the next deal's)."""
    return re.sub(rf"{heading}.*?(?=(Tavolo|Table) \d+, |\Z)", "", text, flags=re.DOTALL)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_hand_records_say_every_deal_in_the_printouts_language(
    service: EventService, game: str, tmp_path: Path
) -> None:
    _played(service, game)
    state = service.state("e")
    table = state.digital[(1, 1)]
    italian = pdf_text(hand_records_pdf(state, 1, lang="it"), tmp_path, "it")
    english = pdf_text(hand_records_pdf(state, 1, lang="en"), tmp_path, "en")

    deals = GAMES[game][3]
    for d in range(1, deals + 1):
        assert f"Tavolo 1, smazzata {d}" in italian
        assert f"Table 1, deal {d}" in english
    # the hands round the table, the dealer by name, the end and the score
    for word in ("Nord", "Est", "Sud", "Ovest", "Come distribuita", "A fine smazzata"):
        assert word in italian
    first = table.engine.start(table.deals[0].layout)
    dealer = Seat(table.engine.view(first, Seat.N)["dealer"])
    names = {Seat.N: "Nord", Seat.E: "Est", Seat.S: "Sud", Seat.W: "Ovest"}
    assert f"mazziere: {names[dealer]}" in italian
    assert f"{len(table.deals[0].moves)} mosse" in italian
    assert "Rimaste in mano: Nord" in italian and "Left in hand: North" in english
    # every move said in words: the notation's verbs only in the arbiter's appendix
    assert NOTATION_WORDS.findall(_without_appendix(italian, "Posizione completa")) == []
    english_verbs = re.compile(r"\b(draw|pickup|layoff|swap)\b")  # "discard pile" is English
    assert english_verbs.findall(_without_appendix(english, "Full position")) == []
    assert "pesca dal tallone" in italian and "draws from the stock" in english
    if game == "scala40":  # each player's melds (art. 6) under the player's seat by name
        assert "Combinazioni di Ovest" in italian and "Melds of West" in english
    assert "scarta" in italian and "discards" in english


def test_a_move_is_said_with_its_cards_as_cards() -> None:
    """FIBAS art. 13's lay-off numbers the meld from 1 as the phone does, a wild laid low
    says so, a red suit is red, a Scala 40 joker names the card it stands for (art. 9), a
    card alone (Briscola) is played; a word the printout has none for stays as written."""

    def said(text: str, lang: str, faces: dict[str, Any] | None = None) -> str:
        return markup(said_move(text, faces or {}, lang))

    assert said("layoff 0 JK low", "it") == "attacca al gioco 1: JK in basso"
    assert said("discard KH", "en") == 'discards <font color="#C8102E">K♥</font>'
    assert said("meld JK=4S 5S 6S", "it") == "cala JK(4♠) 5♠ 6♠"
    assert said("7B", "it", {"7B": {"label": "7 bastoni", "red": False}}) == "gioca 7 bastoni"
    assert said("abandon N now", "en") == "abandon N now"
    assert said("discard ?", "it") == "scarta ?"
