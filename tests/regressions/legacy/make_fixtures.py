"""Make the legacy event-file fixtures with the LANDED arbitro (commit 1bc6004).

Run from a checkout of 1bc6004 (after `UV_COMPILE_BYTECODE=1 uv sync --quiet`):

    .venv/bin/python /work/fixtures-legacy/make_fixtures.py [OUT_DIR]

Every event except burraco-500 is built through the public CLI (`arbitro.cli.main:app`,
Typer's CliRunner, `--db sqlite:///OUT_DIR/build.sqlite3`); each CLI call is also written, as
a shell command line, to OUT_DIR/commands.sh. burraco-500 is built in memory through the
domain's commands (as bench/events.py does) and written in the event-file format of
services/event_file.export_event, then imported through the CLI to check it and to compute
its standings. Each event is exported with `arbitro export EVENT -o OUT_DIR/NAME.json` and its
standings after the last round saved with `arbitro standings EVENT --json` (for the knockout:
`arbitro knockout show EVENT --json`). Timestamps are the wall clock's (the landed service
always uses it), so two runs differ in recorded_at / exported_at only.
"""

from __future__ import annotations

import dataclasses
import json
import random
import shlex
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from arbitro.cli.main import app

OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
DB_PATH = OUT / "build.sqlite3"
DB = f"sqlite:///{DB_PATH}"
runner = CliRunner()
LOG: list[str] = []
REIMPORT: dict[str, str] = {}


def cli(*args: str, json_out: bool = True, ok: bool = True) -> Any:
    argv = ["--db", DB, *args] + (["--json"] if json_out else [])
    LOG.append("arbitro " + " ".join(shlex.quote(a) for a in argv))
    result = runner.invoke(app, argv)
    if ok:
        assert result.exit_code == 0, (argv, result.output)
    if not json_out:
        return result
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError:
        return result.stdout


def deal(*v: int) -> str:
    return "--deal=" + ",".join(map(str, v))


def sheet_rows(rnd: int, table: int) -> list[tuple[int, int, int, int]]:
    """Arbitrary but fixed 2-deal sheets."""
    a = (table * 7 + rnd * 3) % 9
    b = (table * 5 + rnd) % 7
    return [
        (100 * (a % 4), 5 * (a * 11 % 40), 100 * (b % 3), 5 * (b * 13 % 30) - 50),
        (150 if a % 2 else 0, 5 * (b * 7 % 25), 200 if b % 2 else 0, 5 * (a * 3 % 20)),
    ]


def seat(ev: str, rnd: int, *extra: str) -> list[dict[str, Any]]:
    out = cli("seat", ev, str(rnd), "--publish", *extra)
    tables: list[dict[str, Any]] = out["tables"]
    return tables


