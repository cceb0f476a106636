"""A game of Briscola for four (arts. 3-8, 10): layout, play, draws, result, view, record."""

from __future__ import annotations

import json
import random

import pytest

from arbitro.cards.italian import format_cards, italian_deck, parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.briscola import (
    PLAY_ORDER,
    Bot,
    Game,
    GameRecord,
    GreedyBot,
    IllegalMoveError,
    Pair,
    RandomBot,
    Seat,
    next_dealer,
    play_game,
    play_random_game,
)


def _deck_game() -> Game:
    """The new-deck order (1B 2B ... 10S) dealt by N: no shuffle, so every card is known."""
    return Game(italian_deck(), Seat.N)


def test_seats_partners_opposite_play_to_the_right() -> None:
    """Four players, partners opposite; play and deal go to the right (arts. 3-4)."""
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.N.line is Seat.S.line is Pair.NS and Seat.E.line is Pair.EW
    assert [s.right for s in PLAY_ORDER] == [Seat.W, Seat.S, Seat.E, Seat.N]
    assert Seat.N.left is Seat.E  # the cutter when N deals (art. 2)


def test_art3_three_cards_each_from_the_dealers_right_then_the_trump() -> None:
    """Art. 3: one card at a time from the right until each has 3; the next card is trump."""
    g = _deck_game()
    assert format_cards(g.hand(Seat.W)) == "1B 5B 9B"
    assert format_cards(g.hand(Seat.S)) == "2B 6B 10B"
    assert format_cards(g.hand(Seat.E)) == "3B 7B 1C"
    assert format_cards(g.hand(Seat.N)) == "4B 8B 2C"
    assert str(g.trump) == "3C" and g.trump_suit.italian == "coppe"
    assert g.stock_size == 40 - 12  # 27 face down across the turned-up trump, and the trump
    assert g.trump_on_table


def test_art4_the_player_given_the_first_card_leads() -> None:
    """Art. 4: the "primo di mano" is the player who got the first card: the dealer's right."""
    for dealer in PLAY_ORDER:
        g = Game.shuffled(random.Random(1), dealer)
        assert g.turn is dealer.right is g.leader


def test_art4_the_winner_draws_first_then_to_his_right_and_leads() -> None:
    """Art. 4: the trick's winner draws first from the stock, then the player at his right."""
    g = _deck_game()
    for c in parse_cards("1B 2B 3B 4B"):  # W, S, E, N: W's asso di bastoni wins
        g.push(c)
    (trick,) = g.tricks
    assert trick.winner is Seat.W and trick.points == 11 + 10
    assert g.turn is Seat.W and g.leader is Seat.W
    # deck[13:17] = 4C 5C 6C 7C go to W, S, E, N in that order
    assert g.hand(Seat.W)[-1] == parse_card("4C")
    assert g.hand(Seat.S)[-1] == parse_card("5C")
    assert g.hand(Seat.E)[-1] == parse_card("6C")
    assert g.hand(Seat.N)[-1] == parse_card("7C")
    assert g.points(Pair.EW) == 21 and g.tricks_won(Pair.EW) == 1


def test_art5_trump_played_by_the_last_player_wins_the_trick() -> None:
    """Art. 5: N (last) trumps with the 2 di coppe and takes W's asso di bastoni."""
    g = _deck_game()
    for c in parse_cards("1B 2B 3B 2C"):
        g.push(c)
    assert g.tricks[0].winner is Seat.N and g.turn is Seat.N


def test_art7_last_draw_takes_the_trump_then_three_tricks_without_drawing() -> None:
    """Art. 7: the last to draw takes the turned-up trump; then no more draws to the end."""
    rng = random.Random(4)
    g = Game.shuffled(rng)
    bot = RandomBot()
    while g.stock_size > 0:
        g.push(bot.choose(g, rng))
    assert len(g.tricks) == 7
    last = g.tricks[-1].winner
    assert g.hand(last.right.right.right)[-1] == g.trump  # the fourth to draw got the trump
    assert not g.trump_on_table
    sizes = []
    while not g.is_over:
        if not g.table:
            sizes.append(sum(len(g.hand(s)) for s in PLAY_ORDER))
        g.push(bot.choose(g, rng))
    assert sizes == [12, 8, 4] and len(g.tricks) == 10
    assert all(not g.hand(s) for s in PLAY_ORDER)


