"""Burraco Parole at a digital table over the real server (issue 32): uvicorn serves the app,
four phones hold a WebSocket each on their seat and play a deal to its end with words (art.
4.1, each checked by the server with the Italian dictionary), every message to a seat holding
its own hand and the table's face-up cards only (art. 3.4); both lines sign the engine's sheet
with one message each (art. 12)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from itertools import permutations
from typing import Any

from fastapi import FastAPI
from tests.web import digital_phones
from tests.web.digital_phones import moved_from, seat_phones, signed, wait_for

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import SEATS
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.registering import Register
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement


class Phone(digital_phones.Phone):
    """A Parole seat's phone: every message checked for what art. 3.4 hides."""

    timeout = 30.0

    def check(self, view: dict[str, Any]) -> None:
        """A seat's message holds its own hand and the table's face-up cards only (art. 3.4):
        no key but the view's (no position, no other hand, no stock), its hand of its size,
        moves only when it is to play, each made of its own cards."""
        super().check(view)
        assert set(view) <= _KEYS, set(view) - _KEYS
        mine = Counter(view["hand"])
        for move in view["moves"]:
            words = move.split()
            taken = words[2 : words.index("=")] if words[0] == "layoff" else words[1:]
            assert not Counter(taken) - mine, move


_KEYS = {
    *("seat", "dealer", "turn", "phase", "over", "hand", "hand_sizes", "pile", "areas"),
    *("counters", "scores", "result", "deal", "deals", "n", "moves", "sheet", "previous"),
    *("signed", "lines", "signer", "round", "table", "robots", "paused", "called"),
    "labels",  # the phone's gestures (help), the engine's
    "sheet_deals",  # with the sheet to sign: each finished deal's score (the socket's)
}


def _refused(phone: digital_phones.Phone) -> Callable[[dict[str, Any]], bool]:
    """Whether ``phone`` was told a refusal."""
    return lambda v: bool(phone.errors)


def test_four_phones_play_a_parole_deal_with_words_and_sign_the_sheet(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    svc = web.service
    event = "parole-digitale"
    config = EventConfig(
        "Parole digitali",
        EventFormat.PAIRS,
        1,
        (3,),
        (Movement.DRAW,),
        seed=3,
        code=CodeId.BURRACO_PAROLE,
        game=GameId.PAROLE,
    )
    svc.create_event(event, config)
    for i in range(1, 5):
        svc.run(event, Register(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"]))
    svc.seat(event, 1, publish=True)
    tables = DigitalTables(svc, random.Random(8))
    tables.open(event, 1, 1)
    rng = random.Random(9)
    words = 0
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, event, [s.value for s in SEATS])
        refused = ""
        while not phones["N"].view.get("sheet"):
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            deal, n = phone.view["deal"], phone.view["n"]
            if deal == 2 and phone.view["phase"] == "play" and not refused:
                # a word the dictionary refuses is refused by the server (art. 4.1)
                # three letters of the hand in an order no offered word has (deal 2 is dealt
                # by the server's secure shuffle: the hand is not known in advance)
                letters = [x for x in phone.view["hand"] if x not in "!?"]
                junk = next(
                    m
                    for p3 in permutations(letters, 3)
                    if (m := "meld " + " ".join(p3)) not in phone.view["moves"]
                )
                phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": junk}))
                phone.read_until(_refused(phone))
                refused = turn
                continue
            offered = phone.view["moves"]
            assert offered, f"{turn} is to play and is offered no move"
            plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
            move = rng.choice(plays) if plays else rng.choice(offered)
            words += move in plays
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
            for p in phones.values():
                p.read_until(moved_from(deal, n))
        assert refused and len(phones[refused].errors) == 1
        assert "4.1" in phones[refused].errors[0]  # the word check of the code, cited
        assert words >= 9 and phones["N"].view["deal"] == 3
        assert sum(len(p.errors) for p in phones.values()) == 1
        t = tables.table(event, 1, 1)
        assert all(t.position(d).is_over for d in (1, 2, 3))
        assert all(any(m.startswith(("meld ", "layoff ")) for _, m in d.moves) for d in t.deals)
        phones["N"].socket.send(json.dumps({"sign": True}))
        wait_for(lambda: len(signed(web, event)) == 1)
        phones["E"].socket.send(json.dumps({"sign": True}))
        wait_for(lambda: len(signed(web, event)) == 2)
    assert sheet_status(svc.state(event), 1, 1) == "confirmed"
