"""Score sheets in the FIBAS layout of art. 19 ("fac simile score a squadre"): Tavolo, Turno,
Nord-Sud, Est-Ovest, per "Mano" the rows Base / Punti / TOTALE, then the totals, "Sottrarre
valore minore", "Solo risultato positivo", V.P. and Firma; the VP scale for the round's
number of deals printed on every sheet (art. 20 "Range di riferimento presente sugli
score"), read from the code's data; no time printed (art. 7)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import PageCheck, in_memory_event, pdf_text

from arbitro.codes.vp_table import VpBand
from arbitro.errors import ArbitroError
from arbitro.printouts import score_sheets_pdf
from arbitro.tournament.event import EventState
from arbitro.tournament.model import EventFormat
from arbitro.tournament.scoring.sheet import score_sheet

FIBAS_LAYOUT = (
    "Tavolo",
    "Turno",
    "Nord-Sud",
    "Est-Ovest",
    "Base",
    "Punti",
    "TOTALE",
    "Sottrarre valore minore",
    "Solo risultato positivo",
    "V.P.",
    "Firma",
)


def sheets(pdf: bytes, tmp_path: Path) -> list[str]:
    return [p for p in pdf_text(pdf, tmp_path).split("\f") if p.strip()]


def test_one_sheet_per_complete_table_in_the_fibas_layout_art_19(
    demo_state: EventState, tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 19: every complete table gets a sheet with the sample's rows, its table and round,
    and its two lines' names; the resting line (art. 37) gets none."""
    pdf = score_sheets_pdf(demo_state, 1)
    seating = demo_state.round(1).seating
    assert seating is not None
    complete = [t for t in seating.tables if not t.is_incomplete]
    texts = sheets(pdf, tmp_path)
    assert len(pages(pdf)) == len(texts) == len(complete) == 4
    for table, text in zip(complete, texts, strict=True):
        for word in FIBAS_LAYOUT:
            assert word in text
        assert "SCORE — TORNEO A COPPIE" in text
        assert text.count("Base") == text.count("Punti") == demo_state.deals(1) == 2
        assert "1ª Mano" in text and "2ª Mano" in text and "3ª Mano" not in text
        head = re.search(r"^\s*(\d+)\s+(\d+)\s+(.+)$", text, re.M)
        assert head is not None
        assert (int(head[1]), int(head[2])) == (table.table, 1)
        assert table.ns is not None and table.ew is not None
        (ns,), (ew,) = table.ns, table.ew
        names = head[3]
        ns_name = f"{demo_state.competitors[ns].name} ({ns})"
        ew_name = f"{demo_state.competitors[ew].name} ({ew})"
        assert ns_name in names and ew_name in names
        assert names.index(ns_name) < names.index(ew_name)  # N-S column, then E-O
    resting = next(t for t in seating.tables if t.is_incomplete)
    (line,) = resting.lines
    assert all(demo_state.competitors[line[0]].name not in t for t in texts)


def test_vp_scale_for_two_deals_printed_on_every_sheet_art_20(
    demo_state: EventState, tmp_path: Path
) -> None:
    """Art. 20, "2 SMAZZATE": 0-40 10-10, 45-120 11-9, 125-200 12-8 ... 875-1000 19-1, oltre
    20-0, on every sheet."""
    for text in sheets(score_sheets_pdf(demo_state, 1), tmp_path):
        assert "RANGE DI RIFERIMENTO — 2 SMAZZATE (art. 20)" in text
        for band, vp in (
            ("Da 0 a 40", "10-10"),
            ("Da 45 a 120", "11-9"),
            ("Da 125 a 200", "12-8"),
            ("Da 875 a 1000", "19-1"),
            ("Oltre 1000", "20-0"),
        ):
            assert re.search(rf"{band}\s+{vp}", text), band


