"""The one protocol a game's engine answers to be played at a digital table (issue 32), and
where a code's engine is found: its :class:`~arbitro.codes.registry.CodeSpec` names the module
(``CodeSpec.digital``), whose ``ENGINE`` is imported on first use. Shared code never asks
which game is played: it asks the engine."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from arbitro.codes.registry import code_spec
from arbitro.errors import ArbitroError
from arbitro.games.core.game import Game
from arbitro.games.core.seats import Seat
from arbitro.i18n import msg, render
from arbitro.tournament.model import TableSeating


class DigitalEngine(Protocol):
    """What a digital table asks of a game: deal, replay, show a seat what it may see, list
    its moves, play for a robot, and turn finished deals into the code's score sheet."""

    seats: tuple[Seat, ...]
    """The seats of a table, in the order of play's rotation (all of them: a
    :class:`SeatedEngine` may deal to fewer, ``DigitalTable.seats`` says which)."""

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        """A new deal's layout, JSON-ready, enough for :meth:`start`: the deck shuffled and
        cut with ``rng``, the dealer drawn with ``rng`` for the first deal (``previous``
        None), else the one after ``previous``'s dealer."""
        ...

    def start(self, layout: Mapping[str, Any]) -> Game[Any]:
        """The position as dealt from ``layout``."""
        ...

    def parse_move(self, text: str) -> Any:
        """A move in the engine's notation; a malformed one raises ``ArbitroError``."""
        ...

    def view(self, game: Any, seat: Seat) -> dict[str, Any]:
        """What ``seat`` may see of ``game``, JSON-ready: its own hand, never another's, nor
        a card face down (the stock, the pozzetti). The shape every phone reads
        (docs/digital-tables.md): ``seat``, ``turn``, ``over``, ``hand``, ``hand_sizes``,
        ``pile``, ``areas`` (titled groups of melds, each meld its ``target`` and
        ``cards``), ``counters`` (titled numbers) and ``scores`` (titled values once the
        deal is over, else None); titles are catalogue msgids with their ``args``. Optional:
        an area's ``name``, ``empty`` text and ``numbered`` (false: no meld numbers), a
        meld's ``seats`` (who played each card), ``faces`` (how the cards look, by their
        notation: ``label``, ``red``, ``names`` by language) and ``labels`` (msgids naming the ``deal``, the ``over`` status, the
        ``score`` and the ``hint``). A move that is a card's notation is played by one tap
        on that card."""
        ...

    def position(self, game: Any) -> str:
        """The full position in the game's notation (every card: the director's and the
        arbiter's view, never a player's)."""
        ...

    def moves(self, game: Any) -> list[str]:
        """The legal moves of the seat to play, in the notation. Optional beside it:
        ``selection(game, cards)``, the plays the seat to play can make with exactly the
        hand ``cards`` it tapped (:class:`SelectingEngine`, :func:`selection_plays`), for a
        game whose full list is too long to send (issue 32)."""
        ...

    def robot(self, game: Any, rng: random.Random) -> Any:
        """A robot's legal move for the seat to play (the engine's bots)."""
        ...

    def signer(self, seat: Seat, seating: TableSeating) -> str:
        """Who signs the sheet for ``seat`` at the table seated as ``seating`` (its line, or
        the player): the sheet kind's signer."""
        ...

    def sheet_entry(self, deals: Sequence[Any], seating: TableSeating) -> dict[str, Any]:
        """The score sheet's JSON entry (the one the phones' sheet records hold) of the
        finished ``deals`` at the table seated as ``seating``, scored by the code's own
        scoring."""
        ...


class BoardEngine(Protocol):
    """The hook of an engine whose game has prepared boards (a carte uguali event, FIBAS art.
    7 and 20): a board becomes the layout :meth:`DigitalEngine.start` deals, so that every
    digital table of a round plays the same hands (issue 32)."""

    def board_layout(self, board: Any) -> dict[str, Any]:
        """The layout (JSON-ready, as :meth:`DigitalEngine.layout` answers) that deals
        ``board``, one of the round's prepared boards: its hands, pozzetti, stock and
        dealer exactly as prepared."""
        ...


def board_engine(engine: DigitalEngine) -> BoardEngine | None:
    """``engine``'s board hook, None when its game deals no prepared boards."""
    return cast(BoardEngine, engine) if callable(getattr(engine, "board_layout", None)) else None


