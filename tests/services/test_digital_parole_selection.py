"""What a Burraco Parole phone is offered for the cards a player taps (issue 32): the engine's
optional ``selection`` (``tournament/digital/engine.py``, :class:`SelectingEngine`) answers
every word those letters spell, with a wild standing for a letter (art. 4.4), and every
lay-off onto the line's words (art. 4.1), which the short list of ``moves`` (three-letter
words, one-card lay-offs) does not hold; an engine without it answers from its ``moves``."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arbitro.games.core.seats import Seat
from arbitro.games.parole import Deal, WordList
from arbitro.games.parole.digital import ParoleDigital
from arbitro.tournament.digital.engine import SelectingEngine, selection_plays

WORDS = WordList(["tavola", "toro", "tesoro", "ape", "ora", "tre"])

# East to play, after its draw: T A V O L A E S ? B in hand; its line (E-W) has TORO
POSITION = (
    "E:play dealer=N turns=4 hands=BCDFGHI/TAVOLAES?B/MNPQRSU/ZZZUUUI penalized=-/-/-/-"
    " words=-/TORO pile=N stock=EEEEIIIIOOOO"
)


def _game() -> Deal:
    return Deal.from_position(POSITION, lexicon=WORDS)


def test_art4_1_a_six_letter_word_and_a_two_card_lay_off_are_offered_for_the_tapped_cards() -> None:
    """Art. 4.1: T A V O L A tapped spell TAVOLA, offered as a meld though the short list has
    no word of six letters; E and S tapped (in either order) lay off on TORO to make TESORO
    (the word's letters kept in order, two cards at once); art. 4.4: the jolly tapped for
    the O spells TAVOLA too. A card the seat does not hold (Z, North's) is offered nothing."""
    engine = ParoleDigital(WORDS)
    game = _game()
    assert game.turn is Seat.E
    six = "meld T A V O L A"
    assert six in engine.selection(game, list("TAVOLA"))
    assert six not in engine.moves(game)  # the short list of the bots
    assert "meld T A V ? L A" in engine.selection(game, list("TAV?LA"))
    layoff = "layoff 0 E S = TESORO"
    assert engine.selection(game, ["E", "S"]) == [layoff]
    assert engine.selection(game, ["S", "E"]) == [layoff]
    assert layoff not in engine.moves(game)
    assert engine.selection(game, ["Z"]) == []  # not East's card
    assert engine.selection(game, list("TAVOLAA")) == []  # more A's than the hand holds
    # every play offered is accepted by the server as sent (the engine's push)
    for move in [six, "meld T A V ? L A", layoff]:
        after = _game()
        after.push(engine.parse_move(move))
    # shared code asks through the protocol: the engine's own answer
    assert isinstance(engine, SelectingEngine)
    assert selection_plays(engine, game, ["E", "S"]) == [layoff]


def test_art4_1_out_of_the_play_phase_nothing_is_offered() -> None:
    """Art. 4.1 (a word is played after the draw, art. 4): before drawing, the tapped cards
    make no play."""
    engine = ParoleDigital(WORDS)
    game = Deal.from_position(POSITION.replace("E:play", "E:draw"), lexicon=WORDS)
    assert engine.selection(game, list("TAVOLA")) == []


class _ListOnly:
    """An engine without ``selection``: the plays come from its list of moves."""

    seats: tuple[Seat, ...] = (Seat.N, Seat.S)

    def moves(self, game: Any) -> list[str]:
        return ["draw", "meld 4H 5H 6H", "meld 4H 5H JK=6H", "layoff 0 7H", "discard 7H"]

    def layout(self, rng: random.Random, previous: Mapping[str, Any] | None) -> dict[str, Any]:
        raise NotImplementedError

    def start(self, layout: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def parse_move(self, text: str) -> Any:
        raise NotImplementedError

    def view(self, game: Any, seat: Seat) -> dict[str, Any]:
        raise NotImplementedError

    def position(self, game: Any) -> str:
        raise NotImplementedError

    def robot(self, game: Any, rng: random.Random) -> Any:
        raise NotImplementedError

    def signer(self, seat: Seat, seating: Any) -> str:
        raise NotImplementedError

    def sheet_entry(self, deals: Sequence[Any], seating: Any) -> dict[str, Any]:
        raise NotImplementedError


def test_an_engine_without_selection_answers_from_its_moves() -> None:
    """The moves of the list whose cards (a target's number apart, a joker's reading
    dropped) are exactly the tapped ones: the other games' one-tap list unchanged."""
    engine = _ListOnly()
    assert not isinstance(engine, SelectingEngine)
    assert selection_plays(engine, None, ["6H", "4H", "5H"]) == ["meld 4H 5H 6H"]
    assert selection_plays(engine, None, ["JK", "4H", "5H"]) == ["meld 4H 5H JK=6H"]
    assert selection_plays(engine, None, ["7H"]) == ["layoff 0 7H", "discard 7H"]
    assert selection_plays(engine, None, []) == []
    assert selection_plays(engine, None, ["4H"]) == []
