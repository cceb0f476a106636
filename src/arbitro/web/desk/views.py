"""A sheet as the desk shows it: the rows of each line with totals and VP (FIBAS art. 19),
or, at a table of individuals (Scala 40 art. 22), each player's negative points, or, for any
other kind of sheet (a new game's, issue 30), the kind's own layout with each side's total and
VP; and a stored entry as the values of the desk's sheet form (to pre-fill a correction)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from arbitro.i18n import Message
from arbitro.tournament.event import AnyEntry, EventState
from arbitro.tournament.model import CompetitorId, EventFormat, TableSeating
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry, SheetResult, score_sheet
from arbitro.tournament.sheets import SheetContext
from arbitro.web.sheet_form import desk_fields, form_values


def entry_fields(state: EventState, entry: AnyEntry | None, prefix: str) -> dict[str, str]:
    """The desk form's values that show ``entry`` (to pre-fill a correction), written by the
    event's kind of sheet; a blank (a deal after an abandon) left out."""
    if entry is None:
        return {}
    values = form_values(state.sheet_kind, entry, desk_fields(prefix))
    return {k: v for k, v in values.items() if v}


@dataclass(frozen=True, slots=True)
class EntryView:
    """A sheet entry of two lines as the desk shows it: rows, totals and VP of each line."""

    rows: tuple[DealScore, ...]
    closed: tuple[DealScore, ...]
    ns_total: int
    ew_total: int
    # None in a carte uguali round until the comparison with the field gives them (art. 20).
    ns_vp: int | None
    ew_vp: int | None
    kind: str = "lines"

    @property
    def summary(self) -> str:
        """Totals and VP in one line."""
        if self.ns_vp is None or self.ew_vp is None:
            return f"{self.ns_total}–{self.ew_total}"
        return f"{self.ns_total}–{self.ew_total} ({self.ns_vp}–{self.ew_vp} V.P.)"


@dataclass(frozen=True, slots=True)
class PlayersView:
    """A Scala 40 sheet as the desk shows it: negative points per deal and player, totals."""

    players: tuple[str, ...]
    rows: tuple[tuple[int | None, ...], ...]
    totals: tuple[int, ...]
    abandoned: str | None
    kind: str = "players"

    @property
    def summary(self) -> str:
        """The players' totals of negative points."""
        return " · ".join(f"{p}: {t}" for p, t in zip(self.players, self.totals, strict=True))


@dataclass(frozen=True, slots=True)
class LayoutView:
    """A sheet of any other kind as the desk shows it: the kind's layout (headings, a row per
    deal) and each side's total and VP, in the sheet's order (its lines or players)."""

    headings: tuple[Message, ...]
    rows: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    vps: tuple[int, ...]
    kind: str = "layout"

    @property
    def summary(self) -> str:
        """Each side's total and VP."""
        return " · ".join(f"{t} ({v} V.P.)" for t, v in zip(self.totals, self.vps, strict=True))


View = EntryView | PlayersView | LayoutView


def entry_view(state: EventState, round_number: int, entry: AnyEntry | None) -> View | None:
    """The totals and VP of an entry (as scored by the code's table for the round's deals);
    for Scala 40, the players' negative points and totals; for another kind of sheet, its
    own layout and outcome."""
    if entry is None:
        return None
    if isinstance(entry, SheetEntry):
        return _lines_view(state, round_number, entry)
    if state.sheet_kind.individual_tables:  # the kind answers: each player's points
        return _players_view(state, round_number, entry)
    return _layout_view(state, round_number, entry)


class PlayersEntry(Protocol):
    """What the desk reads of a sheet of a table of individuals (Scala 40 art. 22, 25): the
    players in seat order, each deal's points per player, who abandoned."""

    @property
    def players(self) -> tuple[CompetitorId, ...]:
        """The players, in the sheet's order."""
        ...

    @property
    def deals(self) -> tuple[tuple[int | None, ...], ...]:
        """Each deal's points, a column per player (None: after an abandon)."""
        ...

    @property
    def abandoned(self) -> CompetitorId | None:
        """The player who left the table (art. 25), if any."""
        ...


def _players_view(state: EventState, round_number: int, entry: PlayersEntry) -> PlayersView:
    """A sheet of individuals (Scala 40 art. 22): each player's negative points per deal, and
    totals."""
    names_of = [
        state.competitors[p].name if p in state.competitors else str(p) for p in entry.players
    ]
    totals = tuple(
        sum(row[i] or 0 for row in entry.deals if i < len(row)) for i in range(len(entry.players))
    )
    abandoned = (
        None
        if entry.abandoned is None
        else state.competitors[entry.abandoned].name
        if entry.abandoned in state.competitors
        else str(entry.abandoned)
    )
    return PlayersView(tuple(names_of), entry.deals, totals, abandoned)


def _lines_view(state: EventState, round_number: int, entry: SheetEntry) -> EntryView:
    """A sheet of two lines (FIBAS art. 19-20): each deal's rows, totals and VP."""
    result = scored(state, round_number, entry)
    return EntryView(
        entry.deals,
        entry.closed_room or (),
        result.ns_total,
        result.ew_total,
        result.ns_vp,
        result.ew_vp,
    )


def _layout_view(state: EventState, round_number: int, entry: Any) -> LayoutView:
    """A sheet of another kind (issue 30), laid out and scored by the event's kind: the
    desk shows a recorded entry, whichever table it is from (a kind's layout and totals read
    the entry, not the seat)."""
    kind = state.sheet_kind
    seat = TableSeating(0, None, None)
    ctx = SheetContext(
        state.code,
        seat,
        state.deals(round_number),
        state.config.event_format is EventFormat.TEAMS,
        state.config.duplicate,
    )
    laid, result = kind.layout(seat, entry), kind.score(ctx, entry)
    vps = tuple(side.vp for side in result.sides)
    return LayoutView(laid.headings, laid.rows, result.totals, vps)


def scored(state: EventState, round_number: int, entry: SheetEntry) -> SheetResult:
    """A pair or team sheet totalled and turned into VP by the event's code, with the round's
    deals (FIBAS art. 19-20)."""
    return score_sheet(
        state.code,
        entry,
        deals=state.deals(round_number),
        teams=state.config.event_format is EventFormat.TEAMS,
        duplicate=state.config.duplicate,
    )
