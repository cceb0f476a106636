"""A Scala 40 deal (*smazzata*) as a sequence of moves: layout, legal moves, push, end, score.

Like ``chess.Board``, a :class:`Deal` is a mutable position with a move stack: build it from a
deck (:class:`Deal`, :meth:`Deal.shuffled`), ask :meth:`Deal.legal_moves`, apply a move with
:meth:`Deal.push` (an illegal move raises :class:`IllegalMoveError` naming the article) and
score the players with :meth:`Deal.scores` (negative points, art. 22).

Seats are N, E, S, W clockwise; dealing and play go counter-clockwise (art. 4: the discard one
may take is the one of the player at one's left, "Definizioni"), so the first to play sits at
the dealer's right. A table of three (art. 25) leaves one seat empty. A play that leaves the
player without a card to discard is put right as art. 20 prescribes (see :meth:`Deal.push`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from arbitro.cards import ALL_CARDS, JOKER, Card, random_cut, shuffled
from arbitro.codes.scala40 import Scala40Code, scala40
from arbitro.errors import ArbitroError
from arbitro.games.scala40.errors import IllegalMoveError, article, illegal
from arbitro.games.scala40.melds import Meld, make_meld
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
from arbitro.i18n import message


class Seat(Enum):
    """A seat at the table, clockwise: North, East, South, West."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def right(self) -> Seat:
        """The seat at this seat's right: the next to play, counter-clockwise (art. 4)."""
        return SEATS[(SEATS.index(self) - 1) % len(SEATS)]


SEATS: Final[tuple[Seat, ...]] = tuple(Seat)


class Phase(Enum):
    """Where the turn stands: draw or pick up (art. 6), play (melds, lay-offs, discard), over."""

    DRAW = "draw"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Remedy:
    """Art. 20 applied: ``seat`` took back ``taken_back`` and discarded ``discarded``."""

    seat: Seat
    taken_back: tuple[Card, ...]
    discarded: Card


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


