"""The contrasts of issue 28, computed in a real browser (headless Chromium) from the colours
the page's CSS gives (WCAG 1.4.3: at least 4.5:1 for text): "da confermare" on a pending
row of the desk's round page (was 4.27:1), the bracket's small grey match numbers (was
4.47:1); and the public bracket's scroll box takes the keyboard's focus (WCAG 2.1.1)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from tests.web.test_desk import DEAL
from tests.web.test_knockout_web import make_knockout

from arbitro.tournament.scoring.sheet import SheetEntry

COLOURS = """e => {
  const colour = getComputedStyle(e).color;
  let box = e;
  while (box && getComputedStyle(box).backgroundColor === "rgba(0, 0, 0, 0)") box = box.parentElement;
  return [colour, box ? getComputedStyle(box).backgroundColor : "rgb(255, 255, 255)"];
}"""


def _luminance(css: str) -> float:
    red, green, blue = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(colours: list[str]) -> float:
    """The WCAG contrast ratio of a text colour on its background (CSS ``rgb(...)``)."""
    light, dark = sorted((_luminance(c) for c in colours), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_helper_matches_wcag() -> None:
    """Black on white is 21:1; the old orange #b45f06 on the pending row's #fff6e5, 4.27:1."""
    assert round(contrast(["rgb(0, 0, 0)", "rgb(255, 255, 255)"]), 2) == 21.0
    assert round(contrast(["rgb(180, 95, 6)", "rgb(255, 246, 229)"]), 2) == 4.27


def test_pending_sheet_and_bracket_numbers_are_readable_fibas_art21_briscola_art9(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
) -> None:
    """FIBAS art. 21: a sheet entered by one line only is "da confermare" on the round page,
    in a cream row: at least 4.5:1. Briscola art. 9: the knockout's match boxes number their
    matches in small grey type: at least 4.5:1 on the desk; on the projector the bracket's
    box is focusable, so that the keyboard scrolls it."""
    event_id = make_event("serata", pairs=8)
    web_app.state.web.service.enter_sheet(event_id, 1, 1, SheetEntry((DEAL, DEAL)), line="ns")
    make_knockout(web_app, pairs=13)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/{event_id}/r/1", wait_until="load")
        pending = desk.locator("tr.row-pending .status-pending").first
        assert pending.inner_text() == "da confermare"
        assert contrast(pending.evaluate(COLOURS)) >= 4.5
        desk.goto(f"{live_server}/desk/k/briscola", wait_until="load")
        number = desk.locator(".ko-match .ko-id").first
        assert number.is_visible()
        assert contrast(number.evaluate(COLOURS)) >= 4.5
        desk.goto(f"{live_server}/k/briscola", wait_until="load")
        desk.keyboard.press("Tab")
        for _ in range(20):
            if desk.locator(".ko-bracket:focus").count():
                break
            desk.keyboard.press("Tab")
        assert desk.locator(".ko-bracket:focus").get_attribute("aria-label") == "Tabellone"
    finally:
        desk.context.close()
