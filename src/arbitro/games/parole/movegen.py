"""Every word a hand can open and every lay-off it can make (arts. 4.1, 4.4), for
:meth:`~arbitro.games.parole.deal.Deal.legal_moves`.

The words come from the lexicon: a :class:`~arbitro.games.parole.lexicon.SpellableLexicon`
names the words a multiset of letters spells (the letters of the hand, with the word's own
for a lay-off, and one more letter where a wild can stand for it); a lexicon that only answers
``is_word`` gets every arrangement of those letters tried (fine for small hands only). Each
word is then written with the cards in every way the code allows: its letters as they are, or
one of them taken by a jolly (any letter) or a pinella (a vowel), at most one wild a word (art.
4.4); a lay-off keeps every card of the word, its letters in their order, the wild anywhere in
the same word (art. 4.1 fig. 2, 4.4 fig. 3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from itertools import permutations

from arbitro.codes.burraco_parole import BurracoParoleCode
from arbitro.games.parole.letters import WILDS, Card
from arbitro.games.parole.lexicon import ExactLexicon, Lexicon, SpellableLexicon
from arbitro.games.parole.words import Word, wild_letters


def openings(
    hand: Mapping[Card, int],
    longest: int,
    lexicon: Lexicon,
    code: BurracoParoleCode,
    *,
    exact: bool = False,
) -> list[tuple[Card, ...]]:
    """Every word of ``code.meld_min_cards`` to ``longest`` cards the ``hand`` can open, in
    table order (art. 4.1; art. 4.4: one wild at most, anywhere), sorted by length then
    cards. ``exact``: only the words of all the cards of ``hand`` are wanted (the others
    may be listed too), found by the lexicon's anagram lookup where it has one."""
    out = set(opening_writings(hand, longest, lexicon, code, exact=exact))
    return sorted(out, key=lambda c: (len(c), c))


def opening_writings(
    hand: Mapping[Card, int],
    longest: int,
    lexicon: Lexicon,
    code: BurracoParoleCode,
    *,
    exact: bool = False,
    need: Mapping[Card, int] | None = None,
) -> Iterator[tuple[Card, ...]]:
    """The words of :func:`openings` one at a time, as found (some more than once), and with
    ``need`` only those that take at least those cards from the hand (a selection on a
    phone: does some word still hold it? arts. 4.1, 4.4)."""
    naturals = {x: n for x, n in hand.items() if n > 0 and x not in WILDS}
    kinds = sorted(x for x in WILDS if hand.get(x, 0) > 0)
    extra = _extra(kinds, code)
    want = Counter({x: n for x, n in (need or {}).items() if n > 0})
    letters_need = {x: n for x, n in want.items() if x not in WILDS}
    if want.total() - sum(letters_need.values()) > 1:
        return  # one wild a word (art. 4.4)
    for w in _words(lexicon, naturals, extra, longest, exact, letters_need):
        if not code.meld_min_cards <= len(w) <= longest:
            continue
        if want and not _fits(letters_need, Counter(w)):
            continue
        if not lexicon.is_word(w):
            continue
        cards = Counter(w)
        if _fits(cards, naturals) and _fits(want, cards):
            yield tuple(w)
        for i, x in enumerate(w):
            cards[x] -= 1
            if _fits(cards, naturals):
                for k in kinds:
                    if x in wild_letters(k, code):
                        cards[k] += 1
                        if _fits(want, cards):
                            yield (*w[:i], k, *w[i + 1 :])
                        cards[k] -= 1
            cards[x] += 1


def layoffs(
    word: Word,
    hand: Mapping[Card, int],
    most: int,
    lexicon: Lexicon,
    code: BurracoParoleCode,
    *,
    exact: bool = False,
) -> list[tuple[Card, ...]]:
    """Every word ``word`` becomes with one to ``most`` cards of ``hand`` added (art. 4.1
    *legare*): its cards kept, its letters in order, one wild at most, the word's own wild
    anywhere (art. 4.4 fig. 3); sorted by length then cards. ``exact``: only the words
    adding all of ``hand`` are wanted (see :func:`openings`)."""
    out = set(layoff_writings(word, hand, most, lexicon, code, exact=exact))
    return sorted(out, key=lambda c: (len(c), c))


