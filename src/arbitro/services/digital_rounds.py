"""A round's tables chosen digital, paper or mixed (issue 32: "an event's tables are digital,
paper, or mixed per round ... the director chooses when creating the event or the round"):
the choice recorded (``digital-round``, for a round or the event's default), and the digital
tables of the round opened once its seating is published, each dealt by the engine (in a
carte uguali event the round's prepared boards: :mod:`arbitro.tournament.digital.rounds`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from arbitro.games.core.seats import Seat
from arbitro.services.digital_tables import DigitalTables
from arbitro.services.events import EventService
from arbitro.tournament.digital import rounds as digital_rounds
from arbitro.tournament.digital.rounds import ChooseTables
from arbitro.tournament.records import DigitalRound


class DigitalRounds:
    """The use cases of a round's choice of digital tables, on an :class:`EventService`."""

    def __init__(self, events: EventService, rng: random.Random | None = None) -> None:
        self._events = events
        self._tables = DigitalTables(events, rng)

    def choose(
        self,
        event_id: str,
        round_number: int,
        mode: str,
        tables: Iterable[int] = (),
        competitors: Iterable[int] = (),
        actor: str = "director",
    ) -> None:
        """Record the director's choice for round ``round_number`` (0: the event's default):
        ``mode`` paper, digital or mixed (the tables named and those of the competitors
        named, the players online). A correction is a new choice; the tables already opened
        as digital stay so (their deals are records)."""
        command = ChooseTables(round_number, mode, tuple(tables), tuple(competitors), actor)
        self._events.run(event_id, command)

    def choice(self, event_id: str, round_number: int) -> DigitalRound:
        """The choice in force for the round (its own, else the event's, else paper)."""
        return digital_rounds.choice_of(self._events.state(event_id), round_number)

    def tables(self, event_id: str, round_number: int) -> tuple[int, ...]:
        """The tables of the round's seating the choice makes digital."""
        return digital_rounds.digital_tables(self._events.state(event_id), round_number)

    def open_round(
        self,
        event_id: str,
        round_number: int,
        robots: Sequence[Seat] = (),
        actor: str = "director",
    ) -> list[int]:
        """Open as digital every table the choice names that is not open yet nor played on
        paper (its sheet entered), once the round's seating is published (a seating not
        published may still be drawn again, FIBAS art. 4); robots at ``robots`` if the
        event allows them. Answers the tables opened now."""
        state = self._events.state(event_id)
        r = state.round(round_number)
        if r.seating is None or r.seating_published_at is None:
            return []
        opened = []
        for table in digital_rounds.digital_tables(state, round_number):
            if (round_number, table) in state.digital or r.sheets.get(table) is not None:
                continue
            self._tables.open(event_id, round_number, table, robots, actor)
            opened.append(table)
        return opened

    def go_on(self, event_id: str, round_number: int) -> None:
        """Let the round's digital tables go on after a ruling that changes who plays
        (Scala 40 art. 25, an abandon: the robot finishes the leaver's deal, the next deals
        are dealt to the three who stay): each table's robots play and its next deal is
        dealt (a paused table waits for the director's resume)."""
        state = self._events.state(event_id)
        for r, table in sorted(state.digital):
            if r == round_number:
                self._tables.advance(event_id, round_number, table)
