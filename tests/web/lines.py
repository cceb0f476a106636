"""The lines' proofs for tests that act as a table's phones (issue 29): each line signs its
sheet with its own code, printed on its half of the table card (web/tokens.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from arbitro.web.app import Web
from arbitro.web.tokens import line_code


def token_of(path: str) -> str:
    """The table token in a table page's path or URL (``.../t/{token}[/...][?...]``)."""
    return path.rsplit("/t/", 1)[-1].split("?")[0].split("/")[0]


def proof(web: Web | bytes | TestClient, path: str, line: str) -> str:
    """The code of ``line`` (``ns``, ``ew`` or a player's number) at the table of ``path``
    (a table page's path, URL or bare token); ``web`` is the app's Web, its secret, or a
    TestClient of the app."""
    if isinstance(web, TestClient):
        web = web.app.state.web  # type: ignore[attr-defined]
    secret = web if isinstance(web, bytes) else web.secret
    return line_code(secret, token_of(path), line)


def signed(web: Web | bytes | TestClient, path: str, form: dict[str, str]) -> dict[str, str]:
    """``form`` (a sheet form naming its ``line``) with that line's code."""
    return {**form, "proof": proof(web, path, form["line"])}


def line_url(web: Web, path: str, line: str) -> str:
    """A line's own address (the per-line QR of its half of the card): the phone that opens
    it keeps the code, then shows the line's page."""
    sep = "&" if "?" in path else "?"
    return f"{path}{sep}line={line}&proof={proof(web, path, line)}"
