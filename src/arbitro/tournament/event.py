"""An event's state as the fold of its records (FIBAS code: arts. 4, 19-21, 36-40).

:class:`EventState` is rebuilt from the log by :meth:`EventState.replay`; it never changes a
record, and a correction is a new record that supersedes an entry from a given round on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any, TypeVar

from arbitro.codes.citation import Citation
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import Message, msg, verbatim
from arbitro.tournament.model import (
    CompetitorId,
    EventFormat,
    Movement,
    Seating,
    TableSeating,
)
from arbitro.tournament.records import (
    AbandonRecorded,
    AbandonScore,
    ArbitralScore,
    BoardChecked,
    BoardRuling,
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
    FeePaid,
    KnockoutCreated,
    LatenessRecorded,
    PaymentMethod,
    PenaltyGiven,
    PrizePlanRecorded,
    Record,
    RecordCancelled,
    RoundSeated,
    RoundStarted,
    RulingGiven,
    SanctionGiven,
    SeatedTable,
    SeatingEdited,
    SeatingPublished,
    SheetCorrected,
    SheetEntered,
    StandingsPublished,
    TiebreaksChosen,
    WordJudged,
    body_to_json,
    fold_log,
    fold_log_record,
    unknown_record,
    utc,
)
from arbitro.tournament.rules import EventRules, rules_for
from arbitro.tournament.seating_edit import apply_edit
from arbitro.tournament.sheets import SheetContext, SheetKind, SheetOutcome, sheet_kind
from arbitro.tournament.sheets.kind import sheet_context_of

EventConfig = EventCreated
"""How an event is run: the ``event-created`` record's body (FIBAS art. 4, 7)."""


T = TypeVar("T")

# The arbiter's choices of an abandoning side's score, as the ledger and the forms name them
# (Parole art. 13.4 a-c).
ABANDON_SCORE_NAMES = {
    AbandonScore.ZERO: Message("zero"),
    AbandonScore.REST_SCORE: Message("the table's score"),
    AbandonScore.SCORE_SO_FAR: Message("the score acquired so far"),
}

# The remedies of a code's own rule for a board with a wrong number of cards, as the ledger
# names them (FIBAS art. 6: a new deal before play, the result stands once play has begun).
WRONG_COUNT_OUTCOMES = {
    "redeal": Message("board dealt again from its dealing sheet"),
    "result_stands": Message("the result stands"),
}

# Records no round score reads (scoring.results), and records whose round alone they change.
KEEP_SCORES = (
    SeatingPublished,
    RoundStarted,
    ClockCorrected,
    StandingsPublished,
    PrizePlanRecorded,
    TiebreaksChosen,
    ComplaintLodged,
    ComplaintResolved,
    SanctionGiven,
    PenaltyGiven,
    BoardRuling,
    BoardChecked,
    WordJudged,
    CompetitorRenamed,
    CompetitorCheckedIn,
    ConstraintAdded,
    EntryFeeSet,
    FeePaid,
)
SHEETS = (SheetEntered, SheetCorrected)
# records that drop their round's outcomes
SCORED = (SheetEntered, SheetCorrected, RoundSeated, SeatingEdited)
ROUND_SCORES = (
    RoundSeated,
    SeatingEdited,
    SheetEntered,
    SheetCorrected,
    ArbitralScore,
    AbandonRecorded,
)


@dataclass(slots=True)
class Competitor:
    """A pair, team or player as registered; never removed, only withdrawn."""

    number: CompetitorId
    name: str
    players: tuple[str, ...]
    withdrawn_from_round: int | None = None
    joined_round: int = 1  # a late entry plays from this round (Scala 40 art. 26)
    # what its missed rounds score, and whether it is ranked (CompetitorRegistered)
    missed: str | None = None
    missed_vp: int = 0
    missed_mp: int = 0
    ranked: bool = True

    def active_in(self, round_number: int) -> bool:
        """True from the round it joined, unless it withdrew or abandoned before."""
        if round_number < self.joined_round:
            return False
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


@dataclass(frozen=True, slots=True)
class SheetVersion:
    """One entry or correction of a table's sheet, as recorded; ``entry`` is the game's
    parsed sheet (see the event's :class:`~arbitro.tournament.sheets.SheetKind`)."""

    seq: int
    entry: Any
    actor: str
    at: datetime
    kind: str  # "entered", "repeated", "conflict", "correction: sum|inverted|arbiter|conflict"
    reason: str | None = None
    effective_round: int = 0
    line: str | None = None  # "ns"/"ew" (or a player) when submitted from the table


SAME_SOURCE_SECONDS = 30  # two lines' signatures from one phone this close are flagged


