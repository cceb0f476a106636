"""Use cases of an event of rounds: each loads the event's state (cached, refreshed from the
store), asks the domain whether the action is allowed, and appends the resulting records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError, ConflictError
from arbitro.services.event_log import EventLog, fresh_seed, to_domain, to_store, utc_now
from arbitro.tournament import commands
from arbitro.tournament.commands.setup import LateEntry, check_in, check_in_all, withdraw_absent
from arbitro.tournament.event import EventConfig, EventState, SanctionKind, SheetVersion
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import (
    AbandonScore,
    CompetitorRegistered,
    CompetitorWithdrawn,
    ConstraintReason,
    FeePaid,
    PaymentMethod,
    PrizePlanRecorded,
    Record,
    SheetCorrected,
    TiebreaksChosen,
)

if TYPE_CHECKING:  # a ruling is made by the arbiter's Law 13 module, not imported to register
    from arbitro.games.burraco.boards import PreparedBoard
    from arbitro.games.prepared_deals import Law13Ruling
    from arbitro.services.registrations import FileRow, LineProblem
    from arbitro.tournament import clock
    from arbitro.tournament.boards import BoardCheckState, LineCardRow
    from arbitro.tournament.movements.boards import BoardPlan
    from arbitro.tournament.pairing_constraints import Constraint, UnkeptConstraint
    from arbitro.tournament.scoring.comparison import Comparison
    from arbitro.tournament.seating_warnings import SeatingWarning
    from arbitro.tournament.standings.standings import StandingRow

# The entry fees' commands, the round's clock, the boards' views (prepared deals, the
# movements' board plans), the pairing constraints' views (the movements) and the standings
# are imported by the methods that read them: registering competitors from the command line
# loads none of them (issue 14).


class RowRefused(ArbitroError):
    """A row of a list of registrations refused: ``row`` (1 for the list's first), the name,
    and the domain's refusal (``cause``, whose kind says how the desk answers: a name already
    registered is a conflict)."""

    def __init__(self, row: int, name: str, cause: ArbitroError) -> None:
        super().__init__(
            "row {row} («{name}»): {problem}",
            row=row,
            name=name,
            problem=cause.msg,
        )
        self.row = row
        self.name = name
        self.cause = cause


@dataclass(frozen=True, slots=True)
class OpenComplaint:
    """A complaint not yet settled: its round, its number (the seq of its record), its text and
    the competitor who lodged it, if recorded (FIBAS art. 39)."""

    round: int
    number: int
    text: str
    competitor: CompetitorId | None


class EventService(EventLog[EventState]):
    """The director's and arbiter's actions on events of rounds stored in a
    :class:`RecordStore`."""

    fold = EventState

    # ------------------------------------------------------------------ set-up
    def create_event(
        self, event_id: str, config: EventConfig, actor: str = "director"
    ) -> EventState:
        """Create an event (its first record is its configuration)."""
        record = commands.create_event(config, self.clock(), actor)
        return self._create(event_id, config.name, "rounds", record)

    def register(
        self,
        event_id: str,
        name: str,
        players: Sequence[str] = (),
        actor: str = "director",
        late: LateEntry | None = None,
    ) -> CompetitorId:
        """Register a competitor; returns its number (at most ``max_competitors()`` an
        event: docs/security.md). With ``late`` the director admits it from a later round
        (docs/rulings.md "Late entries")."""
        from arbitro.services.registrations import check_room

        def decide(st: EventState, now: datetime) -> list[Record]:
            check_room(st, 1)
            return commands.register(st, name, players, now, actor, late)

        records = self._do_many(event_id, decide)
        body = records[0].body
        assert isinstance(body, CompetitorRegistered)
        return body.competitor

    def register_many(
        self,
        event_id: str,
        rows: Sequence[FileRow | tuple[str, Sequence[str]]],
        actor: str = "director",
        problems: Sequence[LineProblem] = (),
    ) -> list[CompetitorId]:
        """Register every competitor of a list (an uploaded file's rows, each with its line;
        a plain ``(name, players)`` is numbered by its place in the list) all or nothing: one
        transaction, refused whole with a :class:`FileRefused` that lists every problem by
        line, ``problems`` (those found reading the file) included. The list is decided on a
        private copy of the state, outside the lock (the phones' pages are answered
        meanwhile), each row checked against the rows before it."""
        from arbitro.services.registrations import FileRow, decide_registrations

        lines = [
            r if isinstance(r, FileRow) else FileRow(n, r[0], list(r[1]))
            for n, r in enumerate(rows, start=1)
        ]
        records = self._do_many_outside(
            event_id,
            lambda snapshot, now: decide_registrations(snapshot, lines, now, actor, problems),
        )
        return [r.body.competitor for r in records if isinstance(r.body, CompetitorRegistered)]

    def rename(
        self,
        event_id: str,
        competitor: CompetitorId,
        name: str,
        players: Sequence[str] | None = None,
        actor: str = "director",
    ) -> None:
        """Rename a competitor and, if ``players`` is given, change its players."""
        self._do(
            event_id, lambda st, now: commands.rename(st, competitor, name, now, actor, players)
        )

    def check_in(
        self,
        event_id: str,
        competitors: Sequence[CompetitorId],
        present: bool = True,
        actor: str = "director",
    ) -> None:
        """Mark competitors present (or absent again) at the check-in before round 1."""
        self._do_many(event_id, lambda st, now: check_in(st, competitors, now, present, actor))

    def check_in_all(self, event_id: str, actor: str = "director") -> int:
        """Mark every competitor playing round 1 present; returns how many were marked."""
        return len(self._do_many(event_id, lambda st, now: check_in_all(st, now, actor)))

    def withdraw_absent(self, event_id: str, actor: str = "director") -> list[CompetitorId]:
        """Withdraw every competitor not checked in (FIBAS art. 36); returns their numbers."""
        records = self._do_many(event_id, lambda st, now: withdraw_absent(st, now, actor))
        return [r.body.competitor for r in records if isinstance(r.body, CompetitorWithdrawn)]

    def set_fee(self, event_id: str, cents: int, actor: str = "director") -> None:
        """Set or change the entry fee per competitor before round 1 is seated."""
        from arbitro.tournament.commands.fees import set_fee

        self._do(event_id, lambda st, now: set_fee(st, cents, now, actor))

    def pay(
        self,
        event_id: str,
        competitors: Sequence[CompetitorId],
        amount: int | None = None,
        method: PaymentMethod = PaymentMethod.CASH,
        actor: str = "director",
    ) -> int:
        """Record the entry fee paid by each competitor (``amount`` cents, or what each
        still owes); returns the total taken."""
        from arbitro.tournament.commands.fees import pay

        records = self._do_many(
            event_id, lambda st, now: pay(st, competitors, now, amount, method, actor)
        )
        return sum(r.body.amount_cents for r in records if isinstance(r.body, FeePaid))

    def unpay(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Undo a competitor's last payment (a cancellation, with the reason)."""
        from arbitro.tournament.commands.fees import unpay

        self._do(event_id, lambda st, now: unpay(st, competitor, now, reason, actor))

    def withdraw(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> int:
        """Withdraw a competitor; returns the first round it no longer plays."""
        rec = self._do(
            event_id, lambda st, now: commands.withdraw(st, competitor, now, reason, actor)
        )
        assert isinstance(rec.body, CompetitorWithdrawn)
        return rec.body.from_round

    def readmit(
        self, event_id: str, competitor: CompetitorId, reason: str | None, actor: str = "director"
    ) -> None:
        """Re-admit a withdrawn competitor (its withdrawal cancelled, with the reason); a late
        pair is seated at round 1's incomplete table (FIBAS art. 37)."""
        self._do_many(
            event_id, lambda st, now: commands.readmit(st, competitor, reason, now, actor)
        )

    # ------------------------------------------------------------------ constraints
    def add_constraint(
        self,
        event_id: str,
        first: CompetitorId,
        second: CompetitorId,
        reason: ConstraintReason | str = ConstraintReason.DIRECTOR,
        note: str = "",
        actor: str = "director",
    ) -> int:
        """Record that two competitors must not meet (same club, family, the director's
        list, FIBAS art. 4); returns the record's seq (what cancels it)."""
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.add_constraint(
                    st, first, second, reason, now, actor, note
                ),
            )
            return self.state(event_id).last_seq

    def add_constraints(
        self,
        event_id: str,
        pairs: Sequence[tuple[CompetitorId, CompetitorId, ConstraintReason, str]],
        actor: str = "director",
    ) -> None:
        """Record several constraints at once, all or none (one transaction): each pair is
        decided against the state and the pairs before it (a pair twice is refused)."""
        if not pairs:
            return

        def make(state: EventState, now: datetime) -> list[Record]:
            made: list[Record] = []
            seen: set[frozenset[CompetitorId]] = set()
            for first, second, reason, note in pairs:
                rec = commands.add_constraint(state, first, second, reason, now, actor, note)
                key = frozenset((first, second))
                if key in seen:
                    raise ConflictError(
                        "competitors {first} and {second} are already kept apart",
                        first=first,
                        second=second,
                    )
                seen.add(key)
                made.append(rec)
            return made

        self._do_many(event_id, make)

    def constraints(self, event_id: str) -> list[Constraint]:
        """The constraints in force, in the order they were added."""
        from arbitro.tournament.pairing_constraints import constraints

        return constraints(self.state(event_id))

    def unkept_constraints(self, event_id: str, round_number: int) -> list[UnkeptConstraint]:
        """The constraints round ``round_number``'s seating does not keep (art. 4)."""
        from arbitro.tournament.pairing_constraints import unkept_constraints

        return unkept_constraints(self.state(event_id), round_number)

    # ------------------------------------------------------------------ rounds
    def seat(
        self,
        event_id: str,
        round_number: int,
        *,
        movement: Movement | None = None,
        seed: int | None = None,
        arbiter_tables: tuple[TableSeating, ...] | None = None,
        publish: bool = False,
        actor: str = "director",
    ) -> EventState:
        """Seat a round (and publish the seating if asked). A draw uses ``seed`` if given, the
        event's seed if it was created with one, else a fresh seed from a secure source; the
        record keeps it (FIBAS art. 4: "sorteggio")."""
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.seat(
                    st,
                    round_number,
                    now,
                    movement=movement,
                    seed=fresh_seed(seed, st.config.seed),
                    arbiter_tables=arbiter_tables,
                    actor=actor,
                ),
            )
            if publish:
                self.publish_seating(event_id, round_number, actor)
            return self._cache[event_id]

    def publish_seating(
        self,
        event_id: str,
        round_number: int,
        actor: str = "director",
        *,
        seen: int | None = None,
    ) -> None:
        """Publish a round's seating (FIBAS art. 4, art. 21 b: from then on it stands). With
        ``seen``, the round's version the director looked at (the desk's form, the API's
        ``seen``, the CLI's ``--seen``): refused with the tables that differ
        (:class:`~arbitro.tournament.seating_changes.SeatingChanged`) when the round was
        seated again or edited since and its tables are no longer the ones seen (issue 29)."""
        from arbitro.tournament.seating_changes import SeatingChanged, seating_changes

        def decide(st: EventState, now: datetime) -> Record:
            if seen is not None and seen != st.round(round_number).version:
                changes = seating_changes(self.state_at(event_id, seen), st, round_number)
                if changes:
                    raise SeatingChanged(round_number, changes)
                return commands.publish_seating(st, round_number, now, actor)  # same tables
            return commands.publish_seating(st, round_number, now, actor, seen=seen)

        self._do(event_id, decide)

    def state_at(self, event_id: str, seq: int) -> EventState | None:
        """The event as it was after its record ``seq`` (folded again from the store: what a
        director saw then); None before its first record."""
        records = [to_domain(r) for r in self.store.records(event_id) if r.seq <= seq]
        return EventState.replay(event_id, records) if records else None

    def swap_seats(
        self,
        event_id: str,
        round_number: int,
        first: CompetitorId,
        second: CompetitorId,
        actor: str = "director",
    ) -> int:
        """Swap two competitors in the round's unpublished seating (FIBAS art. 4;
        docs/rulings.md, "Seating by hand"); the edit's record number (to cancel it)."""
        from arbitro.tournament.commands.seating_edit import swap_competitors

        with self._lock:
            self._do(
                event_id,
                lambda st, now: swap_competitors(st, round_number, first, second, now, actor),
            )
            return self.state(event_id).last_seq

    def move_seat(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        table: int,
        line: str,
        actor: str = "director",
    ) -> int:
        """Move a competitor to a table and line of the round's unpublished seating (the
        line's occupant takes its place; the table after the last is a new one, art. 37);
        the edit's record number (to cancel it)."""
        from arbitro.tournament.commands.seating_edit import move_competitor

        with self._lock:
            self._do(
                event_id,
                lambda st, now: move_competitor(
                    st, round_number, competitor, table, line, now, actor
                ),
            )
            return self.state(event_id).last_seq

    def seating_edits(self, event_id: str, round_number: int) -> list[Record]:
        """The hand edits in force of the round's seating, in order (not cancelled; none
        after a new draw)."""
        return list(self.state(event_id).round(round_number).edits)

    def seating_warnings(self, event_id: str, round_number: int) -> list[SeatingWarning]:
        """What the round's seating should be looked at for before it is published: a
        rematch, a constraint not kept, a rest twice in a session, incomplete tables (FIBAS
        art. 4, 37): warnings, never refusals."""
        from arbitro.tournament.seating_warnings import seating_warnings

        return seating_warnings(self.state(event_id), round_number)

    def enter_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        entry: Any,
        actor: str = "director",
        line: str | None = None,
        device: str | None = None,
        source: str | None = None,
        seal: bytes | None = None,
    ) -> str:
        """Enter a sheet (``line`` "ns"/"ew" when a line submits it from the table); returns
        the sheet's status after it: ``pending``, ``confirmed`` or ``conflict``. A line's
        signature carries its phone's ``source`` and, given the installation's secret
        (``seal``), the proof bound to its content (issue 29, :mod:`.sheet_proof`)."""
        from arbitro.services.sheet_proof import sealed

        with self._lock:
            self._do(
                event_id,
                lambda st, now: sealed(
                    commands.enter_sheet(
                        st, round_number, table, entry, now, actor, line, device, source
                    ),
                    event_id,
                    seal,
                ),
            )
            return commands.sheet_status(self._cache[event_id], round_number, table)

    def confirm_sheet(
        self, event_id: str, round_number: int, table: int, actor: str = "director"
    ) -> None:
        """The director confirms a sheet submitted by one line only."""
        self._do(
            event_id, lambda st, now: commands.confirm_sheet(st, round_number, table, now, actor)
        )

    def correct_sheet(
        self,
        event_id: str,
        round_number: int,
        table: int,
        *,
        kind: str,
        reason: str | None,
        entry: Any = None,
        table_agrees: bool = False,
        by_arbiter: bool = False,
        swap: Sequence[CompetitorId] | None = None,
        actor: str = "director",
    ) -> int:
        """Correct a sheet (art. 21); returns the round from which the correction counts."""
        rec = self._do(
            event_id,
            lambda st, now: commands.correct_sheet(
                st,
                round_number,
                table,
                now,
                kind=kind,
                reason=reason,
                entry=entry,
                table_agrees=table_agrees,
                by_arbiter=by_arbiter,
                swap=swap,
                actor=actor,
            ),
        )
        assert isinstance(rec.body, SheetCorrected)
        return rec.body.effective_round

    def sheet_history(self, event_id: str, round_number: int, table: int) -> list[SheetVersion]:
        """Every entry and correction of a table's sheet, oldest first."""
        sheet = self.state(event_id).round(round_number).sheets.get(table)
        return list(sheet.history) if sheet else []

    def record_lateness(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        seconds: int,
        actor: str = "arbiter",
    ) -> None:
        """Record a lateness (art. 37)."""
        self._do(
            event_id,
            lambda st, now: commands.record_lateness(
                st, round_number, competitor, seconds, now, actor
            ),
        )

    def give_warning(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        reason: str | None,
        article: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Give a warning (the event's code's article unless ``article`` names another:
        FIBAS art. 22, 41; Parole art. 14.4)."""
        self.give_sanction(
            event_id,
            round_number,
            competitor,
            SanctionKind.WARNING,
            reason,
            article=article,
            actor=actor,
        )

    def give_sanction(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        kind: SanctionKind,
        reason: str | None,
        *,
        article: str | None = None,
        player: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record a reprimand, warning or expulsion in the sanctions ledger."""
        self._do(
            event_id,
            lambda st, now: commands.give_sanction(
                st,
                round_number,
                competitor,
                kind,
                reason,
                now,
                article=article,
                player=player,
                actor=actor,
            ),
        )

    def give_penalty(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        reason: str | None,
        *,
        mp: int | None = None,
        vp: int | None = None,
        article: str | None = None,
        player: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record a penalty in points (FIBAS art. 22): M.P. and V.P. off the standings."""
        self._do(
            event_id,
            lambda st, now: commands.give_penalty(
                st,
                round_number,
                competitor,
                reason,
                now,
                mp=mp,
                vp=vp,
                article=article,
                player=player,
                actor=actor,
            ),
        )

    def record_board_ruling(
        self,
        event_id: str,
        round_number: int,
        table: int,
        ruling: Law13Ruling,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Record a Law 13 ruling against a prepared board."""
        self._do(
            event_id,
            lambda st, now: commands.record_board_ruling(
                st, round_number, table, ruling, reason, now, actor
            ),
        )

    def judge_word(
        self,
        event_id: str,
        word: str,
        approved: bool,
        reason: str | None,
        round_number: int | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record the language judge's ruling on a disputed word (Parole art. 2, 4.1)."""
        from arbitro.tournament.commands.words import judge_word

        self._do(
            event_id,
            lambda st, now: judge_word(st, word, approved, round_number, reason, now, actor),
        )

    def rule_wrong_count(
        self,
        event_id: str,
        round_number: int,
        table: int,
        board: int,
        *,
        play_begun: bool,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Record the event code's own remedy for a board counted wrong (FIBAS art. 6)."""
        from arbitro.tournament.commands.boards import rule_wrong_count

        self._do(
            event_id,
            lambda st, now: rule_wrong_count(
                st,
                round_number,
                table,
                board,
                play_begun=play_begun,
                reason=reason,
                now=now,
                actor=actor,
            ),
        )

    def arbitral_score(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        mp: int,
        vp: int,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Assign an arbitral score (art. 40)."""
        self._do(
            event_id,
            lambda st, now: commands.arbitral_score(
                st, round_number, competitor, mp, vp, reason, now, actor
            ),
        )

    def record_abandon(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        justified: bool,
        reason: str | None,
        actor: str = "arbiter",
        score: AbandonScore | None = None,
    ) -> None:
        """Record an abandon (FIBAS art. 36) with, where the code offers it, the arbiter's
        choice of the leaving side's score (Parole art. 13.4)."""
        self._do(
            event_id,
            lambda st, now: commands.record_abandon(
                st, round_number, competitor, justified, reason, now, actor, score
            ),
        )

    def publish_standings(
        self,
        event_id: str,
        round_number: int,
        actor: str = "director",
        *,
        seen: int | None = None,
    ) -> None:
        """Publish a round's standings (provisional during the complaints window, art. 39);
        if ``seen``, only while the round is the version the director saw."""
        self._do(
            event_id,
            lambda st, now: commands.publish_standings(st, round_number, now, actor, seen=seen),
        )

    def record_prize_plan(
        self, event_id: str, plan: PrizePlanRecorded, actor: str = "director"
    ) -> None:
        """Record the event's prize plan (Parole art. 6.1): categories, tie rule, seed."""
        self._do(event_id, lambda st, now: commands.record_prize_plan(st, plan, now, actor))

    def choose_tiebreaks(
        self,
        event_id: str,
        criteria: Sequence[str],
        seed: int | None = None,
        actor: str = "director",
    ) -> TiebreaksChosen:
        """Record the event's tie-breaks among competitors level on V.P., in order (issue
        34), written in either language; a draw among them keeps ``seed``, else the earlier
        choice's, else the event's, else a fresh one (as a seating's draw). Returns the
        record's body."""
        from arbitro.tiebreak_names import DRAW
        from arbitro.tournament.standings.tiebreaks import check_criteria

        def make(st: EventState, now: datetime) -> Record:
            names = check_criteria(criteria)
            drawn = 0
            if DRAW in names:
                earlier = st.tiebreaks.seed if st.tiebreaks is not None else 0
                drawn = seed if seed is not None else earlier or st.config.seed
                drawn = drawn or (fresh_seed(None) or 0)
            made[0] = TiebreaksChosen(names, drawn)
            return commands.choose_tiebreaks(st, made[0], now, actor)

        made: list[TiebreaksChosen] = [TiebreaksChosen(())]
        self._do(event_id, make)
        return made[0]

    def lodge_complaint(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        text: str,
        actor: str = "director",
    ) -> int:
        """Lodge a complaint (art. 39); returns its number."""
        with self._lock:
            self._do(
                event_id,
                lambda st, now: commands.lodge_complaint(
                    st, round_number, competitor, text, now, actor
                ),
            )
            return self._cache[event_id].last_seq

    def resolve_complaint(
        self,
        event_id: str,
        round_number: int,
        complaint: int,
        decision: str | None,
        actor: str = "director",
    ) -> None:
        """Settle a complaint (art. 38)."""
        self._do(
            event_id,
            lambda st, now: commands.resolve_complaint(
                st, round_number, complaint, decision, now, actor
            ),
        )

    def decide_complaint(
        self,
        event_id: str,
        round_number: int,
        complaint: int,
        decision: str | None,
        *,
        accepted: bool,
        table: int | None = None,
        by_arbiter: bool = False,
        actor: str = "director",
    ) -> int | None:
        """Accept or reject a complaint about a round's standings (FIBAS art. 38-39). Accepted
        with ``table``: the table acknowledged scores written on the wrong lines, and its
        sheet is corrected (art. 21) in the same step, before the complaint is settled, so
        that the correction counts in the standings of the round the complaint concerns.
        Returns the round the correction counts from (None without a correction)."""

        def make(st: EventState, now: datetime) -> list[Record]:
            made = []
            if accepted and table is not None:
                made.append(
                    commands.correct_sheet(
                        st,
                        round_number,
                        table,
                        now,
                        kind="inverted",
                        reason=decision,
                        table_agrees=True,
                        by_arbiter=by_arbiter,
                        actor=actor,
                        complaint=complaint,
                    )
                )
            made.append(
                commands.resolve_complaint(
                    st, round_number, complaint, decision, now, actor, accepted=accepted
                )
            )
            return made

        records = self._do_many(event_id, make)
        first = records[0].body
        return first.effective_round if isinstance(first, SheetCorrected) else None

    def open_complaints(self, event_id: str) -> list[OpenComplaint]:
        """Every complaint not yet settled, by round then number (FIBAS art. 38-39)."""
        state = self.state(event_id)
        return [
            OpenComplaint(n, seq, text, r.complainants.get(seq))
            for n, r in sorted(state.rounds.items())
            for seq, text in sorted(r.open_complaints.items())
        ]

    def stale_seating(self, event_id: str, round_number: int) -> bool:
        """True when the round's unpublished seating was drawn on standings a correction has
        changed since (FIBAS art. 21 a): the director is asked to draw it again."""
        from arbitro.tournament.commands.rounds import stale_seating

        return stale_seating(self.state(event_id), round_number)

    def redraw(self, event_id: str, round_number: int, actor: str = "director") -> None:
        """Draw an unpublished seating again, with its movement and seed, on the corrected
        standings (FIBAS art. 21 a), once the director confirms."""

        def make(st: EventState, now: datetime) -> Record:
            r = st.round(round_number)
            if r.seating is None or r.movement is None:
                raise ArbitroError("round {round} is not seated yet", round=round_number)
            return commands.seat(
                st, round_number, now, movement=r.movement, seed=r.seed, actor=actor
            )

        self._do(event_id, make)

    def start_round(
        self,
        event_id: str,
        round_number: int,
        started_at: datetime | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Start the round's clock (FIBAS art. 7), now or at the time given."""
        from arbitro.tournament import clock

        self._do(
            event_id,
            lambda st, now: clock.start_round(
                st, round_number, now, started_at=started_at, actor=actor
            ),
        )

    def correct_start(
        self,
        event_id: str,
        round_number: int,
        started_at: datetime,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Correct the start of the round's clock (FIBAS art. 7), with the reason: the time
        played and the lateness count from the corrected start."""
        from arbitro.tournament import clock

        self._do(
            event_id,
            lambda st, now: clock.correct_start(
                st, round_number, now, started_at, reason, actor=actor
            ),
        )

    def round_clock(self, event_id: str, round_number: int) -> clock.RoundClock | None:
        """The round's clock now (FIBAS art. 7, 17), or None before it is started."""
        from arbitro.tournament import clock

        return clock.round_clock(self.state(event_id), round_number, self.clock())

    def lateness_of_arrival(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        arrived: datetime | None = None,
    ) -> clock.LatenessPreview:
        """What a competitor arriving now (or at ``arrived``) is late by and what it costs,
        to show before the lateness is recorded (FIBAS art. 37)."""
        from arbitro.tournament import clock

        state = self.state(event_id)
        seconds = clock.lateness_seconds(state, round_number, competitor, arrived or self.clock())
        return clock.lateness_preview(state, round_number, competitor, seconds)

    def cancel(self, event_id: str, seq: int, reason: str | None, actor: str = "director") -> None:
        """Cancel an earlier action (a sanction, a lateness, an abandon, an arbitral score,
        a correction, a withdrawal, a board ruling): the standings are computed again."""
        self._do(event_id, lambda st, now: commands.cancel(st, seq, reason, now, actor))

    # ------------------------------------------------------------------ carte uguali
    def check_board(
        self,
        event_id: str,
        round_number: int,
        table: int,
        board: int,
        counts: Mapping[str, int] | None,
        actor: str = "table",
    ) -> None:
        """Record a table's count of a board before play (Law 13 model): None or the
        expected counts is "board checked"; a wrong count is a Law 13 case for the arbiter."""
        self._do(
            event_id,
            lambda st, now: commands.check_board(
                st, round_number, table, board, counts, now, actor
            ),
        )

    def board_plan(self, event_id: str, round_number: int) -> BoardPlan:
        """The round's board plan: which board and copy each table plays at each deal
        (FIBAS art. 7, carte preparate)."""
        from arbitro.tournament import boards as board_views

        return board_views.board_plan(self.state(event_id), round_number)

    def boards(self, event_id: str, round_number: int) -> tuple[PreparedBoard, ...]:
        """The round's prepared boards, dealt from the event's seed (FIBAS art. 6)."""
        from arbitro.tournament import boards as board_views

        return board_views.boards_of(self.state(event_id), round_number)

    def board_checks(
        self, event_id: str, round_number: int
    ) -> dict[tuple[int, int], BoardCheckState]:
        """Each table's count of each of its boards this round (Law 13 model)."""
        from arbitro.tournament import boards as board_views

        return board_views.board_checks(self.state(event_id), round_number)

    def travellers(self, event_id: str, round_number: int) -> dict[int, list[Comparison]]:
        """The round's travellers: every table's result on each board against the field
        (FIBAS art. 20)."""
        from arbitro.tournament import boards as board_views

        return board_views.travellers(self.state(event_id), round_number)

    def line_card(self, event_id: str, competitor: CompetitorId) -> list[LineCardRow]:
        """A line's board-by-board card (FIBAS art. 20, carte uguali)."""
        from arbitro.tournament import boards as board_views

        return board_views.line_card(self.state(event_id), competitor)

    def standings(self, event_id: str, after_round: int | None = None) -> list[StandingRow]:
        """The standings after a round (default: the current one)."""
        from arbitro.tournament.standings.standings import standings

        return standings(self.state(event_id), after_round)


__all__ = ["EventService", "RowRefused", "to_domain", "to_store", "utc_now"]
