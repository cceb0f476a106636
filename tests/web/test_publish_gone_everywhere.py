"""A draft seating drawn before a pair withdrew (FIBAS art. 36) or was expelled (art. 40)
still seats it: publishing it is refused by the domain, naming the pairs and how to seat
the round again, so the desk, the API and the terminal all refuse it (before, only the
terminal's ``withdraw`` warned and ``publish`` published the pair withdrawn at a table).
The desk shows the same message above the draft before anyone presses «Affiggi»."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_api import api, create  # noqa: F401 (the api fixture)
from tests.web.test_desk import enter_all, post, service, text_of, txt
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.errors import ArbitroError
from arbitro.tournament.commands import PUBLISH_GONE, seated_but_gone, values
from arbitro.tournament.ledger import SanctionKind

SAID = {
    "it": "la posizione ai tavoli del turno 1, assegnata prima che se ne andasse, fa sedere "
    "3 Coppia 3, che non gioca più nel turno (ritirato, espulso o per abbandono): assegnare "
    "di nuovo il turno prima di affiggerla (FIBAS art. 36)",
    "en": "round 1's seating, drawn before it left, seats 3 Coppia 3, who no longer plays in "
    "it (withdrawn, expelled or abandoned): seat the round again before publishing it "
    "(FIBAS art. 36)",
}
BUTTON = {
    "it": "(il pulsante «Assegna di nuovo» in questa pagina)",
    "en": "(the button «Seat again» on this page)",
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fibas_art36_the_service_refuses_to_publish_a_pair_withdrawn(
    web_app: FastAPI, make_event: Any, lang: str
) -> None:
    """Round 1 drawn, then pair 3 withdraws: publishing is refused (key
    ``publish.seats_gone``) naming the pair; seated again, it is published without it."""
    event: str = make_event("serata", pairs=8, publish=False)
    svc = service(web_app)
    svc.run(event, values.Withdraw(3, "malore"))
    assert seated_but_gone(svc.state(event), 1) == [3]
    with pytest.raises(ArbitroError) as refused:
        svc.run(event, values.PublishSeating(1))
    assert refused.value.key == PUBLISH_GONE
    assert refused.value.message(lang) == SAID[lang]
    assert svc.state(event).round(1).seating_published_at is None
    svc.seat(event, 1)
    svc.run(event, values.PublishSeating(1))
    state = svc.state(event)
    assert state.round(1).seating_published_at is not None
    assert 3 not in state.round(1).seating.competitors()


def test_fibas_art40_a_pair_expelled_after_the_next_draft_is_named_too(
    web_app: FastAPI, make_event: Any
) -> None:
    """Round 2 drawn, then pair 5 is expelled in round 1 (art. 40: it plays no later round):
    round 2's draft is refused, two pairs named in the plural."""
    event: str = make_event("serata", pairs=8)
    svc = service(web_app)
    enter_all(web_app, event)
    svc.run(event, values.PublishStandings(1))
    svc.seat(event, 2)
    svc.run(event, values.GiveSanction(1, 5, SanctionKind.EXPULSION, "condotta"))
    svc.run(event, values.Withdraw(2, None))
    order = svc.state(event).round(2).seating.competitors()
    assert seated_but_gone(svc.state(event), 2) == [c for c in order if c in (2, 5)]
    with pytest.raises(ArbitroError) as refused:
        svc.run(event, values.PublishSeating(2))
    text = refused.value.message("it")
    assert "che non giocano più nel turno (ritirati, espulsi o per abbandono)" in text
    assert "2 Coppia 2" in text and "5 Coppia 5" in text


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fibas_art36_the_desk_says_it_before_and_refuses_with_its_button(
    director_client: TestClient, web_app: FastAPI, make_event: Any, lang: str
) -> None:
    """The round page says it above the draft, naming the pair and the button «Assegna di
    nuovo»; «Affiggi» is refused with the same message (in place of the notice); after «Assegna di
    nuovo» the notice is gone and the seating is published."""
    event: str = make_event("serata", pairs=8, publish=False)
    svc = service(web_app)
    svc.run(event, values.Withdraw(3, "malore"))
    url = f"/desk/e/{event}/r/1"
    page = text_of(txt(director_client.get(f"{url}?lang={lang}")))
    stem = SAID[lang].removesuffix(" (FIBAS art. 36)")
    assert f"{stem} {BUTTON[lang]} (FIBAS art. 36)" in page, page
    seen = str(svc.state(event).round(1).version)
    refused = post(director_client, f"{url}/publish-seating?lang={lang}", {"seen": seen})
    assert refused.status_code == 409, refused.status_code  # a conflict with the record
    shown = text_of(txt(refused))
    assert f"{stem} {BUTTON[lang]} (FIBAS art. 36)" in shown, shown
    assert 'id="seats-gone"' not in refused.text  # the refusal says it, not the notice again
    assert svc.state(event).round(1).seating_published_at is None
    assert post(director_client, f"{url}/seat", {}).status_code == 303
    again = text_of(txt(director_client.get(f"{url}?lang={lang}")))
    assert stem not in again
    seen = str(svc.state(event).round(1).version)
    assert post(director_client, f"{url}/publish-seating", {"seen": seen}).status_code == 303
    assert 3 not in svc.state(event).round(1).seating.competitors()


def test_fibas_art36_the_api_refuses_with_the_key(
    api: TestClient,  # noqa: F811
    web_app: FastAPI,
) -> None:
    """``POST .../rounds/1/publish-seating`` of a draft seating a pair withdrawn since: refused with
    the key and the pair named."""
    create(api)
    assert api.post("/api/events/serata/rounds/1/seat", json={}).status_code < 300
    svc = web_app.state.web.service
    svc.run("serata", values.Withdraw(3, None))
    refused = api.post("/api/events/serata/rounds/1/publish-seating?lang=en", json={})
    assert refused.status_code == 409, refused.text
    assert "publish.seats_gone" in refused.text and "3 Coppia 3" in refused.text
    assert svc.state("serata").round(1).seating_published_at is None


@pytest.mark.parametrize("lang", ["it", "en"])
def test_fibas_art36_the_terminal_refuses_with_its_command(tmp_path: Path, lang: str) -> None:
    """``arbitro publish-seating`` after ``withdraw`` of a pair seated in the draft: refused, naming
    the pair and ``arbitro seat c 1``."""
    runner = CliRunner()
    db = ["--db", f"sqlite:///{tmp_path / 'g.sqlite3'}", "--lang", lang]

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(app, [*db, *args])
        assert result.exit_code == code, result.output
        return result

    run("event", "create", "c", "--name", "C", "--movements", "iscrizione", "--rounds", "1")
    for name in ("Coppia 1", "Coppia 2", "Coppia 3", "Coppia 4"):
        run("register", "c", name)
    run("seat", "c", "1")
    run("withdraw", "c", "3")
    refused = run("publish-seating", "c", "1", code=1).stderr
    said = SAID[lang].replace(" (FIBAS art. 36)", " («arbitro seat c 1») (FIBAS art. 36)")
    assert said in " ".join(refused.split()), refused
    run("seat", "c", "1")
    published = json.loads(run("publish-seating", "c", "1", "--json").stdout)
    assert published["published"] is True
