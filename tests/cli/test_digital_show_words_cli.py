"""``arbitro digital show`` and ``replay`` in the terminal's language (issue 32, words17):
``show`` printed the position's raw notation with its English keys (``dealer N``, ``turn E``,
``phase draw``) in an Italian terminal; now each field is named as the desk names it
(«Mazziere: Ovest», «Di turno: Nord», «Fase: draw (pescare o raccogliere gli scarti)»), the
notation kept below to copy. ``replay`` listed «W pickup», «N discard QS»; now each move is
said in words («Ovest raccoglie gli scarti», «Nord scarta Q♠»), its notation beside it."""

from __future__ import annotations

import json

from tests.cli.test_digital_cli import db as db  # the fixture: four pairs, round 1 seated
from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

ITALIAN = {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ovest"}
ENGLISH = {"N": "North", "E": "East", "S": "South", "W": "West"}


def test_show_names_each_field_and_keeps_the_notation(db: list[str]) -> None:
    opened = runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "E,W"])
    assert opened.exit_code == 0, opened.output
    data = json.loads(runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--json"]).output)
    position = data["position"]
    dealer, turn = (s.split()[1] for s in position.split(" | ")[:2])
    italian = runner.invoke(app, [*db, "digital", "show", "e", "1", "1"]).output
    lines = italian.splitlines()
    assert f"Mazziere: {ITALIAN[dealer]}" in lines and f"Di turno: {ITALIAN[turn]}" in lines
    assert "Fase: draw (pescare o raccogliere gli scarti)" in lines
    assert "Mano di Nord: " in italian and "Tallone: " in italian
    assert f"gioca: {ITALIAN[turn]}" in lines[0] and "Robot: E O" in lines
    assert not any(line.startswith(("dealer ", "turn ", "phase ")) for line in lines[:-1])
    # the notation itself, below, to copy
    assert lines[-2:] == ["La posizione nella notazione (da copiare):", position]
    english = runner.invoke(app, [*db, "--lang", "en", "digital", "show", "e", "1", "1"]).output
    lines = english.splitlines()
    assert f"Dealer: {ENGLISH[dealer]}" in lines and f"To play: {ENGLISH[turn]}" in lines
    assert "Phase: draw (draw or pick up)" in lines and "Robots: E W" in lines
    assert lines[-2:] == ["The position in the notation (to copy):", position]


def test_replay_says_each_move_in_words(db: list[str]) -> None:
    robots = ["--robots", "N,E,S,W"]
    assert runner.invoke(app, [*db, "digital", "open", "e", "1", "1", *robots]).exit_code == 0
    data = json.loads(
        runner.invoke(app, [*db, "digital", "replay", "e", "1", "1", "--json"]).output
    )
    moves = data["moves"]
    italian = runner.invoke(app, [*db, "digital", "replay", "e", "1", "1"]).output.splitlines()
    english = runner.invoke(
        app, [*db, "--lang", "en", "digital", "replay", "e", "1", "1"]
    ).output.splitlines()
    for lines, names in ((italian, ITALIAN), (english, ENGLISH)):
        listed = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
        assert len(listed) == len(moves)
        for line, m in zip(listed, moves, strict=True):
            assert line.startswith(f"{m['n']:>4}. {names[m['seat']]} "), line
            assert line.endswith(f"  [{m['seat']} {m['move']}]"), line  # the notation kept
    said = dict(zip((m["move"] for m in moves), italian[1:], strict=False))
    pickup = next((line for move, line in said.items() if move == "pickup"), None)
    assert pickup is None or "raccoglie gli scarti" in pickup
    draw = next((line for move, line in said.items() if move == "draw"), None)
    assert draw is None or "pesca dal tallone" in draw
    discard = next(m for m in moves if m["move"].startswith("discard "))
    card = discard["move"].split()[1]
    suit = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}[card[-1]] if card != "JK" else ""
    line = italian[discard["n"]]
    assert f"{ITALIAN[discard['seat']]} scarta {card[:-1] if suit else card}{suit}" in line
    assert discard["said"] == line.split(". ", 1)[1].split("  [")[0]


def test_show_a_seat_as_its_phone_shows_it(db: list[str]) -> None:
    """``show --seat N`` printed the view's JSON keys and raw texts («seat: N», «'title':
    'Melds of {line}', 'args': {'line': 'EW'}»); now the phone's titles in the terminal's
    language, the seats and lines named, the legal moves in the notation."""
    opened = runner.invoke(app, [*db, "digital", "open", "e", "1", "1", "--robots", "E,W"])
    assert opened.exit_code == 0, opened.output
    view = json.loads(
        runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--seat", "S", "--json"]).output
    )
    italian = runner.invoke(app, [*db, "digital", "show", "e", "1", "1", "--seat", "S"]).output
    lines = italian.splitlines()
    assert lines[0] == "Tavolo 1, posto Sud"
    turn = "Tocca a te" if view["turn"] == "S" else f"Gioca: {ITALIAN[view['turn']]}"
    assert lines[1] == f"smazzata 1 di 2 · {turn}"
    assert f"La tua mano: {' '.join(view['hand'])}" in lines
    sizes = view["hand_sizes"]
    assert f"Carte nelle altre mani: N {sizes['N']}, E {sizes['E']}, O {sizes['W']}" in lines
    assert any(line.startswith("Combinazioni della linea E-O: ") for line in lines)
    assert "  La linea E-O non ha ancora preso il pozzetto" in lines
    assert "{" not in italian and "'args'" not in italian and "seat: " not in italian
    english = runner.invoke(
        app, [*db, "--lang", "en", "digital", "show", "e", "1", "1", "--seat", "S"]
    ).output
    assert english.splitlines()[0] == "Table 1, seat South"
    assert any(line.startswith("Melds of E-W: ") for line in english.splitlines())
    if view["moves"]:  # the moves as the seat sends them
        assert english.splitlines()[-len(view["moves"]) :] == [f"  {m}" for m in view["moves"]]
