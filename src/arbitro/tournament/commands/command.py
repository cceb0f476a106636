"""A director's, arbiter's or phone's action as a typed value: what is asked (its fields),
how it is decided on the event's state (the record(s) to append, or an :class:`ArbitroError`
saying why it is refused) and what the asker gets back once the records are stored. The
services run every command the same way (``EventLog.run``: the lock, the store's
transaction, the retry when another process appended first), so that a new action is
written once, as one such value."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from arbitro.tournament.records import Record

S = TypeVar("S")
R_co = TypeVar("R_co", covariant=True)


@dataclass(frozen=True, slots=True)
class Context(Generic[S]):
    """What a decision may ask of the service that runs it, beyond the state: the time of
    the action, a draw's seed and the event as it was earlier. Given by the service (the
    domain reads no clock, no random source, no store)."""

    now: datetime
    draw_seed: Callable[[int | None, int], int | None]
    """The seed of a draw: the one given, else a fresh one from a secure source when the
    event was created without one (its configured seed, 0), else None (FIBAS art. 4:
    "sorteggio")."""
    earlier: Callable[[int], S | None]
    """The event as it was after its record ``seq`` (None before its first record)."""


class Command(Protocol[S, R_co]):
    """An action on an event whose state is ``S``, answering ``R_co`` once done."""

    def decide(self, state: S, ctx: Context[S]) -> Sequence[Record]:
        """The records the action appends to the event in ``state``, or an error saying why
        it is refused (with the article of the event's code)."""
        ...

    def outcome(self, records: Sequence[Record], state: S) -> R_co:
        """What the asker gets back: from the stored ``records`` (each with its seq) and the
        event's ``state`` after them."""
        ...


class NoOutcome:
    """A command that answers nothing (most of them): the base of its value class."""

    __slots__ = ()

    def outcome(self, records: Sequence[Record], state: object) -> None:
        """Nothing."""
        return None


def last_seq(records: Sequence[Record]) -> int:
    """The seq of the last record stored (what names it: a cancellation cites it)."""
    return records[-1].seq


__all__ = ["Command", "Context", "NoOutcome", "last_seq"]