def finish(ev: str, name: str, knockout: bool = False) -> None:
    path = OUT / f"{name}.json"
    cli("export", ev, "-o", str(path))
    st = cli("knockout", "show", ev) if knockout else cli("standings", ev)
    (OUT / f"{name}.standings.json").write_text(
        json.dumps(st, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )
    # Does the landed version import its own file?
    args = ["knockout", "import"] if knockout else ["import"]
    res = cli(*args, str(path), "--as", f"{ev}-reimported", json_out=False, ok=False)
    REIMPORT[name] = (
        "ok" if res.exit_code == 0 else f"FAILS (exit {res.exit_code}): {res.output.strip()}"
    )
    if res.exit_code == 0 and not knockout:
        again = cli("standings", f"{ev}-reimported")
        REIMPORT[name] += " (same standings)" if again["rows"] == st["rows"] else " (DIFFERENT)"


def entered_sheet(ev: str, rnd: int, t: dict[str, Any], *extra: str) -> None:
    rows = sheet_rows(rnd, t["table"])
    cli("sheet", ev, str(rnd), str(t["table"]), *[deal(*r) for r in rows], *extra)


# ----------------------------------------------------------------------- 1. FIBAS pairs
def burraco_pairs() -> None:
    ev = "fibas-coppie"
    cli(
        "event",
        "create",
        ev,
        "--name",
        "Torneo FIBAS a coppie (fixture)",
        "--rounds",
        "3",
        "--deals",
        "2",
        "--movements",
        "draw,mitchell,modified-danish",
        "--seed",
        "11",
    )
    for i in range(1, 16):  # 15 pairs: a resting line every round
        cli("register", ev, f"Coppia {i}", "-p", f"G{i}a", "-p", f"G{i}b")
    cli("rename", ev, "4", "Coppia Quattro")

    # Round 1 (draw)
    tables = seat(ev, 1)
    play = [t for t in tables if t["ns"] and t["ew"]]
    for k, t in enumerate(play):
        rows = sheet_rows(1, t["table"])
        n = str(t["table"])
        if k == 0:  # both lines submit the same sheet: confirmed (art. 20)
            cli("sheet", ev, "1", n, *[deal(*r) for r in rows], "--line", "ns", "--actor", "ns")
            cli("sheet", ev, "1", n, *[deal(*r) for r in rows], "--line", "ew", "--actor", "ew")
        elif k == 1:  # the lines disagree: conflict settled by the director
            wrong = [list(r) for r in rows]
            wrong[1][1] += 50
            cli("sheet", ev, "1", n, *[deal(*r) for r in rows], "--line", "ns", "--actor", "ns")
            cli("sheet", ev, "1", n, *[deal(*r) for r in wrong], "--line", "ew", "--actor", "ew")
            cli(
                "correct",
                ev,
                "1",
                n,
                "--kind",
                "conflict",
                "--reason",
                "il direttore verifica lo score cartaceo",
                *[deal(*r) for r in rows],
            )
        elif k == 2:  # a sum error corrected before the standings (art. 21)
            wrong = [list(r) for r in rows]
            wrong[0][1] += 100
            cli("sheet", ev, "1", n, *[deal(*r) for r in wrong])
            cli(
                "correct",
                ev,
                "1",
                n,
                "--kind",
                "sum",
                "--reason",
                "errore di somma",
                *[deal(*r) for r in rows],
            )
        elif k == 3:  # one line submits, the director confirms
            cli("sheet", ev, "1", n, *[deal(*r) for r in rows], "--line", "ew", "--actor", "ew")
            cli("confirm", ev, "1", n)
        else:
            cli("sheet", ev, "1", n, *[deal(*r) for r in rows])
    late = play[0]["ns"][0]
    cli("late", ev, "1", str(late), "7:00")  # 5:01-10 minutes: -100 MP (art. 37)
    cli("warn", ev, "1", str(play[1]["ew"][0]), "--reason", "commenti durante il gioco")
    cli(
        "sanction",
        ev,
        "1",
        str(play[2]["ns"][0]),
        "--kind",
        "reprimand",
        "--reason",
        "tono eccessivo",
        "--player",
        f"G{play[2]['ns'][0]}a",
    )
    cli(
        "law13",
        ev,
        "1",
        str(play[4]["table"]),
        "--board",
        "2",
        "--count",
        "N=12",
        "--count",
        "S=10",
        "--reason",
        "board preparato con una carta spostata",
    )
    cli("publish", ev, "1")
    n = cli("complaint", ev, "1", str(play[3]["ns"][0]), "MP del turno 1 da ricontrollare")
    cli("resolve", ev, "1", str(n["complaint"]), "--decision", "classifica confermata")
    # inverted scores, the table agrees, after the standings: counts from round 2 (art. 21)
    cli(
        "correct",
        ev,
        "1",
        str(play[5]["table"]),
        "--kind",
        "inverted",
        "--table-agrees",
        "--reason",
        "punteggi scritti sulle linee sbagliate",
    )

    # Round 2 (Mitchell)
    tables = seat(ev, 2)
    play = [t for t in tables if t["ns"] and t["ew"]]
    twice = play[0]["ew"][0]
    cli("warn", ev, "2", str(twice), "--reason", "carte mosse durante il gioco del compagno")
    cli("warn", ev, "2", str(twice), "--reason", "commenti sul gioco")  # 2nd: -1 VP, -100 MP
    quitter = play[1]["ns"][0]
    cli("abandon", ev, "2", str(quitter), "--reason", "malore", "--justified")
    arb = play[2]["ew"][0]
    for t in play:
        if t is play[1]:
            continue  # abandoned: the opponents get the rest score (art. 36)
        entered_sheet(ev, 2, t)
    cli(
        "arbitral",
        ev,
        "2",
        str(arb),
        "--mp",
        "0",
        "--vp",
        "10",
        "--reason",
        "art. 40: board rifatto",
    )
    cli("publish", ev, "2")
    cli("withdraw", ev, "9" if quitter != 9 else "10", "--reason", "partenza anticipata")

    # Round 3 (modified Danish): the last round, corrections by the arbiter only
    tables = seat(ev, 3)
    play = [t for t in tables if t["ns"] and t["ew"]]
    for k, t in enumerate(play):
        rows = sheet_rows(3, t["table"])
        if k == 0:
            wrong = [list(r) for r in rows]
            wrong[0][3] -= 20
            cli("sheet", ev, "3", str(t["table"]), *[deal(*r) for r in wrong])
            cli(
                "correct",
                ev,
                "3",
                str(t["table"]),
                "--kind",
                "arbiter",
                "--by-arbiter",
                "--actor",
                "arbiter",
                "--reason",
                "l'arbitro corregge e firma",
                *[deal(*r) for r in rows],
            )
        else:
            entered_sheet(ev, 3, t)
    cli("publish", ev, "3")
    finish(ev, "burraco-pairs")


# ----------------------------------------------------------------------- 2. teams, individual
def burraco_teams() -> None:
    ev = "fibas-squadre"
    cli(
        "event",
        "create",
        ev,
        "--name",
        "Torneo FIBAS a squadre (fixture)",
        "--format",
        "teams",
        "--rounds",
        "2",
        "--deals",
        "2",
        "--movements",
        "draw,modified-danish",
        "--seed",
        "5",
    )
    for i in range(1, 8):  # 7 teams: a resting team each round
        cli("register", ev, f"Squadra {i}", *[x for p in "abcd" for x in ("-p", f"S{i}{p}")])
    for rnd in (1, 2):
        tables = seat(ev, rnd)
        play = [t for t in tables if t["ns"] and t["ew"]]
        for t in play:
            rows = sheet_rows(rnd, t["table"])
            closed = [list(r) for r in sheet_rows(rnd + 3, t["table"] + 1)]
            good = ["--closed=" + ",".join(map(str, r)) for r in closed]
            if rnd == 2 and t is play[0]:  # a sum error in the closed room (art. 21)
                closed[0][1] += 100
            cli(
                "sheet",
                ev,
                str(rnd),
                str(t["table"]),
                *[deal(*r) for r in rows],
                *["--closed=" + ",".join(map(str, r)) for r in closed],
            )
            if rnd == 2 and t is play[0]:
                cli(
                    "correct",
                    ev,
                    "2",
                    str(t["table"]),
                    "--kind",
                    "arbiter",
                    "--by-arbiter",
                    "--actor",
                    "arbiter",
                    "--reason",
                    "errore di somma in sala chiusa",
                    *[deal(*r) for r in rows],
                    *good,
                )
        if rnd == 1:
            cli("warn", ev, "1", str(play[0]["ns"][0]), "--reason", "ritardo nel gioco")
            cli("late", ev, "1", str(play[1]["ew"][0]), "8:00")
        cli("publish", ev, str(rnd))
    finish(ev, "burraco-teams")


def burraco_individual() -> None:
    ev = "fibas-individuale"
    cli(
        "event",
        "create",
        ev,
        "--name",
        "Torneo FIBAS individuale (fixture)",
        "--format",
        "individual",
        "--rounds",
        "2",
        "--deals",
        "2",
        "--movements",
        "draw,danish",
        "--seed",
        "3",
    )
    for i in range(1, 17):
        cli("register", ev, f"Giocatore {i}")
    for rnd in (1, 2):
        tables = seat(ev, rnd)
        for t in tables:
            entered_sheet(ev, rnd, t)
        if rnd == 1:
            cli("warn", ev, "1", str(tables[1]["ns"][0]), "--reason", "commenti durante il gioco")
        if rnd == 2:
            cli("late", ev, "2", str(tables[0]["ew"][1]), "6:30")
        cli("publish", ev, str(rnd))
    finish(ev, "burraco-individual")


# ----------------------------------------------------------------------- 3. Parole
def parole() -> None:
    ev = "parole"
    cli(
        "event",
        "create",
        ev,
        "--name",
        "Burraco Parole (fixture)",
        "--code",
        "burraco-parole-uisp",
        "--rounds",
        "3",
        "--deals",
        "3",
        "--movements",
        "draw,mitchell,mitchell",
    )
    for i in range(1, 10):
        cli("register", ev, f"Coppia {i}", "-p", f"P{i}a", "-p", f"P{i}b")
    for rnd in (1, 2, 3):
        tables = seat(ev, rnd)
        for t in tables:
            if not (t["ns"] and t["ew"]):
                continue
            deals = [
                (50 * (t["table"] % 3), 5 * (7 * t["table"] + rnd), 100, 5 * rnd),
                (150, 20, 0, -35),
                (0, -10, 50, 45),
            ]
            cli("sheet", ev, str(rnd), str(t["table"]), *[deal(*d) for d in deals])
        if rnd == 2:
            cli("late", ev, "2", str(tables[0]["ns"][0]), "4:00")  # art. 13.2: -100 MP
            # A warning with the Parole article (14.4): `sanction` takes the code's article;
            # the landed `warn` would cite FIBAS 41 (issue #11 d).
            cli(
                "sanction",
                ev,
                "2",
                str(tables[1]["ew"][0]),
                "--kind",
                "warning",
                "--reason",
                "commenti sul gioco",
            )
            cli(
                "sanction",
                ev,
                "2",
                str(tables[2]["ns"][0]),
                "--kind",
                "reprimand",
                "--reason",
                "tono eccessivo",
            )
        cli("publish", ev, str(rnd))
    finish(ev, "parole")


# ----------------------------------------------------------------------- 4. Scala 40
def scala40() -> None:
    ev = "scala40"
    cli(
        "event",
        "create",
        ev,
        "--name",
        "Scala 40 individuale (fixture)",
        "--code",
        "scala40",
        "--format",
        "individual",
        "--rounds",
        "3",
        "--deals",
        "5",
        "--movements",
        "draw,mitchell,danish",
        "--seed",
        "2",
    )
    for i in range(1, 19):  # 18 players: 4 + 4 + 4 + 3 + 3
        cli("register", ev, f"Giocatore {i}")
    for rnd in (1, 2, 3):
        if rnd == 2:  # art. 26: a late entry after round 1's standings
            cli("register", ev, "Giocatore ritardatario")
        tables = seat(ev, rnd)
        for t in tables:
            players = t["players"]
            per_deal = [5 * ((k * (rnd + t["table"])) % 13) + 7 * k for k in range(len(players))]
            args = [f"--points={','.join(map(str, per_deal))}"] * 5
            n = str(t["table"])
            if rnd == 2 and t is tables[0]:  # the last player abandons after deal 3 (art. 25)
                cut = [",".join(map(str, per_deal[:-1])) + ",-"] * 2
                args = args[:3] + [f"--points={c}" for c in cut]
                cli("sheet", ev, "2", n, *args, "--abandoned", str(players[-1]))
            else:
                cli("sheet", ev, str(rnd), n, *args)
            if rnd == 1 and t is tables[1]:  # two players' scores swapped (art. 24)
                cli(
                    "correct",
                    ev,
                    "1",
                    n,
                    "--kind",
                    "inverted",
                    "--table-agrees",
                    "--swap",
                    f"{players[0]},{players[1]}",
                    "--reason",
                    "punti scritti al giocatore sbagliato",
                )
        if rnd == 1:  # sanctions by the Scala 40 code's own articles (`sanction`, not `warn`)
            cli(
                "sanction",
                ev,
                "1",
                str(tables[2]["players"][0]),
                "--kind",
                "warning",
                "--reason",
                "commenti durante il gioco",
            )
            cli(
                "sanction",
                ev,
                "1",
                str(tables[3]["players"][0]),
                "--kind",
                "reprimand",
                "--reason",
                "tono eccessivo",
            )
        cli("publish", ev, str(rnd))
    finish(ev, "scala40")


# ----------------------------------------------------------------------- 5. Briscola knockout
def briscola() -> None:
    ev = "briscola"
    cli("knockout", "create", ev, "--name", "Torneo di Briscola (fixture)", "--seed", "7")
    for i in range(1, 12):  # 11 pairs: 5 byes
        extra = ["--unpaid"] if i == 11 else []
        cli("knockout", "register", ev, f"Coppia {i}", "-p", f"B{i}a", "-p", f"B{i}b", *extra)
    drawn = cli("knockout", "draw", ev)
    matches = [m for m in drawn["bracket"]["rounds"][0]["matches"] if m["first"] and m["second"]]
    m0, m1 = matches[0], matches[1]
    cli(
        "knockout",
        "irregularity",
        ev,
        m0["id"],
        "--offender",
        str(m0["second"]),
        "--kind",
        "out-of-turn",
        "--reason",
        "carta giocata fuori turno",
    )
    cli("knockout", "game", ev, m0["id"], "--points", f"{m0['first']}=70,{m0['second']}=50")
    cli(
        "knockout",
        "game",
        ev,
        m1["id"],
        "--points",
        f"{m1['first']}=60,{m1['second']}=60",
        "--last-trick",
        str(m1["second"]),
    )
    cli("knockout", "game", ev, m1["id"], "--points", f"{m1['first']}=80,{m1['second']}=40")
    cli("knockout", "play", ev, "--seed", "3")
    finish(ev, "briscola-knockout", knockout=True)


# ----------------------------------------------------------------------- 6. 500 pairs
def burraco_500() -> None:
    from arbitro.services.demo import random_deal
    from arbitro.tournament import commands
    from arbitro.tournament.event import EventConfig, EventState
    from arbitro.tournament.model import EventFormat, Movement
    from arbitro.tournament.records import Record
    from arbitro.tournament.scoring.sheet import SheetEntry

    pairs, rounds = 500, 5
    now = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
    config = EventConfig(
        "FIBAS 500 coppie (fixture)",
        EventFormat.PAIRS,
        rounds,
        (2,) * rounds,
        (Movement.DRAW,) + (Movement.MODIFIED_DANISH,) * (rounds - 1),
        seed=1,
    )
    log = [dataclasses.replace(commands.create_event(config, now), seq=1)]
    state = EventState.replay("burraco-500", log)

    def do(recs: Record | list[Record]) -> None:
        for r in recs if isinstance(recs, list) else [recs]:
            r = dataclasses.replace(r, seq=len(log) + 1)
            log.append(r)
            state.apply(r)

    for i in range(pairs):
        do(commands.register(state, f"Coppia {i + 1}", [f"C{i + 1}a", f"C{i + 1}b"], now))
    rng = random.Random(1)
    for rnd in range(1, rounds + 1):
        do(commands.seat(state, rnd, now))
        do(commands.publish_seating(state, rnd, now))
        for t in state.round(rnd).seating.tables:  # type: ignore[union-attr]  # every round here is seated
            if not t.is_incomplete:
                entry = SheetEntry((random_deal(rng), random_deal(rng)))
                do(commands.enter_sheet(state, rnd, t.table, entry, now))
        do(commands.publish_standings(state, rnd, now))
    data = {
        "format": "arbitro-event-file",
        "version": 1,
        "event_id": "burraco-500",
        "name": config.name,
        "exported_at": now.isoformat(),
        "records": [
            {
                "seq": r.seq,
                "kind": r.kind.value,
                "payload": dict(r.payload),
                "actor": r.actor,
                "reason": r.reason,
                "recorded_at": r.at.isoformat(),
            }
            for r in log
        ],
    }
    path = OUT / "burraco-500.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, default=str), "utf-8")
    res = cli("import", str(path), json_out=False, ok=False)
    REIMPORT["burraco-500"] = "ok" if res.exit_code == 0 else f"FAILS: {res.output.strip()}"
    st = cli("standings", "burraco-500")
    (OUT / "burraco-500.standings.json").write_text(
        json.dumps(st, ensure_ascii=False, indent=1) + "\n", "utf-8"
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    DB_PATH.unlink(missing_ok=True)
    only = set(sys.argv[2:])
    for make in (
        burraco_pairs,
        burraco_teams,
        burraco_individual,
        parole,
        scala40,
        briscola,
        burraco_500,
    ):
        if not only or make.__name__ in only:
            make()
    (OUT / "commands.sh").write_text(
        "#!/bin/sh\n# Every CLI call make_fixtures.py made, in order (CliRunner, in process).\n"
        + "\n".join(LOG)
        + "\n",
        "utf-8",
    )
    (OUT / "reimport.json").write_text(json.dumps(REIMPORT, indent=1, ensure_ascii=False) + "\n")
    for k, v in REIMPORT.items():
        print(f"{k}: re-import {v}")


if __name__ == "__main__":
    main()