@dataclass(slots=True)
class TableSheet:
    """A table's sheet in one round: the accepted entry, conflicting entries, corrections."""

    table: int
    signers: frozenset[str]
    history: list[SheetVersion] = field(default_factory=list)
    accepted: SheetVersion | None = None
    conflicts: list[SheetVersion] = field(default_factory=list)
    corrections: list[SheetVersion] = field(default_factory=list)
    # who signed the accepted entry: one shared frozenset per set of signers, never changed
    # in place (20,000 sheets of a 4,000-pair event share a handful of them)
    confirmed_by: frozenset[str] = frozenset()
    devices: dict[str, str] = field(default_factory=dict)  # device → the line it signed for
    # lines signed again from another phone while the sheet was in conflict (issue 29: a
    # third device's signature does not close the line to its own phone; the director sees it)
    resigned: frozenset[str] = frozenset()
    # issue 29: each line's signature with its phone's source (a keyed hash of address and
    # browser) and time; the lines two of which were signed from one source within seconds
    sources: tuple[tuple[str, str, datetime], ...] = ()
    same_source: frozenset[str] = frozenset()

    def note_source(self, line: str, source: str, at: datetime) -> None:
        """Keep where ``line``'s signature came from; flag it with every other line signed
        from the same address and browser within :data:`SAME_SOURCE_SECONDS` (issue 29: one
        phone signing both lines, FIBAS art. 20: each line signs its own)."""
        for other, came_from, when in self.sources:
            if (
                other != line
                and came_from == source
                and abs((at - when).total_seconds()) <= SAME_SOURCE_SECONDS
            ):
                self.same_source = _signers(sorted(self.same_source | {line, other}))
        self.sources = (*self.sources, (line, source, at))

    @property
    def same_source_lines(self) -> list[str]:
        """The lines flagged by :meth:`note_source` as a sheet lists them: N-S, E-W, then the
        players by their number (Scala 40)."""
        order = {"ns": (0, 0), "ew": (1, 0)}
        return sorted(
            self.same_source,
            key=lambda n: order.get(n, (2, int(n) if n.isdigit() else 0)),
        )

    def may_resign(self, line: str, device: str | None) -> bool:
        """Whether ``line`` may sign this sheet again from ``device`` (issue 29): the sheet is
        in conflict, neither confirmed nor corrected by the director, the line signed already
        and ``device`` signed nothing here; its signature then replaces the line's earlier
        ones (a third device's conflict never blocks the line's own phone, FIBAS art. 20)."""
        return (
            device is not None
            and device not in self.devices
            and bool(self.conflicts)
            and not self.corrections
            and not self.confirmed
            and any(v.line == line for v in self.history)
        )

    def resign(self, line: str) -> None:
        """Drop ``line``'s earlier signatures from the sheet in force (they stay in its
        history): the accepted entry, the conflicts and who confirmed are those of the other
        signatures, in their order; the line is marked as signed by more than one device."""
        self.accepted = None
        self.conflicts = []
        self.confirmed_by = frozenset()
        for v in self.history:
            if v.line == line or v.kind.startswith("correction"):
                continue
            signed = _signers((v.line,)) if v.line else self.signers
            if self.accepted is None:
                self.accepted = v
                self.confirmed_by = signed
            elif self.accepted.entry == v.entry:
                self.confirmed_by = _signers(sorted(self.confirmed_by | signed))
            else:
                self.conflicts.append(v)
        self.resigned = _signers(sorted(self.resigned | {line}))

    @property
    def confirmed(self) -> bool:
        """Everyone who signs the paper sheet agrees with the accepted entry (both lines,
        FIBAS art. 20; the four players, Scala 40 art. 23), or the director entered or
        settled it."""
        return self.accepted is not None and self.confirmed_by >= self.signers

    def entry_as_of(self, round_number: int) -> Any:
        """The entry that counts in standings after ``round_number`` (art. 21: a correction
        may take effect from the next round)."""
        current = self.accepted.entry if self.accepted else None
        for c in self.corrections:
            if c.effective_round <= round_number:
                current = c.entry
        return current


class SanctionKind(StrEnum):
    """The sanctions of the codes: reprimand ("richiamo"), warning ("ammonizione"),
    expulsion ("espulsione") (FIBAS art. 22, 40, 41; Parole art. 14)."""

    REPRIMAND = "reprimand"
    WARNING = "warning"
    EXPULSION = "expulsion"


