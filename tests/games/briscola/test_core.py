"""Briscola on the engine core (issue 15): the core's seats, lines and turn order, its
illegal-move error, Outcome, bots, deal record, push/pop/initial/copy, the position notation,
and the arbiter's art. 10 remedies in the core's shape (seed 001, arts. 1-10)."""

from __future__ import annotations

import json
import random

import pytest

from arbitro.cards.italian import ItalianCard, format_cards, italian_deck, parse_cards
from arbitro.codes.briscola import briscola
from arbitro.errors import ArbitroError
from arbitro.games import core
from arbitro.games.briscola import (
    ORDER,
    PLAY_ORDER,
    ArbitralScore,
    DealerDraw,
    Game,
    GameRecord,
    GreedyBot,
    IllegalMoveError,
    Irregularity,
    Line,
    Pair,
    RandomBot,
    Seat,
    draw_for_dealer,
    greedy_value,
    play_game,
    play_random_game,
    remedies,
    rule,
)
from arbitro.games.briscola.errors import article
from arbitro.games.briscola.record import FORMAT
from arbitro.games.briscola.rules import tables
from arbitro.games.core import Game as GameProtocol
from arbitro.games.core import GreedyBot as CoreGreedyBot
from arbitro.games.core import Outcome, Remedies, Ruling, TurnOrder, play_out

NEW_DECK = (
    "N 3C W 4B,8B,2C/3B,7B,1C/2B,6B,10B/1B,5B,9B - "
    "4C,5C,6C,7C,8C,9C,10C,1D,2D,3D,4D,5D,6D,7D,8D,9D,10D,1S,2S,3S,4S,5S,6S,7S,8S,9S,10S,3C"
    " -/- - -"
)
"""The new-deck order dealt by N (art. 3): the documented example of the notation."""


def _played(seed: int, cards: int) -> Game:
    rng = random.Random(seed)
    g = Game.shuffled(rng, PLAY_ORDER[seed % 4])
    for _ in range(cards):
        g.push(RandomBot().choose(g, rng))
    return g


def test_seats_lines_and_errors_are_the_cores() -> None:
    """Arts. 2-4: the core's seats; a pair (coppia) is the core's line; play to the right."""
    assert Seat is core.Seat and Line is core.Line and Pair is core.Line
    assert IllegalMoveError is core.IllegalMoveError
    assert ORDER is TurnOrder.RIGHT and TurnOrder.RIGHT.cycle(Seat.N) == PLAY_ORDER
    assert PLAY_ORDER == (Seat.N, Seat.W, Seat.S, Seat.E)
    g: GameProtocol[ItalianCard] = Game(italian_deck(), Seat.N)
    assert g.turn is Seat.W  # art. 4: the dealer's right leads


def test_art4_an_illegal_card_raises_the_cores_error_citing_art4() -> None:
    """Art. 4: a card not in hand is the core's IllegalMoveError; the position is unchanged."""
    g = Game(italian_deck(), Seat.N)
    before = str(g)
    with pytest.raises(core.IllegalMoveError) as err:
        g.push(parse_cards("3C")[0])  # the turned-up trump: in no hand
    assert str(err.value.article) == "Briscola art. 4"
    assert str(g) == before


def test_art3_the_position_notation_of_the_new_deck_order() -> None:
    """Art. 3: three cards each from the dealer's right one at a time, the trump turned up
    under the stock: the documented position string."""
    g = Game(italian_deck(), Seat.N)
    assert str(g) == NEW_DECK
    assert repr(g) == f"Game.from_position({NEW_DECK!r})"
    h = Game.from_position(NEW_DECK)
    assert str(h) == NEW_DECK and h.move_stack == () and h.turn is Seat.W
    assert format_cards(h.hand(Seat.W)) == "1B 5B 9B" and str(h.trump) == "3C"


