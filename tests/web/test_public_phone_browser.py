"""The public pages fit a phone's screen: the 500 phones of a hall (issue 14) open the seating
and the standings of the demo event (9 pairs, 4 rounds, a penalty and the V.P. chart) at
390x844, in Italian and English, and nothing is wider than the screen; the projector's
1366x768 too."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from tests.services.test_series_service import SEASON, club_season, play_event
from tests.tournament.test_session_standings import AT

from arbitro.services.demo import run_demo
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.commands import values
from arbitro.tournament.knockout_event import KnockoutConfig

PAGES = ("/e/demo", "/e/demo/seating", "/e/demo/standings", "/e/demo/hall")
WIDE = """() => {
  const scrolls = el => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  return [document.documentElement.scrollWidth,
    [...document.querySelectorAll('body *')].filter(el =>
      el.getBoundingClientRect().right > window.innerWidth + 1 && !scrolls(el)
    ).map(el => el.tagName + (el.id ? '#' + el.id : '')).slice(0, 8),
    [...document.querySelectorAll('h1, td.name, th')].filter(
      el => el.textContent.trim() && (el.scrollWidth > el.clientWidth + 1 || el.clientWidth < 20)
    ).map(el => el.textContent)];
}"""
"""The page's width; the elements past the screen's right edge (but in a box that scrolls
sideways); the title, names and headings cut or squeezed to nothing."""


def not_fitting(page: Any, urls: list[str]) -> dict[str, Any]:
    """Open each of ``urls`` in ``page``; what does not fit its window, by URL (the page's
    width, the elements past the right edge, the texts cut)."""
    width = page.viewport_size["width"]
    found = {}
    for url in urls:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.status == 200, url
        scroll, outside, cut = page.evaluate(WIDE)
        if scroll > width or outside or cut:
            found[url] = (scroll, outside, cut)
    return found


def not_fitting_window(browser: Any, urls: list[str], width: int, height: int) -> dict[str, Any]:
    """:func:`not_fitting` in a new browser window of ``width`` x ``height``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        return not_fitting(context.new_page(), urls)
    finally:
        context.close()


@pytest.fixture
def demo_server(web_app: FastAPI, live_server: str) -> str:
    run_demo(web_app.state.web.store, "demo")
    return live_server


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_public_pages_fit_the_screen(
    browser: Any, demo_server: str, width: int, height: int, lang: str
) -> None:
    """The event's index, seating, standings (V.P. chart, a penalty) and hall display."""
    urls = [f"{demo_server}{path}?lang={lang}" for path in PAGES]
    assert not_fitting_window(browser, urls, width, height) == {}


def test_the_series_and_a_knockout_bracket_fit_a_phone(
    browser: Any, web_app: FastAPI, live_server: str
) -> None:
    """The season's series (three club evenings), a 13-pair Briscola bracket drawn with
    3 byes (art. 9) and the standings of a five-round session (FIBAS art. 2) open on a
    phone; the bracket scrolls sideways in its own box."""
    store = web_app.state.web.store
    club_season(store)
    knockout = KnockoutService(store)
    knockout.create("coppa", KnockoutConfig("Coppa di Briscola"))
    for i in range(1, 14):
        knockout.run(
            "coppa", values.RegisterPair(f"Coppia {i}", [f"Giocatore {i}A", f"Giocatore {i}B"])
        )
    knockout.run("coppa", values.DrawBracket(seed=7))
    play_event(store, "camp", "Campionato", SEASON["sett"], AT, rounds=10, sessions=(1, 6))
    urls = [f"{live_server}{path}" for path in ("/s/stagione", "/k/coppa", "/e/camp/sessions/2")]
    assert not_fitting_window(browser, urls, 390, 844) == {}
