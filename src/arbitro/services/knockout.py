"""Use cases of a knockout event (of the code it plays: Briscola's, or any code the registry
runs by knockout): create it; every other action (register a pair with its fee, draw the
bracket, record a game...) is a command value of
:mod:`arbitro.tournament.commands.values.knockout` run with :meth:`KnockoutService.run`; let the
code's bots play the games, show the bracket and the champion."""

from __future__ import annotations

import random

from arbitro.errors import ArbitroError
from arbitro.services.event_log import EventLog
from arbitro.tournament import knockout_event as ko
from arbitro.tournament.commands import values
from arbitro.tournament.knockout import GameReport, Match


class KnockoutService(EventLog[ko.KnockoutState]):
    """The director's and arbiter's actions on knockout events in a :class:`RecordStore`."""

    fold = ko.KnockoutState

    def create(
        self, event_id: str, config: ko.KnockoutConfig, actor: str = "director"
    ) -> ko.KnockoutState:
        """Create a knockout event."""
        record = ko.create_knockout(config, self.clock(), actor)
        return self._create(event_id, config.name, "knockout", record)

    def play_next_game(
        self,
        state: ko.KnockoutState,
        match: Match,
        seed: int,
        bots: tuple[str, str] = ("greedy", "random"),
    ) -> GameReport:
        """Let the bots of the event's code play the next game of ``match`` (the first pair
        one side, the second the other: Briscola's N-S and E-W, art. 1-8), drawn from
        ``seed``, the match and the game's number."""
        if match.first is None or match.second is None:
            raise ArbitroError("{match}: pairs not known yet", match=match.id)
        number = len(match.games) + 1
        rng = random.Random(f"{seed}:{match.id}:{number}")
        played = state.code.bot_game(rng, bots)
        pair_of = (match.first, match.second)
        return GameReport(
            match.id,
            number,
            {pair_of[side]: points for side, points in enumerate(played.points)},
            None if played.last_trick is None else pair_of[played.last_trick],
            pair_of[played.winner],
        )

    def play_all(
        self, event_id: str, seed: int = 0, bots: tuple[str, str] = ("greedy", "random")
    ) -> ko.KnockoutState:
        """Play every pending game with the bots until the champion is known."""
        while True:
            state = self.state(event_id)
            if state.bracket is None:
                raise ArbitroError("draw the bracket first", article=state.cite("match_wins"))
            pending = state.bracket.pending()
            if not pending:
                return state
            for match in pending:
                report = self.play_next_game(state, match, seed, bots)
                self.run(event_id, values.RecordGame(report, actor="bot"))
