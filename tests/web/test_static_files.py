"""Static files with versioned addresses and a long cache lifetime, and the site's icon
(issue 28: Lighthouse's only best-practices failure was ``/favicon.ico`` 404). A phone in
the hall loads the table page's style and scripts once for the evening, not at every page."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.web.app import FOREVER, static_version
from arbitro.web.tokens import make_token

STATIC_LINK = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def static_links(html: str) -> list[str]:
    """The addresses of the static files a page loads."""
    return STATIC_LINK.findall(html)


def test_every_page_loads_its_files_by_versioned_address(
    web_app: FastAPI, client: TestClient, make_event: Any
) -> None:
    """The table page (FIBAS art. 20: each line enters the sheet on its phone), the hall
    display, the public pages and the login: every static file by ``?v=<hash of its
    content>``, answered to be kept a year, never asked again (``immutable``)."""
    event_id = make_event(pairs=8)
    token = make_token(web_app.state.web.secret, event_id, 1, 1)
    pages = [f"/t/{token}?line=ns", f"/e/{event_id}/hall", f"/e/{event_id}/seating", "/login"]
    seen: set[str] = set()
    for path in pages:
        page = client.get(path)
        assert page.status_code == 200, path
        links = static_links(page.text)
        assert links, path
        for link in links:
            name, version = re.fullmatch(r"/static/([\w.-]+)\?v=(\w+)", link).groups()  # type: ignore[union-attr]
            assert version == static_version(name)
            seen.add(link)
    assert any("table.css" in link for link in seen) and any("hall.css" in link for link in seen)
    for link in seen:
        response = client.get(link)
        assert response.status_code == 200, link
        assert (
            response.headers["cache-control"] == FOREVER == ("public, max-age=31536000, immutable")
        )


def test_an_address_without_its_version_is_revalidated(client: TestClient) -> None:
    """Without ``?v=`` (the service worker's list, an old bookmark) or with an old version,
    the file is served but checked again next time (``no-cache``, by its ETag): a year's
    lifetime only for the address that names this very content."""
    for query in ("", "?v=0123456789ab"):
        response = client.get(f"/static/table.css{query}")
        assert response.status_code == 200
        assert response.headers["cache-control"] == "no-cache", query
        assert response.headers.get("etag")
    assert client.get("/static/nessuno.css?v=1").status_code == 404


def test_the_site_has_an_icon(client: TestClient) -> None:
    """``/favicon.ico``: an icon (the Windows ICO format, 16, 32 and 48 px), not a 404."""
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"
    assert int.from_bytes(response.content[4:6], "little") == 3
    assert "max-age" in response.headers["cache-control"]
    assert client.head("/favicon.ico").status_code == 200
