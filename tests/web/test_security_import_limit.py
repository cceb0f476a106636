"""Issue 29, "Strangers and big inputs": an event file's import has one limit, one setting
(``$ARBITRO_IMPORT_MAX_MIB``, 20 MiB by default), the same for the route's body and for the
desk's form that reads the file (it stopped at 5 MB, a registration file's limit, while the
route let 20 MiB through)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from arbitro.services.event_file import export_event
from arbitro.web import bodies

MIB = 1024 * 1024


def padded_file(web_app: FastAPI, event_id: str, size: int) -> bytes:
    """``event_id``'s event file, padded with JSON's own whitespace to exactly ``size``
    bytes (a big evening's file, as large as wanted)."""
    text = json.dumps(export_event(web_app.state.web.service, event_id)).encode()
    assert len(text) < size
    return text[:-1] + b" " * (size - len(text)) + b"}"


def import_desk(client: TestClient, data: bytes, new_id: str) -> Any:
    return client.post(
        "/desk/import",
        data={"csrf": client.csrf, "event_id": new_id},
        files={"file": ("serata.json", data, "application/json")},
    )


def test_an_event_file_past_5_mb_imports_on_the_desk(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """A 6 MiB event file (under the 20 MiB of the setting's default) imports from the
    desk's form: before, the form refused it at 5 MB, though the route let it through."""
    make_event("serata", pairs=4)
    reply = import_desk(director_client, padded_file(web_app, "serata", 6 * MIB), "copia")
    assert reply.status_code == 303, reply.text[-500:]
    assert web_app.state.web.store.has_event("copia")
    assert bodies.import_limit() == bodies.MAX_IMPORT_BYTES == 20 * MIB


def test_the_import_limit_is_one_setting_exact_at_the_limit(
    director_client: TestClient, web_app: FastAPI, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ARBITRO_IMPORT_MAX_MIB=1``: a file of exactly 1 MiB imports, one byte more is
    refused by the form, with its message and nothing imported; the body's limit is the file's
    and the form around it (413 past it, before the route reads anything)."""
    monkeypatch.setenv(bodies.IMPORT_LIMIT_ENV, "1")
    make_event("serata", pairs=4)
    assert bodies.import_limit() == MIB
    assert bodies.body_limit("/desk/import") == bodies.body_limit("/api/events/import")
    assert bodies.body_limit("/desk/import") == MIB + bodies.FORM_AROUND
    at_limit = import_desk(director_client, padded_file(web_app, "serata", MIB), "al-limite")
    assert at_limit.status_code == 303, at_limit.text[-500:]
    over = import_desk(director_client, padded_file(web_app, "serata", MIB + 1), "oltre")
    assert over.status_code == 400
    assert "file troppo grande (massimo 1 MB)" in over.text
    assert not web_app.state.web.store.has_event("oltre")
    too_big = import_desk(director_client, b" " * (MIB + bodies.FORM_AROUND + 1), "enorme")
    assert too_big.status_code == 413
    monkeypatch.setenv(bodies.IMPORT_LIMIT_ENV, "zero")  # not a size: the default holds
    assert bodies.import_limit() == 20 * MIB
