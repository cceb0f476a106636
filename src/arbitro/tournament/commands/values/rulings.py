"""A code's arbiter's ruling as a command value (issue 31): the ruling, its warnings and the
deal's score row appended in one transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from arbitro.games.core.code_arbiter import CodeRuling
from arbitro.tournament.commands.command import Context
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.commands.rulings import give_ruling
from arbitro.tournament.event import EventState
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.knockout_event import KnockoutState, record_game
from arbitro.tournament.records import Irregularity, Record


@dataclass(frozen=True, slots=True)
class GiveRuling:
    """Record ``ruling`` (a code's arbiter's, ``games.core.code_arbiter``) at a table of a
    round: the ``ruling-given`` record, a warning for each it gives and, where it decides a
    deal's score, the table's sheet with that row at deal ``deal``; answers its seq."""

    round_number: int
    table: int
    ruling: CodeRuling
    actor: str = "arbiter"
    reason: str | None = None
    deal: int | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ruling's record, its warnings' and its sheet's (refused on an event of another
        code)."""
        return give_ruling(
            state,
            self.round_number,
            self.table,
            self.ruling,
            ctx.now,
            self.actor,
            self.reason,
            self.deal,
        )

    def outcome(self, records: Sequence[Record], state: EventState) -> int:
        """The seq of the ruling's record (what a cancellation names)."""
        return records[0].seq


@dataclass(frozen=True, slots=True)
class GiveGameRuling:
    """Record a knockout game lost by an art. 10 irregularity (Briscola) from ``ruling`` (the
    code's arbiter's on a position): the ``irregularity`` record keeps the position before and
    after, the offending seat and the effects, as a ``ruling-given`` of an event of rounds;
    answers its seq."""

    report: GameReport
    ruling: CodeRuling
    actor: str = "arbiter"
    reason: str | None = None

    def decide(self, state: KnockoutState, ctx: Context[KnockoutState]) -> list[Record]:
        """The game's record, with the ruling's position (refused as the game would be)."""
        made = record_game(state, self.report, ctx.now, self.actor, self.reason)
        body = made.body
        if isinstance(body, Irregularity):
            body = msgspec.structs.replace(
                body,
                article=self.ruling.article.article,
                before=self.ruling.before,
                after=self.ruling.after,
                seat=self.ruling.offender,
                effects=tuple(dict(e) for e in self.ruling.effects),
            )
        return [make_record(body, ctx.now, made.actor, made.reason)]

    def outcome(self, records: Sequence[Record], state: KnockoutState) -> int:
        """The seq of the game's record (what a cancellation names)."""
        return records[0].seq