@pytest.mark.parametrize("deals", [1, 2, 3, 4])
def test_vp_scale_follows_the_rounds_deals_art_20(deals: int, tmp_path: Path) -> None:
    """Art. 20: the scale printed is the code's table for the round's number of deals
    (1, 2, 3 or 4 smazzate), band by band; the sheet has that many "Mano"."""
    state = in_memory_event(["A", "B", "C", "D"], deals=(deals,), duplicate=deals == 1)
    table = state.code.vp_table(deals=deals)
    (text, _) = sheets(score_sheets_pdf(state, 1), tmp_path)
    title = "1 SMAZZATA" if deals == 1 else f"{deals} SMAZZATE"
    assert f"RANGE DI RIFERIMENTO — {title} (art. 20)" in text
    for i, band in enumerate(table.bands):
        # Carte uguali (the 1-deal rounds here): "inizio scala = fine scala precedente+0,001".
        low = f"{table.bands[i - 1].high},001" if deals == 1 and i else str(band.low)
        assert re.search(rf"Da {low} a {band.high}\s+{band.winner}-{band.loser}", text)
    assert f"Oltre {table.bands[-1].high}" in text
    assert text.count("Base") == deals and f"{deals}ª Mano" in text
    assert f"{deals + 1}ª Mano" not in text


