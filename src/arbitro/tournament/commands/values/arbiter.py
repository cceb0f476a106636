"""The arbiter's decisions as command values: lateness, sanctions, penalties, arbitral
scores, abandons, the language judge's rulings (FIBAS art. 22, 36-37, 40-41; Parole art. 2,
4.1, 13.4, 14.4)."""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.tournament.commands.arbiter import (
    arbitral_score,
    give_penalty,
    give_sanction,
    record_abandon,
    record_lateness,
)
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.commands.words import judge_word
from arbitro.tournament.event import EventState, SanctionKind
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import AbandonScore, Record


@dataclass(frozen=True, slots=True)
class RecordLateness(NoOutcome):
    """Record a lateness (FIBAS art. 37)."""

    round_number: int
    competitor: CompetitorId
    seconds: int
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The lateness' record."""
        return [
            record_lateness(
                state, self.round_number, self.competitor, self.seconds, ctx.now, self.actor
            )
        ]


@dataclass(frozen=True, slots=True)
class GiveSanction(NoOutcome):
    """Record a reprimand, warning or expulsion in the sanctions ledger (the event's code's
    article unless ``article`` names another: FIBAS art. 22, 41; Parole art. 14.4)."""

    round_number: int
    competitor: CompetitorId
    kind: SanctionKind
    reason: str | None
    article: str | None = None
    player: str | None = None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The sanction's record."""
        return [
            give_sanction(
                state,
                self.round_number,
                self.competitor,
                self.kind,
                self.reason,
                ctx.now,
                article=self.article,
                player=self.player,
                actor=self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class GivePenalty(NoOutcome):
    """Record a penalty in points: M.P. and V.P. off the standings (FIBAS art. 22)."""

    round_number: int
    competitor: CompetitorId
    reason: str | None
    mp: int | None = None
    vp: int | None = None
    article: str | None = None
    player: str | None = None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The penalty's record."""
        return [
            give_penalty(
                state,
                self.round_number,
                self.competitor,
                self.reason,
                ctx.now,
                mp=self.mp,
                vp=self.vp,
                article=self.article,
                player=self.player,
                actor=self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class ArbitralScore(NoOutcome):
    """Assign an arbitral score (FIBAS art. 40)."""

    round_number: int
    competitor: CompetitorId
    mp: int
    vp: int
    reason: str | None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The score's record."""
        return [
            arbitral_score(
                state,
                self.round_number,
                self.competitor,
                self.mp,
                self.vp,
                self.reason,
                ctx.now,
                self.actor,
            )
        ]


@dataclass(frozen=True, slots=True)
class RecordAbandon(NoOutcome):
    """Record an abandon (FIBAS art. 36) with, where the code offers it, the arbiter's
    choice of the leaving side's score (Parole art. 13.4)."""

    round_number: int
    competitor: CompetitorId
    justified: bool
    reason: str | None
    actor: str = "arbiter"
    score: AbandonScore | None = None

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The abandon's record."""
        return [
            record_abandon(
                state,
                self.round_number,
                self.competitor,
                self.justified,
                self.reason,
                ctx.now,
                self.actor,
                self.score,
            )
        ]


@dataclass(frozen=True, slots=True)
class JudgeWord(NoOutcome):
    """Record the language judge's ruling on a disputed word (Parole art. 2, 4.1)."""

    word: str
    approved: bool
    reason: str | None
    round_number: int | None = None
    actor: str = "arbiter"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ruling's record."""
        return [
            judge_word(
                state,
                self.word,
                self.approved,
                self.round_number,
                self.reason,
                ctx.now,
                self.actor,
            )
        ]
