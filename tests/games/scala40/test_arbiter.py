"""The Scala 40 arbiter by article (arts. 4, 10-17, 20): each irregularity's remedy is a
function of the position returning the new position and its records (the core's shape)."""

from __future__ import annotations

from collections import Counter

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.core import (
    ArbitralScore,
    Freeze,
    IllegalMoveError,
    InterruptedTurn,
    Irregularity,
    NewDeal,
    PenalizedCards,
)
from arbitro.games.scala40 import Deal, MoveKind, Phase, Seat, arrange_deck, parse_move
from arbitro.games.scala40.arbiter import REMEDIES, TOPICS, irregularity, rule
from arbitro.games.scala40.rules import highest

KINGS_QUEENS = "KH KD KC QH QD QS"


def _deal(hands: dict[Seat, str], stock: str = "") -> Deal:
    """Dealt by N: W plays first, then S, E, N."""
    deck = arrange_deck({s: parse_cards(h) for s, h in hands.items()}, stock=parse_cards(stock))
    return Deal(deck, Seat.N)


def _play(deal: Deal, *moves: str) -> None:
    for text in moves:
        deal.push(parse_move(text))


def _opened() -> Deal:
    """W has opened with kings and queens (melds 0 and 1) and discarded 2C; S to draw."""
    deal = _deal({Seat.W: KINGS_QUEENS + " 2C 3H 5H 9C 7S 4D KS"}, stock="JH 9D 8D 10S 6C 4S")
    _play(deal, "draw", "open KH KD KC | QH QD QS", "discard 2C")
    return deal


def _pass_round(deal: Deal) -> None:
    """S, E and N draw and discard the card drawn."""
    for _ in range(3):
        before = Counter(deal.hand(deal.turn))
        deal.push(parse_move("draw"))
        (drawn,) = Counter(deal.hand(deal.turn)) - before
        deal.push(parse_move(f"discard {drawn}"))


def test_registry_holds_every_kind_with_its_article() -> None:
    """Arts. 4, 10-17, 20: one remedy a kind, each citing its Scala 40 article."""
    assert set(REMEDIES) == set(TOPICS)
    assert str(irregularity("equal_runs", Seat.N).article) == "Scala 40 art. 17"
    with pytest.raises(ArbitroError):
        rule(_opened(), Irregularity("unknown", irregularity("misdeal", Seat.N).article, Seat.N))


def test_the_ruling_leaves_the_position_it_was_given_unchanged() -> None:
    """The remedy works on a copy: the position called on stays as it was."""
    deal = _opened()
    before = str(deal)
    rule(deal, irregularity("wrong_meld_found_late", Seat.W, meld=0))
    assert str(deal) == before


def test_art4_misdeal_before_play_is_dealt_again() -> None:
    """Art. 4: "errata distribuzione ... rilevare prima dell'inizio del gioco, si ripete tutta
    l'operazione"; "a gioco iniziato ... i risultati acquisiti resteranno validi"."""
    deal = _deal({})
    r = rule(deal, irregularity("misdeal", Seat.N, what="wrong_count"))
    assert r.records == (NewDeal("wrong_count"),)
    assert str(r.irregularity.article) == "Scala 40 art. 4"
    started = _opened()
    r = rule(started, irregularity("misdeal", Seat.N, what="card_seen"))
    assert r.records == () and str(r.position) == str(started)


def test_art4_face_up_card_in_the_stock_is_turned_down_and_play_goes_on() -> None:
    """Art. 4: "queste devono essere ricoperte, lasciandole nella stessa posizione ... Il gioco
    prosegue regolarmente"."""
    deal = _opened()
    r = rule(deal, irregularity("face_up_in_stock", Seat.S))
    assert r.records == () and str(r.position) == str(deal)


def test_art10_penalty_forfeited_when_a_player_took_an_initiative() -> None:
    """Art. 10: "Il diritto a penalizzare ... può essere annullato se ... Uno dei giocatori del
    tavolo prende una qualsiasi iniziativa prima di chiamare l'arbitro"."""
    deal = _opened()
    r = rule(deal, irregularity("exposed_card", Seat.E, cards="AS", initiative_taken=True))
    assert r.records == () and str(r.position) == str(deal)
    r = rule(deal, irregularity("exposed_card", Seat.E, cards="AS", arbiter_not_called=True))
    assert r.records == ()


