"""What a record kind invalidates of an event's memoized views, declared with the kind's fold
(:mod:`arbitro.tournament.event_folds`), never cleared by hand.

An :class:`~arbitro.tournament.event.EventState` memoizes three things: the views derived from
it (standings, rankings: ``_views``, every record drops them), each table's sheet outcome per
round (``_results``: it reads only the configuration, the table's seat and its sheet) and each
round's scores (``_scores``: the last round's read the earlier ones, FIBAS art. 37, the rest
average). Each record kind names one of the functions below as what it drops; each takes the
state and the record's round (0 for a record of no round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from arbitro.tournament.event import EventState

Drops: TypeAlias = "Callable[[EventState, int], None]"
"""What a record kind drops of the memoized views: ``drops(state, round)``."""


def keeps_scores(state: EventState, round_number: int) -> None:
    """A record no round score reads (a publication, a complaint, a sanction, a fee...): the
    views alone are computed again."""
    if state._views:
        state._views.clear()


def drops_round_scores(state: EventState, round_number: int) -> None:
    """A record that changes its round's scores but no sheet's outcome (an arbitral score, an
    abandon: FIBAS art. 36): the views, its round's scores and the last round's (art. 37)."""
    if state._views:
        state._views.clear()
    scores = state._scores
    if scores:
        scores.pop(round_number, None)
        scores.pop(state.config.rounds, None)


def drops_round(state: EventState, round_number: int) -> None:
    """A seating or a sheet (FIBAS arts. 4, 20-21): the views, its round's sheet outcomes, its
    round's scores and the last round's (art. 37)."""
    state._results.pop(round_number, None)
    drops_round_scores(state, round_number)


def drops_scores(state: EventState, round_number: int) -> None:
    """A record that may change every round's scores but no sheet's outcome (a competitor
    more or withdrawn, a lateness, an import): the views and all the scores."""
    if state._views:
        state._views.clear()
    if state._scores:
        state._scores.clear()


def drops_everything(state: EventState, round_number: int) -> None:
    """A cancellation (its target may be of any kind): every memoized view."""
    state._views.clear()
    state._results.clear()
    state._scores.clear()
