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
from arbitro.printouts.verbale import verbale_pdf
from arbitro.services.results import ResultsFile, export
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
        "2026-11-20",
        "Partecipanti",
        "Mario Rossi, Lucia Bianchi",
        "Classifica dopo il turno 4",
        "Sanzioni",
        "talked across the table",
        "FIBAS art. 37",  # the lateness of round 2
        "Decisioni (Legge 13, punteggi arbitrali)",
        "wrong board played",
        "FIBAS art. 40",
        "Reclami",
        "table 2 total is wrong",
        "deciso: rejected: the sheet is",  # the cell wraps the rest
        "Luogo e data: Circolo Roma, 2026-11-20",
        "L'arbitro: Anna Verdi",
    ):
        assert part in text, part
    first_rank = results.standings[-1].rows[0]
    assert first_rank.name in text


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