def test_art11_exposed_card_is_played_or_discarded_first() -> None:
    """Art. 11: "La carta/e esposta va obbligatoriamente giocata legandola a giochi
    preesistenti o aprendo nuovi giochi altrimenti subito scartata"."""
    deal = _opened()
    w_cards = deal.hand(Seat.W)
    assert parse_card("7S") in w_cards
    r = rule(deal, irregularity("exposed_card", Seat.W, cards="7S"))
    assert r.records == (PenalizedCards(Seat.W, ("7S",)),)
    d = r.position
    assert d.penalized(Seat.W) == (parse_card("7S"),)
    _pass_round(d)
    d.push(parse_move("draw"))
    discards = [m for m in d.legal_moves() if m.kind is MoveKind.DISCARD]
    assert [str(m) for m in discards] == ["discard 7S"]
    with pytest.raises(IllegalMoveError) as info:
        d.push(parse_move("discard 9C"))
    err = info.value
    assert str(err.article) == "Scala 40 art. 11, 12"
    d.push(parse_move("discard 7S"))
    assert d.penalized(Seat.W) == ()


def test_art11_exposed_card_played_in_a_meld_is_no_longer_penalized() -> None:
    """Art. 11: the exposed card "va obbligatoriamente giocata legandola a giochi preesistenti"."""
    deal = _opened()
    d = rule(deal, irregularity("exposed_card", Seat.W, cards="KS")).position
    _pass_round(d)
    _play(d, "draw", "layoff 0 KS")
    assert d.penalized(Seat.W) == ()


def test_art11_wrong_lay_off_found_at_once_is_discarded_interrupting_the_turn() -> None:
    """Art. 11: "carta/e legata/e erroneamente dovrà essere obbligatoriamente scartata
    interrompendo il proprio gioco"."""
    deal = _opened()
    _pass_round(deal)
    deal.push(parse_move("draw"))
    r = rule(deal, irregularity("wrong_lay_off", Seat.W, cards="9C"))
    assert r.records == (PenalizedCards(Seat.W, ("9C",)), InterruptedTurn(Seat.W))
    assert r.position.discard_pile[-1] == parse_card("9C")
    assert r.position.turn is Seat.S and r.position.phase is Phase.DRAW


def test_art11_excess_card_the_meld_stands_the_card_is_discarded() -> None:
    """Art. 11: "la sequenza o combinazione rimane valida ma la carta eccedente dovrà essere
    obbligatoriamente scartata interrompendo il proprio gioco"."""
    deal = _deal({Seat.W: KINGS_QUEENS + " 2C 3H 4H 5H 9C 7S 7S"}, stock="JH 9D 8D 10S 6C 4S")
    _play(deal, "draw", "open KH KD KC | QH QD QS", "discard 2C")
    _pass_round(deal)
    deal.push(parse_move("draw"))
    r = rule(deal, irregularity("excess_card", Seat.W, move="meld 3H 4H 5H", cards="7S"))
    d = r.position
    assert [str(m) for m in d.table][-1] == "3H 4H 5H"
    assert d.discard_pile[-1] == parse_card("7S") and d.turn is Seat.S
    assert InterruptedTurn(Seat.W) in r.records


def test_art11_wrong_meld_found_late_is_frozen() -> None:
    """Art. 11: "Il gioco contenente la/e carta/e errata/e sarà congelato e non potrà essere
    usato per legare nessuna carta da parte di tutti i giocatori"."""
    deal = _opened()
    r = rule(deal, irregularity("wrong_meld_found_late", Seat.W, meld=0))
    assert r.records == (Freeze(Seat.W, ("KH KD KC",)),)
    d = r.position
    assert d.frozen == {0}
    _pass_round(d)
    d.push(parse_move("draw"))
    assert not any(m.kind is MoveKind.LAY_OFF and m.layoffs[0].target == 0 for m in d.legal_moves())
    with pytest.raises(IllegalMoveError) as info:
        d.push(parse_move("layoff 0 KS"))
    err = info.value
    assert str(err.article) == "Scala 40 art. 11"
    assert not d.lays_off(parse_card("KS"))  # so KS may be discarded (art. 6)
    assert Deal.from_position(str(d)).frozen == {0}


