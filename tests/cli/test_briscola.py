"""``arbitro briscola``: a game by the bots and a 13-pair knockout end to end (arts. 1-10)."""

from __future__ import annotations

import json
from typing import Any

import typer
from typer.testing import CliRunner

from arbitro.cli.codes.briscola import register
from arbitro.games.briscola import GameRecord
from arbitro.tournament.knockout import Bracket, fold_bracket

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)

    @app.command("noop")
    def noop() -> None:  # a second command keeps "briscola" a named group
        """Nothing."""

    return app


def _run(*args: str) -> Any:
    result = runner.invoke(_app(), ["briscola", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output) if "--json" in args else result.output


def test_play_game_json_is_a_replayable_record() -> None:
    """Arts. 1-8: the draw for the dealer, the deck, 40 cards played, the result; replayable."""
    data = _run("play-game", "--seed", "7", "--json")
    assert data["format"] == "arbitro.briscola.game/1" and len(data["moves"]) == 40
    assert data["dealer_draw"]["dealer"] == data["dealer"]
    points = data["result"]["points"]
    assert points["NS"] + points["EW"] == 120
    record = GameRecord.from_dict(data)
    game = record.replay()
    assert game.result().to_dict() == data["result"]
    assert _run("play-game", "--seed", "7", "--json") == data  # reproducible


def test_play_game_text_shows_the_tricks_and_winner() -> None:
    """The text output lists the trump, the ten tricks and the winner."""
    out = _run("play-game", "--seed", "3", "--ns", "random", "--ew", "greedy")
    assert "briscola:" in out and "vince:" in out
    assert sum(1 for ln in out.splitlines() if "→" in ln) == 10


def _fold(records: list[dict[str, Any]]) -> Bracket:
    """Fold the event records the CLI prints into a bracket, as a stored event would."""
    bracket = fold_bracket((r["kind"], r["payload"]) for r in records)
    assert bracket is not None
    return bracket


def test_art9_knockout_of_13_pairs_end_to_end() -> None:
    """Art. 9: 13 pairs, 3 byes, 12 matches each decided 2-0 or 2-1, one champion; the
    printed event records fold into the same bracket."""
    data = _run("knockout", "--pairs", "13", "--seed", "1", "--records", "--json")
    assert data["matches_played"] == 12
    bracket = data["bracket"]
    assert bracket["size"] == 16 and len(bracket["byes"]) == 3
    played = [m for r in bracket["rounds"] for m in r["matches"] if not m["bye"]]
    assert len(played) == 12
    assert all(sorted(m["score"]) in ([0, 2], [1, 2]) for m in played)
    assert data["games_played"] == sum(len(m["games"]) for m in played)
    champion = data["champion"]
    assert champion in range(1, 14) and bracket["rounds"][-1]["matches"][0]["winner"] == champion
    assert bracket["rounds"][-1]["name"] == "finale"
    assert data["entry_fees"] == {"per_pair_cents": 400, "total_cents": 5200, "currency": "EUR"}
    records = data["records"]
    registered = [r for r in records if r["kind"] == "pair-registered"]
    assert len(registered) == 13 and registered[0]["payload"]["entry_fee_cents"] == 400
    assert _fold(records).to_dict() == bracket
    for rec in records:
        if rec["kind"] == "game-result":  # each game's record replays to its points
            game = GameRecord.from_dict(rec["payload"]["record"]).replay()
            assert sum(game.result().points.values()) == 120


def test_art9_seeded_knockout_gives_byes_to_the_top_seeds() -> None:
    """Seeded order: pairs 1, 2, 3 get the byes of a 13-pair field."""
    data = _run("knockout", "--pairs", "13", "--seed", "2", "--seeded", "--json")
    assert data["method"] == "seeded" and data["bracket"]["byes"] == [1, 2, 3]
    assert data["matches_played"] == 12 and data["champion"] is not None


def test_art10_knockout_with_irregularities_records_them() -> None:
    """Art. 10: games lost by irregularity are recorded and still decide matches."""
    data = _run(
        "knockout", "--pairs", "6", "--seed", "4", "--irregularities", "0.5", "--records", "--json"
    )
    irr = [r for r in data["records"] if r["kind"] == "irregularity"]
    assert irr and all(r["payload"]["article"] == "10" for r in irr)
    games = [g for r in data["bracket"]["rounds"] for m in r["matches"] for g in m["games"]]
    assert any(g["irregularity"] for g in games)
    for g in games:
        if g["irregularity"]:
            assert g["winner"] != g["offender"]
    assert data["matches_played"] == 5 and _fold(data["records"]).champion == data["champion"]


def test_knockout_text_names_the_champion() -> None:
    """The text output shows the rounds by name and the champion."""
    out = _run("knockout", "--pairs", "5", "--seed", "1", "--bots", "random")
    assert "finale" in out and "Campione: coppia" in out


def test_bad_options_give_a_clear_error() -> None:
    """Zero pairs or an unknown bot: exit status 1 with a message."""
    result = runner.invoke(_app(), ["briscola", "knockout", "--pairs", "0", "--json"])
    assert result.exit_code == 1 and json.loads(result.output)["error"]["article"] == {
        "code": "briscola",
        "article": "9",
    }
    result = runner.invoke(_app(), ["briscola", "play-game", "--ns", "smart"])
    assert result.exit_code == 1 and "smart" in result.output
