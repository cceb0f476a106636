"""An event's fold, one function per record kind, registered with the kind in
:data:`EVENT_FOLDS` together with what the kind invalidates of the memoized views
(:mod:`arbitro.tournament.event_caches`), the ledger line it makes and whether a later record
may cancel it (FIBAS arts. 4, 7, 19-22, 36-41; Scala 40 arts. 23-26; Parole arts. 2, 6, 13-14).

:meth:`arbitro.tournament.event.EventState.apply` does what every kind shares (the views
dropped as declared, the last seq, the ledger line, the round's version, a cancelled record
left out) and calls the kind's step; a kind that belongs to no event of rounds is in
:data:`REFUSED` and refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from arbitro.codes.builtin import FORMER_RULING_CODE
from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, verbatim
from arbitro.tournament.event_caches import (
    Drops,
    drops_everything,
    drops_round,
    drops_round_scores,
    drops_scores,
    keeps_scores,
)
from arbitro.tournament.event_parts import BoardCount, Competitor, Payment, RoundState
from arbitro.tournament.ledger import (
    ABANDON_SCORE_NAMES,
    WRONG_COUNT_OUTCOMES,
    LedgerEntry,
    PointsPenalty,
    Sanction,
    SanctionKind,
)
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.records import (
    AbandonRecorded,
    ArbitralScore,
    BoardChecked,
    BoardRuling,
    BracketDrawn,
    ClockCorrected,
    CompetitorCheckedIn,
    CompetitorRegistered,
    CompetitorRenamed,
    CompetitorWithdrawn,
    ComplaintLodged,
    ComplaintResolved,
    ConstraintAdded,
    EntryFeeSet,
    EventCreated,
    EventImported,
    FeePaid,
    GameEntered,
    GameResult,
    Irregularity,
    KnockoutCreated,
    LatenessRecorded,
    PenaltyGiven,
    PrizePlanRecorded,
    Record,
    RecordCancelled,
    RoundSeated,
    RoundStarted,
    RulingGiven,
    SanctionGiven,
    SeatingEdited,
    SeatingPublished,
    SheetCorrected,
    SheetEntered,
    StandingsPublished,
    TiebreaksChosen,
    WordJudged,
    fold_log_record,
    utc,
)
from arbitro.tournament.seating_edit import apply_edit
from arbitro.tournament.seating_records import seating_from_tables
from arbitro.tournament.sheets import SheetKind
from arbitro.tournament.table_sheets import (
    SheetVersion,
    TableSheet,
    sheet_version,
    signers_of,
    table_sheet,
)

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState

B = TypeVar("B")

Step = Callable[["EventState", B, Record, Any], None]
"""A kind's step: ``step(state, body, record, parsed)`` changes the state as the record says
(``parsed``: a sheet's entry as the game's kind already parsed it, or None)."""

LedgerLine = Callable[["EventState", B, Record], LedgerEntry]
"""The ledger line a kind's record makes: ``line(state, body, record)``."""


class Fold(NamedTuple, Generic[B]):
    """How one record kind folds into an event's state: its step, what it drops of the
    memoized views, its ledger line (if it makes one) and whether a later record may cancel
    it (then the record is kept in :attr:`EventState.actions`). A named tuple: the fold of
    every record unpacks it in one step (issue 14: a replay folds 24,000 records)."""

    step: Step[B]
    drops: Drops
    ledger: LedgerLine[B] | None = None
    cancellable: bool = False
    of_round: bool = False  # its body has a ``round``: its round's version moves on


EVENT_FOLDS: dict[type[Any], Fold[Any]] = {}
"""Each record kind's body class → its fold in an event of rounds."""

REFUSED: tuple[type[Any], ...] = (
    KnockoutCreated,
    BracketDrawn,
    GameResult,
    GameEntered,
    Irregularity,
)
"""The kinds of a knockout event's log: an event of rounds refuses them."""


def folds(
    kind: type[B],
    drops: Drops,
    *,
    ledger: LedgerLine[B] | None = None,
    cancellable: bool = False,
) -> Callable[[Step[B]], Step[B]]:
    """Register the decorated step as the fold of ``kind``, with what it drops of the
    memoized views, its ledger line and whether it may be cancelled."""

    def register(step: Step[B]) -> Step[B]:
        of_round = "round" in getattr(kind, "__struct_fields__", ())
        EVENT_FOLDS[kind] = Fold(step, drops, ledger, cancellable, of_round)
        return step

    return register


