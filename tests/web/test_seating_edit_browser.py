"""A director in a real browser (Chromium, the desk's 1366x768) edits round 2's seating by
hand before publishing it (issue 34, "Seating by hand"): opens the editor from the round
page, swaps two pairs and reads the rematch warning beside the table (FIBAS art. 4, modified
Danish), moves a pair to the incomplete table's empty line (art. 37), cancels the swap with
"Annulla" (htmx: no page load), then publishes the seating as it stands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.conftest import BrowserTools

from arbitro.services.registering import Register
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig
from arbitro.tournament.model import EventFormat, Movement, Seating
from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

NAMES = [
    "Rossi – Bianchi",
    "Verdi – Neri",
    "Gallo – Conti",
    "Ferrari – Russo",
    "Esposito – Romano",
    "Colombo – Ricci",
    "Marino – Greco",
]
SHEET = SheetEntry(
    (
        DealScore(LineDeal(300, 120), LineDeal(0, -45)),
        DealScore(LineDeal(100, 85), LineDeal(200, 90)),
    )
)


def _opponent(s: Seating, c: int) -> int | None:
    for t in s.tables:
        if t.ns == (c,):
            return t.ew[0] if t.ew else None
        if t.ew == (c,):
            return t.ns[0] if t.ns else None
    return None


def test_swap_move_warning_cancel_and_publish_in_the_browser_art4_art37(
    browser: Any,
    live_server: str,
    web_app: FastAPI,
    director: tuple[str, str],
    tools: BrowserTools,
    tmp_path: Path,
) -> None:
    """Seven pairs, round 1 drawn and played, round 2 by modified Danish: the swap that
    seats a pair against its round-1 opponents is warned beside its table ("si sono
    affrontate nel turno precedente", FIBAS art. 4); the move completes the incomplete table
    (art. 37); "Annulla" takes the swap away and its warning with it; "Affiggi" publishes
    the seating with the move, which the round page then shows as published."""
    svc = web_app.state.web.service
    config = EventConfig(
        name="Serata del circolo",
        event_format=EventFormat.PAIRS,
        rounds=3,
        deals=(2, 2, 2),
        movements=(Movement.DRAW, Movement.MODIFIED_DANISH, Movement.MODIFIED_DANISH),
        seed=5,
    )
    svc.create_event("circolo", config)
    for name in NAMES:
        svc.run("circolo", Register(name, name.split(" – ")))
    first = svc.seat("circolo", 1, publish=True).round(1).seating
    for t in first.tables:
        if not t.is_incomplete:
            svc.enter_sheet("circolo", 1, t.table, SHEET)
    svc.run("circolo", values.PublishStandings(1))
    second = svc.seat("circolo", 2).round(2).seating
    a, was, mate = next(
        (t.ns[0], _opponent(first, t.ns[0]), t.ew[0])
        for t in second.tables
        if t.ns and t.ew and _opponent(first, t.ns[0]) not in (None, t.ew[0])
    )
    table = next(t.table for t in second.tables if t.ns == (a,))
    resting = next(t for t in second.tables if t.is_incomplete)
    empty = "ew" if resting.ns else "ns"
    mover = next(
        c
        for t in second.tables
        if t.table != table and t.ns and t.ew
        for c in (t.ns[0],)
        if c not in (a, was, mate)
    )

    desk = tools.desk_login(browser, live_server, director)
    desk.set_viewport_size({"width": 1366, "height": 768})
    desk.goto(f"{live_server}/desk/e/circolo/r/2")
    tools.follow(desk, "#edit-seating-link")
    expect(desk.locator("#no-edits")).to_be_visible()

    desk.select_option("#swap-first", str(mate))
    desk.select_option("#swap-second", str(was))
    with desk.expect_response(lambda r: r.url.endswith("/seating-edit/swap")):
        desk.click("#swap-button")
    expect(desk.locator("#seating-edits li")).to_have_count(1)
    row = desk.locator(f"#edit-table-{table}")
    expect(row).to_have_class("warned")
    expect(row).to_contain_text("si sono affrontate nel turno precedente")
    expect(row).to_contain_text("(FIBAS art. 4)")
    assert "seating-edit" in desk.url and "swap" not in desk.url  # htmx: no page load

    desk.select_option("#move-competitor", str(mover))
    desk.select_option("#move-table", str(resting.table))
    desk.select_option("#move-line", empty)
    with desk.expect_response(lambda r: r.url.endswith("/seating-edit/move")):
        desk.click("#move-button")
    expect(desk.locator("#seating-edits li")).to_have_count(2)
    expect(desk.locator(f"#edit-table-{resting.table}")).to_contain_text(NAMES[mover - 1])
    shot = tmp_path / "desk-seating-edit.png"
    desk.screenshot(path=str(shot))
    assert tools.png_size(shot) == (1366, 768)
    desk.screenshot(path=str(tmp_path / "desk-seating-edit-full.png"), full_page=True)

    swap_seq = svc.seating_edits("circolo", 2)[0].seq
    with desk.expect_response(lambda r: r.url.endswith("/seating-edit/cancel")):
        desk.click(f"#cancel-edit-{swap_seq}")
    expect(desk.locator("#seating-edits li")).to_have_count(1)
    expect(desk.locator(f"#edit-table-{table}")).not_to_contain_text("turno precedente")

    tools.follow(desk, "#editor-publish")
    assert desk.locator("#sheets-table").count() == 1, desk.inner_text("main")
    published = svc.state("circolo").round(2)
    assert published.seating_published_at is not None
    assert [e.seq for e in published.edits] == [swap_seq + 1]
    seat = published.seating.table(resting.table)
    assert seat is not None and getattr(seat, empty) == (mover,)
    desk.context.close()
