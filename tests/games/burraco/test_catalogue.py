"""The Burraco engine speaks from the message catalogue (docs/i18n.md): errors, rulings, problems
and names are msgids rendered in Italian or English at the edge, and every article they cite
comes from the ``[articles]`` table of ``burraco_fibas.toml`` (FIBAS arts. 2-35)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arbitro.cards import parse_card, parse_cards
from arbitro.codes.citation import cite
from arbitro.codes.ids import CodeId
from arbitro.errors import ArbitroError
from arbitro.games.burraco import BurracoKind, IllegalMoveError, Seat, parse_meld
from arbitro.games.burraco.arbiter import ArbiterDeal, Irregularity
from arbitro.games.burraco.scoring import check_entry, score_position
from arbitro.i18n import Message, use_lang

C = parse_card
P = parse_cards
E, W = Seat.E, Seat.W
SRC = Path(__file__).resolve().parents[3] / "src" / "arbitro"


def test_art11_an_illegal_meld_reads_in_both_languages_and_cites_fibas() -> None:
    """Art. 11: one wild per meld; the error names the cards and ends with the FIBAS article."""
    with pytest.raises(IllegalMoveError) as err:
        parse_meld("5H 6H JK 2C")
    assert err.value.article == cite(CodeId.BURRACO_FIBAS, "one_wild")
    assert err.value.message("it") == (
        "ogni gioco può contenere una sola matta: 5H 6H JK 2C (FIBAS art. 11)"
    )
    assert err.value.message("en") == "a meld may hold only one wild: 5H 6H JK 2C (FIBAS art. 11)"
    assert err.value.to_json("en")["msgid"] == "a meld may hold only one wild: {cards}"


def test_art13_a_run_names_its_suit_in_the_users_language() -> None:
    """Art. 13: a run out of order names its suit: cuori in Italian, hearts in English."""
    with pytest.raises(IllegalMoveError) as err:
        parse_meld("3H 4H 6H")
    assert err.value.it.startswith("sequenza di cuori non ordinata o incompleta: 3H 4H 6H")
    assert err.value.en.startswith("run of hearts not in order or incomplete: 3H 4H 6H")
    with use_lang("en"):
        assert str(err.value.msg).startswith("run of hearts")


def test_art15_burraco_kinds_are_named_from_the_catalogue() -> None:
    """Art. 15: clean, semi-clean, dirty (pulito, semipulito, sporco)."""
    assert [k.italian for k in BurracoKind] == ["pulito", "semipulito", "sporco"]
    assert [k.label.render("en") for k in BurracoKind] == ["clean", "semi-clean", "dirty"]


def test_art19_a_sheet_entry_that_differs_is_a_message() -> None:
    """Arts. 19, 21: the differences of a sheet entry are messages rendered at the edge."""
    sc = score_position([parse_meld("3H 4H 5H 6H 7H 8H 9H")], [P("KS")], closed=True)
    base, points = check_entry(sc, base=200, points=25)
    assert isinstance(base, Message) and base.render("en") == "base 200 ≠ 300"
    assert points.render("it") == "punti 25 ≠ 35"


def test_art_22_to_35_every_irregularity_cites_its_article_from_the_code_data() -> None:
    """FIBAS Section C: each irregularity's article is the one of its topic in the code's data,
    and its name reads in both languages."""
    for irr in Irregularity:
        assert irr.citation == cite(CodeId.BURRACO_FIBAS, irr.value)
        assert irr.article == irr.citation.article
        assert irr.italian and irr.english and irr.italian != irr.english
    assert Irregularity.WRONG_LAY_OFF.article == "25.1"
    assert Irregularity.GHOST_CARD.label.render("it") == "carta fantasma"


def test_art_22_a_ruling_reads_in_both_languages_and_keeps_msgid_and_params_in_json() -> None:
    """Art. 22: a player who plays on before the ruling is warned; the ruling's text is a
    message (Italian and English) and its JSON keeps the msgid and the parameters."""
    d = ArbiterDeal.from_layout({E: P("5H 6H 7H"), W: P("8S")})
    r = d.rule(Irregularity.PLAYED_BEFORE_RULING, W)
    assert r.it == "W ha continuato a giocare prima della decisione: ammonito"
    assert r.en == "W played on before the ruling: warned"
    data = json.loads(json.dumps(r.as_dict()))
    assert data["text"] == {
        "msgid": "{seat} played on before the ruling: warned",
        "params": {"seat": "W"},
    }
    assert data["article"] == "22" and data["citation"] == {
        "code": "burraco-fibas",
        "article": "22",
    }
    assert d.warnings == [(W, "22", "gioco proseguito prima della decisione dell'arbitro")]
    assert d.warnings[0].reason == Irregularity.PLAYED_BEFORE_RULING.italian


def test_art_24_a_citation_inside_a_ruling_is_rendered_and_kept_as_json() -> None:
    """Art. 35 (ghost card with the discard) refers to art. 24 point 2 by its citation."""
    d = ArbiterDeal.from_layout({E: P("5H 6H 7H KS"), W: P("8S")}, pile=P("8C"), stock=P("4S"))
    d.draw(E)
    d.discard(E, C("KS"), hidden=P("7H"))
    r = d.rule(Irregularity.GHOST_CARD, E, cards=P("7H"))
    assert r.it.endswith("torna al giocatore come carta esposta (FIBAS art. 24 punto 2)")
    assert r.en.endswith("back to the player as an exposed card (FIBAS art. 24 point 2)")
    text = r.as_dict()["text"]
    assert isinstance(text, dict)
    params = text["params"]
    assert params["article"] == {"code": "burraco-fibas", "article": "24"}


def test_art_30_problems_seen_in_actions_cite_the_code_and_read_in_both_languages() -> None:
    """Art. 30: a meld before drawing is recorded with the problem, its article and its text."""
    d = ArbiterDeal.from_layout({E: P("5H 6H 7H KS"), W: P("8S")}, stock=P("4S"))
    a = d.meld(E, P("5H 6H 7H"))
    (p,) = a.problems
    assert p.citation == cite(CodeId.BURRACO_FIBAS, "missing_draw") and p.article == "30"
    assert (p.it, p.en) == ("gioco senza aver pescato", "play made without drawing")
    assert p.suggests is Irregularity.MISSING_DRAW


def test_bad_script_line_nests_the_reason_in_the_users_language() -> None:
    """A malformed arbiter-mode line names the line and why, in one language."""
    from arbitro.games.burraco.arbiter import run_line

    d = ArbiterDeal.from_layout({E: P("5H"), W: P("8S")})
    with pytest.raises(ArbitroError) as err:
        run_line(d, "X draw")
    assert err.value.it == "riga non valida 'X draw': posto 'X' (N, E, S, W) (FIBAS art. 22)"
    assert err.value.en == "bad line 'X draw': seat 'X' (N, E, S, W) (FIBAS art. 22)"


@pytest.mark.parametrize("folder", ["games/burraco", "cards"])
def test_no_article_number_is_written_in_the_code(folder: str) -> None:
    """Every article cited comes from the code's data through ``cite``: no literal article
    numbers passed as ``article=`` or written into a message."""
    for path in (SRC / folder).rglob("*.py"):
        text = path.read_text("utf-8")
        assert not re.search(r"article\s*=\s*[\"']\d", text), path
        assert not re.search(r"(message|Error|_)\(\s*\"[^\"]*art\. \d", text), path
