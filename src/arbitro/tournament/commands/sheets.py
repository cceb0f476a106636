"""Score sheets: entry and confirmation by both lines (FIBAS art. 19-20), conflicts, and the
corrections of art. 21 (Scala 40 art. 24, Parole 12.2) — for every game through the event's
:class:`~arbitro.tournament.sheets.SheetKind`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from arbitro.errors import ArbitroError, ConflictError, NotFoundError
from arbitro.i18n import N_
from arbitro.tournament.commands.common import (
    make_record,
    need_reason,
    playing_round_table,
    playing_table,
)
from arbitro.tournament.event import EventState, TableSheet
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.records import Record, SheetCorrected, SheetEntered

LINES = ("ns", "ew")


def check_entry(state: EventState, round_number: int, table: int, entry: Any) -> None:
    """Refuse an impossible sheet for that table (FIBAS art. 19; Scala 40 art. 22-23: the
    table's players, the round's deals, whole non-negative points)."""
    seat = playing_table(state, round_number, table)
    state.sheet_kind.check(state.sheet_context(round_number, seat), entry)


def enter_sheet(
    state: EventState,
    round_number: int,
    table: int,
    entry: Any,
    now: datetime,
    actor: str = "director",
    line: str | None = None,
    device: str | None = None,
    source: str | None = None,
) -> Record:
    """Enter a table's sheet (art. 19-20). ``line`` ("ns"/"ew", or a player's number at a
    table of individuals) when it is submitted from the table: the sheet is confirmed when
    every signer submitted the same numbers, as all sign the paper sheet (art. 20); without
    ``line`` the director transcribes the signed sheet. A different entry is kept as a
    conflict for the director, never an overwrite.

    From the table (``line``), as on paper each line signs once: the ``device`` that signed
    for a line is bound to it for the round and cannot sign for another; a line that already
    signed, or a sheet every line signed, is closed to the phones (changes go through the
    director, art. 21). ``source``: the keyed hash of the phone's address and browser
    (issue 29: two lines signed from one phone are flagged to the director)."""
    decide_sheet(state, round_number, table, entry, line, device)
    body = SheetEntered(round_number, table, state.sheet_kind.payload(entry), line, device, source)
    return make_record(body, now, actor)


def decide_sheet(
    state: EventState,
    round_number: int,
    table: int,
    entry: Any,
    line: str | None = None,
    device: str | None = None,
) -> None:
    """What :func:`enter_sheet` refuses, without making its record: the log check of an
    imported file decides each sheet again and has the record already."""
    rnd = state.rounds.get(round_number)  # playing_round_table's finding, at a glance
    seat = None
    if rnd is not None and rnd.seating is not None and rnd.seating_published_at is not None:
        seat = rnd.seating.table(table)
    if rnd is None or seat is None or seat.is_incomplete:  # it refuses, naming why
        rnd, seat = playing_round_table(state, round_number, table)
    kind = state.sheet_kind
    if line is not None:
        signers = kind.signers(seat)
        if line not in signers:
            raise ArbitroError(
                "unknown line «{line}» ({lines})", line=line, lines=", ".join(signers)
            )
    sheet = rnd.sheets.get(table)
    if line is not None and sheet is not None:
        bound = sheet.devices.get(device) if device else None
        if bound is not None and bound != line:
            raise ConflictError(
                "this phone already signed table {table}'s sheet for {bound}: the other line "
                "signs with its own phone",
                table=table,
                bound=bound,
                article=state.code.cite("sheet_signed"),
            )
        if (
            sheet.confirmed
            or line in sheet.confirmed_by
            or any(v.line == line for v in sheet.conflicts)
        ):
            if bound == line and signed_the_same(state, sheet, line, entry):
                raise SignedAlready(
                    "table {table}'s sheet is already signed by this line with these numbers",
                    table=table,
                    article=state.code.cite("sheet_signed"),
                )
            if sheet.may_resign(line, device):  # issue 29: the line's own phone after another
                return _decide_entry(
                    state, round_number, rnd.standings_published_at, seat, entry, line
                )
            raise ConflictError(
                "table {table}'s sheet is already signed by this line: changes go through the "
                "director",
                table=table,
                article=state.code.cite("corrections"),
            )
    _decide_entry(state, round_number, rnd.standings_published_at, seat, entry, line)


def _decide_entry(
    state: EventState,
    round_number: int,
    standings_at: datetime | None,
    seat: TableSeating,
    entry: Any,
    line: str | None,
) -> None:
    """The entry's own checks: its round still open to the tables (art. 21), the numbers
    possible at that table (art. 19), an abandon recorded (Scala 40 art. 25)."""
    if standings_at is not None:
        raise ArbitroError(
            "round {round}'s standings are published: the sheet can only be corrected",
            round=round_number,
            article=state.code.cite("corrections"),
        )
    # check_entry's check, on the seat already found
    kind = state.sheet_kind
    kind.check(state.sheet_context(round_number, seat), entry)
    if state.abandons and kind.individual_tables:
        _check_departed(state, round_number, seat, entry, line)


def _check_departed(
    state: EventState, round_number: int, seat: TableSeating, entry: Any, line: str | None
) -> None:
    """A player who abandoned in the round (Scala 40 art. 25) neither signs the sheet nor is
    scored on it as present: the sheet records the abandon (his column closed)."""
    gone = [c for c in seat.players or () if (round_number, c) in state.abandons]
    if not gone:
        return
    name = state.competitor(gone[0]).name
    if line is not None and line in {str(c) for c in gone}:
        raise ConflictError(
            "{player} abandoned the event in this round: the other players sign the sheet",
            player=name,
            article=state.code.cite("abandon"),
        )
    recorded = state.sheet_kind.abandoned(entry)
    if any(c not in recorded for c in gone):
        raise ArbitroError(
            "{player} abandoned the event in this round: the sheet must record the abandon",
            player=name,
            article=state.code.cite("abandon"),
        )


class SignedAlready(ConflictError):
    """The phone that signed a line sends the same numbers again (a resend after a lost
    answer): nothing to record, the signature stands (FIBAS art. 20)."""


def signed_the_same(state: EventState, sheet: TableSheet, line: str, entry: Any) -> bool:
    """True when ``line``'s latest signature of ``sheet`` carries the numbers of ``entry``."""
    mine = [v for v in sheet.history if v.line == line]
    payload = state.sheet_kind.payload
    return bool(mine) and payload(mine[-1].entry) == payload(entry)


