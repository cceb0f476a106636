"""The arbiter's verbale di gara: event, arbiter, date and place, participants, final
standings (FIBAS art. 19), sanctions (art. 22, 37), rulings (art. 40, Law 13), complaints
and their outcome (art. 38-39), a signature line; in Italian and English, rendered."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import ink, pdf_text, render_pages
from tests.services.test_results_format import played

from arbitro.errors import ArbitroError
from arbitro.printouts.verbale import verbale_date, verbale_pdf
from arbitro.services.results import Article, ResultsFile, export
from arbitro.store import RecordStore


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> ResultsFile:
    store = RecordStore.open(f"sqlite:///{tmp_path_factory.mktemp('db') / 'v.sqlite3'}")
    return export(
        played(store), "demo", arbiter="Anna Verdi", place="Circolo Roma", on=date(2026, 11, 20)
    )


def test_the_italian_verbale_holds_every_part(results: ResultsFile, tmp_path: Path) -> None:
    text = pdf_text(verbale_pdf(results, lang="it"), tmp_path)
    for part in (
        "Verbale di gara",
        "Anna Verdi",
        "Circolo Roma",
        "20/11/2026",  # the date the Italian way (issue 28)
        "Partecipanti",
        "Mario Rossi, Lucia Bianchi",
        "Classifica dopo il turno 4",
        "Sanzioni",
        "talked across the table",
        "FIBAS art. 37",  # the lateness of round 2
        "Decisioni (FIBAS art. 40)",  # named by the rulings' articles (issue 27)
        "wrong board played",
        "FIBAS art. 40",
        "Reclami",
        "table 2 total is wrong",
        "deciso: rejected: the sheet is",  # the cell wraps the rest
        "Luogo e data: Circolo Roma, 20/11/2026",
        "L'arbitro: Anna Verdi",
    ):
        assert part in text, part
    first_rank = results.standings[-1].rows[0]
    assert first_rank.name in text
    assert "2026-11-20" not in text and "Legge 13" not in text
    # the code by its name, never its id (issue 28: «Regolamento burraco-fibas»)
    assert "Regolamento Burraco — codice di gara FIBAS" in " ".join(text.split())
    assert "burraco-fibas" not in text


def test_the_english_verbale(results: ResultsFile, tmp_path: Path) -> None:
    text = pdf_text(verbale_pdf(results, lang="en"), tmp_path)
    for part in ("Arbiter's report of the event", "Participants", "Sanctions", "Complaints"):
        assert part in text
    assert "Verbale" not in text and "Sanzioni" not in text


def test_an_event_without_sanctions_says_none_and_leaves_the_arbiter_blank(
    results: ResultsFile, tmp_path: Path
) -> None:
    bare = results.model_copy(
        update={
            "sanctions": [],
            "rulings": [],
            "complaints": [],
            "event": results.event.model_copy(update={"arbiter": None, "place": None}),
        }
    )
    text = pdf_text(verbale_pdf(bare, lang="it"), tmp_path)
    # each section in its own words (issue 27: "Nessuno" under the rulings read "Nessuna")
    for empty in ("Nessuna sanzione.", "Nessuna decisione.", "Nessun reclamo."):
        assert text.count(empty) == 1, empty
    assert "____" in text and "L'arbitro" in text


def test_every_page_is_printed_on(results: ResultsFile, tmp_path: Path) -> None:
    pages = render_pages(verbale_pdf(results, lang="it"), tmp_path)
    assert pages and all(ink(p) > 0.005 for p in pages)


def test_another_language_is_refused(results: ResultsFile) -> None:
    with pytest.raises(ArbitroError):
        verbale_pdf(results, lang="fr")


def test_a_fibas_board_ruling_is_named_by_art_6_not_law_13(
    results: ResultsFile, tmp_path: Path
) -> None:
    """Issue 27: a miscounted Burraco board is ruled by FIBAS art. 6 (the pockets dealt
    again); the verbale's rulings are named by the articles applied, so no «Legge 13» on a
    FIBAS verbale that holds no Law 13 ruling."""
    ruling = results.rulings[0].model_copy(
        update={
            "kind": "board-ruling",
            "article": Article(code="burraco-fibas", article="6", text="FIBAS art. 6"),
        }
    )
    fibas = results.model_copy(update={"rulings": [ruling, results.rulings[0]]})
    text = " ".join(pdf_text(verbale_pdf(fibas, lang="it"), tmp_path).split())
    assert "Decisioni (FIBAS art. 6, FIBAS art. 40)" in text
    assert "Legge 13" not in text and "Law 13" not in text
    assert "decisione su" in text and "(Legge" not in text
    english = " ".join(pdf_text(verbale_pdf(fibas, lang="en"), tmp_path).split())
    assert "Rulings (FIBAS art. 6, FIBAS art. 40)" in english and "Law 13" not in english
    none = results.model_copy(update={"rulings": []})
    assert "Decisioni Nessuna decisione." in " ".join(
        pdf_text(verbale_pdf(none, lang="it"), tmp_path).split()
    )


@pytest.mark.parametrize(
    ("typed", "day"),
    [
        ("04/12/2026", date(2026, 12, 4)),
        ("4/12/2026", date(2026, 12, 4)),
        ("04-12-2026", date(2026, 12, 4)),
        ("04.12.2026", date(2026, 12, 4)),
        (" 2026-12-04 ", date(2026, 12, 4)),
        ("", None),
        (None, None),
    ],
)
def test_the_verbale_date_is_typed_the_italian_way(typed: str | None, day: date | None) -> None:
    """Issue 28: «04/12/2026» is 4 December 2026 (day first, as the codes date themselves:
    FIBAS «01/04/2014»); ISO is still accepted; empty means the day the event was created."""
    assert verbale_date(typed) == day


@pytest.mark.parametrize("typed", ["31/02/2026", "12/2026", "27/11", "2026-13-01", "domani"])
def test_an_impossible_date_is_refused(typed: str) -> None:
    """A date that does not exist or lacks its year is refused, naming the form to use."""
    with pytest.raises(ArbitroError) as err:
        verbale_date(typed)
    assert "DD/MM/YYYY" in err.value.msg.msgid


def test_the_signature_never_sits_alone_on_the_last_page(
    results: ResultsFile, tmp_path: Path
) -> None:
    """Issue 28: however long the sanctions run, the place, date and signature share their
    page with the last section (the complaints), never a page of their own."""
    for extra in range(0, 40, 2):
        longer = results.model_copy(
            update={"sanctions": list(results.sanctions) + [results.sanctions[0]] * extra}
        )
        pages = pdf_text(verbale_pdf(longer, lang="it"), tmp_path).split("\f")
        last = next(p for p in reversed(pages) if p.strip())
        assert "L'arbitro: Anna Verdi" in last, extra
        assert "Reclami" in last, extra
