"""A Burraco Parole deal (*smazzata*) as a sequence of moves: layout, legal moves, push, score.

Like the Burraco engine's, a :class:`Deal` is a mutable position with a move stack: build it
from a shuffled deck (:meth:`Deal.shuffled`), ask :meth:`Deal.legal_moves`, apply a move with
:meth:`Deal.push` (an illegal move raises :class:`IllegalMoveError` naming the article) and
score the lines with :meth:`Deal.scores`. Seats are N, E, S, W clockwise; N-S and E-W are the
lines; play starts at the dealer's left and goes clockwise (arts. 3.4, 4.3). There is no
pozzetto (DESIGN.md): a line may close once it has made a burraco (art. 1).

The deal follows the core's :class:`~arbitro.games.core.game.Game` protocol (``move_stack``,
``pop``, ``initial``, ``outcome``, ``copy``) on the core's seats, phases and table views
(:mod:`arbitro.games.core.table`). ``str(deal)`` is its position in one line and
:meth:`Deal.from_position` reads it back (docs/notation-parole.md)::

    E:draw dealer=N turns=0 hands=NPPQQRS/ABCENRT/BCDDFFG/GHHLLMM penalized=-/-/-/-
        words=-/- pile=Z stock=??!!!!UUUUOOOOIIIIEEEAAAZVVTS

(one line): the seat to play and the phase, the dealer, the turns played, the hands N E S W,
the penalized cards, the words of NS and EW, the pile and the stock bottom first; then only
where set: ``foreign``, ``single``, ``last``, ``timeout``, ``closer``, ``end``, ``discard``,
``burned``, ``freezes``, and the arbiter's pending states ``undrawn``, ``missed``, ``late``,
``stop``, ``taken``, ``several``.

The arbiter's remedies (arts. 9-11) act on a deal through :mod:`arbitro.games.parole.arbiter`:
penalized cards held apart and discarded highest first, frozen words. The irregular actions
the arbiter records (a play before the draw, a draw or pick-up out of turn, several cards
discarded at once: arts. 10.13, 10.14, 10.17, 11.6) leave their state here too
(:mod:`arbitro.games.parole.irregular`); :meth:`Deal.legal_moves` never lists them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING, Final

from arbitro.codes.burraco_parole import BurracoParoleCode, burraco_parole
from arbitro.errors import ArbitroError
from arbitro.games.core import table as core_table  # the deck prepared by hand
from arbitro.games.core.cards_and_melds import pop_replayed
from arbitro.games.core.errors import position_detail
from arbitro.games.core.game import Outcome
from arbitro.games.core.seats import LINES, SEATS, Line, Seat, TurnOrder
from arbitro.games.core.table import (
    EndReason,
    Phase,
    last_rounds,
)
from arbitro.games.core.words_and_melds import TurnEnd, discard_error, lines_outcome
from arbitro.games.parole import movegen
from arbitro.games.parole.errors import IllegalMoveError, article, illegal
from arbitro.games.parole.letters import (
    WILDS,
    Card,
    deck,
    deck_counts,
    format_cards,
    parse_cards,
    shuffled_deck,
)
from arbitro.games.parole.lexicon import Lexicon
from arbitro.games.parole.moves import DRAW, PICK_UP, Move, MoveKind, discard, lay_off, meld
from arbitro.games.parole.scoring import LinePosition, LineScore, score_line
from arbitro.games.parole.words import Word, added_cards, make_word, readings
from arbitro.games.parole.words import lay_off as lay_off_word
from arbitro.i18n import Message, message
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.parole import arbiter as parole_arbiter
else:
    # a circle: the arbiter rules on a deal
    parole_arbiter = lazy_module("arbitro.games.parole.arbiter")

PLAYERS: Final = 4


@dataclass(frozen=True, slots=True)
class Freeze:
    """A frozen word (arts. 10.11-10.12): no card may be laid on it.

    ``definitive``: until the end of the deal, all its cards counted negative (art. 10.11);
    otherwise for one round, until turn ``until`` (the count of turns played), and if the deal
    ends meanwhile only the cards laid by the irregular play count negative while the word as
    it was before (``before``; None if the irregular play opened it) counts positive (art.
    10.12).
    """

    definitive: bool
    until: int = 0
    before: Word | None = None


@dataclass(slots=True)
class OutOfTurn:
    """Cards a seat took out of turn (art. 10.14): from the stock (``source`` "draw") or the
    whole discard pile ("pickup"), and the plays it made with them: (word number, the word
    before the play or None for an opening, the hand cards the play took)."""

    source: str
    cards: list[Card]
    plays: list[tuple[int, Word | None, tuple[Card, ...]]]

    def copy(self) -> OutOfTurn:
        """An independent copy."""
        return OutOfTurn(self.source, list(self.cards), list(self.plays))


@dataclass(frozen=True, slots=True)
class Selection:
    """What a phone offers for the cards a player selected (issue 32; arts. 4.1, 4.3, 4.4):
    ``plays``, the words and lay-offs taking exactly those cards; ``discard``, the discard of
    the one selected card where allowed (else None); ``grows``, whether some play takes those
    cards and more (or exactly them): False tells the player no play holds the selection."""

    plays: tuple[Move, ...]
    discard: Move | None
    grows: bool


class Deal(TurnEnd[Card]):
    """A Burraco Parole deal in progress or over (arts. 1, 3.4, 4-7, 10-11)."""

    def __init__(
        self,
        deck_cards: Sequence[Card],
        dealer: Seat = Seat.N,
        code: BurracoParoleCode | None = None,
        *,
        lexicon: Lexicon,
    ) -> None:
        """Lay out a deal from ``deck_cards`` (top card first) as the dealer does (art. 3.4);
        ``lexicon`` says which words are valid (art. 4.1).

        Seven cards to each player one at a time clockwise from the dealer's left, taken from
        the top; the rest is the stock, whose first card is turned up to start the discard
        pile (art. 3.4: "viene scoperta la prima carta che andrà a formare il monte scarti").
        """
        c = code or burraco_parole()
        self.code: Final = c
        self.lexicon: Final[Lexicon] = lexicon
        cards = tuple(deck_cards)
        if Counter(cards) != deck_counts(c):
            raise _bad_deck(c)
        self.deck: Final = cards
        self.dealer = dealer
        d = SEATS.index(dealer)
        self._hands: list[Counter[Card]] = [Counter() for _ in range(PLAYERS)]
        dealt = PLAYERS * c.cards_per_player
        for i, x in enumerate(cards[:dealt]):
            self._hands[(d + 1 + i) % PLAYERS][x] += 1
        self._sizes = [c.cards_per_player] * PLAYERS
        self._pile: list[Card] = [cards[dealt]]
        self._stock: list[Card] = list(reversed(cards[dealt + 1 :]))
        self._words: list[list[Word]] = [[], []]
        self._freezes: list[dict[int, Freeze]] = [{}, {}]
        self._penalized: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self._burned: list[Card] = []
        self._must_discard = False
        self._turn = (d + 1) % PLAYERS
        self._phase = Phase.DRAW
        self._turns = 0
        self._single: Card | None = None
        self._last_turn = False
        self._timeout_left = 0
        self._closer = -1
        self._end: EndReason | None = None
        # arbiter mode, irregular actions (arts. 10.13, 10.14, 10.17, 11.6)
        self._undrawn = False  # the turn on began with a play, without a draw (art. 10.13)
        self._turn_plays: dict[int, Word | None] = {}  # words changed in that turn, as before
        self._missed: dict[int, int] = {}  # seat -> turns played when its undrawn turn ended
        self._late = -1  # seat to play after the culprit's late draw (arts. 10.13 2, 11.6)
        self._stop_after_draw = False  # art. 10.13 1): draw, then discard at once
        self._taken: dict[int, OutOfTurn] = {}  # cards taken out of turn (art. 10.14)
        self._several: list[Card] = []  # cards discarded at once, not yet ruled (art. 10.17)
        self.moves: list[tuple[Seat, Move]] = []
        self._root: str | None = None  # the position it was set up from (from_position)

    @classmethod
    def shuffled(
        cls,
        rng: random.Random,
        dealer: Seat = Seat.N,
        code: BurracoParoleCode | None = None,
        *,
        lexicon: Lexicon,
    ) -> Deal:
        """A new deal: the deck shuffled and cut with ``rng``, then laid out (art. 3.4)."""
        return cls(shuffled_deck(rng, code), dealer, code, lexicon=lexicon)

    def copy(self) -> Deal:
        """An independent copy of the position and its move stack."""
        new = object.__new__(Deal)
        new.__dict__.update(self.__dict__)
        new._hands = [Counter(h) for h in self._hands]
        new._sizes = list(self._sizes)
        new._pile = list(self._pile)
        new._stock = list(self._stock)
        new._words = [list(w) for w in self._words]
        new._freezes = [dict(f) for f in self._freezes]
        new._penalized = [list(p) for p in self._penalized]
        new._burned = list(self._burned)
        new._turn_plays = dict(self._turn_plays)
        new._missed = dict(self._missed)
        new._taken = {k: v.copy() for k, v in self._taken.items()}
        new._several = list(self._several)
        new.moves = list(self.moves)
        return new

    # ------------------------------------------------------------ game protocol

    @property
    def move_stack(self) -> list[tuple[Seat, Move]]:
        """Every move pushed since the layout (or the position set up), with its seat."""
        return self.moves

    def initial(self) -> Deal:
        """The same layout with no move played: the deal as dealt, or the position it was set
        up from (:meth:`from_position`)."""
        if self._root is not None:
            return Deal.from_position(self._root, lexicon=self.lexicon, code=self.code)
        return Deal(self.deck, self.dealer, self.code, lexicon=self.lexicon)

    def pop(self) -> Move:
        """Take the last move back (a ruling too) and return it: the layout replayed without
        it (:func:`~arbitro.games.core.game.undo_last`); an empty stack raises IndexError."""
        return pop_replayed(self)

    def outcome(self) -> Outcome | None:
        """How the deal ended (arts. 5-7): each line's total, the higher one the winner (none
        on a tie), the closer; None while it is on."""
        return lines_outcome(self._end, self.scores() if self._end else {}, self.closer)

    # --------------------------------------------------------------- notation

    def __str__(self) -> str:
        """The position in the notation of :doc:`notation-parole` (``Deal.from_position``
        reads it back): the seat to play and the phase, then ``key=value`` fields."""
        out = [
            f"{self.turn.value}:{self._phase.value}",
            f"dealer={self.dealer.value}",
            f"turns={self._turns}",
            "hands=" + "/".join(_cards(sorted(h.elements(), key=_sort_key)) for h in self._hands),
            "penalized=" + "/".join(_cards(p) for p in self._penalized),
            "words=" + "/".join(",".join(_word(w) for w in ws) or "-" for ws in self._words),
            f"pile={_cards(self._pile)}",
            f"stock={_cards(self._stock)}",
        ]
        opt: list[tuple[str, str, bool]] = [
            ("foreign", "1", self.code.foreign_letters),
            ("single", self._single or "", self._single is not None),
            ("last", "1", self._last_turn),
            ("timeout", str(self._timeout_left), self._timeout_left > 0),
            ("closer", self.closer.value if self.closer else "", self._closer >= 0),
            ("end", self._end.value if self._end else "", self._end is not None),
            ("discard", "1", self._must_discard),
            ("burned", _cards(self._burned), bool(self._burned)),
            ("freezes", _freezes(self._freezes), any(self._freezes)),
            ("undrawn", _plays(self._turn_plays), self._undrawn),
            (
                "missed",
                ",".join(f"{SEATS[k].value}{n}" for k, n in self._missed.items()),
                bool(self._missed),
            ),
            ("late", SEATS[self._late].value if self._late >= 0 else "", self._late >= 0),
            ("stop", "1", self._stop_after_draw),
            (
                "taken",
                ",".join(
                    f"{SEATS[k].value}:{t.source}:{_cards(t.cards)}:"
                    + "|".join(f"{n}.{_word(b) if b else '-'}.{_cards(u)}" for n, b, u in t.plays)
                    for k, t in self._taken.items()
                ),
                bool(self._taken),
            ),
            ("several", _cards(self._several), bool(self._several)),
        ]
        out += [f"{k}={v}" for k, v, on in opt if on]
        return " ".join(out)

    def __repr__(self) -> str:
        return f"Deal.from_position({str(self)!r})"

    @classmethod
    def from_position(
        cls, text: str, *, lexicon: Lexicon, code: BurracoParoleCode | None = None
    ) -> Deal:
        """The position written by ``str(deal)``, with no move stack (:meth:`initial` gives it
        back); a malformed text raises :class:`ArbitroError`."""
        try:
            return cls._parse(text, lexicon, code)
        except (KeyError, ValueError, IndexError) as err:
            raise ArbitroError(
                "not a Burraco Parole position: {error}",
                error=position_detail(err),
                key="parole.bad_position",
            ) from err

    @classmethod
    def _parse(cls, text: str, lexicon: Lexicon, code: BurracoParoleCode | None) -> Deal:
        head, *fields = text.split()
        turn, phase = head.split(":")
        f = dict(x.split("=", 1) for x in fields)
        c = (code or burraco_parole()).with_foreign_letters(f.get("foreign") == "1")

        def cards(t: str) -> list[Card]:
            return [] if t == "-" else list(parse_cards(t, c))

        def word(t: str) -> Word:
            xs = tuple(cards(t.split("=", 1)[0]))
            found = readings(xs, lexicon, c) if sum(x in WILDS for x in xs) < 2 else ()
            return Word(xs, found or ("".join(xs),))

        new = object.__new__(cls)
        hands = [Counter(cards(h)) for h in f["hands"].split("/")]
        words = [
            [word(w) for w in ws.split(",")] if ws != "-" else [] for ws in f["words"].split("/")
        ]
        freezes: list[dict[int, Freeze]] = [{}, {}]
        for item in f.get("freezes", "").split(","):
            if item:
                li, n, kind, until, before = item.split(":")
                freezes[LINES.index(Line(li))][int(n)] = Freeze(
                    kind == "d", int(until), None if before == "-" else word(before)
                )
        taken: dict[int, OutOfTurn] = {}
        for item in f.get("taken", "").split(","):
            if item:
                seat, source, took, plays = item.split(":")
                taken[SEATS.index(Seat(seat))] = OutOfTurn(
                    source,
                    cards(took),
                    [
                        (int(n), None if b == "-" else word(b), tuple(cards(u)))
                        for n, b, u in (p.split(".") for p in plays.split("|") if p)
                    ],
                )
        end = f.get("end")
        closer = f.get("closer")
        late = f.get("late")
        undrawn = f.get("undrawn")
        vars(new).update(
            code=c,
            lexicon=lexicon,
            deck=(),
            dealer=Seat(f["dealer"]),
            _hands=hands,
            _sizes=[sum(h.values()) for h in hands],
            _pile=cards(f["pile"]),
            _stock=cards(f["stock"]),
            _words=words,
            _freezes=freezes,
            _penalized=[cards(p) for p in f["penalized"].split("/")],
            _burned=cards(f.get("burned", "-")),
            _must_discard=f.get("discard") == "1",
            _turn=SEATS.index(Seat(turn)),
            _phase=Phase(phase),
            _turns=int(f["turns"]),
            _single=f.get("single"),
            _last_turn=f.get("last") == "1",
            _timeout_left=int(f.get("timeout", "0")),
            _closer=SEATS.index(Seat(closer)) if closer else -1,
            _end=EndReason(end) if end else None,
            _undrawn=undrawn is not None,
            _turn_plays={
                int(n): None if b == "-" else word(b)
                for n, b in (p.split(".") for p in (undrawn or "").split("|") if p)
            },
            _missed={
                SEATS.index(Seat(m[0])): int(m[1:]) for m in f.get("missed", "").split(",") if m
            },
            _late=SEATS.index(Seat(late)) if late else -1,
            _stop_after_draw=f.get("stop") == "1",
            _taken=taken,
            _several=cards(f.get("several", "-")),
            moves=[],
            _root=text,
        )
        if len(hands) != PLAYERS or len(words) != 2:
            raise ValueError("four hands and two lines' words")
        return new

    # ----------------------------------------------------------------- views

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds (not counting penalized cards), sorted, wilds last."""
        h = self._hands[SEATS.index(seat)]
        return tuple(sorted(h.elements(), key=_sort_key))

    def penalized(self, seat: Seat) -> tuple[Card, ...]:
        """The penalized cards ``seat`` holds apart, highest first (art. 10.8)."""
        return tuple(self._penalized[SEATS.index(seat)])

    def words(self, line: Line) -> tuple[Word, ...]:
        """The words ``line`` has opened, in the order opened (``layoff N`` numbers them)."""
        return tuple(self._words[LINES.index(line)])

    def freezes(self, line: Line) -> dict[int, Freeze]:
        """The line's frozen words by number (arts. 10.11-10.12), still in force."""
        li = LINES.index(line)
        return {i: f for i, f in self._freezes[li].items() if f.definitive or f.until > self._turns}

    def has_burraco(self, line: Line) -> bool:
        """True once ``line`` has a burraco on the table (art. 1): it may then close."""
        li = LINES.index(line)
        return self._burrachi(li) > 0

    def card_counts(self) -> Counter[Card]:
        """Every card of the deal wherever it is: hands, penalized, words, pile, stock, and
        the cards burned by the arbiter (art. 10.9)."""
        out: Counter[Card] = Counter(self._burned)
        for h in self._hands:
            out.update(h)
        for p in self._penalized:
            out.update(p)
        for ws in self._words:
            for w in ws:
                out.update(w.cards)
        out.update(self._pile)
        out.update(self._stock)
        return out

    def _burrachi(self, li: int, words: Sequence[Word] | None = None) -> int:
        ws = self._words[li] if words is None else words
        frozen = self._freezes[li]
        return sum(
            1
            for i, w in enumerate(ws)
            if w.burraco(self.code) is not None and not (i in frozen and frozen[i].definitive)
        )

    # ----------------------------------------------------------- legal moves

    def legal_moves(self) -> list[Move]:
        """Every legal move of the player to play (arts. 1, 4-4.4, 6).

        Draw phase: draw, and pick up the pile. Play phase: every word the hand can open
        (three cards or more, one wild at most, each way of writing it with the cards), every
        lay-off of one card or more on each of the line's words not frozen (the new word whole,
        its letters in order, the wild anywhere: arts. 4.1, 4.4), then every allowed discard;
        the openings and lay-offs by length. The words come from the lexicon
        (:mod:`arbitro.games.parole.movegen`). ``tests/games/parole/test_reachability.py``
        checks that every move push accepts is listed and every listed move is accepted.
        """
        return self._moves(self._all_plays)

    def bot_moves(self) -> list[Move]:
        """The moves the bots choose from: :meth:`legal_moves` with only the three-card
        openings and the one-card lay-offs. A longer word or lay-off is the end of a sequence
        of those whenever its first three letters (or each shorter word on the way) are words
        too; the bots lose a few plays and keep the speed of the shorter list."""
        return self._moves(self._short_plays)

    def moves_but_plays(self) -> list[Move]:
        """:meth:`legal_moves` without the words and lay-offs: draw, pick up and the discards
        allowed (arts. 4, 6, 10.8), what a phone offers at once while the plays a player
        builds are checked one selection at a time by :meth:`plays_with` (issue 32)."""
        return self._moves(list)

    def _moves(self, plays: Callable[[], list[Move]]) -> list[Move]:
        if self._phase is Phase.OVER or self._several:
            return []  # a multiple discard waits for the arbiter's ruling (art. 10.17)
        if self._phase is Phase.DRAW:
            return [DRAW, PICK_UP] if self._pile else [DRAW]
        s = self._turn
        h = self._hands[s]
        out: list[Move] = []
        if self._penalized[s] and self._must_discard:
            return [discard(self._penalized[s][0])]  # arts. 9.1, 10.8: discard at once
        if self._must_discard:
            return [discard(x) for x in sorted(set(h.elements()), key=_sort_key)]
        out += plays()
        if self._penalized[s]:
            out.append(discard(self._penalized[s][0]))  # art. 10.8: highest penalized first
            return out
        for x in sorted(set(h.elements()), key=_sort_key):
            if self._discard_error(x) is None:
                out.append(discard(x))
        return out

    def _all_plays(self) -> list[Move]:
        """Every opening and every lay-off the hand can make (arts. 4.1, 4.4)."""
        s = self._turn
        h = self._hands[s]
        size = self._sizes[s]
        out = [
            meld(cards)
            for cards in movegen.openings(h, size - 1, self.lexicon, self.code)
            if self._leaves_ok(cards, None)
        ]
        frozen = self.freezes(SEATS[s].line)
        for j, w in enumerate(self._words[s & 1]):
            if j in frozen:
                continue
            for new in movegen.layoffs(w, h, size - 1, self.lexicon, self.code):
                if self._leaves_ok(added_cards(w, new), (j, new)):
                    out.append(lay_off(j, new))
        return out

    def plays_with(self, cards: Sequence[Card]) -> list[Move]:
        """The legal words and lay-offs that take exactly ``cards`` from the hand (arts. 4.1,
        4.4): what a phone checks while a player selects the cards of a play, without listing
        every play of a big hand (issue 32). The same moves as those of :meth:`legal_moves`
        whose cards from the hand are ``cards`` (``tests/games/parole/test_movegen_plays.py``);
        a selection of two wilds or more is answered at once (art. 4.4: none)."""
        s = self._turn
        chosen = Counter(cards)
        h = self._hands[s]
        if (
            self._phase is not Phase.PLAY
            or self._several
            or self._must_discard
            or not chosen
            or any(h[x] < n for x, n in chosen.items())
            or sum(n for x, n in chosen.items() if x in WILDS) > 1  # one wild a word (4.4)
        ):
            return []
        n = len(cards)
        out = [
            meld(word)
            for word in movegen.openings(chosen, n, self.lexicon, self.code, exact=True)
            if len(word) == n and self._leaves_ok(word, None)
        ]
        frozen = self.freezes(SEATS[s].line)
        for j, w in enumerate(self._words[s & 1]):
            if j in frozen:
                continue
            for new in movegen.layoffs(w, chosen, n, self.lexicon, self.code, exact=True):
                if len(new) == len(w.cards) + n and self._leaves_ok(added_cards(w, new), (j, new)):
                    out.append(lay_off(j, new))
        return out

    def could_play(self, cards: Sequence[Card]) -> bool:
        """Whether some legal word or lay-off takes from the hand all of ``cards`` and maybe
        more (arts. 4.1, 4.4): the cheap check a phone makes as each card is tapped, so that a
        selection no play can hold is said at once (issue 32). True exactly when a play of
        :meth:`legal_moves` takes a superset of ``cards`` from the hand
        (``tests/games/parole/test_selection.py``); it stops at the first such play.

        A selection of the hand but one card or more (issue 32: a play leaves a card to
        discard, art. 4.3, so none takes more) is answered by the plays of exactly those
        cards (:meth:`plays_with`), not by a walk of the words holding them."""
        return self._could_grow(cards, exact_known=False)

    def _could_grow(self, cards: Sequence[Card], *, exact_known: bool) -> bool:
        """:meth:`could_play`; ``exact_known``: no play takes exactly ``cards`` (already
        asked)."""
        s = self._turn
        chosen = Counter(cards)
        h = self._hands[s]
        if (
            self._phase is not Phase.PLAY
            or self._several
            or self._must_discard
            or not chosen
            or any(h[x] < n for x, n in chosen.items())
        ):
            return False
        size = self._sizes[s]
        if len(cards) >= size - 1:  # no play takes more than the hand but one card
            return len(cards) == size - 1 and not exact_known and bool(self.plays_with(cards))
        for word in movegen.opening_writings(h, size - 1, self.lexicon, self.code, need=chosen):
            if self._leaves_ok(word, None):
                return True
        frozen = self.freezes(SEATS[s].line)
        for j, w in enumerate(self._words[s & 1]):
            if j in frozen:
                continue
            for new in movegen.layoff_writings(
                w, h, size - 1, self.lexicon, self.code, need=chosen
            ):
                if self._leaves_ok(added_cards(w, new), (j, new)):
                    return True
        return False

    def selection(self, cards: Sequence[Card]) -> Selection:
        """What the player to play can do with the hand cards ``cards`` selected on a phone
        (issue 32): the words and lay-offs taking exactly them (:meth:`plays_with`, arts. 4.1,
        4.4), the discard of a single selected card where allowed (arts. 4.3, 6, 10.8), and
        whether more cards could still make a play of them (:meth:`could_play`)."""
        plays = tuple(self.plays_with(cards))
        drop = None
        if len(cards) == 1:
            wanted = discard(cards[0])
            drop = wanted if wanted in self.moves_but_plays() else None
        grows = bool(plays) or self._could_grow(cards, exact_known=True)
        return Selection(plays, drop, grows)

    def _short_plays(self) -> list[Move]:
        """The words of three cards and the lay-offs of one card (what the bots look at)."""
        s = self._turn
        h = self._hands[s]
        size = self._sizes[s]
        out: list[Move] = []
        if size >= 4:
            for cards in sorted(set(permutations(h.elements(), 3))):
                if sum(1 for x in cards if x in WILDS) > 1:
                    continue
                if readings(cards, self.lexicon, self.code) and self._leaves_ok(cards, None):
                    out.append(meld(cards))
        if size >= 2:
            frozen = self.freezes(SEATS[s].line)
            letters = sorted(x for x in h if h[x])
            for j, w in enumerate(self._words[s & 1]):
                if j in frozen:
                    continue
                seen: set[tuple[Card, ...]] = set()
                for new in _one_card_layoffs(w, letters):
                    if new in seen:
                        continue
                    seen.add(new)
                    if sum(1 for x in new if x in WILDS) > 1:
                        continue
                    if readings(new, self.lexicon, self.code) and self._leaves_ok(
                        added_cards(w, new), (j, new)
                    ):
                        out.append(lay_off(j, new))
        return out

    def _leaves_ok(self, used: Sequence[Card], layoff: tuple[int, tuple[Card, ...]] | None) -> bool:
        """Whether a play of ``used`` cards leaves a hand that can still end the turn."""
        s = self._turn
        after = self._sizes[s] - len(used)
        if after >= 2 or (after == 1 and self._penalized[s]):
            return True  # with penalized cards the discard is a penalized one (art. 10.8)
        if after <= 0:
            return False
        left = Counter(self._hands[s])
        left.subtract(used)
        last = next(x for x, n in left.items() if n > 0)
        li = s & 1
        words = list(self._words[li])
        if layoff is None:
            words.append(Word(tuple(used), ("",)))
        else:
            words[layoff[0]] = Word(layoff[1], ("",))
        return self._closing_error(last, 1, self._burrachi(li, words)) is None

    # ------------------------------------------------------------------ push

    def push(self, move: Move) -> None:
        """Play ``move`` for the player to play; an illegal move raises IllegalMoveError.

        The error names the broken article in Italian and English; the position is unchanged.
        """
        k = move.kind
        if k is MoveKind.TIME_OUT:
            self._call_time()
            return
        seat = SEATS[self._turn]
        if self._several and k is not MoveKind.RULING:
            raise illegal(
                message("several cards discarded at once: the arbiter rules first"),
                "multiple_discard",
                "parole.multiple_discard",
            )
        if k is MoveKind.RULING:
            parole_arbiter.apply_ruling(self, move)
            self.moves.append((seat, move))
            return
        if k is MoveKind.DRAW or k is MoveKind.PICK_UP:
            self._check_draw(move)
            self._apply_draw(move)
        elif k is MoveKind.DISCARD:
            self._check_phase()
            if len(move.cards) != 1:
                raise illegal(message("discard one card"), "one_discard")
            x = move.cards[0]
            if self._must_discard and not self._penalized[self._turn]:
                # arts. 9.1, 10.10: the forced discard after a remedy; it closes only if a
                # closing would be valid, otherwise the hand is simply left empty
                if self._hands[self._turn][x] == 0:
                    raise _not_in_hand(x)
                valid = (
                    self._sizes[self._turn] > 1
                    or self._closing_error(x, 1, self._burrachi(self._turn & 1)) is None
                )
                self._apply_discard(x, closing=valid)
            else:
                err = self._discard_error(x)
                if err is not None:
                    raise err
                if (
                    self._undrawn
                    and self._sizes[self._turn] == 1
                    and not self._penalized[self._turn]
                ):
                    raise illegal(
                        message(
                            "a closing without a draw or pick-up is not valid (rule closing_no_draw)"
                        ),
                        "closing_no_draw",
                        "parole.close_without_draw",
                    )
                self._apply_discard(x)
        elif k is MoveKind.MELD or k is MoveKind.LAY_OFF:
            self._check_phase()
            used, word = self._check_play(move)
            self._apply_play(move, used, word)
        else:  # pragma: no cover - every kind is handled above
            raise illegal(message("unknown move"), "turn")
        self.moves.append((seat, move))

    def _check_phase(self) -> None:
        if self._phase is Phase.OVER:
            raise _over()
        if self._phase is not Phase.PLAY:
            raise illegal(message("draw or pick up before playing"), "draw_first", "parole.no_draw")

    def _check_draw(self, move: Move) -> None:
        if self._phase is Phase.OVER:
            raise _over()
        if self._phase is not Phase.DRAW:
            raise illegal(
                message("one draw or pick-up only, at the start of the turn"),
                "turn",
                "parole.draw_twice",
            )
        if move.kind is MoveKind.PICK_UP and not self._pile:
            raise illegal(message("the discard pile is empty"), "pick_up", "parole.empty_pile")

    def _check_play(self, move: Move) -> tuple[tuple[Card, ...], Word]:
        """Check a word or lay-off; return the cards it takes from the hand and the new word."""
        s = self._turn
        li = s & 1
        if self._must_discard:
            raise illegal(
                message("after an irregularity is put right the player discards at once"),
                "discard_after_remedy",
                "parole.must_discard",
            )
        if move.kind is MoveKind.MELD:
            used = tuple(move.cards)
            self._check_in_hand(used)
            word = make_word(used, self.lexicon, self.code)
            target = None
        else:
            ws = self._words[li]
            if not 0 <= move.target < len(ws):
                raise illegal(
                    message("the line has no word number {number}", number=move.target),
                    "word_number",
                    "parole.no_word",
                )
            if move.target in self.freezes(SEATS[s].line):
                raise illegal(
                    message("no card may be laid on a frozen word"),
                    "frozen_word",
                    "parole.frozen_word",
                )
            old = ws[move.target]
            used = added_cards(old, move.cards)
            self._check_in_hand(used)
            word = lay_off_word(old, move.cards, self.lexicon, self.code)
            target = (move.target, word.cards)
        after = self._sizes[s] - len(used)
        if after == 0:
            raise illegal(
                message("no closing without a discard: keep a card to discard"),
                "closing_discard",
                "parole.close_without_discard",
            )
        if after == 1 and not self._leaves_ok(used, target):
            left = Counter(self._hands[s])
            left.subtract(used)
            last = next(x for x, n in left.items() if n > 0)
            words = list(self._words[li])
            if target is None:
                words.append(word)
            else:
                words[target[0]] = word
            err = self._closing_error(last, 1, self._burrachi(li, words))
            assert err is not None
            raise IllegalMoveError(
                "a play leaving one card that cannot be discarded: {reason}",
                reason=err.msg,
                article=err.article,
                key=err.key,
            )
        return used, word

    def _check_in_hand(self, cards: Sequence[Card]) -> None:
        h = self._hands[self._turn]
        for x, n in Counter(cards).items():
            if h[x] < n:
                raise _not_in_hand(x)

    def _discard_error(self, x: Card) -> IllegalMoveError | None:
        s = self._turn
        pen = self._penalized[s]
        if pen:
            if x != pen[0]:
                return illegal(
                    message(
                        "the highest penalized card ({card}) must be discarded first", card=pen[0]
                    ),
                    "penalized_cards",
                    "parole.penalized_first",
                )
            return None
        held = self._hands[s][x]
        if held > 1 or (held and self._sizes[s] > 1 and x != self._single):
            return None  # the usual case, decided without the closures below
        return discard_error(
            held,
            self._sizes[s],
            x == self._single,
            last=lambda: self._closing_error(x, held, self._burrachi(s & 1)),
            twin=lambda: _single_error(x),
            missing=lambda: _not_in_hand(x),
        )

    def _closing_error(self, x: Card, count: int, burrachi: int) -> IllegalMoveError | None:
        """Why the last card ``x`` could not be discarded to close (arts. 1, 4.2, 6, 11)."""
        if x == self._single and count < 2:
            return _single_error(x)
        rules = (  # (broken, why, article topic, error key), in the order they are checked
            (
                burrachi == 0,
                message("to close the line must have made at least one burraco"),
                "closing_burraco",
                "parole.close_without_burraco",
            ),
            (
                x in WILDS,
                message("a wild (jolly or pinella) cannot be the closing discard"),
                "closing_wild_discard",
                "parole.close_with_wild",
            ),
            (
                self._turns < PLAYERS,
                message("no closing in the first round: everyone must have played once"),
                "closing_after_first_round",
                "parole.close_first_round",
            ),
        )
        broken = next((r for r in rules if r[0]), None)
        return None if broken is None else illegal(*broken[1:])

    # ----------------------------------------------------------------- apply

    def _apply_draw(self, move: Move) -> None:
        s = self._turn
        h = self._hands[s]
        if move.kind is MoveKind.DRAW:
            x = self._stock.pop()
            h[x] += 1
            self._sizes[s] += 1
            if len(self._stock) <= self.code.unplayable_stock_cards:  # after a burn too
                self._last_turn = True  # art. 6 B.1: the last two stock cards are not playable
            self._single = None
        else:
            pile = self._pile
            self._single = pile[0] if len(pile) == 1 else None
            for x in pile:
                h[x] += 1
            self._sizes[s] += len(pile)
            self._pile = []
        self._phase = Phase.PLAY
        if self._stop_after_draw:  # art. 10.13 1): the culprit draws late and discards at once
            self._stop_after_draw = False
            self._must_discard = True
        if self._late >= 0:  # arts. 10.13 2), 11.6: the late draw; the next player resumes
            self._turn, self._late = self._late, -1
            self._phase = Phase.DRAW
            self._single = None

    def _apply_play(self, move: Move, used: Sequence[Card], word: Word) -> None:
        s = self._turn
        li = s & 1
        h = self._hands[s]
        for x in used:
            h[x] -= 1
            if not h[x]:
                del h[x]
        self._sizes[s] -= len(used)
        if move.kind is MoveKind.MELD:
            if self._undrawn:
                self._turn_plays[len(self._words[li])] = None
            self._words[li].append(word)
        else:
            if self._undrawn:
                self._turn_plays.setdefault(move.target, self._words[li][move.target])
            self._words[li][move.target] = word

    def _apply_discard(self, x: Card, *, closing: bool = True, from_hand: bool = False) -> None:
        """Discard ``x`` (a penalized card first, art. 10.8) and pass the turn (art. 4.3).

        With ``closing`` false an empty hand does not close (an invalid closing, art. 11);
        ``from_hand`` discards ``x`` from the hand even with penalized cards pending.
        """
        s = self._turn
        pen = self._penalized[s]
        was_penalized = bool(pen) and not from_hand
        if was_penalized:
            pen.pop(0)
        else:
            h = self._hands[s]
            h[x] -= 1
            if not h[x]:
                del h[x]
            self._sizes[s] -= 1
        self._pile.append(x)
        self._turns += 1
        self._single = None
        self._must_discard = False
        if self._undrawn:  # art. 10.13: the turn played without a draw is over
            self._missed[s] = self._turns
            self._undrawn = False
            self._turn_plays = {}
        if self._sizes[s] == 0 and not was_penalized and closing:
            self._finish(EndReason.CLOSING)
            self._closer = s
            return
        self._pass_turn(s)  # arts. 4.3, 6 B.1, 7

    def _call_time(self) -> None:
        """The arbiter calls time (art. 7): one last round after the dealer's discard.

        Called before the first draw, no play is begun and the deal ends unplayed.
        """
        if self._phase is Phase.OVER:
            raise _over()
        if self._timeout_left:
            raise illegal(message("time already called"), "time_out", "parole.time_called")
        self.moves.append((SEATS[self._turn], Move(MoveKind.TIME_OUT)))
        if not any(m.kind is not MoveKind.TIME_OUT for _, m in self.moves):
            self._finish(EndReason.NOT_STARTED)  # art. 7: no play is begun
            return
        self._timeout_left = last_rounds(self.dealer, self.turn, self._phase is Phase.DRAW)

    # --------------------------------- arbiter mode: the remedies' mutators

    @property
    def must_discard(self) -> bool:
        """The player on turn discards at once, playing nothing more (arts. 9.1, 10.10: after
        a remedy)."""
        return self._must_discard

    @property
    def pending_irregularity(self) -> bool:
        """A multiple discard not yet ruled, or a late draw still due (arts. 10.13, 10.17)."""
        return bool(self._several) or self._late >= 0

    def hand_count(self, seat: Seat, card: Card) -> int:
        """How many ``card`` ``seat`` holds."""
        return self._hands[SEATS.index(seat)][card]

    def in_stock(self, card: Card) -> bool:
        """Whether ``card`` is in the stock."""
        return card in self._stock

    def take_from_hand(self, seat: Seat, cards: Sequence[Card]) -> None:
        """Take ``cards`` out of ``seat``'s hand (one missing raises :class:`IllegalMoveError`,
        the hand unchanged)."""
        s = SEATS.index(seat)
        h = self._hands[s]
        for x, n in Counter(cards).items():
            if h[x] < n:
                raise _bad_ruling(message("card not in hand: {card}", card=x), "irregularities")
        for x in cards:
            h[x] -= 1
            if not h[x]:
                del h[x]
        self._sizes[s] -= len(cards)

    def set_penalized(self, seat: Seat, cards: Sequence[Card]) -> None:
        """``seat``'s penalized cards, in the order they are to be discarded (art. 10.8)."""
        self._penalized[SEATS.index(seat)] = list(cards)

    def burn(self, card: Card) -> None:
        """Take ``card`` out of the stock and out of the deal (art. 10.9)."""
        self._stock.remove(card)
        self._burned.append(card)

    def set_freeze(self, line: Line, number: int, freeze: Freeze) -> None:
        """Freeze ``line``'s word ``number`` (arts. 10.11-10.12)."""
        self._freezes[LINES.index(line)][number] = freeze

    def put_word(self, line: Line, number: int | None, word: Word) -> Word | None:
        """Put ``word`` on the table for ``line``: a new word (``number`` None) or in place of
        word ``number``; return the word it replaced (None for a new one)."""
        words = self._words[LINES.index(line)]
        if number is None:
            words.append(word)
            return None
        old, words[number] = words[number], word
        return old

    def require_discard(self) -> None:
        """The player on turn discards at once (arts. 9.1, 10.1-10.4, 10.8)."""
        self._must_discard = True

    def discard_as_ruled(self, card: Card) -> None:
        """The player on turn's discard of ``card`` from the hand stands, but is no closing
        even of his last card (arts. 11.2-11.7)."""
        self._apply_discard(card, closing=False, from_hand=True)

    # ------------------------------------- arbiter mode: irregular actions

    def rule_irregular(self, move: Move) -> None:
        """Apply the irregular action or its remedy ``move`` (arts. 10.13, 10.14, 10.17, 11.6;
        :data:`~arbitro.games.parole.irregular.IRREGULAR`): the arbiter's mutator of the state
        the engine never reaches by itself. A ruling that does not fit the position raises
        :class:`IllegalMoveError` naming the article."""
        s = SEATS.index(Seat(move.seat))
        remedy = move.remedy
        if self._several and remedy != "multiple_discard":
            raise _bad_ruling(
                message("several cards discarded at once: rule the multiple discard first"),
                "multiple_discard",
            )
        if self._late >= 0:
            raise _bad_ruling(message("the culprit must draw or pick up first"), "late_draw")
        if remedy in ("play_no_draw", "missed_draw", "closing_no_draw"):
            self._rule_missed_draw(s, move)
        elif remedy in ("draw_out_of_turn", "pickup_out_of_turn", "play_out_of_turn", "put_back"):
            self._rule_out_of_turn(s, move)
        else:
            self._rule_several(s, move)

    def _on_turn(self, s: int, phase_draw: bool, topic: str) -> None:
        want = Phase.DRAW if phase_draw else Phase.PLAY
        if s != self._turn or self._phase is not want:
            if phase_draw:
                raise _bad_ruling(
                    message("the action concerns the player on turn before the draw"), topic
                )
            raise _bad_ruling(
                message("the action concerns the player on turn after the draw"), topic
            )

    def _irregular_play(
        self, s: int, move: Move, topic: str
    ) -> tuple[int, Word | None, tuple[Card, ...]]:
        """Put the (valid) word of ``move`` on the table for seat ``s``; return (number, word
        before or None, hand cards used)."""
        li = s & 1
        words = self._words[li]
        if move.target < 0:
            used = tuple(move.cards)
            before = None
            word = make_word(used, self.lexicon, self.code)
            n = len(words)
        else:
            if not 0 <= move.target < len(words):
                raise _bad_ruling(
                    message("the line has no word number {number}", number=move.target),
                    "word_number",
                )
            if move.target in self.freezes(SEATS[s].line):
                raise _bad_ruling(message("no card may be laid on a frozen word"), "frozen_word")
            before = words[move.target]
            used = added_cards(before, move.cards)
            word = lay_off_word(before, move.cards, self.lexicon, self.code)
            n = move.target
        h = self._hands[s]
        if any(h[x] < k for x, k in Counter(used).items()):
            raise _bad_ruling(message("cards not in hand"), topic)
        if len(used) >= self._sizes[s]:
            raise _bad_ruling(message("the play must leave at least one card in hand"), topic)
        for x in used:
            h[x] -= 1
            if not h[x]:
                del h[x]
        self._sizes[s] -= len(used)
        if before is None:
            words.append(word)
        else:
            words[n] = word
        return n, before, used

    def _rule_missed_draw(self, s: int, move: Move) -> None:
        """Art. 10.13 (a play without a draw, the three moments of the warning) and 11.6."""
        remedy = move.remedy
        if remedy == "play_no_draw":
            self._on_turn(s, True, "missed_draw")
            play = self._as_play(move)
            self._phase = Phase.PLAY
            try:
                used, word = self._check_play(play)
            except IllegalMoveError:
                self._phase = Phase.DRAW
                raise
            self._undrawn = True
            self._turn_plays = {}
            self._single = None
            self._apply_play(play, used, word)
            return
        if remedy == "closing_no_draw":
            self._on_turn(s, False, "closing_no_draw")
            if not self._undrawn:
                raise _bad_ruling(
                    message("the player drew or picked up: this rule does not apply"),
                    "closing_no_draw",
                )
            if len(move.extra) != 1 or self._sizes[s] != 1 or self._hands[s][move.extra[0]] == 0:
                raise _bad_ruling(
                    message("name the last card in hand, discarded to close"), "closing_no_draw"
                )
            li = s & 1
            until = self._turns + PLAYERS
            for n, before in self._turn_plays.items():
                self._freezes[li][n] = Freeze(False, until, before)
            self._apply_discard(move.extra[0], closing=False, from_hand=True)
            self._missed.pop(s, None)
            if not self.is_over:
                self._late, self._turn = self._turn, s
            return
        # missed_draw: the warning
        if s == self._turn and self._undrawn:  # 1) while he plays
            self._phase = Phase.DRAW
            self._undrawn = False
            self._turn_plays = {}
            self._stop_after_draw = True
            return
        if s not in self._missed:
            raise _bad_ruling(message("the player did not play without drawing"), "missed_draw")
        ended = self._missed.pop(s)
        if ended == self._turns and self._phase is Phase.DRAW:  # 2) the next one has not begun
            self._late, self._turn = self._turn, s
        # 3) the next player has begun: the culprit's plays stand, nothing is recovered

    @staticmethod
    def _as_play(move: Move) -> Move:
        """The meld (``target`` -1) or lay-off the ruling describes."""
        kind = MoveKind.MELD if move.target < 0 else MoveKind.LAY_OFF
        return Move(kind, tuple(move.cards), move.target)

    def _rule_out_of_turn(self, s: int, move: Move) -> None:
        """Art. 10.14: a draw or pick-up out of turn, the plays made with it, the put-back."""
        remedy = move.remedy
        taken = self._taken.get(s)
        if remedy in ("draw_out_of_turn", "pickup_out_of_turn"):
            if s == self._turn or taken is not None:
                raise _bad_ruling(
                    message("a draw out of turn: by a player not on turn, once"), "out_of_turn"
                )
            h = self._hands[s]
            if remedy == "draw_out_of_turn":
                if not self._stock:
                    raise _bad_ruling(message("the stock is empty"), "out_of_turn")
                cards = [self._stock.pop()]
            else:
                if not self._pile:
                    raise _bad_ruling(message("the discard pile is empty"), "out_of_turn")
                cards, self._pile = self._pile, []
            h.update(cards)
            self._sizes[s] += len(cards)
            self._taken[s] = OutOfTurn(remedy.split("_")[0], cards, [])
            return
        if taken is None:
            raise _bad_ruling(
                message("the player did not draw or pick up out of turn"), "out_of_turn"
            )
        if remedy == "play_out_of_turn":
            taken.plays.append(self._irregular_play(s, move, "out_of_turn"))
            return
        self._put_back(s, taken)
        del self._taken[s]

    def _put_back(self, s: int, taken: OutOfTurn) -> None:
        """Art. 10.14: the cards taken go back; the plays that used them are undone."""
        li = s & 1
        h = self._hands[s]
        need = Counter(taken.cards)
        short = need - h  # taken cards no longer in hand: laid in words out of turn
        undo: dict[int, Word | None] = {}  # word number -> the word before the first undone play
        for n, before, used in taken.plays:
            if n in undo or short & Counter(used):
                undo.setdefault(n, before)
                h.update(used)
                self._sizes[s] += len(used)
                short -= Counter(used)
        if need - h:
            raise _bad_ruling(
                message("the cards taken out of turn are no longer in hand nor on the table"),
                "out_of_turn",
            )
        for n in sorted(undo, reverse=True):
            before = undo[n]
            if before is not None:
                self._words[li][n] = before
                continue
            del self._words[li][n]
            freezes = self._freezes[li]
            self._freezes[li] = {(j - 1 if j > n else j): f for j, f in freezes.items() if j != n}
        h.subtract(need)
        for x in list(h):
            if h[x] <= 0:
                del h[x]
        self._sizes[s] -= len(taken.cards)
        if taken.source == "draw":
            self._stock.extend(taken.cards)  # back on top of the stock
        else:
            self._pile[:0] = taken.cards  # back under any card discarded since

    def _rule_several(self, s: int, move: Move) -> None:
        """Art. 10.17: several cards discarded at once; taken back, then one discard."""
        self._on_turn(s, False, "multiple_discard")
        h = self._hands[s]
        if move.remedy == "discard_several":
            cards = list(move.cards)
            if self._several or len(cards) < 2:
                raise _bad_ruling(
                    message("name the cards (two at least) discarded at once"), "multiple_discard"
                )
            if any(h[x] < k for x, k in Counter(cards).items()):
                raise _bad_ruling(message("cards not in hand"), "multiple_discard")
            h.subtract(cards)
            for x in cards:
                if h[x] <= 0:
                    del h[x]
            self._sizes[s] -= len(cards)
            self._pile.extend(cards)
            self._several = cards
            return
        cards = self._several
        if not cards:
            raise _bad_ruling(message("no multiple discard to rule"), "multiple_discard")
        del self._pile[-len(cards) :]
        h.update(cards)
        self._sizes[s] += len(cards)
        self._several = []
        self._must_discard = True  # he discards again one card only

    # ----------------------------------------------------------------- score

    def positions(self) -> dict[Line, LinePosition]:
        """Each line's position for scoring (arts. 5-6, 10.8, 10.11-10.12)."""
        out = {}
        for li, line in enumerate(LINES):
            words: list[Word] = []
            frozen: list[Card] = []
            active = self.freezes(line)
            for i, w in enumerate(self._words[li]):
                f = active.get(i)
                if f is None:
                    words.append(w)
                elif f.definitive:
                    frozen += w.cards
                else:
                    laid = Counter(w.cards)
                    if f.before is not None:
                        words.append(f.before)
                        laid.subtract(f.before.cards)
                    frozen += sorted(laid.elements(), key=_sort_key)
            out[line] = LinePosition(
                words=tuple(words),
                hands=tuple(self.hand(SEATS[s]) for s in (li, li + 2)),
                penalized=tuple(self._penalized[li]) + tuple(self._penalized[li + 2]),
                frozen=tuple(frozen),
                closed=self._closer >= 0 and self._closer & 1 == li,
            )
        return out

    def scores(self) -> dict[Line, LineScore]:
        """Each line's score for the position (arts. 5-6); final once :attr:`is_over`.

        A deal not started when time was called scores nothing (art. 7).
        """
        if self._end is EndReason.NOT_STARTED:
            return {ln: score_line(LinePosition(), ln, self.code) for ln in LINES}
        return {ln: score_line(p, ln, self.code) for ln, p in self.positions().items()}