@runtime_checkable
class SelectingEngine(Protocol):
    """The optional part of :class:`DigitalEngine` (issue 32): the plays a seat's selection
    of cards can make, asked by its phone after each tap when the list of :meth:`moves` does
    not hold every play (a long word, a lay-off of several cards)."""

    def selection(self, game: Any, cards: Sequence[str]) -> list[str]:
        """The plays (in the notation, as :meth:`DigitalEngine.moves` writes them) the seat
        to play can make with exactly its hand cards ``cards``; none for cards it does not
        hold, nor out of its turn's play."""
        ...


@runtime_checkable
class SeatedEngine(Protocol):
    """The optional part of :class:`DigitalEngine` of a game whose table may play with fewer
    seats than it has (Scala 40: a table of three, art. 26, or the three left after an
    abandon, art. 25): the layouts fitted to the seats that play, the sheet told who left."""

    def table_seats(self, seating: TableSeating) -> tuple[Seat, ...]:
        """The seats the players of the table seated as ``seating`` hold."""
        ...

    def deal_seats(self, layout: Mapping[str, Any]) -> tuple[Seat, ...]:
        """The seats ``layout`` deals a hand to."""
        ...

    def seated_layout(
        self, layout: Mapping[str, Any], seats: Sequence[Seat], first: bool
    ) -> dict[str, Any]:
        """``layout`` dealt to ``seats`` only (``first``: the table's first deal); a layout
        so dealt already is answered unchanged."""
        ...

    def sheet_entry(
        self,
        deals: Sequence[Any],
        seating: TableSeating,
        left: Mapping[Seat, int] | None = None,
    ) -> dict[str, Any]:
        """:meth:`DigitalEngine.sheet_entry`, ``left`` the seats whose player abandoned and
        the deal each left on."""
        ...


def seated_engine(engine: DigitalEngine) -> SeatedEngine | None:
    """``engine`` as a :class:`SeatedEngine`, None when every deal is dealt to all its
    seats."""
    return engine if isinstance(engine, SeatedEngine) else None


def selection_plays(engine: DigitalEngine, game: Any, cards: Sequence[str]) -> list[str]:
    """The plays the seat to play can make with exactly the hand ``cards`` it selected: the
    engine's own answer where it has one (:class:`SelectingEngine`), else the moves of its
    list whose tokens after the kind (a target's number apart, a card's ``=`` reading
    dropped) are exactly ``cards`` (issue 32)."""
    if isinstance(engine, SelectingEngine):
        return engine.selection(game, cards)
    want = Counter(cards)
    out = []
    for move in engine.moves(game):
        tokens = [w.split("=")[0] for w in move.split()[1:] if not w.isdigit()]
        if want and Counter(tokens) == want:
            out.append(move)
    return out


def has_engine(code: str) -> bool:
    """Whether the code ``code`` names an engine for digital tables."""
    return bool(code_spec(code).digital)


def engine_of(code: str) -> DigitalEngine:
    """The engine the code ``code`` plays at digital tables (its spec's ``digital`` module's
    ``ENGINE``); a code without one is refused."""
    module = code_spec(code).digital
    if not module:
        raise ArbitroError(
            "the code {code} has no digital table yet",
            code=code_spec(code).short_name,
            key="digital.no_engine",
        )
    engine: DigitalEngine = importlib.import_module(module).ENGINE
    return engine


def rendered(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """``view`` with the title of each of its ``areas``, ``counters`` and ``scores`` (and of
    the ``previous`` deal's scores; a catalogue msgid and its ``args``), an area's ``empty``
    and ``note`` texts and the ``labels`` rendered in ``lang``: what a phone shows
    (docs/digital-tables.md, the view's shape)."""
    out = dict(view)
    labels = view.get("labels")
    if isinstance(labels, dict):
        out["labels"] = {k: render(msg(str(v)), lang) for k, v in labels.items()}
    previous = view.get("previous")
    if isinstance(previous, dict):  # the deal before's score (the service's)
        out["previous"] = rendered(previous, lang)
    for key in ("areas", "counters", "scores"):
        items = view.get(key)
        if not isinstance(items, list):
            continue
        out[key] = [_titled(item, lang) for item in items]
    return out


def _titled(item: Any, lang: str) -> Any:
    """An area's, counter's or score's ``title`` (with its ``args``), ``empty`` and ``note``
    texts rendered in ``lang``."""
    if not isinstance(item, dict) or "title" not in item:
        return item
    out = {**item, "title": render(msg(str(item["title"]), **item.get("args", {})), lang)}
    if "empty" in item:
        out["empty"] = render(msg(str(item["empty"])), lang)
    if "note" in item:  # an area's state (Burraco: its line's pozzetto taken, art. 2)
        out["note"] = render(msg(str(item["note"]), **item.get("args", {})), lang)
    return out
