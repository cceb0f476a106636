"""``Deal.plays_with``, the incremental check a phone calls while a play is being built (issue
32), against the full list: for any selection of hand cards it names exactly the words and
lay-offs of ``legal_moves`` that take those cards from the hand (arts. 4.1, 4.4: a word of
three cards or more, one wild at most, a lay-off keeping the word's letters in order).

The oracle is ``Deal.legal_moves`` itself (every accepted play, ``test_reachability.py``),
grouped by the cards each play takes from the hand. Positions come from seeded deals played by
random bots that often pick up the discard pile, so that hands grow past 20 cards; the word
list is the tests' (the Italian dictionary's are checked in a slower test).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.games.core.table import Phase
from arbitro.games.parole import (
    Deal,
    Move,
    MoveKind,
    parse_cards,
    parse_move,
)
from arbitro.games.parole.lexicon import Lexicon
from arbitro.games.parole.words import Word, added_cards
from arbitro.lexicon.hunspell import italian

from .test_reachability import _deal
from .words import WORDS


def _taken(deal: Deal, mv: Move) -> tuple[str, ...]:
    """The cards ``mv`` takes from the hand, sorted (a selection's key)."""
    if mv.kind is MoveKind.MELD:
        return tuple(sorted(mv.cards))
    old: Word = deal.words(deal.turn.line)[mv.target]
    return tuple(sorted(added_cards(old, mv.cards)))


def _position(seed: int, lexicon: Lexicon, most: int) -> Deal:
    """A play phase of a seeded deal where the player often picks up the pile and mostly
    discards (so hands grow), its hand of ``most`` cards at the most."""
    rng = random.Random(seed)
    deal = Deal.shuffled(rng, lexicon=lexicon)
    stop = rng.randrange(1, 60)
    seen = 0
    while not deal.is_over:
        if deal.phase is Phase.PLAY and len(deal.hand(deal.turn)) <= most:
            seen += 1
            if seen >= stop:
                return deal
        moves = deal.bot_moves()
        kinds = [m for m in moves if m.kind is MoveKind.PICK_UP]
        discards = [m for m in moves if m.kind is MoveKind.DISCARD]
        if kinds and rng.random() < 0.5:
            deal.push(kinds[0])
        elif discards and rng.random() < 0.8:
            deal.push(rng.choice(discards))
        else:
            deal.push(rng.choice(moves))
    return deal


def _check(deal: Deal, rng: random.Random) -> int:
    """``plays_with`` of every selection the full list uses names that selection's plays, and
    of random selections only plays of the full list; returns the selections checked."""
    listed = deal.legal_moves()
    plays = [m for m in listed if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)]
    assert deal.moves_but_plays() == [m for m in listed if m not in plays]
    by_cards: dict[tuple[str, ...], set[Move]] = {}
    for mv in plays:
        by_cards.setdefault(_taken(deal, mv), set()).add(mv)
    for cards, group in by_cards.items():
        assert set(deal.plays_with(cards)) == group, cards
    hand = list(deal.hand(deal.turn))
    for _ in range(5):
        chosen = tuple(sorted(rng.sample(hand, rng.randint(1, len(hand)))))
        assert set(deal.plays_with(chosen)) == by_cards.get(chosen, set()), chosen
    return len(by_cards)


# 400 positions a run (new ones each run): 2,000 took 45 s of the suite's 15 minutes;
# bench/legal_moves.py walks thousands of positions per game.
@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31))
def test_art4_1_art4_4_plays_with_is_the_full_list_per_selection(seed: int) -> None:
    """Arts. 4.1, 4.4: in random positions (hands up to 24 cards), for every selection of hand
    cards, ``plays_with`` lists exactly the plays of ``legal_moves`` that take those cards;
    ``moves_but_plays`` lists the rest of ``legal_moves`` (draw, pick up, discards: arts. 4,
    6, 10.8)."""
    deal = _position(seed, WORDS, 24)
    if deal.phase is Phase.PLAY:
        _check(deal, random.Random(seed))
    else:
        assert deal.plays_with(deal.hand(deal.turn)[:3]) == []
        assert deal.moves_but_plays() == deal.legal_moves()


