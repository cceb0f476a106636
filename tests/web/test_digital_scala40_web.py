"""Scala 40 at a digital table over the real server (issue 32): uvicorn serves the app, four
phones hold a WebSocket each on their seat and play a whole round (three deals, art. 5) by
sending moves their own views offer; after every move each phone gets its new view, in the
phone's generic shape (areas of melds, counters, scores), with its own hand only; each of the
four players signs the engine's individuals' sheet with one message (art. 23) and the
round's standings follow."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from tests.web import digital_phones
from tests.web.digital_phones import cards_in, moved_from, seat_phones, signed, wait_for

from arbitro.codes.ids import CodeId, GameId
from arbitro.games.core import SEATS
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.commands.sheets import sheet_status
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement

CARD = re.compile(r"^(?:10|[2-9AJQK])[CDHS]$|^JK$")


def _card(word: str) -> str | None:
    """The card a word names (a declared joker ``JK=7D`` is the joker: 7D is what it stands
    for, not a card shown)."""
    return c if CARD.match(c := word.split("=")[0]) else None


class Phone(digital_phones.Phone):
    """A Scala 40 seat's phone: every message checked for what art. 6 hides."""

    def check(self, view: dict[str, Any]) -> None:
        """A seat's message holds its own hand and the table's face-up cards only, in the
        generic shape, its titles in the phone's language (Italian by default)."""
        super().check(view)
        public = set(view["hand"]) | set(view["pile"])
        cards = (cards_in(m["cards"], _card) for a in view["areas"] for m in a["melds"])
        public |= {c for meld in cards for c in meld}
        assert set(cards_in({k: v for k, v in view.items() if k != "sheet"}, _card)) <= public
        assert len(view["pile"]) <= 1  # only the top discard (art. 6)
        assert view["areas"][0]["own"] and view["areas"][0]["title"] == "Le tue combinazioni"
        assert {c["title"] for c in view["counters"]} == {"Tallone", "Scarti"}


def _choose(view: dict[str, Any], rng: random.Random) -> str:
    """A player's move from what its view offers: the draw (the discard when it may be
    taken, now and then), the play that lays down the most cards, else a discard."""
    offered: list[str] = view["moves"]
    if "draw" in offered:
        return "pickup" if "pickup" in offered and rng.random() < 0.5 else "draw"
    plays = [m for m in offered if not m.startswith("discard ")]
    if plays:
        return max(plays, key=lambda m: (len(m.split()), m))
    return rng.choice(offered)


def _signatures(web: Any, event: str, count: int) -> Callable[[], bool]:
    """Whether the sheet has ``count`` signatures."""
    return lambda: len(signed(web, event)) == count


def scala40_event(web: Any, event_id: str, players: int = 4) -> str:
    """A Scala 40 event of one round of three deals, ``players`` seated and published."""
    config = EventConfig(
        name="Scala 40 sui telefoni",
        event_format=EventFormat.INDIVIDUAL,
        rounds=1,
        deals=(3,),
        movements=(Movement.DRAW,),
        seed=5,
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    web.service.create_event(event_id, config)
    for i in range(1, players + 1):
        web.service.run(event_id, Register(f"Giocatore {i}", []))
    web.service.seat(event_id, 1, publish=True)
    return event_id


def test_four_phones_play_a_scala40_round_over_websockets_and_each_signs(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    event = scala40_event(web, "scala-digitale")
    DigitalTables(web.service, random.Random(8)).open(event, 1, 1)
    rng = random.Random(9)
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, event, [s.value for s in SEATS])
        moves = 0
        seen_scores = False
        while not phones["N"].view["sheet"]:
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            assert phone.view["moves"], f"{turn} is to play and is offered no move"
            move = _choose(phone.view, rng)
            deal, n = phone.view["deal"], phone.view["n"]
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": move}))
            for p in phones.values():
                p.read_until(moved_from(deal, n))
            seen_scores |= phones["N"].view["scores"] is not None
            previous: dict[str, Any] = phones["N"].view.get("previous") or {}
            if phones["N"].view["deal"] > 1:  # the deal before's score, in Italian
                assert previous["deal"] == phones["N"].view["deal"] - 1
                assert {s["title"].split()[0] for s in previous["scores"]} == {"Posto"}
            moves += 1
            assert moves < 3000
        assert moves > 30 and phones["N"].view["deal"] == 3 and seen_scores
        assert not any(p.errors for p in phones.values())
        last = phones["N"].view
        assert last["over"] and [s["value"] for s in last["scores"]].count(0) >= 1
        sheet = last["sheet"]
        assert len(sheet["points"]) == 3 and all(len(row) == 4 for row in sheet["points"])

        for k, seat in enumerate("NESW", 1):  # each player signs for themself
            phones[seat].socket.send(json.dumps({"sign": True}))
            wait_for(_signatures(web, event, k))
        assert not any(p.errors for p in phones.values())
    state = web.service.state(event)
    assert sheet_status(state, 1, 1) == "confirmed"
    seating = state.round(1).seating
    assert seating is not None
    sheets = signed(web, event)
    assert [b.line for b in sheets] == [str(p) for p in seating.tables[0].players or ()]
    assert [b.device for b in sheets] == [f"telefono-{s}-0123456789abcdef" for s in "NESW"]
    web.service.run(event, values.PublishStandings(1))
    rows = web.service.standings(event)
    assert len(rows) == 4 and sum(r.vp for r in rows) > 0
