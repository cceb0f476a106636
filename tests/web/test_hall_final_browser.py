"""The hall display of issue 28 in a browser at 1366x768: names with Italian accents in
alphabetical order (FIBAS art. 4, the seating by name), the event's long name shown whole,
and, once the last round's standings are published, the standings only with their final
mark (art. 39), at 60 and 120 pairs."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_hall import all_hall_pages, play
from tests.web.test_hall_browser import MIN_PX, walk_hall

from arbitro.collation import name_key
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.app import Web

LONG_NAME = "Circolo L'Asso di Cuori — Torneo di Natale a coppie, memorial Nicolò Càrdini"
ACCENTED = [
    "Càrdini",
    "Curròa",
    "Bellè",
    "Bellini",
    "Carè",
    "Caruso",
    "Niccolò",
    "Nicoletti",
    "Àlberti",
    "Albani",
    "Forlì",
    "Fornari",
    "Pascà",
    "Pasquali",
    "Zanè",
    "Zanetti",
    "D'Amico",
    "Dalla Bona",
    "Ercolè",
    "Esposito",
]
H1_FACTS = """() => {
  const h1 = document.querySelector("h1");
  const box = h1.getBoundingClientRect();
  return {text: h1.textContent, cut: h1.scrollHeight > h1.clientHeight + 1
          || h1.scrollWidth > h1.clientWidth + 1, bottom: box.bottom,
          size: parseFloat(getComputedStyle(h1).fontSize), final: !!document.querySelector(".h-note.final")};
}"""


def accented_event(web: Web, event_id: str, pairs: int, rounds: int = 2) -> list[str]:
    """An event named :data:`LONG_NAME` of ``pairs`` pairs named from :data:`ACCENTED`, round 1
    played and published, round 2 seated and published; returns the pairs' names."""
    rng = random.Random(pairs)
    config = EventConfig(
        name=LONG_NAME,
        event_format=EventFormat.PAIRS,
        rounds=rounds,
        deals=(2,) * rounds,
        movements=(Movement.DRAW,) + (Movement.MITCHELL,) * (rounds - 1),
        complaints_window_minutes=15,
    )
    web.service.create_event(event_id, config)
    names: list[str] = []
    while len(names) < pairs:
        name = " / ".join(rng.sample(ACCENTED, 2))
        if name not in names:
            names.append(name)
    for name in names:
        web.service.run(event_id, Register(name))
    web.service.seat(event_id, 1, publish=True)
    play(web, event_id, 1)
    web.service.seat(event_id, 2, publish=True)
    return names


def test_after_the_last_round_the_hall_shows_the_standings_only(
    web_app: FastAPI, client: TestClient, clock: Any
) -> None:
    """After the last round's standings the finished round's seating is of no use: every page
    of the cycle is the standings, provisional with the complaints' deadline, then with the
    final mark once the window has passed (FIBAS art. 39). Before the last round the seating
    still comes first (art. 4)."""
    web: Web = web_app.state.web
    accented_event(web, "finale", 16)
    parts = [re.search(r'data-part="(\w+)"', p) for p in all_hall_pages(client, "finale")]
    assert [m.group(1) for m in parts if m] == ["seating", "standings"]
    play(web, "finale", 2)  # the last round: its standings published
    pages = all_hall_pages(client, "finale")
    assert pages and all('data-part="standings"' in p for p in pages)
    assert all("reclami fino alle" in p for p in pages)
    clock.advance(minutes=16)
    pages = all_hall_pages(client, "finale")
    assert all('data-part="standings"' in p for p in pages)
    assert all('<p class="h-note final">Classifica finale</p>' in p for p in pages), pages[0]


@pytest.mark.parametrize("pairs", [60, 120])
def test_accented_names_in_order_and_the_long_name_whole_at_1366(
    web_app: FastAPI, live_server: str, browser: Any, tmp_path: Path, pairs: int
) -> None:
    """At 1366x768 (the projector): the seating by name in Italian alphabetical order
    (Càrdini before Curròa, Bellè before Bellini; art. 4), every row inside the screen and
    not cut, every text at least 24 px, and the event's name whole (wrapped, never cut:
    issue 28's "Circolo L'Asso di Cu...")."""
    web: Web = web_app.state.web
    event_id = f"accenti{pairs}"
    names = accented_event(web, event_id, pairs)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    try:
        facts = walk_hall(page, live_server, event_id, tmp_path, f"accenti-{pairs}")
        page.goto(f"{live_server}/e/{event_id}/hall?page=1&seconds=300", wait_until="load")
        h1 = page.evaluate(H1_FACTS)
    finally:
        context.close()
    assert h1["text"] == LONG_NAME and not h1["cut"], h1
    assert h1["size"] >= MIN_PX
    seated: list[str] = []
    for fact in facts:
        assert not [t for t in fact["texts"] if t["size"] < MIN_PX]
        assert fact["rows"] and all(r["inside"] for r in fact["rows"]), fact["page"]
        assert not any(r["clipped"] for r in fact["rows"]), fact["page"]
        if fact["part"] == "seating":
            seated += [r["cells"][0] for r in fact["rows"]]
    assert seated == sorted(names, key=name_key)
