"""A sheet as the desk shows it: the rows of each line with totals and VP (FIBAS art. 19),
or, at a table of individuals (Scala 40 art. 22), each player's negative points; and a stored
entry as the values of the desk's sheet form (to pre-fill a correction)."""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.tournament.event import AnyEntry, EventState
from arbitro.tournament.model import EventFormat
from arbitro.tournament.scoring.scala40_sheet import Scala40Entry
from arbitro.tournament.scoring.sheet import DealScore, SheetEntry, SheetResult, score_sheet
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


def entry_view(
    state: EventState, round_number: int, entry: AnyEntry | None
) -> EntryView | PlayersView | None:
    """The totals and VP of an entry (as scored by the code's table for the round's deals);
    for Scala 40, the players' negative points and totals."""
    if entry is None:
        return None
    if isinstance(entry, Scala40Entry):
        names_of = [
            state.competitors[p].name if p in state.competitors else str(p) for p in entry.players
        ]
        totals = tuple(
            sum(row[i] or 0 for row in entry.deals if i < len(row))
            for i in range(len(entry.players))
        )
        abandoned = (
            None
            if entry.abandoned is None
            else state.competitors[entry.abandoned].name
            if entry.abandoned in state.competitors
            else str(entry.abandoned)
        )
        return PlayersView(tuple(names_of), entry.deals, totals, abandoned)
    result = scored(state, round_number, entry)
    return EntryView(
        entry.deals,
        entry.closed_room or (),
        result.ns_total,
        result.ew_total,
        result.ns_vp,
        result.ew_vp,
    )


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