def _one_card_layoffs(w: Word, letters: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every spelling of ``w`` with one card of ``letters`` added (art. 4.1, 4.4)."""
    cards = w.cards
    out = []
    for x in letters:
        for i in range(len(cards) + 1):
            out.append((*cards[:i], x, *cards[i:]))
    k = w.wild
    if k >= 0:
        wild = cards[k]
        bare = cards[:k] + cards[k + 1 :]
        for x in letters:
            if x in WILDS:
                continue
            with_x = (*bare[:k], x, *bare[k:])
            for i in range(len(with_x) + 1):
                if i != k and i != k + 1:
                    out.append((*with_x[:i], wild, *with_x[i:]))
    return out


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) or "-"


def _word(w: Word) -> str:
    return format_cards(w.cards)


def _plays(plays: Mapping[int, Word | None]) -> str:
    return "|".join(f"{n}.{_word(b) if b else '-'}" for n, b in plays.items())


def _freezes(freezes: Sequence[Mapping[int, Freeze]]) -> str:
    return ",".join(
        f"{LINES[li].value}:{n}:{'d' if f.definitive else 'r'}:{f.until}:"
        + (_word(f.before) if f.before else "-")
        for li, fs in enumerate(freezes)
        for n, f in fs.items()
    )


_ORDER = {x: i for i, x in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ!?")}


def _sort_key(x: Card) -> int:
    return _ORDER.get(x, 99)


def arrange_deck(
    hands: Mapping[Seat, Sequence[Card]] | None = None,
    *,
    dealer: Seat = Seat.N,
    pile: Card | None = None,
    stock: Sequence[Card] = (),
    code: BurracoParoleCode | None = None,
) -> tuple[Card, ...]:
    """A deck (top first) that :class:`Deal` lays out as asked (prepared deals, tests).

    ``hands`` by seat (up to seven cards each), the card turned up on the ``pile`` and the first
    ``stock`` cards (top first); every card not named fills the rest in new-deck order.
    """
    c = code or burraco_parole()
    prepared = core_table.PreparedDeck(deck(c), article("deck"), "parole.extra_cards")
    named = {s: prepared.take(h) for s, h in (hands or {}).items()}
    top = prepared.take([pile]) if pile is not None else []
    first = prepared.take(stock)
    per = c.cards_per_player
    order = core_table.hands_from_dealer(dealer, TurnOrder.LEFT.after, named)
    dealt = core_table.dealt_one_at_a_time([prepared.fill(h, per) for _, h in order])
    return tuple(dealt + prepared.fill(top, 1) + first + prepared.rest())


def _bad_deck(code: BurracoParoleCode) -> ArbitroError:
    """A deck that is not the code's (art. 1.2), citing the deal's article."""
    why = article("deal_deck")
    return ArbitroError(
        "the deck is not the {size}-card Burraco Parole deck",
        size=code.deck_size,
        article=why,
        key="parole.bad_deck",
    )


def _bad_ruling(msg: Message, topic: str) -> IllegalMoveError:
    """A ruling that does not fit the position, citing the Parole article of ``topic``."""
    return IllegalMoveError(msg, article=article(topic), key="parole.bad_ruling")


def _over() -> IllegalMoveError:
    return illegal(message("the deal is over"), "deal_end", "parole.deal_over")


def _single_error(x: Card) -> IllegalMoveError:
    return illegal(
        message(
            "a one-card pile ({card}) cannot be discarded at once without showing its twin", card=x
        ),
        "single_card_pile",
        "parole.single_discard",
    )


def _not_in_hand(x: Card) -> IllegalMoveError:
    return illegal(message("card not in hand: {card}", card=x), "turn", "parole.not_in_hand")


__all__ = [
    "LINES",
    "PLAYERS",
    "SEATS",
    "Deal",
    "EndReason",
    "Freeze",
    "OutOfTurn",
    "Phase",
    "Seat",
    "Selection",
    "arrange_deck",
]
