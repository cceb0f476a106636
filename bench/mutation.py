"""Mutation testing of the modules whose results a director feels (issue 26, item Q).

Method: mutmut 3 (a dev dependency) changes one operator, constant, comparison or call at a
time in the modules below and runs the tests that reach the changed function; a change no test
notices "survives". Each target runs on its own, in a fresh copy of the project under
``--workdir`` (``src``, ``tests``, ``pyproject.toml`` with the target's ``[tool.mutmut]``
section, and a link to the seeds' ``shared`` folder the tests read), so the worktree gets no
``mutants/`` folder and each module is tried only against its own tests (never the whole
suite). mutmut runs under ``nice -n 19`` with ``--max-children`` workers (1 by default: the
machine is shared). The score is the share of mutants killed (a test failed, or the run was
stopped by its time limit) among all the mutants of the target; "no tests" (no selected test
reaches the function) counts as surviving.

The survivors of each target, with their diffs, are written to
``<workdir>/<target>/survivors.txt``: read them to tell the mutants that change a result from
the equivalent ones and those that change only a message (``bench/RESULTS.md`` lists them).

Run: ``.venv/bin/python bench/mutation.py [TARGET ...] [--max-children 1]``; with no target,
all of them one after the other; ``--report`` only prints the scores of the last runs;
``--before`` leaves out the tests written against the survivors (``test_mutants_*.py``): the
score before them; ``--again`` runs only the last run's survivors again against the tests as
they are now (the quick check of new tests; a run without it starts afresh).
Targets: tournament-results (scoring/results.py, comparison.py, vp.py), tournament-sheets
(scoring/sheet.py, scala40.py, scala40_sheet.py), tournament-standings (standings/),
burraco-scoring, burraco-melds, burraco-remedies (arbiter/remedies/), and the remedies in three
parts: remedies-melds (melds, closings, scores, exposed), remedies-common (common, conduct,
deck, __init__), remedies-play (draws, pozzetti, deal).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import fnmatch
import json
import os
import runpy
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Target:
    """A module (or package) to mutate and the tests that are its own."""

    name: str
    mutate: tuple[str, ...]  # only_mutate globs, relative to the project root
    tests: tuple[str, ...]  # pytest arguments selecting the module's own tests


TARGETS: tuple[Target, ...] = (
    Target(
        "tournament-results",
        (
            "src/arbitro/tournament/scoring/results.py",
            "src/arbitro/tournament/scoring/comparison.py",
            "src/arbitro/tournament/scoring/vp.py",
        ),
        (
            "tests/tournament/events",
            "tests/tournament/test_comparison.py",
            "tests/tournament/test_carte_uguali.py",
            "tests/tournament/test_vp.py",
            "tests/tournament/test_round_scores_memo.py",
            "tests/tournament/test_mutants_vp.py",
            "tests/tournament/test_mutants_standings_more.py",
        ),
    ),
    Target(
        "tournament-sheets",
        (
            "src/arbitro/tournament/scoring/sheet.py",
            "src/arbitro/codes/scala40_scoring.py",
            "src/arbitro/codes/scala40_sheet.py",
        ),
        (
            "tests/tournament/test_sheet.py",
            "tests/tournament/test_sheet_kinds.py",
            "tests/tournament/test_scala40_scoring.py",
            "tests/tournament/test_mutants_sheet.py",
            "tests/tournament/test_mutants_scala40.py",
            "tests/tournament/events/test_scala40_event.py",
        ),
    ),
    Target(
        "tournament-standings",
        ("src/arbitro/tournament/standings/*",),
        (
            "tests/tournament/events",
            "tests/tournament/test_prizes.py",
            "tests/tournament/test_mutants_prizes.py",
            "tests/tournament/test_ranking.py",
            "tests/tournament/test_session_standings.py",
            "tests/tournament/test_withdrawn_standings.py",
            "tests/tournament/test_mutants_standings_more.py",
            # the 500-pair legacy event is the replays' bench, not a standings case
            "-knot 500",
        ),
    ),
    Target(
        "burraco-scoring",
        ("src/arbitro/games/burraco/scoring.py",),
        ("tests/games/burraco/test_scoring.py", "tests/games/burraco/test_mutants_scoring.py"),
    ),
    Target(
        "burraco-melds",
        ("src/arbitro/games/burraco/melds.py",),
        ("tests/games/burraco/test_melds.py", "tests/games/burraco/test_mutants_melds.py"),
    ),
    Target(
        "burraco-remedies",
        ("src/arbitro/games/burraco/arbiter/remedies/*",),
        ("tests/games/burraco/arbiter",),
    ),
    # The remedies in three parts, so that each can be run (and its survivors read) alone.
    Target(
        "remedies-melds",
        tuple(
            f"src/arbitro/games/burraco/arbiter/remedies/{m}.py"
            for m in ("melds", "closings", "scores", "exposed")
        ),
        ("tests/games/burraco/arbiter",),
    ),
    Target(
        "remedies-common",
        tuple(
            f"src/arbitro/games/burraco/arbiter/remedies/{m}.py"
            for m in ("common", "conduct", "deck", "__init__")
        ),
        ("tests/games/burraco/arbiter",),
    ),
    Target(
        "remedies-play",
        tuple(
            f"src/arbitro/games/burraco/arbiter/remedies/{m}.py"
            for m in ("draws", "pozzetti", "deal")
        ),
        ("tests/games/burraco/arbiter",),
    ),
)

_R = "arbitro.tournament.scoring.results."
_V = "arbitro.tournament.scoring.vp."
_S = "arbitro.tournament.scoring.sheet."
_S40 = "arbitro.codes.scala40_scoring."
_ST = "arbitro.tournament.standings.standings."
_P = "arbitro.tournament.standings.prizes."
_M = "arbitro.games.burraco.melds."
_EQ, _MSG = "equivalent", "message"
_TIME_ONLY = "more tables go through _forfeits, which decides from the round's own records"
_MEMO = "the memo of answers only: the VP are the same computed or found"
ASIDE: dict[str, tuple[str, str]] = {
    # tournament-results
    _R + "x__forfeits__mutmut_17": (_EQ, "1 second late never loses the match"),
    _R + "x__forfeits__mutmut_34": (
        _EQ,
        "round_scores calls _forfeits only for a table where someone abandoned or is late "
        "beyond the limit: the four flags are never all false",
    ),
    _R + "x__forfeits__mutmut_137": (
        _EQ,
        "a line that did not abandon has no abandon score chosen (one comes with an abandon)",
    ),
    _R + "x__resting_line__mutmut_29": (_EQ, "`if past` reads None as an empty history"),
    _R + "x__resting_line__mutmut_31": (_EQ, "`if past` reads None as an empty history"),
    _R + "x__resting_line__mutmut_62": (
        _EQ,
        "the line alone at an incomplete table is one competitor (a pair or a team; "
        "individuals sit by players): the loop has no next one",
    ),
    _R + "x_memo_scores__mutmut_5": (
        _EQ,
        "the last round is read only after the last round (as_of = rounds): its memo key "
        "never meets another as_of",
    ),
    _R + "x_memo_scores__mutmut_7": (_EQ, "any constant key for a round without corrections"),
    _R + "x_memo_scores__mutmut_8": (_EQ, "any constant key for a round without corrections"),
    _R + "x_memo_scores__mutmut_11": (
        _EQ,
        "the history is read only by a line resting in the last round: computing it for "
        "another round costs time only",
    ),
    _R + "x_memo_scores__mutmut_41": (_EQ, "forgetting no outcome costs memory only"),
    _R + "x_round_scores__mutmut_7": (_EQ, "the value is replaced below for every code"),
    _R + "x_round_scores__mutmut_8": (_EQ, "every table goes through _forfeits: " + _TIME_ONLY),
    _R + "x_round_scores__mutmut_13": (_EQ, "1 second late never loses the match"),
    _R + "x_round_scores__mutmut_17": (_EQ, _TIME_ONLY),
    _R + "x_round_scores__mutmut_46": (_EQ, _TIME_ONLY),
    _R + "x_round_scores__mutmut_49": (_EQ, _TIME_ONLY),
    _R + "x_round_scores__mutmut_100": (
        _EQ,
        "whole MP totals in steps of 5 fall in the same band on the printed and the "
        "continuous scale (carte uguali VP come from the comparison)",
    ),
    _R + "x_round_scores__mutmut_114": (_EQ, "one score per seat: zip's strict never fires"),
    _R + "x_round_scores__mutmut_117": (_EQ, "one score per seat: zip's strict never fires"),
    _R + "x_round_scores__mutmut_118": (_EQ, "one score per seat: zip's strict never fires"),
    "arbitro.tournament.scoring.comparison.x_line_vp__mutmut_14": (
        _EQ,
        "a difference of 0 is 10-10 in every table: the order of the pair does not matter",
    ),
    "arbitro.tournament.scoring.comparison.x_line_vp__mutmut_15": (
        _EQ,
        "a difference under 1 MP is in the first band of every table, 10-10",
    ),
    _V + "x_vp_for_difference__mutmut_37": (
        _EQ,
        "a difference equal to the last band's end is returned by the loop already",
    ),
    **{
        _V + f"x_vp_pair__mutmut_{n}": (
            _EQ,
            "whole MP go the memoized way or the Decimal way, the same VP either way",
        )
        for n in (2, 3, 4, 5, 6)
    },
    **{_V + f"x_vp_pair__mutmut_{n}": (_EQ, _MEMO) for n in (11, 12, 13, 16, 27, 28)},
    _V + "x_vp_pair__mutmut_43": (_EQ, "equal totals are 10-10: the order does not matter"),
    _V + "x_vp_pair__mutmut_17": (
        _EQ,
        _MEMO + " (a table freed and another made at its address would tell: not testable)",
    ),
    # tournament-standings
    **{
        f"{_ST}x_standings__mutmut_{n}": (_EQ, "the view's name only keys the state's cache")
        for n in (5, 11, 12)
    },
    **{
        f"{_ST}x_ranking__mutmut_{n}": (_EQ, "the view's name only keys the state's cache")
        for n in (3, 9, 10)
    },
    **{
        f"{_ST}x__standings__mutmut_{n}": (
            _EQ,
            "codes without the two-warnings penalty (per = 0) have 0 VP and 0 MP penalties",
        )
        for n in (79, 93)
    },
    **{
        f"{_ST}x__standings__mutmut_{n}": (_EQ, "the MP sign's size does not change the order")
        for n in (126, 128)
    },
    **{
        f"{_ST}x__standings__mutmut_{n}": (_EQ, "the first row always sets rank and previous")
        for n in (138, 139, 140)
    },
    **{
        f"{_ST}x__ranking__mutmut_{n}": (_EQ, "the lists are indexed by numbers 1..max only")
        for n in (6, 9, 10, 34, 35, 51, 52, 64, 65)
    },
    **{
        f"{_ST}x__ranking__mutmut_{n}": (_EQ, "the same VP or MP added to everyone: same order")
        for n in (13, 16)
    },
    **{
        f"{_ST}x__ranking__mutmut_{n}": (
            _EQ,
            "a PENDING score is 0 VP and 0 MP; the seating reads the ranking only once every "
            "sheet is in",
        )
        for n in (17, 31)
    },
    **{
        f"{_ST}x__standings__mutmut_{n}": (
            _EQ,
            "the warnings up to round 0 are none: `if before` reads {} and them alike",
        )
        for n in (23, 30)
    },
    f"{_ST}x_session_standings__mutmut_55": (
        _EQ,
        "the view's name only keys the state's cache; each session reads its own rounds",
    ),
    **{
        f"{_P}x_build_plan__mutmut_{n}": (_EQ, "qualifies reads no players (None) as none ([])")
        for n in (17, 19)
    },
    f"{_ST}x__ranking__mutmut_49": (_EQ, "no penalty adds 0"),
    f"{_ST}x__ranking__mutmut_55": (
        _EQ,
        "every code's warning VP penalty is -1 or 0 (never read at 0): x / -1 == x * -1",
    ),
    **{
        f"{_ST}x__ranking__mutmut_{n}": (_EQ, "the MP sign's size does not change the order")
        for n in (73, 75)
    },
    **{
        f"{_ST}x_points_penalties__mutmut_{n}": (
            _EQ,
            "no code whose fewer M.P. rank better gives a penalty in points (Scala 40: none)",
        )
        for n in (3, 5)
    },
    **{f"{_P}x__divisible__mutmut_{n}": (_EQ, "a tie has at least two members") for n in (5, 6)},
    **{
        f"{_P}x_draw_places__mutmut_{n}": (_EQ, "as many places as tied: strict never fires")
        for n in (7, 10, 11)
    },
    f"{_P}x_prize_year__mutmut_3": (_EQ, "'' and 'XXXX' both fail int(): the same refusal"),
    # burraco-melds
    **{
        f"{_M}x__memo__mutmut_{n}": (_EQ, "the memo of melds only: made afresh, the same meld")
        for n in (1, 2, 3, 6, 7, 9, 12)
    },
    **{
        f"{_M}x_make_meld__mutmut_{n}": (_EQ, "the memo of melds only: the same meld")
        for n in (7, 10, 11, 12)
    },
    **{
        f"{_M}xǁMeldǁlay_off__mutmut_{n}": (_EQ, "the memo of lay-offs only: the same meld")
        for n in (19, 22, 24, 25)
    },
    f"{_M}xǁMeldǁlay_off__mutmut_10": (
        _EQ,
        "_at_an_end is a fast path: the general placement gives the same meld",
    ),
    **{
        f"{_M}xǁMeldǁ_at_an_end__mutmut_{n}": (
            _EQ,
            "_at_an_end is a fast path that may answer None: the general placement then "
            "gives the same meld (first only tells the run's suit; a wild or a 2 gives None)",
        )
        for n in (3, 5, 7, 8, 9, 10, 11, 12, 14, 17, 19, 23)
    },
    **{
        f"{_M}x__make_set__mutmut_{n}": (_EQ, "cards sort by their index by default")
        for n in (71, 73)
    },
    f"{_M}x__lay_on_run__mutmut_46": (
        _EQ,
        "two 2s of the suit cannot both stand at place 2: that try fails, the next is the "
        "original's first",
    ),
    f"{_M}x__lay_on_run__mutmut_48": (_EQ, "n2 = -1 tries what n2 = 0 tried"),
    f"{_M}x__lay_on_run__mutmut_53": (_EQ, "every try sets the error before it is raised"),
    f"{_M}x__place__mutmut_3": (_MSG, "`everything` only names the cards in the refusal"),
    f"{_M}x__place__mutmut_19": (_EQ, "`best or err` reads '' as None"),
    **{
        f"{_M}x__place__mutmut_{n}": (_EQ, "one place per ace: zip's strict never fires")
        for n in (29, 32, 33)
    },
    **{
        f"{_M}x__finish__mutmut_{n}": (
            _EQ,
            "the run's wild and its place are both given or both None",
        )
        for n in (2, 133)
    },
    f"{_M}x__finish__mutmut_98": (
        _EQ,
        "no run spans 1-14 with a free wild to place (13 naturals, one wild): no default",
    ),
    f"{_M}x__make_meld__mutmut_32": (
        _MSG,
        "one natural needs two wilds to make three cards: refused as a set or as a run, "
        "only the message differs",
    ),
    f"{_M}xǁMeldǁburraco__mutmut_8": (
        _EQ,
        "a set's wild stands last: max(wild, len - 1 - wild) is its naturals",
    ),
    # tournament-sheets
    _S + "x__check_line__mutmut_*": (
        _MSG,
        "_check_line only names the first impossible line: check_room decides the refusal",
    ),
    **{
        _S + f"x_check_room__mutmut_{n}": (
            _EQ,
            "a stricter fast check sends a possible line to _check_line, which accepts it",
        )
        for n in (*range(41, 45), 47, 49, 50, 51, *range(54, 60), 62, 64, 65, 66, 69, 70, 72)
    },
    **{
        _S + f"x_check_room__mutmut_{n}": (_MSG, "a name left out of the refusal's message")
        for n in (82, 83, 84)
    },
    **{
        _S + name: (
            _EQ,
            "totals come in steps of 5 (checked) and the printed bands too: the continuous "
            "and the printed scale agree on every possible difference",
        )
        for name in (
            "x_sheet_result__mutmut_1",
            "x_sheet_result__mutmut_14",
            "x_sheet_result__mutmut_19",
            "x_score_sheet__mutmut_1",
            "x_score_sheet__mutmut_13",
            "x_score_sheet__mutmut_17",
        )
    },
    **{
        _S + name: (_EQ, "the memo of lines met only: the same LineDeal, made or found")
        for name in (
            "x__line__mutmut_2",
            "x__line__mutmut_3",
            "x__line__mutmut_10",
            "x__line__mutmut_11",
            "xǁDealScoreǁfrom_list__mutmut_21",
            "xǁDealScoreǁfrom_list__mutmut_27",
            "x_deals_of__mutmut_22",
            "x_deals_of__mutmut_28",
        )
    },
    **{
        _S + f"x_deals_of__mutmut_{n}": (
            _EQ,
            "a row the fast path leaves goes through DealScore.from_list, which reads it the same",
        )
        for n in (4, 5, 12, 14, 16, 18)
    },
    _S40 + "x_differences__mutmut_7": (_EQ, "a gap of 0 MP is worth 0 VP in every table"),
    **{
        _S40 + f"xǁScoreSheetǁ__post_init____mutmut_{n}": (
            _MSG,
            "the deal's number is read only by the refusal's message",
        )
        for n in (50, 51)
    },
    **{
        _S40 + f"xǁScoreSheetǁ__post_init____mutmut_{n}": (
            _EQ,
            "each row's length is checked just above: zip's strict never fires",
        )
        for n in (66, 69, 70)
    },
}
"""Surviving mutants read and left alive, by mutmut's name (a ``*`` pattern for a whole
function): ``equivalent`` (no result can change) or ``message`` (only what the user reads
changes), with the reason. bench/RESULTS.md lists them."""


def _more_asides() -> None:
    """Add the asides kept beside this file, one file a target (``bench/mutation_aside/*.py``,
    each defining ``ASIDE`` like the one above), so that the targets' readers do not share one
    file."""
    for path in sorted((Path(__file__).parent / "mutation_aside").glob("*.py")):
        ASIDE.update(runpy.run_path(str(path))["ASIDE"])


_more_asides()


def aside(name: str) -> tuple[str, str] | None:
    """The kind and reason ``ASIDE`` gives the mutant ``name``, if any."""
    for pattern, why in ASIDE.items():
        if fnmatch.fnmatchcase(name, pattern):
            return why
    return None


# mutmut's exit codes (mutmut/stats.py), grouped as this bench counts them.
KILLED = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout"}
KILLED |= {255: "timeout", 37: "type check"}
NOT_KILLED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}


def _toml_list(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def _shared_folder() -> Path | None:
    """The seeds' folder the tests find at ``<project>/../shared`` (or one level up)."""
    for base in (REPO.parent, REPO.parents[1]):
        if (base / "shared" / "seeds").is_dir():
            return base / "shared"
    return None


BUILD_FILES = ("__pycache__", "*.pyc", ".pytest_cache")
NEW_TESTS = "test_mutants_*.py"
"""The tests written to kill survivors (issue 26): left out of a ``--before`` run."""


def write_config(target: Target, root: Path) -> None:
    """Write the copy's ``pyproject.toml``: the project's, with ``target``'s ``[tool.mutmut]``
    (a test file absent from the copy is not selected)."""
    tests = tuple(t for t in target.tests if t.startswith("-") or (root / t).exists())
    pyproject = (REPO / "pyproject.toml").read_text("utf-8")
    pyproject += (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        'also_copy = ["docs"]\n'  # some tests read the documented examples
        f"only_mutate = {_toml_list(target.mutate)}\n"
        f"pytest_add_cli_args_test_selection = {_toml_list(tests)}\n"
        # PostgreSQL cases test the store, not these modules; no random order, no cache.
        'pytest_add_cli_args = ["-m", "not postgres", "-p", "no:cacheprovider", "-p", "no:xdist"]\n'
        "use_git_change_detection = false\n"
    )
    (root / "pyproject.toml").write_text(pyproject, "utf-8")


def prepare(target: Target, root: Path, before: bool = False) -> None:
    """Lay a fresh copy of the project in ``root`` configured for ``target`` (``before``:
    without the tests written against the survivors)."""
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    ignore = shutil.ignore_patterns(*BUILD_FILES)
    shutil.copytree(REPO / "src", root / "src", ignore=ignore)
    shutil.copytree(REPO / "docs", root / "docs", ignore=ignore)
    tests_ignore = shutil.ignore_patterns(*BUILD_FILES, *((NEW_TESTS,) if before else ()))
    shutil.copytree(REPO / "tests", root / "tests", ignore=tests_ignore)
    write_config(target, root)
    shared = _shared_folder()
    if shared is not None:
        # tests read the seeds at Path(__file__).parents[3] / "shared": the copy's root once
        # mutmut has copied the tests into mutants/.
        (root / "shared").symlink_to(shared)


def run(target: Target, root: Path, max_children: int, before: bool = False) -> float:
    """Run mutmut on ``target`` in ``root``; return the wall time in seconds."""
    prepare(target, root, before)
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    command = ["nice", "-n", "19", str(VENV_BIN / "mutmut"), "run"]
    command += ["--max-children", str(max_children)]
    started = time.monotonic()
    with (root / "mutmut.log").open("w") as log:
        subprocess.run(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    return time.monotonic() - started


def again(target: Target, root: Path, max_children: int) -> float:
    """Run again, in the copy of an earlier run, only the mutants that survived it, with the
    project's tests as they are now (new tests' coverage is collected by mutmut first)."""
    ignore = shutil.ignore_patterns(*BUILD_FILES)
    for tests in (root / "tests", root / "mutants" / "tests"):
        shutil.copytree(REPO / "tests", tests, ignore=ignore, dirs_exist_ok=True)
    write_config(target, root)  # the target's tests as listed now
    earlier = results(root)
    names = [
        name for codes in earlier.values() for name, code in codes.items() if code not in KILLED
    ]
    if not names:
        return 0.0
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    command = ["nice", "-n", "19", str(VENV_BIN / "mutmut"), "run"]
    command += ["--max-children", str(max_children), *names]
    started = time.monotonic()
    with (root / "mutmut-again.log").open("w") as log:
        subprocess.run(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    keep_killed(root, earlier)
    return time.monotonic() - started


def keep_killed(root: Path, earlier: dict[str, dict[str, int | None]]) -> None:
    """Mark killed again the mutants an earlier run killed that mutmut has since set aside
    as not checked (a changed test selection makes it forget every result): the tests only
    grew, so a mutant killed then is killed now."""
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        source = str(meta.relative_to(root / "mutants"))[: -len(".meta")]
        data = json.loads(meta.read_text("utf-8"))
        codes = data["exit_code_by_key"]
        before = earlier.get(source, {})
        for name, code in codes.items():
            if code is None and before.get(name) in KILLED:
                codes[name] = before[name]
        meta.write_text(json.dumps(data, indent=4), "utf-8")


def results(root: Path) -> dict[str, dict[str, int | None]]:
    """Exit code of every mutant, by source file, from mutmut's ``.meta`` files."""
    found: dict[str, dict[str, int | None]] = {}
    for meta in sorted((root / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text("utf-8"))
        source = str(meta.relative_to(root / "mutants"))[: -len(".meta")]
        found[source] = dict(data["exit_code_by_key"])
    return found


def _status(code: int | None) -> str:
    if code in KILLED:
        return KILLED[code]
    if code in NOT_KILLED:
        return NOT_KILLED[code]
    return "not checked" if code is None else "suspicious"


def score_line(name: str, codes: list[int | None]) -> str:
    """One line of the report: counts by status and the share of mutants killed."""
    counts = Counter(_status(code) for code in codes)
    killed = sum(counts[s] for s in ("killed", "timeout", "type check"))
    total = len(codes)
    share = 100.0 * killed / total if total else 0.0
    detail = ", ".join(f"{status} {n}" for status, n in sorted(counts.items()))
    return f"{name:<58} {killed:>5}/{total:<5} {share:5.1f}%  ({detail})"


# Calls whose arguments only make what the user reads: an error's text, key and article,
# a message's msgid and parameters. A mutant that changes nothing else changes no result.
MESSAGE_CALLS = frozenset(
    {"msg", "message", "Message", "N_", "ngettext", "_bad", "_too_short", "_two_wilds"}
    | {"_not_in_order", "cite", "fibas"}
)


def _message_lines(source: str) -> set[int]:
    """The lines of ``source`` (one function) inside the arguments of a message or error."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in MESSAGE_CALLS or name.endswith("Error"):
            args = [*node.args, *(k.value for k in node.keywords)]
            if args:  # from the first argument to the closing parenthesis
                first = min(arg.lineno for arg in args)
                lines.update(range(first, (node.end_lineno or first) + 1))
    return lines


def _changed_lines(original: list[str], mutant: list[str]) -> set[int]:
    """The lines of ``original`` (1-based) the mutant changes or removes (or is inserted by)."""
    changed: set[int] = set()
    for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(None, original, mutant).get_opcodes():
        if tag != "equal":
            changed.update(
                range(i1 + 1, max(i2, i1 + 1) + 1) if tag == "insert" else range(i1 + 1, i2 + 1)
            )
    return changed


def classify(name: str, source_path: str) -> tuple[str, str]:
    """A survivor's diff and its kind: ``message`` when it changes only the arguments of a
    message or an error (its text, key, article, parameters), else ``result`` (to be read:
    a test should kill it), or the kind ``ASIDE`` gives it."""
    import libcst as cst
    from mutmut.mutation.diff_apply import (
        read_functions_from_index,
        read_mutant_function,
        read_mutants_module,
        read_original_function,
    )

    functions = read_functions_from_index(name, source_path)
    if functions is None:
        module = read_mutants_module(source_path)
        functions = (read_original_function(module, name), read_mutant_function(module, name))
    original, mutant = (cst.Module([f]).code.strip() for f in functions)
    a, b = original.split("\n"), mutant.split("\n")
    diff = "\n".join(difflib.unified_diff(a, b, source_path, source_path, lineterm="", n=2))
    changed = _changed_lines(a, b)
    kind = "message" if changed and changed <= _message_lines(original) else "result"
    read = aside(name)
    if read is not None:
        kind = read[0]
    return kind, diff


def write_survivors(root: Path, by_file: dict[str, dict[str, int | None]]) -> Counter[str]:
    """Write every surviving mutant of ``root`` with its kind and diff to ``survivors.txt``;
    return how many of each kind."""
    from mutmut.configuration import reset_config

    kinds: Counter[str] = Counter()
    cwd = Path.cwd()
    os.chdir(root)
    reset_config()
    try:
        with Path("survivors.txt").open("w") as f:
            for source, codes in by_file.items():
                for name, code in codes.items():
                    if code in KILLED or code is None:
                        continue
                    kind, diff = classify(name, source)
                    kinds[kind] += 1
                    read = aside(name)
                    reason = f" — {read[1]}" if read is not None else ""
                    f.write(f"### {name}: {_status(code)} [{kind}]{reason}\n{diff}\n\n")
    finally:
        os.chdir(cwd)
        reset_config()
    return kinds


def report(target: Target, root: Path) -> list[str]:
    """The score lines of ``target``: one per source file and the target's total."""
    by_file = results(root)
    if not by_file:
        return [f"{target.name}: no results in {root}"]
    lines = [score_line(source, list(codes.values())) for source, codes in by_file.items()]
    every = [code for codes in by_file.values() for code in codes.values()]
    lines.append(score_line(f"TOTAL {target.name}", every))
    kinds = write_survivors(root, by_file)
    killed = sum(1 for code in every if code in KILLED)
    matter = len(every) - kinds["message"] - kinds["equivalent"]
    share = 100.0 * killed / matter if matter else 0.0
    lines.append(
        f"  of the mutants that change a result: {killed}/{matter} {share:.1f}% killed "
        f"(left aside: message-only {kinds['message']}, equivalent {kinds['equivalent']}); "
        f"survivors in {root / 'survivors.txt'}"
    )
    return lines


def main() -> None:
    """Run mutmut on the chosen targets, one at a time, and print each target's score."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", help=", ".join(t.name for t in TARGETS))
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/arbitro-mutation"))
    parser.add_argument("--max-children", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only print the last scores")
    parser.add_argument(
        "--before",
        action="store_true",
        help=f"leave out the tests written against the survivors ({NEW_TESTS})",
    )
    parser.add_argument(
        "--again",
        action="store_true",
        help="run only the last run's survivors again, against the tests as they are now",
    )
    args = parser.parse_args()
    unknown = set(args.targets) - {t.name for t in TARGETS}
    if unknown:
        parser.error(f"unknown target(s): {', '.join(sorted(unknown))}")
    chosen = [t for t in TARGETS if not args.targets or t.name in args.targets]
    print(
        f"nproc {os.cpu_count()}, mutmut workers {args.max_children}, python {sys.version.split()[0]}"
    )
    for target in chosen:
        root = args.workdir / target.name
        if args.again:
            wall = again(target, root, args.max_children)
            print(f"{target.name} (survivors again): {wall:.0f} s wall")
        elif not args.report:
            wall = run(target, root, args.max_children, args.before)
            print(f"{target.name}: {wall:.0f} s wall (log {root / 'mutmut.log'})")
        for line in report(target, root):
            print(line)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
