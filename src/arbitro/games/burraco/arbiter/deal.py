"""Arbiter mode for a Burraco deal (FIBAS Section C): the table's real actions, legal or not,
and the arbiter's rulings, whose remedies the engine applies before play goes on.

An :class:`ArbiterDeal` lays out a deal like :class:`arbitro.games.burraco.Deal` (art. 6) and
records what the players really do: ``draw``, ``pick_up``, ``meld``, ``lay_off``, ``discard``,
``expose``. Nothing is refused that could physically happen (a wrong meld, a card laid off on
the wrong meld, a draw out of turn, a closing without burraco): each action is kept with the
problems seen in it. The arbiter then calls :meth:`ArbiterDeal.rule` with the
:class:`Irregularity` and the moment it was found (:class:`Found`); the remedy of the article
is applied (immediate discard, temporary or definitive freeze, penalized cards, restored pile
or stock, reopened closing) and the deal continues. :meth:`ArbiterDeal.scores` scores the end
with freezes and penalized cards (art. 2, 19, 25, 30).

The remedies (:mod:`~arbitro.games.burraco.arbiter.remedies`, one module per article group)
change the position only through the public mutators below; :meth:`ArbiterDeal.rule` builds
the core's :class:`~arbitro.games.core.arbiter.Irregularity` and applies the remedy in place.
An ArbiterDeal is also a core ``Game`` whose moves are lines of the script notation (``push``,
``pop`` by replaying the layout, ``copy``, ``initial``, ``outcome``).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Final, NamedTuple, Self, cast

from arbitro.cards import Card, burraco_deck, format_cards, sort_cards
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco import (
    SEATS,
    Deal,
    EndReason,
    IllegalMoveError,
    Line,
    LineScore,
    Meld,
    MoveKind,
    Phase,
    Seat,
    make_meld,
)
from arbitro.games.burraco.arbiter.irregularities import (
    Found,
    Freeze,
    Irregularity,
    Obligation,
    PozzettoStage,
    TurnLimit,
)
from arbitro.games.burraco.arbiter.position import arbiter_position_text, parse_arbiter_position
from arbitro.games.burraco.arbiter.records import Action, ActionKind, Problem, Ruling
from arbitro.games.burraco.arbiter.remedies import irregularity as core_irregularity
from arbitro.games.burraco.arbiter.remedies import rule_in_place
from arbitro.games.burraco.arbiter.score import meld_points, score_arbiter_deal
from arbitro.games.burraco.arbiter.table import TableMeld, minus, try_meld
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.rules import PLAYERS, is_wild
from arbitro.games.core.arbiter import ArbiterRecord
from arbitro.games.core.cards_and_melds import pop_replayed
from arbitro.games.core.game import Outcome
from arbitro.games.core.table import DrawDiscardTable
from arbitro.i18n import N_, Message, message
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.burraco.arbiter import script as arbiter_script
else:
    # a circle: the script plays on a deal
    arbiter_script = lazy_module("arbitro.games.burraco.arbiter.script")

LINES = (Line.NS, Line.EW)


@dataclass(frozen=True, slots=True)
class Play:
    """A meld or lay-off as made, so that a remedy can take it back (arts. 28, 31, 33)."""

    action: int
    seat: Seat
    turn: int
    meld: int
    added: tuple[Card, ...]
    new: bool


class ArbiterWarning(NamedTuple):
    """A warning the arbiter gave (*ammonizione*, art. 22): the seat, the number of the FIBAS
    article applied and the reason (the irregularity's name in Italian, the language of the
    event's ledger)."""

    seat: Seat
    article: str
    reason: str


def _err(text: Message, topic: str = "arbiter") -> ArbitroError:
    return ArbitroError(text, article=fibas(topic), key="arbiter.bad_action")


def _obliged(seat: Seat, what: Message, topic: str) -> ArbitroError:
    """An action refused because the ruling of ``topic``'s article obliges ``seat`` to ``what``."""
    return ArbitroError(
        "refused: by the ruling {seat} must {what}",
        seat=seat.value,
        what=what,
        article=fibas(topic),
        key="arbiter.obligation",
    )


_ALLOWED: Final[dict[TurnLimit, frozenset[ActionKind]]] = {
    TurnLimit.NONE: frozenset(ActionKind),
    TurnLimit.DRAW_AND_DISCARD: frozenset((ActionKind.DRAW, ActionKind.DISCARD)),
    TurnLimit.PICK_UP_AND_DISCARD: frozenset((ActionKind.PICK_UP, ActionKind.DISCARD)),
    TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD: frozenset(
        (ActionKind.DRAW, ActionKind.PICK_UP, ActionKind.DISCARD)
    ),
    TurnLimit.DISCARD_ONLY: frozenset((ActionKind.DISCARD,)),
    TurnLimit.DISCARD_PREPARED: frozenset((ActionKind.DISCARD,)),
    TurnLimit.MUST_PICK_UP: frozenset(ActionKind) - {ActionKind.DRAW},
}
"""The actions each turn limit leaves the seat on turn (arts. 10, 23, 28-33)."""
_LIMIT_WORDS: Final[dict[TurnLimit, str]] = {
    TurnLimit.DRAW_AND_DISCARD: N_("only draw and discard"),
    TurnLimit.PICK_UP_AND_DISCARD: N_("only pick up the pile and discard"),
    TurnLimit.DRAW_OR_PICK_UP_AND_DISCARD: N_("only draw or pick up, and discard"),
    TurnLimit.DISCARD_ONLY: N_("only discard"),
    TurnLimit.DISCARD_PREPARED: N_("only discard the card set face down"),
    TurnLimit.MUST_PICK_UP: N_("pick up the discard pile"),
}


class ArbiterDeal(DrawDiscardTable[Card]):
    """A deal in arbiter mode: real actions recorded, rulings applied (FIBAS arts. 22-35)."""

    def __init__(
        self, deck: Sequence[Card], dealer: Seat = Seat.N, code: BurracoFibasCode | None = None
    ) -> None:
        """Lay out ``deck`` (top card first) as the dealer does (art. 6), like the engine.

        The deck need not be complete: missing or excess cards are an irregularity (art. 27).
        """
        c = code or burraco_fibas()
        deck = tuple(deck)
        per, pz, npz = c.cards_per_player, c.pozzetto_cards, c.pozzetti
        if len(deck) < PLAYERS * per + npz * pz + 1:
            raise _err(message("deck too short to deal"), "deck_excess")
        d = SEATS.index(dealer)
        hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
        for i, x in enumerate(deck[: PLAYERS * per]):
            hands[SEATS[(d + 1 + i) % PLAYERS]].append(x)
        bottom = deck[::-1][: npz * pz]
        pozzetti = [list(bottom[i::npz]) for i in range(npz)]
        middle = deck[PLAYERS * per : len(deck) - npz * pz]
        self._setup(c, dealer, hands, [middle[0]], list(middle[1:]), pozzetti, dealer.left)
        self.deck: tuple[Card, ...] | None = deck
        self._origin: Callable[[], ArbiterDeal] = partial(ArbiterDeal, deck, dealer, c)

    def _setup(
        self,
        code: BurracoFibasCode,
        dealer: Seat,
        hands: dict[Seat, list[Card]],
        pile: list[Card],
        stock: list[Card],
        pozzetti: list[list[Card]],
        turn: Seat,
    ) -> None:
        self.code = code
        self.dealer = dealer
        self._hands = hands
        self._aside: dict[Seat, list[Card]] = {s: [] for s in SEATS}
        self._exposed: dict[Seat, list[tuple[Card, int]]] = {s: [] for s in SEATS}
        self._prepared: dict[Seat, Card] = {}
        self._negative: dict[Line, list[Card]] = {ln: [] for ln in LINES}
        self._melds: dict[Line, list[TableMeld]] = {ln: [] for ln in LINES}
        self._pile = pile
        self._stock = stock
        self._pozzetti = pozzetti
        self._taken: dict[Line, bool] = dict.fromkeys(LINES, False)
        self._pozzetto_of: dict[Seat, tuple[tuple[Card, ...], int]] = {}
        self._unplayed: set[Seat] = set()
        self._volo: Seat | None = None
        self._turn = SEATS.index(turn)
        self._phase = Phase.DRAW
        self._turns = 0
        self._last_turn = False
        self._timeout_left = 0
        self._end: EndReason | None = None
        self._closer = -1
        self._void = False
        self._limits: dict[Seat, Obligation] = {}
        self._no_closing: dict[Line, Seat] = {}
        self._must_from: dict[Seat, tuple[Card, ...]] = {}
        self._barred: dict[Seat, list[tuple[Card, int]]] = {s: [] for s in SEATS}
        self._arbitral: dict[Line, int] = {}
        self._close_next: Seat | None = None
        self._next_id = 0
        self._plays: list[Play] = []
        self.log: list[Action] = []
        self._script: list[tuple[Seat, str]] = []
        self.records: list[tuple[ArbiterRecord, ...]] = []
        self.rulings: list[Ruling] = []
        self.warnings: list[ArbiterWarning] = []

    @classmethod
    def from_layout(
        cls,
        hands: Mapping[Seat, Sequence[Card]],
        *,
        pile: Sequence[Card] = (),
        stock: Sequence[Card] = (),
        pozzetti: Sequence[Sequence[Card]] = (),
        melds: Mapping[Line, Sequence[Sequence[Card]]] | None = None,
        taken: Iterable[Line] = (),
        dealer: Seat = Seat.N,
        turn: Seat | None = None,
        turns_played: int = 0,
        code: BurracoFibasCode | None = None,
    ) -> ArbiterDeal:
        """A position set up by hand (prepared deals, the arbiter's reconstruction, tests).

        ``stock`` top card first, ``pile`` bottom first, ``pozzetti`` first taken first;
        ``melds`` already on the table by line; ``turn`` defaults to the dealer's left.
        """
        taken = tuple(taken)
        new = object.__new__(cls)
        new.deck = None
        t = turn or dealer.left
        new._setup(
            code or burraco_fibas(),
            dealer,
            {s: list(hands.get(s, ())) for s in SEATS},
            list(pile),
            list(stock),
            [list(p) for p in pozzetti],
            t,
        )
        for line, ms in (melds or {}).items():
            for cards in ms:
                m = try_meld(cards, new.code)
                if m is None:
                    raise _err(
                        message(
                            "not a valid meld on the table: {cards}", cards=format_cards(cards)
                        ),
                        "melds",
                    )
                new._add_meld(line, m.cards, m, Seat.N if line is Line.NS else Seat.E)
        for line in taken:
            new._taken[line] = True
        new._turns = turns_played
        new._origin = partial(
            cls.from_layout,
            {s: tuple(hands.get(s, ())) for s in SEATS},
            pile=tuple(pile),
            stock=tuple(stock),
            pozzetti=tuple(tuple(p) for p in pozzetti),
            melds={ln: tuple(tuple(m) for m in ms) for ln, ms in (melds or {}).items()},
            taken=tuple(taken),
            dealer=dealer,
            turn=turn,
            turns_played=turns_played,
            code=code,
        )
        return new

    @classmethod
    def from_position(cls, text: str, code: BurracoFibasCode | None = None) -> ArbiterDeal:
        """The position written by ``str(deal)`` (the notation of
        :mod:`~arbitro.games.burraco.arbiter.position`, docs/notation-burraco.md), with
        nothing recorded (:meth:`initial` gives it back); a malformed text raises
        :class:`ArbitroError`. It has no deck (``deck`` is None)."""
        f = parse_arbiter_position(text)
        new = object.__new__(cls)
        new.deck = None
        c = code or burraco_fibas()
        hands = {s: list(f.hands[s]) for s in SEATS}
        pozzetti = [list(p) for p in f.pozzetti]
        new._setup(c, f.dealer, hands, list(f.pile), list(f.stock), pozzetti, f.turn)
        for line, ms in f.melds.items():
            for m in ms:
                valid = make_meld(m.cards, c) if m.valid else None
                new._melds[line].append(
                    TableMeld(
                        *(m.id, line, m.cards, valid, m.opened_by, m.freeze, m.frozen_by),
                        *(m.positive, m.burraco_before, m.pending, list(m.touched_by)),
                    )
                )
        new._aside.update({s: list(x) for s, x in f.aside.items()})
        new._exposed.update({s: list(x) for s, x in f.exposed.items()})
        new._prepared = dict(f.prepared)
        new._negative.update({ln: list(x) for ln, x in f.negative.items()})
        new._taken.update(dict.fromkeys(f.taken, True))
        new._pozzetto_of = dict(f.took)
        new._unplayed = set(f.unplayed)
        new._volo = f.volo
        new._phase = f.phase
        new._turns = f.turns
        new._last_turn = f.last_turn
        new._timeout_left = f.timeout_left
        new._end = f.end
        new._closer = SEATS.index(f.closer) if f.closer is not None else -1
        new._void = f.void
        new._limits = dict(f.limits)
        new._no_closing = dict(f.no_closing)
        new._must_from = dict(f.must)
        new._barred.update({s: list(x) for s, x in f.barred.items()})
        new._arbitral = dict(f.arbitral)
        new._close_next = f.close_next
        new._next_id = f.next_id
        new._origin = partial(cls.from_position, text, code)
        return new

    def __str__(self) -> str:
        """The position in the notation of :mod:`~arbitro.games.burraco.arbiter.position`."""
        return arbiter_position_text(self)

    def __repr__(self) -> str:
        return f"ArbiterDeal.from_position({str(self)!r})"

    @classmethod
    def shuffled(
        cls, rng: random.Random, dealer: Seat = Seat.N, code: BurracoFibasCode | None = None
    ) -> ArbiterDeal:
        """A new deal shuffled and cut with ``rng`` as the engine does (art. 6)."""
        return cls(Deal.shuffled(rng, dealer, code).deck, dealer, code)

    @classmethod
    def from_deal(cls, deal: Deal) -> ArbiterDeal:
        """Arbiter mode for an engine deal: same layout, its moves replayed as actions."""
        new = cls(deal.deck, deal.dealer, deal.code)
        for seat, move in deal.moves:
            if move.kind is MoveKind.DRAW:
                new.draw(seat)
            elif move.kind is MoveKind.PICK_UP:
                new.pick_up(seat)
            elif move.kind is MoveKind.MELD:
                new.meld(seat, move.cards)
            elif move.kind is MoveKind.LAY_OFF:
                new.lay_off(seat, move.target, move.cards, low=move.low)
            elif move.kind is MoveKind.DISCARD:
                new.discard(seat, move.cards[0])
            elif move.kind is MoveKind.TIME_OUT:
                new.call_time()
        return new

    # ----------------------------------------------------------------- views

    @property
    def next_to_act(self) -> Seat | None:
        """Who plays next (None once the deal is over)."""
        return None if self._phase is Phase.OVER else self.turn

    @property
    def pozzetti(self) -> tuple[tuple[Card, ...], ...]:
        """The pozzetti still on the table, first to be taken first."""
        return tuple(tuple(p) for p in self._pozzetti)

    @property
    def void(self) -> bool:
        """True when the deal must be dealt again (arts. 6, 27: before play starts)."""
        return self._void

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in display order."""
        return tuple(sort_cards(self._hands[seat]))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock (*tallone*), top card first."""
        return tuple(self._stock)

    def aside(self, seat: Seat) -> tuple[Card, ...]:
        """Penalized cards at ``seat``'s side, in the order they must be discarded (art. 25)."""
        return tuple(self._aside[seat])

    def exposed(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s exposed cards still to be played first (art. 24)."""
        return tuple(x for x, _ in self._exposed[seat])

    def prepared_discard(self, seat: Seat) -> Card | None:
        """The discard ``seat`` prepared face down after playing out of turn (art. 31)."""
        return self._prepared.get(seat)

    def negative_cards(self, line: Line) -> tuple[Card, ...]:
        """Cards set apart that count negative for ``line`` at the end (art. 23)."""
        return tuple(self._negative[line])

    def melds(self, line: Line) -> tuple[TableMeld, ...]:
        """``line``'s melds on the table, in the order opened (``lay_off`` numbers them)."""
        return tuple(self._melds[line])

    def meld_by_id(self, meld_id: int) -> TableMeld:
        """The table meld with id ``meld_id``."""
        for ms in self._melds.values():
            for m in ms:
                if m.id == meld_id:
                    return m
        raise _err(message("no meld {meld} on the table", meld=meld_id))

    def limit(self, seat: Seat) -> TurnLimit:
        """What ``seat`` may do in its (current or next) turn after a ruling (arts. 30-33)."""
        return self._limits[seat].limit if seat in self._limits else TurnLimit.NONE

    def pozzetto_taken(self, line: Line) -> bool:
        """True when ``line`` has taken its pozzetto."""
        return self._taken[line]

    def closing_barred(self, line: Line) -> bool:
        """True while ``line`` may not close (art. 23, pozzetto frozen in the partner's hand)."""
        return line in self._no_closing

    def card_counts(self) -> Counter[Card]:
        """Every card of the deal wherever it is (hands, side, table, pile, stock, pozzetti)."""
        out: Counter[Card] = Counter()
        for s in SEATS:
            out.update(self._hands[s])
            out.update(self._aside[s])
            if s in self._prepared:
                out[self._prepared[s]] += 1
        for ln in LINES:
            out.update(self._negative[ln])
            for m in self._melds[ln]:
                out.update(m.cards)
        out.update(self._pile)
        out.update(self._stock)
        for p in self._pozzetti:
            out.update(p)
        return out

    def problems(self) -> list[tuple[Action, Problem]]:
        """Every problem seen in the recorded actions, in order (what the arbiter may rule on)."""
        return [(a, p) for a in self.log for p in a.problems]

    def held(self, seat: Seat) -> int:
        """Cards ``seat`` still has to play: hand, penalized cards at the side, prepared discard."""
        return len(self._hands[seat]) + len(self._aside[seat]) + (seat in self._prepared)

    # ------------------------------------------------ the core's Game protocol
    # Arbiter mode is a :class:`~arbitro.games.core.game.Game` whose moves are lines of the
    # script notation (:mod:`~arbitro.games.burraco.arbiter.script`): actions, rulings, "time".

    @property
    def move_stack(self) -> tuple[tuple[Seat, str], ...]:
        """Every line recorded since the layout, with the seat it concerns."""
        return tuple(self._script)

    def legal_moves(self) -> tuple[str, ...]:
        """The regular actions of the player on turn that keep the deal going: in the draw
        phase a draw or the pick-up (arts. 9-10), then a discard of any card held (art. 8),
        within what a ruling obliges the player to (arts. 10, 23, 25, 28-33); arbiter mode
        records any other action as it really happens."""
        if self._phase is Phase.OVER:
            return ()
        seat = self.turn
        s = seat.value
        ob = self._limits.get(seat)
        allowed = _ALLOWED[ob.limit] if ob is not None and ob.active else _ALLOWED[TurnLimit.NONE]
        if self._phase is Phase.DRAW:
            out = [f"{s} draw"] if self._stock and ActionKind.DRAW in allowed else []
            if self._pile and ActionKind.PICK_UP in allowed:
                out.append(f"{s} pickup")
            return tuple(out)
        owed = self._owed_discards(seat)
        held = owed[0] if owed is not None else tuple(self._hands[seat])
        return tuple(f"{s} discard {x}" for x in dict.fromkeys(held))

    def push(self, move: str) -> None:
        """Record ``move``, a line of the script notation (an action, a ruling, ``time``)."""
        arbiter_script.run_line(self, move)

    def pop(self) -> str:
        """Take the last line back: the layout replayed without it (the core's
        :func:`~arbitro.games.core.cards_and_melds.pop_replayed`)."""
        return str(pop_replayed(self))

    def outcome(self) -> Outcome | None:
        """How the deal ended (``void`` when it is dealt again), each line's total."""
        if self._phase is not Phase.OVER:
            return None
        reason = "void" if self._void else (self._end.value if self._end else "over")
        points: dict[Line | Seat, int] = {}
        if not self._void:
            for line, total in self.totals().items():
                points[line] = total
        best = sorted(points.items(), key=lambda kv: -kv[1])
        winner = best[0][0] if len(best) == 2 and best[0][1] != best[1][1] else None
        return Outcome(reason, points, winner, self.closer)

    def copy(self) -> Self:
        """An independent copy of the position, its log and rulings."""
        return copy.deepcopy(self)

    def initial(self) -> Self:
        """The same layout with nothing recorded."""
        return cast(Self, self._origin())

    # ------------------------------------------------- mutators (the remedies')
    # The remedies of Section C (:mod:`~arbitro.games.burraco.arbiter.remedies`) change the
    # position through these only: no private field is touched outside this module.

    @property
    def plays(self) -> tuple[Play, ...]:
        """Every meld and lay-off made, in order (what a remedy may take back)."""
        return tuple(self._plays)

    def add_play(self, play: Play) -> None:
        """Record ``play`` (a remedy moved cards to a meld: healed, merged)."""
        self._plays.append(play)

    def pozzetto_of(self, seat: Seat) -> tuple[tuple[Card, ...], int] | None:
        """The pozzetto ``seat`` took and the log index when it took it (None if none)."""
        return self._pozzetto_of.get(seat)

    def set_pozzetto_of(self, seat: Seat, cards: Sequence[Card], at: int) -> None:
        """``seat``'s pozzetto is now ``cards`` (completed or cut, art. 23)."""
        self._pozzetto_of[seat] = (tuple(cards), at)

    def put_back_pozzetto(self, seat: Seat) -> tuple[Card, ...]:
        """``seat``'s pozzetto goes back on the table, first to be taken (art. 23)."""
        cards, _ = self._pozzetto_of.pop(seat)
        self.take(seat, cards)
        self._pozzetti.insert(0, list(cards))
        self._taken[seat.line] = False
        self._volo = None
        return cards

    def remove_pozzetto(self, index: int) -> tuple[Card, ...]:
        """Take the pozzetto at ``index`` off the table (a previous deal's, art. 23)."""
        return tuple(self._pozzetti.pop(index))

    def complete_pozzetti(self) -> None:
        """Complete the pozzetti still on the table from the bottom of the stock (art. 23)."""
        for other in self._pozzetti:
            while len(other) < self.code.pozzetto_cards and self._stock:
                other.append(self._stock.pop())

    def give(self, seat: Seat, cards: Iterable[Card]) -> None:
        """``cards`` go into ``seat``'s hand."""
        self._hands[seat].extend(cards)

    def take(self, seat: Seat, cards: Sequence[Card], where: str = "hand") -> None:
        """``cards`` leave ``seat``'s hand (or, ``where="aside"``, its penalized cards)."""
        self._take(seat, cards, where)

    def draw_from_bottom(self) -> Card:
        """The stock's bottom card, taken off it (art. 23: a short pozzetto is completed)."""
        return self._stock.pop()

    def stock_on_top(self, cards: Sequence[Card]) -> None:
        """``cards`` go back on top of the stock, the first on top."""
        self._stock[:0] = list(cards)

    def stock_underneath(self, cards: Sequence[Card]) -> None:
        """``cards`` go under the stock."""
        self._stock.extend(cards)

    def to_pile(self, cards: Sequence[Card]) -> None:
        """``cards`` go on the discard pile, the last on top."""
        self._pile.extend(cards)

    def pile_underneath(self, cards: Sequence[Card]) -> None:
        """``cards`` go back at the bottom of the discard pile (a pile restored, art. 31)."""
        self._pile[:0] = list(cards)

    def from_pile(self, card: Card) -> None:
        """The topmost ``card`` leaves the discard pile."""
        i = len(self._pile) - 1 - self._pile[::-1].index(card)
        del self._pile[i]

    def take_pile_top(self, count: int) -> tuple[Card, ...]:
        """The top ``count`` cards leave the discard pile (bottom first)."""
        cut = len(self._pile) - count
        out = tuple(self._pile[cut:])
        del self._pile[cut:]
        return out

    def set_aside_cards(self, seat: Seat, cards: Sequence[Card]) -> None:
        """``seat``'s penalized cards at the side are now ``cards``, in discard order (art. 25)."""
        self._aside[seat] = list(cards)

    def add_exposed(self, seat: Seat, cards: Sequence[Card]) -> None:
        """``cards`` of ``seat`` count as exposed from now on (art. 24)."""
        self._exposed[seat] += [(x, len(self.log)) for x in cards]

    def use_exposed(self, seat: Seat, cards: Sequence[Card]) -> None:
        """Exposed ``cards`` of ``seat`` have been played."""
        self._use_exposed(seat, cards)

    def bar(self, seat: Seat, cards: Sequence[Card]) -> None:
        """``cards`` may not be played by ``seat`` until its next turn (art. 33, art. 24)."""
        self._barred[seat] += [(x, len(self.log)) for x in cards]

    def must_discard_from(self, seat: Seat, cards: Sequence[Card]) -> None:
        """``seat``'s next discard is one of ``cards`` (art. 33)."""
        self._must_from[seat] = tuple(cards)

    def prepare_discard(self, seat: Seat, card: Card) -> None:
        """``card`` leaves ``seat``'s hand, face down: its next discard (art. 31)."""
        self._take(seat, (card,))
        self._prepared[seat] = card

    def add_negative(self, line: Line, cards: Sequence[Card]) -> None:
        """``cards`` are set apart, negative for ``line`` at the end (art. 23)."""
        self._negative[line].extend(cards)

    def remove_meld(self, meld: TableMeld) -> None:
        """``meld`` leaves the table."""
        self._melds[meld.line].remove(meld)

    def set_limit(
        self, seat: Seat, limit: TurnLimit, *, active: bool, by: Irregularity | None
    ) -> None:
        """What ``seat`` may still do (arts. 10, 23, 28-33), by the ruling on ``by`` (whose
        article an action ignoring it is refused with); ``active`` when it applies to this
        turn."""
        self._limits[seat] = Obligation(limit, active, by)

    def bar_closing(self, seat: Seat) -> None:
        """``seat``'s line may not close until ``seat``'s next turn (art. 23)."""
        self._no_closing[seat.line] = seat

    def pozzetto_unplayed(self, seat: Seat) -> bool:
        """True while ``seat`` holds a pozzetto it may play only from its next turn (art. 23)."""
        return seat in self._unplayed

    def mark_unplayed(self, seat: Seat) -> None:
        """``seat``'s pozzetto is played from its next turn (art. 23)."""
        self._unplayed.add(seat)

    def set_arbitral(self, line: Line, points: int) -> None:
        """An arbitral score replaces ``line``'s total (art. 34)."""
        self._arbitral[line] = points

    def line_burraco(self, line: Line) -> bool:
        """True when ``line`` has a burraco that counts (a frozen meld's only if made before)."""
        return self._line_burraco(line)

    def end_turn(
        self,
        seat: Seat,
        discarded: Card | None,
        *,
        penalty: bool = False,
        take_pozzetto: bool = True,
    ) -> None:
        """``seat``'s turn ends (after ``discarded``); with ``penalty`` no closing is claimed;
        without ``take_pozzetto`` a hand left empty does not take the pozzetto (art. 23 case 1:
        the pozzetto put back stays in its place)."""
        self._end_turn(seat, discarded, penalty=penalty, take_pozzetto=take_pozzetto)

    def count_turn(self) -> None:
        """One more turn counted as played (a turn closed by the arbiter without a discard)."""
        self._turns += 1

    def start_turn(self, seat: Seat) -> None:
        """``seat``'s turn begins (temporary freezes of ``seat`` are lifted, art. 2)."""
        self._start_turn(seat)

    def resume(self, seat: Seat, phase: Phase = Phase.PLAY) -> None:
        """Play goes back to ``seat`` in ``phase`` (a closing reopened, art. 33)."""
        self._reopen()
        self._turn = SEATS.index(seat)
        self._phase = phase

    def declare_void(self) -> None:
        """The deal is void, dealt again (arts. 6, 27)."""
        self._void = True
        self._phase = Phase.OVER
        self._end = None

    def close_at_next_turn(self, seat: Seat) -> None:
        """``seat``'s closing becomes valid when its next turn begins (art. 18)."""
        self._close_next = seat

    # --------------------------------------------------------------- helpers

    def _add_meld(self, line: Line, cards: tuple[Card, ...], m: Meld | None, by: Seat) -> TableMeld:
        tm = TableMeld(self._next_id, line, cards, m, by)
        self._next_id += 1
        self._melds[line].append(tm)
        return tm

    def _take(self, seat: Seat, cards: Sequence[Card], where: str = "hand") -> None:
        src = self._hands[seat] if where == "hand" else self._aside[seat]
        left = Counter(src)
        need = Counter(cards)
        if need - left:
            missing = format_cards(sorted((need - left).elements()))
            raise _err(
                message("{seat} does not hold {cards}", seat=seat.value, cards=missing), "turn"
            )
        rest = minus(src, cards)
        src[:] = list(rest)

    def _log(
        self,
        seat: Seat,
        kind: ActionKind,
        cards: Sequence[Card] = (),
        meld: int | None = None,
        problems: Sequence[Problem] = (),
        turn: int | None = None,
        line: str = "",
    ) -> Action:
        t = self._turns if turn is None else turn
        a = Action(len(self.log), seat, kind, tuple(cards), meld, t, tuple(problems))
        self.log.append(a)
        self._script.append((seat, f"{seat.value} {line or kind.value}"))
        return a

    def _over_check(self) -> None:
        if self._phase is Phase.OVER:
            raise _err(message("the deal is over"), "deal_end")

    def _common(self, seat: Seat, kind: ActionKind) -> list[Problem]:
        probs: list[Problem] = []
        if seat is not self.turn:
            if kind is ActionKind.DRAW:
                probs.append(_p(message("draw out of turn"), "out_of_turn_draw"))
            elif kind is ActionKind.PICK_UP:
                probs.append(_p(message("pick-up out of turn"), "out_of_turn_pick_up"))
            else:
                probs.append(_p(message("play out of turn"), "arbiter", None))
        return probs

    def _kept(self, seat: Seat, kind: ActionKind, card: Card | None = None) -> None:
        """Refuse an action of the seat on turn that ignores what a ruling obliged it to do:
        the turn's limit (arts. 10, 23, 28-33) and the discard it owes (art. 31's prepared
        card, art. 25's penalized cards highest first, art. 33's cards taken back). The
        arbiter is at the table when he rules: the player does what he said (art. 22), so
        such an action is not recorded; the refusal cites the obligation's article."""
        if seat is not self.turn:
            return
        ob = self._limits.get(seat)
        if ob is not None and ob.active and kind not in _ALLOWED[ob.limit]:
            topic = ob.by.value if ob.by is not None else "arbiter"
            raise _obliged(seat, Message(_LIMIT_WORDS[ob.limit]), topic)
        if kind is not ActionKind.DISCARD or card is None:
            return
        owed = self._owed_discards(seat)
        if owed is not None and card not in owed[0]:
            raise _obliged(seat, owed[1], owed[2])

    def _owed_discards(self, seat: Seat) -> tuple[tuple[Card, ...], Message, str] | None:
        """The cards the discard of ``seat`` must be one of, why, and the article's topic; None
        when it may discard any card."""
        if seat in self._prepared:
            x = self._prepared[seat]
            return (
                (x,),
                message("discard the card set face down ({card})", card=str(x)),
                "out_of_turn",
            )
        if self._aside[seat]:
            x = self._aside[seat][0]
            return (
                (x,),
                message("discard the penalized card {card}, highest first", card=str(x)),
                "penalized_cards",
            )
        must = self._must_from.get(seat, ())
        held = tuple(x for x in must if x in self._hands[seat])
        if held:
            return (
                held,
                message("discard one of the cards taken back: {cards}", cards=format_cards(held)),
                "irregular_closing",
            )
        return None

    # --------------------------------------------------------------- actions

    def draw(self, seat: Seat) -> Action:
        """``seat`` draws the stock's top card (art. 9), in turn or not."""
        self._over_check()
        if not self._stock:
            raise _err(message("the stock is empty"), "deal_end")
        self._kept(seat, ActionKind.DRAW)
        probs = self._common(seat, ActionKind.DRAW)
        in_turn = seat is self.turn
        if in_turn and self._phase is Phase.PLAY:
            if self._volo is seat:
                probs.append(
                    _p(message("draw after taking the pozzetto al volo"), "draw_after_pozzetto")
                )
            else:
                probs.append(_p(message("second draw in the turn"), "draw", "two_cards_drawn"))
        x = self._stock.pop(0)
        self._hands[seat].append(x)
        if in_turn and self._phase is Phase.DRAW:
            self._begin_play(seat)
        return self._log(seat, ActionKind.DRAW, (x,), problems=probs)

    def pick_up(self, seat: Seat) -> Action:
        """``seat`` takes the whole discard pile (art. 10), in turn or not."""
        self._over_check()
        if not self._pile:
            raise _err(message("the discard pile is empty"), "pick_up")
        self._kept(seat, ActionKind.PICK_UP)
        probs = self._common(seat, ActionKind.PICK_UP)
        if seat is self.turn and self.limit(seat) is TurnLimit.MUST_PICK_UP:
            del self._limits[seat]  # art. 10: the pile picked up, the obligation is kept
        in_turn = seat is self.turn
        if in_turn and self._phase is Phase.PLAY:
            if self._volo is seat:
                probs.append(
                    _p(
                        message("pick-up after taking the pozzetto al volo"),
                        "pick_up_after_pozzetto",
                    )
                )
            else:
                probs.append(_p(message("pick-up after drawing"), "pick_up", None))
        cards = tuple(self._pile)
        self._pile.clear()
        self._hands[seat].extend(cards)
        if in_turn and self._phase is Phase.DRAW:
            self._begin_play(seat)
        return self._log(seat, ActionKind.PICK_UP, cards, problems=probs)

    def _begin_play(self, seat: Seat) -> None:
        self._phase = Phase.PLAY
        self._unplayed.discard(seat)
        if len(self._stock) <= self.code.unplayable_stock_cards:
            self._last_turn = True  # art. 18: the last two stock cards are not playable

    def _play_problems(self, seat: Seat, cards: Sequence[Card]) -> list[Problem]:
        probs = self._common(seat, ActionKind.MELD)
        if seat is self.turn and self._phase is Phase.DRAW:
            probs.append(_p(message("play made without drawing"), "missing_draw"))
        exposed = self.exposed(seat)
        if exposed and not any(x in exposed for x in cards):
            probs.append(_p(message("play the exposed card first"), "exposed_card"))
        return probs

    def meld(self, seat: Seat, cards: Sequence[Card]) -> Action:
        """``seat`` opens a meld with ``cards`` (art. 11), valid or not, in turn or not."""
        self._over_check()
        cards = tuple(cards)
        self._kept(seat, ActionKind.MELD)
        self._take(seat, cards)
        probs = self._play_problems(seat, cards)
        m = try_meld(cards, self.code)
        line = seat.line
        if m is None:
            if _same_kind(cards):
                probs.append(_p(message("incomplete meld"), "incomplete_meld"))
            else:
                probs.append(_p(message("wrong meld"), "wrong_meld"))
        elif not m.is_run and any(
            t.meld is not None and not t.meld.is_run and t.meld.rank is m.rank
            for t in self._melds[line]
        ):
            probs.append(_p(message("equal set"), "equal_sets"))
        tm = self._add_meld(line, m.cards if m else cards, m, seat)
        self._use_exposed(seat, cards)
        tm.touched_by.append((seat, len(self.log)))
        self._plays.append(Play(len(self.log), seat, self._turns, tm.id, cards, True))
        probs += self._after_play(seat)
        return self._log(
            seat, ActionKind.MELD, cards, tm.id, probs, line=f"meld {format_cards(cards)}"
        )

    def lay_off(
        self, seat: Seat, target: int, cards: Sequence[Card], *, low: bool = False
    ) -> Action:
        """``seat`` lays ``cards`` off on its line's meld number ``target`` (art. 2 "Legare")."""
        self._over_check()
        cards = tuple(cards)
        ms = self._melds[seat.line]
        if not 0 <= target < len(ms):
            raise _err(message("the line has no meld number {meld}", meld=target), "lay_off")
        self._kept(seat, ActionKind.LAY_OFF)
        self._take(seat, cards)
        probs = self._play_problems(seat, cards)
        tm = ms[target]
        partner = seat.partner
        for x, at in self._exposed[seat]:
            if x in cards and any(s is partner and i > at for s, i in tm.touched_by):
                probs.append(
                    _p(
                        message("exposed card laid on the partner's new or extended meld"),
                        "exposed_on_partner_meld",
                    )
                )
                break
        for x, at in self._barred[seat]:
            if x in cards and any(s is partner and i > at for s, i in tm.touched_by):
                probs.append(
                    _p(
                        message("card taken back laid on the partner's new or extended meld"),
                        "irregular_closing",
                        None,
                    )
                )
                break
        if tm.freeze is Freeze.TEMPORARY:
            probs.append(_p(message("meld frozen"), "freeze", None))
        new: Meld | None = None
        base = tm.meld
        kept: tuple[Card, ...] = ()
        if base is None and tm.freeze is Freeze.DEFINITIVE:
            # a meld frozen with an excess or ghost card in it (arts. 25.2.3, 35): lay off on
            # the valid part; the card counted negative stays with it
            base = try_meld(tm.positive, self.code)
            kept = minus(tm.cards, tm.positive)
        if base is not None:
            try:
                new = base.lay_off(cards, low=low, code=self.code)
            except IllegalMoveError:
                new = None
        if new is not None and kept:
            tm.cards = new.cards + kept
        elif new is None:
            tm.cards = tm.cards + cards
            tm.meld = None
            if _fits_kind(tm, cards):
                probs.append(_p(message("incomplete lay-off"), "incomplete_meld"))
            else:
                probs.append(_p(message("card laid off wrongly"), "wrong_lay_off"))
        else:
            tm.cards, tm.meld = new.cards, new
        if tm.freeze is Freeze.DEFINITIVE:
            probs.append(
                _p(
                    message("cards laid on a meld frozen for good: negative at the end"),
                    "freeze",
                    None,
                )
            )
        self._use_exposed(seat, cards)
        tm.touched_by.append((seat, len(self.log)))
        self._plays.append(Play(len(self.log), seat, self._turns, tm.id, cards, False))
        probs += self._after_play(seat)
        text = f"layoff {target} {format_cards(cards)}" + (" low" if low else "")
        return self._log(seat, ActionKind.LAY_OFF, cards, tm.id, probs, line=text)

    def _use_exposed(self, seat: Seat, cards: Sequence[Card]) -> None:
        left = list(cards)
        keep = []
        for x, at in self._exposed[seat]:
            if x in left:
                left.remove(x)
            else:
                keep.append((x, at))
        self._exposed[seat] = keep

    def _after_play(self, seat: Seat) -> list[Problem]:
        """After a meld or lay-off: an empty hand takes the pozzetto al volo or claims a close."""
        if self.held(seat) or seat is not self.turn:
            return []
        line = seat.line
        if not self._taken[line] and self._pozzetti:
            self._take_pozzetto(seat)
            self._volo = seat
            return []
        return self._claim_closing(seat, None)

    def _take_pozzetto(self, seat: Seat) -> None:
        poz = tuple(self._pozzetti.pop(0))
        self._pozzetto_of[seat] = (poz, len(self.log))
        self._hands[seat].extend(poz)
        self._taken[seat.line] = True

    def discard(self, seat: Seat, card: Card, *, hidden: Sequence[Card] = ()) -> Action:
        """``seat`` discards ``card`` (art. 8); ``hidden`` ghost cards went with it (art. 35).

        A penalized card at the side or a prepared discard (art. 31) may be the card.
        """
        self._over_check()
        self._kept(seat, ActionKind.DISCARD, card)
        turn = self._turns
        probs = self._common(seat, ActionKind.DISCARD)
        if seat is self.turn and self._phase is Phase.DRAW:
            probs.append(_p(message("discard without drawing"), "missing_draw"))
        if self._prepared.get(seat) == card:
            del self._prepared[seat]
        elif card in self._aside[seat]:
            if self._aside[seat][0] != card:
                probs.append(
                    _p(message("penalized cards go highest first"), "immediate_discard", None)
                )
            self._aside[seat].remove(card)
        else:
            self._take(seat, (card,))
            if self._aside[seat]:
                probs.append(
                    _p(
                        message("the discard had to be the penalized card"),
                        "penalized_cards",
                        None,
                    )
                )
            if seat in self._prepared:
                probs.append(
                    _p(message("the discard had to be the prepared card"), "out_of_turn", None)
                )
        exposed = self.exposed(seat)
        if exposed and card not in exposed and seat is self.turn:
            probs.append(_p(message("play the exposed card first"), "exposed_card"))
        must = self._must_from.pop(seat, ())
        if must and card not in must:
            probs.append(
                _p(
                    message("the discard had to be one of the cards taken back"),
                    "irregular_closing",
                    None,
                )
            )
        self._use_exposed(seat, (card,))
        self._take(seat, hidden)
        self._pile.extend(hidden)
        self._pile.append(card)
        if seat is self.turn:
            probs += self._end_turn(seat, card)
        text = f"discard {card}" + (f" hidden {format_cards(hidden)}" if hidden else "")
        return self._log(
            seat, ActionKind.DISCARD, (card, *hidden), problems=probs, turn=turn, line=text
        )

    def expose(self, seat: Seat, cards: Sequence[Card]) -> Action:
        """``seat``'s ``cards`` were seen: dropped, pulled out or shown (art. 24)."""
        self._over_check()
        cards = tuple(cards)
        left = Counter(self._hands[seat]) - Counter(self.exposed(seat))
        if Counter(cards) - left:
            raise _err(
                message("{seat} does not hold {cards}", seat=seat.value, cards=format_cards(cards)),
                "exposed_card",
            )
        self._exposed[seat] += [(x, len(self.log)) for x in cards]
        prob = _p(message("exposed card"), "exposed_card")
        return self._log(
            seat, ActionKind.EXPOSE, cards, problems=(prob,), line=f"expose {format_cards(cards)}"
        )

    def look_at_pozzetto(self, seat: Seat) -> Action:
        """``seat`` looks at the pozzetto it took (art. 23: taken with the discard, it is seen
        only after the partner's discard)."""
        probs = []
        partner = seat.partner
        if seat in self._unplayed and self.turn in (seat.left, partner):
            probs.append(_p(message("pozzetto seen out of turn"), "pozzetto_seen_early"))
        return self._log(seat, ActionKind.LOOK_AT_POZZETTO, problems=probs, line="look")

    # ---------------------------------------------------------- turn changes

    def _end_turn(
        self,
        seat: Seat,
        discarded: Card | None,
        *,
        penalty: bool = False,
        take_pozzetto: bool = True,
    ) -> list[Problem]:
        self._turns += 1
        lim = self._limits.get(seat)
        if lim is not None and lim.active:
            del self._limits[seat]
        self._volo = None
        probs: list[Problem] = []
        if self.held(seat) == 0:
            if self._taken[seat.line] or not self._pozzetti:
                if not penalty:
                    return self._claim_closing(seat, discarded)
            elif take_pozzetto:
                self._take_pozzetto(seat)
                self._unplayed.add(seat)  # "con lo scarto": played from the next turn (art. 23)
        if self._last_turn:
            self._finish(EndReason.STOCK_EXHAUSTED)
            return probs
        if self._timeout_left and seat is self.dealer:
            self._timeout_left -= 1
            if self._timeout_left == 0:
                self._finish(EndReason.TIME_OUT)
                return probs
        self._start_turn(seat.left)
        return probs

    def _start_turn(self, seat: Seat) -> None:
        self._turn = SEATS.index(seat)
        self._phase = Phase.DRAW
        self._volo = None
        for ms in self._melds.values():
            for m in ms:
                if m.freeze is Freeze.TEMPORARY and m.frozen_by is seat:
                    m.unfreeze()  # art. 2: valid again when the turn returns to the offender
        for line, who in list(self._no_closing.items()):
            if who is seat:
                del self._no_closing[line]
        lim = self._limits.get(seat)
        if lim is not None:
            self._limits[seat] = lim._replace(active=True)
        if seat in self._prepared:
            self._phase = Phase.PLAY  # art. 31: only the prepared discard
        if self._close_next is seat:  # art. 18: the closing al monte is valid now
            self._close_next = None
            self._finish(EndReason.CLOSING)
            self._closer = SEATS.index(seat)

    def _claim_closing(self, seat: Seat, discarded: Card | None) -> list[Problem]:
        """The player ran out of cards with the pozzetto taken: the table takes it for a closing.

        Returns the problems that make it invalid (art. 33); the arbiter rules on them.
        """
        line = seat.line
        probs: list[Problem] = []
        done_before = self._turns - (1 if discarded is not None else 0)
        if not self._line_burraco(line):
            probs.append(_p(message("closing without burraco"), "closing_without_burraco"))
        elif discarded is None:
            probs.append(_p(message("closing without discard"), "closing_without_discard"))
        elif is_wild(discarded):
            probs.append(_p(message("closing discarding a wild"), "closing_with_wild"))
        elif done_before < PLAYERS:
            probs.append(_p(message("closing in the first round"), "closing_first_round"))
        if line in self._no_closing:
            probs.append(
                _p(
                    message("no closing until regular play is restored"),
                    "wrong_play_then_pozzetto",
                    None,
                )
            )
        self._finish(EndReason.CLOSING)
        self._closer = SEATS.index(seat)
        return probs

    def _line_burraco(self, line: Line) -> bool:
        """True when ``line`` has a burraco that counts (a frozen meld's only if made before)."""
        return any(meld_points(m, self)[2] is not None for m in self._melds[line])

    def call_time(self) -> None:
        """The arbiter calls time (art. 17): one last round after the dealer's discard."""
        self._over_check()
        d = SEATS.index(self.dealer)
        after_dealer = self._phase is Phase.DRAW and self.turn is SEATS[(d + 1) % PLAYERS]
        self._timeout_left = 1 if after_dealer else 2
        self._script.append((self.turn, "time"))

    def _reopen(self) -> None:
        self._phase = Phase.PLAY
        self._end = None
        self._closer = -1

    # --------------------------------------------------------------- rulings

    def rule(
        self,
        irregularity: Irregularity,
        offender: Seat | None = None,
        *,
        found: Found | None = None,
        meld: int | None = None,
        cards: Sequence[Card] = (),
        healing: Sequence[Card] = (),
        reminded_by: Seat | None = None,
        stage: PozzettoStage | None = None,
        seen: bool = False,
        prepared: Card | None = None,
        pozzetto: int | None = None,
        used: bool = False,
        rebuilt: bool = True,
        arbitral_score: int | None = None,
        information: bool = False,
        table_acted: bool = False,
        what: str | None = None,
    ) -> Ruling:
        """Rule on ``irregularity`` by ``offender``, found at ``found``; apply the remedy.

        ``found`` defaults to the moment the state shows (during the offender's turn, after
        its discard before the next draw, later). ``meld`` (a table meld id) and ``cards``
        name what the irregularity concerns (defaults: the offender's last play and its cards);
        ``healing`` are cards the offender adds to heal (arts. 28, 29, 35). With
        ``table_acted`` the table acted before calling the arbiter: the right to the penalty is
        lost (art. 22) and nothing changes. Returns the :class:`Ruling`, also kept in
        :attr:`rulings`.
        """
        irr = core_irregularity(
            irregularity,
            offender or self.turn,
            named=offender is not None,
            found=found,
            meld=meld,
            cards=tuple(cards),
            healing=tuple(healing),
            reminded_by=reminded_by,
            stage=stage,
            seen=seen,
            prepared=prepared,
            pozzetto=pozzetto,
            used=used,
            rebuilt=rebuilt,
            arbitral_score=arbitral_score,
            information=information,
            table_acted=table_acted,
            what=what,
        )
        who = offender or self.turn
        ruling = rule_in_place(self, irr)
        r = self.rulings[-1]
        self.records.append(ruling.records)
        self._script.append(
            (
                who,
                _rule_line(
                    irregularity,
                    offender,
                    found=found,
                    meld=meld,
                    cards=cards,
                    healing=healing,
                    reminded_by=reminded_by,
                    stage=stage,
                    seen=seen,
                    prepared=prepared,
                    pozzetto=pozzetto,
                    used=used,
                    rebuilt=rebuilt,
                    arbitral_score=arbitral_score,
                    information=information,
                    table_acted=table_acted,
                    what=what,
                ),
            )
        )
        return r

    def script(self) -> list[str]:
        """Everything recorded, actions and rulings, in the notation of
        :mod:`~arbitro.games.burraco.arbiter.script`: replayed on the same layout it rebuilds
        the same position (what an event record stores)."""
        return [line for _, line in self._script]

    def warn(self, seat: Seat, irregularity: Irregularity) -> None:
        """Warn ``seat`` for ``irregularity`` (*ammonizione*, art. 22: two warnings cost 1 VP and
        100 MP); the warning cites the irregularity's article."""
        self.warnings.append(ArbiterWarning(seat, irregularity.article, irregularity.italian))

    # ----------------------------------------------------------------- score

    def scores(self) -> dict[Line, LineScore]:
        """Each line's score (art. 19) with freezes and penalized cards (arts. 2, 25, 30)."""
        return score_arbiter_deal(self)

    def totals(self) -> dict[Line, int]:
        """Each line's total; an arbitral score replaces a line's total (art. 34)."""
        s = self.scores()
        return {ln: self._arbitral.get(ln, s[ln].total) for ln in LINES}


def _rule_line(
    irregularity: Irregularity,
    offender: Seat | None,
    *,
    found: Found | None,
    meld: int | None,
    cards: Sequence[Card],
    healing: Sequence[Card],
    reminded_by: Seat | None,
    stage: PozzettoStage | None,
    seen: bool,
    prepared: Card | None,
    pozzetto: int | None,
    used: bool,
    rebuilt: bool,
    arbitral_score: int | None,
    information: bool,
    table_acted: bool,
    what: str | None = None,
) -> str:
    """A ruling in the script notation (``rule wrong_meld E healing=7H``)."""

    def cs(x: Sequence[Card]) -> str:
        return format_cards(x).replace(" ", ",")

    words = ["rule", irregularity.value]
    if offender is not None:
        words.append(offender.value)
    pairs: list[tuple[str, str | None]] = [
        ("found", found.value if found else None),
        ("meld", None if meld is None else str(meld)),
        ("cards", cs(cards) if cards else None),
        ("healing", cs(healing) if healing else None),
        ("reminded_by", reminded_by.value if reminded_by else None),
        ("stage", stage.value if stage else None),
        ("prepared", str(prepared) if prepared else None),
        ("pozzetto", None if pozzetto is None else str(pozzetto)),
        ("arbitral", None if arbitral_score is None else str(arbitral_score)),
        ("what", what),
    ]
    words += [f"{k}={v}" for k, v in pairs if v is not None]
    flags = [
        ("seen", seen),
        ("used", used),
        ("not_rebuilt", not rebuilt),
        ("information", information),
        ("table_acted", table_acted),
    ]
    words += [k for k, on in flags if on]
    return " ".join(words)


def _p(text: Message, topic: str, suggests: str | None = "") -> Problem:
    """A problem seen in an action: ``text``, the FIBAS article of ``topic`` and the
    irregularity it suggests (by default the irregularity named ``topic``; None for none)."""
    irr = Irregularity(topic if suggests == "" else suggests) if suggests is not None else None
    return Problem(fibas(topic), text, irr)


def _same_kind(cards: Sequence[Card]) -> bool:
    """True when the naturals share a suit or a rank (an incomplete, not a wrong, meld)."""
    nat = [x for x in cards if not is_wild(x)]
    return len({x.suit for x in nat}) <= 1 or len({x.rank for x in nat}) <= 1


def _fits_kind(tm: TableMeld, cards: Sequence[Card]) -> bool:
    """True when cards laid off have the meld's suit (run) or rank (set): an incomplete add."""
    nat = [x for x in tm.cards if not is_wild(x)]
    if not nat:
        return False
    new = [x for x in cards if not is_wild(x)]
    if len({x.rank for x in nat}) == 1 and all(x.rank is nat[0].rank for x in new):
        return sum(is_wild(x) for x in tm.cards) <= 1
    return all(x.suit is nat[0].suit for x in new) and sum(is_wild(x) for x in tm.cards) <= 1


def full_deck_difference(deal: ArbiterDeal) -> tuple[Counter[Card], Counter[Card]]:
    """Cards missing from and in excess of the 108-card deck in ``deal`` (art. 27)."""
    have = deal.card_counts()
    want = Counter(burraco_deck())
    return want - have, have - want
