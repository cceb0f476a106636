"""Use cases of an event of rounds: each action is a command value
(:mod:`arbitro.tournament.commands.values`) that the edges run with :meth:`EventLog.run`,
decided on the event's state (cached, refreshed from the store) and its records appended;
the views read the same state. :class:`EventService` adds only what is more than one command
(issue 30)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError
from arbitro.lazy_names import lazy_module
from arbitro.services.event_log import EventLog, to_domain, to_store, utc_now
from arbitro.services.registering import RegisterMany
from arbitro.services.registrations import FileRow, LineProblem
from arbitro.tournament import commands
from arbitro.tournament.commands import values
from arbitro.tournament.event import EventConfig, EventState, SheetVersion
from arbitro.tournament.model import CompetitorId, Movement, TableSeating
from arbitro.tournament.records import Record

if TYPE_CHECKING:  # the views' modules, loaded by the queries that read them
    from arbitro.games.prepared_deals import PreparedBoard
    from arbitro.services import sheet_proof
    from arbitro.tournament import boards as board_views
    from arbitro.tournament import clock, pairing_constraints
    from arbitro.tournament import seating_warnings as seating_checks
    from arbitro.tournament.boards import BoardCheckState, LineCardRow
    from arbitro.tournament.commands import rounds as round_commands
    from arbitro.tournament.movements.boards import BoardPlan
    from arbitro.tournament.pairing_constraints import Constraint, UnkeptConstraint
    from arbitro.tournament.scoring.comparison import Comparison
    from arbitro.tournament.seating_warnings import SeatingWarning
    from arbitro.tournament.standings import standings as ranking
    from arbitro.tournament.standings.standings import StandingRow
else:
    board_views = lazy_module("arbitro.tournament.boards")
    clock = lazy_module("arbitro.tournament.clock")
    pairing_constraints = lazy_module("arbitro.tournament.pairing_constraints")
    ranking = lazy_module("arbitro.tournament.standings.standings")
    round_commands = lazy_module("arbitro.tournament.commands.rounds")
    seating_checks = lazy_module("arbitro.tournament.seating_warnings")
    sheet_proof = lazy_module("arbitro.services.sheet_proof")

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
    :class:`RecordStore`.

    An action is a command value (:mod:`arbitro.tournament.commands.values`, or
    :class:`~arbitro.services.registering.Register`) that the edges build and run with
    :meth:`run`: ``service.run(event_id, values.Withdraw(competitor, reason, actor))``. The
    methods below are not actions but what more than one command does: the event's creation,
    the use cases of several steps (a list registered outside the lock, a round seated and
    published as one step, a phone's sheet sealed) and the queries (views of the state); each
    docstring says which. ``tests/services/test_one_way_to_run.py`` refuses a method that only
    runs one command value (issue 30)."""

    fold = EventState

    # ------------------------------------------------------------------ set-up
    def create_event(
        self, event_id: str, config: EventConfig, actor: str = "director"
    ) -> EventState:
        """Create an event: its first record is its configuration, checked (FIBAS art. 4
        movements, art. 7 deals). Not a command run on a state: the event has none before
        it."""
        record = commands.create_event(config, self.clock(), actor)
        return self._create(event_id, config.name, "rounds", record)

    def register_many(
        self,
        event_id: str,
        rows: Sequence[FileRow | tuple[str, Sequence[str]]],
        actor: str = "director",
        problems: Sequence[LineProblem] = (),
    ) -> list[CompetitorId]:
        """Register every competitor of a list all or nothing (:class:`RegisterMany`,
        decided outside the lock with :meth:`run_outside`, FIBAS art. 2); a plain
        ``(name, players)`` is numbered by its place in the list. More than a command: the
        rows are made lines and the decision runs outside the lock."""
        lines = [
            r if isinstance(r, FileRow) else FileRow(n, r[0], list(r[1]))
            for n, r in enumerate(rows, start=1)
        ]
        return self.run_outside(event_id, RegisterMany(lines, actor, problems))

    # ------------------------------------------------------------------ constraints
    def constraints(self, event_id: str) -> list[Constraint]:
        """The constraints in force, in the order they were added (FIBAS art. 4). A
        query."""
        return pairing_constraints.constraints(self.state(event_id))

    def unkept_constraints(self, event_id: str, round_number: int) -> list[UnkeptConstraint]:
        """The constraints round ``round_number``'s seating does not keep (art. 4). A
        query."""
        return pairing_constraints.unkept_constraints(self.state(event_id), round_number)

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
        """Seat a round (FIBAS art. 4) and publish the seating if asked (art. 21 b), as
        one step: two commands under one hold of the lock, answering the state after them."""
        with self._lock:
            self.run(event_id, values.Seat(round_number, movement, seed, arbiter_tables, actor))
            if publish:
                self.run(event_id, values.PublishSeating(round_number, actor))
            return self._cache[event_id]

    def seating_edits(self, event_id: str, round_number: int) -> list[Record]:
        """The hand edits in force of the round's seating, in order (not cancelled; none
        after a new draw; FIBAS art. 4, 37). A query."""
        return list(self.state(event_id).round(round_number).edits)

    def seating_warnings(self, event_id: str, round_number: int) -> list[SeatingWarning]:
        """What the round's seating should be looked at for before it is published: a
        rematch, a constraint not kept, a rest twice in a session, incomplete tables (FIBAS
        art. 4, 37): warnings, never refusals. A query."""
        return seating_checks.seating_warnings(self.state(event_id), round_number)

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
        content (issue 29, :mod:`.sheet_proof`). More than a command: the
        :class:`~arbitro.tournament.commands.values.EnterSheet` is wrapped in the seal bound
        to this event's id, which the edges do not build themselves."""
        enter = values.EnterSheet(round_number, table, entry, actor, line, device, source)
        return self.run(event_id, sheet_proof.Sealed(enter, event_id, seal))

    def sheet_history(self, event_id: str, round_number: int, table: int) -> list[SheetVersion]:
        """Every entry and correction of a table's sheet, oldest first (FIBAS art. 19-21).
        A query."""
        sheet = self.state(event_id).round(round_number).sheets.get(table)
        return list(sheet.history) if sheet else []

    def open_complaints(self, event_id: str) -> list[OpenComplaint]:
        """Every complaint not yet settled, by round then number (FIBAS art. 38-39). A
        query."""
        state = self.state(event_id)
        return [
            OpenComplaint(n, seq, text, r.complainants.get(seq))
            for n, r in sorted(state.rounds.items())
            for seq, text in sorted(r.open_complaints.items())
        ]

    def stale_seating(self, event_id: str, round_number: int) -> bool:
        """True when the round's unpublished seating was drawn on standings a correction has
        changed since (FIBAS art. 21 a): the director is asked to draw it again. A query."""
        return round_commands.stale_seating(self.state(event_id), round_number)

    def round_clock(self, event_id: str, round_number: int) -> clock.RoundClock | None:
        """The round's clock now (FIBAS art. 7, 17), or None before it is started. A query
        (read at the service's clock)."""
        return clock.round_clock(self.state(event_id), round_number, self.clock())

    def lateness_of_arrival(
        self,
        event_id: str,
        round_number: int,
        competitor: CompetitorId,
        arrived: datetime | None = None,
    ) -> clock.LatenessPreview:
        """What a competitor arriving now (or at ``arrived``) is late by and what it costs,
        to show before the lateness is recorded (FIBAS art. 37). A query (read at the
        service's clock)."""
        state = self.state(event_id)
        seconds = clock.lateness_seconds(state, round_number, competitor, arrived or self.clock())
        return clock.lateness_preview(state, round_number, competitor, seconds)

    # ------------------------------------------------------------------ carte uguali
    def board_plan(self, event_id: str, round_number: int) -> BoardPlan:
        """The round's board plan: which board and copy each table plays at each deal
        (FIBAS art. 7, carte preparate). A query."""
        return board_views.board_plan(self.state(event_id), round_number)

    def boards(self, event_id: str, round_number: int) -> tuple[PreparedBoard, ...]:
        """The round's prepared boards, dealt from the event's seed (FIBAS art. 6). A
        query."""
        return board_views.boards_of(self.state(event_id), round_number)

    def board_checks(
        self, event_id: str, round_number: int
    ) -> dict[tuple[int, int], BoardCheckState]:
        """Each table's count of each of its boards this round (Law 13 model). A query."""
        return board_views.board_checks(self.state(event_id), round_number)

    def travellers(self, event_id: str, round_number: int) -> dict[int, list[Comparison]]:
        """The round's travellers: every table's result on each board against the field
        (FIBAS art. 20). A query."""
        return board_views.travellers(self.state(event_id), round_number)

    def line_card(self, event_id: str, competitor: CompetitorId) -> list[LineCardRow]:
        """A line's board-by-board card (FIBAS art. 20, carte uguali). A query."""
        return board_views.line_card(self.state(event_id), competitor)

    def standings(self, event_id: str, after_round: int | None = None) -> list[StandingRow]:
        """The standings after a round (default: the current one: V.P. then M.P.). A
        query."""
        return ranking.standings(self.state(event_id), after_round)


__all__ = ["EventService", "RowRefused", "to_domain", "to_store", "utc_now"]
