"""Burraco (FIBAS) at a digital table (issue 32): the engine the code's spec names
(``CodeSpec.digital``), answering :class:`arbitro.tournament.digital.engine.DigitalEngine`.

The layout is the core's deal record's (the deck as dealt, top first, and the dealer: FIBAS
art. 6), the moves are the notation of :mod:`arbitro.games.burraco.moves`, the robots the
greedy bot, the score the code's own (art. 19, :meth:`Deal.scores`, the functions the
arbiter uses) written as the two lines' sheet (``[ns_base, ns_points, ew_base, ew_points]``
per deal, art. 19-20)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from arbitro.cards import burraco_deck, format_cards, random_cut, shuffled
from arbitro.errors import ArbitroError
from arbitro.games.burraco.bots import GreedyBot, value
from arbitro.games.burraco.deal import Deal
from arbitro.games.burraco.errors import fibas
from arbitro.games.burraco.moves import Move, MoveKind, parse_move
from arbitro.games.burraco.record import RULES
from arbitro.games.core import LINES, SEATS, Line, Seat
from arbitro.i18n import N_
from arbitro.tournament.model import TableSeating

if TYPE_CHECKING:  # a board is only read: the prepared boards' module loads with them
    from arbitro.games.burraco.boards import PreparedBoard


class BurracoDigital:
    """The FIBAS engine of a digital table: four seats, N-S against E-W."""

    seats: tuple[Seat, ...] = SEATS

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        """The 108-card deck shuffled and cut with ``rng`` (art. 6) and the dealer: for the
        first deal drawn with ``rng`` (the draw of art. 5 made by the server), then the
        player at the previous dealer's left (the deal passes clockwise)."""
        if previous is None:
            dealer = SEATS[rng.randrange(len(SEATS))]
        else:
            dealer = Seat(previous["dealer"]).left
        deck = random_cut(shuffled(burraco_deck(), rng), rng)
        return {"dealer": dealer.value, "deck": format_cards(deck)}

    def board_layout(self, board: PreparedBoard) -> dict[str, Any]:
        """A prepared board of a carte uguali event as a digital table's layout (arts. 6, 7
        and 20): the deck that :class:`Deal` lays out as exactly the board's hands, pozzetti,
        up-card and stock (:meth:`PreparedBoard.deck`), and the board's dealer."""
        return {"dealer": board.dealer.value, "deck": format_cards(board.deck())}

    def start(self, layout: Mapping[str, Any]) -> Deal:
        """The deal laid out from the deck as the dealer does (art. 6), or a prepared board's
        position."""
        return RULES.start(layout)

    def parse_move(self, text: str) -> Move:
        """A player's move in the notation (``draw``, ``pickup``, ``meld 3H 4H 5H``, ``layoff
        0 6H``, ``discard KS``); the time-out is the arbiter's call (art. 17), not a move a
        player makes."""
        move = parse_move(text)
        if move.kind is MoveKind.TIME_OUT:
            raise ArbitroError(
                "the time-out is the arbiter's call, not a player's move",
                article=fibas("time_out"),
                key="digital.time_out",
            )
        return move

    def view(self, game: Deal, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees: its own hand (sorted), the other hands' sizes, the whole
        discard pile (face up, art. 8), each line's melds in the order opened (``layoff N``
        numbers them), the stock's and pozzetti's sizes (face down), whose turn and in which
        phase, and the score once the deal is over, in the phone's generic shape only
        (docs/digital-tables.md): ``areas`` the seat's line's melds first (``target`` the
        number ``layoff N`` names, art. 13: a line lays off on its own melds only), then
        the other line's; ``counters`` the stock and the pozzetti; ``scores`` each line's
        base and card points (art. 19); ``labels`` the phone's gestures (``help``); each
        area's ``note`` says whether its line has taken its pozzetto (art. 2, ``done``), as
        every player at a paper table sees it."""
        outcome = game.outcome()
        own = seat.line
        other = next(ln for ln in LINES if ln is not own)
        areas = [
            {
                "title": title,
                "args": {"line": ln.value},
                "own": ln is own,
                "melds": [
                    {"target": k if ln is own else None, "cards": [str(c) for c in m.cards]}
                    for k, m in enumerate(game.melds(ln))
                ],
                # whether the line has taken its pozzetto (art. 2), as everyone at a paper
                # table sees it: a state, never a card
                "note": (
                    N_("Line {line} has taken its pozzetto")
                    if game.pozzetto_taken(ln)
                    else N_("Line {line} has not taken its pozzetto yet")
                ),
                "done": game.pozzetto_taken(ln),
            }
            for ln, title in ((own, N_("Your line's melds")), (other, N_("Melds of {line}")))
        ]
        return {
            "seat": seat.value,
            "dealer": game.dealer.value,
            "turn": game.turn.value,
            "phase": game.phase.value,
            "over": game.is_over,
            "hand": [str(c) for c in game.hand(seat)],
            "hand_sizes": {s.value: len(game.hand(s)) for s in SEATS},
            "pile": [str(c) for c in game.discard_pile],
            "areas": areas,
            "counters": [
                {"title": N_("Stock"), "value": game.stock_size},
                {"title": N_("Pozzetti"), "value": game.pozzetti_left},
            ],
            "scores": None if outcome is None else _scores(game),
            # the phone's gestures (arts. 8-16: draw or pick up, meld, lay off, discard)
            "labels": {
                "help": N_(
                    "Tap to select; drag to reorder or onto the pile or a meld; Alt+arrows "
                    "move a card."
                )
            },
        }

    def position(self, game: Deal) -> str:
        """The position's notation (docs/notation-burraco.md): every hand, pile, stock and
        pozzetto; the director's and the arbiter's view."""
        return str(game)

    def moves(self, game: Deal) -> list[str]:
        """The legal moves of the seat to play, in the notation (arts. 8-18): the engine's
        list, each move also accepted by its check (:meth:`Deal.is_legal`; the list offers a
        lay-off the check refuses in a rare position, docs/digital-tables.md), so that a
        phone is never offered a move the server refuses."""
        return [
            str(m)
            for m in game.legal_moves()
            if m.kind is not MoveKind.TIME_OUT and game.is_legal(m)
        ]

    def robot(self, game: Deal, rng: random.Random) -> Move:
        """The greedy bot's move (:func:`arbitro.games.burraco.bots.GreedyBot`), or, should
        its check refuse it, the best of the others it accepts (:func:`value`)."""
        chosen = _ROBOT.choose(game, rng)
        if game.is_legal(chosen):
            return chosen
        ranked = sorted(game.bot_moves(), key=lambda m: -value(game, m))
        return next(m for m in ranked if m.kind is not MoveKind.TIME_OUT and game.is_legal(m))

    def signer(self, seat: Seat, seating: TableSeating) -> str:
        """The seat's line signs (art. 20): ``ns`` or ``ew``, as the two lines' sheet names
        them (whoever the table's ``seating`` seats)."""
        return seat.line.value.lower()

    def sheet_entry(self, deals: Sequence[Deal], seating: TableSeating) -> dict[str, Any]:
        """The two lines' sheet of the finished ``deals``: each deal's base and card points
        per line (art. 19), as the phones' sheet records hold it (its columns are the
        lines, whoever ``seating`` seats)."""
        rows = []
        for deal in deals:
            sc = deal.scores()
            ns, ew = sc[Line.NS], sc[Line.EW]
            rows.append([ns.base, ns.points, ew.base, ew.points])
        return {"deals": rows}


def _scores(game: Deal) -> list[dict[str, Any]]:
    return [
        {
            "title": N_("Line {line}"),
            "args": {"line": ln.value},
            "value": f"{sc.base} + {sc.points} = {sc.base + sc.points}",
        }
        for ln, sc in game.scores().items()
    ]


_ROBOT: Final = GreedyBot()

ENGINE: Final = BurracoDigital()
"""The engine :func:`arbitro.tournament.digital.engine.engine_of` finds for the code."""
