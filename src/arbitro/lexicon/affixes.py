"""The words Hunspell's Italian dictionary can make from a set of letters (art. 4.1), read
from its files: what :meth:`Dictionary.spellable <arbitro.lexicon.hunspell.Dictionary>`
answers so that the engine lists every word a hand can open without trying every
arrangement of its cards.

Hunspell makes each word from an entry of ``it_IT.dic`` and at most one prefix and one suffix
rule of its flags (``it_IT.aff``: ``PFX``/``SFX`` lines, a strip and an addition; this
dictionary has no compounds nor two-level suffixes). The entry with its strips taken off is
the word's *core*; the cores are indexed by their letters (:class:`LetterIndex`), so a set of
letters finds its cores by walking the index and each core's prefixes and suffixes give the
candidate words. The candidates are a superset (a rule's condition is not checked): the
dictionary's ``is_word`` decides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from functools import cache
from itertools import chain

from arbitro.games.core.lexicon import LetterIndex

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
_LETTERS_UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Adds = tuple[str, ...]
"""The additions of one flag's rules for one strip (the empty string: the entry as it is)."""


class Cores:
    """The cores of a Hunspell dictionary's words, indexed by their letters."""

    def __init__(self, aff: str, dic: str) -> None:
        """Read the affix file ``aff`` and the dictionary ``dic`` (paths)."""
        rules, cross = _rules(aff)
        forms: dict[str, list[tuple[Adds, Adds]]] = {}
        none: Adds = ("",)
        with open(dic, encoding="utf-8") as f:
            next(f, None)  # the entry count
            for line in f:
                entry, _, rest = line.strip().partition("/")
                entry = entry.split()[0] if entry.strip() else ""
                flags = rest.split()[0] if rest.strip() else ""
                if not entry:
                    continue
                sfx = [
                    (s, a, cross[("SFX", g)]) for g in flags for s, a in rules.get(("SFX", g), ())
                ]
                pfx = [
                    (s, a, cross[("PFX", g)]) for g in flags for s, a in rules.get(("PFX", g), ())
                ]
                out: set[tuple[str, Adds, Adds]] = {(entry, none, none)}
                for s, adds, _ in sfx:
                    if entry.endswith(s):
                        out.add((entry[: len(entry) - len(s)], none, adds))
                for p, padds, pc in pfx:
                    if not entry.startswith(p):
                        continue
                    out.add((entry[len(p) :], padds, none))
                    for s, adds, sc in sfx:
                        if pc and sc and entry.endswith(s) and len(p) + len(s) <= len(entry):
                            out.add((entry[len(p) : len(entry) - len(s)], padds, adds))
                for core, pre, post in out:
                    if _LETTERS.issuperset(core):
                        forms.setdefault(core.upper(), []).append((pre, post))
        self._forms = {k: tuple(v) for k, v in forms.items()}
        self._empty = self._forms.get("", ())
        self._index = LetterIndex(k for k in self._forms if k)
        # the letters from the rarest in the cores to the commonest: the order the index of
        # reachable letters spells its keys in, so that a walk for a selection holding a
        # rare letter (Q, Z, H...) leaves every branch without it at once (issue 32)
        seen: Counter[str] = Counter()
        for k in self._forms:
            seen.update(set(k))
        self._order = "".join(sorted(_LETTERS_UP, key=lambda x: (seen[x], x)))
        self._reaching: LetterIndex | None = None  # the same, with each core's affix letters
        self._adds: dict[Adds, tuple[LetterIndex, bool]] = {}
        self._most_of: dict[Adds, int] = {}
        self._bounds: dict[str, int] = {}
        # it_IT's prefixes all end in an apostrophe (L', DELL'...): no card spells them
        # each rule's additions are one tuple shared by its entries: each tuple read once
        pre_adds = {id(pre): pre for v in self._forms.values() for pre, _ in v}
        post_adds = {id(post): post for v in self._forms.values() for _, post in v}
        pres = {a for adds in pre_adds.values() for a in adds if _spelt(a)}
        posts = {a for adds in post_adds.values() for a in adds if _spelt(a)}
        self._pres = LetterIndex(pres)
        self._posts = LetterIndex(posts)
        self._add_packs = {a: _packed(a) for a in pres | posts}
        self._packed_cores: dict[int, tuple[str, ...]] | None = None
        self._longest_core = max(map(len, self._forms))
        self._longest_pre = max(map(len, pres), default=0)

    def spelled_by(self, letters: Mapping[str, int], extra: Collection[str] = ()) -> Iterator[str]:
        """Candidate words (upper case) of exactly ``letters``, or of them and one letter of
        ``extra`` (art. 4.1; art. 4.4, the letter a wild stands for): each suffix they hold,
        each prefix the letters left hold, then the cores of exactly the letters left (an
        anagram lookup), kept where the core takes that prefix and suffix.

        The phone's check of a large selection (issue 32): the letters are a packed multiset
        (:func:`_packed`), the suffixes walked once, the prefixes the whole letters hold found
        once and filtered per suffix with a few integer operations, the cores looked up by
        their packed letters; the same answers as the walk of :meth:`_spelled_by_walk`
        (``tests/lexicon/test_spelled_by_packed.py``), which answers letters a packed multiset
        cannot hold (more than 14 of a letter, or a character no card is)."""
        whole = {x: n for x, n in letters.items() if n > 0}
        if any(n > _MOST or x not in _BIT for x, n in whole.items()):
            yield from self._spelled_by_walk(letters, extra)
            return
        yield from self._spelled_packed(whole, extra)

    def _spelled_packed(self, whole: Mapping[str, int], extra: Collection[str]) -> Iterator[str]:
        """:meth:`spelled_by` of ``whole`` (letters A-Z, at most 14 of each), packed."""
        size = sum(whole.values())
        room = self._longest_core + self._longest_pre
        packed = _packed(x for x, n in whole.items() for _ in range(n))
        more = sorted({x for x in extra if x in _BIT})
        ones = [_BIT[x] for x in more]
        by_letters, forms, packs = self._by_letters(), self._forms, self._add_packs
        pres = [("", 0), *((a, packs[a]) for a in self._pres.within(whole, more))]
        seen: set[str] = set()
        for post in ["", *self._posts.within(whole, more)]:
            if size - len(post) > room:
                continue  # no core and prefix are that long: the suffix is too short
            rest, free = _take(packed, packs[post] if post else 0, ones)
            if rest < 0:
                continue
            for pre, pre_packed in pres:
                left, last = _take(rest, pre_packed, ones if free else ())
                if left < 0:
                    continue
                n = size + (not (free and last)) - len(post) - len(pre)
                if n > self._longest_core:
                    continue
                found = list(by_letters.get(left, ()))
                if free and last:
                    for one in ones:
                        found += by_letters.get(left + one, ())
                if not left:
                    found.append("")  # an entry that is all strip: the word is its affixes
                for core in found:
                    w = pre + core + post
                    if w in seen or len(w) < 2:
                        continue
                    if any(pre in p and post in q for p, q in forms.get(core, ())):
                        seen.add(w)
                        yield w

    def _by_letters(self) -> dict[int, tuple[str, ...]]:
        """The cores by their packed letters (:func:`_packed`), made at the first use."""
        if self._packed_cores is None:
            out: dict[int, list[str]] = {}
            for core in self._forms:
                if core:
                    out.setdefault(_packed(core), []).append(core)
            self._packed_cores = {k: tuple(v) for k, v in out.items()}
        return self._packed_cores

    def _spelled_by_walk(
        self, letters: Mapping[str, int], extra: Collection[str] = ()
    ) -> Iterator[str]:
        """:meth:`spelled_by` by walking the prefixes' index again for each suffix and looking
        the cores up by their anagram keys: the reference the packed lookup is checked
        against, and the answer for letters it cannot pack."""
        whole = Counter({x: n for x, n in letters.items() if n > 0})
        size = whole.total()
        room = self._longest_core + self._longest_pre
        seen: set[str] = set()
        for post in ["", *self._posts.within(whole, extra)]:
            if size - len(post) > room:
                continue  # no core and prefix are that long: the suffix is too short
            rest, more = _less(whole, post, extra)
            for pre in ["", *self._pres.within(rest, more)]:
                left, most = _less(rest, pre, more)
                if left.total() > self._longest_core:
                    continue
                cores = list(self._index.exactly(left, most))
                if not +left:
                    cores.append("")  # an entry that is all strip: the word is its affixes
                for core in cores:
                    w = pre + core + post
                    if w in seen or len(w) < 2:
                        continue
                    if any(pre in p and post in q for p, q in self._forms.get(core, ())):
                        seen.add(w)
                        yield w

    def spellable(
        self,
        letters: Mapping[str, int],
        extra: Collection[str] = (),
        need: Mapping[str, int] | None = None,
    ) -> Iterator[str]:
        """Candidate words (upper case) made of ``letters`` and at most one letter of
        ``extra``: each core they hold, with its prefixes and suffixes that fit; with
        ``need``, only words holding those letters, the cores walked lazily and only where a
        core or its affixes can give every needed letter (a phone's check stops at the first
        word, issue 32)."""
        if need and any(n > 0 for n in need.values()):
            want = Counter({x: n for x, n in need.items() if n > 0})
            if self._reaching is None:
                self._reaching = LetterIndex(
                    (k for k in self._forms if k), self._reach(), order=self._order
                )
            found: Iterable[str] = self._reaching.within(letters, extra, hold="".join(want))
            for w in self._from_cores(chain(found, ("",)), letters, extra, want):
                if not want - Counter(w):
                    yield w
            return
        yield from self._from_cores([*self._index.within(letters, extra), ""], letters, extra)

    def _reach(self) -> dict[str, str]:
        """For each core, the letters its additions can add (each once): only the additions
        a card can spell, since it_IT's prefixes end in an apostrophe (QUEST', DALL') and
        their letters reach nothing. A rule's additions are one tuple shared by every entry
        of its flag, so each tuple's letters are found once (read per core, they were 25
        million checks and most of the first Parole move's 15 s in a process)."""
        letters: dict[int, frozenset[str]] = {}
        out: dict[str, str] = {}
        for core, forms in self._forms.items():
            if not core:
                continue
            found: set[str] = set()
            for pair in forms:
                for adds in pair:
                    got = letters.get(id(adds))
                    if got is None:
                        got = frozenset("".join(a for a in adds if _spelt(a)))
                        letters[id(adds)] = got
                    found |= got
            out[core] = "".join(sorted(found))
        return out

    def _from_cores(
        self,
        found: Iterable[str],
        letters: Mapping[str, int],
        extra: Collection[str],
        want: Counter[str] | None = None,
    ) -> Iterator[str]:
        """The words of the cores ``found`` with their affixes that fit ``letters`` and at
        most one letter of ``extra``, each once; with ``want``, only the suffixes that give
        the wanted letters the core and its prefix lack are walked (issue 32: a phone's
        check of a selection no word holds walks no suffix in vain)."""
        seen: set[str] = set()
        wanted = _packed(want.elements()) if want else 0
        for core in found:
            forms = self._forms[core] if core else self._empty
            if want:
                # the forms whose core with its longest affixes can hold ``want`` (packed
                # counts: a few integer operations a form, issue 32)
                if not _within(wanted, self._bound(core)):
                    continue
                base = _packed(core)
                forms = tuple(
                    (pre_adds, post_adds)
                    for pre_adds, post_adds in forms
                    if _within(wanted, base + self._most(pre_adds) + self._most(post_adds))
                )
                if not forms:
                    continue
            left = Counter(letters)
            left.subtract(core)
            used = any(n < 0 for n in left.values())
            more: Collection[str] = () if used else extra
            lack = want - Counter(core) if want else None
            for pre_adds, post_adds in forms:
                for pre in self._fitting(pre_adds, left, more):
                    rest, rest_more = left, more
                    if pre:
                        rest = left.copy()
                        rest.subtract(pre)
                        rest_more = () if any(n < 0 for n in rest.values()) else more
                    short = lack - Counter(pre) if lack and pre else lack
                    for post in self._fitting(post_adds, rest, rest_more, short):
                        w = pre + core + post
                        if w not in seen and len(w) > 1:
                            seen.add(w)
                            yield w

    def _bound(self, core: str) -> int:
        """The most of each letter a word of ``core`` holds, packed: the core's letters and
        its longest affixes' (one integer a core, kept once computed; issue 32)."""
        bound = self._bounds.get(core)
        if bound is None:
            base = _packed(core)
            bound = 0
            for pre_adds, post_adds in self._forms[core] if core else self._empty:
                # a field-wise maximum: a bound is enough, so the sum of the forms' bounds
                # would do too, but the maximum keeps it tight
                one = base + self._most(pre_adds) + self._most(post_adds)
                bound = _most_of(bound, one)
            self._bounds[core] = bound
        return bound

    def _most(self, adds: Adds) -> int:
        """The most of each letter one addition of ``adds`` holds, packed (:func:`_packed`):
        a bound for a phone's check, no word of these affixes holds more (issue 32)."""
        most = self._most_of.get(adds)
        if most is None:
            top: Counter[str] = Counter()
            for a in adds:
                if _spelt(a):  # an addition no card spells (an apostrophe) adds nothing
                    top |= Counter(a)
            most = self._most_of[adds] = _packed(top.elements())
        return most

    def _fitting(
        self,
        adds: Adds,
        left: Mapping[str, int],
        extra: Collection[str],
        need: Counter[str] | None = None,
    ) -> Iterator[str]:
        """The additions of ``adds`` made of ``left`` and at most one letter of ``extra``;
        with ``need``, only those holding at least those letters."""
        if len(adds) == 1:
            if fits(adds[0], left, extra) and (not need or not need - Counter(adds[0])):
                yield adds[0]
            return
        found = self._adds.get(adds)
        if found is None:
            found = self._adds[adds] = (LetterIndex(a for a in adds if a), "" in adds)
        index, empty = found
        if empty and not need:
            yield ""
        yield from index.within({x: n for x, n in left.items() if n > 0}, extra, need)


