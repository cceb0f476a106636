"""Table cards: one per table, with the event, the round, the table number, the two lines
(art. 4 "Assegnazione del tavolo", art. 37 for the resting line) and a QR code of the
table's score-entry URL; never the time left in the round (art. 7)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import PageCheck, in_memory_event, pdf_text, qr_matrix, render_pages

from arbitro.errors import ArbitroError
from arbitro.printouts import table_cards_pdf
from arbitro.printouts.table_cards import CARDS_PER_PAGE, qr_box, table_card_qr
from arbitro.tournament.event import EventState


def urls_for(state: EventState, rnd: int) -> dict[int, str]:
    seating = state.round(rnd).seating
    assert seating is not None
    return {
        t.table: f"https://gare.example.it/t/{state.event_id}/{t.table}?k=tok{t.table}x9Qz"
        for t in seating.tables
    }


def expected_modules(url: str) -> list[list[bool]]:
    widget = table_card_qr(url)
    widget.qr.make()
    return [[bool(m) for m in row] for row in widget.qr.modules]


def test_one_card_per_table_with_round_table_number_and_lines_art_4(
    demo_state: EventState, tmp_path: Path, pages: PageCheck
) -> None:
    """Art. 4: each table of the round has its card, with the event, the round, the table
    number and the N-S and E-O lines seated there; two cards to an A4 page."""
    pdf = table_cards_pdf(demo_state, 2, urls_for(demo_state, 2))
    seating = demo_state.round(2).seating
    assert seating is not None
    files = pages(pdf)
    assert len(files) == -(-len(seating.tables) // CARDS_PER_PAGE)
    cards = [card for page in pdf_text(pdf, tmp_path).split("\f") for card in [page] if card]
    text = "\f".join(cards)
    assert text.count("Gara dimostrativa — Burraco a coppie") == len(seating.tables)
    assert text.count("Turno 2") == len(seating.tables)
    assert text.count("TAVOLO") == len(seating.tables)
    assert text.count("Nord-Sud") == text.count("Est-Ovest") == len(seating.tables)
    for table in seating.tables:
        page = cards[(table.table - 1) // CARDS_PER_PAGE]
        assert re.search(rf"^\s*{table.table}\s*$", page, re.M), f"table number {table.table}"
        for line in table.lines:
            for c in line:
                assert f"{demo_state.competitors[c].name} ({c})" in page


def test_resting_line_card_says_riposo_art_37(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 37: at the incomplete table the line present rests; its card says so."""
    seating = demo_state.round(1).seating
    assert seating is not None
    rest = next(t for t in seating.tables if t.is_incomplete)
    urls = urls_for(demo_state, 1)
    del urls[rest.table]  # an incomplete table needs no score-entry URL
    text = pdf_text(table_cards_pdf(demo_state, 1, urls), tmp_path)
    last = [p for p in text.split("\f") if p.strip()][-1]
    assert "Riposo" in last and "la linea presente riposa (FIBAS art. 37)" in last


def test_team_match_gets_open_and_closed_room_cards_art_19(
    teams_state: EventState, tmp_path: Path
) -> None:
    """Art. 19 sample sheets: in the open room team A sits North-South, in the closed room
    team B does; each room has its card with the match's table number and URL. The resting
    team (art. 37) gets one card."""
    urls = urls_for(teams_state, 1)
    pdf = table_cards_pdf(teams_state, 1, urls)
    cards = pdf_text(pdf, tmp_path).replace("\f", "\n").split("Campionato a squadre")[1:]
    assert len(cards) == 5  # 2 matches x 2 rooms, 1 resting team
    seating = teams_state.round(1).seating
    assert seating is not None
    name = {c: f"{teams_state.competitors[c].name} ({c})" for c in teams_state.competitors}
    for table, open_card, closed_card in zip(seating.tables, cards[::2], cards[1::2], strict=False):
        assert table.ns is not None and table.ew is not None
        a, b = name[table.ns[0]], name[table.ew[0]]
        assert "TAVOLO — SALA APERTA" in open_card and "TAVOLO — SALA CHIUSA" in closed_card
        assert open_card.index(a) < open_card.index(b)
        assert closed_card.index(b) < closed_card.index(a)
        for card in (open_card, closed_card):
            assert re.search(rf"^\s*{table.table}\s*$", card, re.M)
            assert urls[table.table] in re.sub(r"\s+", "", card)
    assert "Riposo" in cards[-1] and "SALA" not in cards[-1]


