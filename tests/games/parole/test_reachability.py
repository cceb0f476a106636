"""``Deal.legal_moves`` lists every legal move of Burraco Parole (arts. 4.1, 4.4): every word
that ``push`` accepts as an opening ("un minimo di 3 carte formando parole di senso compiuto",
one wild at most, a jolly for any letter, a pinella for a vowel) and every lay-off it accepts
("aggiungere nuove carte a patto che la nuova parola ... abbia sempre un senso compiuto", the
wild replaced by letters and used again in the same word, art. 4.4 fig. 3), whatever its
length; and every listed move is accepted. No move is named as an exception.

The candidates are broad: every arrangement of three to five hand cards as an opening, and on
each word of the line every interleaving of one or two hand cards (and the word's own wild,
anywhere) with the word's letters in their order, which is every lay-off of one or two cards
push can accept (it keeps the letters' order, art. 4.1). Random positions come from seeded
deals played by the bots with the Italian dictionary (``tests/lexicon`` checks it), prepared
ones from the tests' word list.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.core import IllegalMoveError
from arbitro.games.core.table import Phase
from arbitro.games.parole import (
    DRAW,
    Deal,
    Move,
    MoveKind,
    RandomBot,
    Seat,
    arrange_deck,
    parse_cards,
    parse_move,
)
from arbitro.games.parole.letters import WILDS, Card
from arbitro.games.parole.lexicon import Lexicon
from arbitro.games.parole.movegen import openings
from arbitro.lexicon.hunspell import italian

from .words import WORDS

ITALIAN = italian()


def _accepted(deal: Deal, mv: Move) -> bool:
    probe = deal.copy()
    try:
        probe.push(mv)
    except IllegalMoveError:
        return False
    return True


def _interleavings(fixed: tuple[Card, ...], loose: tuple[Card, ...]) -> set[tuple[Card, ...]]:
    """Every sequence of ``fixed`` in its order with the ``loose`` cards anywhere."""
    out: set[tuple[Card, ...]] = {fixed}
    for x in loose:
        out = {(*s[:i], x, *s[i:]) for s in out for i in range(len(s) + 1)}
    return out


def _candidates(deal: Deal, longest: int = 5) -> set[Move]:
    """Openings of 3..``longest`` hand cards in every order; lay-offs of one or two cards."""
    hand = deal.hand(deal.turn)
    out: set[Move] = set()
    for n in range(3, longest + 1):
        out |= {Move(MoveKind.MELD, p) for p in set(permutations(hand, n))}
    for j, w in enumerate(deal.words(deal.turn.line)):
        own = tuple(x for x in w.cards if x in WILDS)
        letters = tuple(x for x in w.cards if x not in WILDS)
        for k in (1, 2):
            for added in set(combinations(hand, k)):
                for cards in _interleavings(letters, own + added):
                    out.add(Move(MoveKind.LAY_OFF, cards, j))
    return out


def _check(deal: Deal, longest: int = 5) -> int:
    """Both directions on ``deal`` (play phase); returns how many accepted plays it checked."""
    listed = deal.legal_moves()
    assert len(set(listed)) == len(listed)
    for mv in listed:
        assert _accepted(deal, mv), str(mv)
    assert set(deal.bot_moves()) <= set(listed)
    plays = {m for m in listed if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)}
    checked = 0
    for mv in _candidates(deal, longest):
        if _accepted(deal, mv):
            assert mv in plays, str(mv)
            checked += 1
    return checked


def _random_position(seed: int) -> Deal:
    """A play phase of a seeded deal played by random bots, the hand at most 9 cards."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng, lexicon=ITALIAN)
    bot = RandomBot()
    stop = rng.randrange(4, 40)
    seen = 0
    while not deal.is_over:
        if deal.phase is Phase.PLAY and len(deal.hand(deal.turn)) <= 9:
            seen += 1
            if seen >= stop:
                break
        deal.push(bot.choose(deal, rng))
    return deal


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31))
def test_art4_1_art4_4_every_accepted_play_is_listed_in_random_deals(seed: int) -> None:
    """Arts. 4.1, 4.4: in random positions every opening of three to five cards and every
    lay-off of one or two cards push accepts is listed, and every listed move is accepted."""
    deal = _random_position(seed)
    if deal.phase is Phase.PLAY:
        _check(deal, longest=4 if len(deal.hand(deal.turn)) > 8 else 5)