def confirm_sheet(
    state: EventState, round_number: int, table: int, now: datetime, actor: str = "director"
) -> Record:
    """The director confirms a sheet submitted by one line only (e.g. after seeing the paper
    sheet signed by both): the accepted numbers, entered again by the director (FIBAS art.
    19). A sheet in conflict (the lines sent different numbers, art. 20) is refused, a
    :class:`ConflictError` (the request contradicts what is recorded) keyed
    :data:`CONFIRM_CONFLICT`: confirming would not settle it (no version is in force); the
    right numbers are recorded as a correction of the conflict (art. 21)."""
    sheet = state.round(round_number).sheets.get(table)
    if sheet is None or sheet.accepted is None:
        raise ArbitroError("table {table}: no sheet to confirm", table=table)
    if sheet.conflicts:
        raise ConflictError(
            "table {table}'s sheet is in conflict: confirming does not settle it; record "
            "the right numbers as a correction of the conflict",
            table=table,
            key=CONFIRM_CONFLICT,
            article=state.code.cite_if("sheet_signed"),
        )
    entry = sheet.entry_as_of(round_number)
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


CORRECTION_KINDS = ("sum", "inverted", "conflict", "arbiter")

# The keys of a correction's refusals that something is missing (ArbitroError.key): the
# terminal names the option that gives it, the desk's form has the field.
CORRECTION_ENTRY = "correction.entry"
CORRECTION_BY_ARBITER = "correction.by_arbiter"
CORRECTION_TABLE_AGREES = "correction.table_agrees"
CORRECTION_NO_CONFLICT = "correction.no_conflict"
CONFIRM_CONFLICT = "confirm.conflict"
"""The key of the refusal to confirm a sheet in conflict: the terminal names the command
that settles it, the desk its button."""