@dataclass(frozen=True, slots=True)
class Sanction:
    """One entry of the sanctions ledger: what, to whom, by which article, who, when, why."""

    seq: int
    round: int
    competitor: CompetitorId
    kind: SanctionKind
    article: Citation
    actor: str
    at: datetime
    reason: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class PointsPenalty:
    """A penalty in points as recorded (FIBAS art. 22): ``mp`` M.P. and ``vp`` V.P. off the
    competitor's standings (both non-negative), its article, who gave it, when and why."""

    seq: int
    round: int
    competitor: CompetitorId
    mp: int
    vp: int
    article: Citation
    actor: str
    at: datetime
    reason: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One line of the event's sanctions ledger: sanctions, lateness, abandons, arbitral
    scores and board rulings, each with its article, who recorded it, when and why;
    ``detail`` is a message rendered at the edge."""

    seq: int
    round: int
    competitor: CompetitorId | None  # None for a board ruling (it concerns a board)
    kind: str  # reprimand | warning | expulsion | lateness | abandon | arbitral-score | ...
    article: Citation
    actor: str
    at: datetime
    reason: str
    detail: Message = field(default_factory=lambda: verbatim(""))
    cancelled_by: str | None = None  # who cancelled the action (a later record), if anyone
    cancel_reason: str | None = None


@dataclass(frozen=True, slots=True)
class Payment:
    """An entry fee paid at the desk, as recorded: who paid, how much, how, who took it."""

    seq: int
    competitor: CompetitorId
    amount_cents: int
    method: PaymentMethod
    actor: str
    at: datetime


@dataclass(frozen=True, slots=True)
class BoardCount:
    """A table's count of a prepared board's pockets before play, as recorded (Law 13
    model): ``counts`` None when every pocket held its cards."""

    seq: int
    round: int
    table: int
    board: int
    copy: int
    counts: Mapping[str, int] | None
    actor: str
    at: datetime


@dataclass(slots=True)
class RoundState:
    """One round: seating, sheets, and when its seating and standings were published."""

    number: int
    seating: Seating | None = None
    movement: Movement | None = None
    seed: int | None = None
    mitchell_step: int | None = None  # the step chosen for an automatic Mitchell (art. 4)
    seating_published_at: datetime | None = None
    sheets: dict[int, TableSheet] = field(default_factory=dict)
    standings_published_at: datetime | None = None
    open_complaints: dict[int, str] = field(default_factory=dict)
    # complaint seq → who lodged it (the competitor, None when not recorded), art. 39
    complainants: dict[int, CompetitorId | None] = field(default_factory=dict)
    seated_seq: int = 0  # the seq of the round-seated record of the seating in force
    # the seating as the movement drew it, before the hand edits (``seating`` holds them)
    drawn: Seating | None = None
    # the hand edits in force of the drawn seating, in order (not cancelled; a new draw
    # starts from none): docs/rulings.md, "Seating by hand"
    edits: list[Record] = field(default_factory=list)
    version: int = 0  # the seq of the last record that changed the round (what a director saw)
    started_at: datetime | None = None  # the arbiter's clock (FIBAS art. 7)
    start_corrected: Record | None = None  # the last correction of that start, who and why


@dataclass(slots=True)
class EventState:
    """Everything recorded about an event, folded from its records once; views derived from
    it (sheet results) are memoized until the next record."""

    event_id: str
    config: EventConfig
    created_at: datetime
    competitors: dict[CompetitorId, Competitor] = field(default_factory=dict)
    rounds: dict[int, RoundState] = field(default_factory=dict)
    lateness: dict[tuple[int, CompetitorId], int] = field(default_factory=dict)
    sanctions: list[Sanction] = field(default_factory=list)
    penalties: list[PointsPenalty] = field(default_factory=list)  # in points (FIBAS art. 22)
    ledger: list[LedgerEntry] = field(default_factory=list)
    board_rulings: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    # (round, table, board) → the table's count of the board before play (Law 13 model)
    board_checks: dict[tuple[int, int, int], BoardCount] = field(default_factory=dict)
    # The language judge's rulings (Parole art. 2): word (lower case) → approved, the last
    # ruling on a word winning, in the order given (the dictionary page lists them).
    judged_words: dict[str, bool] = field(default_factory=dict)
    arbitral: dict[tuple[int, CompetitorId], tuple[int, int]] = field(default_factory=dict)
    abandons: dict[tuple[int, CompetitorId], bool] = field(default_factory=dict)
    # The arbiter's choice of the abandoning side's score (Parole art. 13.4), where made.
    abandon_scores: dict[tuple[int, CompetitorId], AbandonScore] = field(default_factory=dict)
    last_seq: int = 0
    names: dict[str, CompetitorId] = field(default_factory=dict)  # casefolded name → number
    next_number: CompetitorId = 1  # the next registration's number: one more than the highest
    cancellations: dict[int, Record] = field(default_factory=dict)  # target seq → its cancel
    stale: bool = False  # a cancellation came after its target: fold the log again
    unverified: tuple[int, ...] = ()  # records imported unverified (issue 29), by seq
    left_on_sheet: dict[CompetitorId, int] = field(default_factory=dict)  # → round left
    actions: dict[int, Record] = field(default_factory=dict)  # the cancellable records by seq
    check_in: dict[CompetitorId, bool] = field(default_factory=dict)  # → present (before round 1)
    # record seq → two competitors who must not meet (art. 4), those not cancelled
    constraints: dict[int, ConstraintAdded] = field(default_factory=dict)
    prize_plan: PrizePlanRecorded | None = None  # the latest (Parole art. 6.1)
    tiebreaks: TiebreaksChosen | None = None  # the latest choice (issue 34)
    fee_set: int | None = None  # the fee as last set (entry-fee-set), over the configuration's
    payments: dict[int, Payment] = field(default_factory=dict)  # seq → a payment not cancelled
    # the rounds where a sheet holds a correction (art. 21): a round's scores are the same
    # whatever ``as_of`` elsewhere, read without a look at each sheet
    corrected_rounds: set[int] = field(default_factory=set)
    # round → (table, as_of) → the sheet's outcome: a record drops only its round's entries
    _results: dict[int, dict[tuple[int, int], SheetOutcome | None]] = field(default_factory=dict)
    _views: dict[tuple[str, int], Any] = field(default_factory=dict)
    # round → as_of → a round's scores (scoring.results.memo_scores): kept across the records
    # that cannot change a round's scores, a record about a round drops only that round's
    _scores: dict[int, dict[int, Any]] = field(default_factory=dict)
    _sheet_kind: SheetKind | None = field(default=None, repr=False, compare=False)
    # (round, table) → the sheets' context of that seat (its seat object tells a reseating),
    # for one round at a time
    _contexts: dict[tuple[int, int], SheetContext] = field(
        default_factory=dict, repr=False, compare=False
    )
    # (round, rules, deals, teams, duplicate): what the contexts of one round share
    _context_shared: tuple[int, EventRules, int, bool, bool] | None = field(
        default=None, repr=False, compare=False
    )

    def warnings(self) -> list[Sanction]:
        """The warnings given, oldest first."""
        return [s for s in self.sanctions if s.kind is SanctionKind.WARNING]

    @property
    def code(self) -> EventRules:
        """The rules of the competition code in force for the event."""
        return rules_for(self.config.code)

    @property
    def sheet_kind(self) -> SheetKind:
        """The event's game's score sheet (the one protocol shared code talks to)."""
        kind = self._sheet_kind
        if kind is None:  # found once: the event's game never changes
            kind = self._sheet_kind = sheet_kind(self.config.game)
        return kind

    # ------------------------------------------------------------------ queries
    def competitor(self, number: CompetitorId) -> Competitor:
        """The competitor with that number, or a NotFoundError."""
        try:
            return self.competitors[number]
        except KeyError:
            raise NotFoundError("no competitor number {number}", number=number) from None

    def round(self, number: int) -> RoundState:
        """Round ``number`` (1..rounds): what is recorded of it (an empty round if nothing
        is yet). Reading never changes the state."""
        if not 1 <= number <= self.config.rounds:
            raise NotFoundError(
                "no round {number}: the event has {rounds} rounds",
                number=number,
                rounds=self.config.rounds,
            )
        found = self.rounds.get(number)
        return found if found is not None else RoundState(number)

    def _round(self, number: int) -> RoundState:
        found = self.rounds.get(number)  # a round held was range-checked when it was made
        if found is not None:
            return found
        self.round(number)  # the range check
        return self.rounds.setdefault(number, RoundState(number))

    def deals(self, round_number: int) -> int:
        """Deals per table in round ``round_number``."""
        return self.config.deals[round_number - 1]

    def active(self, round_number: int) -> list[CompetitorId]:
        """Competitors taking part in round ``round_number``, in registration order (not
        those a sheet records as having left the table in an earlier round, Scala 40
        art. 25)."""
        gone = self.left_on_sheet
        return [
            c.number
            for c in self.competitors.values()
            if c.active_in(round_number) and gone.get(c.number, round_number) >= round_number
        ]

    @property
    def check_in_used(self) -> bool:
        """True once the director has recorded anyone's check-in: round 1 is then seated
        only with every active competitor present (FIBAS art. 4)."""
        return bool(self.check_in)

    @property
    def entry_fee_cents(self) -> int:
        """The entry fee per competitor in force (cents; 0: none): as last set, or as the
        event was created with."""
        if self.fee_set is not None:
            return self.fee_set
        return self.config.entry_fee_cents or 0

    def paid_cents(self, competitor: CompetitorId) -> int:
        """What a competitor has paid of its entry fee (its payments not cancelled)."""
        return sum(p.amount_cents for p in self.payments.values() if p.competitor == competitor)

    @property
    def check_in_open(self) -> bool:
        """True while round 1 is not seated: the check-in is taken until then."""
        return self.round(1).seating is None

    def present(self) -> list[CompetitorId]:
        """The competitors playing round 1 checked in as present, in registration order."""
        return [c for c in self.active(1) if self.check_in.get(c, False)]

    def absent(self) -> list[CompetitorId]:
        """The competitors playing round 1 not checked in as present, once the check-in is
        in use (none otherwise), in registration order."""
        if not self.check_in_used:
            return []
        return [c for c in self.active(1) if not self.check_in.get(c, False)]

    def current_round(self) -> int:
        """The last round whose seating exists (0 before round 1 is seated)."""
        seated = [n for n, r in self.rounds.items() if r.seating is not None]
        return max(seated, default=0)

    def table_of(self, round_number: int, competitor: CompetitorId) -> TableSeating | None:
        """The table where ``competitor`` sits in that round, if seated."""
        seating = self.round(round_number).seating
        if seating is None:
            return None
        for t in seating.tables:
            for line in t.lines:
                if competitor in line:
                    return t
        return None

    def standings_final(self, round_number: int, now: datetime) -> bool:
        """True when the round's standings were published, the complaints window (art. 39)
        has passed, and no complaint is open."""
        r = self.round(round_number)
        if r.standings_published_at is None or r.open_complaints:
            return False
        window = timedelta(minutes=self.config.complaints_window_minutes)
        return utc(now) >= r.standings_published_at + window

    def sheet_context(self, round_number: int, seat: TableSeating) -> SheetContext:
        """What the game's sheet needs to check and score a table of that round (made once
        per round and seat: the check of a sheet and its score share it)."""
        key = (round_number, seat.table)
        found = self._contexts.get(key)
        if found is not None and found.seat is seat:
            return found
        contexts = self._contexts
        if contexts and next(iter(contexts))[0] != round_number:
            contexts.clear()  # one round's at a time: the round being entered or scored
        _, rules, deals, teams, duplicate = self.round_context(round_number)
        held = self.rounds.get(round_number)
        seating = None if held is None else held.seating
        if found is None and seating is not None and seating.table(seat.table) is seat:
            # the first table asked of the round's seating: every table's context made at
            # once (a round's sheets all come; issue 14)
            for t in seating.tables:
                contexts.setdefault(
                    (round_number, t.table), sheet_context_of(rules, t, deals, teams, duplicate)
                )
            return contexts[key]
        ctx = contexts[key] = sheet_context_of(rules, seat, deals, teams, duplicate)
        return ctx

    def round_context(self, round_number: int) -> tuple[int, EventRules, int, bool, bool]:
        """What every table of round ``round_number`` shares in its sheet's context: the
        round, the code's rules, the deals, teams or not, duplicate or not (read once per
        round: the configuration and the code never change in a state)."""
        shared = self._context_shared
        if shared is None or shared[0] != round_number:
            shared = self._context_shared = (
                round_number,
                self.code,
                self.deals(round_number),
                self.config.event_format is EventFormat.TEAMS,
                self.config.duplicate,
            )
        return shared

    def view(self, name: str, round_number: int, compute: Callable[[], T]) -> T:
        """A view derived from the state (standings, ranking...) computed once until the next
        record: 500 phones opening the standings cost one computation."""
        key = (name, round_number)
        if key not in self._views:
            self._views[key] = compute()
        value: T = self._views[key]
        return value

    def sheet_result(
        self,
        round_number: int,
        table: int,
        as_of: int | None = None,
        *,
        seat: TableSeating | None = None,
    ) -> SheetOutcome | None:
        """The result of a table's sheet in force after round ``as_of`` (default: the last
        round; art. 21 corrections may count from a later round), computed once per record;
        None without a sheet. ``seat``: the table of the round's seating, when the caller
        holds it (the round's scores do)."""
        r = self.rounds.get(round_number)  # a round held was range-checked when it was made
        if r is None:
            r = self.round(round_number)
        sheet = r.sheets.get(table)
        # Without corrections the sheet's outcome is the same whatever ``as_of``: one entry.
        as_of = self.config.rounds if as_of is None else as_of
        key = (table, as_of if sheet is not None and sheet.corrections else 0)
        cached = self._results.get(round_number)
        if cached is None:
            cached = self._results[round_number] = {}
        elif key in cached:
            return cached[key]
        if seat is None:
            seat = r.seating.table(table) if r.seating else None
        entry = sheet.entry_as_of(as_of) if sheet else None
        outcome = (
            None
            if entry is None or seat is None
            else self.sheet_kind.score(self.sheet_context(round_number, seat), entry)
        )
        cached[key] = outcome
        return outcome

    def scores_memo(self, round_number: int, as_of: int, compute: Callable[[], T]) -> T:
        """A round's scores with the corrections in force after round ``as_of``, computed
        once until a record that may change them (see :meth:`_drop_scores`)."""
        held = self._scores.get(round_number)
        if held is not None and as_of in held:
            found: T = held[as_of]
            return found
        value = compute()
        self._scores.setdefault(round_number, {})[as_of] = value
        return value

    def forget_outcomes(self, round_number: int) -> None:
        """Drop the memoized sheet outcomes of a round (its round scores, memoized, hold what
        the standings read): a 4,000-pair event would otherwise keep each sheet's outcome
        twice. A sheet asked for again is scored again, once."""
        self._results.pop(round_number, None)

    def forget_views(self) -> None:
        """Drop every memoized view (sheet outcomes, round scores, standings, sheet contexts):
        they are computed again when read. An import drops them once the file is checked, so
        that they do not stay in memory while its records are stored."""
        self._results.clear()
        self._views.clear()
        self._scores.clear()
        self._contexts.clear()

    def _drop_scores(self, body: object) -> None:
        """Forget the memoized round scores a record may change: those of its round (and of
        the last round, whose rest average reads the earlier ones, art. 37) for a seating, a
        sheet, an arbitral score or an abandon; none for the records that no score reads;
        all for any other record (a registration, a lateness, a cancellation...)."""
        if not self._scores or isinstance(body, KEEP_SCORES):
            return
        if isinstance(body, ROUND_SCORES):
            rnd: int = body.round  # every ROUND_SCORES has one
            self._scores.pop(rnd, None)
            self._scores.pop(self.config.rounds, None)
            return
        self._scores.clear()

    # ------------------------------------------------------------------ fold
    @classmethod
    def replay(cls, event_id: str, records: Iterable[Record]) -> EventState:
        """Rebuild the state from the event's records, in order."""

        def start(rec: Record) -> EventState:
            if isinstance(rec.body, KnockoutCreated):
                raise ArbitroError(
                    "«{event}» is a knockout event: use «arbitro knockout»", event=event_id
                )
            if not isinstance(rec.body, EventCreated):
                raise ArbitroError("the event's log does not start with its creation")
            return cls(event_id, rec.body, utc(rec.at))

        return fold_log(event_id, records, start)

    def apply(self, rec: Record, parsed: Any = None) -> None:
        """Apply one record (already validated when it was made) to the state. A record
        cancelled by a later one has no effect; its ledger line says who cancelled it and
        why. A cancellation applied after its target makes the state stale: the service
        folds the log again (:attr:`stale`). ``parsed``: a sheet record's entry as the
        game's sheet already parsed it (the log check did), not parsed again."""
        body = rec.body
        if type(body) is SheetEntered:  # most of a log: the steps below that concern it
            self._apply_entered(rec, body, parsed)
            return
        if type(body) is CompetitorRegistered:  # the next most: one per competitor
            self._apply_registered(rec, body)
            return
        at = utc(rec.at)
        touched = getattr(rec.body, "round", None)
        # A sheet's outcome depends only on the event's configuration, the table's seat and
        # its sheet: a seating or a sheet drops its round's outcomes, a cancellation all.
        if isinstance(rec.body, SCORED):
            self._results.pop(rec.body.round, None)
        elif isinstance(rec.body, RecordCancelled):
            self._results.clear()
        self._views.clear()
        self._drop_scores(rec.body)
        self.last_seq = max(self.last_seq, rec.seq)
        entry = None if isinstance(rec.body, SHEETS) else self._ledger_entry(rec, at)
        cancel = self.cancellations.get(rec.seq)
        if entry is not None:
            if cancel is not None:
                entry = replace(entry, cancelled_by=cancel.actor, cancel_reason=cancel.reason)
            self.ledger.append(entry)
        if isinstance(touched, int) and 1 <= touched <= self.config.rounds:
            self._round(touched).version = max(rec.seq, cancel.seq if cancel else 0)
        if cancel is not None:
            return
        if isinstance(rec.body, CANCELLABLE):
            self.actions[rec.seq] = rec
        if isinstance(rec.body, SHEETS):  # first: most of a log
            self._apply_sheet(rec, at, parsed)
            return
        if fold_log_record(self, rec):
            return
        match rec.body:
            case CompetitorRegistered() as b:  # a subclass's (the class's: see above)
                self._register(b)
            case CompetitorRenamed() as b:
                comp = self.competitors[b.competitor]
                self.names.pop(comp.name.casefold(), None)
                comp.name = b.name
                self.names[b.name.casefold()] = b.competitor
                if b.players is not None:
                    comp.players = b.players
            case CompetitorCheckedIn() as b:
                self.check_in[b.competitor] = b.present
            case EntryFeeSet() as b:
                self.fee_set = b.entry_fee_cents
            case FeePaid() as b:
                self.payments[rec.seq] = Payment(
                    rec.seq, b.competitor, b.amount_cents, b.method, rec.actor, at
                )
            case CompetitorWithdrawn() as b:
                self.competitors[b.competitor].withdrawn_from_round = b.from_round
            case RoundSeated() as b:
                r = self._round(b.round)
                r.seating = r.drawn = seating_from_tables(b.tables)
                r.edits = []
                r.movement = b.movement
                r.seed = b.seed
                r.mitchell_step = b.mitchell_step
                r.seated_seq = rec.seq
            case SeatingEdited() as b:  # a hand edit before publishing (FIBAS art. 4)
                edited = self._round(b.round)
                if edited.seating is not None:
                    edited.seating = apply_edit(edited.seating, b)
                    edited.edits.append(rec)
            case ConstraintAdded() as b:
                self.constraints[rec.seq] = b
            case SeatingPublished() as b:
                self._round(b.round).seating_published_at = at
            case RoundStarted() as b:
                self._round(b.round).started_at = utc(b.started_at) if b.started_at else at
            case ClockCorrected() as b:  # a start typed wrong, corrected (FIBAS art. 7)
                corrected = self._round(b.round)
                corrected.started_at = utc(b.started_at)
                corrected.start_corrected = rec
            case SheetEntered() | SheetCorrected():
                self._apply_sheet(rec, at, parsed)
            case LatenessRecorded() as b:
                self.lateness[(b.round, b.competitor)] = b.seconds
            case SanctionGiven() as b:
                self.sanctions.append(
                    Sanction(
                        rec.seq,
                        b.round,
                        b.competitor,
                        SanctionKind(b.sanction),
                        Citation(self.code.code, b.article),
                        rec.actor,
                        at,
                        rec.reason or "",
                        b.player,
                    )
                )
                if b.sanction == SanctionKind.EXPULSION:
                    self.competitors[b.competitor].withdrawn_from_round = b.round + 1
            case PenaltyGiven() as b:
                self.penalties.append(
                    PointsPenalty(
                        rec.seq,
                        b.round,
                        b.competitor,
                        b.mp,
                        b.vp,
                        Citation(self.code.code, b.article),
                        rec.actor,
                        at,
                        rec.reason or "",
                        b.player,
                    )
                )
            case ArbitralScore() as b:
                self.arbitral[(b.round, b.competitor)] = (b.mp, b.vp)
            case AbandonRecorded() as b:
                self.abandons[(b.round, b.competitor)] = b.justified
                if b.score is not None:
                    self.abandon_scores[(b.round, b.competitor)] = b.score
                self.competitors[b.competitor].withdrawn_from_round = b.round + 1
                # A sheet already begun no longer waits for his signature (Scala 40 art. 25).
                for sheet in self._round(b.round).sheets.values():
                    if str(b.competitor) in sheet.signers:
                        sheet.signers = _signers(sorted(sheet.signers - {str(b.competitor)}))
            case StandingsPublished() as b:
                self._round(b.round).standings_published_at = at
            case PrizePlanRecorded() as b:
                self.prize_plan = b
            case TiebreaksChosen() as b:
                self.tiebreaks = b
            case ComplaintLodged() as b:
                lodged = self._round(b.round)
                lodged.open_complaints[rec.seq] = b.text
                lodged.complainants[rec.seq] = b.competitor
            case ComplaintResolved() as b:
                settled = self._round(b.round)
                settled.open_complaints.pop(b.complaint, None)
                settled.complainants.pop(b.complaint, None)
            case BoardRuling() as b:
                self.board_rulings.append((b.round, b.table, dict(b.ruling)))
            case RulingGiven():  # a code's arbiter's ruling (issue 31): a ledger line only
                pass
            case WordJudged() as b:
                self.judged_words.pop(b.word, None)
                self.judged_words[b.word] = b.approved
            case BoardChecked() as b:
                self.board_checks[(b.round, b.table, b.board)] = BoardCount(
                    rec.seq,
                    b.round,
                    b.table,
                    b.board,
                    b.copy,
                    None if b.counts is None else dict(b.counts),
                    rec.actor,
                    at,
                )
            case EventCreated():
                raise ArbitroError("event created twice")
            case _:
                raise unknown_record(rec.kind, self.event_id)

    def _apply_registered(self, rec: Record, body: CompetitorRegistered) -> None:
        """:meth:`apply` of a registration, the same steps without the tests that cannot
        concern it (no round, no ledger line, never cancellable itself)."""
        if self._views:
            self._views.clear()
        if self._scores:
            self._drop_scores(body)  # all of them: a competitor more
        if rec.seq > self.last_seq:
            self.last_seq = rec.seq
        if self.cancellations and rec.seq in self.cancellations:
            return
        self._register(body)

    def _register(self, b: CompetitorRegistered) -> None:
        self.competitors[b.competitor] = Competitor(
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
        self.names[b.name.casefold()] = b.competitor
        self.next_number = max(self.next_number, b.competitor + 1)

    def _apply_entered(self, rec: Record, body: SheetEntered, parsed: Any) -> None:
        """:meth:`apply` of a sheet entry, the same steps without the tests that cannot
        concern it (no ledger line, never cancellable itself)."""
        number = body.round
        self._results.pop(number, None)
        if self._views:
            self._views.clear()
        scores = self._scores
        if scores:  # _drop_scores of an entry: its round's, and the last round's (art. 37)
            scores.pop(number, None)
            scores.pop(self.config.rounds, None)
        seq = rec.seq
        if seq > self.last_seq:
            self.last_seq = seq
        cancel = self.cancellations.get(seq) if self.cancellations else None
        rnd = self.rounds.get(number)  # a round held was range-checked when it was made
        if rnd is None:
            if not 1 <= number <= self.config.rounds:
                if cancel is None:
                    self._apply_sheet(rec, utc(rec.at), parsed)  # its range check refuses
                return
            rnd = self._round(number)
        rnd.version = seq if cancel is None or cancel.seq < seq else cancel.seq
        if cancel is not None:
            return
        # _apply_sheet's steps for an entry, on the round at hand
        table = body.table
        sheet = rnd.sheets.get(table)
        kind = self._sheet_kind or self.sheet_kind
        if sheet is None:
            seat = rnd.seating.table(table) if rnd.seating else None
            required = self._sheet_signers(rnd.number, seat, kind)
            sheet = rnd.sheets[table] = _table_sheet(table, required)
        entry = kind.parse(body.entry) if parsed is None else parsed
        line = body.line
        if line and sheet.may_resign(line, body.device):
            sheet.resign(line)  # issue 29: the line's own phone after a third device
        if body.device and line:
            sheet.devices.setdefault(body.device, line)
        if body.source and line:
            sheet.note_source(line, body.source, utc(rec.at))
        signed = _signers((line,)) if line else sheet.signers
        if sheet.accepted is None:
            version = _version(rec, entry, "entered", line)
            sheet.accepted = version
            sheet.confirmed_by = signed
        elif sheet.entry_as_of(rnd.number) == entry:
            version = _version(rec, entry, "repeated", line)
            sheet.confirmed_by = _signers(sorted(sheet.confirmed_by | signed))
        else:
            version = _version(rec, entry, "conflict", line)
            sheet.conflicts.append(version)
        sheet.history.append(version)
        # Scala 40 art. 25 (as in _apply_sheet); the entry in force without corrections is
        # the accepted one (TableSheet.entry_as_of)
        accepted = sheet.accepted
        in_force = (
            accepted.entry
            if accepted is not None and not sheet.corrections
            else sheet.entry_as_of(self.config.rounds)
        )
        for c in kind.abandoned(in_force):
            self.left_on_sheet.setdefault(c, number)

    def _ledger_entry(self, rec: Record, at: datetime) -> LedgerEntry | None:
        """The ledger line a record makes (sanctions, lateness, abandons, arbitral scores,
        board rulings), or None."""
        reason = rec.reason or ""
        match rec.body:
            case LatenessRecorded() as b:
                detail = msg(
                    "{minutes}:{seconds:02d} late", minutes=b.seconds // 60, seconds=b.seconds % 60
                )
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    b.competitor,
                    "lateness",
                    self.code.cite("lateness"),
                    rec.actor,
                    at,
                    reason,
                    detail,
                )
            case SanctionGiven() as b:
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    b.competitor,
                    b.sanction,
                    Citation(self.code.code, b.article),
                    rec.actor,
                    at,
                    reason,
                    verbatim(b.player or ""),
                )
            case PenaltyGiven() as b:
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    b.competitor,
                    "penalty",
                    Citation(self.code.code, b.article),
                    rec.actor,
                    at,
                    reason,
                    msg("{player}: {mp} MP, {vp} VP", player=b.player, mp=-b.mp, vp=-b.vp)
                    if b.player
                    else msg("{mp} MP, {vp} VP", mp=-b.mp, vp=-b.vp),
                )
            case ArbitralScore() as b:
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    b.competitor,
                    "arbitral-score",
                    self.code.cite("arbitral"),
                    rec.actor,
                    at,
                    reason,
                    msg("{mp} MP, {vp} VP", mp=b.mp, vp=b.vp),
                )
            case AbandonRecorded() as b:
                detail = Message("justified") if b.justified else Message("unjustified")
                if self.sheet_kind.individual_tables:  # Scala 40 art. 25: scored alike
                    detail = Message("the table goes on three")
                if b.score is not None:
                    # The arbiter's choice (Parole art. 13.4 a-c) is the whole ruling: that
                    # code knows no "justified" abandon (FIBAS art. 36 does).
                    detail = ABANDON_SCORE_NAMES[b.score]
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    b.competitor,
                    "abandon",
                    self.code.cite("abandon"),
                    rec.actor,
                    at,
                    reason,
                    detail,
                )
            case BoardRuling() as b:
                ruling = dict(b.ruling)
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    None,
                    "board-ruling",
                    # The code whose rule was applied: the event's own (FIBAS art. 6) or Law 13.
                    Citation(
                        CodeId(str(ruling.get("code", CodeId.BRIDGE_LAW_13.value))),
                        str(ruling.get("paragraph", "13")),
                    ),
                    rec.actor,
                    at,
                    reason,
                    msg(
                        "board {board}, {outcome}, table {table}",
                        board=ruling.get("board"),
                        outcome=WRONG_COUNT_OUTCOMES.get(
                            str(ruling.get("outcome")), ruling.get("outcome")
                        ),
                        table=b.table,
                    ),
                )
            case RulingGiven() as b:
                return LedgerEntry(
                    rec.seq,
                    b.round,
                    None,
                    "ruling-given",
                    Citation(CodeId(b.code), b.article),
                    rec.actor,
                    at,
                    reason,
                    msg(
                        "table {table}: {irregularity}", table=b.table, irregularity=b.irregularity
                    ),
                )
        return None

    def _sheet_signers(
        self, round_number: int, seat: TableSeating | None, kind: SheetKind
    ) -> frozenset[str]:
        """Who signs a table's sheet (FIBAS art. 20, Scala 40 art. 23): the kind's signers
        but a player who abandoned in that round (Scala 40 art. 25: the table goes on three
        and the three sign)."""
        if seat is None:
            return frozenset()
        names = kind.signers(seat)
        if self.abandons:
            names = tuple(n for n in names if not self._abandoned_signer(round_number, n))
        return _signers(names)

    def _abandoned_signer(self, round_number: int, name: str) -> bool:
        """True when the signer ``name`` is a player who abandoned in that round (art. 25)."""
        return name.isdigit() and (round_number, CompetitorId(int(name))) in self.abandons

    def _apply_sheet(self, rec: Record, at: datetime, parsed: Any = None) -> None:
        b = rec.body
        assert isinstance(b, SHEETS)
        rnd = self._round(b.round)
        kind = self.sheet_kind
        if b.table not in rnd.sheets:
            seat = rnd.seating.table(b.table) if rnd.seating else None
            required = self._sheet_signers(rnd.number, seat, kind)
            rnd.sheets[b.table] = TableSheet(b.table, signers=required)
        sheet = rnd.sheets[b.table]
        entry = kind.parse(b.entry) if parsed is None else parsed
        if isinstance(b, SheetEntered):
            line = b.line
            if line and sheet.may_resign(line, b.device):
                sheet.resign(line)  # issue 29: the line's own phone after a third device
            if b.device and line:
                sheet.devices.setdefault(b.device, line)
            if b.source and line:
                sheet.note_source(line, b.source, at)
            signed = _signers((line,)) if line else sheet.signers
            if sheet.accepted is None:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "entered", rec.reason, 0, line
                )
                sheet.accepted = version
                sheet.confirmed_by = signed
            elif sheet.entry_as_of(rnd.number) == entry:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "repeated", rec.reason, 0, line
                )
                sheet.confirmed_by = _signers(sorted(sheet.confirmed_by | signed))
            else:
                version = SheetVersion(
                    rec.seq, entry, rec.actor, at, "conflict", rec.reason, 0, line
                )
                sheet.conflicts.append(version)
        else:
            version = SheetVersion(
                rec.seq,
                entry,
                rec.actor,
                at,
                f"correction: {b.correction}",
                rec.reason,
                b.effective_round,
            )
            if sheet.accepted is None:
                sheet.accepted = version
            else:
                sheet.corrections.append(version)
                self.corrected_rounds.add(rnd.number)
            sheet.conflicts.clear()
            sheet.confirmed_by = sheet.signers
        sheet.history.append(version)
        # Scala 40 art. 25: a player who abandoned, as the sheet in force records, is seated
        # in no later round.
        for c in kind.abandoned(sheet.entry_as_of(self.config.rounds)):
            self.left_on_sheet.setdefault(c, rnd.number)