def _deal(hand: str, stock: str, lexicon: Lexicon = WORDS) -> Deal:
    d = Deal(
        arrange_deck({Seat.E: parse_cards(hand)}, pile="Z", stock=parse_cards(stock)),
        lexicon=lexicon,
    )
    d.push(DRAW)
    return d


def test_art4_1_longer_words_and_several_cards_laid_off_are_listed() -> None:
    """Art. 4.1 (fig. 1-2): the five-card word CASSA is an opening of its own (not only
    reached through a three-card word); a turn later CASSA takes T and E at once to make
    CASSATE, a burraco, and the O left closes (arts. 1, 6)."""
    d = _deal("CASSATB", "EDFGO")
    listed = d.legal_moves()
    assert parse_move("meld CASSA") in listed
    assert parse_move("meld CASSATE") not in listed  # its discard would close in round one
    assert _check(d) > 0
    d.push(parse_move("meld CASSA"))
    d.push(parse_move("discard B"))
    for _ in range(3):
        d.push(DRAW)
        d.push(next(m for m in d.legal_moves() if m.kind is MoveKind.DISCARD))
    d.push(DRAW)
    listed = d.legal_moves()
    assert parse_move("layoff 0 CASSATE") in listed  # two cards at once
    assert parse_move("layoff 0 CASSATE") not in d.bot_moves()
    assert _check(d) > 0


def test_art4_4_wilds_anywhere_and_moved_in_the_same_word() -> None:
    """Art. 4.4: a jolly for any letter, a pinella for a vowel only, one a word; a wild on the
    table replaced by its letter and used again in the same word (fig. 3)."""
    d = _deal("CA?ABRT", "S")
    listed = set(d.legal_moves())
    assert parse_move("meld CA?A") in listed and parse_move("meld ?ASA") in listed
    assert _check(d) > 0
    d.push(parse_move("meld CA?A"))
    listed = set(d.legal_moves())
    assert parse_move("layoff 0 CAS?A") in listed  # the S in the wild's place, ? moved on
    assert _check(d) > 0
    p = _deal("CA!ABRT", "S")
    assert parse_move("meld CA!A") not in p.legal_moves()  # a pinella is a vowel only
    assert parse_move("meld C!SA") in p.legal_moves()


def test_art4_1_openings_with_the_italian_dictionary() -> None:
    """Art. 4.1 with the Italian dictionary: every word of a real hand is listed, of every
    length, and each is a word the dictionary accepts."""
    d = _deal("CANESTR", "O", ITALIAN)
    listed = [m for m in d.legal_moves() if m.kind is MoveKind.MELD]
    words = {"".join(m.cards) for m in listed}
    assert {"CANE", "CESTO", "NOTA", "CANTO"} <= words
    assert all(ITALIAN.is_word(w) for w in words)
    assert {len(w) for w in words} == {3, 4, 5, 6}  # seven would close in round one
    assert _check(d, longest=4) > 50


def test_movegen_finds_what_trying_every_arrangement_finds() -> None:
    """Art. 4.1: the words the lexicon's index names are the words found by trying every
    arrangement of the hand (a lexicon that only answers ``is_word``)."""

    class Plain:
        def is_word(self, word: str) -> bool:
            return WORDS.is_word(word)

    code = _deal("CASSAT?", "E").code
    hand = Counter(parse_cards("CASSAT?E"))
    assert openings(hand, 7, WORDS, code) == openings(hand, 7, Plain(), code)
    assert (*"CASSATA",) not in openings(hand, 7, WORDS, code)
    assert ("C", "A", "S", "S", "A", "T", "?") in openings(hand, 7, WORDS, code)


def test_every_listed_move_is_accepted_in_random_deals() -> None:
    """Arts. 4-4.4: in whole deals every move legal_moves lists is accepted by push."""
    for seed in range(2):
        rng = random.Random(seed)
        deal = Deal.shuffled(rng, lexicon=ITALIAN)
        bot = RandomBot()
        for _ in range(60):
            if deal.is_over:
                break
            if deal.phase is Phase.PLAY and len(deal.hand(deal.turn)) <= 9:
                for mv in deal.legal_moves():
                    assert _accepted(deal, mv), str(mv)
            deal.push(bot.choose(deal, rng))
