"""Use cases of a knockout event (Briscola): create, register pairs with their fee, draw the
bracket, record games (or let the bots play them), show the bracket and the champion."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from datetime import datetime

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.games.briscola import Game, GreedyBot, Pair, RandomBot, play_game
from arbitro.services.events import to_domain, to_store, utc_now
from arbitro.store import RecordStore
from arbitro.tournament import knockout_event as ko
from arbitro.tournament.knockout import GameReport, Match
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.records import Record

BOTS = {"random": RandomBot, "greedy": GreedyBot}


class KnockoutService:
    """The director's and arbiter's actions on knockout events in a :class:`RecordStore`."""

    def __init__(self, store: RecordStore, clock: Callable[[], datetime] = utc_now) -> None:
        self.store = store
        self.clock = clock
        self._cache: dict[str, ko.KnockoutState] = {}
        self._lock = threading.RLock()

    def state(self, event_id: str) -> ko.KnockoutState:
        """The event's state, brought up to date with the store."""
        with self._lock:
            cached = self._cache.get(event_id)
            if cached is None:
                if not self.store.has_event(event_id):
                    raise NotFoundError(f"gara «{event_id}» inesistente", f"no event «{event_id}»")
                cached = ko.KnockoutState.replay(
                    event_id, map(to_domain, self.store.records(event_id))
                )
                self._cache[event_id] = cached
            else:
                for rec in self.store.records(event_id, after_seq=cached.last_seq):
                    cached.apply(to_domain(rec))
            return cached

    def _do(self, event_id: str, make: Callable[[ko.KnockoutState, datetime], Record]) -> Record:
        with self._lock:
            state = self.state(event_id)
            record = make(state, self.clock())
            stored = self.store.append(event_id, [to_store(record)], expected_seq=state.last_seq)
            for rec in stored:
                state.apply(to_domain(rec))
            return record

    def create(
        self, event_id: str, config: ko.KnockoutConfig, actor: str = "director"
    ) -> ko.KnockoutState:
        """Create a knockout event."""
        record = ko.create_knockout(config, self.clock(), actor)
        with self._lock:
            self.store.create_event(event_id, config.name)
            self.store.append(event_id, [to_store(record)], expected_seq=0)
            return self.state(event_id)

    def register(
        self, event_id: str, name: str, players: Sequence[str] = (), *, paid: bool = True
    ) -> CompetitorId:
        """Register a pair with its entry fee; returns its number."""
        rec = self._do(
            event_id, lambda st, now: ko.register_pair(st, name, players, now, paid=paid)
        )
        return int(rec.payload["competitor"])

    def draw(self, event_id: str) -> None:
        """Draw (or seed) the bracket (art. 9)."""
        self._do(event_id, lambda st, now: ko.draw_bracket(st, now))

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

    def play_next_game(
        self, match: Match, seed: int, bots: tuple[str, str] = ("greedy", "random")
    ) -> GameReport:
        """Let the bots play the next game of ``match`` (the first pair N-S, the second E-W);
        the deal of a match's later games passes to the right (art. 1 draws only the first)."""
        if match.first is None or match.second is None:
            raise ArbitroError(
                f"{match.id}: coppie non ancora note", f"{match.id}: pairs not known yet"
            )
        number = len(match.games) + 1
        rng = random.Random(f"{seed}:{match.id}:{number}")
        try:
            ns_bot, ew_bot = BOTS[bots[0]](), BOTS[bots[1]]()
        except KeyError as err:
            raise ArbitroError(f"bot sconosciuto: {err}", f"unknown bot: {err}") from None
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
                    "prima sorteggiare il tabellone", "draw the bracket first", article="9"
                )
            pending = state.bracket.pending()
            if not pending:
                return state
            for match in pending:
                self.record_game(event_id, self.play_next_game(match, seed, bots), actor="bot")
