"""Use cases of a knockout event (Briscola): create, register pairs with their fee, draw the
bracket, record games (or let the bots play them), show the bracket and the champion."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import datetime

from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.briscola import Game, GreedyBot, Pair, RandomBot, play_game
from arbitro.services.event_log import EventLog, fresh_seed
from arbitro.tournament import knockout_event as ko
from arbitro.tournament.commands.cancel import cancel_game
from arbitro.tournament.knockout import GameReport, Match
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import CompetitorRegistered, Record

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

    def register(
        self, event_id: str, name: str, players: Sequence[str] = (), *, paid: bool = True
    ) -> CompetitorId:
        """Register a pair with its entry fee; returns its number."""
        rec = self._do(
            event_id, lambda st, now: ko.register_pair(st, name, players, now, paid=paid)
        )
        assert isinstance(rec.body, CompetitorRegistered)
        return rec.body.competitor

    def pay(self, event_id: str, pair: CompetitorId, actor: str = "director") -> None:
        """Record that the pair paid its entry fee after registering (premessa)."""
        self._do(event_id, lambda st, now: ko.pay_fee(st, pair, now, actor))

    def withdraw(self, event_id: str, pair: CompetitorId, actor: str = "director") -> None:
        """The pair does not show up: out of the draw, or its match lost without playing,
        "vinta a tavolino" for the other pair (Briscola art. 9, Briscola ruling 11)."""
        self._do(event_id, lambda st, now: ko.withdraw_pair(st, pair, now, actor))

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
        recs = self._do_many(
            event_id,
            lambda st, now: ko.enter_game(st, match, pair, points, last_trick, device, now),
        )
        return len(recs) > 1

    def draw(self, event_id: str, seed: int | None = None) -> None:
        """Draw (or seed) the bracket (art. 9): with ``seed`` if the director gives one or
        the event was created with one, else a fresh seed from a secure source (a draw that
        regular players cannot predict); the record keeps the seed."""
        self._do(
            event_id,
            lambda st, now: ko.draw_bracket(st, now, seed=fresh_seed(seed, st.config.seed)),
        )

    def record_game(
        self,
        event_id: str,
        report: GameReport,
        *,
        reason: str | None = None,
        actor: str = "arbiter",
    ) -> None:
        """Record one game of a match (art. 8), or its loss by an art. 10 irregularity."""
        self._do(event_id, lambda st, now: ko.record_game(st, report, now, actor, reason))

    def cancel_game(
        self, event_id: str, seq: int, reason: str | None, actor: str = "arbiter"
    ) -> None:
        """Cancel a game recorded by mistake (the last of its match, Briscola art. 9), or a
        pair marked by mistake as not shown up (ruling Briscola 11)."""

        def make(st: ko.KnockoutState, now: datetime) -> Record:
            if seq in st.withdrawals:
                return ko.cancel_withdrawal(st, seq, reason, now, actor)
            return cancel_game(st, seq, reason, now, actor)

        self._do(event_id, make)

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
