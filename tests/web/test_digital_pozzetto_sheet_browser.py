"""What a FIBAS digital table's phone shows of the table beside the cards (issue 32), in a
real browser at 390x844: each line's pozzetto, taken or not (art. 2: every player at a paper
table sees which line has gone to its pozzetto; a state, never a card), and at the end the
whole sheet the line signs, every deal of the match with its score and the totals (arts. 19,
21), not the last two deals only. North's phone watches while the test plays every seat's
legal moves through the service (the table's sockets woken after each, as a move from
another phone wakes them); axe-core finds no serious violation at either moment. Screenshots under ``$ARBITRO_SCREENS_DIR/pozzetto`` (else /tmp)."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from playwright.sync_api import expect
from tests.web.axe import axe_context, axe_violations, blocking, describe
from tests.web.digital_phones import screens

from arbitro.games.core import LINES, Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.web.digital_table import seat_path, wake_table

SHOTS = screens("pozzetto", "/tmp/arbitro-digital-pozzetto")


def _play_one(tables: DigitalTables, event: str, rng: random.Random) -> None:
    """The seat to play makes a legal move (melds and lay-offs preferred: the hands empty and
    the lines go to their pozzetti)."""
    t = tables.table(event, 1, 1)
    game = t.position()
    offered = t.engine.moves(game)
    plays = [m for m in offered if m.split()[0] in ("meld", "layoff")]
    move = rng.choice(plays if plays and rng.random() < 0.85 else offered)
    tables.play(event, 1, 1, game.turn, t.current.number, len(t.current.moves) + 1, move)
    wake_table((event, 1, 1))


def test_the_phone_shows_each_lines_pozzetto_and_signs_every_deal_at_390x844(
    browser: Any, live_server: str, web_app: FastAPI, make_event: Any
) -> None:
    web = web_app.state.web
    event = make_event("pozzetto", pairs=4, rounds=1, deals=2)
    tables = DigitalTables(web.service, random.Random(31))
    tables.open(event, 1, 1)
    rng = random.Random(32)
    context = axe_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server + seat_path(web.secret, event, 1, 1, "N"))
        notes = page.locator(".dt-area .dt-note")
        # at the deal's start neither line has gone to its pozzetto: both say so
        expect(notes).to_have_text(
            [
                "La linea N-S non ha ancora preso il pozzetto",
                "La linea E-O non ha ancora preso il pozzetto",
            ]
        )
        taken_seen = False
        while tables.view(event, 1, 1, Seat.N)["sheet"] is None:
            _play_one(tables, event, rng)
            t = tables.table(event, 1, 1)
            game = t.position()
            taken = [ln for ln in LINES if game.pozzetto_taken(ln)]
            if taken and not taken_seen and not game.is_over:
                taken_seen = True
                page.locator("#digital").and_(
                    page.locator(f'[data-n="{len(t.current.moves)}"]')
                ).wait_for()
                for ln in LINES:  # North's own line first, then the other's
                    note = notes.nth(LINES.index(ln))
                    text = "ha preso il pozzetto" if ln in taken else "non ha ancora preso"
                    said = {"NS": "N-S", "EW": "E-O"}[ln.value]  # the line named, not «NS»
                    expect(note).to_contain_text(f"La linea {said} {text}")
                    expect(note).to_have_class("dt-note done" if ln in taken else "dt-note")
                page.locator(".dt-note.done").first.scroll_into_view_if_needed()
                page.screenshot(path=str(SHOTS / "1-pozzetto-taken.png"))
                found = blocking(axe_violations(page))  # the notes' contrast, their names
                assert not found, describe(found, "the pozzetto's notes")
        assert taken_seen, "no line went to its pozzetto in this round"
        # the sheet to sign: both deals, each with the engine's score, and the totals
        rows = page.locator(".dt-sheet tbody tr")
        expect(rows).to_have_count(2)
        t = tables.table(event, 1, 1)
        totals = [0, 0]
        for k in (1, 2):
            scores = t.position(k).scores()
            cells = rows.nth(k - 1).locator("td")
            expect(cells.locator("b")).to_have_text([str(scores[ln].total) for ln in LINES])
            made = [f"{scores[ln].base} + {scores[ln].points}" for ln in LINES]
            expect(cells.locator("small")).to_have_text(made)
            totals = [a + scores[ln].total for a, ln in zip(totals, LINES, strict=True)]
        expect(page.locator(".dt-sheet tfoot td")).to_have_text([str(n) for n in totals])
        expect(page.locator(".dt-sheet caption")).to_have_text(
            "Lo score che firmate: tutte le smazzate"
        )
        expect(page.locator("#dt-previous")).to_be_hidden()
        expect(page.locator(".dt-sign")).to_be_visible()
        # readable at 390 px: the table fits the phone's width, no column hidden
        width = page.locator(".dt-sheet").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert width[0] <= width[1], width
        page.locator(".dt-sheet").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "2-sheet-to-sign.png"))
        page.screenshot(path=str(SHOTS / "3-sheet-full-page.png"), full_page=True)
        found = blocking(axe_violations(page))  # the sheet's table: headers, contrast
        assert not found, describe(found, "the sheet to sign")
    finally:
        context.close()
