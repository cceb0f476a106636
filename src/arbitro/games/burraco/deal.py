"""A Burraco deal (*smazzata*) as a sequence of moves: layout, legal moves, push, end, score.

Like ``chess.Board``, a :class:`Deal` is a mutable position with a move stack: build it from a
shuffled deck (:meth:`Deal.from_deck`, :meth:`Deal.shuffled`), ask :meth:`Deal.legal_moves`,
apply a move with :meth:`Deal.push` (an illegal move raises :class:`IllegalMoveError` naming the
article), take it back with :meth:`Deal.pop` and score the lines with :meth:`Deal.scores` or
:meth:`Deal.outcome`. ``str(deal)`` is the position (:mod:`arbitro.games.burraco.position`,
docs/notation-burraco.md), read back by :meth:`Deal.from_position`. Seats are N, E, S, W
clockwise; N-S and E-W are the lines; play starts at the dealer's left and goes clockwise
(art. 6).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from arbitro.cards import ALL_CARDS, Card, burraco_deck, random_cut, shuffled
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.errors import ArbitroError
from arbitro.games.burraco.errors import IllegalMoveError, fibas
from arbitro.games.burraco.melds import Meld, make_meld
from arbitro.games.burraco.movegen import (
    DISCARDS,
    N_CARDS,
    RUN_NATURALS,
    HandTally,
    LayoffPart,
    layoff_part,
    longer_run_openings,
    longer_set_openings,
    multi_layoffs,
    run_openings,
    set_openings,
    wild_run_openings,
)
from arbitro.games.burraco.moves import DRAW, PICK_UP, Move, MoveKind
from arbitro.games.burraco.position import parse_position, position_text
from arbitro.games.burraco.rules import PLAYERS, WILD_INDICES
from arbitro.games.burraco.scoring import LinePosition, LineScore, score_line
from arbitro.games.core import LINES, SEATS, Line, Outcome, Seat, Side
from arbitro.games.core.cards_and_melds import pop_replayed
from arbitro.games.core.table import (
    DrawDiscardTable,
    EndReason,
    Phase,
    PreparedDeck,
    dealt_one_at_a_time,
    hands_from_dealer,
    last_rounds,
)

_FLAT_LISTS: Final = (
    *("_pozzetti", "_pile", "_stock", "_set_ranks", "_burrachi", "_layable"),
    *("_taken", "_unplayed", "moves"),
)
"""The lists of a deal that :meth:`Deal.copy` copies one level deep."""
_SET_RANKS_MASK: Final = sum(1 << r for r in (1, *range(3, 14)))
_DECK_INDICES: Final = sorted(x.index for x in burraco_deck())


class Deal(DrawDiscardTable[Card]):
    """A Burraco deal in progress or over (arts. 6-10, 16-19, 33); ``str(deal)`` is its
    position (see the module docstring), :meth:`from_position` reads it back."""

    def __init__(
        self, deck: Sequence[Card], dealer: Seat = Seat.N, code: BurracoFibasCode | None = None
    ) -> None:
        """Lay out a deal from ``deck`` (top card first) as the dealer does (art. 6).

        Eleven cards to each player one at a time clockwise from the dealer's left; two
        pozzetti of eleven from the bottom, one card each in turn (the one completed first is
        taken first); the stock's first card turned up to start the discard pile.
        """
        c = code or burraco_fibas()
        self.code: Final = c
        deck = tuple(deck)
        try:
            ok = sorted([x.index for x in deck]) == _DECK_INDICES
        except (AttributeError, TypeError):
            ok = False
        if not ok:
            raise ArbitroError(
                "the deck is not the 108-card Burraco deck",
                article=fibas("deck"),
                key="burraco.bad_deck",
            )
        self.deck: Final = deck
        self.dealer: Final = dealer
        d = SEATS.index(dealer)
        # Each hand as a HandTally (counts by card index and the running tallies that
        # legal-move generation reads); _hands[s] is the same list as _tally[s].counts.
        self._tally = [HandTally() for _ in range(PLAYERS)]
        self._hands = [t.counts for t in self._tally]
        dealt = PLAYERS * c.cards_per_player
        for i, x in enumerate(deck[:dealt]):
            self._tally[(d + 1 + i) % PLAYERS].add(x.index)
        bottom = deck[::-1][: c.pozzetti * c.pozzetto_cards]
        self._pozzetti: list[tuple[Card, ...]] = [
            bottom[i :: c.pozzetti] for i in range(c.pozzetti)
        ]
        middle = deck[dealt : len(deck) - c.pozzetti * c.pozzetto_cards]
        self._pile: list[Card] = [middle[0]]
        self._stock: list[Card] = list(reversed(middle[1:]))
        self._melds: list[list[Meld]] = [[], []]
        self._set_ranks = [0, 0]  # bit r set when the line has a set of rank r (art. 32)
        self._burrachi = [0, 0]
        self._layoffs: list[list[LayoffPart | None]] = [[], []]
        self._layable = [0, 0]  # the cards each line can lay off (bits by index); -1: unknown
        self._taken = [False, False]
        self._unplayed = [False] * PLAYERS
        self._turn = (d + 1) % PLAYERS
        self._phase = Phase.DRAW
        self._turns = 0
        self._single = -1
        self._small_pickup = False
        self._last_turn = False
        self._timeout_left = 0
        self._closer = -1
        self._al_monte = False
        self._end: EndReason | None = None
        # the core's table types the stack loosely (list[tuple[Seat, object]]); here, Moves
        self.moves: list[tuple[Seat, Move]] = []
        self._start: str | None = None  # the position text a deal read by from_position began at

    @classmethod
    def shuffled(
        cls, rng: random.Random, dealer: Seat = Seat.N, code: BurracoFibasCode | None = None
    ) -> Deal:
        """A new deal: the Burraco deck shuffled and cut with ``rng``, then laid out (art. 6)."""
        return cls(random_cut(shuffled(burraco_deck(), rng), rng), dealer, code)

    def copy(self) -> Deal:
        """An independent copy of the position and its move stack."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new._tally = [t.copy() for t in self._tally]
        new._hands = [t.counts for t in new._tally]
        new._melds = [list(m) for m in self._melds]
        new._layoffs = [list(p) for p in self._layoffs]
        for name in _FLAT_LISTS:
            setattr(new, name, list(getattr(self, name)))
        return new

    # ------------------------------------------------------- the Game protocol

    @property
    def move_stack(self) -> Sequence[tuple[Seat, Move]]:
        """Every move pushed since the layout (or the position read), with its seat."""
        return self.moves

    def initial(self) -> Deal:
        """The same layout with no move played: the deal as dealt, or the position read by
        :meth:`from_position`."""
        if self._start is not None:
            return Deal.from_position(self._start, self.code)
        return Deal(self.deck, self.dealer, self.code)

    def pop(self) -> Move:
        """Take the last move back (the layout replayed without it, the core's
        :func:`~arbitro.games.core.cards_and_melds.pop_replayed`); return it. An empty stack
        raises ``IndexError``."""
        return pop_replayed(self)

    def outcome(self) -> Outcome | None:
        """How the deal ended (art. 18: closing, stock exhausted; art. 17: time-out), each
        line's total (art. 19), the line with more points (None for a tie) and the closer;
        None while the deal is on."""
        if self._end is None:
            return None
        points: dict[Side, int] = {line: sc.total for line, sc in self.scores().items()}
        ns, ew = points[Line.NS], points[Line.EW]
        winner = None if ns == ew else (Line.NS if ns > ew else Line.EW)
        return Outcome(self._end.value, points, winner, self.closer)

    # ---------------------------------------------------------- the position

    def __str__(self) -> str:
        """The position in the notation of :mod:`arbitro.games.burraco.position`."""
        return position_text(self)

    def __repr__(self) -> str:
        return f"Deal.from_position({str(self)!r})"

    @classmethod
    def from_position(cls, text: str, code: BurracoFibasCode | None = None) -> Deal:
        """The position written by ``str(deal)`` (see :mod:`arbitro.games.burraco.position`),
        with an empty move stack (:meth:`initial` gives it back); a malformed text raises
        :class:`ArbitroError`. It has no deck (``deck`` is empty)."""
        fields = parse_position(text)
        deal = object.__new__(cls)
        c = code or burraco_fibas()
        deal.code = c  # type: ignore[misc]  # set once, as __init__ does
        deal.deck = ()  # type: ignore[misc]
        deal.dealer = fields.dealer  # type: ignore[misc]
        deal._tally = []
        for cards in fields.hands:
            t = HandTally()
            for x in cards:
                t.add(x.index)
            deal._tally.append(t)
        deal._hands = [t.counts for t in deal._tally]
        deal._pozzetti = list(fields.pozzetti)
        deal._pile = list(fields.pile)
        deal._stock = list(reversed(fields.stock))
        deal._melds = [[make_meld(m, c) for m in ms] for ms in fields.melds]
        deal._set_ranks = [0, 0]
        deal._burrachi = [0, 0]
        for li, ms in enumerate(deal._melds):
            for m in ms:
                if not m.is_run and m.rank is not None:
                    deal._set_ranks[li] |= 1 << m.rank.value
                if m.burraco(c) is not None:
                    deal._burrachi[li] += 1
        deal._layoffs = [[None] * len(ms) for ms in deal._melds]
        deal._layable = [-1, -1]
        deal._taken = [line in fields.taken for line in LINES]
        deal._unplayed = [seat in fields.unplayed for seat in SEATS]
        deal._turn = SEATS.index(fields.turn)
        deal._phase = fields.phase
        deal._turns = fields.turns
        deal._single = fields.single.index if fields.single is not None else -1
        deal._small_pickup = fields.small_pickup
        deal._last_turn = fields.last_turn
        deal._timeout_left = fields.timeout_left
        deal._closer = SEATS.index(fields.closer) if fields.closer is not None else -1
        deal._al_monte = fields.al_monte
        deal._end = fields.end
        deal.moves = []
        deal._start = text
        return deal

    # ----------------------------------------------------------------- views

    @property
    def closed_al_monte(self) -> bool:
        """True when the closing came in the turn the player took a pile of at most 2 cards.

        This is the closing "al monte" of arts. 2 and 18 (*raccolta virtuale*).
        """
        return self._al_monte

    @property
    def pozzetti_left(self) -> int:
        """How many pozzetti are still on the table."""
        return len(self._pozzetti)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in display order (suit rank, then A..K, jokers last)."""
        t = self._tally[SEATS.index(seat)]
        h = t.counts
        out: list[Card] = []
        for mv in t.discards:  # one per distinct card held, in card-index order
            x = mv.cards[0]
            out.extend([x] * h[x.index])  # two of a card, up to four jokers (art. 3)
        return tuple(out)

    def melds(self, line: Line) -> tuple[Meld, ...]:
        """The melds ``line`` has opened, in the order opened (``layoff N`` numbers them)."""
        return tuple(self._melds[LINES.index(line)])

    def pozzetto_taken(self, line: Line) -> bool:
        """True when ``line`` has gone to its pozzetto (art. 2 "Pozzetto")."""
        return self._taken[LINES.index(line)]

    def card_counts(self) -> Counter[Card]:
        """Every card of the deal wherever it is: hands, melds, pile, stock, pozzetti."""
        counts = [sum(col) for col in zip(*self._hands, strict=True)]
        elsewhere: list[Card] = [x for ms in self._melds for m in ms for x in m.cards]
        elsewhere += self._pile
        elsewhere += self._stock
        for p in self._pozzetti:
            elsewhere += p
        for x in elsewhere:
            counts[x.index] += 1
        return Counter({ALL_CARDS[i]: n for i, n in enumerate(counts) if n})

    # ----------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to play (arts. 8-16, 18, 32, 33).

        In the draw phase: draw, and pick up the pile if it has cards. In the play phase: every
        opening (three cards or more, sets and runs, with or without a wild), every lay-off (one
        card or more on each of the line's melds, a wild ``low`` where that makes another meld)
        and every discard allowed, each once for each meld it makes (cards written in another
        order are the same move, which :meth:`push` accepts too). The three-card openings and
        one-card lay-offs come first, then the longer ones, then the discards.
        ``tests/games/burraco/test_reachability.py`` checks that every move push accepts is
        listed, and every listed move is accepted.

        The list is built from running tallies of each hand kept by the moves (see
        :class:`~arbitro.games.burraco.movegen.HandTally`) and cached candidate lists, not by
        scanning the hand.
        """
        if self._phase is Phase.DRAW:
            return [DRAW, PICK_UP] if self._pile else [DRAW]
        if self._phase is Phase.OVER:
            return []
        return self._play_moves()

    def bot_moves(self) -> list[Move]:
        """The moves the bots choose from: :meth:`legal_moves` without the openings of four
        cards or more and the lay-offs of several cards. Every position those make is reached
        in the same turn by the listed three-card openings and one-card lay-offs
        (``tests/games/burraco/test_reachability.py``), so the bots lose no play and keep
        the speed of the shorter list."""
        if self._phase is Phase.PLAY:
            return self._play_moves(full=False)
        return self.legal_moves()

    def _play_moves(self, full: bool = True) -> list[Move]:
        """The play phase's moves; ``full=False`` leaves out the openings of four cards or
        more and the lay-offs of several cards (what a bot may look at first)."""
        s = self._turn
        li = s & 1
        t = self._tally[s]
        h = t.counts
        size = t.size
        wmask = t.wilds
        min_keep = 1 if self._taken[li] else 0  # with the pozzetto taken, keep a card to discard
        out: list[Move] = []
        opened = False
        # Openings of three cards (arts. 11-14, 32).
        if size >= 3 + min_keep:
            ranks = (t.pairs if wmask else t.triples) & _SET_RANKS_MASK & ~self._set_ranks[li]
            keys = t.rank_keys
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                r = low.bit_length() - 1
                out.extend(set_openings(r, keys[r], wmask))
            for q, mask in enumerate(t.suit_masks):
                if mask & (mask - 1):  # at least two cards of the suit
                    naturals, gaps = RUN_NATURALS.get(mask << 2 | q) or run_openings(q, mask)
                    out.extend(naturals)
                    if gaps and wmask:
                        twin = h[q * 13 + 1] >= 2
                        out.extend(wild_run_openings(q, mask, wmask, twin))
            opened = bool(out)  # a longer opening holds a three-card one (arts. 13-14)
            if size == 4 and out:
                out = [mv for mv in out if self._after_ok(mv)]
        # Lay-offs of one card (arts. 12-14).
        if size >= 1 + min_keep and self._melds[li]:
            bits = t.bits
            parts = self._layoffs[li]
            layable = self._layable[li]
            if layable < 0:  # a meld changed: find again what can be laid off on each
                layable = 0
                for j, part in enumerate(parts):
                    if part is None:
                        part = parts[j] = layoff_part(self._melds[li][j], j, self.code)
                    layable |= part[0]
                self._layable[li] = layable
            if layable & bits:
                lays: list[Move] = []
                for part in parts:
                    assert part is not None
                    if part[0] & bits:
                        for i, got in part[1]:
                            if h[i]:
                                lays.extend(got)
                if size == 2 and lays:
                    lays = [mv for mv in lays if self._after_ok(mv)]
                out.extend(lays)
        # Longer openings (only where a three-card one is) and multi-card lay-offs (arts. 11-14).
        longer = size >= 4 + min_keep and opened
        if full and (longer or (size >= 2 + min_keep and self._melds[li])):
            out.extend(self._longer_moves(h, t.wilds, li, longer))
        # Discards (arts. 8, 10, 16, 18, 33).
        if size >= 2:
            single = self._single
            if single >= 0 and h[single] == 1:
                gone = DISCARDS[single]
                out.extend([mv for mv in t.discards if mv is not gone])
            else:
                out.extend(t.discards)
        elif size == 1:
            i = t.bits.bit_length() - 1
            if self._discard_error(i) is None:
                out.append(DISCARDS[i])
        return out

    def _longer_moves(self, h: list[int], wmask: int, li: int, openings: bool) -> list[Move]:
        """The legal openings of four cards or more and lay-offs of two cards or more, one move
        for each meld they make (a lay-off's wild written low only where it changes the meld)."""
        code = self.code
        ms = self._melds[li]
        t = self._tally[self._turn]
        cands: list[tuple[Move, int, tuple[tuple[int, int], ...]]] = []
        if openings:
            ranks = t.triples & _SET_RANKS_MASK & ~self._set_ranks[li]
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                r = low.bit_length() - 1
                cands.extend(longer_set_openings(r, t.rank_keys[r], wmask, code))
            for q, mask in enumerate(t.suit_masks):
                if mask.bit_count() >= 3:
                    cands.extend(longer_run_openings(q, mask, wmask, code))
        bits = t.bits
        for j, part in enumerate(self._layoffs[li]):
            if part is not None and part[0] & bits:
                m = ms[j]
                if m.is_run:
                    q = m.cards[1 if m.wild == 0 else 0].index // 13
                    held = t.suit_masks[q]
                else:
                    held = t.rank_keys[m.cards[0].rank.value]  # type: ignore[union-attr]
                cands.extend(multi_layoffs(m, j, held, wmask, code))
        out: list[Move] = []
        size = t.size
        taken = self._taken[li]
        for mv, n, dups in cands:
            if dups and any(h[i] < k for i, k in dups):
                continue
            after = size - n
            if (after == 0 and taken) or (after == 1 and not self._after_ok(mv)):
                continue
            out.append(mv)
        return out

    def _after_ok(self, mv: Move) -> bool:
        return _refusal(self._check_play, mv) is None

    # ------------------------------------------------------------------ push

    def is_legal(self, move: Move) -> bool:
        """True if :meth:`push` would accept ``move`` now."""
        return _refusal(self._check, move) is None

    def push(self, move: Move) -> None:
        """Apply ``move`` for the player to play; an illegal move raises IllegalMoveError.

        The error (a catalogue message) cites the FIBAS article broken; the position is unchanged.
        """
        k = move.kind
        seat = SEATS[self._turn]
        if k is MoveKind.DISCARD:
            if self._phase is Phase.PLAY and len(move.cards) == 1:
                err = self._discard_error(move.cards[0].index)
                if err is not None:
                    raise err
            else:
                self._check_play(move)
            self._apply_discard(move.cards[0])
        elif k is MoveKind.DRAW or k is MoveKind.PICK_UP:
            if self._phase is not Phase.DRAW or (k is MoveKind.PICK_UP and not self._pile):
                self._check_draw(move)
            self._apply_draw(move)
        elif k is MoveKind.TIME_OUT:
            self._call_time()
            return
        else:
            new = self._check_play(move)
            assert new is not None
            self._apply_meld(move, new)
        self.moves.append((seat, move))

    def _check(self, move: Move) -> None:
        k = move.kind
        if k is MoveKind.TIME_OUT:
            if self._phase is Phase.OVER or self._timeout_left:
                raise _over() if self._phase is Phase.OVER else _time_called()
        elif k is MoveKind.DRAW or k is MoveKind.PICK_UP:
            self._check_draw(move)
        else:
            self._check_play(move)

    def _check_draw(self, move: Move) -> None:
        if self._phase is Phase.OVER:
            raise _over()
        if self._phase is not Phase.DRAW:
            raise IllegalMoveError(
                "one draw or pick-up only, at the start of the turn",
                article=fibas("turn"),
                key="burraco.draw_twice",
            )
        if move.kind is MoveKind.PICK_UP and not self._pile:
            raise IllegalMoveError(
                "the discard pile is empty", article=fibas("pick_up"), key="burraco.empty_pile"
            )

    def _check_play(self, move: Move) -> Meld | None:
        """Check a meld, lay-off or discard; return the meld it makes (None for a discard)."""
        if self._phase is Phase.OVER:
            raise _over()
        if self._phase is not Phase.PLAY:
            raise IllegalMoveError(
                "draw or pick up before playing",
                article=fibas("play_after_draw"),
                key="burraco.no_draw",
            )
        s = self._turn
        h = self._hands[s]
        need: dict[int, int] = {}
        for x in move.cards:
            need[x.index] = need.get(x.index, 0) + 1
        for i, n in need.items():
            if h[i] < n:
                raise _not_in_hand(i)
        if move.kind is MoveKind.DISCARD:
            if len(move.cards) != 1:
                raise IllegalMoveError(
                    "discard one card", article=fibas("turn"), key="burraco.illegal"
                )
            err = self._discard_error(move.cards[0].index)
            if err is not None:
                raise err
            return None
        li = s & 1
        new: Meld
        if move.kind is MoveKind.MELD:
            new = make_meld(move.cards, self.code)
            if (
                not new.is_run
                and new.rank is not None
                and self._set_ranks[li] >> new.rank.value & 1
            ):
                raise IllegalMoveError(
                    "the line already has a set of {rank}",
                    rank=new.rank.symbol,
                    article=fibas("equal_sets"),
                    key="burraco.same_set",
                )
            old: Meld | None = None
        elif move.kind is MoveKind.LAY_OFF:
            ms = self._melds[li]
            if not 0 <= move.target < len(ms):
                raise IllegalMoveError(
                    "the line has no meld number {meld}",
                    meld=move.target,
                    article=fibas("lay_off"),
                    key="burraco.no_meld",
                )
            old = ms[move.target]
            new = old.lay_off(move.cards, low=move.low, code=self.code)
        else:
            raise IllegalMoveError("unknown move", article=fibas("turn"), key="burraco.illegal")
        after = self._tally[s].size - len(move.cards)
        if after == 0 and self._taken[li]:
            raise IllegalMoveError(
                "no closing without a discard: keep a card to discard",
                article=fibas("closing_discard"),
                key="burraco.close_without_discard",
            )
        if after == 1:
            last = next(i for i in range(N_CARDS) if h[i] > need.get(i, 0))
            burrachi = self._burrachi[li]
            if old is not None and old.burraco(self.code) is not None:
                burrachi -= 1
            if new.burraco(self.code) is not None:
                burrachi += 1
            err = self._last_discard_error(last, 1, burrachi)
            if err is not None:
                raise IllegalMoveError(
                    "a play leaving one card that cannot be discarded: {reason}",
                    reason=err.msg,
                    article=err.article or fibas("closing"),
                    key=err.key,
                )
        return new

    def _discard_error(self, i: int) -> IllegalMoveError | None:
        s = self._turn
        h = self._hands[s]
        if h[i] == 0:
            return _not_in_hand(i)
        if i == self._single and h[i] < 2:  # art. 10, before any closing check
            return _single_error(i)
        last = self._tally[s].size == 1
        return self._last_discard_error(i, h[i], self._burrachi[s & 1]) if last else None

    def _last_discard_error(self, i: int, count: int, burrachi: int) -> IllegalMoveError | None:
        """Why the last card ``i`` could not be discarded (going to pozzetto or closing)."""
        if i == self._single and count < 2:
            return _single_error(i)
        if not self._taken[self._turn & 1]:
            return None  # goes to the pozzetto "con lo scarto"; a wild may be discarded (art. 16)
        if burrachi == 0:
            return IllegalMoveError(
                "to close the line must have made at least one burraco",
                article=fibas("closing_burraco"),
                key="burraco.close_without_burraco",
            )
        if i in WILD_INDICES:
            return IllegalMoveError(
                "a wild cannot be the closing discard",
                article=fibas("closing_wild"),
                key="burraco.close_with_wild",
            )
        if self._turns < PLAYERS:
            return IllegalMoveError(
                "no closing before all four players have played once",
                article=fibas("closing_first_round"),
                key="burraco.close_first_round",
            )
        return None

    # ----------------------------------------------------------------- apply

    def _apply_draw(self, move: Move) -> None:
        s = self._turn
        self._unplayed[s] = False
        if move.kind is MoveKind.DRAW:
            x = self._stock.pop()
            self._tally[s].add(x.index)
            if len(self._stock) <= self.code.unplayable_stock_cards:
                self._last_turn = True  # art. 18: the last two stock cards are not playable
            self._single = -1
            self._small_pickup = False
        else:
            pile = self._pile
            self._single = pile[0].index if len(pile) == 1 else -1
            self._small_pickup = len(pile) <= self.code.al_monte_max_discards
            tally = self._tally[s]
            for x in pile:
                tally.add(x.index)
            self._pile = []
        self._phase = Phase.PLAY

    def _apply_meld(self, move: Move, new: Meld) -> None:
        s = self._turn
        li = s & 1
        tally = self._tally[s]
        for x in move.cards:
            tally.remove(x.index)
        ms = self._melds[li]
        if move.kind is MoveKind.MELD:
            ms.append(new)
            self._layoffs[li].append(None)
            self._layable[li] = -1
            if not new.is_run and new.rank is not None:
                self._set_ranks[li] |= 1 << new.rank.value
        else:
            if ms[move.target].burraco(self.code) is not None:
                self._burrachi[li] -= 1
            ms[move.target] = new
            self._layoffs[li][move.target] = None
            self._layable[li] = -1
        if new.burraco(self.code) is not None:
            self._burrachi[li] += 1
        if tally.size == 0:
            self._take_pozzetto(s)  # "al volo": play goes on (arts. 2, 23)

    def _take_pozzetto(self, s: int) -> None:
        pozzetto = self._pozzetti.pop(0)
        tally = self._tally[s]
        for x in pozzetto:
            tally.add(x.index)
        self._taken[s & 1] = True

    def _apply_discard(self, x: Card) -> None:
        s = self._turn
        tally = self._tally[s]
        tally.remove(x.index)
        self._pile.append(x)
        self._turns += 1
        if tally.size == 0:
            if self._taken[s & 1]:
                self._finish(EndReason.CLOSING)
                self._closer = s
                self._al_monte = self._small_pickup
                return
            self._take_pozzetto(s)  # "con lo scarto": played from the next turn (art. 23)
            self._unplayed[s] = True
        end = EndReason.STOCK_EXHAUSTED if self._last_turn else self._round_counted(s)
        if end is not None:
            self._finish(end)
            return
        self._turn = (s + 1) % PLAYERS
        self._phase = Phase.DRAW
        self._single = -1
        self._small_pickup = False

    def _round_counted(self, s: int) -> EndReason | None:
        """After seat ``s``'s discard: one round less to play once time is called, at the
        dealer's discard (art. 17); the time-out when none is left."""
        if not self._timeout_left or SEATS[s] is not self.dealer:
            return None
        self._timeout_left -= 1
        return None if self._timeout_left else EndReason.TIME_OUT

    def _call_time(self) -> None:
        """The arbiter calls time (art. 17): one last round after the dealer's discard."""
        if self._phase is Phase.OVER:
            raise _over()
        if self._timeout_left:
            raise _time_called()
        self._timeout_left = last_rounds(self.dealer, self.turn, self._phase is Phase.DRAW)
        self.moves.append((SEATS[self._turn], Move(MoveKind.TIME_OUT)))

    # ----------------------------------------------------------------- score

    def positions(self) -> dict[Line, LinePosition]:
        """Each line's position for scoring (art. 19): melds, hands, pozzetto, closing.

        The hand of a player who took the pozzetto "con lo scarto" and has not played it yet
        is the unplayed pozzetto.
        """
        out = {}
        for li, line in enumerate(LINES):
            hands: list[tuple[Card, ...]] = []
            unplayed: tuple[Card, ...] = ()
            for s in (li, li + 2):
                cards = self.hand(SEATS[s])
                if self._unplayed[s]:
                    unplayed += cards
                else:
                    hands.append(cards)
            out[line] = LinePosition(
                melds=tuple(self._melds[li]),
                hands=tuple(hands),
                pozzetto_taken=self._taken[li],
                unplayed_pozzetto=unplayed,
                closed=self._closer >= 0 and self._closer & 1 == li,
            )
        return out

    def scores(self) -> dict[Line, LineScore]:
        """Each line's score for the position (art. 19); final once :attr:`is_over`."""
        return {ln: score_line(p, ln, self.code) for ln, p in self.positions().items()}


