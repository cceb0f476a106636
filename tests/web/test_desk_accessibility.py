"""The desk's accessibility fixes of issue 28 (axe-core, critical), read from the rendered
HTML: every round select of the new-event form (a hidden label) and every score input of the
desk's sheet form (an aria-label) has a name in the page's language (WCAG 4.1.2); a button's visible text starts its
accessible name (WCAG 2.5.3); the public bracket's scroll box is reachable by keyboard and
named (WCAG 2.1.1). The contrasts are computed in a browser (test_desk_contrast_browser)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.web.test_desk import post, service, txt
from tests.web.test_knockout_web import make_knockout

from arbitro.tournament.commands import values


def _tags(html: str, tag: str) -> list[str]:
    return re.findall(rf"<{tag}\b[^>]*>", html)


def _attr(tag: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', tag)
    return found.group(1) if found else None


def test_round_selects_of_the_new_event_form_are_named_fibas_art7(
    director_client: TestClient,
) -> None:
    """The 4 rounds of the form's start, 2 selects each (deals, FIBAS art. 7; movement, Mitchell
    or other, art. 4): 8 selects, each named by its round, in Italian and in English."""
    html = txt(director_client.get("/desk/new"))
    rows = html[
        html.index('id="rounds-rows"') : html.index("</fieldset>", html.index('id="rounds-rows"'))
    ]
    selects = _tags(rows, "select")
    assert len(selects) == 8
    labels = [_label_of(rows, _attr(s, "id") or "") for s in selects]
    assert labels[:4] == [
        "Smazzate del turno 1",
        "Movimento del turno 1",
        "Smazzate del turno 2",
        "Movimento del turno 2",
    ]
    assert labels[-1] == "Movimento del turno 4"
    english = txt(director_client.get("/desk/new/rounds", params={"rounds": "3", "lang": "en"}))
    assert _label_of(english, "deals_3") == "Deals of round 3"
    assert _label_of(english, "movement_3") == "Movement of round 3"


def _label_of(html: str, field: str) -> str | None:
    """The text of the ``<label for=field>``: the field's accessible name."""
    found = re.search(rf'<label for="{field}"[^>]*>([^<]*)</label>', html)
    return found.group(1) if found else None


def test_score_inputs_of_the_desk_sheet_are_named_by_deal_and_column_fibas_art21(
    director_client: TestClient, make_event: Any
) -> None:
    """The desk enters a table's score sheet (FIBAS art. 21: the score handed to the arbiter); 2 deals
    × 4 columns: 8 inputs, each named "Smazzata 1, N-S base" ... "Smazzata 2, E-O punti"."""
    event_id = make_event(pairs=4, deals=2)
    html = txt(director_client.get(f"/desk/e/{event_id}/r/1/t/1"))
    inputs = [t for t in _tags(html, "input") if re.search(r'name="e_d\d_', t)]
    assert len(inputs) == 8
    assert [_attr(t, "aria-label") for t in inputs] == [
        "Smazzata 1, N-S base",
        "Smazzata 1, N-S punti",
        "Smazzata 1, E-O base",
        "Smazzata 1, E-O punti",
        "Smazzata 2, N-S base",
        "Smazzata 2, N-S punti",
        "Smazzata 2, E-O base",
        "Smazzata 2, E-O punti",
    ]


def _buttons(html: str) -> list[tuple[str, str]]:
    """Every button with an aria-label: (its visible text, its accessible name)."""
    return [
        (re.sub(r"<[^>]+>", "", text).strip(), label)
        for label, text in re.findall(
            r'<button\b[^>]*aria-label="([^"]*)"[^>]*>(.*?)</button>', html
        )
    ]


def test_check_in_and_fee_buttons_name_starts_with_their_text_fibas_art4(
    director_client: TestClient, web_app: FastAPI, make_event: Any
) -> None:
    """FIBAS art. 4 (check-in) and the entry fee: "Annulla" was named "Segna assente
    Coppia 2" (a voice user saying "Annulla" could not press it); every button's name now
    starts with what it shows."""
    event_id = make_event(pairs=4, seat=False)
    service(web_app).run(event_id, values.CheckIn([2]))
    post(director_client, f"/desk/e/{event_id}/fee", {"fee": "10"})
    post(director_client, f"/desk/e/{event_id}/pay", {"competitor": "3", "paid": "1"})
    html = txt(director_client.get(f"/desk/e/{event_id}"))
    buttons = _buttons(html)
    assert ("Annulla", "Annulla la presenza di Coppia 2") in buttons
    assert ("Presente", "Presente: Coppia 1") in buttons
    assert ("Pagato", "Pagato: Coppia 1") in buttons
    assert ("Annulla", "Annulla il pagamento di Coppia 3") in buttons
    for text, label in buttons:
        assert label.startswith(text), (text, label)


def test_public_bracket_scroll_box_is_focusable_and_named_briscola_art9(
    client: TestClient, web_app: FastAPI
) -> None:
    """The projector's bracket (Briscola regulation art. 9: the winner of 2 games of 3 goes
    to the next round) scrolls
    sideways in its own box: it is in the tab order (tabindex 0), a region named
    "Tabellone"."""
    make_knockout(web_app, pairs=13)
    html = txt(client.get("/k/briscola"))
    (box,) = [t for t in _tags(html, "div") if 'class="ko-bracket' in t]
    assert _attr(box, "tabindex") == "0"
    assert _attr(box, "role") == "region"
    assert _attr(box, "aria-label") == "Tabellone"
