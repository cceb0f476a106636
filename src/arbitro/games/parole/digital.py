"""Burraco Parole (UISP) at a digital table (issue 32): the engine the code's spec names
(``CodeSpec.digital``), answering :class:`arbitro.tournament.digital.engine.DigitalEngine`.

The layout is the deal record's (:class:`~arbitro.games.parole.record.ParoleRules`: the deck
as dealt, top first, the dealer, the foreign letters: art. 3.4), the words are checked by the
Italian dictionary as everywhere else (art. 4.1, :func:`arbitro.lexicon.hunspell.italian`,
read once per process on first use), the robots are the greedy bot, the score is the code's
own (arts. 5-6, :meth:`Deal.scores`, the functions the arbiter uses) written as the two
lines' sheet (``[ns_base, ns_points, ew_base, ew_points]`` per deal, art. 5, 12).

The moves a phone is offered (:meth:`ParoleDigital.moves`) are the draw, the pick-up and the
discards allowed, and the short plays (the three-letter words and one-card lay-offs the bots
also choose from): the full list of a hand of 20 cards holds tens of thousands of words and
takes seconds (``bench/legal_moves.py``). The longer words and lay-offs are offered for the
cards a player taps (:meth:`ParoleDigital.selection`, the phone asking after each tap), and
checked again by the server when sent like every other move (the engine's ``push``). In the phone's notation a play spells its
cards one a token so that the page can match them with the cards tapped: ``meld C A S A``,
and a lay-off names the cards it adds, then the new word: ``layoff 0 S = CASSA``;
:meth:`ParoleDigital.parse_move` reads both it and the record's notation (``meld CASA``,
``layoff 0 CASSA``), and the table records the latter.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from arbitro.errors import ArbitroError
from arbitro.games.core import LINES, SEATS, Line, Seat
from arbitro.games.core.words_and_melds import MoveKind
from arbitro.games.parole.bots import GreedyBot, greedy_value
from arbitro.games.parole.deal import Deal
from arbitro.games.parole.errors import article
from arbitro.games.parole.letters import format_cards, shuffled_deck
from arbitro.games.parole.moves import Move, parse_move
from arbitro.games.parole.record import ParoleRules
from arbitro.i18n import N_
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.games.parole.lexicon import Lexicon
    from arbitro.lexicon import hunspell
    from arbitro.tournament.model import TableSeating
else:  # the edge: the dictionary opened once, on first use
    hunspell = lazy_module("arbitro.lexicon.hunspell")


class ParoleDigital:
    """The Burraco Parole engine of a digital table: four seats, N-S against E-W."""

    seats: tuple[Seat, ...] = SEATS

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        """The engine with the words of ``lexicon`` (art. 4.1); None: the Italian dictionary
        (Hunspell, the code's exclusions), opened on first use."""
        self._lexicon = lexicon

    @property
    def lexicon(self) -> Lexicon:
        """The dictionary that decides the words (art. 4.1)."""
        if self._lexicon is None:
            self._lexicon = hunspell.italian()
        return self._lexicon

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        """The 58-card deck shuffled and cut with ``rng`` (art. 3.4), and the dealer: for the
        first deal drawn with ``rng`` (the draw of art. 3.3 made by the server), then the
        player at the previous dealer's left (the deal passes clockwise, art. 3.4)."""
        if previous is None:
            dealer = SEATS[rng.randrange(len(SEATS))]
        else:
            dealer = Seat(previous["dealer"]).left
        deck = shuffled_deck(rng)
        return {"dealer": dealer.value, "foreign_letters": False, "deck": format_cards(deck)}

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal laid out from the deck as the dealer does (art. 3.4)."""
        return ParoleRules(self.lexicon).start(layout)

    def parse_move(self, text: str) -> Move:
        """A player's move in the record's notation (``draw``, ``pickup``, ``meld CASA``,
        ``layoff 0 CASSA``, ``discard Q``) or the phone's (``meld C A S A``, ``layoff 0 S =
        CASSA``); the time-out is the arbiter's call (art. 7), not a player's move, nor is a
        ruling."""
        words = text.split()
        if len(words) > 2 and words[0].lower() == "meld":
            text = f"meld {''.join(words[1:])}"
        elif len(words) > 3 and words[0].lower() == "layoff":
            word = words[words.index("=") + 1 :] if "=" in words else words[2:]
            text = f"layoff {words[1]} {''.join(word)}"
        move = parse_move(text)
        if move.kind in (MoveKind.TIME_OUT, MoveKind.RULING):
            raise ArbitroError(
                "the time-out is the arbiter's call, not a player's move",
                article=article("time_out"),
                key="digital.time_out",
            )
        return move

    def view(self, game: Deal, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees, in the phone's one shape (docs/digital-tables.md): its own
        hand (sorted), the other hands' sizes, the whole discard pile (face up, art. 4.2),
        ``areas`` each line's words in the order opened, the seat's line first (``target``
        the number ``layoff N`` names: a line lays off on its own words), ``counters`` the
        stock's size (face down; no pozzetti: Burraco Parole has none, art. 3.4), whose turn
        and in which phase, and once the deal is over the result and ``scores`` (each
        line's base and card points, arts. 5-6)."""
        outcome = game.outcome()
        own = seat.line
        other = next(ln for ln in LINES if ln is not own)
        areas = [
            {
                "title": title,
                "args": {"line": ln.value},
                "own": ln is own,
                "melds": [
                    {"target": k if ln is own else None, "cards": list(w.cards)}
                    for k, w in enumerate(game.words(ln))
                ],
            }
            for ln, title in ((own, N_("Your line's melds")), (other, N_("Melds of {line}")))
        ]
        return {
            "seat": seat.value,
            "dealer": game.dealer.value,
            "turn": game.turn.value,
            "phase": game.phase.value,
            "over": game.is_over,
            "hand": sorted(game.hand(seat), key=_order),
            "hand_sizes": {s.value: len(game.hand(s)) for s in SEATS},
            "pile": list(game.discard_pile),
            "areas": areas,
            "counters": [{"title": N_("Stock"), "value": game.stock_size}],
            "result": None if outcome is None else _result(game),
            "scores": None if outcome is None else _scores(game),
            # the phone's gestures (arts. 4-4.3: a word built of the letters tapped)
            "labels": {
                "help": N_(
                    "Tap letters to build a word or a lay-off; drag to reorder or onto the "
                    "pile or a word; Alt+arrows move a card."
                )
            },
        }

    def position(self, game: Deal) -> str:
        """The position's notation (docs/notation-parole.md): every hand, word, pile and the
        stock; the director's and the arbiter's view."""
        return str(game)

    def moves(self, game: Deal) -> list[str]:
        """The moves a phone offers the seat to play, in the phone's notation (arts. 4-4.3):
        draw and pick up, the discards allowed, and the short plays (three-letter words,
        one-card lay-offs: :meth:`Deal.bot_moves`); a longer word is checked when sent."""
        plays = [m for m in game.bot_moves() if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)]
        rest = [m for m in game.moves_but_plays() if m.kind is not MoveKind.TIME_OUT]
        return [_phone(game, m) for m in plays + rest]

    def selection(self, game: Deal, cards: Sequence[str]) -> list[str]:
        """The words and lay-offs the seat to play can make with exactly the hand ``cards``
        it tapped, in the phone's notation (issue 32; art. 4.1: every word those letters
        spell, each way of writing it with a wild, art. 4.4, and every lay-off onto its
        line's words not frozen, the word's letters kept in order): :meth:`Deal.plays_with`.
        None for cards the seat does not hold or out of its play phase."""
        return [_phone(game, m) for m in game.plays_with(tuple(cards))]

    def robot(self, game: Deal, rng: random.Random) -> Move:
        """The greedy bot's move (:class:`arbitro.games.parole.bots.GreedyBot`), or, should
        it be no move of the list, the best of the list (:func:`greedy_value`)."""
        chosen = _ROBOT.choose(game, rng)
        listed = [m for m in game.bot_moves() if m.kind is not MoveKind.TIME_OUT]
        if chosen in listed:
            return chosen
        return max(listed, key=lambda m: greedy_value(game, m))

    def signer(self, seat: Seat, seating: TableSeating) -> str:
        """The seat's line signs (art. 12): ``ns`` or ``ew``, as the two lines' sheet names
        them (whoever the table's ``seating`` seats)."""
        return seat.line.value.lower()

    def sheet_entry(self, deals: Sequence[Deal], seating: TableSeating) -> dict[str, Any]:
        """The two lines' sheet of the finished ``deals``: each deal's base (burrachi and
        closing) and card points per line (arts. 5-6), as the phones' sheet records hold it."""
        rows = []
        for deal in deals:
            sc = deal.scores()
            ns, ew = sc[Line.NS], sc[Line.EW]
            rows.append([ns.base, ns.points, ew.base, ew.points])
        return {"deals": rows}


