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

from collections import Counter
from typing import TYPE_CHECKING, Final

from arbitro.codes.citation import Citation
from arbitro.games.parole.errors import IllegalMoveError, article
from arbitro.games.parole.letters import Card
from arbitro.games.parole.moves import Move, MoveKind
from arbitro.games.parole.words import Word, added_cards, lay_off, make_word
from arbitro.i18n import Message, message

if TYPE_CHECKING:
    from arbitro.games.parole.deal import Deal, OutOfTurn

IRREGULAR: Final[dict[str, Citation]] = {
    name: article(name)
    for name in (
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
}
"""The irregular actions and their remedies, with the article each applies (each name is a
topic of the code's articles)."""


def _bad(msg: Message, topic: str) -> IllegalMoveError:
    """A ruling that does not fit the position, citing the Parole article of ``topic``."""
    return IllegalMoveError(msg, article=article(topic), key="parole.bad_ruling")


def apply_irregular(deal: Deal, move: Move) -> None:
    """Apply the irregular action or remedy ``move`` (see :data:`IRREGULAR`) to ``deal``.

    Called by :func:`~arbitro.games.parole.arbiter.apply_ruling`; raises
    :class:`IllegalMoveError` naming the article when the ruling does not fit the position.
    """
    from arbitro.games.parole.deal import SEATS, Seat

    s = SEATS.index(Seat(move.seat))
    remedy = move.remedy
    if deal._several and remedy != "multiple_discard":
        raise _bad(
            message("several cards discarded at once: rule the multiple discard first"),
            "multiple_discard",
        )
    if deal._late >= 0:
        raise _bad(message("the culprit must draw or pick up first"), "late_draw")
    if remedy in ("play_no_draw", "missed_draw", "closing_no_draw"):
        _missed_draw(deal, s, move)
    elif remedy in ("draw_out_of_turn", "pickup_out_of_turn", "play_out_of_turn", "put_back"):
        _out_of_turn(deal, s, move)
    else:
        _several(deal, s, move)


def _on_turn(deal: Deal, s: int, phase_draw: bool, topic: str) -> None:
    from arbitro.games.parole.deal import Phase

    want = Phase.DRAW if phase_draw else Phase.PLAY
    if s != deal._turn or deal._phase is not want:
        if phase_draw:
            raise _bad(message("the action concerns the player on turn before the draw"), topic)
        raise _bad(message("the action concerns the player on turn after the draw"), topic)


def _play(deal: Deal, s: int, move: Move, topic: str) -> tuple[int, Word | None, tuple[Card, ...]]:
    """Put the (valid) word of ``move`` on the table for seat ``s``; return (number, word
    before or None, hand cards used)."""
    from arbitro.games.parole.deal import SEATS

    li = s & 1
    words = deal._words[li]
    if move.target < 0:
        used = tuple(move.cards)
        before = None
        word = make_word(used, deal.lexicon, deal.code)
        n = len(words)
    else:
        if not 0 <= move.target < len(words):
            raise _bad(
                message("the line has no word number {number}", number=move.target), "word_number"
            )
        if move.target in deal.freezes(SEATS[s].line):
            raise _bad(message("no card may be laid on a frozen word"), "frozen_word")
        before = words[move.target]
        used = added_cards(before, move.cards)
        word = lay_off(before, move.cards, deal.lexicon, deal.code)
        n = move.target
    h = deal._hands[s]
    if any(h[x] < k for x, k in Counter(used).items()):
        raise _bad(message("cards not in hand"), topic)
    if len(used) >= deal._sizes[s]:
        raise _bad(message("the play must leave at least one card in hand"), topic)
    for x in used:
        h[x] -= 1
        if not h[x]:
            del h[x]
    deal._sizes[s] -= len(used)
    if before is None:
        words.append(word)
    else:
        words[n] = word
    return n, before, used


def _missed_draw(deal: Deal, s: int, move: Move) -> None:
    """Art. 10.13 (a play without a draw, the three moments of the warning) and 11.6."""
    from arbitro.games.parole.deal import PLAYERS, Freeze, Phase

    remedy = move.remedy
    if remedy == "play_no_draw":
        _on_turn(deal, s, True, "missed_draw")
        play = _as_play(move)
        deal._phase = Phase.PLAY
        try:
            used, word = deal._check_play(play)
        except IllegalMoveError:
            deal._phase = Phase.DRAW
            raise
        deal._undrawn = True
        deal._turn_plays = {}
        deal._single = None
        deal._apply_play(play, used, word)
        return
    if remedy == "closing_no_draw":
        _on_turn(deal, s, False, "closing_no_draw")
        if not deal._undrawn:
            raise _bad(
                message("the player drew or picked up: this rule does not apply"), "closing_no_draw"
            )
        if len(move.extra) != 1 or deal._sizes[s] != 1 or deal._hands[s][move.extra[0]] == 0:
            raise _bad(message("name the last card in hand, discarded to close"), "closing_no_draw")
        li = s & 1
        until = deal._turns + PLAYERS
        for n, before in deal._turn_plays.items():
            deal._freezes[li][n] = Freeze(False, until, before)
        deal._apply_discard(move.extra[0], closing=False, from_hand=True)
        deal._missed.pop(s, None)
        if not deal.is_over:
            deal._late, deal._turn = deal._turn, s
        return
    # missed_draw: the warning
    if s == deal._turn and deal._undrawn:  # 1) while he plays
        deal._phase = Phase.DRAW
        deal._undrawn = False
        deal._turn_plays = {}
        deal._stop_after_draw = True
        return
    if s not in deal._missed:
        raise _bad(message("the player did not play without drawing"), "missed_draw")
    ended = deal._missed.pop(s)
    if ended == deal._turns and deal._phase is Phase.DRAW:  # 2) the next one has not begun
        deal._late, deal._turn = deal._turn, s
    # 3) the next player has begun: the culprit's plays stand, nothing is recovered


def _as_play(move: Move) -> Move:
    """The meld (``target`` -1) or lay-off the ruling describes."""
    kind = MoveKind.MELD if move.target < 0 else MoveKind.LAY_OFF
    return Move(kind, tuple(move.cards), move.target)


def _out_of_turn(deal: Deal, s: int, move: Move) -> None:
    """Art. 10.14: a draw or pick-up out of turn, the plays made with it, the put-back."""
    from arbitro.games.parole.deal import OutOfTurn

    remedy = move.remedy
    taken = deal._taken.get(s)
    if remedy in ("draw_out_of_turn", "pickup_out_of_turn"):
        if s == deal._turn or taken is not None:
            raise _bad(message("a draw out of turn: by a player not on turn, once"), "out_of_turn")
        h = deal._hands[s]
        if remedy == "draw_out_of_turn":
            if not deal._stock:
                raise _bad(message("the stock is empty"), "out_of_turn")
            cards = [deal._stock.pop()]
        else:
            if not deal._pile:
                raise _bad(message("the discard pile is empty"), "out_of_turn")
            cards, deal._pile = deal._pile, []
        h.update(cards)
        deal._sizes[s] += len(cards)
        deal._taken[s] = OutOfTurn(remedy.split("_")[0], cards, [])
        return
    if taken is None:
        raise _bad(message("the player did not draw or pick up out of turn"), "out_of_turn")
    if remedy == "play_out_of_turn":
        taken.plays.append(_play(deal, s, move, "out_of_turn"))
        return
    _put_back(deal, s, taken)
    del deal._taken[s]


def _put_back(deal: Deal, s: int, taken: OutOfTurn) -> None:
    """Art. 10.14: the cards taken go back; the plays that used them are undone."""
    li = s & 1
    h = deal._hands[s]
    need = Counter(taken.cards)
    short = need - h  # taken cards no longer in hand: laid in words out of turn
    undo: dict[int, Word | None] = {}  # word number -> the word before the first undone play
    for n, before, used in taken.plays:
        if n in undo or short & Counter(used):
            undo.setdefault(n, before)
            h.update(used)
            deal._sizes[s] += len(used)
            short -= Counter(used)
    if need - h:
        raise _bad(
            message("the cards taken out of turn are no longer in hand nor on the table"),
            "out_of_turn",
        )
    for n in sorted(undo, reverse=True):
        before = undo[n]
        if before is not None:
            deal._words[li][n] = before
            continue
        del deal._words[li][n]
        freezes = deal._freezes[li]
        deal._freezes[li] = {(j - 1 if j > n else j): f for j, f in freezes.items() if j != n}
    h.subtract(need)
    for x in list(h):
        if h[x] <= 0:
            del h[x]
    deal._sizes[s] -= len(taken.cards)
    if taken.source == "draw":
        deal._stock.extend(taken.cards)  # back on top of the stock
    else:
        deal._pile[:0] = taken.cards  # back under any card discarded since


def _several(deal: Deal, s: int, move: Move) -> None:
    """Art. 10.17: several cards discarded at once; taken back, then one discard."""
    _on_turn(deal, s, False, "multiple_discard")
    h = deal._hands[s]
    if move.remedy == "discard_several":
        cards = list(move.cards)
        if deal._several or len(cards) < 2:
            raise _bad(
                message("name the cards (two at least) discarded at once"), "multiple_discard"
            )
        if any(h[x] < k for x, k in Counter(cards).items()):
            raise _bad(message("cards not in hand"), "multiple_discard")
        h.subtract(cards)
        for x in cards:
            if h[x] <= 0:
                del h[x]
        deal._sizes[s] -= len(cards)
        deal._pile.extend(cards)
        deal._several = cards
        return
    cards = deal._several
    if not cards:
        raise _bad(message("no multiple discard to rule"), "multiple_discard")
    del deal._pile[-len(cards) :]
    h.update(cards)
    deal._sizes[s] += len(cards)
    deal._several = []
    deal._must_discard = True  # he discards again one card only


__all__ = ["IRREGULAR", "apply_irregular"]
