"""The hall display in a browser at 60 and 120 pairs (issue 12 §2): on the projector at
1366x768 and 1920x1080 every row of the seating by name (art. 4) and of the standings
(art. 19, 39) is shown on some page, inside the screen, with text at least 24 px tall."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from tests.web.test_hall import play

from arbitro.collation import name_key
from arbitro.services.registering import Register
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.app import Web

SURNAMES = [
    "Rossi",
    "Bianchi",
    "Esposito",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "Costa",
    "Giordano",
    "Mancini",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Fontana",
    "Santangelo",
    "Caruso",
    "Ferrara",
    "Bevilacqua",
    "Mazzoleni",
    "Fiorentino",
    "Santoro",
    "Marchetti",
    "Pellegrini",
    "Palumbo",
    "Sanna",
]
MIN_PX = 24.0

PAGE_FACTS = """() => {
  const width = window.innerWidth, height = window.innerHeight;
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    texts.push({text: node.textContent.trim(), size: parseFloat(getComputedStyle(el).fontSize)});
  }
  const rows = [...document.querySelectorAll("tr.h-row")].map(tr => {
    const box = tr.getBoundingClientRect();
    const cells = [...tr.querySelectorAll("td")];
    return {
      cells: cells.map(td => td.textContent.trim()),
      height: box.height,
      inside: box.top >= 0 && box.bottom <= height && box.left >= 0 && box.right <= width,
      clipped: cells.some(td => td.scrollWidth > td.clientWidth + 1),
    };
  });
  const page = document.querySelector(".pageno");
  return {texts, rows, part: document.querySelector("[data-part]").dataset.part,
          page: page.dataset.page, pages: page.dataset.pages,
          nav: document.querySelectorAll("header.bar, .langs").length,
          refresh: document.querySelector('link[rel="next"]').href};
}"""


def hall_event(web: Web, event_id: str, pairs: int) -> list[str]:
    """An event of ``pairs`` pairs with plausible names, round 1 played and its standings
    published, round 2 seated and published; returns the pairs' names."""
    rng = random.Random(pairs)
    config = EventConfig(
        name=f"Burraco del martedì — {pairs} coppie",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.DRAW, Movement.MITCHELL, Movement.MITCHELL),
    )
    web.service.create_event(event_id, config)
    names: list[str] = []
    while len(names) < pairs:
        name = " / ".join(rng.sample(SURNAMES, 2))
        if name not in names:
            names.append(name)
    for name in names:
        web.service.run(event_id, Register(name))
    web.service.seat(event_id, 1, publish=True)
    play(web, event_id, 1)
    web.service.seat(event_id, 2, publish=True)
    return names


def walk_hall(page: Any, base: str, event_id: str, shots: Path, tag: str) -> list[dict[str, Any]]:
    """Every page of the hall display, following its own refresh target, with a screenshot."""
    facts, number = [], 1
    while True:
        # A page held 300 s (the director's ?seconds=): the refresh never races the checks.
        page.goto(f"{base}/e/{event_id}/hall?page={number}&seconds=300", wait_until="load")
        fact = page.evaluate(PAGE_FACTS)
        page.screenshot(path=str(shots / f"{tag}-{number}.png"))
        facts.append(fact)
        number = int(re.search(r"page=(\d+)", fact["refresh"]).group(1))  # type: ignore[union-attr]
        if number == 1:
            return facts
        assert len(facts) < 40


@pytest.mark.parametrize("pairs", [60, 120])
def test_hall_display_readable_with_every_row(
    web_app: FastAPI, live_server: str, browser: Any, tmp_path: Path, pairs: int
) -> None:
    """At 1366x768 and 1920x1080: every pair on some seating page (alphabetical, art. 4)
    and on some standings page (art. 19), every row inside the screen and not cut, every text
    at least 24 px; no navigation, no language switch; "pagina i di n"."""
    web: Web = web_app.state.web
    event_id = f"sala{pairs}"
    names = hall_event(web, event_id, pairs)
    for width, height in ((1366, 768), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        try:
            facts = walk_hall(page, live_server, event_id, tmp_path, f"{pairs}-{width}")
        finally:
            context.close()
        seated: list[str] = []
        ranked: list[str] = []
        for fact in facts:
            assert fact["nav"] == 0
            small = [t for t in fact["texts"] if t["size"] < MIN_PX]
            assert not small, (width, small[:3])
            assert fact["rows"], fact
            assert all(r["inside"] for r in fact["rows"]), (width, fact["part"], fact["page"])
            assert not any(r["clipped"] for r in fact["rows"]), (width, fact["part"])
            if fact["part"] == "seating":
                seated += [r["cells"][0] for r in fact["rows"]]
            else:
                ranked += [r["cells"][1] for r in fact["rows"]]
        assert seated == sorted(names, key=name_key)
        assert sorted(ranked) == sorted(names)
        assert any(f["page"] == "2" and int(f["pages"]) >= 3 for f in facts)
        # A last page's few rows keep the size of a full page's: not stretched to the screen.
        heights = [r["height"] for f in facts for r in f["rows"]]
        assert max(heights) <= 1.1 * min(heights), (width, min(heights), max(heights))
