"""An event's state as the fold of its records (FIBAS code: arts. 4, 19-21, 36-40).

:class:`EventState` is rebuilt from the log by :meth:`EventState.replay`; it never changes a
record, and a correction is a new record that supersedes an entry from a given round on. Each
record kind's fold is registered with the kind in :mod:`arbitro.tournament.event_folds`, with
what it drops of the memoized views (:mod:`arbitro.tournament.event_caches`); the state's parts
are in :mod:`~arbitro.tournament.event_parts`, :mod:`~arbitro.tournament.table_sheets` and
:mod:`~arbitro.tournament.ledger`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.i18n import ngettext
from arbitro.tournament.event_folds import EVENT_FOLDS, fold_of, round_held
from arbitro.tournament.event_parts import BoardCount, Competitor, Payment, RoundState
from arbitro.tournament.ledger import (
    ABANDON_SCORE_NAMES,
    WRONG_COUNT_OUTCOMES,
    LedgerEntry,
    PointsPenalty,
    Sanction,
    SanctionKind,
)
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating
from arbitro.tournament.records import (
    AbandonScore,
    ConstraintAdded,
    EventCreated,
    KnockoutCreated,
    PrizePlanRecorded,
    Record,
    TiebreaksChosen,
    fold_log,
    unknown_record,
    utc,
)
from arbitro.tournament.rules import EventRules, rules_for
from arbitro.tournament.seating_records import (
    seating_from_tables,
    seating_tables,
    seating_to_payload,
)
from arbitro.tournament.sheets import SheetContext, SheetKind, SheetOutcome, sheet_kind
from arbitro.tournament.sheets.kind import sheet_context_of
from arbitro.tournament.table_sheets import SAME_SOURCE_SECONDS, SheetVersion, TableSheet

__all__ = [
    "ABANDON_SCORE_NAMES",
    "SAME_SOURCE_SECONDS",
    "WRONG_COUNT_OUTCOMES",
    "AnyEntry",
    "BoardCount",
    "Competitor",
    "EventConfig",
    "EventState",
    "LedgerEntry",
    "Payment",
    "PointsPenalty",
    "RoundState",
    "Sanction",
    "SanctionKind",
    "SheetVersion",
    "TableSheet",
    "seating_from_tables",
    "seating_tables",
    "seating_to_payload",
]

EventConfig = EventCreated
"""How an event is run: the ``event-created`` record's body (FIBAS art. 4, 7)."""


T = TypeVar("T")


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
    digital: dict[tuple[int, int], Any] = field(default_factory=dict)  # tournament.digital
    # the digital tables' own logs' reader (tournament.digital.table): where the moves are
    # read from, not what the event is, so two states folded alike are equal with or without
    table_log: Any = field(default=None, compare=False, repr=False)
    digital_settings: dict[int, Any] = field(default_factory=dict)  # round (0: the event's)
    digital_rounds: dict[int, Any] = field(default_factory=dict)  # round (0: the event's)
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
                ngettext(
                    "no round {number}: the event has {rounds} round",
                    "no round {number}: the event has {rounds} rounds",
                    self.config.rounds,
                    number=number,
                    rounds=self.config.rounds,
                )
            )
        found = self.rounds.get(number)
        return found if found is not None else RoundState(number)

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
        once until a record that may change them (its kind's declared drops:
        :mod:`arbitro.tournament.event_caches`)."""
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
        """Apply one record (already validated when it was made) to the state, by its kind's
        fold (:data:`~arbitro.tournament.event_folds.EVENT_FOLDS`): the memoized views it
        may change dropped, its ledger line added, its round's version moved on, then its
        step. A record cancelled by a later one has no other effect; its ledger line says
        who cancelled it and why. A cancellation applied after its target makes the state
        stale: the service folds the log again (:attr:`stale`). ``parsed``: a sheet
        record's entry as the game's sheet already parsed it (the log check did), not
        parsed again."""
        body: Any = rec.body  # its kind's fold knows its type
        try:
            step, drops, ledger, cancellable, of_round = EVENT_FOLDS[type(body)]
        except KeyError:
            fold = fold_of(body)  # a subclass folds as its kind
            if fold is None:  # a knockout's record (event_folds.REFUSED), or unknown
                raise unknown_record(rec.kind, self.event_id) from None
            step, drops, ledger, cancellable, of_round = fold
        number: int = (body.round or 0) if of_round else 0
        if self._views or self._results or self._scores:  # a replay memoizes nothing
            drops(self, number)
        seq = rec.seq
        if seq > self.last_seq:
            self.last_seq = seq
        cancel = self.cancellations.get(seq) if self.cancellations else None
        if ledger is not None:
            line = ledger(self, body, rec)
            if cancel is not None:
                line = replace(line, cancelled_by=cancel.actor, cancel_reason=cancel.reason)
            self.ledger.append(line)
        if number and 1 <= number <= self.config.rounds:
            held = self.rounds.get(number) or round_held(self, number)
            held.version = seq if cancel is None or cancel.seq < seq else cancel.seq
        if cancel is not None:
            return
        if cancellable:
            self.actions[seq] = rec
        step(self, body, rec, parsed)


AnyEntry = Any
"""A table's sheet as the event's game parses it (see :class:`SheetKind`)."""
