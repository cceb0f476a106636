"""One deal record for every game, and one reader: the layout (the deck as dealt, the dealer,
whatever the game needs to deal again), every move with the seat that made it, the result.
Like PGN's visitor, :func:`replay` plays the record again and shows each position to an
optional visitor; a game supplies only its :class:`RecordRules` (its format tag, how its
layout and moves are written and read, what its result is).

The JSON form is flat: ``{"format": ..., <layout fields>, "moves": ["N draw", ...],
"result": ...}``, so the records the engines wrote before this module read unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.games.core.game import Game
from arbitro.games.core.seats import Seat

G = TypeVar("G", bound=Game[Any])
G_co = TypeVar("G_co", bound=Game[Any], covariant=True)

RESERVED = frozenset({"format", "moves", "result"})
"""The keys of a record that are not the layout's."""


class RecordRules(Protocol[G]):
    """What one game tells the record: its format tag and how it writes and reads itself."""

    format: str
    """The format tag, e.g. ``arbitro.burraco.deal/1``."""

    def layout(self, game: G) -> dict[str, Any]:
        """The JSON-ready layout of ``game`` (deck, dealer...), enough for :meth:`start`."""
        ...

    def start(self, layout: Mapping[str, Any]) -> G:
        """The position as dealt from a layout written by :meth:`layout` (a malformed one
        raises ``ValueError``, ``KeyError`` or ``ArbitroError``)."""
        ...

    def parse_move(self, text: str) -> Any:
        """A move in the game's notation (``draw``, ``meld 3H 4H 5H``, ``7B``...)."""
        ...

    def result(self, game: G) -> dict[str, Any] | None:
        """The JSON-ready result of a finished ``game`` (None while it is on)."""
        ...

    def article(self, topic: str) -> Citation:
        """The game's code article of ``topic`` (``turn``, ``scoring``) cited by the errors."""
        ...


@dataclass(frozen=True, slots=True)
class DealRecord(Generic[G]):
    """A deal (or game) from layout to end, in one game's :class:`RecordRules`."""

    rules: RecordRules[G]
    layout: Mapping[str, Any]
    moves: tuple[tuple[Seat, str], ...]
    result: Mapping[str, Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, game: G, rules: RecordRules[G], **extra: Any) -> DealRecord[G]:
        """The record of ``game`` so far, with its result if it is over; ``extra`` keeps
        fields the game writes beside the layout (Briscola's draw for the dealer)."""
        moves = tuple((seat, str(move)) for seat, move in game.move_stack)
        return cls(rules, rules.layout(game), moves, rules.result(game), extra)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        return {
            "format": self.rules.format,
            **self.layout,
            **self.extra,
            "moves": [f"{seat.value} {move}" for seat, move in self.moves],
            "result": self.result,
        }

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], rules: RecordRules[G], extra: frozenset[str] = frozenset()
    ) -> DealRecord[G]:
        """Read a record written by :meth:`to_dict` (``extra``: the names of the fields kept
        apart from the layout); malformed data raises :class:`ArbitroError`."""
        try:
            if data.get("format") != rules.format:
                raise ValueError(f"format {data.get('format')!r}, not {rules.format!r}")
            moves = []
            for line in data["moves"]:
                seat, text = str(line).split(" ", 1)
                moves.append((Seat(seat), text))
            layout = {k: v for k, v in data.items() if k not in RESERVED and k not in extra}
            kept = {k: data[k] for k in extra if k in data}
            return cls(rules, layout, tuple(moves), data.get("result"), kept)
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise _malformed(err) from err

    @classmethod
    def from_json(
        cls, text: str, rules: RecordRules[G], extra: frozenset[str] = frozenset()
    ) -> DealRecord[G]:
        """Read a record from JSON text."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ArbitroError("invalid JSON: {error}", error=str(err), key="record.bad") from err
        if not isinstance(data, Mapping):
            raise _malformed(TypeError("not a JSON object"))
        return cls.from_dict(data, rules, extra)

    def replay(self, visit: Callable[[int, Seat, Any, G], None] | None = None) -> G:
        """Play the moves again from the layout; see :func:`replay`."""
        return replay(self, visit)


def replay(record: DealRecord[G], visit: Callable[[int, Seat, Any, G], None] | None = None) -> G:
    """Deal the record's layout, push every move in turn and check the recorded result; each
    position after move ``n`` (from 1) is shown to ``visit(n, seat, move, game)``.

    An illegal move raises ``IllegalMoveError`` (naming the article); a move by the wrong
    seat, a malformed move or layout, or a result that differs raise :class:`ArbitroError`.
    """
    rules = record.rules
    try:
        game = rules.start(record.layout)
    except (KeyError, ValueError, TypeError, AttributeError) as err:
        raise _malformed(err) from err
    for n, (seat, text) in enumerate(record.moves, 1):
        if seat is not game.turn:
            raise ArbitroError(
                "move {n}: it is {turn}'s turn, not {seat}'s",
                n=n,
                turn=game.turn.value,
                seat=seat.value,
                article=rules.article("turn"),
                key="record.wrong_seat",
            )
        move = rules.parse_move(text)
        game.push(move)
        if visit is not None:
            visit(n, seat, move, game)
    if record.result is not None and rules.result(game) != record.result:
        raise ArbitroError(
            "the recorded result differs from the replayed deal",
            article=rules.article("scoring"),
            key="record.result_mismatch",
        )
    return game


def _malformed(err: BaseException) -> ArbitroError:
    return ArbitroError("malformed deal record: {error}", error=str(err), key="record.bad")
