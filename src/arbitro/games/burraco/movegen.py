"""What legal-move generation needs, kept fast: a hand's running tallies and cached move lists.

:class:`HandTally` holds a hand as counts by :attr:`Card.index` and keeps, as cards come and go,
the tallies that :meth:`Deal.legal_moves <arbitro.games.burraco.deal.Deal.legal_moves>` reads:
which cards are held (a bit mask, and the discard of each, art. 8), how many of each rank, the
ranks held two or three times, each suit's mask of ranks, the wilds held. The functions turn
such tallies into the moves they allow (three-card openings of arts. 11-14, one-card lay-offs of
arts. 12-14); each result is a tuple of interned :class:`Move` values, cached by the small
integer that determines it, so a call mostly joins cached tuples. Nothing here decides legality
alone: :class:`Deal` applies the rules of the turn (arts. 10, 16, 18, 32, 33) on top.
"""

from __future__ import annotations

from typing import Any, Final

from arbitro.cards import ALL_CARDS
from arbitro.cards.card import JOKER_INDEX
from arbitro.codes.burraco_fibas import BurracoFibasCode
from arbitro.games.burraco.errors import IllegalMoveError
from arbitro.games.burraco.melds import Meld, make_meld
from arbitro.games.burraco.moves import Move, discard, lay_off, meld
from arbitro.games.burraco.rules import ACE_HIGH

N_CARDS: Final = len(ALL_CARDS)
WILDS: Final = (JOKER_INDEX, 1, 14, 27, 40)
"""The wilds' card indices: joker, 2H, 2D, 2C, 2S (art. 12); bit k of a wild mask is WILDS[k]."""
DISCARDS: Final = tuple(discard(c) for c in ALL_CARDS)
"""The discard of each card, by card index (art. 8)."""

