"""Briscola at a digital table (issue 32): the engine the code's spec names
(``CodeSpec.digital``), answering :class:`arbitro.tournament.digital.engine.DigitalEngine`.

Four seats, the pairs opposite (N-S against E-W, art. 3: the code's pairs play two against
two); play goes to the right (arts. 3-4). The layout is the game record's (the deck as dealt,
top first, and the dealer: arts. 1-3), a move is one card in the card notation (``1B`` ...
``10S``: art. 4, any card of the hand), the robots the greedy bot, the result the code's own
(:meth:`Game.result`, art. 8: 61 points win, at 60-60 the pair that won the last trick).

A seat's view follows art. 6: its own hand, the trump turned up while it lies under the
stock, the trick on the table, the stock's size, and of the cards won only how many tricks
(and cards) each pair has, never which cards nor their points until the game is over."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from arbitro.cards.italian import (
    ItalianCard,
    Suit,
    format_cards,
    italian_deck,
    parse_card,
    random_cut,
    shuffled,
)
from arbitro.games.briscola.bots import GreedyBot
from arbitro.games.briscola.game import Game, next_dealer
from arbitro.games.briscola.record import BriscolaRules
from arbitro.games.briscola.seats import PAIRS, PLAY_ORDER, SEATS, Seat
from arbitro.i18n import N_
from arbitro.tournament.model import TableSeating

_SIGN: Final = {Suit.COPPE: "♥", Suit.DENARI: "♦", Suit.BASTONI: "♣", Suit.SPADE: "♠"}
"""Each Italian suit's French sign on a phone's card (the usual correspondence: coppe
hearts, denari diamonds, bastoni clubs, spade spades); its name goes with it."""
_RED: Final = frozenset({Suit.COPPE, Suit.DENARI})
_RULES: Final = BriscolaRules()


def face(card: ItalianCard) -> dict[str, Any]:
    """How a phone draws ``card``: its label (the rank's number and the suit's sign), red
    or black, and its name in each language (``sette di denari``, ``seven of coins``)."""
    return {
        "label": f"{card.rank.symbol}{_SIGN[card.suit]}",
        "red": card.suit in _RED,
        "names": {"it": card.italian, "en": card.english},
    }


def faces(cards: Iterable[ItalianCard]) -> dict[str, dict[str, Any]]:
    """The faces of ``cards`` by their notation (only the cards a view shows)."""
    return {str(c): face(c) for c in cards}


class BriscolaDigital:
    """The Briscola engine of a digital table: four seats, N-S against E-W."""

    seats: tuple[Seat, ...] = PLAY_ORDER

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        """The 40 cards shuffled and cut with ``rng`` (art. 2) and the dealer: for the first
        game drawn with ``rng`` (the draw of art. 1 made by the server), then the player at
        the previous dealer's right (:func:`next_dealer`, the deal passes to the right)."""
        if previous is None:
            dealer = SEATS[rng.randrange(len(SEATS))]
        else:
            dealer = next_dealer(Seat(previous["dealer"]))
        deck = random_cut(shuffled(italian_deck(), rng), rng)
        return {"dealer": dealer.value, "deck": format_cards(deck)}

    def start(self, layout: Mapping[str, Any]) -> Game:
        """The game laid out from the deck as the dealer deals it (art. 3)."""
        return _RULES.start(layout)

    def parse_move(self, text: str) -> ItalianCard:
        """A card in the card notation (art. 4: a move is one card of the hand); a
        malformed one raises ArbitroError."""
        return parse_card(text)

    def view(self, game: Game, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees (art. 6), in the shape every phone reads (docs/digital-tables.md):
        its own hand, the other hands' sizes, two ``areas`` (the trump card face up while it
        lies under the stock, art. 3; the trick on the table, each card with its seat), the
        ``counters`` (the stock's size; the cards each pair has won, counts only), the
        ``faces`` of the Italian cards shown, a card played by one tap (the moves are the
        cards: the ``hint`` says so), and once the game is over its ``scores`` and result
        (art. 8)."""
        hand = game.hand(seat)
        table = game.table
        trump = game.trump if game.trump_on_table else None
        shown = [*hand, *(c for _, c in table), *([trump] if trump else [])]
        over = game.is_over
        won = {p.value: game.tricks_won(p) for p in PAIRS}
        result = _result(game) if over else None
        return {
            "seat": seat.value,
            "dealer": game.dealer.value,
            "turn": None if over else game.turn.value,
            "leader": game.leader.value,
            "over": over,
            "hand": [str(c) for c in hand],
            "hand_sizes": {s.value: len(game.hand(s)) for s in PLAY_ORDER},
            "trump": str(trump) if trump else None,
            "trump_suit": game.trump_suit.value,
            "trick": [[s.value, str(c)] for s, c in table],
            "stock": game.stock_size,
            "tricks_won": won,
            "areas": [
                {
                    "name": "trump",
                    "title": N_("Trump"),
                    "empty": N_("The trump card has been drawn"),
                    "own": False,
                    "numbered": False,
                    "melds": [{"target": None, "cards": [str(trump)]}] if trump else [],
                },
                {
                    "name": "trick",
                    "title": N_("On the table"),
                    "empty": N_("No card played yet"),
                    "own": False,
                    "numbered": False,
                    "melds": [
                        {
                            "target": None,
                            "cards": [str(c) for _, c in table],
                            "seats": [s.value for s, _ in table],
                        }
                    ]
                    if table
                    else [],
                },
            ],
            "counters": [
                {"title": N_("Stock"), "value": game.stock_size},
                {"title": N_("Cards won N-S"), "value": won["NS"] * len(SEATS)},
                {"title": N_("Cards won E-W"), "value": won["EW"] * len(SEATS)},
            ],
            "labels": {
                "hint": N_("Tap a card to play it"),
                # the phone's gestures (art. 4: a move is one card): no meld, no pile
                "help": N_(
                    "Tap a card to play it; drag a card onto another to reorder your hand; "
                    "Alt+arrows move a card."
                ),
            },
            "faces": faces(shown),
            "scores": _scores(result) if result else None,
            "result": result,
        }

    def position(self, game: Game) -> str:
        """The position's notation (docs/notation-briscola.md): every hand, the stock, the
        cards won; the director's and the arbiter's view."""
        return str(game)

    def moves(self, game: Game) -> list[str]:
        """The cards the seat to play may play (art. 4: any card of its hand)."""
        return [str(c) for c in game.legal_moves()]

    def robot(self, game: Game, rng: random.Random) -> ItalianCard:
        """The greedy bot's card (:class:`arbitro.games.briscola.bots.GreedyBot`)."""
        card: ItalianCard = _ROBOT.choose(game, rng)
        return card

    def signer(self, seat: Seat, seating: TableSeating) -> str:
        """The seat's pair (``ns`` or ``ew``): a pair answers for its game (art. 8)."""
        return seat.line.value.lower()

    def sheet_entry(self, deals: Sequence[Game], seating: TableSeating) -> dict[str, Any]:
        """The finished games' results (art. 8: each pair's points, the last trick's pair,
        the winner), in order: what a knockout match records of each game."""
        return {"games": [g.result().to_dict() for g in deals]}


def _scores(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's score as the phones show it (art. 8): each pair's points, the winner."""
    points = result["points"]
    return [
        {"title": N_("Points N-S"), "value": points["NS"]},
        {"title": N_("Points E-W"), "value": points["EW"]},
        {"title": N_("Winner"), "value": "N-S" if result["winner"] == "NS" else "E-W"},
    ]


def _result(game: Game) -> dict[str, Any]:
    r = game.result()
    return {
        "winner": r.winner.value,
        "points": {p.value: r.points[p] for p in PAIRS},
        "last_trick": r.last_trick.value if r.last_trick else None,
    }


_ROBOT: Final = GreedyBot()

ENGINE: Final = BriscolaDigital()
"""The engine :func:`arbitro.tournament.digital.engine.engine_of` finds for the code."""
