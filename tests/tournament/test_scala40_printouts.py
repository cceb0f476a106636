"""Scala 40's printouts (seed 004): a table seats four players who enter one by one (art. 2
"Ad ogni tavolo siedono quattro giocatori"; "Ogni giocatore si iscrive personalmente"), three
at a table of three (art. 25, 26). The table card and the posted seating name the players by
seat; never a pair's "Nord-Sud"/"Est-Ovest" line nor "Riposo"."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime
from pathlib import Path

from tests.printouts.pdfcheck import pdf_text

from arbitro.codes.ids import CodeId, GameId
from arbitro.codes.scala40_sheet import Scala40Entry
from arbitro.printouts import seating_pdf, table_cards_pdf
from arbitro.printouts.standings import standings_pdf
from arbitro.tournament import commands
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.model import EventFormat, Movement
from arbitro.tournament.records import Record

NAMES = [f"Giocatore {n}" for n in "ABCDEFGHIJK"]  # 11 players: tables of 4, 4 and 3


def scala40_state(players: int = 11, *, play: bool = False) -> EventState:
    """A Scala 40 evening of individuals, round 1 seated in registration order (and played,
    one closer at 0 each deal, if ``play``)."""
    now = datetime(2026, 12, 1, 20, 30, tzinfo=UTC)
    config = EventConfig(
        "Scala 40 del martedì",
        EventFormat.INDIVIDUAL,
        2,
        (5, 5),
        (Movement.REGISTRATION_ORDER, Movement.DANISH),
        code=CodeId.SCALA40,
        game=GameId.SCALA40,
    )
    log: list[Record] = [dataclasses.replace(commands.create_event(config, now), seq=1)]
    state = EventState.replay("scala", log)

    def do(made: Record | list[Record]) -> None:
        for rec in made if isinstance(made, list) else [made]:
            rec = dataclasses.replace(rec, seq=len(log) + 1)
            log.append(rec)
            state.apply(rec)

    for name in NAMES[:players]:
        do(commands.register(state, name, [], now))
    do(commands.seat(state, 1, now))
    do(commands.publish_seating(state, 1, now))
    seating = state.round(1).seating
    assert seating is not None
    for t in seating.tables if play else ():
        seated = t.players or ()
        rows = tuple(
            tuple(0 if k == d else 10 + 5 * k for k in range(len(seated))) for d in range(5)
        )
        do(commands.enter_sheet(state, 1, t.table, Scala40Entry(seated, rows), now))
    return state


def test_table_card_names_the_four_players_by_seat_art_2(tmp_path: Path) -> None:
    """Art. 2: four players at a table, three at the table of three (art. 25): each card names
    its players by seat, with no N-S/E-O line and no "Riposo"."""
    state = scala40_state()
    seating = state.round(1).seating
    assert seating is not None
    urls = {t.table: f"https://gare.example.it/t/scala/{t.table}?k=x" for t in seating.tables}
    text = pdf_text(table_cards_pdf(state, 1, urls), tmp_path)
    for bad in ("Nord-Sud", "Est-Ovest", "Riposo"):
        assert bad not in text
    cards = [c for page in text.split("\f") for c in page.split("- - -") if c.strip()]
    for table in seating.tables:
        assert table.players is not None
        for seat, number in enumerate(table.players, start=1):
            assert f"{state.competitor(number).name} ({number})" in text
            assert f"Posto {seat}" in text
    assert len(cards) >= 2
    assert [len(t.players or ()) for t in seating.tables] == [4, 4, 3]


def test_seating_lists_players_by_seat_art_2(tmp_path: Path) -> None:
    """Art. 2: the posted seating lists each table's players by seat and each player's table
    and seat by name; no pairs' lines, no "Riposo" (art. 25: a table of three plays)."""
    state = scala40_state()
    seating = state.round(1).seating
    assert seating is not None
    text = pdf_text(seating_pdf(state, 1), tmp_path)
    for bad in ("Nord-Sud", "Est-Ovest", "Riposo", "N-S", "E-O"):
        assert bad not in text
    by_table, by_name = text.split("\f")[:2]
    assert "Posto 1" in by_table and "Posto 4" in by_table
    for table in seating.tables:
        assert table.players is not None
        row = next(
            line for line in by_table.splitlines() if line.strip().startswith(str(table.table))
        )
        assert f"({table.players[0]})" in row
    # By name: "Giocatore C  3  1  Posto 3" (registration order seats C third at table 1).
    line_c = next(line for line in by_name.splitlines() if "Giocatore C" in line)
    assert line_c.split()[-2:] == ["Posto", "3"]


def test_standings_pdf_has_the_scala40_columns_and_the_table_of_three_art_22_26(
    tmp_path: Path,
) -> None:
    """Art. 22: V.P. then negative points; no warnings, penalties or lateness columns (the
    code has none, arts. 10-17); art. 26: the table of three is explained under the table."""
    state = scala40_state(play=True)
    text = pdf_text(standings_pdf(state, 1, final=False), tmp_path)
    assert "Punti negativi" in text
    for fibas in ("Amm.", "Pen.", "Ritardo", "ammonizioni"):
        assert fibas not in text, fibas
    assert "Tavoli da tre (turno/tavolo 1/3)" in re.sub(r"\s+", " ", text)
