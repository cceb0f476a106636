"""Prepared boards of a *carte uguali* event: the deals of a round, generated from the event's
recorded seed and laid out exactly as FIBAS art. 6 lays out a deal, and the checks a known
deal allows on a line's entered score (arts. 3, 15, 18, 19).

A :class:`PreparedBoard` is one deal as the dealer would lay it out (art. 6): eleven cards to
each player one at a time clockwise from the dealer's left; two pozzetti of eleven taken from
the bottom of the deck one card each in turn (the pozzetto completed first is the first taken,
point 4); the stock's first card, turned at the arbiter's signal (point b), starting the
discard pile; the rest of the stock, top first. :meth:`PreparedBoard.deck` is the 108-card
deck, top first, that :class:`~arbitro.games.burraco.deal.Deal` lays out as this very board,
so a board can be played by the engine; :meth:`PreparedBoard.law13_board` gives its pockets
for the card count before play (Bridge Law 13, :mod:`arbitro.games.prepared_deals`).

:func:`round_boards` prepares the boards of a round from the event's seed: the generator is
``random.Random(f"arbitro-boards:{seed}:{round_number}")``, each board shuffled and cut as
:meth:`Deal.shuffled` does (art. 6 points 1-2), the dealers rotating N, E, S, W by board
number; the same seed and round always give the same boards.

:func:`entry_problems` — what a known deal makes impossible in the entered score. Only the
deal as dealt is known, not the play, so only checks that hold whatever was played are kept:

1. *Base* (art. 2 "Base", arts. 15, 18, 19): bonuses of 200, 150 and 100 for the burrachi and
   100 for the closing, so a base is never negative and is a multiple of their greatest
   common divisor (50).
2. *Card points* are a multiple of 5 (art. 3: every card is worth 30, 20, 15, 10 or 5; the
   pozzetto penalty is 100, art. 19).
3. *Cards in play*: the last two cards of the stock are never playable (art. 18), so the
   cards that can ever be melded are the deck without them: their value (the deck's 1080
   less the two cards, known on the board) bounds each line's card points and the two
   lines' card points together from above.
4. *The floor of card points*: a card counts against at most one line, once, and a pozzetto
   not taken costs 100 (art. 19) but then its cards never come into play; when only one
   pozzetto is taken it is the first (art. 6 point 4), so the second stays out. A line's
   points, and both lines' together, cannot fall below the worst of these cases, computed
   from the values of the board's pozzetti.
5. *Base ceiling*: a burraco needs seven cards (art. 15) and is worth at most 200; only one
   line closes (art. 18). With at most ``cards in play // 7`` burrachi on the table, a line's
   base, and both lines' bases together, cannot pass that many clean burrachi and one
   closing.

Checks left out on purpose, because a legal play could defeat them: a closing bonus for both
lines (a base of 200 is a clean burraco or a dirty one with the closing: the base alone does
not tell); a base needing more wilds than the deal holds (the wild of a semi-clean or dirty
burraco may come from any of the twelve); a line's points against the cards it was dealt
(picking up the discard pile, art. 10, brings any card into a hand).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from arbitro.cards import Card, burraco_deck, random_cut, shuffled
from arbitro.cards.card import Suit
from arbitro.codes.burraco_fibas import BurracoFibasCode, burraco_fibas
from arbitro.codes.citation import Citation, cite
from arbitro.errors import ArbitroError
from arbitro.games.burraco.deal import Deal, arrange_deck
from arbitro.games.burraco.rules import rank_key, value_table
from arbitro.games.core import SEATS, Seat
from arbitro.games.prepared_deals import Board, BoardMaker
from arbitro.games.prepared_deals import PreparedBoard as AnyBoard
from arbitro.i18n import Message, message

SEED_PREFIX: Final = "arbitro-boards"
"""The generator of a round's boards is ``random.Random(f"{SEED_PREFIX}:{seed}:{round}")``."""