_FIELD = 5  # bits a letter's count takes in a packed multiset; the top one a guard
_GUARD = sum(1 << (_FIELD * i + _FIELD - 1) for i in range(26))


def _packed(letters: Iterable[str]) -> int:
    """The upper-case letters of ``letters`` as a packed multiset: the count of each letter
    in its own field of an integer (at most 15 of a letter; other characters ignored), so
    that adding multisets is adding integers and :func:`_within` compares all 26 counts at
    once."""
    out = 0
    for x in letters:
        i = ord(x) - 65
        if 0 <= i < 26:
            out += 1 << (_FIELD * i)
    return out


def _within(small: int, big: int) -> bool:
    """Whether the packed multiset ``small`` is within ``big`` (each count at most): each
    field of ``big`` with its guard bit set, less ``small``'s, keeps its guard bit."""
    return ((big | _GUARD) - small) & _GUARD == _GUARD


_MASK = (1 << _FIELD) - 1
_BIT = {chr(65 + i): 1 << (_FIELD * i) for i in range(26)}
_MOST = (_MASK >> 1) - 1
"""The most of a letter :meth:`Cores.spelled_by` packs: one more (a wild's) stays below 16."""


def _take(whole: int, part: int, ones: Collection[int]) -> tuple[int, bool]:
    """The packed multiset ``whole`` less ``part`` and whether one letter of ``ones`` (each a
    letter's packed unit) is still free: ``part`` within ``whole`` leaves it free; ``part``
    holding one more of a single letter of ``ones`` than ``whole`` takes it; otherwise -1
    (``part`` is not made of ``whole`` and one letter of ``ones``)."""
    if ((whole | _GUARD) - part) & _GUARD == _GUARD:
        return whole - part, True
    for one in ones:
        more = whole + one
        if ((more | _GUARD) - part) & _GUARD == _GUARD:
            return more - part, False
    return -1, False


