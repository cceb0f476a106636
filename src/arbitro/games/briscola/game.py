"""A game (partita) of Briscola for four, partners opposite, on the engine core: deal, tricks,
draws, points.

Like ``chess.Board``, a :class:`Game` is a mutable position with a move stack (the core's
:class:`~arbitro.games.core.Game` protocol): build it from a shuffled and cut deck
(:meth:`Game.shuffled`) or from a position string (:meth:`Game.from_position`), ask
:meth:`Game.legal_moves`, play a card with :meth:`Game.push` (an illegal card raises the core's
:class:`~arbitro.games.core.IllegalMoveError` naming the article), take it back with
:meth:`Game.pop`, and read :meth:`Game.outcome` (or the detailed :meth:`Game.result`) when it is
over. :meth:`Game.view` is what a player may see at a digital table: art. 6 forbids consulting
the cards won, so the view shows only counts.

Layout (art. 3): three cards to each player one at a time, the first to the player at the
dealer's right; the next card turned up as trump, the stock across it. The player who got the
first card leads (art. 4); play goes to the right; the trick's winner draws first, then the
others in turn, and leads the next trick (art. 4). The last draw takes the turned-up trump;
the last three tricks are played without drawing (art. 7). The pair with 61 points wins; at
60-60 the pair that won the last trick (art. 8). An irregularity found by the arbiter loses
the game for the offending pair (art. 10; :mod:`arbitro.games.briscola.arbiter`).

Position notation (``str(game)``, :meth:`Game.from_position`; docs/notation-briscola.md), like
FEN: nine fields separated by one space, cards in the card notation (``1B`` ... ``10S``)
joined by commas, ``-`` for an empty list::

    dealer trump leader hands table stock won last forfeit

``dealer``, ``leader`` (who leads, or led, the trick on the table) are seats; ``trump`` is the
turned-up card; ``hands`` the hands of N, E, S, W separated by ``/`` (in hand order);
``table`` the cards of the trick being played from the leader; ``stock`` the cards still to
draw, next first (the turned-up trump last while it lies there); ``won`` the cards won by N-S
and E-W in the order won, ``/`` between; ``last`` the pair that won the last trick (``NS``,
``EW`` or ``-``); ``forfeit`` the art. 10 ruling that ended the game (``seat:kind`` with an
optional ``:note``, percent-encoded) or ``-``. The new-deck order dealt by N reads::

    N 3C W 4B,8B,2C/3B,7B,1C/2B,6B,10B/1B,5B,9B - 4C,5C,...,10S,3C -/- - -

The move stack is not in the string (as in FEN): a game read from it starts there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote, unquote

from arbitro.cards.italian import (
    ItalianCard,
    Suit,
    check_deck,
    italian_deck,
    parse_card,
    random_cut,
    shuffled,
)
from arbitro.codes.briscola import BriscolaCode, briscola
from arbitro.errors import ArbitroError
from arbitro.games.briscola.errors import article, illegal
from arbitro.games.briscola.rules import tables, winning_at
from arbitro.games.briscola.seats import PAIRS, PLAY_ORDER, SEATS, Pair, Seat
from arbitro.games.core.game import Outcome, Side, restore, undo_last
from arbitro.i18n import Message, message, ngettext
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.briscola import arbiter as briscola_arbiter
else:
    # a circle: the arbiter replays a game
    briscola_arbiter = lazy_module("arbitro.games.briscola.arbiter")

_PLAYERS: Final = len(PLAY_ORDER)
_SEAT_AT: Final = {seat: i for i, seat in enumerate(PLAY_ORDER)}
_FIELDS: Final = 9


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: who led, the four cards in order of play, who won it (arts. 4-5)."""

    leader: Seat
    cards: tuple[ItalianCard, ...]
    winner: Seat
    points: int

    def played(self) -> tuple[tuple[Seat, ItalianCard], ...]:
        """The cards with the seat that played each."""
        at = _SEAT_AT[self.leader]
        return tuple((PLAY_ORDER[(at + i) % _PLAYERS], c) for i, c in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The art. 10 ruling that ended a game: ``seat`` offended (``kind``, one of the code's
    art. 10 keys), its pair loses the game."""

    seat: Seat
    kind: str
    note: str = ""

    def to_dict(self) -> dict[str, str]:
        """JSON-ready data (the record's ``irregularity`` field)."""
        return {"seat": self.seat.value, "kind": self.kind, "note": self.note}

    @property
    def offender(self) -> Pair:
        """The offending pair, which loses the game (art. 10)."""
        return self.seat.line


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: the winner, the points and tricks of each pair (art. 8).

    ``irregularity`` is set when the arbiter ended the game by art. 10; then ``winner`` is
    the pair that did not offend and the points are those taken until then.
    """

    winner: Pair
    points: dict[Pair, int]
    tricks: dict[Pair, int]
    last_trick: Pair | None
    irregularity: Forfeit | None = None

    @property
    def tie(self) -> bool:
        """True when the points are level (60-60), decided by the last trick (art. 8)."""
        return self.irregularity is None and self.points[Pair.NS] == self.points[Pair.EW]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        irr = self.irregularity
        return {
            "winner": self.winner.value,
            "points": {p.value: self.points[p] for p in PAIRS},
            "tricks": {p.value: self.tricks[p] for p in PAIRS},
            "last_trick": self.last_trick.value if self.last_trick else None,
            "tie": self.tie,
            "irregularity": (
                None
                if irr is None
                else irr.to_dict()
                | {"pair": irr.offender.value, "article": article("irregularities").article}
            ),
        }


def _bad(why: Message, topic: str = "deck") -> ArbitroError:
    return ArbitroError(
        "not a Briscola position: {why}",
        why=why,
        article=article(topic),
        key="briscola.bad_position",
    )


def _cards(text: str) -> list[ItalianCard]:
    return [] if text == "-" else [parse_card(t) for t in text.split(",")]


def _text(cards: Sequence[ItalianCard]) -> str:
    return ",".join(map(str, cards)) or "-"


def check_kind(code: BriscolaCode, kind: str) -> None:
    """An irregularity ``kind`` that is none of ``code``'s art. 10 keys raises ArbitroError."""
    if code.irregularity(kind) is None:
        raise ArbitroError(
            "unknown irregularity: {kind!r} ({known})",
            kind=kind,
            known=", ".join(k.key for k in code.irregularities),
            article=article("irregularities"),
            key="briscola.unknown_irregularity",
        )


class Game:
    """A Briscola game in progress or over (arts. 3-8, 10)."""

    __slots__ = (
        "_forfeit",
        "_hands",
        "_last",
        "_leader",
        "_points",
        "_root",
        "_start",
        "_stock",
        "_strength",
        "_table",
        "_trick_points",
        "_tricks",
        "_tricks_won",
        "_turn",
        "_won",
        "code",
        "dealer",
        "deck",
        "moves",
        "trump",
        "trump_suit",
    )

    def __init__(
        self,
        deck: Sequence[ItalianCard],
        dealer: Seat = Seat.N,
        code: BriscolaCode | None = None,
        *,
        _checked: bool = False,
    ) -> None:
        """Lay out a game from ``deck`` (shuffled and cut, top card first) dealt by ``dealer``.

        A deck that is not the 40 Italian cards raises ArbitroError naming what is missing or
        extra (art. 3).
        """
        c = code or briscola()
        self.code: BriscolaCode = c
        deck = tuple(deck)
        if not _checked:
            check_deck(deck)
        self.deck: tuple[ItalianCard, ...] = deck
        self.dealer: Seat = dealer
        first = (_SEAT_AT[dealer] + 1) % _PLAYERS
        per = c.cards_per_player
        dealt = _PLAYERS * per
        hands: list[list[ItalianCard]] = [[], [], [], []]
        for i in range(dealt):
            hands[(first + i) % _PLAYERS].append(deck[i])
        self._hands = hands
        self.trump: ItalianCard = deck[dealt]
        self.trump_suit: Suit = self.trump.suit
        stock = list(deck[dealt + 1 :])
        stock.append(self.trump)
        stock.reverse()
        self._stock = stock  # pop() draws the next card; the turned-up trump comes last
        self._strength, self._trick_points = tables(c)
        self._turn = first
        self._leader = first
        self._table: list[ItalianCard] = []
        self._points = [0, 0]
        self._tricks_won = [0, 0]
        self._won: list[list[ItalianCard]] = [[], []]
        # the tricks won: (leader, cards, winner, points), seats as PLAY_ORDER indexes
        self._tricks: list[tuple[int, list[ItalianCard], int, int]] = []
        self._last = -1
        self._forfeit: Forfeit | None = None
        self._root: str | None = None  # the position string a game read from one started at
        self._start = (first, 0)  # the first mover and the cards on the table at the start
        self.moves: list[ItalianCard] = []

    @classmethod
    def shuffled(
        cls, rng: random.Random, dealer: Seat = Seat.N, code: BriscolaCode | None = None
    ) -> Game:
        """A new game: the dealer shuffles, the player at his left cuts (art. 2), then deals."""
        deck = random_cut(shuffled(italian_deck(), rng), rng)
        return cls(deck, dealer, code, _checked=True)

    @classmethod
    def from_position(cls, text: str, code: BriscolaCode | None = None) -> Game:
        """The position written by ``str(game)`` (see the module), with an empty move stack.

        A string that is not a position of the code (not 9 fields, not the 40 cards once each
        (art. 3), hands that do not match the trick on the table (arts. 4, 7)...) raises
        ArbitroError.
        """
        fields = text.split()
        if len(fields) != _FIELDS:
            raise _bad(
                ngettext(
                    "{n} field, not {fields}",
                    "{n} fields, not {fields}",
                    len(fields),
                    n=len(fields),
                    fields=_FIELDS,
                )
            )
        try:
            dealer, leader = Seat(fields[0]), Seat(fields[2])
            trump = parse_card(fields[1])
            hand_texts = fields[3].split("/")
            won_texts = fields[6].split("/")
            if len(hand_texts) != len(SEATS) or len(won_texts) != len(PAIRS):
                raise ValueError("four hands and two piles of cards won")
            by_seat = dict(zip(SEATS, map(_cards, hand_texts), strict=True))
            table, stock = _cards(fields[4]), _cards(fields[5])
            won = [_cards(t) for t in won_texts]
            last = -1 if fields[7] == "-" else PAIRS.index(Pair(fields[7]))
            forfeit = None
            if fields[8] != "-":
                seat, kind, *note = fields[8].split(":", 2)
                forfeit = Forfeit(Seat(seat), kind, unquote(note[0]) if note else "")
        except (ValueError, ArbitroError) as err:
            raise _bad(message("a field does not read: {error}", error=str(err))) from err
        check_deck([*(c for h in by_seat.values() for c in h), *table, *stock, *won[0], *won[1]])
        g = cls.__new__(cls)
        c = code or briscola()
        g.code, g.dealer, g.trump, g.trump_suit = c, dealer, trump, trump.suit
        g.deck = ()
        g._strength, g._trick_points = tables(c)
        g._hands = [by_seat[s] for s in PLAY_ORDER]
        g._leader = _SEAT_AT[leader]
        g._turn = (g._leader + len(table)) % _PLAYERS
        g._table, g._won, g._last, g._forfeit = table, won, last, forfeit
        g._stock = stock[::-1]
        g._points = [sum(g._trick_points[x.index] for x in w) for w in won]
        g._tricks_won = [len(w) // _PLAYERS for w in won]
        g._tricks, g.moves = [], []
        g._start = (g._turn, len(table))
        g._check()
        g._root = str(g)
        return g

    def _check(self) -> None:
        """A read position can be reached by the code's play (arts. 3-5, 7, 10)."""
        sizes = [len(h) for h in self._hands]
        played = {(self._leader + i) % _PLAYERS for i in range(len(self._table))}
        full = max(sizes)
        if len(self._table) >= _PLAYERS:
            raise _bad(message("four cards on the table: the trick is won"), "play_from_hand")
        if any(n != full - (i in played) for i, n in enumerate(sizes)):
            raise _bad(message("the hands do not match the trick on the table"), "play_from_hand")
        per = self.code.cards_per_player
        if self._stock and (full != per or self._stock[0] != self.trump):
            raise _bad(
                message("while the stock lasts, three cards in hand and the trump last"), "game_end"
            )
        if len(self._stock) % _PLAYERS or any(len(w) % _PLAYERS for w in self._won):
            raise _bad(message("the stock and the cards won go by four"), "game_end")
        if (self._last < 0) != (not self._won[0] and not self._won[1]):
            raise _bad(
                message("the last trick's pair is needed once a trick is won"), "tie_to_last_trick"
            )
        if self._forfeit is not None:
            check_kind(self.code, self._forfeit.kind)
            if full == 0:
                raise _bad(message("a ruling after the last card"), "irregularities")

    def __str__(self) -> str:
        """The position in the notation of the module (``Game.from_position`` reads it)."""
        f = self._forfeit
        forfeit = "-"
        if f is not None:
            forfeit = f"{f.seat.value}:{f.kind}" + (f":{quote(f.note, safe='')}" if f.note else "")
        return " ".join(
            (
                self.dealer.value,
                str(self.trump),
                PLAY_ORDER[self._leader].value,
                "/".join(_text(self._hands[_SEAT_AT[s]]) for s in SEATS),
                _text(self._table),
                _text(self._stock[::-1]),
                "/".join(_text(w) for w in self._won),
                PAIRS[self._last].value if self._last >= 0 else "-",
                forfeit,
            )
        )

    def __repr__(self) -> str:
        return f"Game.from_position({str(self)!r})"

    # -- state -------------------------------------------------------------------------

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        return PLAY_ORDER[self._turn]

    @property
    def leader(self) -> Seat:
        """The seat that leads (led) the current trick, the "primo di mano" (art. 4)."""
        return PLAY_ORDER[self._leader]

    @property
    def is_over(self) -> bool:
        """True when every card is played (art. 7) or the arbiter ended the game (art. 10).

        The player to play holds a card until the last trick is won (arts. 4, 7)."""
        return self._forfeit is not None or not self._hands[self._turn]

    @property
    def move_stack(self) -> tuple[tuple[Seat, ItalianCard], ...]:
        """Every card played since the layout (or the position read), with its seat."""
        at, on_table = self._start
        tricks = iter(self._tricks)
        out = []
        for card in self.moves:
            out.append((PLAY_ORDER[at], card))
            on_table += 1
            if on_table == _PLAYERS:
                at, on_table = next(tricks)[2], 0
            else:
                at = (at + 1) % _PLAYERS
        return tuple(out)

    @property
    def stock_size(self) -> int:
        """Cards still to draw, the turned-up trump included (art. 7)."""
        return len(self._stock)

    @property
    def trump_on_table(self) -> bool:
        """True until the last draw takes the turned-up trump (art. 7)."""
        return bool(self._stock)

    @property
    def table(self) -> tuple[tuple[Seat, ItalianCard], ...]:
        """The cards of the trick being played, with the seat that played each."""
        return tuple(
            (PLAY_ORDER[(self._leader + i) % _PLAYERS], c) for i, c in enumerate(self._table)
        )

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The tricks won since the layout, in order (arbiter's and record's view)."""
        return tuple(
            Trick(PLAY_ORDER[lead], tuple(cards), PLAY_ORDER[won], got)
            for lead, cards, won, got in self._tricks
        )

    @property
    def irregularity(self) -> Forfeit | None:
        """The art. 10 ruling that ended the game, if any."""
        return self._forfeit

    def hand(self, seat: Seat) -> tuple[ItalianCard, ...]:
        """The cards in ``seat``'s hand."""
        return tuple(self._hands[_SEAT_AT[seat]])

    def points(self, pair: Pair) -> int:
        """The points ``pair`` has taken so far (art. 8) — for the arbiter and the record."""
        return self._points[PAIRS.index(pair)]

    def tricks_won(self, pair: Pair) -> int:
        """How many tricks ``pair`` has won so far (the count art. 6 lets a table show)."""
        return self._tricks_won[PAIRS.index(pair)]

    def cards_won(self, pair: Pair) -> tuple[ItalianCard, ...]:
        """The cards ``pair`` has won (arbiter's view; art. 6 hides them from the players)."""
        return tuple(self._won[PAIRS.index(pair)])

    def card_counts(self) -> Counter[ItalianCard]:
        """Every card wherever it is: hands, table, stock, cards won (40 cards, art. 3)."""
        out: Counter[ItalianCard] = Counter()
        for h in self._hands:
            out.update(h)
        out.update(self._table)
        out.update(self._stock)
        out.update(self._won[0])
        out.update(self._won[1])
        return out

    def copy(self) -> Game:
        """An independent copy of this position and its move stack."""
        g = Game.__new__(Game)
        g.code, g.deck, g.dealer = self.code, self.deck, self.dealer
        g.trump, g.trump_suit = self.trump, self.trump_suit
        g._strength, g._trick_points = self._strength, self._trick_points
        g._hands = [list(h) for h in self._hands]
        g._stock = list(self._stock)
        g._turn, g._leader, g._last = self._turn, self._leader, self._last
        g._table = list(self._table)
        g._points = list(self._points)
        g._tricks_won = list(self._tricks_won)
        g._won = [list(self._won[0]), list(self._won[1])]
        g._tricks = list(self._tricks)
        g._forfeit, g._root, g._start = self._forfeit, self._root, self._start
        g.moves = list(self.moves)
        return g

    def initial(self) -> Game:
        """The same layout with no card played: the deal as dealt, or the position read."""
        if self._root is not None:
            return Game.from_position(self._root, self.code)
        return Game(self.deck, self.dealer, self.code, _checked=True)

    # -- moves ------------------------------------------------------------------------

    def legal_moves(self) -> tuple[ItalianCard, ...]:
        """The cards the player to play may play: any card in hand (art. 4); none when over.

        The regulation does not oblige a player to follow suit or to trump (arts. 4-5).
        """
        if self._forfeit is not None:
            return ()
        return tuple(self._hands[self._turn])

    def push(self, card: ItalianCard) -> None:
        """The player to play plays ``card`` (art. 4); a full trick is won (art. 5), the cards
        are drawn winner first (arts. 4, 7), and the winner leads the next trick.

        A card not in the player's hand raises IllegalMoveError (art. 4); so does any card
        once the game is over (arts. 7, 10).
        """
        hand = self._hands[self._turn]
        if card not in hand or self._forfeit is not None:
            if not hand or self._forfeit is not None:
                raise self.over_error()
            raise illegal(
                message(
                    "{seat} does not hold {card}: a player plays one of the cards in hand",
                    seat=PLAY_ORDER[self._turn].value,
                    card=str(card),
                ),
                "play_from_hand",
                "briscola.not_in_hand",
            )
        hand.remove(card)
        table = self._table
        table.append(card)
        self.moves.append(card)
        if len(table) < _PLAYERS:
            self._turn = (self._turn + 1) % _PLAYERS
            return
        winner = (self._leader + winning_at(table, self._strength, self.trump_suit)) % _PLAYERS
        side = winner & 1  # PLAY_ORDER alternates NS, EW
        pts = self._trick_points
        got = pts[table[0].index] + pts[table[1].index] + pts[table[2].index] + pts[table[3].index]
        self._points[side] += got
        self._tricks_won[side] += 1
        self._won[side].extend(table)
        self._tricks.append((self._leader, table, winner, got))  # table: a new list each trick
        self._table = []
        self._last = side
        stock = self._stock
        if stock:  # arts. 4 and 7: the winner draws first, the last draw takes the trump
            hands = self._hands
            for k in range(_PLAYERS):
                hands[(winner + k) % _PLAYERS].append(stock.pop())
        self._leader = self._turn = winner

    def pop(self) -> ItalianCard:
        """Take the last card back (the layout replayed without it, the core's
        :func:`~arbitro.games.core.undo_last`); return it. An arbiter's ruling is not a move:
        it goes too. An empty move stack raises ``IndexError``."""
        earlier, card = undo_last(self)
        restore(self, earlier)
        return card  # type: ignore[no-any-return]

    def play(self, seat: Seat, card: ItalianCard) -> None:
        """``seat`` plays ``card``: as :meth:`push`, but a player out of turn is refused.

        Playing out of turn is an art. 10 irregularity (the arbiter may then declare it with
        :meth:`declare_irregularity`); the engine refuses the card, citing arts. 4 and 10.
        """
        if not self.is_over and seat is not self.turn:
            raise illegal(
                message(
                    "it is {turn}'s turn, not {seat}'s: each player plays in turn",
                    turn=self.turn.value,
                    seat=seat.value,
                ),
                "play_in_turn",
                "briscola.out_of_turn",
            )
        self.push(card)

    def forfeit(self, seat: Seat, kind: str, note: str = "") -> None:
        """End the game by the art. 10 ruling against ``seat`` (its pair loses): the public
        mutator the arbiter's remedy uses. An unknown kind or a game over raises ArbitroError.
        """
        if self.is_over:
            raise self.over_error()
        check_kind(self.code, kind)
        self._forfeit = Forfeit(seat, kind, note)

    def declare_irregularity(self, seat: Seat, kind: str, note: str = "") -> None:
        """The arbiter finds an art. 10 irregularity by ``seat``: its pair loses the game.

        A thin call of the arbiter's remedy (:func:`arbitro.games.briscola.arbiter.rule`),
        whose ruling becomes this position. ``kind`` is one of the code's art. 10 keys
        (``dealer-stacking``, ``cutter-stacking``, ``communication``, ``out-of-turn``,
        ``signalling-play``); an unknown kind or a game already over raises ArbitroError.
        """
        restore(self, briscola_arbiter.rule(self, seat, kind, note).position)

    def over_error(self) -> ArbitroError:
        """The error for a card or a ruling once the game is over (arts. 7, 10)."""
        return illegal(
            message("the game is over: no more cards are played"), "game_end", "briscola.game_over"
        )

    # -- result ------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The core's outcome (None while the game is on): the winning pair and the points
        of each (art. 8); ``reason`` ``last_trick`` (every card played, art. 7) or
        ``irregularity`` (art. 10)."""
        if not self.is_over:
            return None
        r = self.result()
        reason = "last_trick" if r.irregularity is None else "irregularity"
        points: dict[Side, int] = {p: r.points[p] for p in PAIRS}
        return Outcome(reason, points, r.winner)

    def result(self) -> GameResult:
        """The game's result (art. 8; art. 10 when the arbiter ended it).

        61 points win; at 60-60 the pair that won the last trick wins. A game not over raises
        ArbitroError.
        """
        if not self.is_over:
            raise ArbitroError(
                "the game is not over: the result comes when all cards are played",
                article=article("result"),
                key="briscola.not_over",
            )
        points = {Pair.NS: self._points[0], Pair.EW: self._points[1]}
        tricks = {Pair.NS: self._tricks_won[0], Pair.EW: self._tricks_won[1]}
        last = PAIRS[self._last] if self._last >= 0 else None
        if self._forfeit is not None:
            return GameResult(self._forfeit.offender.other, points, tricks, last, self._forfeit)
        return GameResult(winner_by_points(points, last, self.code), points, tricks, last)

    def view(self, seat: Seat | None = None) -> GameView:
        """What ``seat`` may see (its own hand), or the public view with ``None`` (art. 6).

        Tricks won are not consultable (art. 6): the view shows only how many each pair won,
        never their cards or points, until the game is over.
        """
        over = self.is_over
        return GameView(
            seat=seat,
            hand=self.hand(seat) if seat is not None else (),
            hand_sizes=tuple((s, len(self._hands[_SEAT_AT[s]])) for s in PLAY_ORDER),
            dealer=self.dealer,
            turn=None if over else self.turn,
            leader=self.leader,
            trump_suit=self.trump_suit,
            trump_card=self.trump if self._stock else None,
            stock_size=len(self._stock),
            table=self.table,
            tricks_won=((Pair.NS, self._tricks_won[0]), (Pair.EW, self._tricks_won[1])),
            tricks_played=self._tricks_won[0] + self._tricks_won[1],
            is_over=over,
            result=self.result() if over else None,
        )


@dataclass(frozen=True, slots=True)
class GameView:
    """A player's (or the public) view of a game at a digital table (art. 6).

    It holds the seat's own hand, the cards on the table, the turned-up trump while it lies
    there, the stock's size, and for the cards won only the number of tricks of each pair.
    """

    seat: Seat | None
    hand: tuple[ItalianCard, ...]
    hand_sizes: tuple[tuple[Seat, int], ...]
    dealer: Seat
    turn: Seat | None
    leader: Seat
    trump_suit: Suit
    trump_card: ItalianCard | None
    stock_size: int
    table: tuple[tuple[Seat, ItalianCard], ...]
    tricks_won: tuple[tuple[Pair, int], ...]
    tricks_played: int
    is_over: bool
    result: GameResult | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (cards in the notation)."""
        return {
            "seat": self.seat.value if self.seat else None,
            "hand": [str(c) for c in self.hand],
            "hand_sizes": {s.value: n for s, n in self.hand_sizes},
            "dealer": self.dealer.value,
            "turn": self.turn.value if self.turn else None,
            "leader": self.leader.value,
            "trump_suit": self.trump_suit.value,
            "trump_card": str(self.trump_card) if self.trump_card else None,
            "stock_size": self.stock_size,
            "table": [[s.value, str(c)] for s, c in self.table],
            "tricks_won": {p.value: n for p, n in self.tricks_won},
            "tricks_played": self.tricks_played,
            "is_over": self.is_over,
            "result": self.result.to_dict() if self.result else None,
        }


def next_dealer(dealer: Seat) -> Seat:
    """The dealer of the next game of a match: the deal passes to the right.

    Art. 1 draws the dealer of the first game only ("il mazziere della prima mano"); the
    regulation is silent on later games, so the deal follows the direction of play (ruling).
    """
    return dealer.right


def winner_by_points(
    points: dict[Pair, int], last_trick: Pair | None, code: BriscolaCode | None = None
) -> Pair:
    """The winner of a game by its points (art. 8): at least 61 wins; a tie goes to the pair
    that won the last trick. Points that do not add up to 120 raise ArbitroError."""
    c = code or briscola()
    ns, ew = points[Pair.NS], points[Pair.EW]
    if ns + ew != c.total_points or ns < 0 or ew < 0:
        raise ArbitroError(
            "the points {ns}-{ew} do not add up to {total}",
            ns=ns,
            ew=ew,
            total=c.total_points,
            article=article("total_points"),
            key="briscola.bad_points",
        )
    if ns >= c.winning_points:
        return Pair.NS
    if ew >= c.winning_points:
        return Pair.EW
    if last_trick is None or not c.tie_to_last_trick:
        msg = message("a {ns}-{ew} tie: the pair that won the last trick is needed", ns=ns, ew=ew)
        raise ArbitroError(
            msg, article=article("tie_to_last_trick"), key="briscola.tie_needs_last_trick"
        )
    return last_trick


__all__ = [
    "Forfeit",
    "Game",
    "GameResult",
    "GameView",
    "Trick",
    "check_kind",
    "next_dealer",
    "winner_by_points",
]
