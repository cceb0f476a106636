"""A Scala 40 table of three over the real server (issue 32; art. 26): three players, a table
of three whose deals robots played; the three seats' phones (WebSocket) each get a view of
three hands (no empty fourth), the round's sheet of three columns, and sign it with one
message each (art. 23): the sheet is confirmed by the three."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from tests.web.digital_phones import Phone, seat_phones, signed, wait_for
from tests.web.test_digital_scala40_web import scala40_event

from arbitro.games.core.seats import Seat
from arbitro.games.scala40.digital import ENGINE
from arbitro.services.digital_desk import DigitalDesk
from arbitro.services.digital_tables import DigitalTables
from arbitro.tournament.commands.sheets import sheet_status

THREE = ("N", "E", "S")


def test_three_phones_see_three_hands_and_sign_the_sheet_of_a_table_of_three(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    event = scala40_event(web, "scala-a-tre", players=3)
    DigitalTables(web.service, random.Random(4)).open(
        event, 1, 1, robots=tuple(Seat(s) for s in THREE)
    )
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, event, THREE)
        for seat, phone in phones.items():
            view = phone.view
            assert sorted(view["hand_sizes"]) == sorted(THREE), seat
            assert len(view["areas"]) == 3 and view["over"] and view["deal"] == 3
            assert len(view["sheet"]["players"]) == 3
            assert all(len(row) == 3 for row in view["sheet"]["points"])
        for k, seat in enumerate(THREE, 1):  # each of the three signs for themself
            phones[seat].socket.send(json.dumps({"sign": True}))
            wait_for(lambda k=k: len(signed(web, event)) == k)  # type: ignore[misc]
        assert not any(p.errors for p in phones.values())
    assert sheet_status(web.service.state(event), 1, 1) == "confirmed"


def test_the_desk_shows_a_table_of_three_with_three_seats_and_their_links(
    web_app: FastAPI, director_client: Any
) -> None:
    """The director's page of a digital table of three (art. 26): the links of the three
    seats only (North, East, South; West is the empty seat, no phone), and the table's
    progress lists three seats."""
    web = web_app.state.web
    event = scala40_event(web, "scala-tre-desco", players=3)
    DigitalTables(web.service, random.Random(2)).open(event, 1, 1, robots=(Seat.E,))
    page = director_client.get(f"/desk/e/{event}/r/1/digital/1")
    assert page.status_code == 200
    links = re.findall(r"<li><strong>(\w+)</strong> <code>", page.text)
    assert links == ["Nord", "Sud"]  # East is the robot's; West is nobody's
    row = DigitalDesk(web.service).table(event, 1, 1, {})
    assert sorted(row["seats"]) == sorted(THREE)


def test_the_desks_abandon_lets_the_digital_table_go_on_three_handed(
    web_app: FastAPI, director_client: Any
) -> None:
    """Art. 25 from the desk's abandon form: South's player leaves when it is his turn; once
    recorded, the robot plays his turns at once (the table does not wait for him) and the
    next deal is dealt to the three who stay."""
    web = web_app.state.web
    event = scala40_event(web, "scala-abbandono", players=4)
    tables = DigitalTables(web.service, random.Random(5))
    tables.open(event, 1, 1, robots=(Seat.E, Seat.W))
    rng = random.Random(1)
    while (game := tables.table(event, 1, 1).position()).turn is not Seat.S or not game.moves:
        view = tables.view(event, 1, 1, game.turn)
        move = str(ENGINE.robot(game.copy(), rng))
        tables.play(event, 1, 1, game.turn, view["deal"], view["n"] + 1, move)
    seating = web.service.state(event).round(1).seating
    south = seating.tables[0].players[2]
    reply = director_client.post(
        f"/desk/e/{event}/r/1/abandon",
        data={
            "csrf": director_client.csrf,
            "competitor": str(south),
            "justified": "on",
            "reason": "malore",
        },
        follow_redirects=False,
    )
    assert reply.status_code == 303
    t = tables.table(event, 1, 1)
    assert t.absent == {"S": 1}
    assert t.position().turn is not Seat.S
    while not (t := tables.table(event, 1, 1)).position().is_over or t.current.number == 1:
        game = t.position()
        view = tables.view(event, 1, 1, game.turn)
        move = str(ENGINE.robot(game.copy(), rng))
        tables.play(event, 1, 1, game.turn, view["deal"], view["n"] + 1, move)
    assert t.deals[1].layout["seats"] == ["N", "E", "W"]
