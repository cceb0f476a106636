"""Issue 29, "Validate text once, at the edge, for every field": the terminal's free texts (a
reason, ``--actor``, a name, every text typed as an argument or option) follow the desk's
rule (:mod:`arbitro.text_rules`): no control character but newline and tab, no lone
surrogate, no direction override (U+202E turns a name around on every page and printout),
kept in NFC. Before, only a NUL or a lone surrogate was refused, by the store."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app
from arbitro.store import RecordStore

runner = CliRunner()


def evening(tmp_path: Path) -> list[str]:
    """A 4-pair event ``e`` with round 1 published; the ``--db`` options to reach it."""
    db = ["--db", f"sqlite:///{tmp_path / 't.sqlite3'}"]
    create = ["event", "create", "e", "--name", "Serata", "--rounds", "1", "--deals", "2"]
    assert runner.invoke(app, [*db, *create, "--movements", "draw"]).exit_code == 0
    for i in range(1, 5):
        made = runner.invoke(app, [*db, "register", "e", f"Coppia {i}", "-p", "A", "-p", "B"])
        assert made.exit_code == 0, made.output
    assert runner.invoke(app, [*db, "seat", "e", "1", "--publish"]).exit_code == 0
    return db


def last_seq(db: list[str]) -> int:
    with RecordStore(db[1]) as store:
        return store.last_seq("e")


def test_a_reason_with_a_direction_override_is_refused_art_22(tmp_path: Path) -> None:
    """A warning's reason (FIBAS art. 22) holding U+202E is refused before anything is done,
    naming the option, in Italian and English; nothing is recorded."""
    db = evening(tmp_path)
    before = last_seq(db)
    warn = ["warn", "e", "1", "1", "--reason", "ri\u202eodratir"]
    italian = runner.invoke(app, [*db, *warn])
    assert italian.exit_code == 2
    assert (
        "Valore non valido per '--reason': questo campo contiene un carattere che inverte la "
        "direzione del testo (U+202E, in posizione 3)"
    ) in " ".join(italian.stderr.split())
    english = runner.invoke(app, [*db, "--lang", "en", *warn])
    assert english.exit_code == 2
    assert (
        "Invalid value for '--reason': this field holds a character that reverses the "
        "direction of the text (U+202E, at position 3)"
    ) in " ".join(english.stderr.split())
    assert last_seq(db) == before


def test_control_characters_in_an_actor_a_name_and_an_argument_are_refused(
    tmp_path: Path,
) -> None:
    """A C1 control (U+0085) in ``--actor`` (the round's clock, FIBAS art. 7), a bell in a
    competitor's name (an argument) and an isolate (U+2066) in an event's name: each refused
    with the character and its position; nothing is recorded."""
    db = evening(tmp_path)
    before = last_seq(db)
    clock = runner.invoke(app, [*db, "clock", "e", "1", "--start", "now", "--actor", "arbi\x85"])
    assert clock.exit_code == 2
    assert "'--actor'" in clock.stderr and "U+0085, in posizione 5" in clock.stderr
    name = runner.invoke(app, [*db, "register", "e", "Coppia\x07", "-p", "A", "-p", "B"])
    assert name.exit_code == 2 and "U+0007, in posizione 7" in name.stderr
    player = runner.invoke(app, [*db, "register", "e", "Coppia 5", "-p", "\u2066A", "-p", "B"])
    assert player.exit_code == 2 and "U+2066, in posizione 1" in player.stderr
    assert last_seq(db) == before
    created = runner.invoke(
        app,
        [*db, "event", "create", "f", "--name", "Sera\u2066ta", "--rounds", "1", "--deals", "2"],
    )
    assert created.exit_code == 2 and "U+2066" in created.stderr
    with RecordStore(db[1]) as store:
        assert not store.has_event("f")


def test_a_valid_text_is_kept_in_nfc_with_its_newlines(tmp_path: Path) -> None:
    """A reason over two lines with a decomposed accent ("e" + U+0301) is recorded, in NFC,
    as the desk's form keeps it."""
    db = evening(tmp_path)
    done = runner.invoke(
        app, [*db, "warn", "e", "1", "1", "--reason", "ritardo\ndi nuovo, perche\u0301"]
    )
    assert done.exit_code == 0, done.output
    with RecordStore(db[1]) as store:
        assert store.records("e")[-1].reason == "ritardo\ndi nuovo, perché"