@dataclass(frozen=True, slots=True)
class PreparedBoard:
    """One prepared deal, as dealt by FIBAS art. 6.

    ``hands``: the eleven cards of each seat, in the order received; ``pozzetti``: the two
    pozzetti of eleven, the first taken first (art. 6 point 4), each in the order its cards
    were laid; ``up_card``: the stock's first card, turned at the arbiter's signal (art. 6
    point b); ``stock``: the rest of the stock, top first.
    """

    number: int
    dealer: Seat
    hands: Mapping[Seat, tuple[Card, ...]]
    pozzetti: tuple[tuple[Card, ...], ...]
    up_card: Card
    stock: tuple[Card, ...]

    def __hash__(self) -> int:
        """A board hashes by its content (the hands mapping itself is not hashable)."""
        hands = tuple((s, tuple(self.hands[s])) for s in SEATS)
        return hash((self.number, self.dealer, hands, self.pozzetti, self.up_card, self.stock))

    def deck(self) -> tuple[Card, ...]:
        """The 108-card deck, top first, that :class:`Deal` lays out as this board (art. 6)."""
        return arrange_deck(
            {s: self.hands[s] for s in SEATS},
            dealer=self.dealer,
            pile=self.up_card,
            stock=self.stock,
            pozzetti=self.pozzetti,
        )

    def deal(self, code: BurracoFibasCode | None = None) -> Deal:
        """The board as a :class:`Deal` ready to play: dealt, the up-card turned (art. 6)."""
        return Deal(self.deck(), self.dealer, code)

    def law13_board(self, code: BurracoFibasCode | None = None) -> Board:
        """The pockets N, E, S, W, P1, P2 with their expected counts (11 each, art. 6), for the
        count before play (Bridge Law 13 as the model)."""
        return Board.burraco(
            self.number, {s.value: self.hands[s] for s in SEATS}, self.pozzetti, code
        )

    def cards(self) -> tuple[Card, ...]:
        """Every card of the board: hands (N, E, S, W), pozzetti, up-card, stock."""
        out = [x for s in SEATS for x in self.hands[s]]
        out += [x for p in self.pozzetti for x in p]
        return (*out, self.up_card, *self.stock)


def board_from_deck(
    number: int, deck: tuple[Card, ...], dealer: Seat, code: BurracoFibasCode | None = None
) -> PreparedBoard:
    """The board that ``deck`` (top first) gives when dealt by ``dealer`` (art. 6): eleven
    cards each one at a time clockwise from the dealer's left, two pozzetti of eleven from
    the bottom alternating, the stock's first card turned, the rest the stock."""
    c = code or burraco_fibas()
    if len(deck) != c.total_cards:
        raise ArbitroError(
            "the deck is not the 108-card Burraco deck",
            article=cite(c.code_id, "deck"),
            key="burraco.bad_deck",
        )
    players = len(SEATS)
    dealt = players * c.cards_per_player
    d = SEATS.index(dealer)
    hands = {SEATS[(d + 1 + k) % players]: tuple(deck[k:dealt:players]) for k in range(players)}
    bottom = deck[::-1][: c.pozzetti * c.pozzetto_cards]
    pozzetti = tuple(tuple(bottom[k :: c.pozzetti]) for k in range(c.pozzetti))
    middle = deck[dealt : len(deck) - c.pozzetti * c.pozzetto_cards]
    return PreparedBoard(number, dealer, hands, pozzetti, middle[0], tuple(middle[1:]))


def board_dealer(number: int) -> Seat:
    """The dealer of board ``number``: N, E, S, W in turn from board 1 (the deal passes
    clockwise, art. 6)."""
    return SEATS[(number - 1) % len(SEATS)]