def test_art12_wrong_meld_ends_the_turn_lowest_penalized_card_first() -> None:
    """Art. 12: "l'errore commesso pone fine ad ogni attività del giocatore sino al prossimo
    turno"; "In presenza di una qualsivoglia penalità il giocatore colpevole non potrà
    chiudere prima di avere esaurita la penalità assegnata"."""
    deal = _opened()
    _pass_round(deal)
    deal.push(parse_move("draw"))
    r = rule(deal, irregularity("wrong_meld", Seat.W, cards="3H 5H 9C"))
    d = r.position
    assert r.records == (PenalizedCards(Seat.W, ("3H", "5H", "9C")), InterruptedTurn(Seat.W))
    assert d.discard_pile[-1] == parse_card("3H") and d.turn is Seat.S
    assert d.penalized(Seat.W) == parse_cards("5H 9C")
    _pass_round(d)
    d.push(parse_move("draw"))
    assert [str(m) for m in d.legal_moves() if m.kind is MoveKind.DISCARD] == ["discard 5H"]


def test_art12_a_penalized_card_that_lays_off_gives_way_to_the_smallest() -> None:
    """Art. 12: "se la carta da scartare è una carta che lega a giochi aperti sul tavolo questa
    non può essere scartata. Bisogna scartare al suo posto la carta più piccola"."""
    deal = _opened()
    d = rule(deal, irregularity("exposed_card", Seat.W, cards="KS")).position
    _pass_round(d)
    d.push(parse_move("draw"))
    discards = [str(m) for m in d.legal_moves() if m.kind is MoveKind.DISCARD]
    smallest = min(
        (x for x in d.hand(Seat.W) if not x.is_joker),
        key=lambda x: (x.rank.value if x.rank else 0, 0),
    )
    assert discards == [f"discard {smallest}"]


def test_art13_missing_or_extra_cards_the_result_stands() -> None:
    """Art. 13: "la smazzata continua fino alla fine col risultato convalidato"."""
    deal = _opened()
    r = rule(deal, irregularity("missing_or_extra_cards", Seat.N))
    assert r.records == () and str(r.position) == str(deal)
    assert str(r.irregularity.article) == "Scala 40 art. 13"


def test_art14_cards_mixed_before_counting_get_an_arbitral_score() -> None:
    """Art. 14: "l'arbitro in base ai parametri evidenziati e raccolti si vedrà costretto ad
    assegnare un punteggio arbitrario"."""
    r = rule(_opened(), irregularity("cards_mixed", Seat.E, points={"E": 45}))
    assert r.records == (ArbitralScore({Seat.E: 45}),)


def test_art15_missed_draw_draw_and_discard_the_same_card() -> None:
    """Art. 15: "Dovrà quindi pescare dal tallone una carta e scartare la stessa carta (non
    potrà nella fattispecie raccogliere dal monte degli scarti)"; "Gli eventuali giochi aperti
    e le carte legate prima dell'avviso restano validi"."""
    deal = _opened()
    _pass_round(deal)
    top = parse_card("6C")
    r = rule(deal, irregularity("missed_draw", Seat.W, plays=["layoff 0 KS"]))
    d = r.position
    assert d.discard_pile[-1] == top and d.turn is Seat.S
    assert len(d.table[0]) == 4  # the lay-off made before the warning stands
    assert r.records == (InterruptedTurn(Seat.W),)


def test_art15_only_a_discard_the_card_drawn_is_discarded_next_turn() -> None:
    """Art. 15: "non pesca ... ma si limita allo scarto ... egli dovrà pescare e la carta
    pescata verrà scartata il giro successivo, limitando il suo gioco al solo scarto"."""
    deal = _opened()
    _pass_round(deal)
    r = rule(deal, irregularity("discard_without_draw", Seat.W, card="9C"))
    d = r.position
    assert d.discard_pile[-1] == parse_card("9C") and d.turn is Seat.S
    assert r.records == (PenalizedCards(Seat.W, ("6C",)),)
    _pass_round(d)
    assert d.turn.value == "W" and d.phase is Phase.PLAY
    assert [str(m) for m in d.legal_moves()] == ["discard 6C"]
    assert str(Deal.from_position(str(d))) == str(d)