def _most_of(a: int, b: int) -> int:
    """The field-wise maximum of two packed multisets (counts below 16): the fields where
    ``a`` is at least ``b`` keep their guard bit in ``(a | guards) - b``, made into a mask of
    whole fields."""
    ge = (((a | _GUARD) - b) & _GUARD) >> (_FIELD - 1)
    keep = ge * _MASK
    return (a & keep) | (b & ~keep)


def _spelt(add: str) -> bool:
    """Whether an affix's addition is made of letters (a card can spell it)."""
    return bool(add) and _LETTERS.issuperset(add.lower())


def _less(
    letters: Counter[str], part: str, extra: Collection[str]
) -> tuple[Counter[str], Collection[str]]:
    """``letters`` without those of ``part``, and the ``extra`` letters still allowed (none once
    ``part`` took the one letter of ``extra`` that ``letters`` lacked)."""
    left = letters.copy()
    left.subtract(part)
    short = [x for x, n in left.items() if n < 0]
    if short:
        left[short[0]] += 1
        return left, ()
    return left, extra


def fits(word: str, letters: Mapping[str, int], extra: Collection[str]) -> bool:
    """Whether ``word`` is made of ``letters`` and at most one letter of ``extra``."""
    used = False
    for x, n in Counter(word).items():
        have = max(letters.get(x, 0), 0)
        if n > have:
            if used or n > have + 1 or x not in extra:
                return False
            used = True
    return True


