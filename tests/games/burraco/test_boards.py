"""Prepared boards (carte uguali, issue 16): generated from the recorded seed, laid out by FIBAS
art. 6, playable by the engine; the entry checks a known deal allows (arts. 3, 15, 18, 19)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.cards import burraco_deck, random_cut, shuffled
from arbitro.codes.burraco_fibas import burraco_fibas
from arbitro.games.burraco import Deal, GreedyBot, Line, RandomBot, play_deal
from arbitro.games.burraco.boards import (
    PreparedBoard,
    board_from_deck,
    entry_limits,
    entry_problems,
    round_boards,
)
from arbitro.games.burraco.bots import Bot
from arbitro.games.burraco.rules import card_value
from arbitro.games.core import SEATS, Seat
from arbitro.games.prepared_deals import check_board

CODE = burraco_fibas()
DECK = Counter(burraco_deck())
seeds = st.integers(min_value=0, max_value=2**63)
rounds = st.integers(min_value=1, max_value=40)


def board(seed: int = 11, rnd: int = 1) -> PreparedBoard:
    return round_boards(seed, rnd, 1)[0]


@settings(max_examples=40, deadline=None)
@given(seeds, rounds, st.integers(min_value=1, max_value=4))
def test_every_board_is_a_full_deck_dealt_by_art_6(seed: int, rnd: int, count: int) -> None:
    """Art. 6: four hands of 11, two pozzetti of 11, the up-card and the rest the stock; the
    multiset is the 108-card deck of art. 3; dealers N, E, S, W by board number."""
    boards = round_boards(seed, rnd, count)
    assert [b.number for b in boards] == list(range(1, count + 1))
    for b in boards:
        assert b.dealer is SEATS[(b.number - 1) % 4]
        assert set(b.hands) == set(SEATS)
        assert all(len(b.hands[s]) == CODE.cards_per_player for s in SEATS)
        assert [len(p) for p in b.pozzetti] == [CODE.pozzetto_cards] * CODE.pozzetti
        assert len(b.stock) == 108 - 4 * 11 - 2 * 11 - 1
        assert Counter(b.cards()) == DECK
        assert check_board(b.law13_board()).ok


@settings(max_examples=25, deadline=None)
@given(seeds, rounds)
def test_same_seed_same_boards_other_round_other_boards(seed: int, rnd: int) -> None:
    """The boards are a function of the recorded seed and the round (replayable)."""
    assert round_boards(seed, rnd, 3) == round_boards(seed, rnd, 3)
    assert {*round_boards(seed, rnd, 3), *round_boards(seed, rnd, 3)} == {
        *round_boards(seed, rnd, 3)
    }
    assert round_boards(seed, rnd, 3)[:2] == round_boards(seed, rnd, 2)
    assert round_boards(seed, rnd, 2) != round_boards(seed, rnd + 1, 2)
    assert round_boards(seed, rnd, 2) != round_boards(seed + 1, rnd, 2)


@settings(max_examples=40, deadline=None)
@given(seeds, rounds, st.integers(min_value=1, max_value=4))
def test_deal_of_board_deck_shows_the_board(seed: int, rnd: int, count: int) -> None:
    """Art. 6: ``Deal(board.deck(), board.dealer)`` lays out exactly the board: the hands,
    the pozzetti (first taken first), the up-card on the pile and the stock."""
    for b in round_boards(seed, rnd, count):
        deal = Deal(b.deck(), b.dealer)
        for s in SEATS:
            assert sorted(deal.hand(s)) == sorted(b.hands[s])
        assert board_from_deck(b.number, b.deck(), b.dealer) == b
        assert deal.deck == b.deck()
        text = str(deal)
        assert f"pile {b.up_card}" in text
        assert f"stock {' '.join(str(x) for x in b.stock)}" in text
        assert deal.pozzetti_left == 2


def test_generation_is_the_recorded_rng_shuffle_and_cut_art_6() -> None:
    """Art. 6 points 1-2: each board's deck is the Burraco deck shuffled and cut with the
    generator ``random.Random("arbitro-boards:{seed}:{round}")``, in board order."""
    rng = random.Random("arbitro-boards:99:3")
    decks = [random_cut(shuffled(burraco_deck(), rng), rng) for _ in range(2)]
    assert [b.deck() for b in round_boards(99, 3, 2)] == decks


def test_pozzetti_from_the_bottom_alternating_and_hands_one_at_a_time_art_6() -> None:
    """Art. 6 points 2-4: the player at the dealer's left gets the first card; the bottom card
    goes to the first pozzetto, the next to the second, and so on."""
    b = round_boards(5, 1, 2)[1]  # dealer E: S receives first
    deck = b.deck()
    assert b.dealer is Seat.E
    assert b.hands[Seat.S][0] == deck[0]
    assert b.hands[Seat.W][0] == deck[1]
    assert b.hands[Seat.E][0] == deck[3]
    assert b.pozzetti[0][:2] == (deck[-1], deck[-3])
    assert b.pozzetti[1][:2] == (deck[-2], deck[-4])
    assert b.up_card == deck[44]
    assert b.stock[0] == deck[45]


def test_law13_board_has_the_six_pockets_of_eleven() -> None:
    """Bridge Law 13 as the model: the pockets N, E, S, W, P1, P2 of 11 cards (art. 6)."""
    lb = board().law13_board()
    assert dict(lb.expected) == {p: 11 for p in ("N", "E", "S", "W", "P1", "P2")}
    assert lb.hands["P1"] == board().pozzetti[0]


# ------------------------------------------------------------------ entry checks


def test_plausible_entry_has_no_problems() -> None:
    """A usual result (a clean burraco and the closing against nothing) passes."""
    assert entry_problems(board(), 300, 185, 0, -60) == []


def test_base_must_be_a_sum_of_bonuses_art_19() -> None:
    """Arts. 15, 18, 19: bonuses 200/150/100 and the closing 100: a base is a non-negative
    multiple of 50."""
    problems = entry_problems(board(), 120, 100, -100, 0)
    assert len(problems) == 2
    text = " ".join(p.render("en") for p in problems)
    assert "North-South base 120" in text and "East-West base -100" in text and "art. 19" in text
    assert entry_problems(board(), 150, 100, 250, 100) == []


def test_points_multiple_of_five_art_3() -> None:
    """Art. 3: every card is worth a multiple of 5."""
    (p,) = entry_problems(board(), 200, 102, 0, 10)
    assert "North-South card points 102" in p.render("en") and "art. 3" in p.render("en")


def test_points_beyond_the_cards_in_play_art_18() -> None:
    """Art. 18: the last two stock cards are never played, so the card points are bounded by
    the deck's value less theirs (deal-specific)."""
    b = board()
    last_two = sum(card_value(x) for x in b.stock[-2:])
    most = CODE.deck_value() - last_two
    assert entry_limits(b).line_points_max == most
    assert entry_problems(b, 0, most, 0, -most) == []
    problems = [p.render("en") for p in entry_problems(b, 0, most + 5, 0, 0)]
    assert any(f"North-South card points {most + 5}" in p for p in problems)
    assert any("together" in p and "art. 18" in p for p in problems)
    (p,) = entry_problems(b, 0, most - 100, 0, 200)
    assert "together (" + str(most + 100) + ")" in p.render("en")


