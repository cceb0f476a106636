"""The tie-breaks' line on every standings printout and file (issue 34; docs/rulings.md,
"Tie-breaks"): the standings PDF, the verbale, the results file (JSON, validated) and the
static site say how those level on V.P. were ordered, in Italian and English."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from tests.tournament.test_tiebreaks import circle

from arbitro.export.site import site_pages
from arbitro.printouts.standings import standings_pdf
from arbitro.printouts.verbale import verbale_pdf
from arbitro.services.results import consistency, export, to_json, validate
from arbitro.store import RecordStore
from arbitro.tournament.commands import values

NOW = datetime(2026, 3, 14, 19, 0, tzinfo=UTC)


def _text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "out.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(out.split())


def test_standings_pdf_and_verbale_name_the_tiebreaks(
    record_store: RecordStore, tmp_path: Path
) -> None:
    """Default: «a parità di V.P.: M.P.» (our ruling for FIBAS art. 19-20); after the
    director's choice the standings PDF (both languages) and the verbale name it, and the
    pairs level on 30 V.P. are printed in its order: 1, 2, 3 (opponents' V.P.)."""
    svc = circle(record_store)
    state = svc.state("tb")
    assert "a parità di V.P.: M.P." in _text(standings_pdf(state, 3, final=True), tmp_path)
    svc.run("tb", values.ChooseTiebreaks(["head-to-head", "opponents-vp"]))
    state = svc.state("tb")
    italian = _text(standings_pdf(state, 3, final=True), tmp_path)
    assert "a parità di V.P.: scontro diretto, poi V.P. degli avversari" in italian
    assert italian.index("Coppia 1") < italian.index("Coppia 2") < italian.index("Coppia 3")
    english = _text(standings_pdf(state, 3, lang="en", final=True), tmp_path)
    assert "on equal V.P.: head-to-head, then opponents' V.P." in english
    verbale = _text(verbale_pdf(export(svc, "tb"), lang="it"), tmp_path)
    assert "a parità di V.P.: scontro diretto, poi V.P. degli avversari" in verbale


def test_results_file_records_the_tiebreaks_and_validates(record_store: RecordStore) -> None:
    """The results file's event lists the tie-breaks; its standings, ordered by them and
    not by M.P. (2 above 3 with fewer M.P.), pass the validator; the static site's
    standings page shows the line."""
    svc = circle(record_store)
    svc.run("tb", values.ChooseTiebreaks(["head-to-head", "opponents-vp"]))
    results = export(svc, "tb")
    assert results.event.tiebreaks == ["head-to-head", "opponents-vp"]
    order = [r.competitor for r in results.standings[-1].rows]
    assert order[:4] == [5, 1, 2, 3]
    parsed, problems = validate(json.loads(to_json(results)))
    assert parsed is not None and problems == []
    assert consistency(parsed) == []
    # the same rows read as ordered by M.P. are refused: 2 (0 M.P.) above 3 (20 M.P.)
    by_mp = parsed.model_copy(
        update={"event": parsed.event.model_copy(update={"tiebreaks": ["mp"]})}
    )
    assert any(p.path.endswith(".rank") for p in consistency(by_mp))
    page = site_pages(results, "it")["standings-3.html"]
    assert "a parità di V.P.: scontro diretto, poi V.P. degli avversari" in page


def test_negative_points_read_as_such_on_the_verbale_and_the_site(
    record_store: RecordStore, tmp_path: Path
) -> None:
    """Where the sheet's M.P. are negative points (Scala 40 art. 22), the verbale and the
    static site name the M.P. tie-break «meno punti negativi», as the standings do: the
    results file says so in ``event.mp_lower_is_better``."""
    results = export(circle(record_store), "tb")
    negative = results.model_copy(
        update={
            "event": results.event.model_copy(
                update={"mp_lower_is_better": True, "tiebreaks": ["mp"]}
            )
        }
    )
    verbale = _text(verbale_pdf(negative, lang="it"), tmp_path)
    assert "a parità di V.P.: meno punti negativi" in verbale
    page = site_pages(negative, "it")["standings-3.html"]
    assert "a parità di V.P.: meno punti negativi" in page
