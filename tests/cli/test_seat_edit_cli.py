"""``arbitro seat swap / move / edits / cancel`` (issue 34, "Seating by hand"): a seating edited
by hand before it is published, each edit a record with its number, the warnings printed
(FIBAS art. 4 modified Danish, art. 37 rests), refused once published (art. 21 b); in Italian
and in English. ``arbitro seat EVENT ROUND`` seats a round as before the subcommands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()


def _run(
    db: str, *args: str, lang: str | None = None, ok: bool = True, actor: str | None = None
) -> Any:
    head = ["--db", db, *(["--lang", lang] if lang else []), *(["--actor", actor] if actor else [])]
    done = runner.invoke(app, [*head, *args])
    if ok:
        assert done.exit_code == 0, done.output
    return done


def _event(tmp_path: Path) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]]:
    """Five pairs: round 1 by registration order (art. 4), played and its standings
    published; round 2 seated by modified Danish, not published. The two seatings."""
    db = f"sqlite:///{tmp_path / 'v.sqlite3'}"
    movements = "registration,modified-danish,modified-danish"
    _run(db, "event", "create", "e", "--name", "E", "--rounds", "3", "--movements", movements)
    for i in range(1, 6):
        _run(db, "register", "e", f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")
    first = json.loads(_run(db, "seat", "e", "1", "--publish", "--json").stdout)["tables"]
    for t in first:
        if t["ns"] and t["ew"]:
            _run(
                db, "sheet", "e", "1", str(t["table"]), "-d", "300,120,0,-45", "-d", "100,85,200,90"
            )
    _run(db, "publish", "e", "1")
    second = json.loads(_run(db, "seat", "e", "2", "--json").stdout)["tables"]
    return db, first, second


def _opponent(tables: list[dict[str, Any]], c: int) -> int | None:
    for t in tables:
        if t["ns"] == [c]:
            return t["ew"][0] if t["ew"] else None
        if t["ew"] == [c]:
            return t["ns"][0] if t["ns"] else None
    raise AssertionError(c)


def test_seat_swap_move_edits_cancel_in_italian_and_english_art4(tmp_path: Path) -> None:
    """A swap that seats two pairs of round 1's table together again is recorded and warned
    in Italian (art. 4, modified Danish: "non si possono incontrare le coppie [...] che si
    siano affrontate nel turno precedente, salvo all'ultimo turno"); a move in English with
    the Italian line word «eo»; ``seat edits`` lists both with their numbers; ``seat
    cancel`` undoes the move; ``publish-seating`` shows the warning once more; then no
    edit."""
    db, first, second = _event(tmp_path)
    a = next(t["ns"][0] for t in second if t["ns"] and t["ew"] and _opponent(first, t["ns"][0]))
    was, mate = _opponent(first, a), _opponent(second, a)
    assert was is not None and mate is not None and was != mate
    swapped = _run(db, "seat", "swap", "e", "2", str(mate), str(was))
    out = swapped.stdout
    assert "Modifica registrata: n. " in out and f"scambio {mate} Coppia {mate} ⇄ {was}" in out
    assert "Avvisi (la posizione ai tavoli si può affiggere comunque):" in out
    assert f"Coppia {a}" in out and "si sono affrontate nel turno precedente" in out
    assert "il Danese modificato lo vieta salvo all'ultimo turno (FIBAS art. 4)" in out
    as_json = json.loads(_run(db, "seat", "edits", "e", "2", "--json").stdout)
    (edit,) = as_json["edits"]
    assert edit["action"] == "swap" and {edit["competitor"], edit["other"]} == {mate, was}
    assert [w["kind"] for w in as_json["warnings"]] == ["rematch"]
    assert as_json["warnings"][0]["article"] == "4"
    resting = next(t for t in second if not (t["ns"] and t["ew"]))
    empty = "ew" if resting["ns"] else "ns"
    mover = next(t["ns"][0] for t in second if t["ns"] and t["ew"])
    moved = _run(
        db,
        "seat",
        "move",
        "e",
        "2",
        str(mover),
        "--table",
        str(resting["table"]),
        "--line",
        "eo" if empty == "ew" else "ns",
        lang="en",
        actor="Rossi",
    )
    line = "E-W" if empty == "ew" else "N-S"
    assert (
        f"Edit recorded: #{edit['seq'] + 1}  move {mover} Coppia {mover} to table" in moved.stdout
    )
    assert f"table {resting['table']}, {line}  (Rossi)" in moved.stdout  # who acts there
    listed = _run(db, "seat", "edits", "e", "2").stdout
    assert f"n. {edit['seq']}  scambio" in listed and f"n. {edit['seq'] + 1}  spostamento" in listed
    move_seq = edit["seq"] + 1
    cancelled = _run(db, "seat", "cancel", "e", str(move_seq), "--reason", "errore")
    assert f"Registrazione n. {move_seq} annullata" in cancelled.stdout
    left = json.loads(_run(db, "--lang", "en", "seat", "edits", "e", "2", "--json").stdout)
    assert [e["seq"] for e in left["edits"]] == [edit["seq"]]
    again = _run(db, "seat", "cancel", "e", str(move_seq), "--reason", "x", ok=False)
    assert again.exit_code == 1 and "non è una modifica a mano in vigore" in again.stderr
    published = _run(db, "publish-seating", "e", "2").stdout
    assert published.startswith("Posizione ai tavoli affissa")
    assert "Avvisi" in published and "si sono affrontate nel turno precedente" in published
    refused = _run(db, "seat", "swap", "e", "2", str(mate), str(was), ok=False, lang="en")
    assert refused.exit_code == 1
    assert "round 2's seating is already published: it stands (FIBAS art. 21)" in refused.stderr


def test_seat_move_refuses_a_wrong_line_and_table_in_the_readers_language(tmp_path: Path) -> None:
    """``--line`` takes «ns», «eo» or «ew» (the words of either language); a table beyond the
    next one is refused naming the tables there are."""
    db, _first, second = _event(tmp_path)
    c = second[0]["ns"][0]
    wrong = _run(db, "seat", "move", "e", "2", str(c), "--table", "1", "--line", "x", ok=False)
    assert wrong.exit_code == 1 and "ns | eo" in wrong.stderr
    far = str(len(second) + 2)
    beyond = _run(db, "seat", "move", "e", "2", str(c), "--table", far, "--line", "ns", ok=False)
    assert f"il tavolo {far} non esiste: tavoli 1-{len(second)}" in beyond.stderr
    english = _run(
        db, "seat", "move", "e", "2", str(c), "--table", far, "--line", "ns", ok=False, lang="en"
    )
    assert f"table {far} does not exist: tables 1-{len(second)}" in english.stderr
    help_text = _run(db, "seat", "--help").stdout
    assert "swap" in help_text and "move" in help_text and "edits" in help_text