def test_qr_widget_carries_the_tables_url() -> None:
    """The QR code drawn on a card is made from the table's URL, token included."""
    url = "https://gare.example.it/t/serata/3?k=Zx81-tok"
    assert table_card_qr(url).value == url


def test_printed_qr_modules_encode_each_tables_url(demo_state: EventState, tmp_path: Path) -> None:
    """Each card's printed QR code (read back from the rendered page's pixels) is exactly the
    QR encoding of that table's URL, not another table's."""
    urls = urls_for(demo_state, 1)
    pdf = table_cards_pdf(demo_state, 1, urls)
    png = render_pages(pdf, tmp_path, "cards", dpi=150, last=1)
    for index, table in enumerate(sorted(urls)[:CARDS_PER_PAGE]):
        want = expected_modules(urls[table])
        got = qr_matrix(png[0], qr_box(index), 150, len(want))
        assert got == want
        other = expected_modules(urls[table % len(urls) + 1])
        assert got != other


def test_card_url_printed_in_small_print(demo_state: EventState, tmp_path: Path) -> None:
    """The URL is printed under the QR code, for phones that cannot scan it."""
    urls = urls_for(demo_state, 3)
    text = pdf_text(table_cards_pdf(demo_state, 3, urls), tmp_path)
    flat = re.sub(r"\s+", "", text)
    for url in urls.values():
        assert url in flat


def test_no_time_printed_art_7(demo_state: EventState, tmp_path: Path) -> None:
    """Art. 7: "Non è consentita nessuna informazione ai giocatori riguardo al tempo di gioco
    residuo": the cards print no time at all."""
    for lang in ("it", "en"):
        text = pdf_text(
            table_cards_pdf(demo_state, 1, urls_for(demo_state, 1), lang=lang), tmp_path
        )
        assert not re.search(r"tempo|residu|minut|time|remaining|\d+\s*'|\d:\d\d", text, re.I)


def test_english_cards(demo_state: EventState, tmp_path: Path) -> None:
    """English is available: Round, TABLE, North-South, East-West."""
    text = pdf_text(table_cards_pdf(demo_state, 1, urls_for(demo_state, 1), lang="en"), tmp_path)
    for word in ("Round 1", "TABLE", "North-South", "East-West", "Scan the code"):
        assert word in text
    assert "Nord-Sud" not in text


def test_complete_table_without_url_is_refused(demo_state: EventState) -> None:
    """A card without its URL would leave the table unable to enter its sheet: refused,
    naming the table."""
    urls = urls_for(demo_state, 1)
    del urls[2]
    with pytest.raises(ArbitroError) as err:
        table_cards_pdf(demo_state, 1, urls)
    assert "2" in err.value.it and "URL" in err.value.en


def test_unseated_round_and_unknown_language_are_refused() -> None:
    """Art. 4: no cards before the round is seated; only Italian and English exist."""
    state = in_memory_event(["A", "B", "C", "D"], seat=False)
    with pytest.raises(ArbitroError, match="non è ancora stata assegnata"):
        table_cards_pdf(state, 1, {})
    seated = in_memory_event(["A", "B", "C", "D"])
    with pytest.raises(ArbitroError, match="lingua"):
        table_cards_pdf(seated, 1, {1: "u", 2: "v"}, lang="fr")


def test_a_resting_tables_card_does_not_ask_for_a_score_art_37(
    demo_state: EventState, tmp_path: Path
) -> None:
    """Art. 37: the line present at an incomplete table rests and enters no sheet: its card's
    code shows the rest score, it does not say "inserire lo score" (issue 27)."""
    seating = demo_state.round(1).seating
    assert seating is not None
    rest = next(t for t in seating.tables if t.is_incomplete)
    text = pdf_text(table_cards_pdf(demo_state, 1, urls_for(demo_state, 1)), tmp_path)
    cards = [p for p in text.split("\f") if p.strip()]
    index = (rest.table - 1) // CARDS_PER_PAGE
    page = " ".join(cards[index].split())
    on_page = [t for t in seating.tables if (t.table - 1) // CARDS_PER_PAGE == index]
    assert page.count("punteggio di riposo") == 1
    assert page.count("inserire lo score") == len(on_page) - 1
