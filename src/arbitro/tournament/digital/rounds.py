"""Which tables of a round are digital (issue 32: "an event's tables are digital, paper, or
mixed per round ... the director chooses when creating the event or the round"), and the
deal a digital table is dealt: in a carte uguali event the round's prepared board (FIBAS
art. 7 "a carte preparate", art. 20), so that every digital table plays the same hands.

The choice is a ``digital-round`` record: for a round, or for the event (round 0, the
default of the rounds without their own); the last one in force wins (a correction is a new
record). Nothing here names a game: a board becomes a layout through the engine's
:class:`~arbitro.tournament.digital.engine.BoardEngine` hook."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from arbitro.errors import ArbitroError, NotFoundError
from arbitro.lazy_names import lazy_module
from arbitro.tournament.event_caches import keeps_scores
from arbitro.tournament.event_folds import folds
from arbitro.tournament.records import DigitalRound, Record

if TYPE_CHECKING:
    from arbitro.tournament import boards
    from arbitro.tournament.commands.command import Context
    from arbitro.tournament.digital import engine as engines
    from arbitro.tournament.digital.engine import DigitalEngine
    from arbitro.tournament.event import EventState
else:  # loaded when a deal is laid out: folding loads no game (issue 14)
    boards = lazy_module("arbitro.tournament.boards")
    engines = lazy_module("arbitro.tournament.digital.engine")

BOARD = "board"
"""The key of a layout that names the prepared board it deals (carte uguali)."""


class TablesMode(StrEnum):
    """How a round's tables are played: on paper, all digital, or mixed (some digital)."""

    PAPER = "paper"
    DIGITAL = "digital"
    MIXED = "mixed"


def choice_of(state: EventState, round_number: int) -> DigitalRound:
    """The choice in force for round ``round_number``: its own, else the event's (round 0),
    else paper (every event before the choice)."""
    found = state.digital_rounds.get(round_number) or state.digital_rounds.get(0)
    return found if isinstance(found, DigitalRound) else DigitalRound(round_number)


def digital_tables(state: EventState, round_number: int) -> tuple[int, ...]:
    """The tables of the round's seating that the choice makes digital, in order: every
    table where two lines (or players) play for "digital"; for "mixed" the tables named and
    those where a competitor named sits; none for "paper" or before the seating. An
    incomplete table (a line rests, FIBAS art. 37) is never digital: nobody plays there."""
    choice = choice_of(state, round_number)
    seating = state.round(round_number).seating
    if seating is None or choice.mode == TablesMode.PAPER:
        return ()
    named = set(choice.competitors)
    out = []
    for t in seating.tables:
        if t.is_incomplete:
            continue
        members = set(t.players or ()) | set(t.ns or ()) | set(t.ew or ())
        if choice.mode == TablesMode.DIGITAL or t.table in choice.tables or members & named:
            out.append(t.table)
    return tuple(out)


def choose(
    state: EventState,
    round_number: int,
    mode: str,
    tables: Iterable[int],
    competitors: Iterable[int],
    now: datetime,
    actor: str,
) -> Record:
    """The director's choice for round ``round_number`` (0: the event's default): ``mode``
    paper, digital or mixed; for mixed the tables and the competitors (the players online)
    that play digital, at least one of them. Refused for a round that does not exist, an
    unknown mode, a competitor not registered, or tables or competitors given with another
    mode."""
    if not 0 <= round_number <= state.config.rounds:
        raise NotFoundError("round {round} does not exist", round=round_number)
    try:
        chosen = TablesMode(mode)
    except ValueError:
        raise ArbitroError(
            "unknown choice of tables «{mode}» (paper, digital, mixed)",
            mode=mode,
            key="digital.mode",
        ) from None
    numbers = tuple(sorted(set(tables)))
    who = tuple(sorted(set(competitors)))
    if chosen is TablesMode.MIXED and not numbers and not who:
        raise ArbitroError(
            "a mixed round names the digital tables or the competitors online",
            key="digital.mixed_empty",
        )
    if chosen is not TablesMode.MIXED and (numbers or who):
        raise ArbitroError(
            "tables and competitors are named only for a mixed round", key="digital.not_mixed"
        )
    if any(n < 1 for n in numbers):
        raise ArbitroError("tables are numbered from 1", key="digital.table_number")
    for c in who:
        state.competitor(c)  # NotFoundError for a number not registered
    if chosen is not TablesMode.PAPER:
        engines.engine_of(str(state.config.code))  # a code without an engine is refused
    return Record(DigitalRound(round_number, chosen.value, numbers, who), now, actor)