def test_art4_art5_art8_position_after_a_trick_reads_back() -> None:
    """Arts. 4-5, 8: W leads 1B, S 2B, E 3B, N 4B: the asso beats the 3 (art. 5); W draws
    first and leads (art. 4); E-W has 21 points, N-S none (art. 8); the string says it all."""
    g = Game(italian_deck(), Seat.N)
    for text in ("1B", "2B", "3B", "4B"):
        g.push(parse_cards(text)[0])
    assert g.tricks[-1].winner is Seat.W and g.points(Pair.EW) == 21
    text = str(g)
    assert text.split()[2] == "W" and text.split()[6] == "-/1B,2B,3B,4B" and text.split()[7] == "EW"
    h = Game.from_position(text)
    assert str(h) == text and h.points(Pair.EW) == 21 and h.tricks_won(Pair.EW) == 1
    assert h.hand(Seat.W) == g.hand(Seat.W) and h.turn is Seat.W


def test_a_trick_half_played_reads_back_and_plays_on() -> None:
    """Art. 4: with two cards on the table the next to play is the leader's right's right."""
    g = _played(3, 6)
    h = Game.from_position(str(g))
    assert h.turn is g.turn and h.table == g.table and h.legal_moves() == g.legal_moves()
    rng_g, rng_h = random.Random(9), random.Random(9)
    play_out(g, RandomBot(), rng_g)
    play_out(h, RandomBot(), rng_h)
    assert str(h) == str(g) and h.result() == g.result()
    assert [m for _, m in h.move_stack] == g.moves[6:]


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("N 3C W", "3"),  # not nine fields
        (NEW_DECK.replace("4B,8B,2C", "4B,8B,8B"), "3"),  # 8B twice, 2C missing (art. 3)
        (NEW_DECK.replace("4B,8B,2C", "4B,8B,2X"), "3"),  # not a card
        (NEW_DECK.replace(" W ", " X "), "3"),  # not a seat
        (NEW_DECK.replace("4B,8B,2C/", "4B,8B/").replace(" - 4C", " 2C 4C"), "4"),
        (NEW_DECK.replace("4B,8B,2C/3B,", "4B,8B,2C,3B/"), "4"),  # 4 and 2 cards in hand
        (NEW_DECK.replace(",10S,3C", ",3C,10S"), "7"),  # the trump is not the last to draw
        (NEW_DECK.replace(" -/- - -", " -/- NS -"), "8"),  # a last trick without tricks
        (NEW_DECK.replace(" -/- - -", " -/- - S:cheating"), "10"),  # not an art. 10 kind
    ],
)
def test_a_string_that_is_no_position_is_refused(text: str, topic: str) -> None:
    """A position that the code's deal and play cannot reach is refused, citing the article
    it breaks: the 40 cards (art. 3), the trick (art. 4), the stock (art. 7), the tie (8), the
    arbiter's ruling (art. 10)."""
    with pytest.raises(ArbitroError) as err:
        Game.from_position(text)
    assert str(err.value.article) == f"Briscola art. {topic}"


def test_pop_takes_the_last_card_back_and_initial_is_the_deal() -> None:
    """``pop`` restores the position before the last card (across a won trick and its draws,
    arts. 4-5, 7); ``initial`` is the deal as dealt (art. 3); ``copy`` is independent."""
    g = _played(11, 0)
    seen = [str(g)]
    rng = random.Random(1)
    while not g.is_over:
        g.push(RandomBot().choose(g, rng))
        seen.append(str(g))
    assert str(g.initial()) == seen[0] and g.initial().move_stack == ()
    c = g.copy()
    for i in range(40, 0, -1):
        card = g.pop()
        assert str(g) == seen[i - 1] and len(g.move_stack) == i - 1
        assert card in g.legal_moves()
    assert c.is_over and len(c.move_stack) == 40
    with pytest.raises(IndexError):
        g.pop()


def test_move_stack_names_the_seat_of_each_card() -> None:
    """Arts. 4-5: each card by the seat in turn; the trick's winner leads the next."""
    g = play_random_game(random.Random(4))
    stack = g.move_stack
    assert [c for _, c in stack] == g.moves and len(stack) == 40
    assert stack == tuple(p for t in g.tricks for p in t.played())