_VERSION_SLOTS = SheetVersion.__dict__
_VERSION_SET = tuple(
    _VERSION_SLOTS[f].__set__
    for f in ("seq", "entry", "actor", "at", "kind", "reason", "effective_round", "line")
)


def _version(rec: Record, entry: Any, kind: str, line: str | None) -> SheetVersion:
    """``SheetVersion(rec.seq, entry, rec.actor, utc(rec.at), kind, rec.reason, 0, line)``,
    its slots set directly: the frozen class's ``__init__`` sets each field through
    ``object.__setattr__``, and a replay makes one per sheet record (issue 14)."""
    v = object.__new__(SheetVersion)
    s_seq, s_entry, s_actor, s_at, s_kind, s_reason, s_round, s_line = _VERSION_SET
    s_seq(v, rec.seq)
    s_entry(v, entry)
    s_actor(v, rec.actor)
    at = rec.at
    s_at(v, at if at.tzinfo is UTC else utc(at))
    s_kind(v, kind)
    s_reason(v, rec.reason)
    s_round(v, 0)
    s_line(v, line)
    return v


def _table_sheet(table: int, signers: frozenset[str]) -> TableSheet:
    """``TableSheet(table, signers)``, its fields set directly, without the dataclass's
    ``__init__`` and its default factories (a replay makes one per table and round)."""
    sheet = object.__new__(TableSheet)
    sheet.table = table
    sheet.signers = signers
    sheet.history = []
    sheet.accepted = None
    sheet.conflicts = []
    sheet.corrections = []
    sheet.confirmed_by = frozenset()
    sheet.devices = {}
    sheet.resigned = frozenset()
    sheet.sources = ()
    sheet.same_source = frozenset()
    return sheet