def round_boards(
    seed: int, round_number: int, boards: int, code: BurracoFibasCode | None = None
) -> tuple[PreparedBoard, ...]:
    """The ``boards`` prepared deals of round ``round_number``, numbered from 1, from the
    event's recorded ``seed``: each deck shuffled and cut (art. 6 points 1-2) with
    ``random.Random(f"arbitro-boards:{seed}:{round_number}")`` and dealt by art. 6, the
    dealers rotating N, E, S, W by board number."""
    if boards < 1:
        raise ValueError("a round has at least one board")
    rng = random.Random(f"{SEED_PREFIX}:{seed}:{round_number}")
    out = []
    for number in range(1, boards + 1):
        deck = random_cut(shuffled(burraco_deck(), rng), rng)
        out.append(board_from_deck(number, deck, board_dealer(number), code))
    return tuple(out)


# ------------------------------------------------------------------ the entry checks


@dataclass(frozen=True, slots=True)
class EntryLimits:
    """What a board allows in a line's entered base and card points (see the module)."""

    base_step: int
    points_step: int
    line_base_max: int
    line_points_min: int
    line_points_max: int
    both_base_max: int
    both_points_min: int
    both_points_max: int


def entry_limits(board: PreparedBoard, code: BurracoFibasCode | None = None) -> EntryLimits:
    """The limits :func:`entry_problems` checks for ``board`` (arts. 3, 6, 15, 18, 19; each
    explained in the module docstring)."""
    c = code or burraco_fibas()
    values = value_table(c)
    unplayable = board.stock[len(board.stock) - c.unplayable_stock_cards :]
    in_play_cards = c.total_cards - len(unplayable)
    in_play = c.deck_value() - sum(values[x.index] for x in unplayable)
    poz = [sum(values[x.index] for x in p) for p in board.pozzetti]
    penalty = -c.pozzetto_not_taken
    # Both lines: none, the last k pozzetti not taken (the first is taken first, art. 6.4).
    both_min = min(-(in_play - sum(poz[len(poz) - k :])) - k * penalty for k in range(len(poz) + 1))
    # One line: it took its pozzetto, or did not and the other took the first.
    line_min = min(-in_play, -(in_play - poz[-1]) - penalty)
    burrachi = in_play_cards // c.burraco_min_cards
    top = max(c.clean_burraco, c.semi_clean_burraco, c.dirty_burraco)
    step = math.gcd(c.clean_burraco, c.semi_clean_burraco, c.dirty_burraco, c.closing_bonus)
    return EntryLimits(
        base_step=step,
        points_step=c.mp_step,
        line_base_max=burrachi * top + c.closing_bonus,
        line_points_min=line_min,
        line_points_max=in_play,
        both_base_max=burrachi * top + c.closing_bonus,
        both_points_min=both_min,
        both_points_max=in_play,
    )


def entry_problems(
    board: PreparedBoard,
    ns_base: int,
    ns_points: int,
    ew_base: int,
    ew_points: int,
    code: BurracoFibasCode | None = None,
) -> list[Message]:
    """What the deal of ``board`` makes impossible in the lines' entered base and card points
    (arts. 3, 15, 18, 19; the checks are listed in the module docstring): one message per
    problem, naming the line, the value and the article; empty when the entry is plausible."""
    c = code or burraco_fibas()
    lim = entry_limits(board, c)
    base_art = cite(c.code_id, "scoring")
    cards_art = cite(c.code_id, "cards")
    end_art = cite(c.code_id, "deal_end")
    out: list[Message] = []
    sides = (
        (message("North-South"), ns_base, ns_points),
        (message("East-West"), ew_base, ew_points),
    )
    for line, base, points in sides:
        out += _line_problems(line, base, points, lim, base_art, cards_art, end_art)
    if ns_base >= 0 and ew_base >= 0 and ns_base + ew_base > lim.both_base_max:
        out.append(
            message(
                "board {board}: the two bases together ({total}) exceed the {most} the deal"
                " allows ({article})",
                board=board.number,
                total=ns_base + ew_base,
                most=lim.both_base_max,
                article=cite(c.code_id, "closing"),
            )
        )
    both = ns_points + ew_points
    if both > lim.both_points_max:
        out.append(
            message(
                "board {board}: the two lines' card points together ({total}) exceed the"
                " {most} of the cards in play ({article})",
                board=board.number,
                total=both,
                most=lim.both_points_max,
                article=end_art,
            )
        )
    elif both < lim.both_points_min:
        out.append(
            message(
                "board {board}: the two lines' card points together ({total}) are below the"
                " {least} the deal allows ({article})",
                board=board.number,
                total=both,
                least=lim.both_points_min,
                article=base_art,
            )
        )
    return out


