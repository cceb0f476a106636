"""The one protocol through which a game's score sheet plugs into events: parse its recorded
form, check it against the table and the code, score it, print it. Shared code (the fold,
the commands, the standings, the desk, the phones, the printouts) never asks which game an
event plays: it asks the event's :class:`SheetKind`.

A new game = a :class:`SheetKind` registered in :mod:`arbitro.tournament.sheets` (plus its
code's TOML), nothing else in shared code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from arbitro.codes.ids import GameId
from arbitro.i18n import Message
from arbitro.tournament.model import CompetitorId, TableSeating
from arbitro.tournament.rules import EventRules


@dataclass(frozen=True, slots=True)
class SheetScore:
    """One competitor's result from a table's sheet: match points and victory points."""

    mp: int
    vp: int


@dataclass(frozen=True, slots=True)
class SheetOutcome:
    """What a table's sheet gives: each seated competitor's MP and VP, and, per line (N-S,
    E-W) or per player in the sheet's order, the totals and the scores as the sheet shows
    them."""

    scores: Mapping[CompetitorId, SheetScore]
    totals: tuple[int, ...]
    sides: tuple[SheetScore, ...]


_OUTCOME_SET = tuple(SheetOutcome.__dict__[f].__set__ for f in ("scores", "totals", "sides"))


def outcome(
    scores: Mapping[CompetitorId, SheetScore],
    totals: tuple[int, ...],
    sides: tuple[SheetScore, ...],
) -> SheetOutcome:
    """``SheetOutcome(scores, totals, sides)``, its slots set directly: the frozen class's
    ``__init__`` sets each field through ``object.__setattr__``, and a replay scores every
    sheet of the event once (issue 14). Same type, equal to the one ``__init__`` makes."""
    made = object.__new__(SheetOutcome)
    set_scores, set_totals, set_sides = _OUTCOME_SET
    set_scores(made, scores)
    set_totals(made, totals)
    set_sides(made, sides)
    return made


@dataclass(frozen=True, slots=True)
class SheetTable:
    """A sheet laid out for reading (CLI history, printouts, desk): column headings and one
    row per deal, then the totals row; headings are messages rendered at the edge."""

    headings: tuple[Message, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class SheetContext:
    """What checking and scoring a sheet needs to know about the round and the event."""

    rules: EventRules
    seat: TableSeating
    deals: int
    teams: bool
    duplicate: bool


_CONTEXT_SET = tuple(
    SheetContext.__dict__[f].__set__ for f in ("rules", "seat", "deals", "teams", "duplicate")
)


def sheet_context_of(
    rules: EventRules, seat: TableSeating, deals: int, teams: bool, duplicate: bool
) -> SheetContext:
    """``SheetContext(rules, seat, deals, teams, duplicate)``, its slots set directly: a
    replay makes one per table and round (issue 14). Same type, equal to the one
    ``__init__`` makes."""
    ctx = object.__new__(SheetContext)
    set_rules, set_seat, set_deals, set_teams, set_duplicate = _CONTEXT_SET
    set_rules(ctx, rules)
    set_seat(ctx, seat)
    set_deals(ctx, deals)
    set_teams(ctx, teams)
    set_duplicate(ctx, duplicate)
    return ctx


class SheetKind(Protocol):
    """A game's score sheet, as events use it (FIBAS art. 19-21; Parole art. 5, 12; Scala 40
    art. 22-24)."""

    @property
    def game(self) -> GameId:
        """The game whose sheet this is."""
        ...

    @property
    def individual_tables(self) -> bool:
        """True when a table seats individuals (Scala 40's four players, art. 2), each one
        signing the sheet; False for two lines, N-S and E-W, that each sign it."""
        ...

    @property
    def mp_lower_is_better(self) -> bool:
        """True when the MP of the standings count against (Scala 40's negative points)."""
        ...

    def parse(self, data: Mapping[str, Any]) -> Any:
        """The entry recorded as ``data`` (the record's JSON form); ArbitroError if malformed."""
        ...

    def payload(self, entry: Any) -> dict[str, Any]:
        """The entry's JSON form, as recorded."""
        ...

    def signers(self, seat: TableSeating) -> tuple[str, ...]:
        """Who signs the table's sheet: the lines ("ns", "ew") or each player's number."""
        ...

    def check(self, ctx: SheetContext, entry: Any) -> None:
        """Refuse an impossible sheet for that table and round (ArbitroError naming what)."""
        ...

    def score(self, ctx: SheetContext, entry: Any) -> SheetOutcome:
        """The MP and VP of each competitor at the table, from an already checked entry."""
        ...

    def score_round(
        self,
        rules: EventRules,
        deals: int,
        teams: bool,
        duplicate: bool,
        tables: Sequence[tuple[TableSeating, Any]],
    ) -> list[tuple[SheetScore, ...]]:
        """:meth:`score` of each of a round's tables (its seat, its already checked entry),
        the round's context given once: per table, the score of each competitor seated, in
        the order of the seat's lines (N-S then E-W, or the players). A round's scores read
        every sheet of the round at once (issue 14)."""
        ...

    def abandoned(self, entry: Any) -> tuple[CompetitorId, ...]:
        """The competitors the sheet records as having abandoned (Scala 40 art. 25): they
        play no later round."""
        ...

    def inverted(self, entry: Any, swap: Sequence[CompetitorId] | None) -> Any:
        """The entry with the scores written on the wrong lines put back (FIBAS art. 21),
        or the two named players' scores exchanged (Scala 40 art. 24)."""
        ...

    def layout(self, seat: TableSeating, entry: Any) -> SheetTable:
        """The sheet laid out as a table for reading and printing."""
        ...
