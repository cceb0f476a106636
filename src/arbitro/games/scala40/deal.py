"""A Scala 40 deal (*smazzata*) as a sequence of moves: layout, legal moves, push, pop, end.

Like ``chess.Board``, a :class:`Deal` is a mutable position with a move stack, a game of the
engine core (:class:`arbitro.games.core.Game`): build it from a deck (:class:`Deal`,
:meth:`Deal.shuffled`) or a position string (:meth:`Deal.from_position`), ask
:meth:`Deal.legal_moves`, apply a move with :meth:`Deal.push` (an illegal move raises the
core's :class:`IllegalMoveError` naming the article), take it back with :meth:`Deal.pop`, and
score the players with :meth:`Deal.scores` / :meth:`Deal.outcome` (negative points, art. 22).

Seats are the core's N, E, S, W clockwise; dealing and play go to the right, counter-clockwise
(art. 4, :data:`ORDER`), so the first to play sits at the dealer's right. A table of three
(art. 25) leaves one seat empty. A play that leaves the player without a card to discard is
put right as art. 20 prescribes (see :meth:`Deal.push`). The arbiter's rulings (arts. 11-17,
:mod:`arbitro.games.scala40.arbiter`) change the position through the public mutators
:meth:`Deal.freeze`, :meth:`Deal.penalize`, :meth:`Deal.restrict`, :meth:`Deal.penalty_discard`,
:meth:`Deal.penalty_draw` and :meth:`Deal.split_run`.

Position notation (``str(deal)``, read by :meth:`Deal.from_position`, shown by ``repr``; see
docs/notation-scala40.md), one line of ``key=value`` fields after the word ``scala40``::

    scala40 seats=NESW dealer=N turn=W phase=play hands=W:7H,8H,JK/S:.../E:.../N:...
      table=W:KH,KD,KC/*S:3C,4C,JK=5C pile=2D stock=3H,... opened=WS picked=- closer=-
      turns=12 reshuffles=0 seed=1234 [penalties=...] [ ; open ... ; meld ...]

``hands`` in playing order, ``table`` the melds in the order laid with their owner (``*``:
frozen, art. 11; ``JK=5C``: a joker and what it stands for), ``pile`` bottom first, ``stock``
bottom first (the top card last), ``opened`` the seats that have opened (art. 7), ``picked``
the discard taken this turn (art. 6: who takes it must open), ``turns`` the turns ended,
``seed`` and ``reshuffles`` the reshuffle of the pile into the stock (art. 19). Within a turn
the position is written as it stood before the turn's first play, followed by the turn's
moves after ``" ; "``: art. 20 takes plays of the turn back. ``penalties`` (only after a
ruling) lists ``#frozen`` melds and per seat ``S:penalized:must_discard:draw_only:no_draw:
discard_only:no_close_before``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from arbitro.cards import ALL_CARDS, JOKER, Card, parse_card, parse_cards, random_cut, shuffled
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.errors import ArbitroError
from arbitro.games.core import table as core_table  # the deck prepared by hand
from arbitro.games.core.cards_and_melds import pop_replayed
from arbitro.games.core.errors import position_detail
from arbitro.games.core.game import Outcome, Side
from arbitro.games.core.seats import SEATS, Seat, TurnOrder
from arbitro.games.core.table import (
    DrawDiscardTable,
    EndReason,
    Phase,
)
from arbitro.games.scala40.errors import IllegalMoveError, article, illegal
from arbitro.games.scala40.melds import Meld, format_tokens, make_meld, parse_tokens
from arbitro.games.scala40.movegen import hand_melds, meld_layoffs, openings
from arbitro.games.scala40.moves import (
    DRAW,
    PICK_UP,
    LayOff,
    Move,
    MoveKind,
    discard,
    lay_off,
    meld,
    open_move,
    parse_move,
    ruling,
    swap,
)
from arbitro.games.scala40.rules import (
    ACE_HIGH,
    ACE_LOW,
    penalty_table,
    place_card,
    scala40_deck,
    strength,
)
from arbitro.games.scala40.solver import best_opening, can_open
from arbitro.i18n import message, ngettext


@dataclass(frozen=True, slots=True)
class TakenBack:
    """Art. 20 applied: ``seat`` took back ``taken_back`` and discarded ``discarded``."""

    seat: Seat
    taken_back: tuple[Card, ...]
    discarded: Card


@dataclass(slots=True)
class _Penalties:
    """What the arbiter's rulings left on the deal (arts. 11-12, 15-16), by playing index:
    frozen melds (table numbers), penalized cards (discarded lowest first), a card to discard
    this turn, a next turn limited to drawing and discarding the drawn card, a next turn
    without a draw limited to a penalized discard, and the turn count before which a seat
    may not close."""

    frozen: set[int]
    penalized: list[list[Card]]
    must_discard: list[Card | None]
    draw_only: list[int]
    no_draw: list[bool]
    discard_only: list[bool]
    no_close_before: list[int]

    def copy(self) -> _Penalties:
        return _Penalties(
            set(self.frozen),
            [list(x) for x in self.penalized],
            list(self.must_discard),
            list(self.draw_only),
            list(self.no_draw),
            list(self.discard_only),
            list(self.no_close_before),
        )


DISCARD_DRAWN: Final = 1
"""A turn limited to drawing from the stock and discarding the card drawn (arts. 15-16)."""
DISCARD_PENALIZED: Final = 2
"""A turn limited to drawing from the stock and discarding a penalized card (art. 16)."""

_N: Final = len(ALL_CARDS)
_JK: Final = JOKER.index


@dataclass(slots=True)
class _Play:
    """A play of this turn and the position before it (for art. 20)."""

    cards: tuple[Card, ...]
    hand: list[int]
    size: int
    table: list[Meld]
    owners: list[Seat]
    opened: bool
    at: int


ORDER: Final = TurnOrder.RIGHT
"""Scala 40 plays to the right, counter-clockwise (art. 4)."""


class Deal(DrawDiscardTable[Card]):
    """A Scala 40 deal in progress or over (arts. 4, 6-9, 17-20, 22)."""

    def __init__(
        self,
        deck: Sequence[Card],
        dealer: Seat = Seat.N,
        *,
        seats: Sequence[Seat] = SEATS,
        reshuffle_seed: int = 0,
        code: Scala40Code | None = None,
    ) -> None:
        """Lay out a deal from ``deck`` (top card first) as the dealer does (art. 4).

        Thirteen cards to each player one at a time counter-clockwise from the dealer's right;
        the next card turned up starts the discard pile; the rest is the stock. ``seats`` are the
        occupied seats (four, or three at an incomplete table, art. 25). ``reshuffle_seed``
        seeds the reshuffle of the discard pile when the stock runs out (art. 19).
        """
        k = code or scala40()
        self.code: Final = k
        deck = tuple(deck)
        if Counter(deck) != Counter(scala40_deck(k)):
            raise ArbitroError(
                "the deck is not the 108-card Scala 40 deck with 4 jokers",
                article=article("deck"),
                key="scala40.bad_deck",
            )
        occupied = tuple(s for s in SEATS if s in set(seats))
        if len(occupied) != len(tuple(seats)) or len(occupied) not in (
            k.players,
            k.incomplete_table_players,
        ):
            raise ArbitroError(
                "a table seats {players} players, or {fewer}",
                players=k.players,
                fewer=k.incomplete_table_players,
                article=article("table_size"),
                key="scala40.bad_seats",
            )
        if dealer not in occupied:
            why = message("the dealer {seat} is not at the table", seat=dealer.value)
            raise ArbitroError(why, article=article("dealer"), key="scala40.bad_dealer")
        self.deck: Final = deck
        self.dealer: Final = dealer
        self.reshuffle_seed: Final = reshuffle_seed
        around = ORDER.cycle(dealer, occupied)
        self.order: Final[tuple[Seat, ...]] = around[1:] + around[:1]
        """The occupied seats in playing order, the dealer's right first (art. 4)."""
        n = len(self.order)
        self._hands = [[0] * _N for _ in range(n)]
        dealt = n * k.cards_per_player
        for i, x in enumerate(deck[:dealt]):
            self._hands[i % n][x.index] += 1
        self._sizes = [k.cards_per_player] * n
        self._pile: list[Card] = list(deck[dealt : dealt + k.turned_up])
        self._stock: list[Card] = list(reversed(deck[dealt + k.turned_up :]))
        self._table: list[Meld] = []
        self._owners: list[Seat] = []
        self._opened = [False] * n
        self._turn = 0
        self._phase = Phase.DRAW
        self._picked: Card | None = None
        self._plays: list[_Play] = []
        self._fits: tuple[frozenset[int], bool] | None = None
        self._closer = -1
        self._end: EndReason | None = None
        self._turns = 0
        self._reshuffles = 0
        self._pen: _Penalties | None = None
        self._origin: str | None = None
        self.remedies: list[TakenBack] = []
        self.moves: list[tuple[Seat, Move]] = []

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        dealer: Seat = Seat.N,
        *,
        seats: Sequence[Seat] = SEATS,
        code: Scala40Code | None = None,
    ) -> Deal:
        """A new deal: the deck shuffled and cut with ``rng``, then laid out (art. 4)."""
        deck = random_cut(shuffled(scala40_deck(code), rng), rng)
        return cls(deck, dealer, seats=seats, reshuffle_seed=rng.randrange(2**31), code=code)

    def copy(self) -> Deal:
        """An independent copy of the position and its move stack."""
        new = object.__new__(Deal)
        for name in (
            "code",
            "deck",
            "dealer",
            "reshuffle_seed",
            "order",
            "_turn",
            "_phase",
            "_picked",
            "_fits",
            "_closer",
            "_end",
            "_turns",
            "_reshuffles",
            "_origin",
        ):
            object.__setattr__(new, name, getattr(self, name))
        new._hands = [list(h) for h in self._hands]
        new._sizes = list(self._sizes)
        new._pile = list(self._pile)
        new._stock = list(self._stock)
        new._pen = self._pen.copy() if self._pen is not None else None
        new._table = list(self._table)
        new._owners = list(self._owners)
        new._opened = list(self._opened)
        new._plays = list(self._plays)
        new.remedies = list(self.remedies)
        new.moves = list(self.moves)
        return new

    # ----------------------------------------------------------------- views

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        return self.order[self._turn]

    @property
    def closer(self) -> Seat | None:
        """The seat that closed, once the deal is over (art. 19)."""
        return self.order[self._closer] if self._closer >= 0 else None

    @property
    def move_stack(self) -> list[tuple[Seat, Move]]:
        """Every move pushed since the layout, with the seat that made it."""
        return self.moves

    @property
    def reshuffles(self) -> int:
        """How many times the discard pile became the stock (art. 19)."""
        return self._reshuffles

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table in the order laid (``layoff N`` numbers them)."""
        return tuple(self._table)

    def owner(self, target: int) -> Seat:
        """The seat that laid the table's meld number ``target``."""
        return self._owners[target]

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in display order (suit rank, then A..K, jokers last)."""
        h = self._hands[self._index(seat)]
        return tuple(ALL_CARDS[i] for i in range(_N) for _ in range(h[i]))

    def has_opened(self, seat: Seat) -> bool:
        """True once ``seat`` has made its opening of 40 (art. 7)."""
        return self._opened[self._index(seat)]

    def card_counts(self) -> Counter[Card]:
        """Every card of the deal wherever it is: hands, table, discard pile, stock."""
        out: Counter[Card] = Counter()
        for h in self._hands:
            for i, n in enumerate(h):
                if n:
                    out[ALL_CARDS[i]] += n
        for m in self._table:
            out.update(m.cards)
        out.update(self._pile)
        out.update(self._stock)
        return out

    def scores(self) -> dict[Seat, int]:
        """Each player's negative points: the cards left in hand (art. 22); the closer has 0."""
        table = penalty_table(self.code)
        return {
            s: sum(table[i] * n for i, n in enumerate(self._hands[j]) if n)
            for j, s in enumerate(self.order)
        }

    def _index(self, seat: Seat) -> int:
        try:
            return self.order.index(seat)
        except ValueError:
            raise ArbitroError(
                "seat {seat} is empty",
                seat=seat.value,
                article=article("three_player_table"),
                key="scala40.empty_seat",
            ) from None

    # -------------------------------------------------- game protocol, notation

    @property
    def origin(self) -> str | None:
        """The position string this deal started from (:meth:`from_position`), else None."""
        return self._origin

    def initial(self) -> Deal:
        """The same layout with no move played (the deal as dealt, or the position it was
        read from)."""
        if self._origin is not None:
            return Deal.from_position(self._origin, code=self.code)
        seed, code = self.reshuffle_seed, self.code
        return Deal(self.deck, self.dealer, seats=self.order, reshuffle_seed=seed, code=code)

    def pop(self) -> Move:
        """Take the last move back (the layout replayed without it, the arbiter's rulings
        too: they are moves of the stack, kind RULING) and return it."""
        return pop_replayed(self)

    def outcome(self) -> Outcome | None:
        """How the deal ended: the closing (art. 19), each player's negative points (art. 22)
        and the closer as winner; None while it is on."""
        if self._phase is not Phase.OVER:
            return None
        points: dict[Side, int] = {s: p for s, p in self.scores().items()}
        return Outcome("closing", points, self.closer, self.closer)

    def __str__(self) -> str:
        """The position in Scala 40 notation (see the module docstring)."""
        t = self._turn
        hands = [list(h) for h in self._hands]
        sizes = list(self._sizes)
        table, owners, opened = self._table, self._owners, list(self._opened)
        moves: list[tuple[Seat, Move]] = []
        if self._plays:
            first = self._plays[0]
            hands[t], sizes[t], opened[t] = list(first.hand), first.size, first.opened
            table, owners = first.table, first.owners
            moves = self.moves[first.at :]
        pen = self._pen
        frozen = pen.frozen if pen is not None else set()
        words = [
            "scala40",
            "seats=" + "".join(s.value for s in SEATS if s in self.order),
            f"dealer={self.dealer.value}",
            f"turn={self.turn.value}",
            f"phase={self._phase.value}",
            "hands="
            + "/".join(
                f"{s.value}:" + _cards(tuple(ALL_CARDS[i] for i in range(_N) for _ in range(h[i])))
                for s, h in zip(self.order, hands, strict=True)
            ),
            "table="
            + (
                "/".join(
                    ("*" if j in frozen else "")
                    + f"{o.value}:"
                    + format_tokens(m.tokens).replace(" ", ",")
                    for j, (m, o) in enumerate(zip(table, owners, strict=True))
                )
                or "-"
            ),
            "pile=" + _cards(self._pile),
            "stock=" + _cards(self._stock),
            "opened="
            + ("".join(s.value for s, o in zip(self.order, opened, strict=True) if o) or "-"),
            "picked=" + (str(self._picked) if self._picked is not None else "-"),
            "closer=" + (self.order[self._closer].value if self._closer >= 0 else "-"),
            f"turns={self._turns}",
            f"reshuffles={self._reshuffles}",
            f"seed={self.reshuffle_seed}",
        ]
        if pen is not None:
            words.append("penalties=" + (_penalties(self.order, pen) or "-"))
        return " ; ".join([" ".join(words), *(str(m) for _, m in moves)])

    def __repr__(self) -> str:
        """``Deal.from_position('...')``: the call that rebuilds this position."""
        return f"Deal.from_position({str(self)!r})"

    @classmethod
    def from_position(cls, text: str, *, code: Scala40Code | None = None) -> Deal:
        """The position written by ``str(deal)``; a malformed one raises ArbitroError."""
        base, *moves = text.split(" ; ")
        try:
            words = base.split()
            if not words or words[0] != "scala40":
                raise ValueError("not a Scala 40 position")
            f = dict(w.split("=", 1) for w in words[1:])
            k = code or scala40()
            seats = tuple(Seat(c) for c in f["seats"])
            deal = cls(
                scala40_deck(k),
                Seat(f["dealer"]),
                seats=seats,
                reshuffle_seed=int(f["seed"]),
                code=k,
            )
            for part in f["hands"].split("/"):
                seat, cards = part.split(":", 1)
                i = deal.order.index(Seat(seat))
                deal._hands[i] = [0] * _N
                for x in _parse_cards(cards):
                    deal._hands[i][x.index] += 1
                deal._sizes[i] = sum(deal._hands[i])
            table, owners, frozen = [], [], set()
            for j, part in enumerate(p for p in f["table"].split("/") if p != "-"):
                if part.startswith("*"):
                    frozen.add(j)
                    part = part[1:]
                seat, tokens = part.split(":", 1)
                owners.append(Seat(seat))
                table.append(make_meld(parse_tokens(tokens.replace(",", " ")), k))
            deal._table, deal._owners = table, owners
            deal._pile = list(_parse_cards(f["pile"]))
            deal._stock = list(_parse_cards(f["stock"]))
            deal._opened = [s.value in f["opened"] for s in deal.order]
            deal._turn = deal.order.index(Seat(f["turn"]))
            deal._phase = Phase(f["phase"])
            deal._picked = parse_card(f["picked"]) if f["picked"] != "-" else None
            deal._closer = deal.order.index(Seat(f["closer"])) if f["closer"] != "-" else -1
            deal._end = EndReason.CLOSING if deal._phase is Phase.OVER else None
            deal._turns = int(f["turns"])
            deal._reshuffles = int(f["reshuffles"])
            if "penalties" in f:
                deal._pen = _read_penalties(deal.order, f["penalties"], frozen)
            elif frozen:
                deal._penalties().frozen.update(frozen)
        except (KeyError, ValueError, IndexError, AttributeError) as err:
            raise ArbitroError(
                "malformed Scala 40 position: {error}",
                error=position_detail(err),
                key="scala40.bad_position",
            ) from err
        if deal.card_counts() != Counter(scala40_deck(k)):
            raise ArbitroError(
                "the position does not hold the 108 cards of the deck",
                article=article("deck"),
                key="scala40.bad_position",
            )
        deal._origin = base
        for m in moves:
            deal.push(parse_move(m))
        return deal

    # ---------------------------------------------- the arbiter's mutators

    def _penalties(self) -> _Penalties:
        if self._pen is None:
            n = len(self.order)
            self._pen = _Penalties(
                set(),
                [[] for _ in range(n)],
                [None] * n,
                [0] * n,
                [False] * n,
                [False] * n,
                [0] * n,
            )
        return self._pen

    @property
    def frozen(self) -> frozenset[int]:
        """The table's frozen melds (art. 11): nothing is laid off on them, no joker taken."""
        return frozenset(self._pen.frozen) if self._pen is not None else frozenset()

    def penalized(self, seat: Seat) -> tuple[Card, ...]:
        """The penalized cards ``seat`` still holds face up (arts. 11-12, 16), lowest first."""
        if self._pen is None:
            return ()
        return tuple(sorted(self._pen.penalized[self._index(seat)], key=self._strength))

    def _strength(self, x: Card) -> tuple[int, int]:
        return strength(x, self.code)

    def freeze(self, target: int) -> None:
        """Art. 11: the table's meld ``target`` is frozen."""
        if not 0 <= target < len(self._table):
            raise illegal(
                message("there is no meld number {number} on the table", number=target),
                "frozen_melds",
                "scala40.no_meld",
            )
        self._penalties().frozen.add(target)
        self._fits = None
        self._ruled(self.turn, "freeze", str(target))

    def penalize(self, seat: Seat, cards: Sequence[Card]) -> None:
        """Arts. 11-12, 16: ``cards`` of ``seat``'s hand become penalized cards, discarded
        from the lowest; ``seat`` does not close before they are all gone."""
        i = self._index(seat)
        held = self._hands[i]
        already = self._pen.penalized[i] if self._pen is not None else []
        for x, n in Counter(cards).items():
            if held[x.index] < n + already.count(x):
                raise illegal(
                    message("card not in hand: {card}", card=str(x)),
                    "penalized_cards",
                    "scala40.not_in_hand",
                )
        self._penalties().penalized[i].extend(cards)
        self._ruled(self.turn, "penalize", seat.value, *(str(x) for x in cards))

    def restrict(
        self,
        seat: Seat,
        *,
        draw_only: int = 0,
        no_draw: bool = False,
        must_discard: Card | None = None,
        no_close_turns: int = 0,
    ) -> None:
        """Limit ``seat``'s next turn (arts. 15-16): ``draw_only`` (:data:`DISCARD_DRAWN`:
        draw from the stock and discard the card drawn; :data:`DISCARD_PENALIZED`: draw,
        then discard the lowest penalized card), ``no_draw`` (the turn starts with the
        discard), ``must_discard`` (that card is the turn's discard), and no closing for
        ``no_close_turns`` turns from now."""
        pen, i = self._penalties(), self._index(seat)
        pen.draw_only[i] = draw_only
        pen.no_draw[i] = no_draw
        pen.must_discard[i] = must_discard
        pen.no_close_before[i] = max(pen.no_close_before[i], self._turns + no_close_turns)
        self._ruled(
            self.turn,
            "restrict",
            seat.value,
            str(draw_only),
            str(int(no_draw)),
            str(must_discard) if must_discard is not None else "-",
            str(no_close_turns),
        )

    def penalty_discard(self, x: Card) -> None:
        """The player to play discards ``x`` at once, whatever the phase: the turn is
        interrupted (arts. 11, 12, 15)."""
        if self._phase is Phase.OVER:
            raise illegal(message("the deal is over"), "deal_end", "scala40.over")
        self._need_cards((x,))
        seat = self.turn
        self._apply_discard(x)
        self._ruled(seat, "discard", str(x))

    def penalty_draw(self, seat: Seat) -> Card:
        """``seat`` takes the stock's top card out of turn (art. 15)."""
        if not self._stock:
            raise illegal(message("the stock is empty"), "missed_draw", "scala40.empty")
        i = self._index(seat)
        x = self._stock.pop()
        self._hands[i][x.index] += 1
        self._sizes[i] += 1
        self._ruled(self.turn, "draw", seat.value)
        return x

    def put_back(self, seat: Seat, x: Card, *, on_pile: bool = False) -> None:
        """Art. 16: ``x`` leaves ``seat``'s hand and goes back on top of the stock (the stock
        restored), or with ``on_pile`` on top of the discard pile (discarded)."""
        i = self._index(seat)
        if not self._hands[i][x.index]:
            raise illegal(
                message("card not in hand: {card}", card=str(x)),
                "out_of_turn",
                "scala40.not_in_hand",
            )
        self._hands[i][x.index] -= 1
        self._sizes[i] -= 1
        (self._pile if on_pile else self._stock).append(x)
        self._fits = None
        self._ruled(self.turn, "putback", seat.value, str(x), "pile" if on_pile else "stock")

    def split_run(self, target: int, keep: int) -> tuple[Card, ...]:
        """Art. 17: the run number ``target`` keeps its first ``keep`` cards; the others go
        back to the hand of the player who laid it; returns them."""
        m = self._table[target]
        if not m.is_run or len(m) <= keep:
            raise illegal(
                ngettext(
                    "meld {number} is not a run longer than {cards} card",
                    "meld {number} is not a run longer than {cards} cards",
                    keep,
                    number=target,
                    cards=keep,
                ),
                "equal_runs",
                "scala40.not_long_run",
            )
        kept = make_meld(m.tokens[:keep], self.code)
        back = m.cards[keep:]
        i = self._index(self._owners[target])
        for x in back:
            self._hands[i][x.index] += 1
        self._sizes[i] += len(back)
        self._table[target] = kept
        self._fits = None
        self._ruled(self.turn, "split", str(target), str(keep))
        return back

    def _ruled(self, seat: Seat, *words: str) -> None:
        """A ruling applied: it goes on the move stack (kind RULING) so that :meth:`pop`, the
        position string and the record replay it. The plays of the turn before it are no
        longer taken back by art. 20 (the arbiter has ruled on the position they made)."""
        self._plays.clear()
        self.moves.append((seat, ruling(*words)))

    def _apply_ruling(self, words: tuple[str, ...]) -> None:
        """Replay a ruling move through the mutator it names (arts. 11-17)."""
        try:
            what, args = words[0], words[1:]
            if what == "freeze" and len(args) == 1:
                self.freeze(int(args[0]))
            elif what == "penalize" and len(args) >= 2:
                self.penalize(Seat(args[0]), tuple(parse_card(a) for a in args[1:]))
            elif what == "restrict" and len(args) == 5:
                self.restrict(
                    Seat(args[0]),
                    draw_only=int(args[1]),
                    no_draw=args[2] == "1",
                    must_discard=parse_card(args[3]) if args[3] != "-" else None,
                    no_close_turns=int(args[4]),
                )
            elif what == "discard" and len(args) == 1:
                self.penalty_discard(parse_card(args[0]))
            elif what == "draw" and len(args) == 1:
                self.penalty_draw(Seat(args[0]))
            elif what == "putback" and len(args) == 3 and args[2] in ("pile", "stock"):
                self.put_back(Seat(args[0]), parse_card(args[1]), on_pile=args[2] == "pile")
            elif what == "split" and len(args) == 2:
                self.split_run(int(args[0]), int(args[1]))
            else:
                raise ValueError(" ".join(words))
        except (ValueError, IndexError, ArbitroError) as err:
            if isinstance(err, IllegalMoveError):
                raise
            raise illegal(
                message("not a ruling: {text}", text=" ".join(words)),
                "procedure",
                "scala40.bad_ruling",
            ) from err

    def _close_barred(self, t: int) -> bool:
        pen = self._pen
        return pen is not None and (bool(pen.penalized[t]) or self._turns < pen.no_close_before[t])

    def _penalty_card(self, t: int) -> Card | None:
        """Art. 12: the lowest penalized card; if it lays off, the smallest card in hand."""
        assert self._pen is not None
        h = self._hands[t]
        held = [x for x in self._pen.penalized[t] if h[x.index]]
        if not held:
            return None
        low = min(held, key=self._strength)
        if not self.lays_off(low):
            return low
        naturals = [ALL_CARDS[i] for i in range(_N) if h[i] and i != _JK] or [low]
        return min(naturals, key=self._strength)

    def _forced_discard(self) -> Card | None:
        assert self._pen is not None
        t = self._turn
        must = self._pen.must_discard[t]
        if must is not None and self._hands[t][must.index]:
            return must
        return self._penalty_card(t) if self._pen.discard_only[t] else None

    def _penalty_discard_checked(self, i: int) -> bool:
        """The discard rules of a penalty (arts. 12, 15-16): True when ``i`` is the discard
        the penalty requires; raises if another card is; False when no penalty applies."""
        assert self._pen is not None
        t = self._turn
        need = self._forced_discard()
        if need is None and self._pen.penalized[t]:
            need = self._penalty_card(t)
        if need is not None and i != need.index:
            why = message("the penalty requires discarding {card}", card=str(need))
            raise illegal(why, "penalized_cards", "scala40.penalty_discard")
        if need is None and self._sizes[t] == 1 and self._close_barred(t):
            why = message("no closing before the penalty is served")
            raise illegal(why, "penalty_no_close", "scala40.penalty_no_close")
        return need is not None

    def _check_penalties(self, move: Move) -> None:
        """Arts. 11-12, 15-16: frozen melds, a turn limited to a discard, no closing."""
        assert self._pen is not None
        pen, t = self._pen, self._turn
        if self._forced_discard() is not None:
            raise illegal(
                message("this turn the penalty allows only a discard"),
                "penalized_cards",
                "scala40.penalty_discard",
            )
        targets = [lo.target for lo in move.layoffs]
        if move.kind is MoveKind.SWAP:
            targets.append(move.target)
        for j in targets:
            if j in pen.frozen:
                raise illegal(
                    message("meld {number} is frozen", number=j),
                    "frozen_melds",
                    "scala40.frozen",
                )
        if (
            self._close_barred(t)
            and self._sizes[t] - len(move.played) < 2
            and move.kind is not MoveKind.SWAP
        ):
            raise illegal(
                message("no closing before the penalty is served"),
                "penalty_no_close",
                "scala40.penalty_no_close",
            )

    def _served(self, t: int, x: Card) -> None:
        assert self._pen is not None
        pen = self._pen
        pen.must_discard[t] = None
        pen.discard_only[t] = False
        if pen.penalized[t]:
            if x in pen.penalized[t]:
                pen.penalized[t].remove(x)
            else:  # art. 12: the smallest card discarded in the place of a penalized one
                pen.penalized[t].remove(min(pen.penalized[t], key=self._strength))

    # ------------------------------------------------------------ lays off

    def _fit_set(self) -> tuple[frozenset[int], bool]:
        """Card indices that lay off on some meld, and whether a joker does (art. 6)."""
        if self._fits is None:
            fit: set[int] = set()
            joker = False
            frozen = self._pen.frozen if self._pen is not None else ()
            for j, m in enumerate(self._table):
                if j in frozen:
                    continue
                if m.is_run:
                    if len(m) >= self.code.run_max_cards:
                        continue
                    suit = m.suit
                    assert suit is not None
                    ace = any(c.index % 13 == 0 and not c.is_joker for c in m.cards)
                    for p in (m.low - 1, m.high + 1):
                        if ACE_LOW <= p <= ACE_HIGH:
                            joker = True
                            c = place_card(suit, p)
                            if not (ace and p in (ACE_LOW, ACE_HIGH)):
                                fit.add(c.index)
                elif len(m) < self.code.set_max_cards:
                    joker = True
                    have = {s.suit for s in m.stands}
                    base = m.stands[0].index % 13
                    fit.update(
                        q * 13 + base for q in range(4) if ALL_CARDS[q * 13].suit not in have
                    )
            self._fits = (frozenset(fit), joker)
        return self._fits

    def lays_off(self, c: Card) -> bool:
        """True if ``c`` lays off on a meld on the table (art. 6; a joker if any has room)."""
        fit, joker = self._fit_set()
        return joker if c.is_joker else c.index in fit

    # ----------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to play (arts. 6-9, 17-19).

        Draw phase: draw; pick up when allowed (art. 6). Play phase, before the opening: every
        opening, a set of disjoint melds worth the opening points (art. 7; once whatever the
        order of its melds), and the closing by lay-offs of every card but the discard
        (art. 19), then the discards allowed. After it: every meld (three cards or more, with
        jokers), every lay-off of one card or more on each meld (two at most on a run,
        art. 17), every joker swap, every discard allowed. Each once for each meld it makes:
        the moves of :meth:`bot_moves` as they are, the others with their jokers declared
        (``JK=7D``, art. 8). A play that would leave no card to discard (art. 20, an
        irregularity :meth:`push` puts right) is not listed.
        ``tests/games/scala40/test_reachability.py`` checks that every move push accepts is
        listed, and every listed move is accepted.
        """
        short = self._short_moves()
        if self._phase is not Phase.PLAY or (
            self._pen is not None and self._forced_discard() is not None
        ):
            return short
        return self._full_moves(short)

    def bot_moves(self) -> list[Move]:
        """The moves the bots choose from (a short list, so that they keep their speed): the
        solver's best opening (:func:`best_opening`), the melds of three cards, the lay-offs
        of one card, the joker swaps and the discards."""
        return self._short_moves()

    def _full_moves(self, short: list[Move]) -> list[Move]:
        t = self._turn
        h = self._hands[t]
        size = self._sizes[t]
        min_after = 2 if self._close_barred(t) else 1
        code = self.code
        plays = [m for m in short if m.kind not in (MoveKind.DISCARD, MoveKind.SWAP)]
        rest = [m for m in short if m.kind in (MoveKind.DISCARD, MoveKind.SWAP)]
        seen = {self._play_key(m) for m in plays}
        out = list(plays)

        def add(move: Move) -> None:
            key = self._play_key(move)
            if key not in seen:
                seen.add(key)
                out.append(move)

        if not self._opened[t]:
            melds = hand_melds(h, code)
            for group in openings(melds, h, code, max_cards=size - min_after):
                add(open_move(tuple(m.tokens for m in group)))
            if min_after == 1:
                for los in self._closing_layoffs(h, size - 1):
                    add(Move(MoveKind.OPEN, (), los))
            if self._picked is not None:
                return out
            return out + rest
        frozen = self._pen.frozen if self._pen is not None else ()
        for m in hand_melds(h, code):
            if size - len(m) >= min_after:
                add(meld(m.tokens))
        for j, m in enumerate(self._table):
            if j in frozen:
                continue
            for tokens, _ in meld_layoffs(m, h, code):
                if size - len(tokens) >= min_after:
                    add(lay_off(j, tokens))
        return out + rest

    def _play_key(self, move: Move) -> object:
        """What a play makes: its new melds (in any order, a set's cards in any order) and
        the melds laid off on."""
        code = self.code
        new = sorted(_meld_key(make_meld(m, code)) for m in move.melds)
        laid = tuple(
            (lo.target, _meld_key(self._table[lo.target].lay_off(lo.tokens, low=lo.low, code=code)))
            for lo in move.layoffs
        )
        return (move.kind, tuple(new), laid)

    def _closing_layoffs(self, h: list[int], cards: int) -> list[tuple[LayOff, ...]]:
        """Art. 19: lay-offs on the table's melds (one group a meld) of exactly ``cards``
        cards of ``h``: the closing of a player who has not opened."""
        frozen = self._pen.frozen if self._pen is not None else ()
        options = [
            [(j, tokens) for tokens, _ in meld_layoffs(m, h, self.code)]
            for j, m in enumerate(self._table)
            if j not in frozen
        ]
        left = list(h)
        out: list[tuple[LayOff, ...]] = []
        chosen: list[LayOff] = []

        def walk(k: int, laid: int) -> None:
            if laid == cards:
                out.append(tuple(chosen))
                return
            if k == len(options):
                return
            walk(k + 1, laid)
            for j, tokens in options[k]:
                if laid + len(tokens) > cards:
                    continue
                need: dict[int, int] = {}
                for c, _ in tokens:
                    need[c.index] = need.get(c.index, 0) + 1
                if any(left[i] < n for i, n in need.items()):
                    continue
                for i, n in need.items():
                    left[i] -= n
                chosen.append(LayOff(j, tokens))
                walk(k + 1, laid + len(tokens))
                chosen.pop()
                for i, n in need.items():
                    left[i] += n

        if cards > 0:
            walk(0, 0)
        return out

    def _short_moves(self) -> list[Move]:
        if self._phase is Phase.OVER:
            return []
        t = self._turn
        pen = self._pen
        if self._phase is Phase.DRAW:
            return [DRAW, PICK_UP] if self._pickup_error() is None else [DRAW]
        if pen is not None:
            forced = self._forced_discard()
            if forced is not None:
                return [discard(forced)]
        h = self._hands[t]
        size = self._sizes[t]
        keep = 2 if self._close_barred(t) else 0
        out: list[Move] = []
        if not self._opened[t]:
            best = best_opening(self.hand(self.turn), code=self.code)
            if best is not None and size - sum(len(m) for m in best.melds) >= keep:
                out.append(open_move(tuple(m.tokens for m in best.melds)))
            if self._picked is not None:
                return out
        else:
            frozen = pen.frozen if pen is not None else ()
            if size >= 4 + keep:
                out.extend(self._three_card_melds(h))
            if size >= 2 + keep:
                for j, m in enumerate(self._table):
                    if j in frozen:
                        continue
                    for i in range(_N):
                        if h[i] and m.accepts(ALL_CARDS[i], self.code):
                            out.append(lay_off(j, (ALL_CARDS[i],)))
                            if i == _JK and m.is_run and m.low > ACE_LOW and m.high < ACE_HIGH:
                                out.append(lay_off(j, (ALL_CARDS[i],), low=True))
            for j, m in enumerate(self._table):
                if j in frozen:
                    continue
                for c, s in zip(m.cards, m.stands, strict=False):
                    if c.is_joker and h[s.index]:
                        out.append(swap(j, s))
        out.extend(discard(ALL_CARDS[i]) for i in range(_N) if h[i] and self._discard_ok(i))
        return out

    def _three_card_melds(self, h: list[int]) -> list[Move]:
        out: list[Move] = []
        jk = h[_JK] > 0
        for r in range(13):
            suits = [q for q in range(4) if h[q * 13 + r]]
            cards = [ALL_CARDS[q * 13 + r] for q in suits]
            for a in range(len(cards)):
                for b in range(a + 1, len(cards)):
                    for c in range(b + 1, len(cards)):
                        out.append(meld((cards[a], cards[b], cards[c])))
                    if jk:
                        out.append(meld((cards[a], cards[b], JOKER)))
        for q in range(4):
            for p in range(ACE_LOW, ACE_HIGH - 1):
                trio = [q * 13 + (0 if pp == ACE_HIGH else pp - 1) for pp in (p, p + 1, p + 2)]
                have = [h[i] > 0 for i in trio]
                if all(have):
                    out.append(meld(tuple(ALL_CARDS[i] for i in trio)))
                elif jk and sum(have) == 2:
                    out.append(
                        meld(
                            tuple(
                                ALL_CARDS[i] if ok else JOKER
                                for i, ok in zip(trio, have, strict=False)
                            )
                        )
                    )
        return out

    # ----------------------------------------------------------------- push

    def is_legal(self, move: Move) -> bool:
        """True if :meth:`push` would accept ``move``."""
        try:
            self.copy().push(move)
        except IllegalMoveError:
            return False
        return True

    def push(self, move: Move) -> None:
        """Apply ``move`` for the player to play; an illegal move raises IllegalMoveError.

        The error names the broken article in Italian and English; the position is unchanged.
        A play that leaves the player with no card to discard is accepted and put right as
        art. 20 prescribes: the last play (or, if it was one card, that card and the play
        before it) goes back into the hand and the smallest card taken back that does not lay
        off is discarded (art. 12); the remedy is listed in :attr:`remedies`.
        """
        k = move.kind
        seat = self.turn
        if k is MoveKind.RULING:
            self._apply_ruling(move.ruling)
            return
        if self._phase is Phase.OVER:
            raise illegal(message("the deal is over"), "deal_end", "scala40.over")
        if k is MoveKind.DRAW or k is MoveKind.PICK_UP:
            if self._phase is not Phase.DRAW:
                raise illegal(
                    message("one draw or pick-up only, at the start of the turn"),
                    "procedure",
                    "scala40.draw_twice",
                )
            if k is MoveKind.PICK_UP:
                err = self._pickup_error()
                if err is not None:
                    raise err
            self._apply_draw(k is MoveKind.PICK_UP)
        else:
            if self._phase is not Phase.PLAY:
                raise illegal(
                    message("draw or pick up before playing"), "procedure", "scala40.no_draw"
                )
            self._need_cards(move.played)
            if k is MoveKind.DISCARD:
                assert move.card is not None
                self._check_discard(move.card.index)
                self._apply_discard(move.card)
            elif k is MoveKind.SWAP:
                self._apply_swap(move)
            else:
                self._apply_play(move)
        self.moves.append((seat, move))

    def _pickup_error(self) -> IllegalMoveError | None:
        if not self._pile:
            return illegal(message("the discard pile is empty"), "procedure", "scala40.empty")
        t = self._turn
        if self._pen is not None and self._pen.draw_only[t]:
            # art. 16: "limiterà il suo gioco alla pesca obbligatoria" (issue 31: a ruling kept)
            return illegal(
                message("the ruling allows only the draw from the stock this turn"),
                "out_of_turn",
                "scala40.draw_only",
            )
        if self._opened[t]:
            return None
        hand = [*self.hand(self.turn), self._pile[-1]]
        if can_open(hand, code=self.code):
            return None
        return illegal(
            message(
                "the discard is taken only to open with at least {points} points "
                "(or after opening)",
                points=self.code.opening_points,
            ),
            "procedure",
            "scala40.pickup_not_open",
        )

    def _need_cards(self, cards: Sequence[Card]) -> None:
        h = self._hands[self._turn]
        for x, n in Counter(cards).items():
            if h[x.index] < n:
                raise illegal(
                    message("card not in hand: {card}", card=str(x)),
                    "procedure",
                    "scala40.not_in_hand",
                )

    def _blocked(self, i: int) -> bool:
        fit, joker = self._fit_set()
        return joker if i == _JK else i in fit

    def _discard_ok(self, i: int) -> bool:
        try:
            self._check_discard(i)
        except IllegalMoveError:
            return False
        return True

    def _check_discard(self, i: int) -> None:
        """Arts. 6, 8, 18: what may be discarded."""
        t = self._turn
        h = self._hands[t]
        if self._pen is not None and self._penalty_discard_checked(i):
            return
        if self._picked is not None and not self._opened[t]:
            raise illegal(
                message("who takes the discard must open before discarding"),
                "procedure",
                "scala40.must_open",
            )
        if self._sizes[t] == 1:
            return  # the closing discard (arts. 6, 8, 19)
        if i == _JK or self._blocked(i):
            if all(self._blocked(j) or j == _JK for j in range(_N) if h[j]):
                return  # every card lays off (art. 6)
            if i == _JK:
                raise illegal(
                    message("a joker is discarded only to close"), "jokers", "scala40.joker_discard"
                )
            raise illegal(
                message(
                    "{card} lays off on a meld on the table: it is discarded only to close",
                    card=str(ALL_CARDS[i]),
                ),
                "procedure",
                "scala40.discard_lays_off",
            )

    # ----------------------------------------------------------------- apply

    def _apply_draw(self, pickup: bool) -> None:
        t = self._turn
        if pickup:
            x = self._pile.pop()
            self._picked = x
        else:
            if not self._stock and self._pile:
                # Art. 19: the stock exhausted, the discard pile is reshuffled into a new stock.
                self._stock = list(self._pile)
                self._pile = []
                random.Random(self.reshuffle_seed * 64 + self._reshuffles).shuffle(self._stock)
                self._reshuffles += 1
            if not self._stock:
                self._phase = Phase.PLAY
                return
            x = self._stock.pop()
        self._hands[t][x.index] += 1
        self._sizes[t] += 1
        self._phase = Phase.PLAY
        pen = self._pen
        if pen is not None and pen.draw_only[t]:
            if pen.draw_only[t] == DISCARD_DRAWN:
                pen.must_discard[t] = x
            else:
                pen.discard_only[t] = True
            pen.draw_only[t] = 0

    def _snapshot(self, cards: tuple[Card, ...]) -> _Play:
        t = self._turn
        return _Play(
            cards,
            list(self._hands[t]),
            self._sizes[t],
            list(self._table),
            list(self._owners),
            self._opened[t],
            len(self.moves),
        )

    def _apply_play(self, move: Move) -> None:
        """Open, meld or lay off (arts. 6-9, 17, 19)."""
        t = self._turn
        k = move.kind
        opened = self._opened[t]
        if k is MoveKind.OPEN and opened:
            raise illegal(
                message("the opening is made already: new melds are laid with meld"),
                "opening",
                "scala40.opened_already",
            )
        if k is not MoveKind.OPEN and not opened:
            raise illegal(
                message(
                    "first open with at least {points} points (open), then meld and lay off",
                    points=self.code.opening_points,
                ),
                "open_first",
                "scala40.not_opened",
            )
        if (k is MoveKind.MELD and len(move.melds) != 1) or (
            k is MoveKind.LAY_OFF and (move.melds or not move.layoffs)
        ):
            raise illegal(message("incomplete move"), "procedure", "scala40.bad_move")
        new = [make_meld(m, self.code) for m in move.melds]
        if self._pen is not None:
            self._check_penalties(move)
        table = list(self._table) + new
        for lo in move.layoffs:
            table = self._laid(table, lo)
        after = self._sizes[t] - len(move.played)
        if k is MoveKind.OPEN:
            points = sum(m.opening_value(self.code) for m in new)
            closing_by_layoffs = not new and after <= 1
            if points < self.code.opening_points and not closing_by_layoffs:
                raise illegal(
                    message(
                        "an opening of {points} points: at least {needed} are needed "
                        "(or lay off every card to close)",
                        points=points,
                        needed=self.code.opening_points,
                    ),
                    "opening_points",
                    "scala40.opening_short",
                )
        snap = self._snapshot(move.played)
        h = self._hands[t]
        for x in move.played:
            h[x.index] -= 1
            if self._pen is not None and x in self._pen.penalized[t]:
                self._pen.penalized[t].remove(x)
        self._sizes[t] = after
        self._owners.extend([self.turn] * len(new))
        self._table = table
        self._fits = None
        if new:
            self._opened[t] = True
        self._plays.append(snap)
        if after == 0:
            self._art20()

    def _laid(self, table: list[Meld], lo: LayOff) -> list[Meld]:
        if not 0 <= lo.target < len(table):
            raise illegal(
                message("there is no meld number {number} on the table", number=lo.target),
                "procedure",
                "scala40.no_meld",
            )
        out = list(table)
        out[lo.target] = table[lo.target].lay_off(lo.tokens, low=lo.low, code=self.code)
        return out

    def _apply_swap(self, move: Move) -> None:
        """Art. 6: an opened player puts the card a joker stands for in its place, takes it."""
        t = self._turn
        if not self._opened[t]:
            raise illegal(
                message("only a player who has opened takes a joker from the table"),
                "procedure",
                "scala40.swap_not_opened",
            )
        assert move.card is not None
        if self._pen is not None:
            self._check_penalties(move)
        if not 0 <= move.target < len(self._table):
            raise illegal(
                message("there is no meld number {number} on the table", number=move.target),
                "procedure",
                "scala40.no_meld",
            )
        new = self._table[move.target].swap(move.card)
        h = self._hands[t]
        h[move.card.index] -= 1
        h[_JK] += 1
        self._table[move.target] = new
        self._fits = None

    def _art20(self) -> None:
        """Art. 20: no card left to discard; take back the last play(s), discard the smallest."""
        t = self._turn
        last = self._plays[-1]
        back = last
        if len(last.cards) == 1 and len(self._plays) >= 2:
            back = self._plays[-2]
        taken = tuple(x for p in self._plays[self._plays.index(back) :] for x in p.cards)
        self._hands[t] = list(back.hand)
        self._sizes[t] = back.size
        self._table = list(back.table)
        self._owners = list(back.owners)
        self._opened[t] = back.opened
        self._fits = None
        del self._plays[self._plays.index(back) :]
        pool = list(back.cards)
        naturals = [x for x in pool if not x.is_joker]
        free = [x for x in naturals if not self.lays_off(x)]
        out = min(free or naturals or pool, key=lambda x: strength(x, self.code))
        self.remedies.append(TakenBack(self.turn, taken, out))
        self._apply_discard(out)

    def _apply_discard(self, x: Card) -> None:
        t = self._turn
        self._hands[t][x.index] -= 1
        self._sizes[t] -= 1
        self._pile.append(x)
        self._picked = None
        self._plays = []
        self._turns += 1
        if self._sizes[t] == 0:
            self._finish(EndReason.CLOSING)
            self._closer = t
            return
        self._turn = n = (t + 1) % len(self.order)
        self._phase = Phase.DRAW
        pen = self._pen
        if pen is not None:
            self._served(t, x)
            if pen.no_draw[n]:
                pen.no_draw[n] = False
                if pen.must_discard[n] is None:
                    pen.discard_only[n] = True
                self._phase = Phase.PLAY


def _meld_key(m: Meld) -> str:
    """A meld as the position holds it: a run in order, a set's cards in any order."""
    if m.is_run:
        return format_tokens(m.tokens)
    return " ".join(sorted(format_tokens((t,)) for t in m.tokens))


def _cards(cards: Sequence[Card]) -> str:
    return ",".join(str(x) for x in cards) or "-"


def _parse_cards(text: str) -> tuple[Card, ...]:
    return () if text == "-" else parse_cards(text)


def _penalties(order: Sequence[Seat], pen: _Penalties) -> str:
    """``frozen`` melds first (``#0.2``), then per seat ``N:cards:must:draw_only:no_draw:
    discard_only:no_close_before`` where anything is set."""
    out = ["#" + ".".join(str(j) for j in sorted(pen.frozen))] if pen.frozen else []
    for i, s in enumerate(order):
        fields = (
            ".".join(str(x) for x in pen.penalized[i]) or "-",
            str(pen.must_discard[i]) if pen.must_discard[i] is not None else "-",
            str(pen.draw_only[i]),
            str(int(pen.no_draw[i])),
            str(int(pen.discard_only[i])),
            str(pen.no_close_before[i]),
        )
        if fields != ("-", "-", "0", "0", "0", "0"):
            out.append(f"{s.value}:" + ":".join(fields))
    return ",".join(out)


def _read_penalties(order: Sequence[Seat], text: str, frozen: set[int]) -> _Penalties:
    n = len(order)
    pen = _Penalties(
        set(frozen), [[] for _ in range(n)], [None] * n, [0] * n, [False] * n, [False] * n, [0] * n
    )
    for part in text.split(","):
        if part == "-":
            continue
        if part.startswith("#"):
            pen.frozen.update(int(j) for j in part[1:].split("."))
            continue
        seat, cards, must, draw_only, no_draw, only, before = part.split(":")
        i = order.index(Seat(seat))
        pen.penalized[i] = list(_parse_cards(cards.replace(".", " ")))
        pen.must_discard[i] = parse_card(must) if must != "-" else None
        pen.draw_only[i] = int(draw_only)
        pen.no_draw[i] = no_draw == "1"
        pen.discard_only[i] = only == "1"
        pen.no_close_before[i] = int(before)
    return pen


def arrange_deck(
    hands: Mapping[Seat, Sequence[Card]] | None = None,
    *,
    dealer: Seat = Seat.N,
    seats: Sequence[Seat] = SEATS,
    up_card: Card | None = None,
    stock: Sequence[Card] = (),
    code: Scala40Code | None = None,
) -> tuple[Card, ...]:
    """A 108-card deck (top first) that :class:`Deal` lays out as asked (for tests and hints).

    ``hands`` by seat (up to 13 cards each), the card turned ``up_card``, the first ``stock``
    cards (top first); every card not named fills the rest in new-deck order. Raises
    ArbitroError if more cards are named than exist.
    """
    k = code or scala40()

    deck = core_table.PreparedDeck(scala40_deck(k), article("deck"), "scala40.extra_cards")
    named = {s: deck.take(h) for s, h in (hands or {}).items()}
    top = deck.take([up_card]) if up_card is not None else []
    first = deck.take(stock)
    occupied = set(seats)
    receive = [
        (s, h) for s, h in core_table.hands_from_dealer(dealer, ORDER.after, named) if s in occupied
    ]
    dealt = core_table.dealt_one_at_a_time([deck.fill(h, k.cards_per_player) for _, h in receive])
    return tuple(dealt + deck.fill(top, k.turned_up) + first + deck.rest())


__all__ = [
    "DISCARD_DRAWN",
    "DISCARD_PENALIZED",
    "ORDER",
    "SEATS",
    "Deal",
    "Phase",
    "Seat",
    "TakenBack",
    "arrange_deck",
]
