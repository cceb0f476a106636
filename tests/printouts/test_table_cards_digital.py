"""A digital table's printed table card (issue 32): not the paper sheet's QR code («Inquadra
il codice per inserire lo score»), which leads to no sheet its players fill, but each seat's
own QR code and link to its phone page (what ``arbitro digital links`` prints), named by its
seat, and the sentence that each player scans their own seat's code; a paper table's card
of the same round is unchanged (FIBAS art. 4: the table's lines; art. 7: no time printed).
The desk's printout and ``arbitro print table-cards`` carry the same links."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from tests.printouts.pdfcheck import pdf_text, qr_matrix, render_pages
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.ids import CodeId, GameId
from arbitro.printouts.table_cards import seat_qr_boxes, table_card_qr, table_cards_pdf
from arbitro.services.digital_rounds import DigitalRounds
from arbitro.services.events import EventService
from arbitro.services.registering import Register
from arbitro.store import RecordStore
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.web.base_url import table_url_at
from arbitro.web.digital_table import seat_path
from arbitro.web.seat_links import round_seat_links

SECRET = b"k" * 32
BASE = "http://sala.local:8000"


def _event(db: Path, opened: bool = True) -> EventService:
    """6 pairs at 3 tables, table 2 on the phones (opened at publication unless not
    ``opened``: then chosen digital, the seating not yet published)."""
    svc = EventService(RecordStore.open(f"sqlite:///{db}"))
    config = EventConfig(
        "Serata ibrida", EventFormat.PAIRS, 1, (2,), (Movement.REGISTRATION_ORDER,)
    )
    svc.create_event("h", config)
    for i in range(1, 7):
        svc.run("h", Register(f"Coppia {i}"))
    rounds = DigitalRounds(svc, random.Random(2))
    rounds.choose("h", 1, "mixed", tables=(2,))
    svc.seat("h", 1, publish=opened)
    if opened:
        assert rounds.open_round("h", 1) == [2]
    return svc


def _urls(state: EventState) -> dict[int, str]:
    return {t: table_url_at(BASE, SECRET, "h", t, 1) for t in (1, 2, 3)}


def _links(table: int, seats: str) -> dict[str, str]:
    return {s: BASE + seat_path(SECRET, "h", table, 1, s) for s in seats}


def _modules(url: str) -> list[list[bool]]:
    widget = table_card_qr(url)
    widget.qr.make()
    return [[bool(m) for m in row] for row in widget.qr.modules]


def _cards(text: str) -> list[str]:
    """The cards' texts (one card per half page: split at each card's heading)."""
    return [" ".join(part.split()) for part in re.split(r"Serata ibrida", text)[1:]]


def test_a_digital_tables_card_carries_its_seats_links(tmp_path: Path) -> None:
    """Table 2 (digital): «TAVOLO DIGITALE», the seats Nord, Est, Sud, Ovest, each QR code
    printed is exactly its seat's link (read back from the page's pixels) and a link of the
    PDF; no score-entry sentence, URL nor line code. Tables 1 and 3 (paper): as before."""
    state = _event(tmp_path / "h.sqlite3").state("h")
    seats = round_seat_links(SECRET, BASE, state, "h", 1)
    assert seats == {2: _links(2, "NESW")}  # what `arbitro digital links` gives
    pdf = table_cards_pdf(state, 1, _urls(state), seat_urls=seats)

    text = pdf_text(pdf, tmp_path)
    paper1, digital, paper3 = _cards(text)
    assert "TAVOLO DIGITALE" in digital
    assert "ogni giocatore inquadra con il proprio telefono il codice del proprio posto" in digital
    for name in ("Nord", "Est", "Sud", "Ovest"):
        assert name in digital
    assert "inserire lo score" not in digital and "/t/" not in digital
    assert "Codice" not in digital  # its sheet is signed on the seats' phones
    for paper in (paper1, paper3):
        assert "TAVOLO DIGITALE" not in paper
        assert "Inquadra il codice per inserire lo score dal telefono" in paper

    annotated = re.findall(rb"/URI \(([^)]*)\)", pdf)
    assert [u.decode() for u in annotated] == list(seats[2].values())

    png = render_pages(pdf, tmp_path, "cards", dpi=150, last=1)[0]
    boxes = seat_qr_boxes(1, 4)  # table 2 is the page's second card
    for (seat, url), box in zip(seats[2].items(), boxes, strict=True):
        want = _modules(url)
        assert qr_matrix(png, box, 150, len(want)) == want, seat


def test_the_card_speaks_english_too(tmp_path: Path) -> None:
    state = _event(tmp_path / "h.sqlite3").state("h")
    seats = round_seat_links(SECRET, BASE, state, "h", 1)
    text = pdf_text(table_cards_pdf(state, 1, _urls(state), lang="en", seat_urls=seats), tmp_path)
    digital = _cards(text)[1]
    assert "DIGITAL TABLE" in digital
    assert "each player scans their own seat's code with their own phone" in digital
    assert all(name in digital for name in ("North", "East", "South", "West"))


def test_a_table_chosen_digital_not_yet_opened_gets_its_seats(tmp_path: Path) -> None:
    """The cards are printed before the seating is published (the tables open then): the
    table chosen digital already gets its seats' links."""
    state = _event(tmp_path / "h.sqlite3", opened=False).state("h")
    assert state.digital == {}
    assert round_seat_links(SECRET, BASE, state, "h", 1) == {2: _links(2, "NESW")}


