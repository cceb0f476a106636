"""One language at a time (issue #12 §7): every page of a played event, crawled from the
desk and the public pages by following their links, is wholly in the language chosen — no
word of the other language from the list of the offenders seen on the landed version — and
every error is a page, never a JSON body."""

from __future__ import annotations

import re
from collections import deque
from urllib.parse import urljoin, urlsplit

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services import series
from arbitro.services.demo import run_demo
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig
from arbitro.tournament.series import PointsScheme, SchemeKind

# Words seen on the wrong pages of the landed version, and their like (whole words).
ENGLISH_ON_ITALIAN = (
    "lateness",
    "warning",
    "Standings",
    "Deal",
    "deal",
    "Sheet",
    "Log out",
    "Not Found",
    "Internal Server Error",
    "Round",
    "Table",
    "Knockout",
    "Rest",
)
ITALIAN_ON_ENGLISH = (
    "Classifica",
    "Smazzata",
    "smazzata",
    "ammonizione",
    "Ritardo",
    "ritardo",
    "Tavolo",
    "Turno",
    "Esci",
    "Gare",
    "mancante",
    "Riposo",
    "Eliminazione",
)
LINK = re.compile(r'href="([^"#]+)"')
SKIP = re.compile(r"^/(static|api)/|\.pdf|/print|/export|lang=|/logout")
TAG = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
LIMIT = 400


def crawl(client: TestClient, lang: str) -> dict[str, str]:
    """Every same-site page reachable from the desk and the public home, by GET."""
    client.cookies.set("lang", lang)
    seen: dict[str, str] = {}
    queue = deque(["/desk", "/", "/desk/k"])
    while queue and len(seen) < LIMIT:
        path = queue.popleft()
        if path in seen:
            continue
        response = client.get(path)
        kind = response.headers.get("content-type", "")
        assert "json" not in kind, (path, response.status_code, response.text[:200])
        seen[path] = response.text if "html" in kind else ""
        for href in LINK.findall(seen[path]):
            url = urlsplit(urljoin(f"http://testserver{path}", href))
            target = url.path + (f"?{url.query}" if url.query else "")
            if url.netloc in ("", "testserver") and not SKIP.search(target):
                queue.append(target)
    return seen


def offenders(pages: dict[str, str], words: tuple[str, ...]) -> list[tuple[str, str]]:
    """(page, word) for each word of ``words`` shown as text on a page."""
    found = []
    for path, html in pages.items():
        text = TAG.sub(" ", html)
        for word in words:
            if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text):
                found.append((path, word))
    return found


def test_every_page_is_wholly_in_the_language_chosen(
    web_app: FastAPI, director_client: TestClient
) -> None:
    store = web_app.state.web.store
    run_demo(store, "demo")
    ko = KnockoutService(store)
    ko.create("prova-coppa", KnockoutConfig("Coppa"))
    for i in range(1, 6):
        ko.run("prova-coppa", values.RegisterPair(f"Squadra {i}", [f"A{i}", f"B{i}"]))
    ko.run("prova-coppa", values.DrawBracket())
    ko.play_all("prova-coppa", seed=3)
    scheme = PointsScheme(SchemeKind.PLACEMENT, (10, 8, 6), best=2)
    series.create_series(store, "stagione", "Stagione", scheme, ("demo",))
    italian = crawl(director_client, "it")
    assert len(italian) > 40, sorted(italian)
    assert any(p.startswith("/desk/e/demo/r/") for p in italian)
    assert any(p.startswith("/t/") for p in italian)
    assert any(p.startswith("/k/") or p.startswith("/desk/k/") for p in italian)
    assert {"/desk/series", "/desk/series/stagione", "/s/stagione"} <= set(italian)
    # The crawl reads the pages it should: the words of each language are where they belong.
    assert offenders(italian, ITALIAN_ON_ENGLISH)
    assert offenders(italian, ENGLISH_ON_ITALIAN) == []
    english = crawl(director_client, "en")
    assert offenders(english, ENGLISH_ON_ITALIAN)
    assert offenders(english, ITALIAN_ON_ENGLISH) == []