def test_vp_scale_is_read_from_the_codes_data_not_written_in_the_printout(
    demo_state: EventState, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Art. 20 tables live in the code's data: a federation that changes a band changes the
    printed sheet."""
    rules = demo_state.code
    old = rules.vp_table(deals=2)
    changed = dataclasses.replace(old, bands=(VpBand(0, 45, 10, 10), *old.bands[1:]))
    custom = dataclasses.replace(rules, vp_tables={**rules.vp_tables, "deals_2": changed})
    monkeypatch.setattr(EventState, "code", property(lambda self: custom))
    text = sheets(score_sheets_pdf(demo_state, 1), tmp_path)[0]
    assert "Da 0 a 45" in text and "Da 0 a 40" not in text


def test_filled_pairs_sheet_adds_up_and_converts_art_19_20(
    demo_state: EventState, tmp_path: Path
) -> None:
    """Art. 19 a-b: with the recorded sheet written in, each deal shows Base, Punti and their
    TOTALE; the grand totals, the lower total subtracted, the positive difference in the
    winner's column, and the VP of the 2-deal scale (art. 20)."""
    texts = sheets(score_sheets_pdf(demo_state, 1, filled=True), tmp_path)
    sheet = demo_state.round(1).sheets[1]
    entry = sheet.entry_as_of(1)
    assert entry is not None
    res = score_sheet(demo_state.code, entry, deals=2, teams=False)
    text = texts[0]
    for n, d in enumerate(entry.deals, start=1):
        assert re.search(rf"{n}ª Mano\s", text)
        assert re.search(rf"Base\s+{d.ns.base}\s+{d.ew.base}\b", text)
        assert re.search(rf"Punti\s+{d.ns.points}\s+{d.ew.points}\b", text)
        assert re.search(rf"TOTALE\s+{d.ns.total}\s+{d.ew.total}\b", text)
    assert re.search(rf"TOTALE\s+{res.ns_total}\s+{res.ew_total}\b", text)
    low = min(res.ns_total, res.ew_total)
    assert re.search(rf"Sottrarre valore minore\s+{low}\s+{low}\b", text)
    assert re.search(rf"Solo risultato positivo\s+{abs(res.ns_mp)}\b", text)
    assert re.search(rf"V\.P\.\s+{res.ns_vp}\s+{res.ew_vp}\b", text)
    assert res.ns_vp + res.ew_vp == 20


def test_team_match_has_closed_and_open_room_sheets_art_19(
    teams_state: EventState, tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 19 "fac simile score a squadre": the closed room's sheet (team B North-South,
    team A East-West) is carried to the open room; the open room's (team A North-South) has
    "Riporto Sala Chiusa", "COMPLESSIVO", the difference, both teams' V.P. and signatures,
    and the teams scale (555-800 13-7 ... oltre 2500 20-0)."""
    pdf = score_sheets_pdf(teams_state, 1)
    texts = sheets(pdf, tmp_path)
    assert len(pages(pdf)) == len(texts) == 4  # 5 teams: 2 matches, one team rests
    seating = teams_state.round(1).seating
    assert seating is not None
    for table, closed, open_ in zip(seating.tables, texts[::2], texts[1::2], strict=False):
        a, b = (teams_state.competitors[line[0]].name for line in (table.ns, table.ew) if line)
        assert "SALA CHIUSA" in closed and "SALA APERTA" in open_
        assert "Nord-Sud — Squadra B" in closed and "Est-Ovest — Squadra A" in closed
        assert closed.index(b) < closed.index(a)  # B sits North-South in the closed room
        assert "Nord-Sud — Squadra A" in open_ and open_.index(a) < open_.index(b)
        assert "PORTARE QUESTO SCORE IN SALA APERTA" in closed
        for word in ("Riporto Sala Chiusa", "COMPLESSIVO", *FIBAS_LAYOUT):
            assert word in open_
        for text in (closed, open_):
            assert "RANGE DI RIFERIMENTO — 1-4 SMAZZATE — SQUADRE (art. 19, 20)" in text
            assert re.search(r"Da 555 a 800\s+13-7", text)
            assert re.search(r"Oltre 2500\s+20-0", text)


def test_filled_team_sheet_carries_the_closed_room_and_converts_art_19(
    teams_state: EventState, tmp_path: Path
) -> None:
    """Art. 19: open room A 420 + 280 = 700, B 145 - 40 = 105; closed room B 160 + 10 = 170,
    A 345 + 450 = 795 carried over; COMPLESSIVO A 1495, B 275; difference 1220, which the
    teams scale (1055-1300) turns into 15-5."""
    closed, open_ = sheets(score_sheets_pdf(teams_state, 1, filled=True), tmp_path)[:2]
    assert re.search(r"TOTALE\s+160\s+345\b", closed) and re.search(r"TOTALE\s+10\s+450", closed)
    assert re.search(r"TOTALE\s+420\s+145\b", open_) and re.search(r"TOTALE\s+280\s+-40", open_)
    assert re.search(r"Riporto Sala Chiusa\s+795\s+170\b", open_)
    assert re.search(r"COMPLESSIVO\s+1495\s+275\b", open_)
    assert re.search(r"Sottrarre valore minore\s+275\s+275\b", open_)
    assert re.search(r"Solo risultato positivo\s+1220\b", open_)
    assert re.search(r"V\.P\.\s+15\s+5\b", open_)


def test_english_sheet_and_duplicate_note(tmp_path: Path) -> None:
    """English labels; in a "carte uguali" pairs event the sheet recalls the continuous scale
    of art. 20 (each band starts at the previous band's end + 0.001)."""
    state = in_memory_event(["A", "B"], deals=(3,), duplicate=True)
    (text,) = sheets(score_sheets_pdf(state, 1, lang="en"), tmp_path)
    for word in ("SCORE SHEET — PAIRS EVENT", "Table", "Round", "Deal 3", "Points", "Signature"):
        assert word in text
    assert "VP SCALE — 3 DEALS (art. 20)" in text and re.search(r"150\.001 to 250\s+12-8", text)
    assert "previous band's end + 0.001" in text


def test_carte_uguali_sheet_prints_the_continuous_scale_art_20(tmp_path: Path) -> None:
    """FIBAS art. 20, carte uguali: "inizio scala = fine scala precedente+0,001": the printed
    range table starts each band there, with the comma (issue 27)."""
    state = in_memory_event(["A", "B", "C", "D"], deals=(2,), duplicate=True)
    table = state.code.vp_table(deals=2)
    (text, _) = sheets(score_sheets_pdf(state, 1), tmp_path)
    assert re.search(rf"Da 0 a {table.bands[0].high}\s", text)
    for prev, band in zip(table.bands, table.bands[1:], strict=False):
        assert re.search(rf"Da {prev.high},001 a {band.high}\s+{band.winner}-{band.loser}", text)


def test_individual_event_sheet_names_both_players_of_each_line(tmp_path: Path) -> None:
    """Art. 4, individual events: a line is two players; the sheet names both."""
    state = in_memory_event(["Ada", "Bea", "Cleo", "Dora"], event_format=EventFormat.INDIVIDUAL)
    (text,) = sheets(score_sheets_pdf(state, 1), tmp_path)
    assert "SCORE — TORNEO INDIVIDUALE" in text
    seating = state.round(1).seating
    assert seating is not None
    for line in seating.tables[0].lines:
        assert all(f"{state.competitors[c].name} ({c})" in text for c in line)


def test_no_time_on_sheets_art_7(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 7: nothing about the time left is printed on a sheet."""
    text = pdf_text(score_sheets_pdf(demo_state, 2), tmp_path)
    assert not re.search(r"tempo|residu|minut|\d+\s*'|\d:\d\d", text, re.I)


def test_unseated_round_is_refused() -> None:
    """Art. 4: sheets follow the seating; none before the round is seated."""
    state = in_memory_event(["A", "B"], seat=False)
    with pytest.raises(ArbitroError, match="non è ancora stata assegnata"):
        score_sheets_pdf(state, 1)
