"""The services the terminal's commands run on: every change a command records is signed by
who acts at the terminal (:func:`arbitro.cli.actor.terminal_actor`: the root's ``--actor``,
else ``$ARBITRO_ACTOR``, else the login name), as the desk signs its user's. One place for
every recording command (FIBAS art. 19-21, 36-41 ask who entered, confirmed, corrected,
published, withdrew, sanctioned): a command value builds its records with a default actor
(«director», «arbiter»: :data:`UNNAMED`) and the terminal's service names the person in its
place; an actor the command names itself (a sheet's ``--actor``, a bot, a table's line) is
kept. Imported on first use by :func:`arbitro.cli.common.service` (issue 14: the command
line's start-up; the knockouts' in :mod:`arbitro.cli.terminal_knockouts`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

from arbitro.cli.actor import terminal_actor
from arbitro.i18n import DEFAULT_ACTOR
from arbitro.services.event_log import EventLog, Fold
from arbitro.services.events import EventService
from arbitro.tournament.commands.command import Command, Context
from arbitro.tournament.event import EventConfig, EventState
from arbitro.tournament.records import Record

S = TypeVar("S", bound=Fold)
R = TypeVar("R")

UNNAMED = frozenset({DEFAULT_ACTOR, "arbiter"})
"""The actors a command records when nobody is named (the commands' defaults, the words
:data:`arbitro.cli.words.ACTOR_NAMES` names): at the terminal, who acts there."""


def signed_as(actor: str, named: str) -> str:
    """Who a record made at the terminal is by: ``named`` if a person or a device is named,
    ``actor`` (who acts at the terminal) in place of a default actor (:data:`UNNAMED`)."""
    return actor if named in UNNAMED else named


@dataclass(frozen=True, slots=True)
class Signed(Generic[S, R]):
    """A command run at the terminal: its records, decided as the command decides them, by
    ``actor`` where they name a default actor (FIBAS art. 36-41: the log says who did what);
    what it answers is the command's."""

    command: Command[S, R]
    actor: str

    def decide(self, state: S, ctx: Context[S]) -> list[Record]:
        """The command's records, each by :func:`signed_as` the terminal's actor."""
        return [
            replace(r, actor=signed_as(self.actor, r.actor))
            for r in self.command.decide(state, ctx)
        ]

    def outcome(self, records: Sequence[Record], state: S) -> R:
        """What the command answers."""
        return self.command.outcome(records, state)


class SignedRuns(EventLog[S]):
    """An event log whose every command is :class:`Signed` by who acts at the terminal when
    it runs."""

    def run(self, event_id: str, command: Command[S, R]) -> R:
        """Run ``command`` (:meth:`EventLog.run`), its records by the terminal's actor."""
        return super().run(event_id, Signed(command, terminal_actor()))

    def run_outside(self, event_id: str, command: Command[S, R]) -> R:
        """Run ``command`` outside the lock (:meth:`EventLog.run_outside`), its records by
        the terminal's actor."""
        return super().run_outside(event_id, Signed(command, terminal_actor()))


class TerminalEvents(SignedRuns[EventState], EventService):
    """The events of rounds as the terminal changes them: created and changed by who acts
    there."""

    def create_event(
        self, event_id: str, config: EventConfig, actor: str = DEFAULT_ACTOR
    ) -> EventState:
        """Create an event (:meth:`EventService.create_event`), by the terminal's actor."""
        return super().create_event(event_id, config, signed_as(terminal_actor(), actor))
