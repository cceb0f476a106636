"""Two lines' different sheets of one table (FIBAS art. 19-20: each line signs the sheet; the
director settles a conflict, art. 21): the desk marks the numbers that differ, in bold, with
<mark> and a "≠" (not by colour alone), on the table's page and in the round's live panel; the
lines are named N-S / E-O, never by the record's "ns"/"ew" (issue 26, item J)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import DEAL, service, text_of, txt

from arbitro.tournament.scoring.sheet import DealScore, LineDeal, SheetEntry

# The second deal as E-O's phone wrote it: N-S points 45 instead of 120 (art. 19: base and
# points of each line, each deal).
MISREAD = DealScore(LineDeal(300, 45), LineDeal(100, 45))


def _conflict(web_app: FastAPI, make_event: Any) -> str:
    """Table 3 of round 1: N-S's phone sends DEAL, DEAL; E-O's DEAL, MISREAD (art. 20)."""
    event: str = make_event("serata", pairs=8)
    svc = service(web_app)
    svc.enter_sheet(event, 1, 3, SheetEntry((DEAL, DEAL)), actor="tavolo 3 ns", line="ns")
    svc.enter_sheet(event, 1, 3, SheetEntry((DEAL, MISREAD)), actor="tavolo 3 ew", line="ew")
    return event


def _marked(page: str) -> list[str]:
    """The numbers the page marks as different."""
    return re.findall(r"<mark[^>]*><strong>([^<]*)</strong></mark>", page)


def test_sheet_page_marks_the_numbers_that_differ_art_20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Deal 2's N-S points (120 against 45) and what follows from them (the N-S total) are
    marked in both sheets, in bold with a "≠"; the equal numbers are not (FIBAS art. 19-20)."""
    event = _conflict(web_app, make_event)
    page = txt(director_client.get(f"/desk/e/{event}/r/1/t/3"))
    settle = page[page.index('id="settle"') : page.index('id="settle-form"')]
    marked = _marked(settle)
    assert "120" in marked and "45" in marked
    assert "100" not in marked and "300" not in marked  # deal 1 and the bases agree
    # the N-S totals differ (840 vs 765), the E-O totals (290) do not
    assert "840" in marked and "765" in marked and "290" not in marked
    assert settle.count("≠") >= 4 and "differisce dall'altro foglio" in settle
    assert "in grassetto" in text_of(settle)


def test_live_panel_marks_the_differing_totals_and_names_the_deal_art_20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """The round's live panel shows the conflict's totals with the different ones marked and
    the deal where the sheets differ (FIBAS art. 20)."""
    event = _conflict(web_app, make_event)
    live = txt(director_client.get(f"/desk/e/{event}/r/1/live"))
    detail = live[live.index('id="conflict-3"') :]
    detail = detail[: detail.index("</tr>")]
    assert set(_marked(detail)) >= {"840", "765"}
    assert "290" not in _marked(detail)
    assert "differisce nella smazzata 2" in text_of(detail)
    english = txt(director_client.get(f"/desk/e/{event}/r/1/live?lang=en"))
    assert "differs in deal 2" in text_of(english)


def test_lines_are_named_n_s_and_e_o_never_ns_ew_art_20(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """Who sent each sheet: "tavolo 3, E-O", not the record's "tavolo 3 ew" (FIBAS art. 20:
    the sheet signed by both lines)."""
    event = _conflict(web_app, make_event)
    for url in (f"/desk/e/{event}/r/1/t/3", f"/desk/e/{event}/r/1/live"):
        shown = text_of(txt(director_client.get(url)))
        assert not re.search(r"\b(ns|ew)\b", shown), url
        assert "tavolo 3, E-O" in shown
    english = text_of(txt(director_client.get(f"/desk/e/{event}/r/1/t/3?lang=en")))
    assert "table 3, E-W" in english and not re.search(r"\b(ns|ew)\b", english)