def correct_sheet(
    state: EventState,
    round_number: int,
    table: int,
    now: datetime,
    *,
    kind: str,
    reason: str | None,
    entry: Any = None,
    table_agrees: bool = False,
    by_arbiter: bool = False,
    swap: Sequence[CompetitorId] | None = None,
    actor: str = "director",
    complaint: int | None = None,
) -> Record:
    """Correct a sheet by art. 21, as a new record with who, when and why:

    - ``sum``: an evident sum error, only before the round's standings and the next seating
      are published;
    - ``inverted``: scores written on the wrong lines, when the whole table agrees, even after
      the standings and the next seating; a seating already published stands (art. 21 b);
    - ``conflict``: the director settles two different entries of the same sheet;
    - ``arbiter``: during the last round only the arbiter corrects, signing the sheet.

    The round the correction counts from is :func:`correction_round`: the round's own
    standings while they are not final (art. 39) or the next seating is not posted (art. 21
    a), else a later round's (art. 21 "ripristino nel corso del turno successivo").
    ``complaint``: the open complaint about this round (art. 39) the correction answers.

    Scala 40 (art. 24) follows the same rules: ``sum`` is its calculation error, ``inverted``
    exchanges the points of the two players named by ``swap``.
    """
    playing_table(state, round_number, table)
    article = state.code.cite("corrections")
    reason = need_reason(reason, N_("correction"), article=article)
    if kind not in CORRECTION_KINDS:
        raise ArbitroError(
            "unknown correction kind «{kind}» ({kinds})",
            kind=kind,
            kinds=", ".join(CORRECTION_KINDS),
            article=article,
        )
    r = state.round(round_number)
    if complaint is not None and complaint not in r.open_complaints:
        raise NotFoundError(
            "complaint {complaint} is not open",
            complaint=complaint,
            article=state.code.cite_if("complaint_decision"),
        )
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
            "during the last round only the arbiter corrects a sheet, signing it: mark the "
            "correction as signed by the arbiter",
            article=state.code.cite("corrections_last_round"),
            key=CORRECTION_BY_ARBITER,
        )
    if kind == "inverted":
        if current is None:
            raise ArbitroError("no sheet to correct", article=article)
        if not table_agrees:
            raise ArbitroError(
                "inverted scores are corrected only when the whole table acknowledges the "
                "mistake: record that the table agrees",
                article=article,
                key=CORRECTION_TABLE_AGREES,
            )
        try:
            entry = state.sheet_kind.inverted(current, swap)
        except ArbitroError as exc:  # e.g. Scala 40: which two players (art. 24)
            exc.article = exc.article or article
            raise
    elif entry is None:
        raise ArbitroError(
            "the corrected sheet is missing: write the sheet as it should read",
            article=article,
            key=CORRECTION_ENTRY,
        )
    if kind == "sum" and closed:
        raise ArbitroError(
            "a sum error is corrected only before the round's standings and the next seating "
            "are published: the sheet stands",
            article=article,
        )
    if kind == "conflict" and (sheet is None or not sheet.conflicts):
        raise ArbitroError(
            "no conflict to settle: the sheet has no two different entries; choose another "
            "kind of correction",
            article=article,
            key=CORRECTION_NO_CONFLICT,
        )
    if kind == "arbiter" and not by_arbiter:
        raise ArbitroError(
            "the arbiter's correction is signed by the arbiter: mark it as signed by the arbiter",
            article=state.code.cite("corrections_last_round"),
            key=CORRECTION_BY_ARBITER,
        )
    check_entry(state, round_number, table, entry)
    body = SheetCorrected(
        round_number,
        table,
        state.sheet_kind.payload(entry),
        kind,
        correction_round(state, round_number, now),
        table_agrees,
        by_arbiter,
        complaint,
    )
    return make_record(body, now, actor, reason)


def correction_round(state: EventState, round_number: int, now: datetime) -> int:
    """The round from whose standings a correction of round ``round_number``'s sheet counts
    (FIBAS art. 21, 39; Scala 40 art. 24; Parole 12.2). The round itself while its standings
    are not final — not yet published, within the complaints window, or with a complaint
    open (art. 39) — even if the next seating is already posted (it stands, art. 21 b); and
    while the next round's seating is not posted, final or not (art. 21 a: "attuerà la
    correzione se non è stata affissa la posizione ai tavoli"; a seating drawn on the old
    standings is then stale). Otherwise the first later round for which the same holds
    ("il ripristino nel corso del turno successivo", art. 21 c), the last round at the
    latest."""
    last = state.config.rounds
    for n in range(round_number, last + 1):
        if not state.standings_final(n, now):
            return n
        if n < last and state.round(n + 1).seating_published_at is None:
            return n
    return last
