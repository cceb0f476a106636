"""``arbitro players``: the club's registry from the command line (docs/players.md): import
with the refused rows listed, search, a player's page after an evening, register from the
registry, export, deletion with confirmation and audit, in Italian and English."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

runner = CliRunner()

MEMBERS = (
    "Cognome;Nome;Tessera;Circolo;Categoria;Telefono\n"
    "Rossi;Mario;BU1001;Aurora;Seconda;333 1234567\n"
    "Bianchi;Lucia;BU1002;Aurora;Prima;\n"
    "Verdi;Anna;BU1003;Stella;;\n"
    "Neri;Paolo;BU1004;Stella;;\n"
    ";;BU1005;Stella;;\n"
    "Doppio;Nome;BU1001;;;\n"
)


def _db(tmp_path: Path) -> list[str]:
    return ["--db", f"sqlite:///{tmp_path / 'club.sqlite3'}"]


def _imported(tmp_path: Path) -> list[str]:
    db = _db(tmp_path)
    members = tmp_path / "soci.csv"
    members.write_text(MEMBERS, "utf-8")
    done = runner.invoke(app, [*db, "players", "import", str(members), "--by", "segreteria"])
    assert done.exit_code == 0, done.output
    return db


def test_import_lists_the_rows_refused_in_italian_and_english(tmp_path: Path) -> None:
    """The summary, then each refused row with its reason; ``--dry-run`` writes nothing;
    ``--json`` gives the report."""
    db = _db(tmp_path)
    members = tmp_path / "soci.csv"
    members.write_text(MEMBERS, "utf-8")
    dry = runner.invoke(app, [*db, "--lang", "en", "players", "import", str(members), "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert dry.stdout.splitlines() == [
        "Added: 4; updated: 0; unchanged: 0; rows refused: 2",
        "Dry run: nothing was written.",
        "row 6: missing name",
        "row 7: card number BU1001 already on row 2",
    ]
    empty = runner.invoke(app, [*db, "--lang", "en", "players", "list"])
    assert "The registry is empty" in empty.stdout
    done = runner.invoke(app, [*db, "players", "import", str(members), "--json"])
    report = json.loads(done.stdout)
    assert (report["added"], [r["row"] for r in report["refused"]]) == (4, [6, 7])
    assert report["refused"][1]["reason"] == "tessera BU1001 già alla riga 2"
    italian = runner.invoke(app, [*db, "players", "import", str(members)])
    assert italian.stdout.startswith("Aggiunti: 0; aggiornati: 0; invariati: 4; righe scartate: 2")
    assert "riga 6: nome mancante" in italian.stdout
    missing = runner.invoke(app, [*db, "players", "import", str(tmp_path / "nessuno.csv")])
    assert missing.exit_code == 1 and "nessuno.csv" in missing.stderr


def test_search_and_show(tmp_path: Path) -> None:
    """``list --search`` finds by part of the name, card or club, accents and case ignored;
    ``show`` gives the page, ``--json`` too; an unknown card is a clear error."""
    db = _imported(tmp_path)
    found = runner.invoke(app, [*db, "players", "list", "--search", "ROS"])
    assert found.exit_code == 0 and "Rossi Mario" in found.stdout
    assert len(found.stdout.splitlines()) == 1
    stella = runner.invoke(app, [*db, "players", "list", "-s", "stella", "--json"])
    assert [p["name"] for p in json.loads(stella.stdout)] == ["Neri Paolo", "Verdi Anna"]
    none = runner.invoke(app, [*db, "--lang", "en", "players", "list", "-s", "zzz"])
    assert none.stdout.strip() == "No player matches «zzz»."
    shown = runner.invoke(app, [*db, "players", "show", "bu1001"])
    assert "Rossi Mario" in shown.stdout and "Contatto: 333 1234567" in shown.stdout
    assert "Nessuna gara giocata finora." in shown.stdout
    unknown = runner.invoke(app, [*db, "--lang", "en", "players", "show", "BU9"])
    assert unknown.exit_code == 1
    assert "no player with card number or registry number «BU9»" in unknown.stderr


def test_an_evening_from_the_registry_then_export_and_delete(tmp_path: Path) -> None:
    """Two pairs registered from the registry and two by hand, one round played; the page
    shows the result; the export writes the JSON; the deletion asks to confirm, then the
    standings show "anonimo" and the audit says who did it and why."""
    db = _imported(tmp_path)
    create = [*db, "event", "create", "e", "--name", "Serata", "--rounds", "1"]
    assert runner.invoke(app, [*create, "--movements", "draw"]).exit_code == 0
    pair = runner.invoke(
        app, [*db, "players", "register", "e", "--player", "BU1001", "-p", "BU1002", "--by", "ada"]
    )
    assert pair.exit_code == 0, pair.output
    assert pair.stdout.strip() == "Iscritto n. 1: Rossi Mario - Bianchi Lucia"
    other = runner.invoke(
        app, [*db, "players", "register", "e", "-p", "BU1003", "-p", "BU1004", "--name", "Stella"]
    )
    assert other.exit_code == 0, other.output
    twice = runner.invoke(app, [*db, "--lang", "en", "players", "register", "e", "-p", "BU1001"])
    assert twice.exit_code == 1 and "already plays in e as no. 1" in twice.stderr
    for i in (3, 4):
        assert runner.invoke(app, [*db, "register", "e", f"Coppia {i}"]).exit_code == 0
    assert runner.invoke(app, [*db, "seat", "e", "1", "--publish"]).exit_code == 0
    seating = json.loads(runner.invoke(app, [*db, "seating", "e", "1", "--json"]).stdout)
    for table in seating["tables"]:
        sheet = [*db, "sheet", "e", "1", str(table["table"]), *("-d", "300,85,100,20") * 2]
        entered = runner.invoke(app, sheet)
        assert entered.exit_code == 0, entered.output
    shown = runner.invoke(app, [*db, "--lang", "en", "players", "show", "BU1001", "--json"])
    event = json.loads(shown.stdout)["events"][0]
    assert (event["event"], event["competitor"], event["of"]) == ("e", 1, 4)
    assert event["rank"] is not None and event["vp"] is not None
    text = runner.invoke(app, [*db, "--lang", "en", "players", "show", "BU1001"]).stdout
    assert "Events played: 1" in text and f"rank {event['rank']} of 4" in text
    out = tmp_path / "rossi.json"
    exported = runner.invoke(app, [*db, "players", "export", "BU1001", "--out", str(out)])
    assert exported.exit_code == 0, exported.output
    data = json.loads(out.read_text("utf-8"))
    assert data["player"]["name"] == "Rossi Mario" and data["events"][0]["event"] == "e"
    delete = [*db, "players", "delete", "BU1001", "--reason", "email del 24/11", "--by", "ada"]
    kept = runner.invoke(app, delete, input="n\n")
    assert kept.exit_code == 1 and "Cancellare «Rossi Mario»" in kept.output
    assert runner.invoke(app, [*db, "players", "show", "BU1001"]).exit_code == 0
    gone = runner.invoke(app, [*delete, "--yes"])
    assert gone.exit_code == 0, gone.output
    assert "Cancellato «Rossi Mario»; gare rese anonime: 1." in gone.stdout
    standings = runner.invoke(app, [*db, "standings", "e", "--json"]).stdout
    assert "anonimo - Bianchi Lucia" in standings and "Rossi" not in standings
    assert runner.invoke(app, [*db, "players", "show", "BU1001"]).exit_code == 1
    audit = runner.invoke(app, [*db, "players", "audit", "--json"])
    lines = json.loads(audit.stdout)
    assert [a["action"] for a in lines][-2:] == ["export", "delete"]
    assert (lines[-1]["by"], lines[-1]["reason"]) == ("ada", "email del 24/11")
    assert "Rossi" not in audit.stdout
