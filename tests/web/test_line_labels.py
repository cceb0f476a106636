"""The lines' one label from the catalogue (issue 30; FIBAS art. 4, 19: the lines
North-South and East-West): the table page writes «E-W» in English and «E-O» in Italian,
in its header, the choice of the line, the sheet's columns and the running totals; never
the other language's."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_table import SHEET, make_event, web_of_app

from arbitro.web.tokens import make_token


def _cells(html: str) -> list[str]:
    """The texts of the page's labels of lines: header terms, line buttons, column heads."""
    found = re.findall(r"<(?:dt|b|th)[^>]*>\s*(N-S|E-W|E-O)\b", html)
    return found


def test_english_page_says_e_w_and_the_italian_e_o(web_app: FastAPI, client: TestClient) -> None:
    """Choosing the line, then typing the sheet: the same labels from the catalogue."""
    web = web_of_app(web_app)
    event = make_event(web)
    token = make_token(web.secret, event, 1)
    for lang, east_west, other in (("en", "E-W", "E-O"), ("it", "E-O", "E-W")):
        choose = client.get(f"/t/{token}?lang={lang}").text
        form = client.get(f"/t/{token}?line=ew&lang={lang}").text
        totals = client.post(
            f"/t/{token}/preview?lang={lang}", data={**SHEET, "line": "ew", "round": "1"}
        ).text
        for page in (choose, form, totals):
            labels = _cells(page)
            assert east_west in labels and "N-S" in labels, (lang, labels)
            assert other not in labels, (lang, labels)
        assert f"Line {east_west}" in form if lang == "en" else f"Linea {east_west}" in form
