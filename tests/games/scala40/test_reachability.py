"""``Deal.legal_moves`` lists every legal move of Scala 40 (arts. 6-9, 17, 19): every opening
(art. 7: "almeno 40 punti", any set of melds), every meld of three cards or more, every
lay-off of one card or more ("mai più di due consecutive alla volta" on a run, art. 17), once
for each position it makes (an opening's melds in another order, a set's cards in another
order, a joker written undeclared or declared where that makes the same meld: the same
move); and every listed move is accepted by ``push``. The search is exhaustive on small hands
rich in runs, sets and jokers: every meld of three to five cards in every order that matters
(jokers first, last or between, undeclared or declared), every lay-off of one or two cards,
every opening of one or two such melds. ``bot_moves`` is part of ``legal_moves``.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import ALL_CARDS, JOKER, Card
from arbitro.games.core import IllegalMoveError
from arbitro.games.scala40 import Deal, Move, MoveKind, Seat, arrange_deck
from arbitro.games.scala40.melds import Meld, Token, format_tokens, make_meld
from arbitro.games.scala40.moves import DRAW, lay_off, meld, open_move, parse_move
from arbitro.games.scala40.rules import scala40_deck

NATURALS = [c for c in ALL_CARDS if not c.is_joker]


def _meld_key(m: Meld) -> str:
    """A run in order; a set's cards in any order (the same set)."""
    if m.is_run:
        return format_tokens(m.tokens)
    return " ".join(sorted(format_tokens((t,)) for t in m.tokens))


def _shape(deal: Deal) -> object:
    """The position a play makes, whatever the order of an opening's melds."""
    return (
        tuple(sorted(_meld_key(m) for m in deal.table)),
        tuple(deal.hand(s) for s in deal.order),
        deal.turn,
        deal.phase,
        tuple(deal.has_opened(s) for s in deal.order),
    )


def _after(deal: Deal, move: Move) -> object | None:
    probe = deal.copy()
    try:
        probe.push(move)
    except IllegalMoveError:
        return None
    if probe.remedies != deal.remedies:  # art. 20: no card left to discard, put right
        return None
    return _shape(probe)