def test_art8_result_counts_the_points_of_the_cards_won() -> None:
    """Art. 8: points are those of the cards won; 61 wins; they add up to 120."""
    g = play_game(Game.shuffled(random.Random(2)), [RandomBot()] * 4, random.Random(3))
    r = g.result()
    assert r.points[Pair.NS] + r.points[Pair.EW] == 120
    assert r.points[r.winner] >= 60
    assert sum(t.points for t in g.tricks if t.winner.line is Pair.NS) == r.points[Pair.NS]
    assert r.tricks[Pair.NS] + r.tricks[Pair.EW] == 10
    assert r.last_trick is g.tricks[-1].winner.line


def test_art8_tie_sixty_sixty_goes_to_the_pair_of_the_last_trick() -> None:
    """Art. 8: at 60-60 the pair that won the last trick ("l'ultima mano") wins."""
    ties = []
    for seed in range(2000):
        r = play_random_game(random.Random(seed)).result()
        if r.tie:
            ties.append(r)
        if len({t.last_trick for t in ties}) == 2:
            break
    assert {t.last_trick for t in ties} == {Pair.NS, Pair.EW}
    for t in ties:
        assert t.points == {Pair.NS: 60, Pair.EW: 60} and t.winner is t.last_trick


def test_art6_view_shows_only_the_count_of_tricks_won() -> None:
    """Art. 6: tricks won cannot be consulted: the table shows counts, not cards or points."""
    g = _deck_game()
    for c in parse_cards("1B 2B 3B 4B 5B"):
        g.push(c)
    v = g.view(Seat.S)
    assert v.hand == g.hand(Seat.S) and v.seat is Seat.S
    assert dict(v.tricks_won) == {Pair.NS: 0, Pair.EW: 1} and v.tricks_played == 1
    assert v.table == ((Seat.W, parse_card("5B")),) and v.turn is Seat.S
    assert v.trump_card == parse_card("3C") and v.stock_size == 24
    data = v.to_dict()
    assert "points" not in json.dumps(data) and data["result"] is None
    assert "1B" not in json.dumps(data)  # the won asso is hidden
    public = g.view()
    assert public.hand == () and dict(public.hand_sizes)[Seat.W] == 2


def test_art6_view_shows_the_result_when_the_game_is_over() -> None:
    """Art. 8 at the end: the final view carries the result with the points."""
    g = play_random_game(random.Random(11))
    v = g.view(Seat.N)
    assert v.is_over and v.turn is None and v.result == g.result()
    assert v.to_dict()["result"]["points"]["NS"] == g.points(Pair.NS)


def test_art4_a_card_not_in_hand_is_refused() -> None:
    """Art. 4: a player plays one of the cards in his hand."""
    g = _deck_game()
    with pytest.raises(IllegalMoveError) as err:
        g.push(parse_card("10S"))
    assert str(err.value.article) == "Briscola art. 4" and "10S" in str(err.value)
    assert g.hand(Seat.W) == parse_cards("1B 5B 9B")  # nothing changed


def test_art10_playing_out_of_turn_is_refused() -> None:
    """Arts. 4, 10: "Un giocatore non rispetta il proprio turno" — the engine refuses it."""
    g = _deck_game()
    with pytest.raises(IllegalMoveError) as err:
        g.play(Seat.N, parse_card("4B"))
    assert str(err.value.article) == "Briscola art. 4, 10"
    g.play(Seat.W, parse_card("1B"))
    assert g.turn is Seat.S


def test_art10_the_offending_pair_loses_the_game() -> None:
    """Art. 10: an irregularity found by the arbiter: the offending pair loses the game,
    even when it is ahead on points."""
    g = _deck_game()
    for c in parse_cards("1B 2B 3B 4B"):  # EW takes 21 points
        g.push(c)
    g.declare_irregularity(Seat.E, "communication", "sguardi d'intesa")
    assert g.is_over and g.legal_moves() == ()
    r = g.result()
    assert r.winner is Pair.NS and r.points[Pair.EW] == 21
    assert r.irregularity is not None and r.irregularity.offender is Pair.EW
    assert r.to_dict()["irregularity"]["article"] == "10"
    with pytest.raises(IllegalMoveError) as err:
        g.push(g.hand(Seat.W)[0])
    assert str(err.value.article) == "Briscola art. 7"


def test_art10_unknown_irregularity_is_refused() -> None:
    """Art. 10 lists five irregularities; anything else is refused."""
    g = _deck_game()
    with pytest.raises(ArbitroError) as err:
        g.declare_irregularity(Seat.N, "late")
    assert str(err.value.article) == "Briscola art. 10" and "out-of-turn" in str(err.value)


def test_art3_a_deck_that_is_not_forty_italian_cards_is_refused() -> None:
    """Art. 3: the game needs the 40 cards; the error names what is missing and extra."""
    deck = list(italian_deck())
    deck[5] = deck[6]
    with pytest.raises(ArbitroError) as err:
        Game(deck)
    assert "3" in str(err.value.article) and "6B" in str(err.value)