def _rules(
    aff: str,
) -> tuple[dict[tuple[str, str], list[tuple[str, Adds]]], dict[tuple[str, str], bool]]:
    """The affix rules of ``aff`` by (kind, flag): (strip, additions) pairs, and whether the
    flag combines with the other kind (cross product)."""
    cross: dict[tuple[str, str], bool] = {}
    adds: dict[tuple[str, str], dict[str, list[str]]] = {}
    with open(aff, encoding="utf-8") as f:
        for line in f:
            parts = line.split()
            if len(parts) < 4 or parts[0] not in ("PFX", "SFX"):
                continue
            key = (parts[0], parts[1])
            if key not in cross:
                cross[key] = parts[2] == "Y"
                adds[key] = {}
                continue
            strip = "" if parts[2] == "0" else parts[2]
            add = parts[3].split("/")[0]
            adds[key].setdefault(strip, []).append("" if add == "0" else add.upper())
    rules = {k: [(s, tuple(sorted(set(a)))) for s, a in v.items()] for k, v in adds.items()}
    return rules, cross


@cache
def cores(hunspell_dir: str) -> Cores:
    """The cores of ``it_IT`` in ``hunspell_dir`` (read once per process)."""
    return Cores(f"{hunspell_dir}/it_IT.aff", f"{hunspell_dir}/it_IT.dic")
