"""The arbiter's report (*referto arbitrale*, Burraco Parole art. 14.2): one per player, with
people, times, reasons, interventions, presences and witnesses, as text and as a PDF that opens
(rendered to PNG with pdftoppm) and shows its fields (pdftotext)."""

from __future__ import annotations

import subprocess
from datetime import date, datetime
from pathlib import Path

import pytest

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.printouts.report import (
    ArbiterReport,
    Incident,
    Person,
    Sanction,
    report_pdf,
    report_text,
    reports_by_player,
)

ROSSI = Person("Mario Rossi", "FB1234", "Nord")
BIANCHI = Person("Anna Bianchi", "FB5678", "Est")
ARBITER = Person("Luca Verdi", "A-77", "arbitro")


def _incidents() -> list[tuple[Person, Incident]]:
    table = (ROSSI, BIANCHI, Person("Piero Neri", "FB9"), Person("Sara Blu", "FB10"))
    return [
        (
            ROSSI,
            Incident(
                occurred_at=datetime(2026, 11, 22, 16, 40),
                called_at=datetime(2026, 11, 22, 16, 41),
                reason="Ha visto il pozzetto prima dello scarto del compagno",
                intervention="Ammonito, avvertito che la reiterazione penalizza la linea",
                article="FIBAS 23",
                sanction=Sanction.WARNING,
                table="7",
                round=2,
                deal=1,
                present=table,
                witnesses=(Person("Piero Neri", "FB9"),),
            ),
        ),
        (
            BIANCHI,
            Incident(
                occurred_at=datetime(2026, 11, 22, 17, 5),
                reason="Linguaggio ingiurioso verso l'avversario",
                intervention="Espulsa dalla sede di gara",
                article="Parole 14.2 c)",
                sanction=Sanction.EXPULSION,
                table="7",
                round=3,
                present=table,
                witnesses=(Person("Sara Blu", "FB10"),),
            ),
        ),
        (
            ROSSI,
            Incident(
                occurred_at=datetime(2026, 11, 22, 15, 10),
                reason="Carte sistemate mentre il compagno giocava",
                intervention="Richiamo verbale",
                article="FIBAS 22",
                sanction=Sanction.REPRIMAND,
                table="3",
                round=1,
            ),
        ),
    ]


def _reports() -> list[ArbiterReport]:
    return reports_by_player(
        _incidents(),
        event="Torneo d'autunno",
        event_date=date(2026, 11, 22),
        arbiter=ARBITER,
        venue="Circolo Bologna",
        code="burraco-fibas",
        event_end=datetime(2026, 11, 22, 19, 0),
        written_at=datetime(2026, 11, 22, 19, 30),
    )


def test_art_14_2_one_report_per_player_with_every_incident_in_time_order() -> None:
    """Art. 14.2: "singolo per ciascun giocatore": two players, two reports."""
    reports = _reports()
    assert [r.player.name for r in reports] == ["Anna Bianchi", "Mario Rossi"]
    rossi = reports[1]
    assert [i.sanction for i in rossi.incidents] == [Sanction.REPRIMAND, Sanction.WARNING]
    assert rossi.gravest is Sanction.WARNING
    assert reports[0].gravest is Sanction.EXPULSION
    assert rossi.send_by == datetime(2026, 11, 23, 19, 0)  # within 24 hours of the end


def test_art_14_2_text_shows_people_times_reasons_interventions_presences_witnesses() -> None:
    """Art. 14.2: "i soggetti, i tempi, i motivi, gli interventi, le presenze e i testimoni"."""
    text = report_text(_reports()[1])
    for needle in (
        "REFERTO ARBITRALE",
        "Mario Rossi (tessera FB1234, Nord)",
        "Luca Verdi",
        "22/11/2026 16:40",
        "22/11/2026 16:41",
        "Ha visto il pozzetto prima dello scarto del compagno",
        "Ammonito, avvertito",
        "FIBAS 23",
        "Presenze: Mario Rossi",
        "Testimoni: Piero Neri (tessera FB9)",
        "tavolo 7, turno 2, smazzata 1",
        "ammonizione ufficiale",
        "23/11/2026 19:00",
    ):
        assert needle in text, needle
    english = report_text(_reports()[1], lang="en")
    assert "ARBITER'S REPORT" in english and "Witnesses: Piero Neri" in english


def test_art_14_2_report_without_reasons_or_intervention_is_refused() -> None:
    """Art. 14.2: the report must be detailed: no incident without reasons and intervention."""
    bad = Incident(occurred_at=datetime(2026, 11, 22, 16, 0), reason="", intervention="x")
    with pytest.raises(ArbitroError) as err:
        reports_by_player([(ROSSI, bad)], event="E", event_date=date(2026, 1, 1), arbiter=ARBITER)
    assert err.value.article == cite(CodeId.BURRACO_PAROLE, "arbiter_report")
    with pytest.raises(ArbitroError):
        report_text(ArbiterReport("E", date(2026, 1, 1), ARBITER, ROSSI, ()))


def test_art_14_2_pdf_opens_renders_to_png_and_shows_its_fields(tmp_path: Path) -> None:
    """Art. 14.2: the printable report opens (pdftoppm renders it) and shows every field."""
    pdf = report_pdf(_reports()[1])
    assert pdf.startswith(b"%PDF")
    path = tmp_path / "referto.pdf"
    path.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(path), str(tmp_path / "page")],
        check=True,
        capture_output=True,
    )
    png = next(tmp_path.glob("page*.png"))
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 5_000  # a page with ink, not blank
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    for needle in (
        "REFERTO ARBITRALE",
        "Mario Rossi",
        "FB1234",
        "Luca Verdi",
        "16:40",
        "Motivi",
        "Intervento",
        "Presenze",
        "Testimoni",
        "Piero Neri",
        "FIBAS 23",
        "Ha visto il pozzetto",
    ):
        assert needle in text, needle
