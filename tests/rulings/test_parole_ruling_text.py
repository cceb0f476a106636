"""A Parole ruling said in a sentence a player understands (issue 31), in Italian and English:
what the remedy does, who plays now and how, the article — as the FIBAS rulings say theirs.
It showed only «gioca ora: E». Cases from the code (Parole UISP): art. 10.2 (a wrong word put
right with the hand's cards, the rest penalized), art. 10.10 (after the remedy the culprit
discards at once), art. 10.8 (penalized cards discarded highest first)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.rulings.events import event, parole_wrong_word, service
from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.codes.ids import CodeId
from arbitro.games.core.code_arbiter import effect_message
from arbitro.services.rulings import rule_on

PAROLE = CodeId.BURRACO_PAROLE


def said(situation: dict[str, Any], lang: str) -> list[str]:
    """The ruling's effects as the desk and the terminal show them."""
    ruling = rule_on(PAROLE, situation)
    return [effect_message(e).render(lang) for e in ruling.effects]


def test_art10_2_a_wrong_word_put_right_with_the_same_cards() -> None:
    """Art. 10.2: E lays CNAE, put right as CANE with the same cards; art. 10.10: E
    discards at once."""
    it = said(parole_wrong_word(), "it")
    assert it[0] == (
        "la parola sbagliata CNAE di Est è sanata in CANE con le stesse carte; Est scarta "
        "subito, senza giocare (Parole UISP art. 10.1, 10.2, 10.3, 10.4)"
    )
    en = said(parole_wrong_word(), "en")
    assert en[0] == (
        "East's wrong word CNAE is put right as CANE with the same cards; East discards now, "
        "without playing (Parole UISP art. 10.1, 10.2, 10.3, 10.4)"
    )


def test_art10_2_the_cards_not_used_become_penalized_and_the_highest_is_discarded() -> None:
    """Art. 10.2: CNAEB put right as CANE, B is penalized; art. 10.8: E discards the
    penalized B at once."""
    situation = {**parole_wrong_word(), "cards": "CNAEB"}
    assert said(situation, "it")[0] == (
        "la parola sbagliata CNAEB di Est è sanata in CANE; le carte non usate diventano "
        "carte penalizzate (B); Est scarta subito la carta penalizzata più alta: B "
        "(Parole UISP art. 10.1, 10.2, 10.3, 10.4)"
    )


def test_a_wrong_word_not_put_right_goes_back_penalized() -> None:
    """Art. 10.1: a wrong word that is not put right: its cards become penalized."""
    situation = {**parole_wrong_word(), "extra": ""}
    text = said(situation, "en")[0]
    assert text.startswith("East's wrong word CNAE goes back: its cards become penalized; ")
    assert "East discards now, the highest penalized card first" in text


def test_the_sentence_is_in_the_terminal(tmp_path: Path) -> None:
    """``arbitro arbiter rule`` prints the sentence after the ruling's line, in Italian."""
    svc = service(tmp_path)
    event(svc, "p", PAROLE)
    f = tmp_path / "situation.json"
    f.write_text(json.dumps(parole_wrong_word()))
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    args = ["--db", db, "--lang", "it", "arbiter", "rule", str(f), "--event", "p"]
    result = CliRunner().invoke(app, [*args, "--round", "1", "--table", "1"])
    assert result.exit_code == 0, result.output
    assert "la parola sbagliata CNAE di Est è sanata in CANE" in result.stdout
    assert "Est scarta subito, senza giocare" in result.stdout


def test_who_plays_now_is_said_once_in_the_rulings_words() -> None:
    """Art. 10.10: the sentence already says that East discards now; no generic «gioca ora:
    E» follows it (it said the same thing twice, in other words), neither in Italian nor in
    English, nor among the effects the API gives."""
    ruling = rule_on(PAROLE, parole_wrong_word())
    assert [e["kind"] for e in ruling.effects] == ["message"]
    it = said(parole_wrong_word(), "it")
    assert it == [
        "la parola sbagliata CNAE di Est è sanata in CANE con le stesse carte; Est scarta "
        "subito, senza giocare (Parole UISP art. 10.1, 10.2, 10.3, 10.4)"
    ]
    assert not any("gioca ora" in line for line in it)
    assert not any("next to play" in line for line in said(parole_wrong_word(), "en"))