def test_art7_art8_outcome_the_pair_with_61_or_the_last_trick() -> None:
    """Arts. 7-8: over when all cards are played; the core's Outcome names the winning line,
    the points of each (120 in all) and the reason ``last_trick``."""
    for seed in range(30):
        g = play_random_game(random.Random(seed))
        out = g.outcome()
        r = g.result()
        assert out == Outcome(
            "last_trick", {Line.NS: r.points[Line.NS], Line.EW: r.points[Line.EW]}, r.winner
        )
        assert sum(out.points.values()) == 120
    assert Game(italian_deck()).outcome() is None


def test_art10_the_remedy_is_registered_for_every_kind_and_rules_on_a_copy() -> None:
    """Art. 10: each irregularity the code lists loses the game for the offending pair; the
    remedy rules on a copy and records the points taken until then (an arbitral score)."""
    code = briscola()
    registry = remedies()
    assert isinstance(registry, Remedies)
    assert sorted(registry) == sorted(k.key for k in code.irregularities) and len(registry) == 5
    g = _played(7, 13)
    before = str(g)
    irr = Irregularity("communication", article("irregularities"), Seat.E, {"note": "glances"})
    ruling = registry.rule(g, irr)
    assert isinstance(ruling, Ruling) and str(g) == before and not g.is_over
    assert ruling.position.is_over and ruling.irregularity is irr
    assert ruling.records == (
        ArbitralScore({Line.NS: g.points(Line.NS), Line.EW: g.points(Line.EW)}),
    )
    out = ruling.position.outcome()
    assert out is not None and out.reason == "irregularity" and out.winner is Line.NS
    forfeit = ruling.position.result().irregularity
    assert forfeit is not None and forfeit.note == "glances" and forfeit.offender is Line.EW


def test_art10_declare_irregularity_is_the_remedy_applied_in_place() -> None:
    """Art. 10: ``declare_irregularity`` applies the ruling to the game itself; the string
    keeps the ruling (percent-encoded note) and reads back."""
    g = _played(8, 5)
    expected = rule(g, Seat.S, "out-of-turn", "played: 3B").position
    g.declare_irregularity(Seat.S, "out-of-turn", "played: 3B")
    assert str(g) == str(expected) and str(g).endswith(" S:out-of-turn:played%3A%203B")
    h = Game.from_position(str(g))
    assert h.is_over and h.result() == g.result() and h.result().winner is Pair.EW
    over = play_random_game(random.Random(8))
    with pytest.raises(ArbitroError) as err:  # a ruling once every card is played
        Game.from_position(f"{str(over).rsplit(' ', 1)[0]} S:communication")
    assert str(err.value.article) == "Briscola art. 10"
    with pytest.raises(ArbitroError) as err:
        rule(g, Seat.N, "communication")
    assert str(err.value.article) == "Briscola art. 7"
    with pytest.raises(ArbitroError) as err:
        rule(_played(8, 5), Seat.N, "cheating")
    assert str(err.value.article) == "Briscola art. 10"


def _old_greedy(game: Game) -> ItalianCard:
    """The greedy player before the core (a reference): cheapest lead, load on the partner,
    take cheaply when there are points or without a trump, else throw the cheapest."""
    hand = game.legal_moves()
    strength, points = tables(game.code)
    trump = game.trump_suit

    def cheap(c: ItalianCard) -> tuple[int, int, int]:
        return (c.suit is trump, points[c.index], strength[c.index])

    table = [c for _, c in game.table]
    if not table:
        return min(hand, key=cheap)
    best_at = 0
    for i in range(1, len(table)):
        c, b = table[i], table[best_at]
        if (c.suit is b.suit and strength[c.index] > strength[b.index]) or (
            c.suit is not b.suit and c.suit is trump
        ):
            best_at = i
    best = table[best_at]
    if len(table) >= 2 and best_at == len(table) - 2:
        loads = [c for c in hand if c.suit is not trump]
        if loads:
            return max(loads, key=lambda c: (points[c.index], strength[c.index]))
        return min(hand, key=cheap)
    on_table = sum(points[c.index] for c in table)
    winners = [
        c
        for c in hand
        if (c.suit is best.suit and strength[c.index] > strength[best.index])
        or (c.suit is not best.suit and c.suit is trump)
    ]
    if winners:
        take = min(winners, key=cheap)
        if on_table > 0 or take.suit is not trump:
            return take
    return min(hand, key=cheap)


