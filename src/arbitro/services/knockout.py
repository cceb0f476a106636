"""Use cases of a knockout event (Briscola): create, register pairs with their fee, draw the
bracket, record games (or let the bots play them), show the bracket and the champion."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.briscola import Game, GreedyBot, Pair, RandomBot, play_game
from arbitro.services.event_log import EventLog
from arbitro.tournament import knockout_event as ko
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport, Match
from arbitro.tournament.model import CompetitorId

BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


class KnockoutService(EventLog[ko.KnockoutState]):
    """The director's and arbiter's actions on knockout events in a :class:`RecordStore`."""

    fold = ko.KnockoutState

    def create(
        self, event_id: str, config: ko.KnockoutConfig, actor: str = "director"
    ) -> ko.KnockoutState:
        """Create a knockout event."""
        record = ko.create_knockout(config, self.clock(), actor)
        return self._create(event_id, config.name, "knockout", record)

    # The methods that run one command each are kept for their callers (the edges, the
    # tests); a new action is a command value only, run with :meth:`run`.
    def register(
        self, event_id: str, name: str, players: Sequence[str] = (), *, paid: bool = True
    ) -> CompetitorId:
        """Register a pair with its entry fee; returns its number."""
        return self.run(event_id, values.RegisterPair(name, players, paid))

    def pay(self, event_id: str, pair: CompetitorId, actor: str = "director") -> None:
        """Record that the pair paid its entry fee after registering (premessa)."""
        self.run(event_id, values.PayFee(pair, actor))

    def withdraw(self, event_id: str, pair: CompetitorId, actor: str = "director") -> None:
        """The pair does not show up (Briscola art. 9, Briscola ruling 11)."""
        self.run(event_id, values.WithdrawPair(pair, actor))

    def enter(
        self,
        event_id: str,
        match: str,
        pair: CompetitorId,
        points: Mapping[CompetitorId, int],
        last_trick: CompetitorId | None,
        device: str,
    ) -> bool:
        """A pair's phone enters its match's next game (Briscola art. 8); True when the other
        pair had entered the same, so that the game is recorded."""
        return self.run(event_id, values.EnterGame(match, pair, points, last_trick, device))

    def draw(self, event_id: str, seed: int | None = None) -> None:
        """Draw (or seed) the bracket (art. 9); the record keeps the seed."""
        self.run(event_id, values.DrawBracket(seed))

    def record_game(
        self,
        event_id: str,
        report: GameReport,
        *,
        reason: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record one game of a match (art. 8), or its loss by an art. 10 irregularity."""
        self.run(event_id, values.RecordGame(report, reason, actor))

    def cancel_game(
        self, event_id: str, seq: int, reason: str | None, actor: str = "arbiter"
    ) -> None:
        """Cancel a game recorded by mistake, or a pair marked by mistake as not shown up
        (Briscola art. 9, ruling Briscola 11)."""
        self.run(event_id, values.CancelGame(seq, reason, actor))

    def play_next_game(
        self, match: Match, seed: int, bots: tuple[str, str] = ("greedy", "random")
    ) -> GameReport:
        """Let the bots play the next game of ``match`` (the first pair N-S, the second E-W);
        the deal of a match's later games passes to the right (art. 1 draws only the first)."""
        if match.first is None or match.second is None:
            raise ArbitroError("{match}: pairs not known yet", match=match.id)
        number = len(match.games) + 1
        rng = random.Random(f"{seed}:{match.id}:{number}")
        try:
            ns_bot, ew_bot = BOTS[bots[0]](), BOTS[bots[1]]()
        except KeyError as err:
            raise ArbitroError("unknown bot: {bot}", bot=str(err)) from None
        game = play_game(Game.shuffled(rng), [ns_bot, ew_bot, ns_bot, ew_bot], rng)
        result = game.result()
        pair_of = {Pair.NS: match.first, Pair.EW: match.second}
        return GameReport(
            match.id,
            number,
            {pair_of[p]: result.points[p] for p in (Pair.NS, Pair.EW)},
            None if result.last_trick is None else pair_of[result.last_trick],
            pair_of[result.winner],
        )

    def play_all(
        self, event_id: str, seed: int = 0, bots: tuple[str, str] = ("greedy", "random")
    ) -> ko.KnockoutState:
        """Play every pending game with the bots until the champion is known."""
        while True:
            state = self.state(event_id)
            if state.bracket is None:
                raise ArbitroError(
                    "draw the bracket first", article=cite(CodeId.BRISCOLA, "match_wins")
                )
            pending = state.bracket.pending()
            if not pending:
                return state
            for match in pending:
                self.record_game(event_id, self.play_next_game(match, seed, bots), actor="bot")
