"""Score sheets: entry and confirmation by both lines (art. 19-20), conflicts, and the
corrections of art. 21."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.tournament.commands.common import (
    make_record,
    need_reason,
    playing_table,
)
from arbitro.tournament.event import AnyEntry, EventState
from arbitro.tournament.model import CompetitorId, EventFormat
from arbitro.tournament.records import Record, RecordKind
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry, check_sheet

LINES = ("ns", "ew")


def check_entry(state: EventState, round_number: int, table: int, entry: AnyEntry) -> None:
    """Refuse an impossible sheet for that table (FIBAS art. 19; Scala 40 art. 22-23: the
    table's players, the round's deals, whole non-negative points)."""
    seat = playing_table(state, round_number, table)
    deals = state.deals(round_number)
    if isinstance(entry, Scala40Entry):
        if seat.players is None or sorted(entry.players) != sorted(seat.players):
            raise ArbitroError(
                f"tavolo {table}: lo score deve avere i giocatori del tavolo {seat.players}",
                f"table {table}: the sheet must have the table's players {seat.players}",
                article="23",
            )
        if len(entry.deals) != deals:
            raise ArbitroError(
                f"lo score ha {len(entry.deals)} smazzate, il turno ne prevede {deals}",
                f"the sheet has {len(entry.deals)} deals, the round has {deals}",
                article="22",
            )
        entry.sheet()
        return
    if seat.players is not None:
        raise ArbitroError(
            "tavolo di giocatori singoli: lo score riporta i punti negativi di ciascuno",
            "a table of individuals: the sheet holds each player's negative points",
            article="22",
        )
    check_sheet(
        state.code, entry, deals=deals, teams=state.config.event_format is EventFormat.TEAMS
    )


def enter_sheet(
    state: EventState,
    round_number: int,
    table: int,
    entry: AnyEntry,
    now: datetime,
    actor: str = "director",
    line: str | None = None,
) -> Record:
    """Enter a table's sheet (art. 19-20). ``line`` ("ns"/"ew") when a line submits it from
    the table: the sheet is confirmed when both lines submitted the same numbers, as both sign
    the paper sheet (art. 20); without ``line`` the director transcribes the signed sheet. The
    same numbers again are harmless; a different entry is kept as a conflict for the director,
    never an overwrite."""
    seat = playing_table(state, round_number, table)
    signers = LINES if seat.players is None else tuple(str(p) for p in seat.players)
    if line is not None and line not in signers:
        raise ArbitroError(
            f"linea «{line}» sconosciuta ({', '.join(signers)})",
            f"unknown line «{line}» ({', '.join(signers)})",
        )
    if state.round(round_number).standings_published_at is not None:
        raise ArbitroError(
            f"la classifica del turno {round_number} è pubblicata: lo score si può solo correggere",
            f"round {round_number}'s standings are published: the sheet can only be corrected",
            article="21",
        )
    check_entry(state, round_number, table, entry)
    payload: dict[str, Any] = {"round": round_number, "table": table, "entry": entry.to_payload()}
    if line is not None:
        payload["line"] = line
    return make_record(RecordKind.SHEET_ENTERED, payload, now, actor)


def confirm_sheet(
    state: EventState, round_number: int, table: int, now: datetime, actor: str = "director"
) -> Record:
    """The director confirms a sheet submitted by one line only (e.g. after seeing the paper
    sheet signed by both): the accepted numbers, entered again by the director."""
    sheet = state.round(round_number).sheets.get(table)
    if sheet is None or sheet.accepted is None:
        raise ArbitroError(
            f"tavolo {table}: nessuno score da confermare", f"table {table}: no sheet to confirm"
        )
    entry = sheet.entry_as_of(round_number)
    assert entry is not None
    return enter_sheet(state, round_number, table, entry, now, actor)


def sheet_status(state: EventState, round_number: int, table: int) -> str:
    """A table's sheet: ``missing``; ``pending`` (one line only submitted it); ``confirmed``
    (both lines, or the director); ``conflict`` (different entries); ``rest`` for a resting
    table."""
    r = state.round(round_number)
    t = r.seating.table(table) if r.seating else None
    if t is not None and t.is_incomplete:
        return "rest"
    sheet = r.sheets.get(table)
    if sheet is None or sheet.accepted is None:
        return "missing"
    if sheet.conflicts:
        return "conflict"
    return "confirmed" if sheet.confirmed else "pending"


def _inverted(entry: SheetEntry) -> SheetEntry:
    def swap(deals: tuple[DealScore, ...]) -> tuple[DealScore, ...]:
        return tuple(DealScore(d.ew, d.ns) for d in deals)

    return SheetEntry(
        swap(entry.deals), None if entry.closed_room is None else swap(entry.closed_room)
    )


CORRECTION_KINDS = ("sum", "inverted", "conflict", "arbiter")


def correct_sheet(
    state: EventState,
    round_number: int,
    table: int,
    now: datetime,
    *,
    kind: str,
    reason: str | None,
    entry: AnyEntry | None = None,
    table_agrees: bool = False,
    by_arbiter: bool = False,
    swap: tuple[CompetitorId, CompetitorId] | None = None,
    actor: str = "director",
) -> Record:
    """Correct a sheet by art. 21, as a new record with who, when and why:

    - ``sum``: an evident sum error, only before the round's standings and the next seating
      are published;
    - ``inverted``: scores written on the wrong lines, when the whole table agrees, even later;
      if the round's standings or the next seating are already published the result changes
      from the next round on and the seating stands;
    - ``conflict``: the director settles two different entries of the same sheet;
    - ``arbiter``: during the last round only the arbiter corrects, signing the sheet.

    Scala 40 (art. 24) follows the same rules: ``sum`` is its calculation error, ``inverted``
    exchanges the points of the two players named by ``swap``.
    """
    playing_table(state, round_number, table)
    reason = need_reason(reason, "correzione", "correction")
    if kind not in CORRECTION_KINDS:
        raise ArbitroError(
            f"tipo di correzione «{kind}» sconosciuto ({', '.join(CORRECTION_KINDS)})",
            f"unknown correction kind «{kind}» ({', '.join(CORRECTION_KINDS)})",
            article="21",
        )
    r = state.round(round_number)
    sheet = r.sheets.get(table)
    current = sheet.entry_as_of(state.config.rounds) if sheet else None
    last = state.config.rounds
    next_published = (
        round_number < last and state.round(round_number + 1).seating_published_at is not None
    )
    closed = r.standings_published_at is not None or next_published
    in_last_round = (
        state.round(last).seating_published_at is not None
        and state.round(last).standings_published_at is None
    )
    if in_last_round and not by_arbiter and kind != "conflict":
        raise ArbitroError(
            "durante l'ultimo turno gli score si correggono solo con l'intervento dell'arbitro",
            "during the last round only the arbiter corrects sheets",
            article="21",
        )
    if kind == "inverted":
        if current is None:
            raise ArbitroError("nessuno score da correggere", "no sheet to correct", article="21")
        if not table_agrees:
            raise ArbitroError(
                "punteggi invertiti: si correggono solo se il tavolo riconosce l'errore",
                "inverted scores are corrected only when the table agrees",
                article="21",
            )
        if isinstance(current, Scala40Entry):
            if swap is None:
                raise ArbitroError(
                    "indicare i due giocatori dai punteggi invertiti",
                    "name the two players whose scores were swapped",
                    article="24",
                )
            entry = current.swapped(*swap)
        else:
            entry = _inverted(current)
    elif entry is None:
        raise ArbitroError("indicare lo score corretto", "give the corrected sheet", article="21")
    if kind == "sum" and closed:
        raise ArbitroError(
            "l'errore di somma si corregge solo prima della classifica del turno e "
            "dell'accoppiamento del successivo: lo score resta valido",
            "a sum error is corrected only before the round's standings and the next seating "
            "are published: the sheet stands",
            article="21",
        )
    if kind == "conflict" and (sheet is None or not sheet.conflicts):
        raise ArbitroError("nessun conflitto da risolvere", "no conflict to settle")
    if kind == "arbiter" and not by_arbiter:
        raise ArbitroError(
            "correzione dell'arbitro: firmata dall'arbitro",
            "arbiter's correction: the arbiter signs it",
            article="21",
        )
    check_entry(state, round_number, table, entry)
    effective = min(round_number + 1, last) if closed else round_number
    payload = {
        "round": round_number,
        "table": table,
        "entry": entry.to_payload(),
        "correction": kind,
        "effective_round": effective,
        "table_agrees": table_agrees,
        "by_arbiter": by_arbiter,
    }
    return make_record(RecordKind.SHEET_CORRECTED, payload, now, actor, reason)
