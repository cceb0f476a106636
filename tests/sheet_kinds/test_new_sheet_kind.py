"""A new kind of score sheet plugs in through one registry and one protocol (issue 30): the
sheet of each line's total per deal (``totals_sheet.py``, this folder only) is registered by
``registered_sheet_kind`` and read by the same edge functions as Burraco's and Scala 40's
sheets: a phone's and the desk's form, the terminal's options, the API's JSON, a printed
grid. No file of arbitro names it. (Here the edges meet it on a Burraco event's seating,
FIBAS art. 19-20, whose lines sign any sheet of two lines; whole events of a game that plays
it, with a code of its own, are ``tests/plugins/fake_grid/``.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.printouts.pdfcheck import in_memory_event, pdf_text
from tests.sheet_kinds.totals_sheet import TotalsEntry, TotalsSheet

from arbitro.cli.rounds import sheet_entry
from arbitro.codes.ids import GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.codes.scala40_sheet_kind import INDIVIDUALS_TEXTS, IndividualsSheet
from arbitro.errors import ArbitroError
from arbitro.printouts.score_sheets import sheets_pdf
from arbitro.tournament.event import EventState
from arbitro.tournament.model import TableSeating
from arbitro.tournament.scoring.sheet import SheetEntry
from arbitro.tournament.sheets import (
    PHONE,
    SheetKind,
    desk_fields,
    registered_sheet_kind,
    sheet_kind,
)
from arbitro.tournament.sheets.kind import LINES_TEXTS
from arbitro.tournament.sheets.lines import LinesSheet
from arbitro.web.api import api_sheet_entry
from arbitro.web.sheet_form import form_values, read_sheet_form, template
from arbitro.web.table import NotAtTable, TableView, _check_line_at_table

GAME = "totali"
ENTRY = TotalsEntry(((120, 80), (30, 200)))

# The seam between a game's sheet and the event, checked by mypy: each kind is a SheetKind of
# its own entry (a kind of another entry type is refused by the type checker).
TYPED: tuple[SheetKind[TotalsEntry], SheetKind[SheetEntry], SheetKind[Scala40Entry]] = (
    TotalsSheet(GAME),
    LinesSheet(GameId.BURRACO),
    IndividualsSheet(GameId.SCALA40),
)


@pytest.fixture
def kind() -> Any:
    with registered_sheet_kind(GAME, TotalsSheet) as made:
        yield made


@pytest.fixture(scope="module")
def pairs() -> EventState:
    """Eight pairs seated at four tables, round 1 of 2 deals (FIBAS art. 4)."""
    return in_memory_event([f"Coppia {i}" for i in range(1, 9)])


def table(state: EventState) -> TableSeating:
    seating = state.round(1).seating
    assert seating is not None
    return seating.tables[0]


def test_the_kind_is_registered_for_its_game_and_only_while_registered() -> None:
    """``registered_sheet_kind`` makes the game's events score with the kind, and leaves the
    registry as it was."""
    with registered_sheet_kind(GAME, TotalsSheet) as made:
        assert sheet_kind(GAME) is made and made.game == GAME
        assert isinstance(made, TotalsSheet)
    with pytest.raises(ArbitroError):
        sheet_kind(GAME)
    assert isinstance(sheet_kind("burraco"), LinesSheet)


def test_a_phone_and_the_desk_read_its_form(kind: Any, pairs: EventState) -> None:
    """The phones' and the desk's forms (their own input names) read back the same entry,
    through the web's one reader; a blank is counted, a word is refused next to its input."""
    seat = table(pairs)
    for fields in (PHONE, desk_fields("e_"), desk_fields("c_")):
        values = form_values(kind, ENTRY, fields)
        parsed = read_sheet_form(kind, pairs, 1, seat, values, "it", fields)
        assert parsed.entry == ENTRY and not parsed.errors, fields
    values = form_values(kind, ENTRY, PHONE)
    assert values["o2_ew_total"] == "200"
    half = read_sheet_form(kind, pairs, 1, seat, {**values, "o2_ew_total": ""}, "it")
    assert half.entry is None and half.blanks == 1 and half.first_blank == "o2_ew_total"
    wrong = read_sheet_form(kind, pairs, 1, seat, {**values, "o1_ns_total": "tanti"}, "en")
    assert wrong.entry is None and "tanti" in wrong.errors["o1_ns_total"]
    assert template(kind, "phone.html") == "sheets/totals/phone.html"


def test_the_terminal_reads_its_sheet(kind: Any, pairs: EventState) -> None:
    """``arbitro sheet``'s ``--deal`` options, read by the kind through the CLI's reader."""
    entry = sheet_entry(kind, table(pairs), pairs.code, deal=["120,80", "30,200"])
    assert entry == ENTRY
    with pytest.raises(ArbitroError):
        sheet_entry(kind, table(pairs), pairs.code, deal=["120,ottanta"])


def test_the_api_reads_its_sheet_and_refuses_a_malformed_one_422(kind: Any) -> None:
    """The API's sheet in the kind's JSON form; a malformed one is 422, as any bad body."""
    assert api_sheet_entry(kind, {"totals": [[120, 80], [30, 200]]}) == ENTRY
    with pytest.raises(ArbitroError) as refused:
        api_sheet_entry(kind, {"deals": [[120, 80]]})
    assert getattr(refused.value, "status", None) == 422


def test_its_sheets_are_printed_as_a_grid_of_its_layout(
    kind: Any, pairs: EventState, tmp_path: Path
) -> None:
    """The printed sheets of the round: per table the kind's columns (each line's names),
    a row per deal, the signatures (the printouts' own grid, chosen by ``kind.printed``)."""
    seat = table(pairs)
    text = pdf_text(sheets_pdf(pairs, kind, 1, lang="en"), tmp_path)
    names = [pairs.competitor(c).name for c in (*(seat.ns or ()), *(seat.ew or ()))]
    assert all(name in text for name in names)
    assert "Deal" in text and "Signature" in text
    assert text.count("round 1, table") == len(pairs.round(1).seating.tables)  # type: ignore[union-attr]
    laid = kind.layout(seat, ENTRY)
    assert laid.rows == (("1", "120", "80"), ("2", "30", "200"))


def test_the_phone_refuses_a_signer_in_the_kind_s_words(
    pairs: EventState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The phone's refusal of a signer not at its table is the kind's text (issue 30: the edges
    ask the kind, never which kind it is); Burraco's lines are told to choose N-S or E-W
    (FIBAS art. 20: the two lines sign), a kind of its own says what it says."""
    seat = table(pairs)

    def refusal() -> str:
        view = TableView("token", "e", seat.table, pairs, 1, seat, "99")
        with pytest.raises(NotAtTable) as refused:
            _check_line_at_table(view)
        return refused.value.en

    assert "choose N-S or E-W" in refusal()
    # A kind of its own (here one whose signers are named players) says its own words.
    own = replace(LINES_TEXTS, not_at_table=INDIVIDUALS_TEXTS.not_at_table)
    monkeypatch.setattr(pairs, "_sheet_kind", TotalsSheet(GAME, texts=own))
    assert refusal().startswith(f"player «99» does not sit at table {seat.table} in this round")
