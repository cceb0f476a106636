"""The public static export (``arbitro results site``): every link and style sheet of every
page resolves to a file of the export (relative links only, no JavaScript), and a real
browser opens each page of a small event's export, in Italian and English, with no broken
link or resource and nothing wider than a phone's screen. Screenshots at 390x844 and 1366x768
are kept in docs/screens when ARBITRO_UPDATE_SCREENS is set."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from tests.services.test_results_format import played

from arbitro.export import write_site
from arbitro.services.results import ResultsFile, export
from arbitro.store import RecordStore

SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"
KEPT = {
    "results-site-index-it-390.png",
    "results-site-competitor-1-it-390.png",
    "results-site-round-2-it-390.png",
    "results-site-standings-4-it-1366.png",
    "results-site-index-en-1366.png",
}
"""The screenshots kept in docs/screens."""
LINK = re.compile(r'(?:href|src)="([^"]*)"')


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> ResultsFile:
    store = RecordStore.open(f"sqlite:///{tmp_path_factory.mktemp('db') / 's.sqlite3'}")
    return export(played(store), "demo", arbiter="Anna Verdi", place="Circolo Roma")


@pytest.fixture(scope="module", params=["it", "en"])
def site(
    request: pytest.FixtureRequest, results: ResultsFile, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    out = tmp_path_factory.mktemp(f"site-{request.param}")
    write_site(results, out, request.param)
    return out


def _pages(site: Path) -> list[Path]:
    return sorted(site.glob("*.html"))


def test_the_export_has_every_page(site: Path, results: ResultsFile) -> None:
    names = {p.name for p in _pages(site)}
    assert "index.html" in names
    assert {f"standings-{s.after_round}.html" for s in results.standings} <= names
    assert {f"round-{r.number}.html" for r in results.rounds} <= names
    assert {f"competitor-{c.number}.html" for c in results.competitors} <= names
    assert {p.name for p in (site / "static").iterdir()} == {
        "arbitro.css",
        "public.css",
        "export.css",
    }


def test_every_link_is_relative_and_resolves_to_a_file_of_the_export(site: Path) -> None:
    for page in _pages(site):
        html = page.read_text("utf-8")
        assert "<script" not in html  # no JavaScript needed
        for link in LINK.findall(html):
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc and not link.startswith("/"), link
            target = (page.parent / unquote(parts.path)) if parts.path else page
            assert target.is_file(), f"{page.name}: {link}"
            if parts.fragment:
                assert f'id="{parts.fragment}"' in target.read_text("utf-8"), link


def test_a_competitor_card_lists_opponents_and_results_round_by_round(
    site: Path, results: ResultsFile
) -> None:
    html = (site / "competitor-1.html").read_text("utf-8")
    for rnd in results.rounds:
        assert f'href="round-{rnd.number}.html"' in html
    assert html.count('href="competitor-') >= 3  # the opponents, linked to their cards


def _open_all(browser: Any, site: Path, width: int, height: int) -> list[str]:
    """Open every page in a fresh page of ``browser``; what broke (failed requests, console
    errors, pages wider than the window)."""
    broken: list[str] = []
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.on("requestfailed", lambda req: broken.append(f"failed {req.url}"))
        page.on("console", lambda m: broken.append(m.text) if m.type == "error" else None)
        for file in _pages(site):
            page.goto(file.as_uri())
            sheets = page.evaluate("document.styleSheets.length")
            if sheets != 3:
                broken.append(f"{file.name}: {sheets} style sheets")
            for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
                target = Path(unquote(urlsplit(href).path))
                if not target.is_file():
                    broken.append(f"{file.name}: link to {href}")
            wide = page.evaluate("document.documentElement.scrollWidth")
            if wide > width:
                broken.append(f"{file.name}: {wide}px wide at {width}px")
    finally:
        context.close()
    return broken


def test_a_browser_opens_every_page_with_nothing_broken(browser: Any, site: Path) -> None:
    assert _open_all(browser, site, 390, 844) == []
    assert _open_all(browser, site, 1366, 768) == []


def test_screenshots_of_the_export(browser: Any, site: Path, tmp_path: Path) -> None:
    lang = "en" if '<html lang="en">' in (site / "index.html").read_text("utf-8") else "it"
    shots = []
    for width, height in ((390, 844), (1366, 768)):
        context = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            for name in ("index", "standings-4", "competitor-1", "round-2"):
                page.goto((site / f"{name}.html").as_uri())
                shot = tmp_path / f"results-site-{name}-{lang}-{width}.png"
                page.screenshot(path=str(shot))
                assert shot.stat().st_size > 5_000  # something drawn
                shots.append(shot)
        finally:
            context.close()
    if os.environ.get("ARBITRO_UPDATE_SCREENS"):
        for shot in shots:
            if shot.name in KEPT:
                shutil.copyfile(shot, SCREENS / shot.name)
