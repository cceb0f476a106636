"""The desk's travellers page links only to rounds that exist (FIBAS art. 20, carte uguali):
before round 2 is seated its travellers page is a refusal, so round 1's page must not link
to it (issue 26, item O)."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_carte_uguali_web import EVENT, make_cu, play_round
from tests.web.test_desk import txt


def _round_links(page: str) -> list[int]:
    nav = re.search(r'<nav class="rounds">(.*?)</nav>', page, re.S)
    assert nav is not None
    return [int(n) for n in re.findall(r"/r/(\d+)/travellers", nav.group(1))]


def test_travellers_page_links_only_to_seated_rounds_art_20(
    director_client: TestClient, web_app: FastAPI
) -> None:
    """Round 1 seated and played, round 2 not seated: the page links round 1 only, and
    every link it shows opens (FIBAS art. 20: the travellers of a round's boards)."""
    make_cu(web_app)
    play_round(web_app)
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1/travellers"))
    assert _round_links(page) == [1]
    for n in _round_links(page):
        assert director_client.get(f"/desk/e/{EVENT}/r/{n}/travellers").status_code == 200
    web_app.state.web.service.seat(EVENT, 2, publish=True)
    page = txt(director_client.get(f"/desk/e/{EVENT}/r/1/travellers"))
    assert _round_links(page) == [1, 2]