def check_record(state: EventState, rec: Record) -> Record:
    """A ``digital-round`` record of an event file decided again (the log check)."""
    b = rec.body
    assert isinstance(b, DigitalRound)
    return choose(state, b.round, b.mode, b.tables, b.competitors, rec.at, rec.actor)


def parse_tables(text: str) -> tuple[int, ...]:
    """The table numbers of ``text``, as a director types them: "1-5", "1,3,7", "1-3, 8"."""
    out: list[int] = []
    for part in text.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        try:
            first, last = int(low), int(high) if dash else int(low)
        except ValueError:
            raise ArbitroError(
                "«{text}» is not a list of tables (1-5, 7)", text=part, key="digital.tables"
            ) from None
        if first < 1 or last < first:
            raise ArbitroError(
                "«{text}» is not a list of tables (1-5, 7)", text=part, key="digital.tables"
            )
        out.extend(range(first, last + 1))
    return tuple(out)


ALL_WORDS = frozenset({"all", "digital", "tutti", "digitale", "digitali"})
"""What a director types for "every table digital", in English or Italian."""
NONE_WORDS = frozenset({"none", "paper", "nessuno", "carta"})
"""What a director types for "every table on paper"."""


def parse_choice(
    text: str | None, online: Iterable[int] = ()
) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """The choice a director types: ``text`` "all" (every table digital), "none" (paper), or
    the digital tables ("1-5, 8": a mixed round), and ``online`` the competitors playing
    online (their tables digital: a mixed round). Answers (mode, tables, competitors)."""
    who = tuple(online)
    word = (text or "").strip().lower()
    if word in ALL_WORDS:
        return TablesMode.DIGITAL.value, (), who  # with competitors: refused by choose
    if not word or word in NONE_WORDS:
        if who:
            return TablesMode.MIXED.value, (), who
        return TablesMode.PAPER.value, (), ()
    return TablesMode.MIXED.value, parse_tables(word), who


def choice_text(choice: DigitalRound) -> tuple[str, str]:
    """A choice as a director types it back (:func:`parse_choice`): the tables ("all",
    "" for paper, "1, 3") and the competitors online ("3, 7")."""
    tables = (
        "all" if choice.mode == TablesMode.DIGITAL else ", ".join(str(t) for t in choice.tables)
    )
    return tables, ", ".join(str(c) for c in choice.competitors)


@folds(DigitalRound, keeps_scores)
def _chosen(state: EventState, b: DigitalRound, rec: Record, parsed: Any) -> None:
    """The director chose a round's tables (or the event's default, round 0)."""
    state.digital_rounds[b.round] = b


# ------------------------------------------------------------------ the deal of a table


def deals_boards(state: EventState) -> bool:
    """Whether the event deals prepared boards (carte uguali, FIBAS art. 7 and 20)."""
    return boards.comparison_method(state) is not None


def layout_of(
    state: EventState,
    engine: DigitalEngine,
    round_number: int,
    deal: int,
    rng: random.Random,
    previous: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The layout of deal ``deal`` of a digital table in round ``round_number``: in a carte
    uguali event the round's prepared board ``deal`` (the same hands at every digital table;
    the board's number kept in the layout, FIBAS art. 20), else the engine's secure random
    deal (art. 6). An engine that cannot deal a board is refused in a carte uguali event
    (a random deal would enter the comparison with the field)."""
    if not deals_boards(state):
        return engine.layout(rng, previous)
    hook = engines.board_engine(engine)
    if hook is None:
        raise ArbitroError(
            "this game's digital table cannot deal the prepared boards of a carte uguali event",
            key="digital.no_boards",
        )
    made = boards.boards_of(state, round_number)
    if not 1 <= deal <= len(made):
        raise ArbitroError(
            "deal {deal} has no board (boards 1-{count})",
            deal=deal,
            count=len(made),
            key="digital.no_board",
        )
    return {**hook.board_layout(made[deal - 1]), BOARD: deal}


def board_of(layout: Mapping[str, Any]) -> int | None:
    """The prepared board a digital deal's layout deals, None for a random deal."""
    found = layout.get(BOARD)
    return found if isinstance(found, int) else None


@dataclass(frozen=True, slots=True)
class ChooseTables:
    """Choose which tables of a round (0: the event's default) are digital; answers
    nothing."""

    round_number: int
    mode: str
    tables: tuple[int, ...] = ()
    competitors: tuple[int, ...] = ()
    actor: str = "director"

    def decide(self, state: EventState, ctx: Context[EventState]) -> list[Record]:
        """The ``digital-round`` record."""
        return [
            choose(
                state,
                self.round_number,
                self.mode,
                self.tables,
                self.competitors,
                ctx.now,
                self.actor,
            )
        ]

    def outcome(self, records: Sequence[Record], state: EventState) -> None:
        """Nothing."""