def _stands(naturals: tuple[Card, ...]) -> list[Card | None]:
    """What a joker may be declared as next to ``naturals``: undeclared, or a card of their
    rank, or of their suit within four places of one of them (further, no meld of five)."""
    ranks = {c.rank for c in naturals}
    near = {(c.index // 13, (c.index % 13 + d) % 13) for c in naturals for d in range(-4, 5)}
    return [
        None,
        *(c for c in NATURALS if c.rank in ranks or (c.index // 13, c.index % 13) in near),
    ]


def _orders(combo: tuple[Card, ...]) -> set[tuple[Token, ...]]:
    """The ways to write ``combo`` that may make different melds: naturals in order, each
    joker at any place, undeclared or declared."""
    naturals = tuple(sorted((c for c in combo if not c.is_joker), key=lambda c: c.index))
    jokers = len(combo) - len(naturals)
    out: set[tuple[Token, ...]] = set()
    if not naturals:
        return out
    stands = _stands(naturals)
    for places in itertools.combinations(range(len(combo)), jokers):
        for decl in itertools.product(stands, repeat=jokers):
            toks: list[Token] = []
            it_n, it_j = iter(naturals), iter(decl)
            for k in range(len(combo)):
                toks.append((JOKER, next(it_j)) if k in places else (next(it_n), None))
            out.add(tuple(toks))
    return out


def _candidate_melds(hand: tuple[Card, ...]) -> list[tuple[Token, ...]]:
    out: set[tuple[Token, ...]] = set()
    for k in (3, 4, 5):
        for combo in set(itertools.combinations(hand, k)):
            plain = [c for c in combo if not c.is_joker]
            if len({c.rank for c in plain}) > 1 and len({c.suit for c in plain}) > 1:
                continue
            out.update(_orders(combo))
    return sorted(out, key=str)


def _candidate_layoffs(deal: Deal, hand: tuple[Card, ...]) -> list[Move]:
    out: list[Move] = []
    for j, m in enumerate(deal.table):
        for k in (1, 2):
            for combo in set(itertools.combinations(hand, k)):
                for toks in _orders(combo) or {tuple((c, None) for c in combo)}:
                    if not any(c.is_joker for c, _ in toks) and len(toks) == 2:
                        toks_rev = (toks[1], toks[0])
                        out.append(lay_off(j, toks_rev))
                    out.append(lay_off(j, toks))
                    out.append(lay_off(j, toks, low=True))
        del m
    return out


def _jokers_only_layoffs(deal: Deal, hand: tuple[Card, ...]) -> list[Move]:
    """Lay-offs of jokers alone, undeclared or declared as any natural."""
    out: list[Move] = []
    if JOKER not in hand:
        return out
    for j in range(len(deal.table)):
        for stand in [None, *NATURALS]:
            out.append(lay_off(j, ((JOKER, stand),)))
            out.append(lay_off(j, ((JOKER, stand),), low=True))
    return out


def _check(deal: Deal, *, openings: bool) -> int:
    """Every accepted candidate has a listed equivalent; every listed move is accepted."""
    listed = deal.legal_moves()
    shapes = set()
    for mv in listed:
        shape = _after(deal, mv)
        assert shape is not None, f"listed but refused: {mv} in {deal}"
        shapes.add(shape)
    assert set(deal.bot_moves()) <= set(listed)
    hand = deal.hand(deal.turn)
    valid: dict[str, tuple[Token, ...]] = {}  # one way of writing each meld
    for toks in _candidate_melds(hand):
        try:
            valid.setdefault(format_tokens(make_meld(toks, deal.code).tokens), toks)
        except IllegalMoveError:
            continue
    checked = 0
    candidates: list[Move] = []
    if openings:
        held = Counter(hand)
        for n in (1, 2):
            for group in itertools.combinations(valid.values(), n):
                if not Counter(c for t in group for c, _ in t) - held:
                    candidates.append(open_move(group))
    else:
        candidates = [meld(t) for t in valid.values()]
        made: set[tuple[int, str]] = set()
        for mv in _candidate_layoffs(deal, hand) + _jokers_only_layoffs(deal, hand):
            lo = mv.layoffs[0]
            try:
                key = (
                    lo.target,
                    format_tokens(deal.table[lo.target].lay_off(lo.tokens, low=lo.low).tokens),
                )
            except IllegalMoveError:
                continue
            if key not in made:
                made.add(key)
                candidates.append(mv)
    for mv in candidates:
        shape = _after(deal, mv)
        if shape is None:
            continue
        checked += 1
        assert shape in shapes, f"accepted but not listed: {mv} in {deal}"
    return checked


def _rich_hand(rng: random.Random) -> list[Card]:
    """Thirteen cards: a run of 3-6 of one suit, a set of 3-4, a joker or two, fillers."""
    deck = list(scala40_deck())
    hand: list[Card] = []

    def take(c: Card) -> None:
        if c in deck and len(hand) < 13:
            deck.remove(c)
            hand.append(c)

    q = rng.randrange(4)
    length = rng.randint(3, 6)
    low = rng.randint(0, 13 - length)
    for p in range(low, low + length):
        take(ALL_CARDS[q * 13 + p])
    r = rng.randrange(13)
    for s in rng.sample(range(4), rng.randint(3, 4)):
        take(ALL_CARDS[s * 13 + r])
    for _ in range(rng.randint(1, 2)):
        take(JOKER)
    rng.shuffle(deck)
    for c in deck:
        take(c)
    return hand


def _opened_deal(rng: random.Random) -> Deal | None:
    """W (first to play) opens with a listed opening, then plays again after a round."""
    hand = _rich_hand(rng)
    deal = Deal(arrange_deck({Seat.W: hand}), Seat.N)
    deal.push(DRAW)
    opens = [m for m in deal.bot_moves() if m.kind is MoveKind.OPEN]
    if not opens:
        return None
    deal.push(opens[0])
    for _ in range(4):
        if deal.phase.value == "draw":
            deal.push(DRAW)
        deal.push(next(m for m in deal.legal_moves() if m.kind is MoveKind.DISCARD))
    deal.push(DRAW)
    return deal


@settings(max_examples=2, deadline=None, derandomize=True)
@given(st.integers(0, 10_000))
def test_art7_every_opening_is_listed(seed: int) -> None:
    """Art. 7: an opening of "almeno 40 punti" with any of the hand's melds is listed, once
    whatever the order of its melds."""
    rng = random.Random(seed)
    deal = Deal(arrange_deck({Seat.W: _rich_hand(rng)}), Seat.N)
    deal.push(DRAW)
    _check(deal, openings=True)


@settings(max_examples=2, deadline=None, derandomize=True)
@given(st.integers(0, 10_000))
def test_arts6_9_17_every_meld_and_lay_off_is_listed(seed: int) -> None:
    """Arts. 6, 9, 17: after the opening, every meld and every lay-off (two cards at most at
    a time on a run) that push accepts is listed."""
    rng = random.Random(seed)
    deal = _opened_deal(rng)
    while deal is None:
        deal = _opened_deal(rng)
    _check(deal, openings=False)


def test_art9_a_longer_meld_and_opening_are_listed() -> None:
    """Art. 9 (runs of three cards or more): the opening with the run 5C-8C and, once
    opened, ``meld 5C 6C 7C 8C`` are listed, not only the bots' three-card melds."""
    hand = "KH KD KC QH QD QS 5C 6C 7C 8C 9S 10S 4D"
    cards = [next(c for c in NATURALS if str(c) == w) for w in hand.split()]
    deal = Deal(arrange_deck({Seat.W: cards}, stock=[ALL_CARDS[40], ALL_CARDS[20]]), Seat.N)
    deal.push(DRAW)
    listed = {str(m) for m in deal.legal_moves()}
    assert "open QH QD QS | KH KD KC | 5C 6C 7C 8C" in listed
    deal.push(parse_move("open KH KD KC | QH QD QS"))
    deal.push(parse_move("discard 4D"))
    for _ in range(3):
        deal.push(DRAW)
        deal.push(next(m for m in deal.legal_moves() if m.kind is MoveKind.DISCARD))
    deal.push(DRAW)
    listed = {str(m) for m in deal.legal_moves()}
    assert "meld 5C 6C 7C 8C" in listed
    assert "meld 5C 6C 7C 8C" not in {str(m) for m in deal.bot_moves()}
