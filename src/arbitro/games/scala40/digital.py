"""Scala 40 at a digital table (issue 32): the engine the code's spec names
(``CodeSpec.digital``), answering :class:`arbitro.tournament.digital.engine.DigitalEngine`.

Four players, each for themself (art. 2), or three: a table of three of a field that is not
a multiple of four (art. 26), or the three left after an abandon (art. 25: "verrà permesso il
gioco a tre. Così dicasi per tutti i tavoli successivi"), dealt, played and scored as at four
(the layout's ``seats``; the empty seat, West, is nobody's). The layout is the deal record's (the deck as dealt,
top first, the dealer, the seats and the reshuffle seed: art. 4, 19), the moves the notation of
:mod:`arbitro.games.scala40.moves` (``draw``, ``pickup``, ``open 7H 8H 9H | KS KD KC``,
``meld ...``, ``layoff N ...``, ``swap N 7D``, ``discard KS``), the robots the greedy bot, the
score the code's own: each player's negative points (art. 22, :meth:`Deal.scores`, the
functions the arbiter uses), written as the individuals' sheet (a row per deal, a column per
player in seat order), which each player signs (art. 23)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from arbitro.cards import format_cards, random_cut, shuffled
from arbitro.errors import ArbitroError
from arbitro.games.core.seats import SEATS, Seat
from arbitro.games.scala40.bots import GreedyBot, greedy_value
from arbitro.games.scala40.deal import ORDER, Deal
from arbitro.games.scala40.errors import article
from arbitro.games.scala40.melds import format_tokens
from arbitro.games.scala40.moves import Move, MoveKind, parse_move
from arbitro.games.scala40.record import RULES
from arbitro.games.scala40.rules import scala40_deck
from arbitro.i18n import N_
from arbitro.tournament.model import TableSeating


class Scala40Digital:
    """The Scala 40 engine of a digital table: four players (or three, arts. 25, 26), each
    scoring for themself."""

    seats: tuple[Seat, ...] = SEATS

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        """The 108-card deck shuffled and cut with ``rng`` (arts. 1, 4), the seed of a
        reshuffle of the discards (art. 19), and the dealer: for the first deal drawn with
        ``rng`` (the draw of art. 3 made by the server), then the player at the previous
        dealer's right (play and the deal go counter-clockwise, art. 4), among the seats of
        the previous deal (a table of three stays three, arts. 25, 26)."""
        seats = SEATS if previous is None else _seats_of(previous)
        if previous is None:
            dealer = SEATS[rng.randrange(len(SEATS))]
        else:
            dealer = _right_of(Seat(previous["dealer"]), seats)
        deck = random_cut(shuffled(scala40_deck(), rng), rng)
        return {
            "dealer": dealer.value,
            "seats": [s.value for s in seats],
            "reshuffle_seed": rng.randrange(2**31),
            "deck": format_cards(deck),
        }

    def table_seats(self, seating: TableSeating) -> tuple[Seat, ...]:
        """The seats the table's players hold, in seat order N, E, S, W: four, or N, E, S at
        a table of three (art. 26; West is the empty seat)."""
        return SEATS[: len(_players(seating))]

    def deal_seats(self, layout: Mapping[str, Any]) -> tuple[Seat, ...]:
        """The seats dealt a hand in ``layout`` (four, or three: arts. 25, 26)."""
        return _seats_of(layout)

    def seated_layout(
        self, layout: Mapping[str, Any], seats: Sequence[Seat], first: bool
    ) -> dict[str, Any]:
        """``layout`` dealt to ``seats`` only (a table of three, art. 26, or the three left
        after an abandon, art. 25: "verrà permesso il gioco a tre"), 13 cards each from the
        same deck (art. 4). A dealer whose seat is empty is replaced: for a table's first
        deal (``first``: the draw of art. 3) by one of ``seats`` chosen with the layout's
        own random seed, each as likely; later by the next seat to the right (art. 4: the
        deal goes counter-clockwise). Unchanged when already so seated."""
        seated = tuple(s for s in SEATS if s in set(seats))
        out = dict(layout)
        out["seats"] = [s.value for s in seated]
        dealer = Seat(layout["dealer"])
        if dealer not in seated:
            if first:
                dealer = seated[int(layout.get("reshuffle_seed", 0)) % len(seated)]
            else:
                dealer = _right_of(dealer, seated)
            out["dealer"] = dealer.value
        return out

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal laid out from the deck as the dealer does (art. 4), or a prepared
        position."""
        return RULES.start(layout)

    def parse_move(self, text: str) -> Move:
        """A player's move in the notation; the arbiter's rulings (arts. 11-17) are the
        arbiter's, not a move a player makes."""
        move = parse_move(text)
        if move.kind is MoveKind.RULING:
            raise ArbitroError(
                "a ruling is the arbiter's, not a player's move",
                article=article("procedure"),
                key="digital.ruling",
            )
        return move

    def view(self, game: Deal, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees: its own hand (sorted by suit, then A..K, jokers last), the
        other hands' sizes, the top of the discard pile (art. 6: the card that may be
        picked up; the cards under it are covered), every player's melds in front of them
        (art. 6: "calate sul tavolo davanti al giocatore"), numbered as ``layoff N`` names
        them (any meld on the table once one has opened, art. 7), the stock's size (face
        down), whose turn it is, who has opened, and the negative points once the deal is
        over (art. 22). Only the seats dealt a hand are shown (three at a table of three,
        arts. 25, 26); a seat dealt none (the player who abandoned, art. 25) sees the table
        with no hand."""
        seated = seat in game.order
        order = ORDER.cycle(seat, game.order)
        areas = []
        for s in order if seated else order[1:]:
            melds = [
                {"target": j, "cards": format_tokens(m.tokens).split()}
                for j, m in enumerate(game.table)
                if game.owner(j) == s
            ]
            areas.append(
                {
                    "title": N_("Your melds") if s is seat else N_("Melds of {seat}"),
                    "args": {} if s is seat else {"seat": s.value},
                    "own": s is seat,
                    "opened": game.has_opened(s),
                    "melds": melds,
                }
            )
        pile = game.discard_pile
        over = game.is_over
        return {
            "seat": seat.value,
            "dealer": game.dealer.value,
            "turn": game.turn.value,
            "phase": game.phase.value,
            "over": over,
            "hand": [str(c) for c in game.hand(seat)] if seated else [],
            "hand_sizes": {s.value: len(game.hand(s)) for s in game.order},
            "pile": [str(pile[-1])] if pile else [],
            "opened": [s.value for s in game.order if game.has_opened(s)],
            "areas": areas,
            "counters": [
                {"title": N_("Stock"), "value": game.stock_size},
                {"title": N_("Discards"), "value": len(pile)},
            ],
            "scores": None if not over else _scores(game),
            # the phone's gestures (arts. 6-9: draw or pick up, open, meld, lay off, discard)
            "labels": {
                "help": N_(
                    "Tap to select; drag to reorder or onto the pile or a meld; Alt+arrows "
                    "move a card."
                )
            },
        }

    def position(self, game: Deal) -> str:
        """The position's notation (docs/notation-scala40.md): every hand, the table, the
        pile and the stock; the director's and the arbiter's view."""
        return str(game)

    def moves(self, game: Deal) -> list[str]:
        """The legal moves of the seat to play, in the notation (arts. 6-9, 17-20): the
        engine's full list (:meth:`Deal.legal_moves`: every opening, meld and lay-off, the
        jokers declared), so that a phone can offer whatever cards its player selects."""
        return [str(m) for m in game.legal_moves() if m.kind is not MoveKind.RULING]

    def robot(self, game: Deal, rng: random.Random) -> Move:
        """The greedy bot's move (:class:`arbitro.games.scala40.bots.GreedyBot`), or, should
        the check refuse it, the best of the others it accepts (:func:`greedy_value`)."""
        chosen = _ROBOT.choose(game, rng)
        if game.is_legal(chosen):
            return chosen
        ranked = sorted(game.bot_moves(), key=lambda m: -greedy_value(game, m))
        return next(m for m in ranked if game.is_legal(m))

    def signer(self, seat: Seat, seating: TableSeating) -> str:
        """The player at ``seat`` signs for themself (art. 23: every player signs the
        sheet), named as the individuals' sheet names its signers (the competitor's
        number); the players are seated in seat order N, E, S, W. The empty seat of a table
        of three (art. 26, the riposato) signs nothing: refused."""
        players = _players(seating)
        if SEATS.index(seat) >= len(players):
            raise ArbitroError(
                "seat {seat} is empty",
                seat=seat.value,
                article=article("three_player_table"),
                key="scala40.empty_seat",
            )
        return str(players[SEATS.index(seat)])

    def sheet_entry(
        self,
        deals: Sequence[Deal],
        seating: TableSeating,
        left: Mapping[Seat, int] | None = None,
    ) -> dict[str, Any]:
        """The individuals' sheet of the finished ``deals``: the table's players in seat
        order and, per deal, each one's negative points (art. 22: the cards left in hand,
        the closer 0), as the phones' sheet records hold it; three columns at a table of
        three (art. 26: the riposato is the scoring's, not a column). ``left``: the seat of
        a player who abandoned (art. 25) and the deal he left on; from that deal his column
        is blank and the sheet names him (``abandoned``), as on paper."""
        players = _players(seating)
        seats = SEATS[: len(players)]
        gone = dict(left or {})
        rows: list[list[int | None]] = []
        for number, deal in enumerate(deals, 1):
            sc = deal.scores()
            rows.append([None if s in gone and number >= gone[s] else sc.get(s) for s in seats])
        abandoned = next((players[seats.index(s)] for s in seats if s in gone), None)
        return {"players": list(players), "points": rows, "abandoned": abandoned}


def _players(seating: TableSeating) -> tuple[int, ...]:
    """The table's players in seat order: four, or three (art. 26); else refused."""
    players = seating.players
    if players is None or len(players) not in (len(SEATS), len(SEATS) - 1):
        raise ArbitroError(
            "table {table} is not a table of four players, or three",
            table=seating.table,
            article=article("table_size"),
            key="digital.not_four",
        )
    return tuple(int(p) for p in players)


def _seats_of(layout: Mapping[str, Any]) -> tuple[Seat, ...]:
    """The seats a layout deals to (all four when it names none)."""
    return tuple(Seat(s) for s in layout.get("seats", [s.value for s in SEATS]))


def _right_of(seat: Seat, seats: Sequence[Seat]) -> Seat:
    """The first of ``seats`` at ``seat``'s right, going round (art. 4)."""
    s = ORDER.after(seat)
    while s not in seats:
        s = ORDER.after(s)
    return s


def _scores(game: Deal) -> list[dict[str, Any]]:
    """Each player's negative points (art. 22), the closer first."""
    scores = game.scores()
    closer = game.closer
    return [
        {
            "title": N_("Seat {seat} (closed)") if s is closer else N_("Seat {seat}"),
            "args": {"seat": s.value},
            "value": scores[s],
        }
        for s in sorted(game.order, key=lambda s: (s is not closer, scores[s]))
    ]


_ROBOT: Final = GreedyBot()

ENGINE: Final = Scala40Digital()
"""The engine :func:`arbitro.tournament.digital.engine.engine_of` finds for the code."""
