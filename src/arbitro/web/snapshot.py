"""What a page shows, taken under the service's lock, rendered after it (issue 14: the room
never waits on a director's page).

The service changes the cached :class:`~arbitro.tournament.event.EventState` in place as
records are folded, so a page cannot hand its template a live part of it and render outside
the lock. :func:`frozen` makes a page's context safe to render later: it copies every
container (list, dict, set) and every changeable (non-frozen) dataclass it reaches, shares
the frozen values (records, citations, messages: never changed once made) and gives, in place
of the event's state, :class:`StateShown`, the two things a desk template reads of it (the
code's rules and the competitors, copied). :func:`state_snapshot` copies a whole state, an
event's or a knockout's (for a printout drawn from it outside the lock), with its memoized
views, so that the printout neither recomputes them nor writes into the live state's."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from arbitro.tournament.event import Competitor, EventState
from arbitro.tournament.knockout_event import KnockoutState
from arbitro.tournament.model import CompetitorId
from arbitro.tournament.rules import EventRules
from arbitro.tournament.sheets import SheetKind

T = TypeVar("T")
S = TypeVar("S", EventState, KnockoutState)

_SHARED: frozenset[type] = frozenset({str, int, float, bool, bytes, type(None), frozenset})
_CONTAINERS: frozenset[type] = frozenset({dict, list, set})
_COPIERS: dict[type, Callable[[Any, Callable[[Any], Any]], Any] | None] = {}


@dataclass(frozen=True, slots=True)
class StateShown:
    """The event's state as a desk template reads it, taken under the lock: the rules of its
    code, its kind of sheet (whose templates show it) and its competitors (copies: a later
    record changes neither)."""

    event_id: str
    code: EventRules
    competitors: Mapping[CompetitorId, Competitor]
    last_seq: int
    sheet_kind: SheetKind[Any]


def shown_state(state: EventState, memo: dict[int, Any] | None = None) -> StateShown:
    """What a template reads of ``state``, copied (call under the service's lock)."""
    memo = {} if memo is None else memo
    competitors = {n: _frozen(c, memo) for n, c in state.competitors.items()}
    return StateShown(state.event_id, state.code, competitors, state.last_seq, state.sheet_kind)


def frozen(value: T) -> T:
    """``value`` with every list, dict, set and changeable dataclass in it copied (the frozen
    values shared), and an event's state replaced by :class:`StateShown`: what a page shows,
    taken under the service's lock and rendered after it (call under the lock). An object
    reached twice is copied once (a competitor in a list and in the state's competitors)."""
    result: T = _frozen(value, {})
    return result


def _frozen(value: Any, memo: dict[int, Any]) -> Any:
    kind = type(value)
    if kind in _SHARED:
        return value
    # The plain values (most of a page) are taken as they are without a call.
    if kind is dict:
        return {k: v if type(v) in _SHARED else _frozen(v, memo) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SHARED else _frozen(v, memo) for v in value]
    if kind is tuple:
        if all(type(v) in _SHARED for v in value):
            return value
        items = tuple(_frozen(v, memo) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if kind is set:
        return {_frozen(v, memo) for v in value}
    copier = _copier(kind)
    if copier is None:
        return value  # frozen dataclasses, enums, datetimes, messages, functions: never changed
    made = memo.get(id(value))
    if made is None:
        if isinstance(value, EventState):
            made = shown_state(value, memo)
        else:
            made = copier(value, lambda v: _frozen(v, memo))
        memo[id(value)] = made
    return made


def _copier(kind: type) -> Callable[[Any, Callable[[Any], Any]], Any] | None:
    """How to copy an instance of ``kind`` field by field (each field passed through a
    function), or None for a class whose instances never change (not a dataclass, or a
    frozen one). Made once per class: dataclasses with slots copy faster so than with
    ``copy.copy``."""
    if kind in _COPIERS:
        return _COPIERS[kind]
    params = getattr(kind, "__dataclass_params__", None)
    copier: Callable[[Any, Callable[[Any], Any]], Any] | None = None
    if params is not None and not params.frozen:
        fields = dataclasses.fields(kind)
        names = tuple(f.name for f in fields)
        if params.init and all(f.init for f in fields) and not hasattr(kind, "__post_init__"):

            def copier(value: Any, each: Callable[[Any], Any]) -> Any:
                values = [getattr(value, n) for n in names]
                return kind(*[v if type(v) in _SHARED else each(v) for v in values])
        else:

            def copier(value: Any, each: Callable[[Any], Any]) -> Any:
                made: Any = object.__new__(kind)
                for n in names:
                    object.__setattr__(made, n, each(getattr(value, n)))
                return made

    _COPIERS[kind] = copier
    return copier


def _copy_mutable(value: Any) -> Any:
    """A state's field copied as deep as a record can change it: containers and the
    changeable dataclasses in them (a round, its sheets, a competitor)."""
    kind = type(value)
    if kind is dict:
        copied = {}
        for k, v in value.items():
            vkind = type(v)
            if vkind in _SHARED:
                copied[k] = v
            elif vkind in _CONTAINERS:
                copied[k] = _copy_mutable(v)
            else:
                copier = _copier(vkind)
                copied[k] = v if copier is None else copier(v, _copy_mutable)
        return copied
    if kind is list:
        return [v if type(v) in _SHARED else _copy_mutable(v) for v in value]
    if kind is set:
        return set(value)
    copier = _copier(kind)
    return value if copier is None else copier(value, _copy_mutable)


def state_snapshot(state: S) -> S:
    """A copy of ``state`` (an event's, or a knockout's) that no later record changes (call
    under the service's lock): its rounds, sheets, competitors or pairs, ledgers copied, its
    records, bracket and other frozen values shared; its memoized views kept (copied one
    level: they are dropped, never changed, by a record), so that what is drawn from the copy
    neither recomputes them nor writes into the live state's."""
    kind = type(state)
    made: S = object.__new__(kind)
    for f in dataclasses.fields(kind):
        value = getattr(state, f.name)
        if f.name.startswith("_"):  # the memos: outer and inner dicts copied, views shared
            if isinstance(value, dict):
                value = {k: dict(v) if type(v) is dict else v for k, v in value.items()}
        else:
            value = _copy_mutable(value)
        object.__setattr__(made, f.name, value)
    return made