def test_art16a_out_of_turn_draw_compulsory_draw_and_discard_no_closing() -> None:
    """Art. 16 A: "l'arbitro ripristinerà il tallone"; "il giocatore colpevole, al proprio
    turno, limiterà il suo gioco alla pesca obbligatoria ed al successivo scarto della stessa
    carta. Il giocatore colpevole non potrà chiudere per un giro completo"."""
    deal = _opened()
    r = rule(deal, irregularity("out_of_turn_draw", Seat.E))
    d = r.position
    assert d.stock_size == deal.stock_size and d.turn is Seat.S
    _play(d, "draw", "discard 9D")
    assert d.turn.value == "E" and d.legal_moves() == [parse_move("draw")]
    d.push(parse_move("draw"))
    assert [str(m) for m in d.legal_moves()] == ["discard 8D"]
    other = next(x for x in d.hand(Seat.E) if x != parse_card("8D"))
    with pytest.raises(IllegalMoveError) as info:
        d.push(parse_move(f"discard {other}"))
    err = info.value
    assert str(err.article) == "Scala 40 art. 11, 12"


def test_art16a_the_compulsory_draw_refuses_the_pick_up_even_read_back() -> None:
    """Art. 16 A: "limiterà il suo gioco alla pesca obbligatoria ed al successivo scarto della
    stessa carta". Issue 31: the pick-up was listed nowhere but accepted by ``push``; it is
    refused citing art. 16, also from the position written after the ruling."""
    deal = _opened()
    d = rule(deal, irregularity("out_of_turn_draw", Seat.E)).position
    _play(d, "draw", "discard 9D")
    assert d.turn is Seat.E and d.discard_pile[-1] == parse_card("9D")
    for position in (d, Deal.from_position(str(d))):
        with pytest.raises(IllegalMoveError) as info:
            position.push(parse_move("pickup"))
        assert str(info.value.article) == "Scala 40 art. 16"
        assert info.value.key == "scala40.draw_only"
        assert position.legal_moves() == [parse_move("draw")]
    assert str(Deal.from_position(str(d))) == str(d)


def test_art16b_out_of_turn_play_penalized_discard_without_drawing() -> None:
    """Art. 16 B: "l'ultimo gioco effettuato sarà penalizzato; il giocatore colpevole al
    proprio turno, senza pescare, inizierà a scartare una delle carte penalizzate (la più
    bassa)"; "non potrà chiudere prima di avere esaurita la penalità"."""
    deal = _deal(
        {Seat.W: KINGS_QUEENS + " 2C 3H 5H 9C 7S 4D KS", Seat.E: "7H 8H 9H"},
        stock="JH 9D 8D 10S 6C 4S",
    )
    _play(deal, "draw", "open KH KD KC | QH QD QS", "discard 2C")
    r = rule(deal, irregularity("out_of_turn_play", Seat.E, cards="7H 8H 9H"))
    assert r.records == (PenalizedCards(Seat.E, ("7H", "8H", "9H")), InterruptedTurn(Seat.E))
    d = r.position
    _play(d, "draw", "discard 9D")
    assert d.turn is Seat.E and d.phase is Phase.PLAY
    assert [str(m) for m in d.legal_moves()] == ["discard 7H"]
    d.push(parse_move("discard 7H"))
    assert d.penalized(Seat.E) == parse_cards("8H 9H")


def test_art16b_out_of_turn_play_without_drawing_draws_then_discards() -> None:
    """Art. 16: "Il giocatore gioca fuori turno senza pescare ... al proprio turno, dovrà
    pescare, e iniziare a scartare una delle carte penalizzate (la più bassa)"."""
    deal = _deal({Seat.E: "7H 8H 9H"}, stock="JH 9D 8D 10S 6C 4S")
    r = rule(deal, irregularity("out_of_turn_play", Seat.E, cards="7H 8H 9H", drew=False))
    d = r.position
    _play(d, "draw", "discard JH", "draw", "discard 9D")  # W draws JH, S draws 9D
    assert d.turn is Seat.E and d.legal_moves() == [parse_move("draw")]
    d.push(parse_move("draw"))
    assert [str(m) for m in d.legal_moves()] == ["discard 7H"]


