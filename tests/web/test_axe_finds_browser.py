"""The axe-core check of the browser tests can fail (issue 28): on a page with a known
critical violation it is found, with what to fix, and on the same page mended nothing
blocking is left. axe is in the page from its start (``tests/web/axe.py``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from tests.web.axe import axe_context, axe_violations, blocking, describe

BROKEN = '<html lang="it"><title>t</title><main><button></button><img src="x.png"></main>'
MENDED = (
    '<html lang="it"><title>t</title><main><h1>t</h1><button>Invia</button>'
    '<img src="x.png" alt="Tavolo 1"></main>'
)


def test_axe_finds_a_nameless_button_and_an_image_without_text(browser: Any) -> None:
    """WCAG 4.1.2 (a button's name) and 1.1.1 (an image's text): both critical for axe."""
    context = axe_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto("data:text/html," + quote(BROKEN))
    assert page.evaluate("() => typeof window.axe") == "object"  # there before any check
    found = blocking(axe_violations(page))
    assert {v["id"] for v in found} >= {"button-name", "image-alt"}, describe(found)
    assert "button-name" in describe(found, "the broken page")
    page.goto("data:text/html," + quote(MENDED))
    assert blocking(axe_violations(page)) == []
    context.close()