def _line_problems(
    line: Message,
    base: int,
    points: int,
    lim: EntryLimits,
    base_art: Citation,
    cards_art: Citation,
    end_art: Citation,
) -> list[Message]:
    """One line's problems (see :func:`entry_problems`)."""
    out = []
    if base < 0 or base % lim.base_step:
        out.append(
            message(
                "{line} base {base}: not a sum of burraco and closing bonuses, multiples of"
                " {step} ({article})",
                line=line,
                base=base,
                step=lim.base_step,
                article=base_art,
            )
        )
    elif base > lim.line_base_max:
        out.append(
            message(
                "{line} base {base}: more than the {most} the burrachi of this deal can"
                " make ({article})",
                line=line,
                base=base,
                most=lim.line_base_max,
                article=base_art,
            )
        )
    if points % lim.points_step:
        out.append(
            message(
                "{line} card points {points}: not a multiple of {step} ({article})",
                line=line,
                points=points,
                step=lim.points_step,
                article=cards_art,
            )
        )
    if points > lim.line_points_max:
        out.append(
            message(
                "{line} card points {points}: more than the {most} of the cards in play"
                " ({article})",
                line=line,
                points=points,
                most=lim.line_points_max,
                article=end_art,
            )
        )
    elif points < lim.line_points_min:
        out.append(
            message(
                "{line} card points {points}: below the {least} the deal allows ({article})",
                line=line,
                points=points,
                least=lim.line_points_min,
                article=base_art,
            )
        )
    return out


class BurracoBoards:
    """Burraco's prepared boards for a carte uguali event, the ``BOARDS`` its code's spec
    names (``CodeSpec.boards``): dealt by FIBAS art. 6, counted 11 a pocket, an entry checked
    against the deal (art. 3, 15, 18, 19)."""

    def round_boards(self, seed: int, round_number: int, boards: int) -> tuple[AnyBoard, ...]:
        """:func:`round_boards` (FIBAS art. 6)."""
        return round_boards(seed, round_number, boards)

    def expected(self) -> dict[str, int]:
        """11 cards in each hand and each pozzetto (FIBAS art. 6)."""
        return dict(Board.burraco(0, {}).expected)

    def entry_problems(
        self, board: AnyBoard, ns_base: int, ns_points: int, ew_base: int, ew_points: int
    ) -> list[Message]:
        """:func:`entry_problems` of a Burraco board (FIBAS art. 3, 15, 18, 19)."""
        if not isinstance(board, PreparedBoard):
            raise TypeError(f"not a Burraco board: {board!r}")
        return entry_problems(board, ns_base, ns_points, ew_base, ew_points)

    def card_key(self, card: Card) -> tuple[int, int]:
        """FIBAS art. 3's order: the jolly first, then the suit rank (hearts, diamonds,
        clubs, spades) and each suit's ranks 2, A, K ... 3 (the code's ``rank_order``)."""
        code = burraco_fibas()
        suit = -1 if card.suit is None else code.suit_rank.index(card.suit.value)
        return (suit, code.rank_order.index(rank_key(card)))

    def rank_text(self, card: Card) -> str:
        """The card's rank as art. 3 names it (:func:`~arbitro.games.burraco.rules.rank_key`)."""
        return rank_key(card)

    def suits(self) -> tuple[Suit, ...]:
        """The suit rank of art. 3 (the code's ``suit_rank``)."""
        return tuple(Suit(s) for s in burraco_fibas().suit_rank)


BOARDS: Final[BoardMaker] = BurracoBoards()
"""What shared code reads of Burraco's prepared boards (``CodeSpec.boards``)."""
