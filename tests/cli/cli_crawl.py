"""The driver of the CLI's language crawl (``test_cli_language_crawl.py``): in a process of
its own (the help texts are rendered in the language of the process, as a director's
``arbitro`` runs), play an event through the command line and run every command, each one's
``--help`` too, printing what each said as JSON.

    python -m tests.cli.cli_crawl it WORKDIR
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from typer.testing import CliRunner

from arbitro.cli.main import app

# The words the director types where the command takes a word, in each language.
WORDS = {
    "it": {
        "reprimand": "richiamo",
        "warning": "ammonizione",
        "inverted": "invertiti",
        "family": "famiglia",
        "movements": "sorteggio,danese",
        "teams": "squadre",
        "ew": "eo",
    },
    "en": {
        "reprimand": "reprimand",
        "warning": "warning",
        "inverted": "inverted",
        "family": "family",
        "movements": "draw,danish",
        "teams": "teams",
        "ew": "ew",
    },
}
LAST = "{last}"
"""In a command line: the number the previous command gave (a complaint's, to settle it)."""


def played(lang: str, work: Path) -> list[list[str]]:
    """The command lines of an event played from registration to prizes: a correction, a
    complaint settled, lateness, a warning and a sanction, an abandon, an arbitral score,
    standings, exports and printouts; then the other commands (knockout, Parole, Scala 40,
    series, players, users)."""
    w = WORDS[lang]
    e = "sera"
    out = str(work)
    lines: list[list[str]] = [
        ["event", "create", e, "--name", "Serata", "--movements", w["movements"], "--rounds", "2"],
        [
            "event",
            "create",
            "bis",
            "--name",
            "Squadre",
            "--movements",
            "draw",
            "--rounds",
            "1",
            "--format",
            w["teams"],
        ],
        ["fee", e, "10,00"],
    ]
    names = ["Rossi / Bianchi", "Verdi / Neri", "Gialli / Blu", "Viola / Rosa"]
    lines += [["register", e, n, "-p", n.split(" / ")[0], "-p", n.split(" / ")[1]] for n in names]
    lines += [
        ["register", e, "Ritardatari"],
        ["rename", e, "5", "Ritardatari bis"],
        ["check-in", e, "1", "2", "3", "4"],
        ["withdraw-absent", e],
        ["pay", e, "1", "2"],
        ["pay", e, "3", "--other"],
        ["cash", e],
        ["constraint", "add", e, "1", "2", "--reason", w["family"]],
        ["constraint", "list", e],
        ["seat", e, "1"],
        ["seating", e, "1"],
        ["publish-seating", e, "1"],
        ["missing", e, "1"],
        ["sheet", e, "1", "1", "-d", "300,120,100,45", "-d", "200,60,300,95"],
        ["sheet", e, "1", "2", "-d", "300,120,100,45", "-d", "200,60,300,95", "--line", "ns"],
        ["sheet", e, "1", "2", "-d", "300,120,100,45", "-d", "200,60,300,95", "--line", w["ew"]],
        [
            "correct",
            e,
            "1",
            "1",
            "--kind",
            w["inverted"],
            "--reason",
            "scambiati",
            "--table-agrees",
        ],
        ["history", e, "1", "1"],
        ["history", e, "1", "2"],
        ["late", e, "1", "3", "6"],
        ["warn", e, "1", "2", "--reason", "parla"],
        ["sanction", e, "1", "4", "--kind", w["reprimand"], "--reason", "gesti"],
        ["sanction", e, "1", "3", "--kind", w["warning"], "--reason", "x"],
        ["arbitral", e, "1", "4", "--mp", "0", "--vp", "10", "--reason", "prova"],
        ["ledger", e],
        ["publish", e, "1"],
        ["complaint", e, "1", "2", "il punteggio è sbagliato"],
        ["resolve", e, "1", LAST, "--decision", "respinto"],
        ["standings", e],
        ["standings", e, "--round", "1"],
        ["seat", e, "2", "--publish"],
        ["seating", e, "2"],
        ["abandon", e, "2", "1", "--reason", "malore"],
        ["travellers", e, "1"],
        ["card", e, "1"],
        ["event", "show", e],
        ["event", "list"],
        ["prizes", e, "-c", "Assoluta:assoluta:100/50"],
        ["export", e, "-o", f"{out}/sera.json"],
        ["replay", f"{out}/sera.json"],
        ["import", f"{out}/sera.json", "--as", "copia"],
        ["print", "table-cards", e, "2", "-o", f"{out}/cards.pdf", "--base-url", "sala.local"],
        ["print", "score-sheets", e, "1", "-o", f"{out}/sheets.pdf"],
        ["print", "seating", e, "1", "-o", f"{out}/seating.pdf"],
        ["print", "standings", e, "--round", "1", "-o", f"{out}/standings.pdf"],
        ["results", "export", e, "-o", f"{out}/results.json"],
        ["results", "validate", f"{out}/results.json"],
        ["results", "verbale", e, "-o", f"{out}/verbale.pdf"],
        ["vp", "--deals", "3", "-60"],
        ["score", "--melds", "NS: 1♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥", "--hands", "EW: K♠"],
        ["articles", "search", "ritardo", "-n", "2"],
        ["articles", "show", "burraco-fibas", "37"],
        ["knockout", "create", "coppa", "--name", "Coppa"],
        *[["knockout", "register", "coppa", f"Squadra {i}"] for i in range(1, 6)],
        ["knockout", "draw", "coppa"],
        ["knockout", "show", "coppa"],
        ["briscola", "play-game", "--seed", "1"],
        ["briscola", "knockout", "--pairs", "5", "--seed", "1"],
        ["parole", "check", "casa"],
        ["scala40", "points", "K♥,Q♥,J♥"],
        ["scala40", "solve", "K♥ Q♥ J♥ 10♥ 5♣ 5♦ 5♠ 2♣ 3♣ 4♣ 7♦ 8♦ 9♦"],
        ["arbiter", "irregularities"],
        ["series", "create", "stagione", "Stagione", "--event", e],
        ["series", "list"],
        ["series", "standings", "stagione"],
        ["players", "add", "Mario Rossi", "--club", "Circolo"],
        ["players", "list"],
        ["user", "list"],
    ]
    return lines


def mistakes() -> list[list[str]]:
    """Command lines a director may get wrong: click's own words (usage errors), and an
    error of arbitro's."""
    e = "sera"
    return [
        ["sanction", e, "1", "4", "--reason", "x"],
        ["sanction", e, "1", "4", "--kind", "reprimand", "--reason", "x", "--nope"],
        ["register"],
        ["seat", e, "uno"],
        ["vp", "1", "2"],
        ["nessuno"],
        ["event", "show", "nessuna"],
    ]


def commands() -> list[list[str]]:
    """Every command and group of ``arbitro --help``, as the path of its names."""
    import typer

    root = typer.main.get_command(app)
    found: list[list[str]] = []

    def walk(command: object, path: list[str]) -> None:
        found.append(path)
        lister = getattr(command, "list_commands", None)
        if lister is None:
            return
        context = type(command).context_class(command)  # type: ignore[attr-defined]
        for name in lister(context):
            walk(command.get_command(context, name), [*path, name])  # type: ignore[attr-defined]

    walk(root, [])
    return found


def main(lang: str, work: Path) -> dict[str, tuple[int, str]]:
    """What each command line said (its exit status, its output and errors) in ``lang``, by
    command line."""
    runner = CliRunner()
    base = ["--db", f"sqlite:///{work / 'crawl.sqlite3'}", "--lang", lang]
    said: dict[str, tuple[int, str]] = {}
    last = ""
    helps = [[*path, "--help"] for path in commands()]
    for line in played(lang, work) + mistakes() + helps:
        line = [last if arg == LAST else arg for arg in line]
        result = runner.invoke(app, [*base, *line])
        said[" ".join(line)] = (result.exit_code, result.stdout + result.stderr)
        numbers = re.findall(r"\d+", result.stdout)
        last = numbers[0] if numbers else ""
    return said


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], Path(sys.argv[2])), ensure_ascii=False))
