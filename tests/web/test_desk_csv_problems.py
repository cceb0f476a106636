"""The desk's registrations upload lists every problem of the file at once, by line, next to
the upload form, in the page's language, and registers nobody (issue 26 F; FIBAS art. 2)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.services.test_csv_all_problems import EXPECTED_IT, FILE
from tests.web.test_desk import post, service, text_of, txt

from arbitro.services.registering import Register


def test_the_desk_lists_every_problem_next_to_the_upload(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    event = make_event("serata", pairs=0, seat=False)
    service(web_app).run(event, Register("Già Iscritti", ["A", "B"]))
    refused = post(
        director_client,
        f"/desk/e/{event}/upload",
        files={"file": ("iscritti.csv", FILE.encode("cp1252"), "text/csv")},
    )
    assert refused.status_code == 400
    page = txt(refused)
    listed = re.search(
        r'<ul class="error file-problems" id="upload-problems"[^>]*>(.*?)</ul>', page
    )
    assert listed is not None
    items = [text_of(li).strip() for li in re.findall(r"<li>(.*?)</li>", listed.group(1))]
    assert items == EXPECTED_IT
    assert "il file ha 4 problemi: nessuno è stato iscritto (o tutti o nessuno)" in page
    assert len(service(web_app).state(event).competitors) == 1
    english = post(
        director_client,
        f"/desk/e/{event}/upload?lang=en",
        files={"file": ("iscritti.csv", FILE.encode("utf-8"), "text/csv")},
    )
    assert "line 4: «Solo Gialli»: 1 player, a pair has 2" in txt(english)
    assert "riga" not in text_of(txt(english).split('id="upload-form"', 1)[1].split("</form>")[0])
