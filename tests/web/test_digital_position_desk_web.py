"""What the desk shows of a digital table (issue 32), in the page's language: the position
block of a table's page (``/desk/e/<id>/r/<n>/digital/<table>``) and of its replay names each
field of the notation («Mazziere», «Di turno», «Fase») instead of showing the notation's
English keys (``dealer N``, ``turn E``, ``phase draw``) on an Italian page; the values stay
as the notation writes them, a phase said in words beside it; the notation itself is kept
below, folded, to copy. And the desk's table cards of a round with a digital table carry its
seats' links (the card of :mod:`arbitro.printouts.table_cards`)."""

from __future__ import annotations

import random
import re
from typing import Any

from fastapi import FastAPI

from arbitro.games.core import Seat
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.digital_tables import DigitalTables
from arbitro.web.desk.digital import position_fields


def _block(page: str, id_: str) -> str:
    """The visible position block (the fields), without the folded notation."""
    return page.split(f'id="{id_}-fields"')[1].split("</dl>")[0]


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_position_block_speaks_the_pages_language(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """Before: «dealer N», «turn E», «phase draw» (the notation's keys) on the Italian
    page. Now each field by its name, in Italian and in English, its value the notation's."""
    web = web_app.state.web
    event = make_event("posizione", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    t = tables.table(event, 1, 1)
    game = t.position()
    dealer, turn = t.engine.position(game).split(" | ")[:2]
    url = f"/desk/e/{event}/r/1/digital/1"

    italian = _text(_block(director_client.get(url).text, "digital-position"))
    assert f"Mazziere {dealer.split()[1]}" in italian
    assert f"Di turno {turn.split()[1]}" in italian
    assert "Fase draw (pescare o raccogliere gli scarti)" in italian
    assert "Mano di Nord" in italian and "Tallone" in italian and "Pozzetti" in italian
    for key in ("dealer ", "turn ", "phase ", "stock ", "pile "):
        assert key not in italian  # no English key of the notation in the block
    # the director still sees every card (FIBAS art. 7): North's hand, as the notation
    assert " ".join(str(c) for c in game.hand(Seat.N)) in italian

    director_client.cookies.set("lang", "en")
    english = _text(_block(director_client.get(url).text, "digital-position"))
    assert f"Dealer {dealer.split()[1]}" in english and f"To play {turn.split()[1]}" in english
    assert "Phase draw (draw or pick up)" in english and "Hand of North" in english
    director_client.cookies.set("lang", "it")

    # the replay's block too, and the notation kept to copy, folded
    replay = director_client.get(f"{url}/replay?deal=1&at=0").text
    assert "Mazziere" in _text(_block(replay, "replay-position"))
    assert "La posizione nella notazione (da copiare)" in replay


def test_the_notations_shapes_are_read_by_shape() -> None:
    """The three shapes of the engines' notations (docs/notation-*.md): ``key value``
    sections joined by `` | ``; ``key=value`` fields with a leading ``seat:phase``; a
    leading notation name and the moves of the turn in progress after `` ; ``. A notation
    of unnamed fields is shown whole."""
    burraco = position_fields("dealer N | turn E | phase play | EW - | pile 2H")
    assert [(f["key"], f["value"]) for f in burraco] == [
        ("dealer", "N"),
        ("turn", "E"),
        ("phase", "play"),
        ("EW", "—"),
        ("pile", "2H"),
    ]
    parole = position_fields("W:draw dealer=E turns=1 words=FUMI/- single=Z")
    assert [(f["key"], f["value"]) for f in parole][:3] == [
        ("turn", "W"),
        ("phase", "draw"),
        ("dealer", "E"),
    ]
    named = position_fields("notation seats=NES turn=S phase=play ; open KH KD KC | QH QD QS")
    assert [f["key"] for f in named] == ["seats", "turn", "phase", "played"]
    assert named[-1]["value"] == "open KH KD KC | QH QD QS"
    positional = position_fields("N 3C W 4B,8B - -/- - -")
    assert [(f["key"], f["value"]) for f in positional] == [("position", "N 3C W 4B,8B - -/- - -")]
    assert all(f["name"] is not None for f in burraco + parole + named + positional)


def test_the_desks_table_cards_carry_the_digital_tables_seats(
    web_app: FastAPI, director_client: Any, make_event: Any
) -> None:
    """The desk's «segnatavoli» of a mixed round: table 2's card has its four seats' links
    (the seat pages' addresses, with their codes), table 1's the score-entry QR code."""
    web = web_app.state.web
    event = make_event("cartellini", pairs=4, rounds=1, deals=2, publish=False)
    DigitalRounds(web.service, random.Random(7)).choose(event, 1, "mixed", tables=(2,))
    pdf = director_client.get(f"/desk/e/{event}/r/1/pdf/table-cards")
    assert pdf.status_code == 200
    links = [u.decode() for u in re.findall(rb"/URI \(([^)]*)\)", pdf.content)]
    assert len(links) == 4
    seats = [re.search(r"/t/[^/]+/digital/([NESW])\?proof=\d+$", u) for u in links]
    assert [m.group(1) if m else None for m in seats] == ["N", "E", "S", "W"]
