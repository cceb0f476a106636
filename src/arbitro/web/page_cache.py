"""Rendered pages kept by version: when the standings are published, hundreds of phones open
the same page within seconds, and the page is rendered once.

A page is kept under a key naming everything its text depends on (the path, the query, the
template, the event's version, the language), with an ETag made of that key; a browser that
sends the ETag back (``If-None-Match``) gets ``304 Not Modified``, and ``Cache-Control:
no-cache`` makes it ask again every time. Big pages are kept gzipped too. While one request
renders a page, the others asking for the same key wait for it (one render, not hundreds)."""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

GZIP_MINIMUM = 1024
"""Pages at least this long (bytes) are kept gzipped too (the app's GZipMiddleware uses the
same threshold for the other pages)."""
CACHE_PAGES = 64
"""Rendered pages kept: the displays of a few events, in both languages."""

Key = tuple[str, ...]


@dataclass(frozen=True)
class Page:
    """A rendered page: its body, the body gzipped (None when small), its type and ETag."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    etag: str


class PageCache:
    """The rendered pages by key, the least recently used dropped beyond ``size``;
    thread-safe (the sync routes run in a thread pool)."""

    def __init__(self, size: int = CACHE_PAGES) -> None:
        self.size = size
        self._pages: OrderedDict[Key, Page] = OrderedDict()
        self._lock = threading.Lock()
        self._rendering: dict[Key, threading.Lock] = {}
        self.hits = 0
        self.renders = 0

    def get(self, key: Key) -> Page | None:
        """The page of ``key`` if kept."""
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                self.hits += 1
            return page

    def put(self, key: Key, page: Page) -> None:
        """Keep ``page`` under ``key``."""
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)

    def render_once(self, key: Key, render: Callable[[], Response]) -> Page | Response:
        """The page of ``key``: kept, or rendered by ``render`` (once: the other requests for
        ``key`` meanwhile wait for it) and kept; ``render``'s response itself if not a 200."""
        with self._lock:
            guard = self._rendering.setdefault(key, threading.Lock())
        try:
            with guard:
                page = self.get(key)
                if page is not None:
                    return page
                response = render()
                if response.status_code != 200:
                    return response
                self.renders += 1
                page = page_of(key, response)
                self.put(key, page)
                return page
        finally:
            with self._lock:
                self._rendering.pop(key, None)


def etag_of(*parts: str) -> str:
    """A weak ETag naming a page's version."""
    digest = hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:20]
    return f'W/"{digest}"'


def page_of(key: Key, response: Response) -> Page:
    """A rendered 200 response as a page to keep."""
    body = bytes(response.body)
    gzipped = gzip.compress(body, compresslevel=6) if len(body) >= GZIP_MINIMUM else None
    media_type = response.headers.get("content-type", "text/html; charset=utf-8")
    return Page(body, gzipped, media_type, etag_of(*key))


def not_modified(request: Request, etag: str) -> bool:
    """Whether the browser's ``If-None-Match`` names ``etag`` (weak comparison)."""
    sent = request.headers.get("if-none-match")
    if not sent:
        return False
    tags = {t.strip().removeprefix("W/") for t in sent.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags


def page_response(request: Request, page: Page) -> Response:
    """``page`` for ``request``: 304 when the browser has it, gzipped when it accepts it."""
    headers = {"ETag": page.etag, "Cache-Control": "no-cache", "Vary": "Accept-Encoding, Cookie"}
    if not_modified(request, page.etag):
        return Response(status_code=304, headers=headers)
    body = page.body
    if page.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
        body = page.gzipped
        headers["Content-Encoding"] = "gzip"
    return Response(body, headers={**headers, "Content-Type": page.media_type})


def cached(
    request: Request, cache: PageCache, key: Key, render: Callable[[], Response]
) -> Response:
    """The page of ``key`` for ``request``, from ``cache`` or rendered by ``render``."""
    page = cache.render_once(key, render)
    if isinstance(page, Response):
        return page
    return page_response(request, page)
