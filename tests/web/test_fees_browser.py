"""The «Pagato» column beside «Presente» in a real browser (headless Chromium): 60 pairs at
€ 10,00 a coppia (the fee per pair, docs/rulings.md "Entry fees"), one click per pair, the
count "Pagato: 40 di 60 · incassati € 400,00" follows, «Annulla» undoes it, and the cash
summary opens from the link. The screenshot at 1366x768 is kept in docs/screens when
ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from arbitro.tournament.commands import values


def test_paid_column_at_the_entrance_with_60_pairs(
    tools: Any,
    browser: Any,
    live_server: str,
    director: tuple[str, str],
    web_app: FastAPI,
    make_event: Any,
    tmp_path: Path,
) -> None:
    """39 of 60 pairs have paid; one click on pair 8's «Pagato» makes 40 and € 400,00; its
    row shows the amount and «Annulla»; «Annulla» takes it back to 39; the cash summary lists
    the 21 who have not paid."""
    svc = web_app.state.web.service
    event_id = make_event(pairs=60, seat=False)
    svc.run(event_id, values.SetFee(1000))
    unpaid = [3, 8, 12, *range(43, 61)]
    svc.run(event_id, values.CheckIn([c for c in range(1, 61) if c not in (3, 12)]))
    svc.run(event_id, values.Pay([c for c in range(1, 61) if c not in unpaid]))
    desk = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    try:
        desk.goto(f"{live_server}/login")
        desk.fill("input[name=username]", director[0])
        desk.fill("input[name=password]", director[1])
        tools.follow(desk, "form button[type=submit]")
        desk.goto(f"{live_server}/desk/e/{event_id}")
        assert "Pagato: 39 di 60 · incassati € 390,00" in desk.inner_text("#fees")
        tools.follow(desk, "#competitor-8 .pay-form button[type=submit]")
        assert desk.url.endswith("#competitor-8")
        assert "Pagato: 40 di 60 · incassati € 400,00" in desk.inner_text("#fees")
        assert "✓\xa0€\xa010,00" in desk.inner_text("#competitor-8 .fee-cell")
        assert desk.inner_text("#competitor-3 .fee-cell").strip() == "Pagato"
        shot = tmp_path / "desk-fees.png"
        desk.goto(f"{live_server}/desk/e/{event_id}#competitors")
        desk.screenshot(path=str(shot))
        if os.environ.get("ARBITRO_UPDATE_SCREENS"):  # refresh docs/screens/desk-fees.png
            kept = Path(__file__).resolve().parents[2] / "docs" / "screens" / shot.name
            shutil.copyfile(shot, kept)

        tools.follow(desk, "#competitor-8 .pay-form button.quiet")
        assert "Pagato: 39 di 60 · incassati € 390,00" in desk.inner_text("#fees")
        assert svc.state(event_id).paid_cents(8) == 0
        tools.follow(desk, "#fees-summary a")
        assert desk.url.endswith(f"/desk/e/{event_id}/cash")
        assert "Ancora da incassare\t€ 210,00" in desk.inner_text("#cash-totals")
        assert "Coppia 8" in desk.inner_text("#cash-unpaid")
        desk.screenshot(path=str(tmp_path / "desk-cash.png"), full_page=True)
    finally:
        desk.context.close()
    assert tools.png_size(shot) == (1366, 768)