@pytest.mark.slow
def test_art4_1_plays_with_the_italian_dictionary() -> None:
    """Art. 4.1 with the Italian dictionary: the same, on seeded positions of up to 11 cards."""
    lexicon = italian()
    checked = 0
    for seed in range(6):
        deal = _position(seed, lexicon, 11)
        if deal.phase is Phase.PLAY:
            checked += _check(deal, random.Random(seed))
    assert checked > 50


def test_art4_4_a_selection_names_each_way_to_write_its_word() -> None:
    """Art. 4.4 (fig. 3): the cards C A ? A (a jolly) make CA?A (CASA, CAVA...) and no other
    arrangement, C A S A make CASA; on the table CA?A takes S as CAS?A (the wild moved
    on); a selection making no word, or not in the hand, names nothing; in the draw phase
    nothing."""
    d = _deal("CA?ABRT", "S")
    plays = set(d.plays_with(parse_cards("CA?A")))
    assert plays == {parse_move("meld CA?A")}  # ?ACA, AC?A... are no words of the list
    assert d.plays_with(parse_cards("CASA")) == [parse_move("meld CASA")]
    assert d.plays_with(parse_cards("CAAB")) == []
    assert d.plays_with(parse_cards("CASO")) == []  # no O in the hand
    d.push(parse_move("meld CA?A"))
    assert parse_move("layoff 0 CAS?A") in d.plays_with(parse_cards("S"))
    d.push(parse_move("discard B"))
    assert d.plays_with(parse_cards("RT")) == []  # the next player has not drawn yet


def test_art4_4_no_play_takes_two_wilds_from_the_hand() -> None:
    """Art. 4.4 (one wild a word): with C A S A, a jolly and a pinella in hand, CASA, CA?A
    and CAS! are offered, but a selection holding both wilds (C A ? ! and the whole hand but
    one card) has no play, as the full list takes no two wilds; once CA?A is on the table, a
    selection of S and the pinella lays off nothing (the word has its wild)."""
    d = _deal("CASA?!B", "SO")
    takes = {_taken(d, m) for m in d.legal_moves() if m.kind in (MoveKind.MELD, MoveKind.LAY_OFF)}
    assert takes and not any("?" in t and "!" in t for t in takes)
    assert parse_move("meld CA?A") in d.plays_with(parse_cards("CA?A"))
    assert parse_move("meld CAS!") in d.plays_with(parse_cards("CAS!"))
    assert d.plays_with(parse_cards("CA?!")) == []
    assert d.plays_with(parse_cards("CASA?!")) == []
    d.push(parse_move("meld CA?A"))
    assert d.plays_with(parse_cards("S!")) == []
    assert parse_move("layoff 0 CAS?A") in d.plays_with(parse_cards("S"))


@settings(max_examples=120, deadline=None)
@given(
    st.lists(st.sampled_from("AAAEEEIIIOOOUCDGLMNPRSTVZB"), min_size=2, max_size=9),
    st.sampled_from(["", "AEIOU", "ABCDEFGHILMNOPQRSTUVZ"]),
)
def test_art4_1_spelled_by_is_spellable_using_every_letter(letters: list[str], extra: str) -> None:
    """Art. 4.1, 4.4: the Italian dictionary's anagram lookup names every word its walk over
    the letters names that uses every letter (and at most one letter a wild stands for)."""
    lexicon = italian()
    have = Counter(letters)
    full = {
        w.upper()
        for w in lexicon.spellable(have, extra)
        if not have - Counter(w.upper()) and lexicon.is_word(w)
    }
    exact = {w.upper() for w in lexicon.spelled_by(have, extra) if lexicon.is_word(w)}
    assert full <= exact
    assert all(len(w) in (len(letters), len(letters) + 1) for w in exact)


def test_art2_a_word_the_language_judge_approved_is_spelled() -> None:
    """Art. 2: a word the event's language judge approved (ZZAP, no dictionary word) is found
    by the anagram lookup of exactly its letters (and with a jolly for one of them), not by
    letters that spell only part of it."""
    lexicon = italian().with_lists(approved=["zzap"])
    assert "ZZAP" in set(lexicon.spelled_by(Counter("PAZZ")))
    assert "ZZAP" in set(lexicon.spelled_by(Counter("PZZ"), "AEIOU"))
    assert "ZZAP" not in set(lexicon.spelled_by(Counter("PAZZE")))
    assert "ZZAP" not in set(italian().spelled_by(Counter("PAZZ")))