def fold_of(body: object) -> Fold[Any] | None:
    """The fold of a body whose class is not registered itself: its registered base class's
    (a subclass folds as its kind), or None."""
    for cls in type(body).__mro__[1:]:
        found = EVENT_FOLDS.get(cls)
        if found is not None:
            return found
    return None


def round_held(state: EventState, number: int) -> RoundState:
    """Round ``number`` of the state, made if nothing is recorded of it yet (range-checked:
    a NotFoundError for a round the event does not have)."""
    found = state.rounds.get(number)  # a round held was range-checked when it was made
    if found is not None:
        return found
    state.round(number)  # the range check
    return state.rounds.setdefault(number, RoundState(number))


# ---------------------------------------------------------------------------- the ledger
def _line(
    rec: Record,
    round_number: int,
    competitor: CompetitorId | None,
    kind: str,
    article: Citation,
    detail: Message,
) -> LedgerEntry:
    """A ledger line of ``rec``: its seq, who recorded it, when and why."""
    return LedgerEntry(
        rec.seq,
        round_number,
        competitor,
        kind,
        article,
        rec.actor,
        utc(rec.at),
        rec.reason or "",
        detail,
    )


def _lateness_line(state: EventState, b: LatenessRecorded, rec: Record) -> LedgerEntry:
    detail = msg("{minutes}:{seconds:02d} late", minutes=b.seconds // 60, seconds=b.seconds % 60)
    return _line(rec, b.round, b.competitor, "lateness", state.code.cite("lateness"), detail)


def _sanction_line(state: EventState, b: SanctionGiven, rec: Record) -> LedgerEntry:
    article = Citation(state.code.code, b.article)
    return _line(rec, b.round, b.competitor, b.sanction, article, verbatim(b.player or ""))


def _penalty_line(state: EventState, b: PenaltyGiven, rec: Record) -> LedgerEntry:
    detail = (
        msg("{player}: {mp} MP, {vp} VP", player=b.player, mp=-b.mp, vp=-b.vp)
        if b.player
        else msg("{mp} MP, {vp} VP", mp=-b.mp, vp=-b.vp)
    )
    article = Citation(state.code.code, b.article)
    return _line(rec, b.round, b.competitor, "penalty", article, detail)


def _arbitral_line(state: EventState, b: ArbitralScore, rec: Record) -> LedgerEntry:
    detail = msg("{mp} MP, {vp} VP", mp=b.mp, vp=b.vp)
    return _line(rec, b.round, b.competitor, "arbitral-score", state.code.cite("arbitral"), detail)


def _abandon_line(state: EventState, b: AbandonRecorded, rec: Record) -> LedgerEntry:
    detail = Message("justified") if b.justified else Message("unjustified")
    if state.sheet_kind.individual_tables:  # Scala 40 art. 25: scored alike
        detail = Message("the table goes on three")
    if b.score is not None:
        # The arbiter's choice (Parole art. 13.4 a-c) is the whole ruling: that code knows
        # no "justified" abandon (FIBAS art. 36 does).
        detail = ABANDON_SCORE_NAMES[b.score]
    return _line(rec, b.round, b.competitor, "abandon", state.code.cite("abandon"), detail)


def _board_ruling_line(state: EventState, b: BoardRuling, rec: Record) -> LedgerEntry:
    ruling = dict(b.ruling)
    # The code whose rule was applied: the event's own (FIBAS art. 6) or Law 13.
    article = Citation(
        CodeId(str(ruling.get("code", FORMER_RULING_CODE.value))),
        str(ruling.get("paragraph", "13")),
    )
    detail = msg(
        "board {board}, {outcome}, table {table}",
        board=ruling.get("board"),
        outcome=WRONG_COUNT_OUTCOMES.get(str(ruling.get("outcome")), ruling.get("outcome")),
        table=b.table,
    )
    return _line(rec, b.round, None, "board-ruling", article, detail)


# ---------------------------------------------------------------------------- every log
@folds(EventCreated, drops_scores)
def _created(state: EventState, b: EventCreated, rec: Record, parsed: Any) -> None:
    raise ArbitroError("event created twice")


@folds(RecordCancelled, drops_everything)
def _cancelled(state: EventState, b: RecordCancelled, rec: Record, parsed: Any) -> None:
    fold_log_record(state, rec)  # a cancellation after its target makes the state stale


@folds(EventImported, drops_scores)
def _imported(state: EventState, b: EventImported, rec: Record, parsed: Any) -> None:
    fold_log_record(state, rec)  # the records imported unverified (issue 29)


# ---------------------------------------------------------------------------- competitors
@folds(CompetitorRegistered, drops_scores)  # every score: a competitor more
def _registered(state: EventState, b: CompetitorRegistered, rec: Record, parsed: Any) -> None:
    state.competitors[b.competitor] = Competitor(
        b.competitor,
        b.name,
        b.players,
        None,
        b.joined_round,
        b.missed,
        b.missed_vp,
        b.missed_mp,
        b.ranked,
    )
    state.names[b.name.casefold()] = b.competitor
    if b.competitor >= state.next_number:
        state.next_number = b.competitor + 1


@folds(CompetitorRenamed, keeps_scores)
def _renamed(state: EventState, b: CompetitorRenamed, rec: Record, parsed: Any) -> None:
    comp = state.competitors[b.competitor]
    state.names.pop(comp.name.casefold(), None)
    comp.name = b.name
    state.names[b.name.casefold()] = b.competitor
    if b.players is not None:
        comp.players = b.players


@folds(CompetitorCheckedIn, keeps_scores)
def _checked_in(state: EventState, b: CompetitorCheckedIn, rec: Record, parsed: Any) -> None:
    state.check_in[b.competitor] = b.present


@folds(CompetitorWithdrawn, drops_scores, cancellable=True)
def _withdrawn(state: EventState, b: CompetitorWithdrawn, rec: Record, parsed: Any) -> None:
    state.competitors[b.competitor].withdrawn_from_round = b.from_round


@folds(EntryFeeSet, keeps_scores)
def _fee_set(state: EventState, b: EntryFeeSet, rec: Record, parsed: Any) -> None:
    state.fee_set = b.entry_fee_cents


@folds(FeePaid, keeps_scores, cancellable=True)
def _fee_paid(state: EventState, b: FeePaid, rec: Record, parsed: Any) -> None:
    state.payments[rec.seq] = Payment(
        rec.seq, b.competitor, b.amount_cents, b.method, rec.actor, utc(rec.at)
    )


@folds(ConstraintAdded, keeps_scores, cancellable=True)
def _constraint(state: EventState, b: ConstraintAdded, rec: Record, parsed: Any) -> None:
    state.constraints[rec.seq] = b


# ---------------------------------------------------------------------------- rounds
@folds(RoundSeated, drops_round)
def _seated(state: EventState, b: RoundSeated, rec: Record, parsed: Any) -> None:
    r = round_held(state, b.round)
    r.seating = r.drawn = seating_from_tables(b.tables)
    r.edits = []
    r.movement = b.movement
    r.seed = b.seed
    r.mitchell_step = b.mitchell_step
    r.seated_seq = rec.seq


@folds(SeatingEdited, drops_round, cancellable=True)
def _seating_edited(state: EventState, b: SeatingEdited, rec: Record, parsed: Any) -> None:
    edited = round_held(state, b.round)  # a hand edit before publishing (FIBAS art. 4)
    if edited.seating is not None:
        edited.seating = apply_edit(edited.seating, b)
        edited.edits.append(rec)


@folds(SeatingPublished, keeps_scores)
def _published(state: EventState, b: SeatingPublished, rec: Record, parsed: Any) -> None:
    round_held(state, b.round).seating_published_at = utc(rec.at)


@folds(RoundStarted, keeps_scores)
def _started(state: EventState, b: RoundStarted, rec: Record, parsed: Any) -> None:
    round_held(state, b.round).started_at = utc(b.started_at or rec.at)


@folds(ClockCorrected, keeps_scores)
def _clock(state: EventState, b: ClockCorrected, rec: Record, parsed: Any) -> None:
    corrected = round_held(state, b.round)  # a start typed wrong, corrected (FIBAS art. 7)
    corrected.started_at = utc(b.started_at)
    corrected.start_corrected = rec


@folds(StandingsPublished, keeps_scores)
def _standings(state: EventState, b: StandingsPublished, rec: Record, parsed: Any) -> None:
    round_held(state, b.round).standings_published_at = utc(rec.at)


@folds(ComplaintLodged, keeps_scores)
def _lodged(state: EventState, b: ComplaintLodged, rec: Record, parsed: Any) -> None:
    lodged = round_held(state, b.round)
    lodged.open_complaints[rec.seq] = b.text
    lodged.complainants[rec.seq] = b.competitor


@folds(ComplaintResolved, keeps_scores)
def _resolved(state: EventState, b: ComplaintResolved, rec: Record, parsed: Any) -> None:
    settled = round_held(state, b.round)
    settled.open_complaints.pop(b.complaint, None)
    settled.complainants.pop(b.complaint, None)


@folds(PrizePlanRecorded, keeps_scores)
def _prize_plan(state: EventState, b: PrizePlanRecorded, rec: Record, parsed: Any) -> None:
    state.prize_plan = b


@folds(TiebreaksChosen, keeps_scores)
def _tiebreaks(state: EventState, b: TiebreaksChosen, rec: Record, parsed: Any) -> None:
    state.tiebreaks = b


# ---------------------------------------------------------------------------- sheets
def sheet_signers(
    state: EventState, round_number: int, seat: TableSeating | None, kind: SheetKind
) -> frozenset[str]:
    """Who signs a table's sheet (FIBAS art. 20, Scala 40 art. 23): the kind's signers but a
    player who abandoned in that round (Scala 40 art. 25: the table goes on three and the
    three sign)."""
    if seat is None:
        return frozenset()
    names = kind.signers(seat)
    abandons = state.abandons
    if abandons:
        names = tuple(
            n
            for n in names
            if not (n.isdigit() and (round_number, CompetitorId(int(n))) in abandons)
        )
    return signers_of(names)


@folds(SheetEntered, drops_round)
def _entered(state: EventState, b: SheetEntered, rec: Record, parsed: Any) -> None:
    number = b.round
    rnd = state.rounds.get(number)
    if rnd is None:
        rnd = round_held(state, number)
    table = b.table
    sheet = rnd.sheets.get(table)
    kind = state._sheet_kind or state.sheet_kind  # the property's look-up spared (issue 14)
    if sheet is None:
        seat = rnd.seating.table(table) if rnd.seating else None
        sheet = rnd.sheets[table] = table_sheet(table, sheet_signers(state, number, seat, kind))
    entry = kind.parse(b.entry) if parsed is None else parsed
    line = b.line
    if line and sheet.may_resign(line, b.device):
        sheet.resign(line)  # issue 29: the line's own phone after a third device
    if b.device and line:
        sheet.devices.setdefault(b.device, line)
    if b.source and line:
        sheet.note_source(line, b.source, utc(rec.at))
    signed = signers_of((line,)) if line else sheet.signers
    if sheet.accepted is None:
        version = sheet_version(rec, entry, "entered", line)
        sheet.accepted = version
        sheet.confirmed_by = signed
    elif sheet.entry_as_of(number) == entry:
        version = sheet_version(rec, entry, "repeated", line)
        sheet.confirmed_by = signers_of(sorted(sheet.confirmed_by | signed))
    else:
        version = sheet_version(rec, entry, "conflict", line)
        sheet.conflicts.append(version)
    sheet.history.append(version)
    # The entry in force without corrections is the accepted one (TableSheet.entry_as_of).
    accepted = sheet.accepted
    in_force = (
        accepted.entry
        if accepted is not None and not sheet.corrections
        else sheet.entry_as_of(state.config.rounds)
    )
    for c in kind.abandoned(in_force):  # as _left does, a call a sheet spared
        state.left_on_sheet.setdefault(c, number)


@folds(SheetCorrected, drops_round, cancellable=True)
def _corrected(state: EventState, b: SheetCorrected, rec: Record, parsed: Any) -> None:
    rnd = round_held(state, b.round)
    kind = state.sheet_kind
    sheet = rnd.sheets.get(b.table)
    if sheet is None:
        seat = rnd.seating.table(b.table) if rnd.seating else None
        sheet = rnd.sheets[b.table] = TableSheet(
            b.table, signers=sheet_signers(state, rnd.number, seat, kind)
        )
    entry = kind.parse(b.entry) if parsed is None else parsed
    version = SheetVersion(
        rec.seq,
        entry,
        rec.actor,
        utc(rec.at),
        f"correction: {b.correction}",
        rec.reason,
        b.effective_round,
    )
    if sheet.accepted is None:
        sheet.accepted = version
    else:
        sheet.corrections.append(version)
        state.corrected_rounds.add(rnd.number)
    sheet.conflicts.clear()
    sheet.confirmed_by = sheet.signers
    sheet.history.append(version)
    _left(state, kind, sheet.entry_as_of(state.config.rounds), rnd.number)


def _left(state: EventState, kind: SheetKind, in_force: Any, round_number: int) -> None:
    """Scala 40 art. 25: a player who abandoned, as the sheet in force records, is seated in
    no later round."""
    for c in kind.abandoned(in_force):
        state.left_on_sheet.setdefault(c, round_number)


# ---------------------------------------------------------------------------- the arbiter
@folds(LatenessRecorded, drops_scores, ledger=_lateness_line, cancellable=True)
def _late(state: EventState, b: LatenessRecorded, rec: Record, parsed: Any) -> None:
    state.lateness[(b.round, b.competitor)] = b.seconds


@folds(SanctionGiven, keeps_scores, ledger=_sanction_line, cancellable=True)
def _sanction(state: EventState, b: SanctionGiven, rec: Record, parsed: Any) -> None:
    state.sanctions.append(
        Sanction(
            rec.seq,
            b.round,
            b.competitor,
            SanctionKind(b.sanction),
            Citation(state.code.code, b.article),
            rec.actor,
            utc(rec.at),
            rec.reason or "",
            b.player,
        )
    )
    if b.sanction == SanctionKind.EXPULSION:
        state.competitors[b.competitor].withdrawn_from_round = b.round + 1


@folds(PenaltyGiven, keeps_scores, ledger=_penalty_line, cancellable=True)
def _penalty(state: EventState, b: PenaltyGiven, rec: Record, parsed: Any) -> None:
    state.penalties.append(
        PointsPenalty(
            rec.seq,
            b.round,
            b.competitor,
            b.mp,
            b.vp,
            Citation(state.code.code, b.article),
            rec.actor,
            utc(rec.at),
            rec.reason or "",
            b.player,
        )
    )


@folds(ArbitralScore, drops_round_scores, ledger=_arbitral_line, cancellable=True)
def _arbitral(state: EventState, b: ArbitralScore, rec: Record, parsed: Any) -> None:
    state.arbitral[(b.round, b.competitor)] = (b.mp, b.vp)


@folds(AbandonRecorded, drops_round_scores, ledger=_abandon_line, cancellable=True)
def _abandon(state: EventState, b: AbandonRecorded, rec: Record, parsed: Any) -> None:
    state.abandons[(b.round, b.competitor)] = b.justified
    if b.score is not None:
        state.abandon_scores[(b.round, b.competitor)] = b.score
    state.competitors[b.competitor].withdrawn_from_round = b.round + 1
    # A sheet already begun no longer waits for his signature (Scala 40 art. 25).
    name = str(b.competitor)
    for sheet in round_held(state, b.round).sheets.values():
        if name in sheet.signers:
            sheet.signers = signers_of(sorted(sheet.signers - {name}))


@folds(BoardRuling, keeps_scores, ledger=_board_ruling_line, cancellable=True)
def _board_ruling(state: EventState, b: BoardRuling, rec: Record, parsed: Any) -> None:
    state.board_rulings.append((b.round, b.table, dict(b.ruling)))


def _ruling_line(state: EventState, b: RulingGiven, rec: Record) -> LedgerEntry:
    detail = msg("table {table}: {irregularity}", table=b.table, irregularity=b.irregularity)
    return _line(rec, b.round, None, "ruling-given", Citation(CodeId(b.code), b.article), detail)


@folds(RulingGiven, keeps_scores, ledger=_ruling_line, cancellable=True)
def _ruling(state: EventState, b: RulingGiven, rec: Record, parsed: Any) -> None:
    """A code's arbiter's ruling (issue 31): a ledger line only; its warnings are records of
    their own, appended with it."""


@folds(BoardChecked, keeps_scores)
def _board_checked(state: EventState, b: BoardChecked, rec: Record, parsed: Any) -> None:
    state.board_checks[(b.round, b.table, b.board)] = BoardCount(
        rec.seq,
        b.round,
        b.table,
        b.board,
        b.copy,
        None if b.counts is None else dict(b.counts),
        rec.actor,
        utc(rec.at),
    )


@folds(WordJudged, keeps_scores)
def _word(state: EventState, b: WordJudged, rec: Record, parsed: Any) -> None:
    state.judged_words.pop(b.word, None)  # the last ruling on a word, in the order given
    state.judged_words[b.word] = b.approved


from arbitro.tournament.digital import folds as _digital  # noqa: E402,F401  (issue 32)
from arbitro.tournament.digital import rounds as _digital_rounds  # noqa: E402,F401  (issue 32)
