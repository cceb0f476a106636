"""Irregular actions and their remedies: arts. 10.13, 10.14, 10.17, 11.6 (arbiter mode).

The engine never plays these: :meth:`Deal.legal_moves` does not list them and the bots never
make them. The arbiter enters what physically happened at the table as a ruling
(:func:`arbitro.games.parole.arbiter.ruling`), recorded with the deal so that it replays, then
rules the remedy:

=======================  ========  ==========================================================
ruling                   article   what it records or does
=======================  ========  ==========================================================
``play_no_draw``         10.13     *irregular*: the player on turn opens a word or lays off
                                   without drawing first; his turn goes on without a draw
``missed_draw``          10.13     the warning: 1) while he plays: he stops, draws or picks
                                   up, and discards a card of his choice at once; 2) after
                                   his discard, before the next player draws: he draws or
                                   picks up now and plays at his next turn; 3) later: nothing
                                   changes, his plays stand
``closing_no_draw``      11.6      the culprit's last card discarded without a draw: no
                                   closing; his plays of the turn are frozen for a round
                                   (counted negative if someone closes meanwhile); the
                                   discard stands; he draws or picks up now, plays next turn
``draw_out_of_turn``     10.14     *irregular*: a seat not on turn draws the stock's top card
``pickup_out_of_turn``   10.14     *irregular*: a seat not on turn takes the discard pile
``play_out_of_turn``     10.14     *irregular*: the seat that took cards out of turn plays
``put_back``             10.14     the cards taken go back where they were (stock top, or
                                   under the pile); a play that used them is undone (its
                                   other cards back in hand), the other plays stand
``discard_several``      10.17     *irregular*: the player on turn discards several cards
``multiple_discard``     10.17     he takes the cards back and discards one card only
=======================  ========  ==========================================================

After ``missed_draw`` 2) and ``closing_no_draw`` the culprit's late draw or pick-up is an
ordinary ``draw``/``pickup`` move made by the culprit (the turn is his for that move only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arbitro.codes.citation import Citation
from arbitro.games.parole.errors import articles
from arbitro.games.parole.moves import Move

if TYPE_CHECKING:
    from arbitro.games.parole.deal import Deal

IRREGULAR: Final[dict[str, Citation]] = articles(
    "play_no_draw",
    "missed_draw",
    "closing_no_draw",
    "draw_out_of_turn",
    "pickup_out_of_turn",
    "play_out_of_turn",
    "put_back",
    "discard_several",
    "multiple_discard",
)
"""The irregular actions and their remedies, with the article each applies (each name is a
topic of the code's articles)."""


def apply_irregular(deal: Deal, move: Move) -> None:
    """Apply the irregular action or remedy ``move`` (see :data:`IRREGULAR`) to ``deal``
    through its arbiter's mutator (:meth:`Deal.rule_irregular`).

    Called by :func:`~arbitro.games.parole.arbiter.apply_ruling`; raises
    :class:`IllegalMoveError` naming the article when the ruling does not fit the position.
    """
    deal.rule_irregular(move)


__all__ = ["IRREGULAR", "apply_irregular"]
