"""The event page's tie-breaks form (issue 34; docs/rulings.md, "Tie-breaks"): the criteria
to choose from and the event's choice, read by the event's page (:mod:`.events`) and apart from
the form's route (:mod:`.tiebreaks`), which answers through the event's page."""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.i18n import Message
from arbitro.tournament.event import EventState
from arbitro.tournament.standings.tiebreaks import CRITERIA, Criterion, chosen, tiebreak_line


@dataclass(frozen=True, slots=True)
class TiebreakForm:
    """What the event page's form shows: the criteria to choose from, the current choice
    (one per place, "" for none) and its standings' line."""

    criteria: tuple[Criterion, ...]
    places: tuple[str, ...]
    line: Message


def tiebreak_form(state: EventState) -> TiebreakForm:
    """The form's content for the event's page: every criterion, the event's choice in
    order (the default, M.P., where none is recorded) padded to one place per criterion."""
    names, _seed = chosen(state)
    places = tuple(names) + ("",) * (len(CRITERIA) - len(names))
    return TiebreakForm(
        tuple(CRITERIA.values()), places, tiebreak_line(names, state.sheet_kind.mp_lower_is_better)
    )
