"""Registering competitors as command values (FIBAS art. 2, 4; late entries art. 37): one
competitor, or every row of a list all or nothing. Here rather than with the domain's
command values because each first checks the installation's room for more competitors
(:func:`~arbitro.services.registrations.max_competitors`, docs/security.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbitro.services.registrations import FileRow, LineProblem, check_room, decide_registrations
from arbitro.tournament.commands.command import Context
from arbitro.tournament.commands.setup import LateEntry, register
from arbitro.tournament.event import EventState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import CompetitorRegistered, Record


@dataclass(frozen=True, slots=True)
class Register:
    """Register a competitor; answers its number. With ``late`` the director admits it from
    a later round (docs/rulings.md "Late entries")."""

    name: str
    players: Sequence[str] = ()
    actor: str = "director"
    late: LateEntry | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The registration's record(s), within the installation's room."""
        check_room(state, 1)
        return register(state, self.name, self.players, ctx.now, self.actor, self.late)

    def outcome(self, records: Sequence[Record], state: EventState) -> CompetitorId:
        """The competitor's number."""
        body = records[0].body
        assert isinstance(body, CompetitorRegistered)
        return body.competitor


@dataclass(frozen=True, slots=True)
class RegisterMany:
    """Register every row of a list all or nothing: refused whole with a
    :class:`~arbitro.services.registrations.FileRefused` that lists every problem by line,
    ``problems`` (those found reading the file) included; answers the numbers given. Meant
    for ``run_outside`` (decided on a private copy of the state, outside the lock)."""

    rows: Sequence[FileRow]
    actor: str = "director"
    problems: Sequence[LineProblem] = ()

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """Every row's records, each row checked against the rows before it."""
        return decide_registrations(state, self.rows, ctx.now, self.actor, self.problems)

    def outcome(self, records: Sequence[Record], state: EventState) -> list[CompetitorId]:
        """The numbers of the competitors registered, in the list's order."""
        return [r.body.competitor for r in records if isinstance(r.body, CompetitorRegistered)]