def test_art16c_the_next_player_played_the_irregularity_is_passed() -> None:
    """Art. 16 C: "Il giocatore successivo al colpevole fa gioco: L'irregolarità è superata ed
    il gioco prosegue regolarmente"."""
    deal = _opened()
    r = rule(deal, irregularity("out_of_turn_passed", Seat.E))
    assert r.records == () and str(r.position) == str(deal)


def test_art17_two_equal_runs_of_six_are_split_at_five_cards() -> None:
    """Art. 17: "Si possono aprire due sequenze uguali (se sono formate da sei o più carte
    vanno divise massimo 5 carte per sequenza)"."""
    run = "3H 4H 5H 6H 7H 8H"
    deal = _deal({Seat.W: f"{run} {run} 2C"}, stock="JC")
    _play(deal, "draw", f"open {run} | {run}")
    r = rule(deal, irregularity("equal_runs", Seat.W, melds=[0, 1]))
    d = r.position
    assert [len(m) for m in d.table] == [5, 5]
    assert Counter(d.hand(Seat.W)) == Counter(parse_cards("8H 8H 2C JC"))
    assert str(Deal.from_position(str(d))) == str(d)


def test_art20_no_card_to_discard_taken_back_smallest_discarded() -> None:
    """Art. 20: "riprendo le tre carte e scarto il 7 se non lega"."""
    deal = _deal({Seat.W: "KH KD KC KS QH QD QC QS JH JD JC 7H 8H"}, stock="2C 9C 10C 9D 9H")
    _play(deal, "draw", "open KH KD KC KS | QH QD QC QS | JH JD JC", "discard 2C")
    _pass_round(deal)
    deal.push(parse_move("draw"))
    r = rule(deal, irregularity("no_card_to_discard", Seat.W, move="meld 7H 8H 9H"))
    assert r.records == (PenalizedCards(Seat.W, ("7H",)), InterruptedTurn(Seat.W))
    assert r.position.discard_pile[-1] == parse_card("7H")


def test_art16a_no_closing_for_a_whole_round() -> None:
    """Art. 16 A: "Il giocatore colpevole non potrà chiudere per un giro completo"; art. 12:
    "non potrà chiudere prima di avere esaurita la penalità assegnata"."""
    stock = "2C 9C 10C 9D 9H 4S 5S 6S 9H"
    deal = _deal({Seat.W: "KH KD KC KS QH QD QC QS JH JD JC 7H 8H"}, stock=stock)
    _play(deal, "draw", "open KH KD KC KS | QH QD QC QS | JH JD JC", "discard 2C")
    ruled = rule(deal, irregularity("out_of_turn_draw", Seat.W)).position
    _pass_round(ruled)
    ruled.push(parse_move("draw"))
    assert [str(m) for m in ruled.legal_moves()] == ["discard 9H"]
    ruled.push(parse_move("discard 9H"))
    _pass_round(ruled)
    ruled.push(parse_move("draw"))
    assert not any(m.kind is MoveKind.MELD for m in ruled.legal_moves())
    with pytest.raises(IllegalMoveError) as info:
        ruled.push(parse_move("meld 7H 8H 9H"))  # it would close (art. 20)
    assert str(info.value.article) == "Scala 40 art. 12, 16"


E_HAND = "AS 2D 3D 4C 5C 6S 7D 8C 9S 10C 3S 4S 5S"
"""East's thirteen cards: the ace of spades is the one of highest value (art. 22: 11 points)."""


def _east_drew_out_of_turn() -> Deal:
    """W has opened and discarded; S is to draw, the stock's top is 9D; E holds E_HAND."""
    deal = _deal(
        {Seat.W: KINGS_QUEENS + " 2C 3H 5H 9C 7S 4D KS", Seat.E: E_HAND},
        stock="JH 9D 8D 10S 6C 4S",
    )
    _play(deal, "draw", "open KH KD KC | QH QD QS", "discard 2C")
    return deal