def test_art7_result_before_the_end_is_refused() -> None:
    """Art. 7: the game ends when no player has cards; no result before."""
    with pytest.raises(ArbitroError) as err:
        _deck_game().result()
    assert "7" in str(err.value.article)


def test_record_round_trips_and_replays() -> None:
    """The JSON game record replays to the same result (arts. 1-8)."""
    rng = random.Random(21)
    g = play_game(Game.shuffled(rng, Seat.E), [GreedyBot(), RandomBot()] * 2, rng)
    text = GameRecord.from_game(g).to_json()
    data = json.loads(text)
    assert data["format"] == "arbitro.briscola.game/1" and len(data["moves"]) == 40
    assert data["moves"][0].startswith("N ")  # E deals, N (at his right) leads
    again = GameRecord.from_json(text).replay()
    assert again.result() == g.result() and again.moves == g.moves


def test_record_with_irregularity_replays() -> None:
    """Art. 10 in the record: the replay ends the game the same way."""
    g = _deck_game()
    g.push(parse_card("1B"))
    g.declare_irregularity(Seat.S, "out-of-turn")
    rec = GameRecord.from_json(GameRecord.from_game(g).to_json())
    assert rec.replay().result().winner is Pair.EW


def test_record_tampered_result_or_wrong_seat_is_refused() -> None:
    """A record whose result differs (art. 8) or whose card comes out of turn (art. 4, 10)."""
    g = play_random_game(random.Random(5))
    data = GameRecord.from_game(g).to_dict()
    data["result"]["points"]["NS"] += 1
    with pytest.raises(ArbitroError) as err:
        GameRecord.from_dict(data).replay()
    assert str(err.value.article) == "Briscola art. 8"
    data = GameRecord.from_game(g).to_dict()
    seat, card = data["moves"][0].split()
    data["moves"][0] = f"{Seat(seat).right.value} {card}"
    with pytest.raises(ArbitroError) as err:  # the core's replay: a move by the wrong seat
        GameRecord.from_dict(data).replay()
    assert str(err.value.article) == "Briscola art. 4, 10"
    with pytest.raises(ArbitroError):
        GameRecord.from_json('{"format": "x"}')
    with pytest.raises(ArbitroError):
        GameRecord.from_json("not json")


def test_greedy_bot_beats_the_random_bot_more_often_than_not() -> None:
    """The greedy bot (loads on its partner, takes points cheaply) wins most games."""
    wins = 0
    for seed in range(200):
        rng = random.Random(seed)
        bots: list[Bot] = [GreedyBot(), RandomBot()] * 2  # N, E, S, W: NS greedy
        g = play_game(Game.shuffled(rng, PLAY_ORDER[seed % 4]), bots, rng)
        wins += g.result().winner is Pair.NS
    assert wins > 120


def test_greedy_bot_loads_points_when_the_partner_is_winning() -> None:
    """Greedy play: N's partner S is winning the trick with the re, so N loads its fante."""
    g = _deck_game()  # W 1B 5B 9B; S 2B 6B 10B; E 3B 7B 1C; N 4B 8B 2C; trump coppe
    for c in parse_cards("5B 10B 7B"):
        g.push(c)
    assert GreedyBot().choose(g, random.Random(0)) == parse_card("8B")


def test_greedy_bot_throws_its_cheapest_card_when_it_cannot_win() -> None:
    """Greedy play: E's asso di coppe (trump) wins; N cannot beat it and throws the 4B."""
    g = _deck_game()
    for c in parse_cards("9B 2B 1C"):
        g.push(c)
    assert GreedyBot().choose(g, random.Random(0)) == parse_card("4B")


def test_greedy_bot_leads_its_cheapest_card() -> None:
    """Greedy play: leading, W keeps its asso and cavallo and leads the 5B."""
    assert GreedyBot().choose(_deck_game(), random.Random(0)) == parse_card("5B")


def test_art7_view_after_the_last_draw_has_no_trump_card_on_the_table() -> None:
    """Art. 7: once the last draw takes the turned-up trump, the table shows only its suit."""
    rng = random.Random(8)
    g = Game.shuffled(rng)
    while g.stock_size:
        g.push(RandomBot().choose(g, rng))
    v = g.view()
    assert v.trump_card is None and v.trump_suit is g.trump_suit and v.stock_size == 0


def test_next_game_of_a_match_is_dealt_by_the_player_at_the_right() -> None:
    """Ruling (art. 1 draws only the first dealer): the deal passes to the right."""
    assert [next_dealer(s) for s in PLAY_ORDER] == [Seat.W, Seat.S, Seat.E, Seat.N]