def arrange_deck(
    hands: Mapping[Seat, Sequence[Card]] | None = None,
    *,
    dealer: Seat = Seat.N,
    pile: Card | None = None,
    stock: Sequence[Card] = (),
    pozzetti: Sequence[Sequence[Card]] = (),
    code: BurracoFibasCode | None = None,
) -> tuple[Card, ...]:
    """A 108-card deck (top first) that :class:`Deal` lays out as asked (prepared deals).

    ``hands`` by seat (up to 11 cards each), the card turned up on the ``pile``, the first
    ``stock`` cards (top first) and the ``pozzetti`` (first taken first); every card not named
    fills the rest in new-deck order. Raises ArbitroError if more cards are named than exist.
    """
    c = code or burraco_fibas()
    per, n_poz = c.cards_per_player, c.pozzetto_cards
    deck = PreparedDeck(burraco_deck(), fibas("deck_excess"), "burraco.extra_cards")
    named_hands = {s: deck.take(h) for s, h in (hands or {}).items()}
    top = deck.take([pile]) if pile is not None else []
    first_stock = deck.take(stock)
    named_poz = [deck.take(p) for p in pozzetti]
    order = hands_from_dealer(dealer, lambda s: s.left, named_hands)
    dealt = dealt_one_at_a_time([deck.fill(cards, per) for _, cards in order])
    poz = [deck.fill(named_poz[k] if k < len(named_poz) else [], n_poz) for k in range(c.pozzetti)]
    deck.fill(top, 1)
    middle_len = len(burraco_deck()) - len(dealt) - c.pozzetti * n_poz - 1
    middle = top + deck.fill(first_stock, middle_len)
    bottom = dealt_one_at_a_time(poz)
    return tuple(dealt + middle + bottom[::-1])


def _refusal(check: Callable[[Move], object], move: Move) -> IllegalMoveError | None:
    """The error ``check`` raises for ``move``, None if it passes."""
    try:
        check(move)
    except IllegalMoveError as err:
        return err
    return None


def _over() -> IllegalMoveError:
    return IllegalMoveError("the deal is over", article=fibas("deal_end"), key="burraco.deal_over")


def _time_called() -> IllegalMoveError:
    return IllegalMoveError(
        "time already called", article=fibas("time_out"), key="burraco.time_called"
    )


def _not_in_hand(i: int) -> IllegalMoveError:
    return IllegalMoveError(
        "card not in hand: {card}",
        card=str(ALL_CARDS[i]),
        article=fibas("turn"),
        key="burraco.not_in_hand",
    )


def _single_error(i: int) -> IllegalMoveError:
    return IllegalMoveError(
        "a one-card pile ({card}) cannot be discarded at once without a twin",
        card=str(ALL_CARDS[i]),
        article=fibas("pick_up"),
        key="burraco.single_discard",
    )