def test_a_paper_round_has_no_seat_links(tmp_path: Path) -> None:
    svc = _event(tmp_path / "h.sqlite3", opened=False)
    DigitalRounds(svc).choose("h", 1, "paper")
    assert round_seat_links(SECRET, BASE, svc.state("h"), "h", 1) == {}


def test_a_scala40_table_of_three_has_three_seats(tmp_path: Path) -> None:
    """Scala 40 (art. 26): 7 players, a table of four and one of three, both digital; the
    table of three has seats N, E, S (West the empty seat), each named by its player."""
    svc = EventService(RecordStore.open(f"sqlite:///{tmp_path / 's.sqlite3'}"))
    svc.create_event(
        "s",
        EventConfig(
            name="Scala 40 ibrida",
            event_format=EventFormat.INDIVIDUAL,
            rounds=1,
            deals=(3,),
            movements=(Movement.REGISTRATION_ORDER,),
            code=CodeId.SCALA40,
            game=GameId.SCALA40,
        ),
    )
    for i in range(1, 8):
        svc.run("s", Register(f"Giocatore {i}", []))
    DigitalRounds(svc, random.Random(3)).choose("s", 1, "digital")
    svc.seat("s", 1)
    state = svc.state("s")
    seating = state.round(1).seating
    assert seating is not None
    sizes = {t.table: len(t.players or ()) for t in seating.tables}
    three = next(t for t, n in sizes.items() if n == 3)
    links = round_seat_links(SECRET, BASE, state, "s", 1)
    assert list(links[three]) == ["N", "E", "S"]
    urls = {t: table_url_at(BASE, SECRET, "s", t, 1) for t in sizes}
    text = pdf_text(table_cards_pdf(state, 1, urls, seat_urls=links), tmp_path)
    assert text.count("TAVOLO DIGITALE") == 2
    assert "Giocatore" in text and "Ovest" in text  # the table of four's West


@pytest.mark.parametrize("lang", ["it", "en"])
def test_print_table_cards_from_the_terminal(tmp_path: Path, lang: str) -> None:
    """``arbitro print table-cards``: the digital table's card carries its seats' links at
    the address given, signed with the installation's secret, as ``digital links`` gives."""
    db = tmp_path / "h.sqlite3"
    _event(db)
    out = tmp_path / "cards.pdf"
    url = f"sqlite:///{db}"
    runner = CliRunner()
    printed = runner.invoke(
        app,
        ["--db", url, "--lang", lang, "print", "table-cards", "h", "1", "-o", str(out),
         "--base-url", BASE],
    )  # fmt: skip
    assert printed.exit_code == 0, printed.output
    links = runner.invoke(
        app, ["--db", url, "digital", "links", "h", "1", "2", "--base-url", BASE, "--json"]
    )
    assert links.exit_code == 0, links.output
    wanted = list(json.loads(links.stdout).values())
    pdf = out.read_bytes()
    assert [u.decode() for u in re.findall(rb"/URI \(([^)]*)\)", pdf)] == wanted
    text = " ".join(pdf_text(pdf, tmp_path).split())
    assert ("TAVOLO DIGITALE" if lang == "it" else "DIGITAL TABLE") in text
