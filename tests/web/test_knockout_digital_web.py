"""A Briscola knockout match at a digital table over the real server (issue 32): uvicorn
serves the app, two phones (N of the first pair, E of the second; robots at S and W) hold a
WebSocket each on their seat, admitted by their seat's link, and play the match to its end
by tapping the cards their own views offer; every message a phone gets holds its own hand,
the trick, the turned-up trump and nothing else (art. 6); each finished game is recorded in
the match as the phones' ``game-result`` (art. 8) and the bracket advances (art. 9). The
match's page lists the seats' links once the match is digital."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any
from urllib.request import Request, urlopen

from fastapi import FastAPI
from tests.web import digital_phones
from tests.web.digital_phones import cards_in, seat_phones

from arbitro.cards.italian import ALL_CARDS
from arbitro.games.core import Seat
from arbitro.services.knockout_digital import DigitalMatches
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.records import GameResult
from arbitro.web.knockout_match import match_path

CARDS = frozenset(str(c) for c in ALL_CARDS)


def _card(word: str) -> str | None:
    return word if word in CARDS else None


class Phone(digital_phones.Phone):
    """A Briscola seat's phone: every message checked for what art. 6 hides."""

    def check(self, view: dict[str, Any]) -> None:
        """Art. 6: its own hand, the trick on the table and the trump turned up; never a
        card of another hand, of the stock or of the cards won (every Italian card named
        anywhere in a message, keys included)."""
        super().check(view)
        public = set(view["hand"]) | {c for _, c in view["trick"]}
        if view["trump"]:
            public.add(view["trump"])
        assert set(cards_in(view, _card, keys=True)) <= public


def test_two_phones_play_a_match_over_websockets_and_the_bracket_advances(
    web_app: FastAPI, live_server: str
) -> None:
    web = web_app.state.web
    ko = web.knockout
    ko.create("coppa", KnockoutConfig("Coppa digitale", seeded=True))
    for i in range(1, 5):
        ko.run("coppa", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    ko.run("coppa", values.DrawBracket())
    m = ko.state("coppa").bracket.match("R1M1")
    assert DigitalMatches(ko, random.Random(4)).open("coppa", "R1M1", (Seat.S, Seat.W)) == (1, 1)

    # the match's page (the QR code of its card) lists each seat's link
    page = urlopen(Request(live_server + match_path(web.secret, "coppa", "R1M1")), timeout=10)
    html = page.read().decode()
    assert 'id="km-digital"' in html and "/t/" in html and "(robot)" in html

    rng = random.Random(6)
    with ExitStack() as stack:
        phones = seat_phones(stack, Phone, live_server, web.secret, "coppa", ("N", "E"))
        moves = 0
        while max(phones["N"].view["match"]["games"]) < 2:
            turn = phones["N"].view["turn"]
            phone = phones[turn]
            offered = phone.view["moves"]
            assert offered and set(offered) == set(phone.view["hand"])  # art. 4: any card
            deal, n = phone.view["deal"], phone.view["n"]
            phone.socket.send(json.dumps({"deal": deal, "n": n + 1, "move": rng.choice(offered)}))
            for p in phones.values():
                p.read_until(lambda v, d=deal, k=n: (v["deal"], v["n"]) != (d, k))  # type: ignore[misc]
            moves += 1
        assert not any(p.errors for p in phones.values())
        assert moves >= 20  # two games at least, half of the cards each played by a phone
        last = phones["E"].view
        assert last["over"] and last["result"]["winner"] in ("NS", "EW")
    state = ko.state("coppa")
    assert state.bracket is not None
    done = state.bracket.match("R1M1")
    assert done.winner is not None and sorted(done.score) in ([0, 2], [1, 2])
    results = [r.body for r in state.games.values() if isinstance(r.body, GameResult)]
    assert [r.game for r in results] == list(range(1, len(done.games) + 1))
    assert all(sum(r.points.values()) == 120 for r in results)  # art. 8
    assert {int(p) for r in results for p in r.points} == {m.first, m.second}
    final = state.bracket.match("R2M1")
    assert done.winner in (final.first, final.second)


def test_the_desk_and_the_public_pages_show_a_digital_match(
    director_client: Any, web_app: FastAPI
) -> None:
    """The digital records (the games dealt and their results in the knockout's log, the
    cards in the match's table log) leave the desk's, the public and the history's pages as
    they are: the match decided by its games (art. 9)."""
    ko = web_app.state.web.knockout
    ko.create("robot", KnockoutConfig("Coppa dei robot", seeded=True))
    for i in range(1, 3):
        ko.run("robot", values.RegisterPair(f"Coppia {i}", [f"G{i}a", f"G{i}b"]))
    ko.run("robot", values.DrawBracket())
    DigitalMatches(ko, random.Random(1)).open("robot", "R1M1", tuple(Seat))
    state = ko.state("robot")
    assert state.bracket is not None and state.bracket.champion is not None
    champion = state.pairs[state.bracket.champion].name
    for url in ("/desk/k/robot", "/k/robot"):
        page = director_client.get(url)
        assert page.status_code == 200 and champion in page.text, url
