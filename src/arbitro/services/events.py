"""Use cases of an event of rounds: each action is a command value
(:mod:`arbitro.tournament.commands.values`) that :meth:`EventLog.run` decides on the event's
state (cached, refreshed from the store) and whose records it appends; the views read the
same state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError
from arbitro.lazy_names import lazy_module
from arbitro.services.event_log import EventLog, to_domain, to_store, utc_now
from arbitro.services.registering import Register, RegisterMany
from arbitro.services.registrations import FileRow, LineProblem
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.commands.setup import LateEntry
from arbitro.tournament.event import EventConfig, EventState, SanctionKind, SheetVersion
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import (
    AbandonScore,
    ConstraintReason,
    PaymentMethod,
    PrizePlanRecorded,
    Record,
    TiebreaksChosen,
)

if TYPE_CHECKING:  # a ruling is made by the arbiter's Law 13 module, not imported to register
    from arbitro.games.burraco.boards import PreparedBoard
    from arbitro.games.prepared_deals import Law13Ruling
    from arbitro.tournament import boards as board_views
    from arbitro.tournament import clock
    from arbitro.tournament.boards import BoardCheckState, LineCardRow
    from arbitro.tournament.movements.boards import BoardPlan
    from arbitro.tournament.pairing_constraints import Constraint, UnkeptConstraint
    from arbitro.tournament.scoring.comparison import Comparison
    from arbitro.tournament.seating_warnings import SeatingWarning
    from arbitro.tournament.standings.standings import StandingRow
else:
    board_views = lazy_module("arbitro.tournament.boards")
    clock = lazy_module("arbitro.tournament.clock")

# The command values are loaded on first use (their package's lazy names), the round's clock,
# the boards' views (prepared deals, the movements' board plans), the pairing constraints'
# views (the movements) and the standings by the methods that read them: registering
# competitors from the command line loads none of them (issue 14).


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
    # The methods that run one command each (``self.run(event_id, values.X(...))``) are kept
    # for their many callers (the edges and the tests); a new action is a command value
    # only, run by the edges with :meth:`run` (docs/architecture.md, "Services").
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
        """Register a competitor (:class:`Register`); returns its number."""
        return self.run(event_id, Register(name, players, actor, late))

    def register_many(
        self,
        event_id: str,
        rows: Sequence[FileRow | tuple[str, Sequence[str]]],
        actor: str = "director",
        problems: Sequence[LineProblem] = (),
    ) -> list[CompetitorId]:
        """Register every competitor of a list all or nothing (:class:`RegisterMany`,
        decided outside the lock); a plain ``(name, players)`` is numbered by its place in
        the list."""
        lines = [
            r if isinstance(r, FileRow) else FileRow(n, r[0], list(r[1]))
            for n, r in enumerate(rows, start=1)
        ]
        return self.run_outside(event_id, RegisterMany(lines, actor, problems))

    def rename(
        self,
        event_id: str,
        competitor: CompetitorId,
        name: str,
        players: Sequence[str] | None = None,
        actor: str = "director",
    ) -> None:
        """Rename a competitor and, if ``players`` is given, change its players."""
        self.run(event_id, values.Rename(competitor, name, players, actor))

    def check_in(
        self,
        event_id: str,
        competitors: Sequence[CompetitorId],
        present: bool = True,
        actor: str = "director",
    ) -> None:
        """Mark competitors present (or absent again) at the check-in before round 1."""
        self.run(event_id, values.CheckIn(competitors, present, actor))

    def check_in_all(self, event_id: str, actor: str = "director") -> int:
        """Mark every competitor playing round 1 present; returns how many were marked."""
        return self.run(event_id, values.CheckInAll(actor))

    def withdraw_absent(self, event_id: str, actor: str = "director") -> list[CompetitorId]:
        """Withdraw every competitor not checked in (FIBAS art. 36); returns their numbers."""
        return self.run(event_id, values.WithdrawAbsent(actor))

    def set_fee(self, event_id: str, cents: int, actor: str = "director") -> None:
        """Set or change the entry fee per competitor before round 1 is seated."""
        self.run(event_id, values.SetFee(cents, actor))

    def pay(
        self,
        event_id: str,
        competitors: Sequence[CompetitorId],
        amount: int | None = None,
        method: PaymentMethod = PaymentMethod.CASH,
        actor: str = "director",
    ) -> int:
        """Record the entry fee paid by each competitor; returns the total taken."""
        return self.run(event_id, values.Pay(competitors, amount, method, actor))

    def unpay(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Undo a competitor's last payment (a cancellation, with the reason)."""
        self.run(event_id, values.Unpay(competitor, reason, actor))

    def withdraw(
        self,
        event_id: str,
        competitor: CompetitorId,
        reason: str | None = None,
        actor: str = "director",
    ) -> int:
        """Withdraw a competitor; returns the first round it no longer plays."""
        return self.run(event_id, values.Withdraw(competitor, reason, actor))

    def readmit(
        self, event_id: str, competitor: CompetitorId, reason: str | None, actor: str = "director"
    ) -> None:
        """Re-admit a withdrawn competitor (FIBAS art. 37)."""
        self.run(event_id, values.Readmit(competitor, reason, actor))

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
        """Record that two competitors must not meet (FIBAS art. 4); returns the record's
        seq (what cancels it)."""
        return self.run(event_id, values.AddConstraint(first, second, reason, note, actor))

    def add_constraints(
        self,
        event_id: str,
        pairs: Sequence[tuple[CompetitorId, CompetitorId, ConstraintReason, str]],
        actor: str = "director",
    ) -> None:
        """Record several constraints at once, all or none (one transaction)."""
        if pairs:
            self.run(event_id, values.AddConstraints(pairs, actor))

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
        """Seat a round (FIBAS art. 4) and publish the seating if asked, as one step."""
        with self._lock:
            self.run(event_id, values.Seat(round_number, movement, seed, arbiter_tables, actor))
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
        """Publish a round's seating (FIBAS art. 4, 21 b), if ``seen`` only while its
        tables are those the director saw (issue 29)."""
        self.run(event_id, values.PublishSeating(round_number, actor, seen))

    def swap_seats(
        self,
        event_id: str,
        round_number: int,
        first: CompetitorId,
        second: CompetitorId,
        actor: str = "director",
    ) -> int:
        """Swap two competitors in the round's unpublished seating (FIBAS art. 4); the
        edit's record number (to cancel it)."""
        return self.run(event_id, values.SwapSeats(round_number, first, second, actor))

    def move_seat(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        table: int,
        line: str,
        actor: str = "director",
    ) -> int:
        """Move a competitor to a table and line of the round's unpublished seating (FIBAS
        art. 37); the edit's record number (to cancel it)."""
        return self.run(event_id, values.MoveSeat(round_number, competitor, table, line, actor))

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
        """Enter a sheet (FIBAS art. 19-20); returns the sheet's status after it:
        ``pending``, ``confirmed`` or ``conflict``. A line's signature carries its phone's
        ``source`` and, given the installation's secret (``seal``), the proof bound to its
        content (issue 29, :mod:`.sheet_proof`)."""
        from arbitro.services.sheet_proof import Sealed

        enter = values.EnterSheet(round_number, table, entry, actor, line, device, source)
        return self.run(event_id, Sealed(enter, event_id, seal))

    def confirm_sheet(
        self, event_id: str, round_number: int, table: int, actor: str = "director"
    ) -> None:
        """The director confirms a sheet submitted by one line only."""
        self.run(event_id, values.ConfirmSheet(round_number, table, actor))

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
        return self.run(
            event_id,
            values.CorrectSheet(
                round_number, table, kind, reason, entry, table_agrees, by_arbiter, swap, actor
            ),
        )

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
        self.run(event_id, values.RecordLateness(round_number, competitor, seconds, actor))

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
        warning = SanctionKind.WARNING
        self.run(
            event_id,
            values.GiveSanction(round_number, competitor, warning, reason, article, actor=actor),
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
        self.run(
            event_id,
            values.GiveSanction(round_number, competitor, kind, reason, article, player, actor),
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
        self.run(
            event_id,
            values.GivePenalty(round_number, competitor, reason, mp, vp, article, player, actor),
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
        self.run(event_id, values.RecordBoardRuling(round_number, table, ruling, reason, actor))

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
        self.run(event_id, values.JudgeWord(word, approved, reason, round_number, actor))

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
        self.run(
            event_id,
            values.RuleWrongCount(round_number, table, board, play_begun, reason, actor),
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
        self.run(event_id, values.ArbitralScore(round_number, competitor, mp, vp, reason, actor))

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
        """Record an abandon (FIBAS art. 36; Parole art. 13.4)."""
        self.run(
            event_id,
            values.RecordAbandon(round_number, competitor, justified, reason, actor, score),
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
        self.run(event_id, values.PublishStandings(round_number, actor, seen))

    def record_prize_plan(
        self, event_id: str, plan: PrizePlanRecorded, actor: str = "director"
    ) -> None:
        """Record the event's prize plan (Parole art. 6.1): categories, tie rule, seed."""
        self.run(event_id, values.RecordPrizePlan(plan, actor))

    def choose_tiebreaks(
        self,
        event_id: str,
        criteria: Sequence[str],
        seed: int | None = None,
        actor: str = "director",
    ) -> TiebreaksChosen:
        """Record the event's tie-breaks among competitors level on V.P. (issue 34);
        returns the record's body."""
        return self.run(event_id, values.ChooseTiebreaks(criteria, seed, actor))

    def lodge_complaint(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        text: str,
        actor: str = "director",
    ) -> int:
        """Lodge a complaint (art. 39); returns its number."""
        return self.run(event_id, values.LodgeComplaint(round_number, competitor, text, actor))

    def resolve_complaint(
        self,
        event_id: str,
        round_number: int,
        complaint: int,
        decision: str | None,
        actor: str = "director",
    ) -> None:
        """Settle a complaint (art. 38)."""
        self.run(event_id, values.ResolveComplaint(round_number, complaint, decision, actor))

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
        """Accept or reject a complaint about a round's standings (FIBAS art. 38-39), its
        table's sheet corrected in the same step; returns the round the correction counts
        from (None without a correction)."""
        return self.run(
            event_id,
            values.DecideComplaint(
                round_number, complaint, decision, accepted, table, by_arbiter, actor
            ),
        )

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
        """Draw an unpublished seating again on the corrected standings (FIBAS art. 21 a)."""
        self.run(event_id, values.Redraw(round_number, actor))

    def start_round(
        self,
        event_id: str,
        round_number: int,
        started_at: datetime | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Start the round's clock (FIBAS art. 7), now or at the time given."""
        self.run(event_id, values.StartRound(round_number, started_at, actor))

    def correct_start(
        self,
        event_id: str,
        round_number: int,
        started_at: datetime,
        reason: str | None,
        actor: str = "arbiter",
    ) -> None:
        """Correct the start of the round's clock (FIBAS art. 7), with the reason."""
        self.run(event_id, values.CorrectStart(round_number, started_at, reason, actor))

    def round_clock(self, event_id: str, round_number: int) -> clock.RoundClock | None:
        """The round's clock now (FIBAS art. 7, 17), or None before it is started."""
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
        state = self.state(event_id)
        seconds = clock.lateness_seconds(state, round_number, competitor, arrived or self.clock())
        return clock.lateness_preview(state, round_number, competitor, seconds)

    def cancel(self, event_id: str, seq: int, reason: str | None, actor: str = "director") -> None:
        """Cancel an earlier action: the standings are computed again."""
        self.run(event_id, values.Cancel(seq, reason, actor))

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
        """Record a table's count of a board before play (Law 13 model)."""
        self.run(event_id, values.CheckBoard(round_number, table, board, counts, actor))

    def board_plan(self, event_id: str, round_number: int) -> BoardPlan:
        """The round's board plan: which board and copy each table plays at each deal
        (FIBAS art. 7, carte preparate)."""
        return board_views.board_plan(self.state(event_id), round_number)

    def boards(self, event_id: str, round_number: int) -> tuple[PreparedBoard, ...]:
        """The round's prepared boards, dealt from the event's seed (FIBAS art. 6)."""
        return board_views.boards_of(self.state(event_id), round_number)

    def board_checks(
        self, event_id: str, round_number: int
    ) -> dict[tuple[int, int], BoardCheckState]:
        """Each table's count of each of its boards this round (Law 13 model)."""
        return board_views.board_checks(self.state(event_id), round_number)

    def travellers(self, event_id: str, round_number: int) -> dict[int, list[Comparison]]:
        """The round's travellers: every table's result on each board against the field
        (FIBAS art. 20)."""
        return board_views.travellers(self.state(event_id), round_number)

    def line_card(self, event_id: str, competitor: CompetitorId) -> list[LineCardRow]:
        """A line's board-by-board card (FIBAS art. 20, carte uguali)."""
        return board_views.line_card(self.state(event_id), competitor)

    def standings(self, event_id: str, after_round: int | None = None) -> list[StandingRow]:
        """The standings after a round (default: the current one)."""
        from arbitro.tournament.standings.standings import standings

        return standings(self.state(event_id), after_round)


__all__ = ["EventService", "RowRefused", "to_domain", "to_store", "utc_now"]