def layoff_writings(
    word: Word,
    hand: Mapping[Card, int],
    most: int,
    lexicon: Lexicon,
    code: BurracoParoleCode,
    *,
    exact: bool = False,
    need: Mapping[Card, int] | None = None,
) -> Iterator[tuple[Card, ...]]:
    """The new words of :func:`layoffs` one at a time, as found (some more than once), and
    with ``need`` only those that take at least those cards from the hand (arts. 4.1, 4.4)."""
    old = [x for x in word.cards if x not in WILDS]
    own = word.cards[word.wild] if word.wild >= 0 else None
    naturals = {x: n for x, n in hand.items() if n > 0 and x not in WILDS}
    kinds = [own] if own else sorted(x for x in WILDS if hand.get(x, 0) > 0)
    letters = Counter(naturals)
    letters.update(old)
    longest = len(word.cards) + most
    keep = Counter(old)
    want = Counter({x: n for x, n in (need or {}).items() if n > 0})
    wilds = sum(n for x, n in want.items() if x in WILDS)
    if wilds > 1 or (own is not None and wilds):
        return  # one wild a word: a word with its own takes none of the hand (art. 4.4)
    held = keep + Counter({x: n for x, n in want.items() if x not in WILDS})
    for w in _words(lexicon, letters, _extra(kinds, code), longest, exact, held):
        if not len(word.cards) < len(w) <= longest or not _holds(old, w):
            continue
        if want and not _fits(held, Counter(w)):
            continue
        if not lexicon.is_word(w):
            continue
        if own is None and _keeps(old, keep, w, naturals) and _fits(want + keep, Counter(w)):
            yield tuple(w)
        for i, x in enumerate(w):
            rest = w[:i] + w[i + 1 :]
            if _keeps(old, keep, rest, naturals):
                for k in kinds:
                    if x in wild_letters(k, code):
                        new = (*w[:i], k, *w[i + 1 :])
                        if not want or _fits(want, _added(word.cards, new)):
                            yield new


def _added(old: Sequence[Card], new: Sequence[Card]) -> Counter[Card]:
    """The cards ``new`` holds beyond ``old``'s (those a lay-off takes from the hand)."""
    out = Counter(new)
    out.subtract(old)
    return +out


def _extra(kinds: Iterable[Card], code: BurracoParoleCode) -> frozenset[str]:
    return frozenset(x for k in kinds for x in wild_letters(k, code))


def _fits(need: Mapping[str, int], have: Mapping[str, int]) -> bool:
    return all(have.get(x, 0) >= n for x, n in need.items())


def _holds(old: Sequence[Card], new: str) -> bool:
    """Whether ``new`` holds the letters ``old`` in their order (art. 4.1, *legare*)."""
    it = iter(new)
    return all(x in it for x in old)


def _keeps(old: Sequence[Card], keep: Counter[Card], new: str, hand: Mapping[Card, int]) -> bool:
    """Whether the letters ``new`` hold the word's letters ``old`` in order, the rest from
    ``hand``."""
    it = iter(new)
    if not all(any(x == y for y in it) for x in old):
        return False
    added = Counter(new)
    added.subtract(keep)
    return _fits(added, hand)


def _words(
    lexicon: Lexicon,
    letters: Mapping[str, int],
    extra: Collection[str],
    longest: int,
    exact: bool = False,
    need: Mapping[str, int] | None = None,
) -> Iterable[str]:
    """The lexicon's candidate words for ``letters`` and one letter of ``extra`` (``exact``:
    for all of ``letters``, and maybe others; ``need``: holding those letters, and maybe
    others)."""
    if exact and isinstance(lexicon, ExactLexicon):
        return (w.upper() for w in lexicon.spelled_by(letters, extra))
    if isinstance(lexicon, SpellableLexicon):
        return (w.upper() for w in lexicon.spellable(letters, extra, need=need))
    return _arrangements(letters, extra, longest)


def _arrangements(
    letters: Mapping[str, int], extra: Collection[str], longest: int
) -> Iterator[str]:
    """Every arrangement of up to ``longest`` of ``letters`` and one of ``extra`` (a lexicon
    that cannot name its words: exponential, for small hands)."""
    pool = [x for x, n in letters.items() for _ in range(n)]
    seen: set[str] = set()
    for add in ("", *sorted(extra)):
        cards = [*pool, add] if add else pool
        for n in range(1, min(longest, len(cards)) + 1):
            for p in permutations(cards, n):
                w = "".join(p)
                if w not in seen:
                    seen.add(w)
                    yield w
