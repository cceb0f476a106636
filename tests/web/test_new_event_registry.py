"""The desk's new-event form reads what it says of a code from the registry (issue 30): the
hint under the list of codes, the article it cites and the formats offered are the code's
spec's (``desk_hint``, ``desk_hint_topic``, ``desk_formats``; Scala 40 art. 2: individuals
only), so a code registered by a plugin gets them with no file of the web naming it."""

from __future__ import annotations

import re
from dataclasses import replace

from fastapi.testclient import TestClient
from tests.plugins.fake_lines.conftest import _plugin
from tests.web.test_desk import text_of, txt

from arbitro.codes.registry import registered
from arbitro.tournament.sheets import lines_sheet, registered_sheet_kind


def _formats(page: str) -> list[str]:
    select = page.split('id="format"')[1].split("</select>")[0]
    return re.findall(r'<option value="([a-z]+)"', select)


def _hint(page: str) -> str:
    return text_of(page.split('id="game-hint"')[1].split("</p>")[0]).strip(" >")


def test_a_registered_codes_hint_and_formats_come_from_its_spec(
    director_client: TestClient,
) -> None:
    """A fake code whose spec allows teams only and cites its seating article (fake art. 2)
    in its hint: the form says so once it is chosen, and offers teams only; FIBAS, whose
    spec has no hint and no limit, offers every format and no hint."""
    spec = replace(
        _plugin().SPEC,
        desk_formats=("teams",),
        desk_hint="Fake Lines: teams only ({article}).",
        desk_hint_topic="seating",
    )
    with registered(spec), registered_sheet_kind(spec.game, lines_sheet):
        page = txt(director_client.get("/desk/new?lang=en&rounds=2&code=fake-lines&changed=code"))
    assert _hint(page) == "Fake Lines: teams only (Fake art. 2)."
    assert _formats(page) == ["teams"]
    fibas = txt(director_client.get("/desk/new?lang=en&rounds=2&code=burraco-fibas"))
    assert 'id="game-hint"' not in fibas
    assert _formats(fibas) == ["pairs", "teams", "individual"]


def test_scala40s_hint_and_format_from_its_spec(director_client: TestClient) -> None:
    """Scala 40 art. 2: tables of four individuals; art. 5: 5 deals a round. The form's hint
    cites art. 2 and 25 (its tables) and offers the individual format only."""
    page = txt(director_client.get("/desk/new?lang=en&rounds=2&code=scala40&changed=code"))
    assert _hint(page) == (
        "Scala 40: individual, 5 deals a round, tables of four players (Scala 40 art. 2, 25)."
    )
    assert _formats(page) == ["individual"]