def test_points_floor_uses_the_pozzetti_art_19() -> None:
    """Art. 19: a pozzetto not taken costs 100 but keeps its cards out of play; when one
    line alone goes to the pozzetto it takes the first (art. 6.4)."""
    b = board()
    lim = entry_limits(b)
    in_play = lim.line_points_max
    p1, p2 = (sum(card_value(x) for x in p) for p in b.pozzetti)
    assert lim.both_points_min == min(-in_play, -(in_play - p2) - 100, -(in_play - p1 - p2) - 200)
    assert lim.line_points_min == min(-in_play, -(in_play - p2) - 100)
    below = lim.line_points_min - 5
    problems = [p.render("it") for p in entry_problems(b, 0, below, 0, 0)]
    assert any(f"Nord-Sud punti carte {below}" in p or str(below) in p for p in problems)


def test_base_ceiling_art_15() -> None:
    """Art. 15: a burraco needs seven cards; at most cards-in-play // 7 burrachi of 200 and
    one closing (art. 18) for both lines together."""
    lim = entry_limits(board())
    assert lim.both_base_max == (106 // 7) * 200 + 100
    assert entry_problems(board(), lim.line_base_max, 0, 0, 0) == []
    assert len(entry_problems(board(), lim.line_base_max + 50, 0, 0, 0)) == 2
    (p,) = entry_problems(board(), 1600, 0, 1600, 0)
    assert "two bases together (3200)" in p.render("en")


def test_messages_have_italian_text() -> None:
    """Every problem is a catalogue text with its Italian translation."""
    for p in entry_problems(board(), 120, 102, 0, 5000):
        assert p.render("it") != p.render("en")


@settings(max_examples=12, deadline=None)
@given(seeds, st.sampled_from(["random", "greedy", "mixed"]))
def test_every_played_board_passes_its_own_checks(seed: int, kind: str) -> None:
    """Soundness: the real scores of a board played out by the engine (arts. 18, 19) never
    raise a problem: the checks are certain."""
    b = round_boards(seed, 1, 1)[0]
    rng = random.Random(seed)
    choices: dict[str, list[Bot[Deal]]] = {
        "random": [RandomBot()] * 4,
        "greedy": [GreedyBot()] * 4,
        "mixed": [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()],
    }
    bots = choices[kind]
    deal = play_deal(b.deal(), bots, rng)
    s = deal.scores()
    ns, ew = s[Line.NS], s[Line.EW]
    assert entry_problems(b, ns.base, ns.points, ew.base, ew.points) == []
