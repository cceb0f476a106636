"""The desk's pages of a digital table in the page's language (issue 32, words17): the seats
(«Nord», «Ovest»: not the notation's N, W), whose turn, the dealer of the position block,
the seats' links; the replay's list of moves said in words («Sud raccoglie gli scarti»,
«Nord scarta Q♠»: before, the notation «S pickup», «N discard QS»), each move's notation
kept beside it; and the forms' words for the digital tables («tutti», «nessuno» on an
Italian page: before, "all", "none")."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.games.core import SEATS, Seat
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables

ITALIAN = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}
ENGLISH = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _part(page: str, start: str, end: str) -> str:
    return page.split(start, 1)[1].split(end, 1)[0]


def test_the_tables_page_names_the_seats(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """The seats' states, whose turn, the dealer and the player to play of the position
    block, the seats' links: each seat by its name in the page's language."""
    web = web_app.state.web
    event = make_event("posti", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    game = tables.table(event, 1, 1).position()
    dealer, turn = game.dealer.value, game.turn.value
    url = f"/desk/e/{event}/r/1/digital/1"
    for lang, names, to_play in (("it", ITALIAN, "gioca"), ("en", ENGLISH, "to play")):
        page = director_client.get(url, params={"lang": lang}).text
        fields = _text(_part(page, 'id="digital-position-fields"', "</dl>"))
        dealt = {"it": "Mazziere", "en": "Dealer"}[lang]
        assert f"{dealt} {names[dealer]} " in f"{fields} ", fields  # not «Mazziere W»
        assert f"{to_play}: {names[turn]}" in _text(page)
        seats = _text(_part(page, 'class="dd-seats"', "</ul>"))
        assert all(names[s.value] in seats for s in SEATS), seats
        links = _text(_part(page, 'class="dd-links"', "</ul>"))
        assert names["N"] in links and names["S"] in links, links
        # the notation is kept, folded below, to copy: its letters as written
        assert f"dealer {dealer}\nturn {turn}\n" in page


def test_the_replay_lists_the_moves_in_words(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """Each move said in the page's language, the seat by its name; the notation beside
    it, the same moves the deal recorded."""
    web = web_app.state.web
    event = make_event("ripeti", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(8))
    tables.open(event, 1, 1, robots=tuple(SEATS))
    recorded = tables.replay(event, 1, 1, 1)
    assert recorded and tables.table(event, 1, 1).position(1).is_over
    url = f"/desk/e/{event}/r/1/digital/1/replay?deal=1"
    words = {
        "it": {"pickup": "raccoglie gli scarti", "draw": "pesca dal tallone", "discard": "scarta"},
        "en": {"pickup": "picks up the discard pile", "draw": "draws from the stock"},
    }
    for lang, names in (("it", ITALIAN), ("en", ENGLISH)):
        director_client.cookies.set("lang", lang)
        page = director_client.get(url).text
        items = re.findall(r"<li[^>]*>(.*?)</li>", _part(page, 'id="replay-moves"', "</ol>"))
        assert len(items) == len(recorded)
        for item, (_, seat, move) in zip(items, recorded, strict=True):
            said = _text(item.split("<code", 1)[0])
            assert said.startswith(f"{names[seat.value]} "), said  # «Ovest …», not «W …»
            verb = move.split()[0]
            if verb in words[lang]:
                assert words[lang][verb] in said, said
            assert f">{seat.value} {move}</code>" in item  # the notation, to copy
        discard = next(m for _, _, m in recorded if m.startswith("discard "))
        card = discard.split()[1]
        suit = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}.get(card[-1], "")
        assert f"{card[:-1]}{suit}" in _text(page) if suit else True
    director_client.cookies.set("lang", "it")


def test_the_digital_tables_words_are_the_pages(
    web_app: FastAPI, director_client: TestClient, make_event: Any
) -> None:
    """The new-event form and the seating form describe the choice with the words the page's
    reader types («tutti», «nessuno» in Italian, read back by the parser as the terminal's
    «tutti|nessuno»); the seating form shows a round's «every table digital» that way."""
    new_it = _text(director_client.get("/desk/new", params={"lang": "it"}).text)
    assert "tutti, nessuno (su carta)" in new_it and "all, none" not in new_it
    new_en = _text(director_client.get("/desk/new", params={"lang": "en"}).text)
    assert "all, none (on paper)" in new_en
    placeholder = 'placeholder="{}"'
    page = director_client.get("/desk/new", params={"lang": "it"}).text
    assert placeholder.format("es. tutti, nessuno, 1-5") in page

    web = web_app.state.web
    event = make_event("scelta", pairs=4, rounds=1, deals=2, seat=False)
    DigitalRounds(web.service).choose(event, 1, "digital", (), (), "director")
    form_it = director_client.get(f"/desk/e/{event}/r/1", params={"lang": "it"}).text
    field = re.search(r'<input name="digital" id="digital-tables"[^>]*>', form_it)
    assert field is not None and 'value="tutti"' in field.group(0), field
    assert placeholder.format("es. tutti, nessuno, 1-5") in field.group(0)
    form_en = director_client.get(f"/desk/e/{event}/r/1", params={"lang": "en"}).text
    field = re.search(r'<input name="digital" id="digital-tables"[^>]*>', form_en)
    assert field is not None and 'value="all"' in field.group(0), field
