"""A FIBAS digital table's views over the real WebSocket (issue 32): every seat, partner and
opponents alike, is told which line has taken its pozzetto (art. 2: as at a paper table; a
state, never a card: each message still holds no card the seat may not see), and at the end
the sheet to sign comes with every deal of the match and its score (arts. 19, 21)."""

from __future__ import annotations

import random
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from tests.web.digital_phones import seat_phones
from tests.web.test_digital_table_web import Phone

from arbitro.games.core import LINES, SEATS, Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.web.seat_names import phone_view

ITALIAN = {"NS": "N-S", "EW": "E-O"}
ENGLISH = {"NS": "N-S", "EW": "E-W"}


def _play(tables: DigitalTables, event: str, rng: random.Random, until: Any) -> None:
    """Play the seats' legal moves (melds and lay-offs preferred) until ``until(table)``."""
    while not until(tables.table(event, 1, 1)):
        t = tables.table(event, 1, 1)
        game = t.position()
        offered = t.engine.moves(game)
        plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
        move = rng.choice(plays if plays and rng.random() < 0.85 else offered)
        tables.play(event, 1, 1, game.turn, t.current.number, len(t.current.moves) + 1, move)


def _taken(t: Any) -> bool:
    game = t.position()
    return any(game.pozzetto_taken(ln) for ln in LINES) and not game.is_over


def test_every_seat_is_told_which_line_has_taken_its_pozzetto(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("pozzetti", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(31))
    tables.open(event, 1, 1)
    _play(tables, event, random.Random(32), _taken)
    game = tables.table(event, 1, 1).position()
    taken = {ln.value for ln in LINES if game.pozzetto_taken(ln)}
    assert 0 < len(taken) < 2
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, event, [s.value for s in SEATS])
        for seat, phone in phones.items():  # checked: no card the seat may not see
            own = Seat(seat).line.value
            notes = [(a["own"], a["note"], a["done"]) for a in phone.view["areas"]]
            assert notes == [
                (
                    ln == own,
                    f"La linea {ITALIAN[ln]} ha preso il pozzetto"  # «E-O», not «EW»
                    if ln in taken
                    else f"La linea {ITALIAN[ln]} non ha ancora preso il pozzetto",
                    ln in taken,
                )
                for ln in sorted(("NS", "EW"), key=lambda ln: ln != own)
            ]
    english = phone_view(tables.view(event, 1, 1, Seat.N), "en")
    assert {a["note"] for a in english["areas"]} == {
        f"Line {ENGLISH[ln.value]} has taken its pozzetto"
        if ln.value in taken
        else f"Line {ENGLISH[ln.value]} has not taken its pozzetto yet"
        for ln in LINES
    }


def test_the_sheet_to_sign_comes_with_every_deal_of_the_match(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    """Three deals: the phone's sheet lists all three (it showed the last two only), each
    with the engine's score of that deal, as the sheet records them."""
    web = web_app.state.web
    event = make_event("tre", pairs=4, rounds=1, deals=3)
    tables = DigitalTables(web.service, random.Random(41))
    tables.open(event, 1, 1)
    _play(tables, event, random.Random(42), lambda t: len(t.finished()) == 3)
    t = tables.table(event, 1, 1)
    with ExitStack() as stack:
        phone = seat_phones(stack, Phone, live_server, web.secret, event, ["E"])["E"]
        view = phone.view
    assert view["sheet"] is not None
    assert [d["deal"] for d in view["sheet_deals"]] == [1, 2, 3]
    for d in view["sheet_deals"]:
        scores = t.position(d["deal"]).scores()
        assert [(s["title"], s["value"]) for s in d["scores"]] == [
            (f"Linea {ITALIAN[ln.value]}", f"{sc.base} + {sc.points} = {sc.base + sc.points}")
            for ln, sc in scores.items()
        ]
    rows = [[b + p for b, p in zip(r[::2], r[1::2], strict=True)] for r in view["sheet"]["deals"]]
    assert rows == [[t.position(k).scores()[ln].total for ln in LINES] for k in (1, 2, 3)]
