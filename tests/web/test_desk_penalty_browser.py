"""The desk's penalty in points in a real browser (issue 26): the arbiter fills the form by
its labels (accessible names), confirms, and finds the penalty in the round's ledger with its
effect; FIBAS art. 22 ("assegnando penalità e/o sanzioni"), its default the warnings'
penalty of art. 41 (1 V.P., 100 M.P.)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect


def test_arbiter_gives_a_penalty_by_the_forms_labels_art22(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """The form is reached by its labels; the defaults are the code's (100 M.P., 1 V.P.,
    art. 22); the arbiter lowers the M.P. to 50, names the reason, confirms: the ledger lists
    the penalty with its article, its points and the cancel button."""
    event = make_event("serata", pairs=8)
    desk = tools.desk_login(browser, live_server, director)
    try:
        desk.goto(f"{live_server}/desk/e/{event}/r/1#penalties")
        form = desk.locator("#penalty-form")
        expect(form.get_by_role("heading")).to_have_text("Penalità in punti (FIBAS art. 22)")
        expect(form.get_by_label("M.P. tolti")).to_have_value("100")
        expect(form.get_by_label("V.P. tolti")).to_have_value("1")
        expect(form.get_by_label("Articolo")).to_have_attribute("placeholder", "22")
        form.get_by_label("Concorrente").select_option("3")
        form.get_by_label("Giocatore (facoltativo)").select_option("3:Giocatore 3A")
        form.get_by_label("M.P. tolti").fill("50")
        form.get_by_label("Motivo").fill("carte mostrate al compagno")
        tools.follow(desk, "#penalty-form button[type=submit]")
        row = desk.locator("#ledger tbody tr").last
        expect(row).to_contain_text("penalità in punti")
        expect(row).to_contain_text("FIBAS art. 22")
        expect(row).to_contain_text("Giocatore 3A: -50 M.P., -1 V.P.")
        expect(row).to_contain_text("carte mostrate al compagno")
        expect(row.get_by_role("button", name="Annulla", exact=True)).to_be_visible()
        desk.locator("#penalties").screenshot(path=str(tmp_path / "desk-penalty.png"))
    finally:
        desk.context.close()
    (given,) = web_app.state.web.service.state(event).penalties
    assert (given.competitor, given.mp, given.vp, given.player) == (3, 50, 1, "Giocatore 3A")
    width, _height = tools.png_size(tmp_path / "desk-penalty.png")
    assert width > 600