_WILD_BIT: Final = {w: 1 << k for k, w in enumerate(WILDS)}
_POW3: Final = (1, 3, 9, 27)
_CARD_INFO: Final = tuple(
    (i // 13, i % 13 + 1, _POW3[i // 13], 1 << (i % 13 + 1), _WILD_BIT.get(i, 0))
    if i < JOKER_INDEX
    else (0, 0, 0, 0, _WILD_BIT[i])
    for i in range(N_CARDS)
)
"""By card index: suit number, rank (0 for the joker), its base-3 weight in the rank's key, its
bit in the suit's rank mask, its bit in the wild mask (0 for a natural)."""


_DIGIT_SUM: Final = tuple(k % 3 + k // 3 % 3 + k // 9 % 3 + k // 27 for k in range(81))
"""The number of cards a rank's key stands for (the sum of its base-3 digits)."""


class HandTally:
    """One hand as counts by card index, with tallies kept up to date by :meth:`add`/:meth:`remove`.

    ``counts[i]``: copies of card ``i`` held (0-2, the Burraco deck has two of each card);
    ``size``: cards held; ``bits``: bit i set when card i is held; ``discards``: the discard of
    each distinct card held, in card-index order; ``rank_keys[r]``: the sum over the suits q of
    ``3**q * copies`` of the rank-r card of suit q; ``pairs`` / ``triples``: bit r set when at
    least two / three naturals of rank r are held; ``suit_masks[q]``: bit r set when the rank-r
    card of suit q is held; ``wilds``: bit k set when wild ``WILDS[k]`` is held.
    """

    __slots__ = (
        "bits",
        "counts",
        "discards",
        "pairs",
        "rank_keys",
        "size",
        "suit_masks",
        "triples",
        "wilds",
    )

    def __init__(self) -> None:
        self.counts = [0] * N_CARDS
        self.size = 0
        self.bits = 0
        self.discards: list[Move] = []
        self.rank_keys = [0] * 14
        self.pairs = 0
        self.triples = 0
        self.suit_masks = [0] * 4
        self.wilds = 0

    def copy(self) -> HandTally:
        """An independent copy."""
        new = HandTally.__new__(HandTally)
        new.counts = list(self.counts)
        new.size = self.size
        new.bits = self.bits
        new.discards = list(self.discards)
        new.rank_keys = list(self.rank_keys)
        new.pairs = self.pairs
        new.triples = self.triples
        new.suit_masks = list(self.suit_masks)
        new.wilds = self.wilds
        return new

    def add(self, i: int) -> None:
        """Take card index ``i`` into the hand."""
        counts = self.counts
        n = counts[i]
        counts[i] = n + 1
        self.size += 1
        q, r, p3, bit, wbit = _CARD_INFO[i]
        if not n:
            b = self.bits
            self.discards.insert((b & ((1 << i) - 1)).bit_count(), DISCARDS[i])
            self.bits = b | 1 << i
            if wbit:
                self.wilds |= wbit
            if r:
                self.suit_masks[q] |= bit
        if r:
            keys = self.rank_keys
            k = keys[r] + p3
            keys[r] = k
            many = _DIGIT_SUM[k]
            if many == 2:
                self.pairs |= 1 << r
            elif many == 3:
                self.triples |= 1 << r

    def remove(self, i: int) -> None:
        """Take card index ``i`` (which the hand holds) out of the hand."""
        counts = self.counts
        n = counts[i] - 1
        counts[i] = n
        self.size -= 1
        q, r, p3, bit, wbit = _CARD_INFO[i]
        if not n:
            b = self.bits & ~(1 << i)
            del self.discards[(b & ((1 << i) - 1)).bit_count()]
            self.bits = b
            if wbit:
                self.wilds &= ~wbit
            if r:
                self.suit_masks[q] &= ~bit
        if r:
            keys = self.rank_keys
            k = keys[r]
            keys[r] = k - p3
            many = _DIGIT_SUM[k]
            if many == 2:
                self.pairs &= ~(1 << r)
            elif many == 3:
                self.triples &= ~(1 << r)


# ------------------------------------------------------------------ three-card openings


def _combos(counts: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    """The ways to pick ``k`` suits (with repeats up to ``counts[q]``), as sorted suit tuples."""
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, acc: tuple[int, ...], used: list[int]) -> None:
        if left == 0:
            out.append(acc)
            return
        for s in range(start, 4):
            if counts[s] - used[s] > 0:
                used[s] += 1
                rec(s, left - 1, (*acc, s), used)
                used[s] -= 1

    rec(0, k, (), [0, 0, 0, 0])
    return out


_COMBOS: Final = {
    (a, b, c, d, k): _combos((a, b, c, d), k)
    for a in range(3)
    for b in range(3)
    for c in range(3)
    for d in range(3)
    for k in (2, 3)
}
_SET_MOVES: dict[tuple[int, tuple[int, ...], int], Move] = {}
_RUN_MOVES: dict[tuple[int, int, int, int], Move] = {}
_WINDOWS: dict[int, tuple[tuple[int, int], ...]] = {}
_SET_OPENINGS: dict[int, tuple[Move, ...]] = {}
RUN_NATURALS: dict[int, tuple[tuple[Move, ...], bool]] = {}
"""The cache of :func:`run_openings`, by ``mask << 2 | q`` (read directly on the hot path)."""
_RUN_WILD: dict[int, tuple[Move, ...]] = {}


_CACHE_LIMIT: Final = 100_000
"""Most entries a cache of move lists keeps; a full cache starts again empty (bounded memory)."""


def _room(cache: dict[Any, Any]) -> None:
    """Empty ``cache`` when it is full."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()


def pos_index(suit: int, position: int) -> int:
    """Card index of the natural at run ``position`` (14 = ace high) of suit number ``suit``."""
    return suit * 13 + (0 if position == ACE_HIGH else position - 1)


def wild_list(wmask: int) -> list[int]:
    """The card indices of the wilds in the wild mask ``wmask`` (in the order of ``WILDS``)."""
    return [w for k, w in enumerate(WILDS) if wmask >> k & 1]


def _set_move(r: int, combo: tuple[int, ...], w: int) -> Move:
    key = (r, combo, w)
    mv = _SET_MOVES.get(key)
    if mv is None:
        cards = tuple(ALL_CARDS[q * 13 + r - 1] for q in combo)
        mv = _SET_MOVES[key] = meld((*cards, ALL_CARDS[w]) if w >= 0 else cards)
    return mv


def _run_move(q: int, p: int, missing: int, w: int) -> Move:
    key = (q, p, missing, w)
    mv = _RUN_MOVES.get(key)
    if mv is None:
        cards = tuple(
            ALL_CARDS[w] if pp == missing else ALL_CARDS[pos_index(q, pp)]
            for pp in (p, p + 1, p + 2)
        )
        mv = _RUN_MOVES[key] = meld(cards)
    return mv


def _windows(mask: int) -> tuple[tuple[int, int], ...]:
    """Run windows of three places (p, p+1, p+2) with all three (missing 0) or two present."""
    hit = _WINDOWS.get(mask)
    if hit is not None:
        return hit
    out = []
    for p in range(1, 13):
        absent = [pp for pp in (p, p + 1, p + 2) if not mask >> pp & 1]
        if not absent:
            out.append((p, 0))
        elif len(absent) == 1:
            out.append((p, absent[0]))
    hit = _WINDOWS[mask] = tuple(out)
    return hit


def set_openings(r: int, key: int, wmask: int) -> tuple[Move, ...]:
    """Three-card sets of rank ``r``: three naturals, or two naturals and a wild (arts. 12, 14).

    ``key`` gives in base 3 how many of each suit's card of rank ``r`` the hand holds (0-2);
    ``wmask`` the wilds it holds.
    """
    k = (key << 5 | wmask) << 4 | r
    hit = _SET_OPENINGS.get(k)
    if hit is not None:
        return hit
    counts = (key % 3, key // 3 % 3, key // 9 % 3, key // 27)
    out = [_set_move(r, combo, -1) for combo in _COMBOS[(*counts, 3)]]
    wilds = wild_list(wmask)
    if wilds:
        for combo in _COMBOS[(*counts, 2)]:
            out.extend(_set_move(r, combo, w) for w in wilds)
    _room(_SET_OPENINGS)
    hit = _SET_OPENINGS[k] = tuple(out)
    return hit


def run_openings(q: int, mask: int) -> tuple[tuple[Move, ...], bool]:
    """Three-card runs of naturals of suit number ``q`` (art. 13), and whether a wild would add
    runs of two naturals and a wild (see :func:`wild_run_openings`).

    ``mask`` has bit r set when the hand holds the suit's rank-r card (the ace also counts at
    place 14, after the K).
    """
    k = mask << 2 | q
    hit = RUN_NATURALS.get(k)
    if hit is not None:
        return hit
    windows = _windows(mask | (1 << ACE_HIGH) if mask & 2 else mask)
    naturals = tuple(_run_move(q, p, 0, -1) for p, missing in windows if not missing)
    _room(RUN_NATURALS)
    hit = RUN_NATURALS[k] = (naturals, bool(windows))
    return hit


def wild_run_openings(q: int, mask: int, wmask: int, twin_two: bool) -> tuple[Move, ...]:
    """Three-card runs of suit number ``q`` of two naturals and a wild (arts. 12, 13).

    For three consecutive places of which the hand holds at least two, the wild stands at the
    place the hand lacks, or, when it holds all three, at any of them (the natural it stands
    for stays in hand). ``wmask``: the wilds held; ``twin_two``: whether both copies of the
    suit's 2 are held (one can be the natural 2 and the other the wild).
    """
    k = ((mask << 2 | q) << 5 | wmask) << 1 | twin_two
    hit = _RUN_WILD.get(k)
    if hit is not None:
        return hit
    windows = _windows(mask | (1 << ACE_HIGH) if mask & 2 else mask)
    wilds = wild_list(wmask)
    two = q * 13 + 1
    out = []
    for p, missing in windows:
        for place in (missing,) if missing else (p, p + 1, p + 2):
            for w in wilds:
                if w == two and (place == 2 or (p <= 2 and not twin_two)):
                    continue  # the suit's 2 at place 2 is a natural; a lone 2 cannot be both
                out.append(_run_move(q, p, place, w))
    _room(_RUN_WILD)
    hit = _RUN_WILD[k] = tuple(out)
    return hit


# ------------------------------------------------------------------ lay-offs

LayoffPart = tuple[int, tuple[tuple[int, tuple[Move, ...]], ...]]
"""The one-card lay-offs on one meld: the bit mask of the card indices that can be laid off, and
for each such index the moves that lay it off (a wild may go to either end of a run)."""

_LAYOFF_MOVES: dict[tuple[int, int, bool], Move] = {}
_PARTS: dict[int, tuple[BurracoFibasCode, dict[tuple[int, ...], LayoffPart]]] = {}


def _layoff_move(target: int, idx: int, low: bool = False) -> Move:
    key = (target, idx, low)
    mv = _LAYOFF_MOVES.get(key)
    if mv is None:
        mv = _LAYOFF_MOVES[key] = lay_off(target, (ALL_CARDS[idx],), low=low)
    return mv


def layoff_part(m: Meld, j: int, code: BurracoFibasCode) -> LayoffPart:
    """Every one-card lay-off on meld ``m``, the line's meld number ``j`` (arts. 12-14).

    On a set: a natural of its rank while it has fewer than the most naturals, a wild if it has
    none. On a run: the natural next to either end, the natural its wild stands for, a wild at
    either end or in no gap if it has none (a run full of naturals takes no more).
    """
    cache = _PARTS.get(id(code))
    if cache is None or cache[0] is not code:
        cache = _PARTS[id(code)] = (code, {})
    if m.is_run:
        first = m.cards[1] if m.wild == 0 else m.cards[0]
        key: tuple[int, ...] = (j, first.index // 13, m.low, len(m.cards), m.wild)
    else:
        rank = m.cards[0].rank
        assert rank is not None
        key = (j, -rank.value, m.naturals, m.wild)
    hit = cache[1].get(key)
    if hit is None:
        _room(cache[1])
        hit = cache[1][key] = _layoff_part(m, j, code)
    return hit


def _layoff_part(m: Meld, j: int, code: BurracoFibasCode) -> LayoffPart:
    found: dict[int, list[Move]] = {}
    if not m.is_run:
        rank = m.cards[0].rank
        assert rank is not None
        r = rank.value
        if m.naturals < code.set_max_naturals:
            for q in range(4):
                found.setdefault(q * 13 + r - 1, []).append(_layoff_move(j, q * 13 + r - 1))
        if m.wild < 0:
            for w in WILDS:
                found.setdefault(w, []).append(_layoff_move(j, w))
    else:
        max_run = code.run_max_naturals
        first = m.cards[1] if m.wild == 0 else m.cards[0]
        q = first.index // 13
        lo, hi = m.low, m.high
        if m.naturals < max_run:
            seen: set[int] = set()
            if lo > 1:
                seen.add(pos_index(q, lo - 1))
            if hi < ACE_HIGH:
                seen.add(pos_index(q, hi + 1))
            if m.wild >= 0 and (lo > 1 or hi < ACE_HIGH):
                seen.add(pos_index(q, lo + m.wild))
            if (lo == 1 and m.wild != 0) or (hi == ACE_HIGH and m.wild != len(m.cards) - 1):
                seen.discard(pos_index(q, 1))  # art. 13: one natural ace a run, at either end
            for i in sorted(seen):
                found.setdefault(i, []).append(_layoff_move(j, i))
        if m.wild < 0 and len(m.cards) < max_run + 1:
            two = q * 13 + 1
            for w in WILDS:
                if lo > 1 and not (w == two and lo == 3):
                    found.setdefault(w, []).append(_layoff_move(j, w, True))
                if hi < ACE_HIGH:
                    found.setdefault(w, []).append(_layoff_move(j, w))
    mask = 0
    for i in found:
        mask |= 1 << i
    return mask, tuple((i, tuple(v)) for i, v in found.items())


# ------------------------------------------------------------------ longer melds and lay-offs
#
# The candidates below are a superset of the legal longer openings (four cards or more) and
# multi-card lay-offs, each written in its canonical order (a run in table order, a set's
# naturals by suit and its wild last, a lay-off's naturals by card index and its wild last);
# :class:`Deal` keeps those its checks accept (arts. 11-14, 18, 32, 33).


def _places(q: int, a: int, b: int) -> list[int]:
    return [pos_index(q, p) for p in range(a, b + 1)]


def longer_set_openings(r: int, key: int, wmask: int, code: BurracoFibasCode) -> Candidates:
    """Sets of rank ``r`` of four cards or more (art. 14): four naturals or more, or three or
    more and a wild; ``key`` in base 3 the copies held of each suit's rank-``r`` card."""
    k = ((key << 5 | wmask) << 4 | r) << 4 | code.set_max_naturals
    hit = _LONG_SETS.get(k)
    if hit is not None:
        return hit
    counts = (key % 3, key // 3 % 3, key // 9 % 3, key // 27)
    wilds = wild_list(wmask)
    out: list[Move] = []
    for n in range(3, min(sum(counts), code.set_max_naturals) + 1):
        for combo in _combos_any(counts, n):
            if n >= 4:
                out.append(_set_move(r, combo, -1))
            out.extend(_set_move(r, combo, w) for w in wilds)
    _room(_LONG_SETS)
    hit = _LONG_SETS[k] = valid(out, None, code)
    return hit


def longer_run_openings(q: int, mask: int, wmask: int, code: BurracoFibasCode) -> Candidates:
    """Runs of suit number ``q`` of four cards or more (art. 13): the places held in ``mask``
    (the ace also at 14), at most one place held by a wild, at a place the hand lacks or, when
    it holds them all, at any of them (the natural stays in hand). A superset where copies
    count (the suit's 2 as natural and wild, the ace at both ends): the deal checks the hand."""
    k = ((mask << 2 | q) << 5 | wmask) << 4 | code.run_max_naturals
    hit = _LONG_RUNS.get(k)
    if hit is not None:
        return hit
    held = mask | (1 << ACE_HIGH) if mask & 2 else mask
    wilds = wild_list(wmask)
    two = q * 13 + 1
    out: list[Move] = []
    for a in range(1, 12):
        missing = -1
        for b in range(a, 15):
            if not held >> b & 1:
                if missing >= 0:
                    break
                missing = b
            if b - a < 3:
                continue
            cards = [ALL_CARDS[pos_index(q, p)] for p in range(a, b + 1)]
            if missing < 0:
                if b - a + 1 <= code.run_max_naturals:
                    out.append(meld(tuple(cards)))
                spots: range = range(a, b + 1)
            else:
                spots = range(missing, missing + 1)
            for p in spots:
                for w in wilds:
                    if w == two and p == 2:
                        continue  # the suit's 2 at place 2 is its natural 2
                    placed = list(cards)
                    placed[p - a] = ALL_CARDS[w]
                    out.append(meld(tuple(placed)))
    _room(_LONG_RUNS)
    hit = _LONG_RUNS[k] = valid(out, None, code)
    return hit


Candidates = tuple[tuple[Move, int, tuple[tuple[int, int], ...]], ...]
"""Valid longer melds or lay-offs, each once: the move, its number of cards, and the cards it
plays twice with how many (the hand must hold them; a single card is held by construction)."""

_LONG_SETS: dict[int, Candidates] = {}
_LONG_RUNS: dict[int, Candidates] = {}
_MULTI: dict[int, tuple[BurracoFibasCode, dict[tuple[int, ...], Candidates]]] = {}


_ON: dict[tuple[int, int], tuple[Candidates, Candidates]] = {}
"""The lay-offs cached for meld number 0, written for meld number j."""


def valid(moves: list[Move], old: Meld | None, code: BurracoFibasCode) -> Candidates:
    """The ``moves`` that make a meld (an opening if ``old`` is None, else a lay-off on it),
    one for each meld made (moves making the same meld play the same cards)."""
    out = []
    seen: set[Meld] = set()
    for mv in moves:
        try:
            made = (
                make_meld(mv.cards, code)
                if old is None
                else old.lay_off(mv.cards, low=mv.low, code=code)
            )
        except IllegalMoveError:
            continue
        if made in seen:
            continue
        seen.add(made)
        n: dict[int, int] = {}
        for x in mv.cards:
            n[x.index] = n.get(x.index, 0) + 1
        out.append((mv, len(mv.cards), tuple((i, k) for i, k in n.items() if k > 1)))
    return tuple(out)


def _combos_any(counts: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    key = (counts[0], counts[1], counts[2], counts[3], k)
    hit = _COMBOS.get(key)
    if hit is None:
        hit = _COMBOS[key] = _combos(counts, k)
    return hit


def multi_layoffs(m: Meld, j: int, held: int, wmask: int, code: BurracoFibasCode) -> Candidates:
    """The valid :func:`_multi_layoffs`, remembered by the meld and the hand's relevant cards
    (``held``: the suit's rank mask for a run, the rank's base-3 key for a set) and the meld's
    shape (a run is its suit, ends and wild; the lay-offs on a set depend on its rank, how many
    naturals it has and whether it has a wild)."""
    if m.is_run:  # only the places beyond its ends and the one its wild stands for matter
        lo, hi = m.low, m.high
        places = held | (1 << ACE_HIGH) if held & 2 else held
        keep = 0
        for end, step in ((lo, -1), (hi, 1)):  # the places beyond each end, to a second gap
            lacking = 0
            p = end + step
            while 1 <= p <= ACE_HIGH:
                if not places >> p & 1:
                    lacking += 1
                    if lacking > 1:
                        break
                else:
                    keep |= 1 << (1 if p == ACE_HIGH else p)
                p += step
        stands = m.wild_position
        if stands is not None:
            keep |= 1 << (1 if stands == ACE_HIGH else stands)
        held &= keep
        displaced = stands is not None and held >> (1 if stands == ACE_HIGH else stands) & 1
        if m.wild >= 0 and not displaced:
            wmask = 0  # a second wild only where the first moves to place 2 as a natural
        if held.bit_count() + (wmask != 0) < 2:
            return ()
        w = m.wild
        shape: tuple[int, ...] = (
            m.cards[1 if w == 0 else 0].index // 13,
            lo,
            hi,
            w,
            m.cards[w].index if w >= 0 else -1,
        )
    else:
        rank = m.cards[0].rank
        assert rank is not None
        if _DIGIT_SUM[held] + (wmask != 0 and m.wild < 0) < 2:
            return ()
        shape = (-rank.value, m.naturals, m.wild >= 0, 0, 0)
    key = (*shape, held, wmask)
    cache = _MULTI.get(id(code))
    if cache is None or cache[0] is not code:
        cache = _MULTI[id(code)] = (code, {})
    hit = cache[1].get(key)
    if hit is None:
        _room(cache[1])
        hit = cache[1][key] = valid(_multi_layoffs(m, 0, held, wmask, code), m, code)
    if not j or not hit:
        return hit
    on = _ON.get((id(hit), j))
    if on is None or on[0] is not hit:
        _room(_ON)
        moved = tuple((mv._replace(target=j), n, dups) for mv, n, dups in hit)
        on = _ON[(id(hit), j)] = (hit, moved)
    return on[1]


def _multi_layoffs(m: Meld, j: int, held: int, wmask: int, code: BurracoFibasCode) -> list[Move]:
    """Lay-offs of two cards or more on meld ``m`` (the line's number ``j``) from the cards
    ``held``: on a set, naturals of its rank and a wild if it has none (art. 14); on a run, the
    naturals extending it at either end, the natural its wild stands for, and a wild (high
    or low) if it has none (arts. 12-13)."""
    out: list[Move] = []
    wilds = wild_list(wmask)
    if not m.is_run:
        rank = m.cards[0].rank
        assert rank is not None
        r = rank.value
        counts = (held % 3, held // 3 % 3, held // 9 % 3, held // 27)
        room = code.set_max_naturals - m.naturals
        for k in range(min(sum(counts), room) + 1):
            for combo in _combos_any(counts, k) if k else [()]:
                cards = tuple(ALL_CARDS[q * 13 + r - 1] for q in combo)
                if k >= 2:
                    out.append(lay_off(j, cards))
                if m.wild < 0 and k >= 1:
                    out.extend(lay_off(j, (*cards, ALL_CARDS[w])) for w in wilds)
        return out
    first = m.cards[1] if m.wild == 0 else m.cards[0]
    q = first.index // 13
    lo, hi = m.low, m.high
    stands = m.stands_for
    extra = [stands.index] if stands is not None and held >> (stands.index % 13 + 1) & 1 else []
    if held & 2:
        held |= 1 << ACE_HIGH
    low_ext = _extension(lo, -1, held)
    high_ext = _extension(hi, 1, held)
    for x in range(len(low_ext) + 1):
        for y in range(len(high_ext) + 1):
            places = low_ext[:x] + high_ext[:y]
            gaps = [p for p, held in places if not held]
            if len(gaps) > 1:
                continue
            for s in ([], extra) if extra else ([],):
                naturals = sorted({pos_index(q, p) for p, held in places if held} | set(s))
                base = tuple(ALL_CARDS[i] for i in naturals)
                if not gaps and len(base) >= 2:
                    out.append(lay_off(j, base))
                if m.wild < 0 or s:
                    # the wild in the gap, at an end, or at a place whose natural stays in hand
                    fills = [base]
                    if not gaps:
                        fills += [
                            tuple(ALL_CARDS[i] for i in naturals if i != pos_index(q, p))
                            for p, held in places
                            if held
                        ]
                    for w in wilds:
                        for nat in fills:
                            if len(nat) + 1 < 2:
                                continue
                            cards = (*nat, ALL_CARDS[w])
                            out.append(lay_off(j, cards))
                            out.append(lay_off(j, cards, low=True))
    return out


def _extension(end: int, step: int, mask: int) -> list[tuple[int, bool]]:
    """The places beyond a run's ``end`` (step -1: below, 1: above), each with whether the hand
    holds its natural, up to the second place it lacks."""
    out: list[tuple[int, bool]] = []
    lacking = 0
    p = end + step
    while 1 <= p <= ACE_HIGH:
        held = bool(mask >> p & 1)
        if not held:
            lacking += 1
            if lacking > 1:
                break
        out.append((p, held))
        p += step
    return out