def test_art16_drawn_card_not_remembered_the_highest_card_goes_back_on_the_stock() -> None:
    """Art. 16: "se il giocatore non ricorda la carta pescata, l'arbitro farà ... ricollocare
    sul tallone la carta di valore più alto in mano al giocatore"; then art. 16 A: "limiterà
    il suo gioco alla pesca obbligatoria ed al successivo scarto della stessa carta"."""
    deal = _east_drew_out_of_turn()
    r = rule(deal, irregularity("drawn_card_forgotten", Seat.E))
    assert str(r.irregularity.article) == "Scala 40 art. 16"
    d = r.position
    assert Counter(d.hand(Seat.E)) == Counter(parse_cards(E_HAND.replace("AS", "9D")))
    assert d.stock_size == deal.stock_size and d.discard_pile == deal.discard_pile
    assert d.turn.value == "S"
    d.push(parse_move("draw"))
    assert parse_card("AS") in d.hand(Seat.S)  # the stock restored with the ace on top
    d.push(parse_move("discard AS"))
    assert d.turn is Seat.E and d.legal_moves() == [parse_move("draw")]
    d.push(parse_move("draw"))
    assert [str(m) for m in d.legal_moves()] == ["discard 8D"]
    assert str(Deal.from_position(str(d))) == str(d)


def test_art16_drawn_card_not_remembered_the_arbiter_may_have_it_discarded() -> None:
    """Art. 16: "l'arbitro farà scartare o ricollocare sul tallone la carta di valore più
    alto": discarded, it goes on the discard pile; the stock keeps the card drawn out."""
    deal = _east_drew_out_of_turn()
    d = rule(deal, irregularity("drawn_card_forgotten", Seat.E, discard=True, case="B")).position
    assert d.discard_pile[-1] == parse_card("AS")
    assert d.stock_size == deal.stock_size - 1
    assert parse_card("AS") not in d.hand(Seat.E) and parse_card("9D") in d.hand(Seat.E)
    assert d.penalized(Seat.E) == ()
    replayed = d.copy()
    move = replayed.pop()  # the ruling is on the move stack: pop takes it back
    assert move.kind is MoveKind.RULING and parse_card("AS") in replayed.hand(Seat.E)


def test_art16_the_highest_value_card_is_a_joker_before_an_ace_a_king_before_a_queen() -> None:
    """Art. 16 "la carta di valore più alto", by art. 22's points (joker 25, ace 11, K-10
    ten); among equal values the higher rank (art. 1)."""
    assert highest(parse_cards("QS KD 10H 9C")) == parse_card("KD")
    assert highest(parse_cards("AS KD JK 2C")) == parse_card("JK")
    assert highest(parse_cards("KS KH 3C")) == parse_card("KH")


def test_art11_stuck_card_not_seen_goes_back_to_the_hand() -> None:
    """Art. 11: "La carta che è rimasta attaccata sotto un'altra carta calata in sequenza o
    combinazione, se non vista da alcun giocatore, può tornare in mano al giocatore"."""
    deal = _opened()
    r = rule(deal, irregularity("stuck_card", Seat.W, cards="7S"))
    assert r.records == () and str(r.position) == str(deal)
    assert r.position.penalized(Seat.W) == ()


def test_art11_stuck_card_seen_is_a_dropped_card_played_or_discarded_first() -> None:
    """Art. 11: the stuck card "se vista deve essere considerata come una carta caduta
    accidentalmente", which "al proprio turno deve essere obbligatoriamente giocata ...
    altrimenti subito scartata"."""
    deal = _opened()
    r = rule(deal, irregularity("stuck_card", Seat.W, cards="7S", seen=True))
    assert str(r.irregularity.article) == "Scala 40 art. 11"
    assert r.records == (PenalizedCards(Seat.W, ("7S",)),)
    d = r.position
    _pass_round(d)
    d.push(parse_move("draw"))
    assert [str(m) for m in d.legal_moves() if m.kind is MoveKind.DISCARD] == ["discard 7S"]
