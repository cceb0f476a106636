"""The director chooses the tie-breaks on the desk (issue 34; docs/rulings.md, "Tie-breaks"),
in a real browser: two criteria in order, saved as a record; the public standings are
reordered among the pairs level on V.P. and say how («a parità di V.P.: ...»)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from tests.tournament.test_tiebreaks import play_circle
from tests.web.conftest import FakeClock


def _order(page: Any) -> list[str]:
    return [
        name.split(" withdrawn")[0].strip()
        for name in page.locator("table.standings td.name").all_inner_texts()
    ]


def test_director_chooses_two_tiebreaks_and_the_public_standings_follow(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    clock: FakeClock,
    tmp_path: Path,
) -> None:
    """Pairs 1, 2, 3 level on 30 V.P. with M.P. 40, 0, 20 (FIBAS art. 19-20): by default
    (V.P., then M.P., our ruling) 1, 3, 2. The director chooses head-to-head, then the
    opponents' V.P.: the head-to-head is circular (ruling: it separates nobody), the
    opponents' V.P. order 1, 2, 3; the public page shows the new order and its line."""
    svc = web_app.state.web.service
    play_circle(svc, lambda: clock.advance(minutes=30))
    public = browser.new_context(viewport={"width": 1366, "height": 768}, locale="it-IT")
    desk = tools.desk_login(browser, live_server, director)
    try:
        room = public.new_page()
        room.goto(f"{live_server}/e/tb/standings")
        assert _order(room)[:4] == ["Coppia 5", "Coppia 1", "Coppia 3", "Coppia 2"]
        assert "a parità di V.P.: M.P." in room.locator(".tiebreaks").inner_text()

        desk.goto(f"{live_server}/desk/e/tb")
        assert desk.locator("#tiebreak-1").input_value() == "mp"  # the default preselected
        assert desk.get_by_label("Spareggio 2").input_value() == ""
        desk.get_by_label("Spareggio 1").select_option("head-to-head")
        desk.get_by_label("Spareggio 2").select_option("opponents-vp")
        tools.follow(desk, "#tiebreaks-save")
        line = desk.locator("#tiebreaks-line").inner_text()
        assert line == "a parità di V.P.: scontro diretto, poi V.P. degli avversari", line
        assert desk.locator("#tiebreak-2").input_value() == "opponents-vp"
        desk.locator("#tiebreaks").screenshot(path=str(tmp_path / "desk-tiebreaks.png"))

        desk.goto(f"{live_server}/desk/e/tb/r/3")  # the desk's own standings of the round
        line = desk.locator("#standings .tiebreaks").inner_text()
        assert line == "a parità di V.P.: scontro diretto, poi V.P. degli avversari"
        desk.goto(f"{live_server}/desk/e/tb")

        # the draw not last is refused next to the form, nothing recorded
        desk.get_by_label("Spareggio 1").select_option("draw")
        tools.follow(desk, "#tiebreaks-save")
        assert "può essere solo l'ultimo spareggio" in desk.locator("#tiebreaks").inner_text()

        room.goto(f"{live_server}/e/tb/standings")
        assert _order(room)[:4] == ["Coppia 5", "Coppia 1", "Coppia 2", "Coppia 3"]
        line = room.locator(".tiebreaks").inner_text()
        assert line == "a parità di V.P.: scontro diretto, poi V.P. degli avversari"
        # the session page (FIBAS art. 2) and the hall say it too
        room.goto(f"{live_server}/e/tb/sessions/2")
        assert (
            "scontro diretto, poi V.P. degli avversari" in room.locator(".tiebreaks").inner_text()
        )
        room.goto(f"{live_server}/e/tb/hall?page=1")
        assert (
            "scontro diretto, poi V.P. degli avversari" in room.locator(".tiebreaks").inner_text()
        )
        room.goto(f"{live_server}/e/tb/standings?lang=en")
        assert room.locator(".tiebreaks").inner_text() == (
            "on equal V.P.: head-to-head, then opponents' V.P."
        )
        room.goto(f"{live_server}/e/tb/standings")
        shot = tmp_path / "standings-1366x768.png"
        room.screenshot(path=str(shot))
        assert tools.png_size(shot) == (1366, 768)
    finally:
        desk.context.close()
        public.close()
    chosen = svc.state("tb").tiebreaks
    assert chosen is not None and chosen.criteria == ("head-to-head", "opponents-vp")
