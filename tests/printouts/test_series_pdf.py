"""The series standings printout: the order, each event's points (the dropped ones in
brackets, best N of M), the totals and the ties explained, PROVVISORIA until every event's
standings are final; a circuit of twelve stages and sixty players still fits A4 (every
player printed, on several pages)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.printouts.pdfcheck import PageCheck, pdf_text

from arbitro.printouts.series import series_pdf
from arbitro.services.series import SeriesEvent, SeriesStandings
from arbitro.store.series import SeriesRecord
from arbitro.tournament.series import (
    EventResults,
    Placement,
    PointsScheme,
    SchemeKind,
    series_standings,
)

AT = datetime(2026, 11, 27, tzinfo=UTC)


def standings_of(scheme: PointsScheme, events: list[EventResults], final: bool) -> SeriesStandings:
    """The printout's input made in memory: the series and its events as the service gives."""
    record = SeriesRecord("circuito", "Circuito regionale", scheme.to_json(), AT)
    shown = tuple(SeriesEvent(e.event_id, e.name, 4 if final else 3, 4, final) for e in events)
    return SeriesStandings(record, scheme, shown, tuple(series_standings(scheme, events)))


def test_a_circuit_of_twelve_stages_and_sixty_players(tmp_path: Path, pages: PageCheck) -> None:
    """Sixty players over twelve stages, VP scheme, best 8 of 12: every player printed once
    with twelve results and the total of the best eight; provisional (the stages not final)
    in Italian, on A4 pages."""
    events = [
        EventResults(
            f"tappa-{k}",
            f"Tappa {k}",
            tuple(
                Placement(p, f"Giocatore {p:02d}", rank, 100 - rank)
                for rank, p in enumerate(sorted(range(1, 61), key=lambda q: (q * k) % 61), 1)
            ),
        )
        for k in range(1, 13)
    ]
    scheme = PointsScheme(SchemeKind.VP, best=8)
    result = standings_of(scheme, events, final=False)
    pdf = series_pdf(result)
    files = pages(pdf)
    assert len(files) >= 2
    text = pdf_text(pdf, tmp_path)
    assert "Classifica del circuito — PROVVISORIA" in text
    assert "punti: i V.P. di ogni gara; contano i migliori 8 risultati" in text
    printed = re.findall(r"^\s*\d+\s+Giocatore (\d\d)", text, re.MULTILINE)
    assert sorted(printed) == [f"{p:02d}" for p in range(1, 61)]
    first = result.rows[0]
    line = next(line for line in text.splitlines() if f"{first.name} " in line)
    cells = line.split()
    assert cells[-1] == str(first.total)
    assert sum(1 for c in cells if c.startswith("(")) == 4  # 12 results, 8 counted
    assert "provvisoria: dopo il turno 3 di 4" in text


def test_placement_points_and_ties_in_english(tmp_path: Path, pages: PageCheck) -> None:
    """By placement 10, 8, 6 best 1 of 2: Ada and Bruno each count a 10; Ada's 8 dropped
    beats Bruno's 6: the tie is explained; final standings in English."""
    events = [
        EventResults("a", "Serata A", (Placement(1, "Ada", 1, 50), Placement(2, "Bruno", 3, 30))),
        EventResults("b", "Serata B", (Placement(2, "Bruno", 1, 50), Placement(1, "Ada", 2, 40))),
    ]
    scheme = PointsScheme(SchemeKind.PLACEMENT, (10, 8, 6), best=1)
    pdf = series_pdf(standings_of(scheme, events, final=True), lang="en")
    pages(pdf)
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert "Series standings — FINAL" in text
    assert "1 Ada 10 (8) 10" in text and "2 Bruno * (6) 10 10" in text
    assert "* Bruno: tie on 10 points: all results, dropped ones included, 18 against 16" in text
    assert "1. Serata A (a): final standings" in text
