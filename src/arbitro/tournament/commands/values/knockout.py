"""A knockout event's actions as command values: pairs registered, paid, not shown up, the
bracket drawn, games entered by the phones or recorded by the arbiter, a game cancelled
(Briscola art. 1, 8-10; ruling Briscola 11)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbitro.tournament import knockout_event as ko
from arbitro.tournament.commands.cancel import cancel_game
from arbitro.tournament.commands.command import Context, NoOutcome
from arbitro.tournament.knockout import GameReport
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import CompetitorRegistered, Record

State = ko.KnockoutState


@dataclass(frozen=True, slots=True)
class RegisterPair:
    """Register a pair with its entry fee (or not yet paid); answers its number."""

    name: str
    players: Sequence[str] = ()
    paid: bool = True

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The registration's record."""
        return [ko.register_pair(state, self.name, self.players, ctx.now, paid=self.paid)]

    def outcome(self, records: Sequence[Record], state: State) -> CompetitorId:
        """The pair's number."""
        body = records[0].body
        assert isinstance(body, CompetitorRegistered)
        return body.competitor


@dataclass(frozen=True, slots=True)
class PayFee(NoOutcome):
    """Record that the pair paid its entry fee after registering (premessa)."""

    pair: CompetitorId
    actor: str = "director"

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The payment's record."""
        return [ko.pay_fee(state, self.pair, ctx.now, self.actor)]


@dataclass(frozen=True, slots=True)
class WithdrawPair(NoOutcome):
    """The pair does not show up: out of the draw, or its match lost without playing,
    "vinta a tavolino" for the other pair (Briscola art. 9, ruling Briscola 11)."""

    pair: CompetitorId
    actor: str = "director"

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The withdrawal's record."""
        return [ko.withdraw_pair(state, self.pair, ctx.now, self.actor)]


@dataclass(frozen=True, slots=True)
class EnterGame:
    """A pair's phone enters its match's next game (Briscola art. 8); answers True when the
    other pair had entered the same, so that the game is recorded."""

    match: str
    pair: CompetitorId
    points: Mapping[CompetitorId, int]
    last_trick: CompetitorId | None
    device: str

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The entry's record and, when both pairs agree, the game's."""
        return ko.enter_game(
            state, self.match, self.pair, self.points, self.last_trick, self.device, ctx.now
        )

    def outcome(self, records: Sequence[Record], state: State) -> bool:
        """True when the game was recorded."""
        return len(records) > 1


@dataclass(frozen=True, slots=True)
class DrawBracket(NoOutcome):
    """Draw (or seed) the bracket (Briscola art. 9): with ``seed`` if the director gives one
    or the event was created with one, else a fresh seed from a secure source (a draw that
    regular players cannot predict); the record keeps the seed."""

    seed: int | None = None

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The bracket's record."""
        return [ko.draw_bracket(state, ctx.now, seed=ctx.draw_seed(self.seed, state.config.seed))]


@dataclass(frozen=True, slots=True)
class RecordGame(NoOutcome):
    """Record one game of a match (Briscola art. 8), or its loss by an art. 10
    irregularity."""

    report: GameReport
    reason: str | None = None
    actor: str = "arbiter"

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The game's record."""
        return [ko.record_game(state, self.report, ctx.now, self.actor, self.reason)]


@dataclass(frozen=True, slots=True)
class CancelGame(NoOutcome):
    """Cancel a game recorded by mistake (the last of its match, Briscola art. 9), or a pair
    marked by mistake as not shown up (ruling Briscola 11)."""

    seq: int
    reason: str | None
    actor: str = "arbiter"

    def decide(self, state: State, ctx: Context[State]) -> list[Record]:
        """The cancellation's record."""
        if self.seq in state.withdrawals:
            return [ko.cancel_withdrawal(state, self.seq, self.reason, ctx.now, self.actor)]
        return [cancel_game(state, self.seq, self.reason, ctx.now, self.actor)]
