"""The desk's dictionary for a disputed Parole word (issue 27; Parole art. 4.1 "parole di senso
compiuto", art. 2 the language judge): the verdict with its reason and article, the judge's
ruling recorded in the log and followed by every later check of the event."""

from __future__ import annotations

from fastapi.testclient import TestClient

from arbitro.codes.ids import CodeId
from arbitro.tournament.commands import values
from arbitro.web.app import Web

from .test_parole_abandon_desk import web  # noqa: F401  (the fixture)
from .test_parole_web import EVENT, parole_event, text

FIBAS: str = CodeId.BURRACO_FIBAS.value


def test_art4_1_the_dictionary_gives_the_verdict_and_its_article(
    web: Web,  # noqa: F811
    director_client: TestClient,
) -> None:
    """Art. 4.1: "casetta" is an altered noun (not allowed), "busta" a dictionary word."""
    parole_event(web)
    event_page = director_client.get(f"/desk/e/{EVENT}?lang=it").text
    assert 'id="dictionary-link"' in event_page and 'id="projector-link"' in event_page
    page = text(director_client.get(f"/desk/e/{EVENT}/dictionary?word=casetta&lang=it").text)
    assert "CASETTA — non ammessa" in page and "Parole UISP art. 4.1" in page
    assert "nome alterato di casa senza significato proprio" in page  # the base, named
    page = text(director_client.get(f"/desk/e/{EVENT}/dictionary?word=busta&lang=it").text)
    assert "BUSTA — ammessa" in page


def test_art2_the_language_judge_approves_a_word_and_it_is_recorded(
    web: Web,  # noqa: F811
    director_client: TestClient,
) -> None:
    """Art. 2: the language judge's ruling wins over the dictionary for the rest of the
    event; it is a record of the log, with its reasons."""
    parole_event(web)
    reply = director_client.post(
        f"/desk/e/{EVENT}/dictionary?lang=it",
        data={
            "csrf": director_client.csrf,
            "word": "casetta",
            "verdict": "approve",
            "reason": "usata come nome proprio di un gioco",
        },
        follow_redirects=False,
    )
    assert reply.status_code == 303, reply.text
    assert web.service.state(EVENT).judged_words == {"casetta": True}
    page = text(director_client.get(f"/desk/e/{EVENT}/dictionary?word=casetta&lang=it").text)
    assert "CASETTA — ammessa" in page and "Parole UISP art. 2, 4.1" in page
    rejected = director_client.post(
        f"/desk/e/{EVENT}/dictionary?lang=en",
        data={"csrf": director_client.csrf, "word": "busta", "verdict": "reject", "reason": ""},
    )
    assert rejected.status_code == 400 and "language judge's reasons" in text(rejected.text)


def test_a_fibas_event_has_no_language_judge(
    web: Web,  # noqa: F811
    director_client: TestClient,
) -> None:
    """FIBAS's code has no language judge: no dictionary page and no link."""
    parole_event(web, code=FIBAS)
    assert 'id="dictionary-link"' not in director_client.get(f"/desk/e/{EVENT}").text
    assert director_client.get(f"/desk/e/{EVENT}/dictionary?word=casa").status_code >= 400


def test_art2_the_ruling_travels_in_the_event_file(
    web: Web,  # noqa: F811
) -> None:
    """Art. 2: the language judge's ruling is a record of the log: exported and read back
    with every record checked as the live action that made it."""
    from arbitro.services.event_file import export_event, read_event_file

    parole_event(web)
    web.service.run(EVENT, values.JudgeWord("Burraco", True, "nome del gioco"))
    _id, _name, records, state = read_event_file(export_event(web.service, EVENT))
    assert records[-1].kind.value == "word-judged"
    assert getattr(state, "judged_words", None) == {"burraco": True}


def test_the_public_page_of_a_parole_event_opens(
    web: Web,  # noqa: F811
    client: TestClient,
) -> None:
    """The event's public page (the room's links) opens for a Parole event, whose code has
    no article on sessions (FIBAS art. 2 has): it failed with an error before."""
    parole_event(web)
    page = client.get(f"/e/{EVENT}")
    assert page.status_code == 200
    assert f'href="/e/{EVENT}/hall' in page.text
