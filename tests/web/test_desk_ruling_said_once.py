"""The desk's ruling says a warning once (FIBAS art. 22), as the terminal does: a ruling
whose own sentence already says the player is warned («W ha continuato a giocare prima della
decisione: ammonito») does not add «W è ammonito (22)»; the ledger still holds the warnings."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.rulings.events import event
from tests.web.test_desk import post, text_of, txt
from tests.web.test_desk_rulings import fibas_position, see_then_confirm

URL = "/desk/e/f/r/1/rulings"


@pytest.mark.parametrize(
    ("lang", "said", "again"),
    [
        ("it", "W ha continuato a giocare prima della decisione: ammonito", "è ammonito"),
        ("en", "W played on before the ruling: warned", "is warned"),
    ],
)
def test_fibas_art22_the_desk_says_each_warning_once(
    director_client: TestClient, web_app: FastAPI, lang: str, said: str, again: str
) -> None:
    """FIBAS art. 22: W played on before the ruling (once in what happened, once as the
    irregularity chosen): two sentences say W is warned, no «W è ammonito (22)» line repeats
    them; confirmed, the ledger holds the ruling and both warnings."""
    svc = web_app.state.web.service
    event(svc, "f")
    form = {
        "place": "1",
        "irregularity": "played_before_ruling",
        "f_position": fibas_position(),
        "f_actions": "rule played_before_ruling W",
        "f_offender": "W",
        "step": "see",
    }
    seen = post(director_client, f"{URL}?lang={lang}", form)
    assert seen.status_code == 200, seen.text
    page = text_of(txt(seen))
    assert page.count(said) == 2, page
    assert again not in page, page
    done = see_then_confirm(director_client, URL, form)
    assert done.status_code == 303, done.text
    assert [e.kind for e in svc.state("f").ledger] == ["ruling-given", "warning", "warning"]