def test_greedy_bot_is_the_cores_with_the_same_preferences() -> None:
    """The core's GreedyBot with Briscola's value hook plays what the greedy player played
    before the core, at every position of 300 games (arts. 4-5, 8)."""
    bot = GreedyBot()
    assert isinstance(bot, CoreGreedyBot)
    for seed in range(300):
        rng = random.Random(seed)
        g = Game.shuffled(rng, PLAY_ORDER[seed % 4])
        while not g.is_over:
            card = bot.choose(g, rng)
            assert card == _old_greedy(g), (seed, str(g))
            assert greedy_value(g, card) == max(greedy_value(g, c) for c in g.legal_moves())
            g.push(card if seed % 2 else RandomBot().choose(g, rng))


def test_random_bot_is_the_cores_one_draw_a_card() -> None:
    """The core's RandomBot: one ``rng.random()`` a card, so the fast path plays the same."""
    assert RandomBot is core.RandomBot
    g = play_game(Game.shuffled(random.Random(6)), [RandomBot()] * 4, random.Random(6))
    rng = random.Random(6)
    h = Game.shuffled(rng)
    play_out(h, RandomBot(), rng)
    assert play_random_game(random.Random(6)).moves == h.moves
    assert g.is_over


def test_art1_record_keeps_the_format_tag_fields_and_the_draw_for_the_dealer() -> None:
    """Art. 1: the draw for the dealer is an extra field of the core's record, beside the
    layout (dealer, deck); the format tag and the field names are those of before."""
    rng = random.Random(2)
    draw = draw_for_dealer(rng)
    g = Game.shuffled(rng, draw.dealer)
    play_out(g, RandomBot(), rng)
    rec = GameRecord.from_game(g, draw)
    data = json.loads(rec.to_json())
    assert list(data) == [
        "format",
        "dealer",
        "deck",
        "dealer_draw",
        "irregularity",
        "moves",
        "result",
    ]
    assert data["format"] == FORMAT == "arbitro.briscola.game/1"
    assert data["dealer_draw"] == draw.to_dict() and data["irregularity"] is None
    assert isinstance(rec.record, core.DealRecord)
    back = GameRecord.from_json(rec.to_json())
    assert back.dealer_draw == draw.to_dict() and back.deck == g.deck and back.dealer is g.dealer
    again = back.replay()
    assert str(again) == str(g) and again.move_stack == g.move_stack
    assert isinstance(draw, DealerDraw)


def test_a_record_written_before_the_core_still_replays() -> None:
    """The record of before (format ``arbitro.briscola.game/1``, its key order) reads and
    replays to its result (art. 8), an art. 10 ruling included."""
    g = _played(21, 9)
    g.declare_irregularity(Seat.W, "signalling-play", "")
    old = {
        "format": "arbitro.briscola.game/1",
        "dealer_draw": None,
        "dealer": g.dealer.value,
        "deck": format_cards(g.deck),
        "moves": [f"{s.value} {c}" for s, c in g.move_stack],
        "irregularity": {"seat": "W", "kind": "signalling-play", "note": ""},
        "result": g.result().to_dict(),
    }
    again = GameRecord.from_dict(old).replay()
    assert again.result() == g.result() and again.result().winner is Pair.NS


def test_a_game_from_a_position_records_the_position() -> None:
    """A game read from a position string is recorded from that position (no deck)."""
    start = _played(5, 14)
    g = Game.from_position(str(start))
    play_out(g, RandomBot(), random.Random(3))
    data = GameRecord.from_game(g).to_dict()
    assert data["position"] == str(start) and "deck" not in data
    assert str(GameRecord.from_dict(data).replay()) == str(g)
