"""Protection of the desk's forms against cross-site requests.

Every desk form carries a token derived (HMAC with the installation's secret) from the
session's random nonce, so a page of another site cannot know it; and a POST whose
``Origin`` (or, failing that, ``Referer``) names another host is refused before anything else.
"""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlsplit

from fastapi import Request

from arbitro.web.errors import Forbidden

CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"


def token_for(secret: bytes, nonce: str) -> str:
    """The CSRF token of the session whose nonce is ``nonce``."""
    return hmac.new(secret, b"csrf|" + nonce.encode(), hashlib.sha256).hexdigest()


def same_origin(request: Request) -> bool:
    """Whether the request's ``Origin`` (else ``Referer``) names this host, or neither is
    sent (old browsers and non-browser clients; the token still has to match)."""
    source = request.headers.get("origin") or request.headers.get("referer")
    if not source:
        return True
    if source == "null":
        return False
    host = request.headers.get("host") or request.url.netloc
    return urlsplit(source).netloc.lower() == host.lower()


def check_origin(request: Request) -> None:
    """Refuse (403) a request coming from a page of another site."""
    if not same_origin(request):
        raise Forbidden("cross-site request refused")


def check_token(secret: bytes, nonce: str, sent: object) -> None:
    """Refuse (403) a form whose token is missing or is not the session's."""
    expected = token_for(secret, nonce)
    if not isinstance(sent, str) or not hmac.compare_digest(sent, expected):
        raise Forbidden("form expired or not valid: reload the page")
