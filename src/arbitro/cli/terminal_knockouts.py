"""The knockout events as the terminal changes them (:mod:`arbitro.cli.terminal_services`:
every change signed by who acts there), apart: a knockout's modules are loaded only by the
commands that use them (issue 14)."""

from __future__ import annotations

from arbitro.cli.actor import terminal_actor
from arbitro.cli.terminal_services import SignedRuns, signed_as
from arbitro.i18n import DEFAULT_ACTOR
from arbitro.services.knockout import KnockoutService
from arbitro.tournament.knockout_event import KnockoutConfig, KnockoutState


class TerminalKnockouts(SignedRuns[KnockoutState], KnockoutService):
    """The knockout events as the terminal changes them: created and changed by who acts
    there (the bots' games stay the bots')."""

    def create(
        self, event_id: str, config: KnockoutConfig, actor: str = DEFAULT_ACTOR
    ) -> KnockoutState:
        """Create a knockout event (:meth:`KnockoutService.create`), by the terminal's
        actor."""
        return super().create(event_id, config, signed_as(terminal_actor(), actor))