def _phone(game: Deal, move: Move) -> str:
    """``move`` in the phone's notation: a play's cards one a token; a lay-off's added cards,
    then ``=`` and the new word."""
    if move.kind is MoveKind.MELD:
        return "meld " + " ".join(move.cards)
    if move.kind is MoveKind.LAY_OFF:
        old = game.words(game.turn.line)[move.target].cards
        added = Counter(move.cards)
        added.subtract(old)
        cards = " ".join(sorted((+added).elements(), key=_order))
        return f"layoff {move.target} {cards} = {format_cards(move.cards)}"
    return str(move)


def _order(x: str) -> tuple[int, str]:
    """A hand's order: the letters alphabetically, then the pinelle and the jolly."""
    return (x in "!?", x)


def _scores(game: Deal) -> list[dict[str, Any]]:
    """Each line's base and card points (arts. 5-6), as the phones show them."""
    return [
        {
            "title": N_("Line {line}"),
            "args": {"line": ln.value},
            "value": f"{sc.base} + {sc.points} = {sc.base + sc.points}",
        }
        for ln, sc in game.scores().items()
    ]


def _result(game: Deal) -> dict[str, Any]:
    scores = game.scores()
    return {
        "reason": game.end_reason.value if game.end_reason else None,
        "closer": game.closer.value if game.closer else None,
        "lines": {ln.value: {"base": sc.base, "points": sc.points} for ln, sc in scores.items()},
    }


_ROBOT: Final = GreedyBot()

ENGINE: Final = ParoleDigital()
"""The engine :func:`arbitro.tournament.digital.engine.engine_of` finds for the code."""
