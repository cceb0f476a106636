"""The ``Content-Disposition`` header of every download (PDFs, event files, results), one
way (RFC 6266 with RFC 8187): an ASCII ``filename`` for old clients, with every character that
could break the header or a path (quotes, backslashes, slashes, controls, anything not ASCII)
replaced, and the exact name in ``filename*=UTF-8''...``, percent-encoded. A name can then
never drop the connection ("Illegal header value") nor write markup into a header."""

from __future__ import annotations

import re
from typing import Literal
from urllib.parse import quote

_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]")


def content_disposition(
    filename: str, disposition: Literal["inline", "attachment"] = "attachment"
) -> str:
    """The header's value for a file named ``filename`` (RFC 6266 §4.3: both forms)."""
    fallback = _UNSAFE.sub("_", filename).strip(" .") or "download"
    encoded = quote(filename, safe="")
    return f"{disposition}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}"


def download_headers(
    filename: str, disposition: Literal["inline", "attachment"] = "attachment"
) -> dict[str, str]:
    """The headers of a download named ``filename`` (see :func:`content_disposition`)."""
    return {"Content-Disposition": content_disposition(filename, disposition)}
