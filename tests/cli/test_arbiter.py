"""``arbitro arbiter``: the irregularities with their articles (FIBAS arts. 22-35), a deal
replayed in arbiter mode with a ruling (art. 25.1), the reports of Parole art. 14.2 as text and
PDF, and the Bridge Law 13 board check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from typer.testing import CliRunner

from arbitro.cards import parse_card, parse_cards
from arbitro.cli.arbiter import register
from arbitro.games.burraco import Line, Seat
from arbitro.games.burraco.arbiter import ArbiterDeal, run_script

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.callback()
    def main() -> None:
        """Test app."""

    return app


def test_irregularities_list_every_section_c_article() -> None:
    """FIBAS Section C: every article 23-35 has an irregularity the engine remedies."""
    result = runner.invoke(_app(), ["arbiter", "irregularities", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    articles = {r["article"].split(".")[0] for r in rows}
    # Section C, and arts. 6, 9, 10, 18 of Section A
    assert articles == {str(a) for a in range(22, 36)} | {"6", "9", "10", "18"}
    text = runner.invoke(_app(), ["arbiter", "irregularities"]).output
    assert "chiusura senza burraco" in text and "FIBAS art. 33" in text
    closing = next(r for r in rows if r["name"] == "closing_without_burraco")
    assert closing["label"] == "chiusura senza burraco"
    assert closing["citation"] == {"code": "burraco-fibas", "article": "33"}


def test_art_25_1_replay_applies_the_ruling_and_prints_the_position(tmp_path: Path) -> None:
    """Art. 25.1 from the CLI: 9C laid off wrongly, discarded at once; S to play."""
    layout = {
        "hands": {"E": "5H 6H 7D 9C KS QS 3C", "W": "8S 8S 4D", "N": "JH JH", "S": "QH"},
        "pile": "8C",
        "stock": "4S 10D 10S 6D 6S JS JC 9D",
        "pozzetti": ["AH AD AC AS KH KD KC KS QH QD QC"],
        "melds": {"NS": ["3C 4C 5C 6C 7C 8C 9C", "QC QD QS"], "EW": ["3H 4H 5H"]},
        "taken": ["NS"],
        "turn": "E",
        "turns_played": 8,
    }
    script = ["E draw", "E layoff 0 9C", "rule wrong_lay_off E", "S draw", "S layoff 1 QH"]
    script.append("S discard 10D")
    f = tmp_path / "deal.json"
    f.write_text(json.dumps({"layout": layout, "script": script}))
    result = runner.invoke(_app(), ["arbiter", "replay", str(f), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    (ruling,) = out["rulings"]
    assert ruling["article"] == "25.1" and ruling["discarded"] == "9C"
    assert ruling["next_to_act"] == "S"
    assert out["state"]["over"] and out["state"]["totals"] == {"NS": 365, "EW": -155}
    position = out["state"]["position"]
    assert "| EW 2 E 3H 4H 5H / touched E@-4 |" in position and "| pile 8C 9C 10D |" in position
    assert "| end closing S |" in position
    read = ArbiterDeal.from_position(position)
    assert str(read) == position and read.totals() == {Line.NS: 365, Line.EW: -155}
    assert "hands" not in out["state"] and "melds" not in out["state"]  # the position says it
    text = runner.invoke(_app(), ["arbiter", "replay", str(f)]).output
    assert "[FIBAS art. 25.1] E:" in text and "NS 365" in text
    assert f"Posizione: {position}" in text


def test_art_10_replay_refuses_a_draw_after_must_pick_up(tmp_path: Path) -> None:
    """FIBAS art. 10 "è costretto a raccogliere" (issue 31): ``E draw`` right after the ruling
    was replayed as if nothing were wrong; the replay now stops at it, naming the obligation
    and its article, and exits with an error."""
    layout = {
        "hands": {"E": "5H 6H 7C KS", "W": "8S 8S 4D", "N": "JH JH", "S": "QH"},
        "pile": "9C 8C",
        "stock": "4S 10D 10S 6D 6S JS JC 9D",
        "pozzetti": ["AH AD AC AS KH KD KC KS QH QD QC"],
        "turn": "E",
        "turns_played": 8,
    }
    f = tmp_path / "deal.json"
    f.write_text(json.dumps({"layout": layout, "script": ["rule pile_card_lifted E", "E draw"]}))
    result = runner.invoke(_app(), ["arbiter", "replay", str(f)])
    assert result.exit_code != 0
    assert "E deve raccogliere il monte degli scarti" in result.output
    assert "FIBAS art. 10" in result.output


def test_replay_from_a_position_string_goes_on_from_it(tmp_path: Path) -> None:
    """The replay reads a position string (docs/notation-burraco.md) in place of a layout:
    art. 25.1's penalized card at E's side is discarded first at E's next turn."""
    d = ArbiterDeal.from_layout(
        {
            Seat.N: parse_cards("JH JH"),
            Seat.E: parse_cards("5H 6H 9C KS"),
            Seat.S: parse_cards("QH QH"),
            Seat.W: parse_cards("8S 8S 4D"),
        },
        pile=parse_cards("8C"),
        stock=parse_cards("4S 10D 10S 6D 6S JS JC 9D 2C 3C"),
        melds={Line.EW: [parse_cards("3H 4H 5H")]},
        turn=Seat.E,
        turns_played=8,
    )
    run_script(d, ["E draw", "E layoff 0 9C", "E discard KS", "rule wrong_lay_off E"])
    assert d.aside(Seat.E) == parse_cards("9C")
    f = tmp_path / "deal.json"
    script = ["S draw", "S discard 10D", "W draw", "W discard 10S", "N draw", "N discard 6D"]
    script += ["E draw", "E discard 9C"]
    f.write_text(json.dumps({"position": str(d), "script": script}))
    result = runner.invoke(_app(), ["arbiter", "replay", str(f), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    assert "| aside - |" in state["position"] and "aside E 9C" in str(d)
    after = ArbiterDeal.from_position(state["position"])
    assert after.discard_pile[-1] == parse_card("9C") and after.next_to_act is Seat.S


def test_replay_bad_line_is_a_clear_error(tmp_path: Path) -> None:
    """A malformed script line is refused with a message naming it."""
    f = tmp_path / "deal.json"
    f.write_text(json.dumps({"seed": 3, "script": ["X fly"]}))
    result = runner.invoke(_app(), ["arbiter", "replay", str(f)])
    assert result.exit_code == 1 and "X fly" in result.output


def test_art_14_2_report_command_writes_one_pdf_per_player(tmp_path: Path) -> None:
    """Parole art. 14.2: one report per player, text and PDF."""
    data: dict[str, Any] = {
        "event": "Torneo",
        "date": "2026-11-22",
        "arbiter": {"name": "Luca Verdi", "card": "A-1"},
        "event_end": "2026-11-22T19:00",
        "incidents": [
            {
                "player": {"name": "Mario Rossi", "card": "FB1"},
                "occurred_at": "2026-11-22T16:40",
                "reason": "Pozzetto visto prima dello scarto del compagno",
                "intervention": "Ammonito",
                "article": "FIBAS 23",
                "sanction": "warning",
                "table": "7",
                "witnesses": ["Piero Neri"],
                "present": ["Mario Rossi", "Piero Neri"],
            },
            {
                "player": {"name": "Anna Bianchi"},
                "occurred_at": "2026-11-22T17:00",
                "reason": "Linguaggio ingiurioso",
                "intervention": "Espulsa",
                "sanction": "expulsion",
            },
        ],
    }
    f = tmp_path / "report.json"
    f.write_text(json.dumps(data))
    out = tmp_path / "pdf"
    result = runner.invoke(_app(), ["arbiter", "report", str(f), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.count("REFERTO ARBITRALE") == 2
    assert "Testimoni: Piero Neri" in result.output
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert pdfs == ["referto-1-anna-bianchi.pdf", "referto-2-mario-rossi.pdf"]
    assert (out / pdfs[0]).read_bytes().startswith(b"%PDF")
    data["incidents"][0]["reason"] = ""
    f.write_text(json.dumps(data))
    bad = runner.invoke(_app(), ["arbiter", "report", str(f)])
    assert bad.exit_code == 1 and "14.2" in bad.output


def test_law_13_board_command_checks_counts_and_gives_the_outcome(tmp_path: Path) -> None:
    """Law 13: N holds 14 cards and E 12; no call made, nobody saw: correct and play (13D1)."""
    suits = "HDCS"
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    n = " ".join(r + suits[0] for r in ranks) + " AD"
    e = " ".join(r + "D" for r in ranks[1:])
    s = " ".join(r + "C" for r in ranks)
    w = " ".join(r + "S" for r in ranks)
    f = tmp_path / "board.json"
    f.write_text(json.dumps({"board": 4, "hands": {"N": n, "E": e, "S": s, "W": w}}))
    result = runner.invoke(_app(), ["arbiter", "board", str(f), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert not out["ok"] and out["ruling"]["paragraph"] == "13D1"
    assert out["ruling"]["counts"] == {"N": 14, "E": 12}
    text = runner.invoke(_app(), ["arbiter", "board", str(f), "--call-made"]).output
    assert "N 14/13, E 12/13" in text and "13A" in text


def test_replay_from_a_seed_with_regular_actions(tmp_path: Path) -> None:
    """A shuffled deal (seed) in arbiter mode: the first player draws and discards."""
    import random

    from arbitro.games.burraco import Deal

    deal = Deal.shuffled(random.Random(5))
    first = deal.turn.value
    card = deal.hand(deal.turn)[0]
    f = tmp_path / "deal.json"
    f.write_text(json.dumps({"seed": 5, "script": [f"{first} draw", f"{first} discard {card}"]}))
    result = runner.invoke(_app(), ["arbiter", "replay", str(f), "--json"])
    assert result.exit_code == 0, result.output
    state = json.loads(result.output)["state"]
    pile = ArbiterDeal.from_position(state["position"]).discard_pile
    assert pile[-1] == card and state["next_to_act"] == "S"
