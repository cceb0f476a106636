"""A prepared board's correct hands as the desk shows them beside a wrong count (FIBAS art. 6:
"si procede ad una nuova distribuzione"; the board is made again from its dealing sheet):
each hand and pozzetto, the cards in the order of FIBAS art. 3 (the game's board maker,
``CodeSpec.boards``), as the dealing sheet prints them."""

from __future__ import annotations

from typing import Any

from arbitro.games.core import SEATS
from arbitro.games.prepared_deals import BoardMaker
from arbitro.i18n import Message
from arbitro.printouts.boards import sorted_art3
from arbitro.tournament.boards import board_maker, boards_of
from arbitro.tournament.event import EventState
from arbitro.web.board_views import POCKET_NAMES

_RED = {"♥", "♦"}


def _cards(cards: Any, maker: BoardMaker) -> list[dict[str, Any]]:
    out = []
    for card in sorted_art3(cards, maker):
        text = card.unicode
        joker = text == "JK"
        out.append({"text": text, "joker": joker, "red": joker or text[-1:] in _RED})
    return out


def dealt_hands(state: EventState, n: int, boards: set[int]) -> dict[int, list[dict[str, Any]]]:
    """Board number → its pockets as dealt (N, E, S, W, then the pozzetti P1, P2), each
    ``{"pocket": name, "cards": [{"text", "joker", "red"}]}``, for the boards of round ``n`` in
    ``boards`` (FIBAS art. 6: 11 cards in each)."""
    out: dict[int, list[dict[str, Any]]] = {}
    maker = board_maker(state)  # the game's order of a hand's cards (its code's boards)
    for board in boards_of(state, n):
        if board.number not in boards:
            continue
        pockets: list[dict[str, Any]] = [
            {"pocket": POCKET_NAMES[seat.name], "cards": _cards(board.hands[seat], maker)}
            for seat in SEATS
        ]
        for i, pozzetto in enumerate(board.pozzetti, start=1):
            name: Message = POCKET_NAMES.get(f"P{i}", Message(f"P{i}", context="pocket"))
            pockets.append({"pocket": name, "cards": _cards(pozzetto, maker)})
        out[board.number] = pockets
    return out