_SIGNERS: dict[tuple[str, ...], frozenset[str]] = {}


def _signers(names: Sequence[str]) -> frozenset[str]:
    """The set of a sheet's signers, one shared object per set of names (a 4,000-pair event
    has 20,000 sheets, all signed by N-S and E-W)."""
    key = tuple(names)
    found = _SIGNERS.get(key)
    if found is None:
        found = frozenset(key)
        if len(_SIGNERS) < 4096:  # bounded: the tables of individuals make many sets
            _SIGNERS[key] = found
    return found


CANCELLABLE = (
    SanctionGiven,
    PenaltyGiven,
    LatenessRecorded,
    ArbitralScore,
    AbandonRecorded,
    SheetCorrected,
    CompetitorWithdrawn,
    BoardRuling,
    ConstraintAdded,
    FeePaid,
    SeatingEdited,
    RulingGiven,
)
"""The director's and arbiter's actions a later record may cancel."""


def seating_tables(seating: Seating) -> tuple[SeatedTable, ...]:
    """A seating as a ``round-seated`` record holds it."""
    return tuple(SeatedTable(t.table, t.ns, t.ew, t.players) for t in seating.tables)


def seating_from_tables(tables: Iterable[SeatedTable]) -> Seating:
    """The seating a ``round-seated`` record holds."""
    new = object.__new__
    set_table, set_ns, set_ew, set_players = _SEAT_SET
    seats = []
    for t in tables:  # TableSeating(t.table, t.ns, t.ew, t.players), its slots set directly
        seat = new(TableSeating)
        set_table(seat, t.table)
        set_ns(seat, t.ns)
        set_ew(seat, t.ew)
        set_players(seat, t.players)
        seats.append(seat)
    return Seating(tuple(seats))


# A frozen class's ``__init__`` sets each field through ``object.__setattr__``: a replay
# seats every table of every round (issue 14).
_SEAT_SET = tuple(TableSeating.__dict__[f].__set__ for f in ("table", "ns", "ew", "players"))


def seating_to_payload(seating: Seating) -> list[dict[str, Any]]:
    """A seating as JSON-ready data: one ``{"table", "ns", "ew"[, "players"]}`` per table."""
    return [
        {k: v for k, v in body_to_json(t).items() if k != "players" or v is not None}
        for t in seating_tables(seating)
    ]


AnyEntry = Any
"""A table's sheet as the event's game parses it (see :class:`SheetKind`)."""
