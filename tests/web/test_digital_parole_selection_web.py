"""A Burraco Parole phone asks what its tapped cards can play (issue 32) over the real
server: uvicorn serves the app, the seats' phones hold a WebSocket each; the seat to play,
after its draw, sends ``{"type": "selection", "cards": [...]}`` for the cards of its longest
word (art. 4.1, checked with the Italian dictionary) and is answered, alone, with that word
among the plays, which it then plays as sent. A seat not to play, a stale move number, or
cards the seat does not hold are answered with no play: no answer names a hidden card."""

from __future__ import annotations

import json
import random
from collections import Counter
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from websockets.sync.client import ClientConnection, connect

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import SEATS
from arbitro.games.parole import MoveKind
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.digital_table import seat_code
from arbitro.web.tokens import make_token


def _socket(stack: ExitStack, base: str, token: str, seat: str, secret: bytes) -> ClientConnection:
    url = f"{base.replace('http', 'ws')}/t/{token}/digital/{seat}/ws"
    code = seat_code(secret, token, seat)
    cookie = f"arbitro_seat_{seat}={code}; arbitro_device=telefono-{seat}-0123456789abcdef"
    return stack.enter_context(connect(url, additional_headers={"Cookie": cookie}))


def _next(socket: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (views sent meanwhile skipped)."""
    while True:
        data: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if data["type"] == kind:
            return data
        assert data["type"] == "view", data


def _view_at(socket: ClientConnection, deal: int, n: int) -> dict[str, Any]:
    while True:
        view: dict[str, Any] = _next(socket, "view")["view"]
        if (view["deal"], view["n"]) == (deal, n):
            return view


def test_art4_1_the_seat_to_play_is_offered_the_word_its_tapped_cards_spell(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    svc = web.service
    event = "parole-selezione"
    svc.create_event(
        event,
        EventConfig(
            "Parole toccate",
            EventFormat.PAIRS,
            1,
            (3,),
            (Movement.DRAW,),
            seed=3,
            code=CodeId.BURRACO_PAROLE,
            game=GameId.PAROLE,
        ),
    )
    for i in range(1, 5):
        svc.run(event, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event, 1, publish=True)
    tables = DigitalTables(svc, random.Random(8))
    tables.open(event, 1, 1)
    token = make_token(web.secret, event, 1, 1)
    with ExitStack() as stack:
        phones = {s.value: _socket(stack, live_server, token, s.value, web.secret) for s in SEATS}
        views = {s: _next(p, "view")["view"] for s, p in phones.items()}
        turn = views["N"]["turn"]
        me = phones[turn]
        other = next(s for s in phones if s != turn)
        deal, n = views[turn]["deal"], views[turn]["n"]
        me.send(json.dumps({"deal": deal, "n": n + 1, "move": "draw"}))
        view = _view_at(me, deal, n + 1)
        n += 1
        game = tables.table(event, 1, 1).position()
        words = [m for m in game.legal_moves() if m.kind is MoveKind.MELD]
        assert words, "the seat to play has no word after its draw"
        longest = max(words, key=lambda m: (len(m.cards), m.cards))
        cards = list(longest.cards)
        assert not Counter(cards) - Counter(view["hand"])
        expected = "meld " + " ".join(cards)

        # the seat to play asks for its tapped cards (in another order): the word is offered
        me.send(json.dumps({"type": "selection", "cards": cards[::-1], "deal": deal, "n": n}))
        answer = _next(me, "selection")
        assert answer["cards"] == cards[::-1] and (answer["deal"], answer["n"]) == (deal, n)
        assert expected in answer["plays"]
        assert all(not Counter(p.split()[1:]) - Counter(cards) for p in answer["plays"])

        # a seat not to play, a stale move, cards the seat does not hold: no play
        theirs = _next_selection(phones[other], views[other]["hand"][:3], deal, n)
        assert theirs["plays"] == []
        assert _next_selection(me, cards, deal, n - 1)["plays"] == []
        absent = next(x for x in "ABCDEFGHILMNOPQRSTUVZ" if x not in view["hand"])
        assert _next_selection(me, [absent, *cards[1:]], deal, n)["plays"] == []
        assert _next_selection(me, ["x" * 40], deal, n)["plays"] == []  # not a card at all

        # the word offered is played as sent, and every phone sees it on the table
        me.send(json.dumps({"deal": deal, "n": n + 1, "move": expected}))
        after = _view_at(me, deal, n + 1)
        assert len(after["hand"]) == len(view["hand"]) - len(cards)
        seen = _view_at(phones[other], deal, n + 1)
        assert any(m["cards"] == cards for a in seen["areas"] for m in a["melds"])


def _next_selection(
    socket: ClientConnection, cards: list[str], deal: int, n: int
) -> dict[str, Any]:
    """Ask ``socket``'s seat's selection of ``cards``; its answer (the next one it gets:
    no other seat's answer ever reaches it)."""
    socket.send(json.dumps({"type": "selection", "cards": cards, "deal": deal, "n": n}))
    answer = _next(socket, "selection")
    assert answer.get("cards", cards) == cards
    return answer
