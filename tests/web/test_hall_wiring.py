"""The hall check wired into the desk (issue 12 §1): the desk's table cards carry the public
base URL and the table's token, their QR code opens the table page; every desk page warns when
the printed URLs would point at this computer; "Prova il telefono" is on the desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_hall import LAN, decode_qr_codes

from arbitro.web import base_url


@pytest.fixture(autouse=True)
def _no_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(base_url.BASE_URL_ENV, raising=False)


def test_desk_table_cards_qr_opens_the_table_page_art_4(
    web_app: FastAPI,
    director_client: TestClient,
    client: TestClient,
    make_event: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The desk's table cards (art. 4) encode the configured base URL, whatever address the
    desk was opened with, and the token path the table page accepts."""
    event_id = make_event(pairs=4)
    monkeypatch.setenv(base_url.BASE_URL_ENV, LAN)
    pdf = director_client.get(f"/desk/e/{event_id}/r/1/pdf/table-cards")
    assert pdf.status_code == 200
    decoded = decode_qr_codes(pdf.content, tmp_path)
    assert len(decoded) == 2
    for url in decoded:
        assert url.startswith(LAN + "/t/")
        page = client.get(url.removeprefix(LAN))
        assert page.status_code == 200 and "Serata serata" in page.text


def test_desk_warns_when_urls_point_at_localhost(
    web_app: FastAPI, director_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "hall-banner" not in director_client.get("/desk").text
    monkeypatch.setenv(base_url.BASE_URL_ENV, "http://localhost:8000")
    page = director_client.get("/desk").text
    assert "hall-banner" in page and "porterebbero a http://localhost:8000" in page
    assert director_client.get("/desk/phone-check").status_code == 200