class Deal:
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
            raise ArbitroError(
                "the dealer {seat} is not at the table",
                seat=dealer.value,
                article=article("dealer"),
                key="scala40.bad_dealer",
            )
        self.deck: Final = deck
        self.dealer: Final = dealer
        self.reshuffle_seed: Final = reshuffle_seed
        order: list[Seat] = []
        s = dealer.right
        while len(order) < len(occupied):
            if s in occupied:
                order.append(s)
            s = s.right
        self.order: Final[tuple[Seat, ...]] = tuple(order)
        """The occupied seats in playing order, the dealer's right first (art. 4)."""
        n = len(order)
        self._hands = [[0] * _N for _ in range(n)]
        dealt = n * k.cards_per_player
        for i, x in enumerate(deck[:dealt]):
            self._hands[i % n][x.index] += 1
        self._sizes = [k.cards_per_player] * n
        self._pile: list[Card] = list(deck[dealt : dealt + k.turned_up])
        self._stock: list[Card] = list(reversed(deck[dealt + k.turned_up :]))
        self._rng = random.Random(reshuffle_seed)
        self._table: list[Meld] = []
        self._owners: list[Seat] = []
        self._opened = [False] * n
        self._turn = 0
        self._phase = Phase.DRAW
        self._picked: Card | None = None
        self._plays: list[_Play] = []
        self._fits: tuple[frozenset[int], bool] | None = None
        self._closer = -1
        self._reshuffles = 0
        self.remedies: list[Remedy] = []
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
            "_reshuffles",
        ):
            object.__setattr__(new, name, getattr(self, name))
        new._hands = [list(h) for h in self._hands]
        new._sizes = list(self._sizes)
        new._pile = list(self._pile)
        new._stock = list(self._stock)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
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
    def phase(self) -> Phase:
        """The turn's phase: draw, play or over."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True when a player has closed (art. 19)."""
        return self._phase is Phase.OVER

    @property
    def closer(self) -> Seat | None:
        """The seat that closed, once the deal is over (art. 19)."""
        return self.order[self._closer] if self._closer >= 0 else None

    @property
    def stock_size(self) -> int:
        """Cards left in the stock (*tallone*)."""
        return len(self._stock)

    @property
    def reshuffles(self) -> int:
        """How many times the discard pile became the stock (art. 19)."""
        return self._reshuffles

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile (*monte degli scarti*), bottom first, top card last."""
        return tuple(self._pile)

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

    # ------------------------------------------------------------ lays off

    def _fit_set(self) -> tuple[frozenset[int], bool]:
        """Card indices that lay off on some meld, and whether a joker does (art. 6)."""
        if self._fits is None:
            fit: set[int] = set()
            joker = False
            for m in self._table:
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
        """The legal moves of the player to play (arts. 6-9, 17-19).

        Draw phase: draw; pick up when allowed (art. 6). Play phase, before the opening: the
        solver's best opening (:func:`best_opening`) and the discards allowed. After it: every
        meld of three cards (three naturals, or two and a joker), every lay-off of one card,
        every joker swap, every discard allowed. Other plays (longer melds, other openings,
        several cards at once) are legal too and :meth:`push` accepts them.
        """
        if self._phase is Phase.OVER:
            return []
        if self._phase is Phase.DRAW:
            return [DRAW, PICK_UP] if self._pickup_error() is None else [DRAW]
        t = self._turn
        h = self._hands[t]
        size = self._sizes[t]
        out: list[Move] = []
        if not self._opened[t]:
            best = best_opening(self.hand(self.turn), code=self.code)
            if best is not None:
                out.append(open_move(tuple(m.tokens for m in best.melds)))
            if self._picked is not None:
                return out
        else:
            if size >= 4:
                out.extend(self._three_card_melds(h))
            if size >= 2:
                for j, m in enumerate(self._table):
                    for i in range(_N):
                        if h[i] and m.accepts(ALL_CARDS[i], self.code):
                            out.append(lay_off(j, (ALL_CARDS[i],)))
                            if i == _JK and m.is_run and m.low > ACE_LOW and m.high < ACE_HIGH:
                                out.append(lay_off(j, (ALL_CARDS[i],), low=True))
            for j, m in enumerate(self._table):
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
                self._rng.shuffle(self._stock)
                self._reshuffles += 1
            if not self._stock:
                self._phase = Phase.PLAY
                return
            x = self._stock.pop()
        self._hands[t][x.index] += 1
        self._sizes[t] += 1
        self._phase = Phase.PLAY

    def _snapshot(self, cards: tuple[Card, ...]) -> _Play:
        t = self._turn
        return _Play(
            cards,
            list(self._hands[t]),
            self._sizes[t],
            list(self._table),
            list(self._owners),
            self._opened[t],
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
        self.remedies.append(Remedy(self.turn, taken, out))
        self._apply_discard(out)

    def _apply_discard(self, x: Card) -> None:
        t = self._turn
        self._hands[t][x.index] -= 1
        self._sizes[t] -= 1
        self._pile.append(x)
        self._picked = None
        self._plays = []
        if self._sizes[t] == 0:
            self._phase = Phase.OVER
            self._closer = t
            return
        self._turn = (t + 1) % len(self.order)
        self._phase = Phase.DRAW


def arrange_deck(
    hands: dict[Seat, Sequence[Card]] | None = None,
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
    left = Counter(scala40_deck(k))

    def take(cards: Sequence[Card]) -> list[Card]:
        for x in cards:
            if left[x] <= 0:
                raise ArbitroError(
                    "card beyond the deck: {card}",
                    card=str(x),
                    article=article("deck"),
                    key="scala40.extra_cards",
                )
            left[x] -= 1
        return list(cards)

    named = {s: take(h) for s, h in (hands or {}).items()}
    top = take([up_card]) if up_card is not None else []
    first = take(stock)
    rest: list[Card] = []
    for x in scala40_deck(k):
        if left[x] > 0:
            left[x] -= 1
            rest.append(x)
    probe = Deal(scala40_deck(k), dealer, seats=seats, code=k)
    order = probe.order
    per = k.cards_per_player
    full = []
    for s in order:
        h = named.get(s, [])
        while len(h) < per:
            h.append(rest.pop(0))
        full.append(h)
    dealt = [full[i % len(order)][i // len(order)] for i in range(len(order) * per)]
    while len(top) < k.turned_up:
        top.append(rest.pop(0))
    return tuple(dealt + top + first + rest)


__all__ = ["SEATS", "Deal", "Phase", "Remedy", "Seat", "arrange_deck"]
