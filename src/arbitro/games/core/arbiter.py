"""The arbiter's side of every game, in one shape: an irregularity is a typed value (its
article, the offender, what happened), its remedy a function of the position that returns the
new position and the records the ruling makes (a freeze, penalized cards, an interrupted turn,
an arbitral score, a new deal), made through the engine's public mutators only."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core.game import Game, Side
from arbitro.games.core.seats import Seat

G = TypeVar("G", bound=Game[Any])


@dataclass(frozen=True, slots=True)
class Irregularity:
    """What the arbiter was called for: ``kind`` (the game's name of the irregularity, e.g.
    ``two_cards_drawn``), the ``article`` that governs it, the ``offender`` (where the
    code names none, e.g. a misdeal, the seat on turn with ``details["named"] = False``) and the ``details`` the remedy needs (the
    cards seen, the card lifted...), JSON-ready."""

    kind: str
    article: Citation
    offender: Seat
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Freeze:
    """Melds (or words) that may no longer be played on or counted as the code says: the
    ``side``'s, ``what`` in the game's notation."""

    side: Side
    what: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PenalizedCards:
    """Cards left face up before the offender, to be played first (or discarded lowest first,
    Scala 40 art. 10), in the game's notation."""

    seat: Seat
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class InterruptedTurn:
    """The offender's turn ends here (the next player plays)."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ArbitralScore:
    """A score the arbiter assigns instead of (or beside) the deal's own."""

    points: Mapping[Side, int]


@dataclass(frozen=True, slots=True)
class NewDeal:
    """The deal is cancelled and dealt again (a misdeal found before play)."""

    reason: str


ArbiterRecord = Freeze | PenalizedCards | InterruptedTurn | ArbitralScore | NewDeal
"""What a ruling records beside the new position."""


@dataclass(frozen=True, slots=True)
class Ruling(Generic[G]):
    """The arbiter's decision: the irregularity, the position after the remedy, its records."""

    irregularity: Irregularity
    position: G
    records: tuple[ArbiterRecord, ...] = ()


class Remedy(Protocol[G]):
    """The code's remedy for one kind of irregularity: given a copy of the position (its own
    to change, through the engine's public mutators), it returns the new position and what
    the ruling records in a :class:`Ruling`."""

    def __call__(self, game: G, irregularity: Irregularity, /) -> Ruling[G]: ...


class Remedies(Generic[G]):
    """One game's remedies by irregularity kind (each game fills one, article group by group)."""

    def __init__(self, remedies: Mapping[str, Remedy[G]] | None = None) -> None:
        self._by_kind: dict[str, Remedy[G]] = dict(remedies or {})

    def add(self, kind: str, remedy: Remedy[G]) -> None:
        """Register ``remedy`` for ``kind`` (one remedy a kind)."""
        if kind in self._by_kind:
            raise ValueError(f"a remedy for {kind!r} is already registered")
        self._by_kind[kind] = remedy

    def __contains__(self, kind: object) -> bool:
        return kind in self._by_kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_kind)

    def __len__(self) -> int:
        return len(self._by_kind)

    def get(self, kind: str) -> Remedy[G] | None:
        """The remedy of ``kind``, or None (for an engine that applies it in place)."""
        return self._by_kind.get(kind)

    def rule(self, game: G, irregularity: Irregularity) -> Ruling[G]:
        """Apply the remedy of ``irregularity.kind`` to a copy of ``game``; ``game`` itself is
        left as it was. An unknown kind raises :class:`ArbitroError`."""
        remedy = self._by_kind.get(irregularity.kind)
        if remedy is None:
            raise ArbitroError(
                "no remedy for the irregularity {kind}",
                kind=irregularity.kind,
                article=irregularity.article,
                key="arbiter.unknown_irregularity",
            )
        return remedy(game.copy(), irregularity)
