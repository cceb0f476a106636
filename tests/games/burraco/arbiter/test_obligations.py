"""Rulings that are kept (issue 31): what a ruling obliges the player on turn to do is part of
the position (``limits``, ``prepared``, ``aside``, ``must``: docs/notation-burraco.md), reads
back from it, and an action that ignores it is refused citing the ruling's article; the legal
moves are only those it leaves."""

from __future__ import annotations

import pytest
from tests.games.burraco.arbiter.obligations import against_ruling

from arbitro.cards import parse_card, parse_cards
from arbitro.errors import ArbitroError
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, TurnLimit, run_line, run_script
from arbitro.games.burraco.errors import fibas

C = parse_card
P = parse_cards
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def table(e: str = "5H 6H 7C KS", *, pile: str = "9C 8C") -> ArbiterDeal:
    """E to draw after eight turns, the pile 9C 8C."""
    return ArbiterDeal.from_layout(
        {E: P(e), W: P("8S 8S 4D"), N: P("JH JH"), S: P("QH")},
        pile=P(pile),
        stock=P("4S 10D 10S 6D 6S JS JC 9D"),
        pozzetti=[P("AH AD AC AS KH KD KC KS QH QD QC")],
        melds={Line.NS: [P("3C 4C 5C 6C 7C 8C 9C")]},
        taken=[Line.NS],
        turn=E,
        turns_played=8,
    )


def with_sections(d: ArbiterDeal, **values: str) -> ArbiterDeal:
    """``d``'s position with some sections written otherwise, read back."""
    parts = []
    for part in str(d).split(" | "):
        key = part.partition(" ")[0]
        parts.append(f"{key} {values[key]}" if key in values else part)
    return ArbiterDeal.from_position(" | ".join(parts))


def test_art_10_the_replay_refuses_a_draw_after_must_pick_up() -> None:
    """FIBAS art. 10: "se solleva il dorso o parte di esso anche di una sola carta è costretto
    a raccogliere". Issue 31: ``E draw`` right after the ruling was accepted; the script's
    replay now refuses it, citing art. 10, and leaves the pick-up as E's only move."""
    d = table()
    run_script(d, ["rule pile_card_lifted E"])
    with pytest.raises(ArbitroError) as err:
        run_line(d, "E draw")
    assert err.value.article == fibas("pile_card_lifted") and err.value.article.article == "10"
    assert str(err.value) == (
        "rifiutato: per la decisione arbitrale E deve raccogliere il monte degli scarti "
        "(FIBAS art. 10)"
    )
    assert d.legal_moves() == ("E pickup",)
    assert d.script() == ["rule pile_card_lifted E"]
    run_line(d, "E pickup")
    assert d.limit(E) is TurnLimit.NONE and "| limits - |" in str(d)  # kept, it is gone
    assert d.legal_moves()[0] == "E discard 5H"  # then the player plays on


def test_art_10_the_obligation_round_trips_in_the_position() -> None:
    """FIBAS art. 10: the position written after the ruling carries the obligation and its
    article (``limits E must_pick_up now pile_card_lifted``); read back, it still refuses the
    draw."""
    d = table()
    run_line(d, "rule pile_card_lifted E")
    text = str(d)
    assert "| limits E must_pick_up now pile_card_lifted |" in text
    again = ArbiterDeal.from_position(text)
    assert str(again) == text and again.limit(E) is TurnLimit.MUST_PICK_UP
    against_ruling(again, lambda x: x.draw(E), "pile_card_lifted")
    assert again.legal_moves() == ("E pickup",)


def test_an_obligation_written_without_its_irregularity_cites_art_22() -> None:
    """A position written before the irregularity was kept with the limit still reads; the
    obligation then cites FIBAS art. 22 ("Nessun giocatore ha la facoltà di continuare a
    giocare se prima l'Arbitro non ha spiegato come provvedere alla rettifica")."""
    d = with_sections(table(), limits="E must_pick_up now")
    assert d.limit(E) is TurnLimit.MUST_PICK_UP
    assert "| limits E must_pick_up now |" in str(d)
    against_ruling(d, lambda x: x.draw(E), "arbiter")
    with pytest.raises(ArbitroError):
        with_sections(table(), limits="E must_pick_up now pile_card_lifted extra")


def test_a_limit_for_the_next_turn_binds_only_from_that_turn() -> None:
    """FIBAS art. 31 "al suo turno limiterà il suo gioco alla pesca ed allo scarto": written
    ``next``, the limit leaves the turn on free; it binds the seat's own next turn."""
    d = with_sections(table(), limits="E draw_and_discard next out_of_turn_draw")
    assert d.legal_moves() == ("E draw", "E pickup")
    d.pick_up(E)
    d.discard(E, C("KS"))
    for s in (S, W, N):
        d.discard(s, d.draw(s).cards[0])
    assert d.legal_moves() == ("E draw",)
    against_ruling(d, lambda x: x.pick_up(E), "out_of_turn_draw")


def test_art_31_the_prepared_card_is_the_only_discard() -> None:
    """FIBAS art. 31 point 4: at the real turn the offender "potrà effettuare solo lo scarto"
    of the card prepared face down: another card is refused, citing art. 31."""
    d = with_sections(
        table(),
        turn="W",
        phase="play",
        W="8S 8S",
        prepared="W 4D",
        limits="W discard_prepared now out_of_turn_draw",
    )
    assert d.legal_moves() == ("W discard 4D",)
    against_ruling(d, lambda x: x.discard(W, C("8S")), "out_of_turn_draw")
    against_ruling(d, lambda x: x.draw(W), "out_of_turn_draw")
    assert not d.discard(W, C("4D")).problems and d.next_to_act is N


def test_art_25_2_2_the_penalized_cards_go_one_a_turn_highest_first() -> None:
    """FIBAS art. 25.2.2: "posizionata al lato del tavolo ed utilizzata, al termine dei propri
    giochi, come scarto obbligatorio al turno successivo": E may play, and its discard is the
    first card at its side (KS before 9C, entry 1 of the remedies' rulings): any other card,
    the 9C included, is refused citing art. 25."""
    d = with_sections(table(), phase="play", aside="E KS 9C")
    assert d.legal_moves() == ("E discard KS",)
    against_ruling(d, lambda x: x.discard(E, C("9C")), "penalized_cards")
    against_ruling(d, lambda x: x.discard(E, C("5H")), "penalized_cards")
    d.discard(E, C("KS"))
    assert d.aside(E) == P("9C")


def test_art_33_the_discard_is_one_of_the_cards_taken_back() -> None:
    """FIBAS art. 33 "Senza scarto": the last play back in hand, "lo scarto dovrà essere una
    delle carte" taken back: E holds 9D 9C and KS, the KS discard is refused citing art. 33."""
    d = with_sections(
        table("9D 9C KS"),
        phase="play",
        must="E 9D 9C",
        limits="E discard_only now closing_without_discard",
    )
    assert d.legal_moves() == ("E discard 9D", "E discard 9C")
    against_ruling(d, lambda x: x.discard(E, C("KS")), "closing_without_discard")
    against_ruling(d, lambda x: x.meld(E, P("9D 9C KS")), "closing_without_discard")
    assert not d.discard(E, C("9C")).problems and "| must - |" in str(d)
