"""Tie-breaks: the director records the event's tie-breaks among competitors level on V.P.,
in order, and the seed of the draw if one is among them (issue 34; docs/rulings.md,
"Tie-breaks")."""

from __future__ import annotations

from datetime import datetime

from arbitro.errors import ArbitroError
from arbitro.tournament.commands.common import make_record
from arbitro.tournament.event import EventState
from arbitro.tournament.records import Record, TiebreaksChosen
from arbitro.tournament.standings.tiebreaks import CRITERIA, check_criteria


def check_tiebreaks(state: EventState, choice: TiebreaksChosen) -> None:
    """Refuse a choice the standings cannot apply: an unknown criterion, one given twice, a
    draw that is not the last (:func:`check_criteria`); written by name, as recorded."""
    if check_criteria(choice.criteria) != tuple(choice.criteria):
        raise ArbitroError(
            "the tie-breaks are recorded by name: {criteria}", criteria=", ".join(CRITERIA)
        )


def choose_tiebreaks(
    state: EventState, choice: TiebreaksChosen, now: datetime, actor: str = "director"
) -> Record:
    """The record of the event's tie-breaks, checked (:func:`check_tiebreaks`)."""
    check_tiebreaks(state, choice)
    return make_record(choice, now, actor)
