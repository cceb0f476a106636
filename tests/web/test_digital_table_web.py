"""A digital table over the real server (issue 32): uvicorn serves the app, four phones hold a
WebSocket each on their seat (admitted by their seat's link, kept in a cookie like a line's
code), and play a whole round (two deals) by sending the legal moves their own views offer;
after every move each phone gets its new view, with its own hand only; a phone that
reconnects gets the same position; both lines sign the engine's sheet with one message each
and the round's standings follow. A phone without its seat's code is not admitted."""

from __future__ import annotations

import json
import random
import re
from contextlib import ExitStack
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest
from fastapi import FastAPI
from tests.web import digital_phones
from tests.web.digital_phones import cards_in, moved_from, seat_phones, signed, wait_for
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from arbitro.games.core import SEATS
from arbitro.services.digital_tables import DigitalTables
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token

CARD = re.compile(r"^(?:10|[2-9AJQK])[CDHS]$|^JK$")


def _card(word: str) -> str | None:
    return word if CARD.match(word) else None


class Phone(digital_phones.Phone):
    """A FIBAS seat's phone: every message checked for what art. 6 hides."""

    def check(self, view: dict[str, Any]) -> None:
        """A seat's message holds its own hand and the table's public cards only (the
        discard pile and the melds, in the generic shape's ``pile`` and ``areas``)."""
        super().check(view)
        public = set(view["hand"]) | set(view["pile"])
        public |= {c for a in view["areas"] for m in a["melds"] for c in m["cards"]}
        assert set(cards_in(view, _card)) <= public


def test_four_phones_play_a_round_over_websockets_and_sign_the_sheet(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("digitale", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(8)).open(event, 1, 1)
    rng = random.Random(9)
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, event, [s.value for s in SEATS])
        moves = 0
        while not phones["N"].view["sheet"]:
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            offered = phone.view["moves"]
            assert offered, f"{turn} is to play and is offered no move"
            plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
            move = rng.choice(plays if plays and rng.random() < 0.7 else offered)
            deal, n = phone.view["deal"], phone.view["n"]
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
            moved = moved_from(deal, n)
            for p in phones.values():  # every phone is told, its new view with its hand only
                p.read_until(moved)
            moves += 1
            if moves == 20:  # a phone that reconnects finds the same seat and position
                before = phones["S"].view
                phones["S"].socket.close()
                phones["S"].open()
                assert phones["S"].view == before
        assert moves > 40 and phones["N"].view["deal"] == 2
        assert not any(p.errors for p in phones.values())

        # a stale move (already played) is refused with its reason, in Italian
        last = phones["E"].view
        phones["E"].socket.send(json.dumps({"deal": 2, "n": last["n"], "move": "draw"}))
        phones["E"].read_until(lambda v: bool(phones["E"].errors))
        assert "superata" in phones["E"].errors[-1]

        phones["N"].socket.send(json.dumps({"sign": True}))
        wait_for(lambda: len(signed(web, event)) == 1)
        phones["E"].socket.send(json.dumps({"sign": True}))
        wait_for(lambda: len(signed(web, event)) == 2)
        assert phones["N"].errors == [] and len(phones["E"].errors) == 1
    state = web.service.state(event)
    assert sheet_status(state, 1, 1) == "confirmed"
    sheets = signed(web, event)  # each line's signature as a phone's: device, source, proof
    assert [(b.line, b.device) for b in sheets] == [
        ("ns", "telefono-N-0123456789abcdef"),
        ("ew", "telefono-E-0123456789abcdef"),
    ]
    assert all(b.source and b.proof for b in sheets)
    web.service.enter_sheet(event, 1, 2, state.sheet_kind.parse({"deals": [[100, 20, 0, 10]] * 2}))
    web.service.run(event, values.PublishStandings(1))
    rows = web.service.standings(event)
    assert len(rows) == 4 and sum(r.vp for r in rows) > 0


def test_a_phone_without_its_seats_code_is_not_admitted(
    web_app: FastAPI, live_server: str, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("chiuso", pairs=4, rounds=1, deals=2)
    DigitalTables(web.service, random.Random(1)).open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    wrong = seat_code(web.secret, token, "E")  # another seat's code
    with pytest.raises(InvalidStatus):
        connect(
            f"{live_server.replace('http', 'ws')}/t/{token}/digital/N/ws",
            additional_headers={"Cookie": f"arbitro_seat_N={wrong}"},
            open_timeout=10,
        )
    with pytest.raises(HTTPError) as page:
        urlopen(Request(f"{live_server}/t/{token}/digital/N"), timeout=10)
    assert page.value.code == 403
    assert "Questo posto non è aperto" in page.value.read().decode()
