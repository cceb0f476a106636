"""Registrations from a CSV file as clubs export them: any spreadsheet's delimiter (``,``
``;`` tab), any of the encodings they come in (UTF-8 with or without BOM, cp1252, UTF-16),
each row checked against the header and the same length limits as the desk's forms. Every
problem of a file is listed at once, by line, and a file with a problem registers nobody
(all or nothing: issue 26 F)."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from arbitro.codes.citation import Citation
from arbitro.errors import ArbitroError
from arbitro.i18n import Message, msg, ngettext, render
from arbitro.lazy_names import lazy_module
from arbitro.text_rules import text_problem
from arbitro.tournament import commands

if TYPE_CHECKING:
    import charset_normalizer

    from arbitro.tournament.event import EventState
    from arbitro.tournament.records import Record
else:
    charset_normalizer = lazy_module("charset_normalizer")

NAME_HEADERS = ("nome", "name", "coppia", "pair", "squadra", "team", "concorrente", "competitor")
PLAYER_PREFIXES = ("giocatore", "player")
MAX_NAME = 200  # as the desk's form fields
MAX_COMPETITORS_ENV = "ARBITRO_MAX_COMPETITORS"
DEFAULT_MAX_COMPETITORS = 2000
"""An event's competitors at most unless the installation says otherwise (issue 29: a
100,000-row file registered 100,000 pairs and made a 126 MiB desk page)."""


def max_competitors() -> int:
    """The most competitors an event may hold: ``$ARBITRO_MAX_COMPETITORS`` (a positive
    whole number), else 2,000 (docs/security.md "Limits: no one stalls the room")."""
    value = os.environ.get(MAX_COMPETITORS_ENV, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_MAX_COMPETITORS


def too_many(count: int) -> ArbitroError:
    """The refusal of a registration that would take an event past :func:`max_competitors`,
    naming the limit and how to raise it."""
    return ArbitroError(
        "an event holds at most {limit} competitors and this would make {count}: to raise "
        "the limit, set {setting} in the server's environment and start it again",
        limit=max_competitors(),
        count=count,
        setting=MAX_COMPETITORS_ENV,
        key="registrations.limit",
    )


def check_room(state: EventState, adding: int) -> None:
    """Refuse (:func:`too_many`) registering ``adding`` more competitors when the event would
    then hold more than :func:`max_competitors` (withdrawn ones count: they stay listed)."""
    count = len(state.competitors) + adding
    if count > max_competitors():
        raise too_many(count)


def decode_registrations(data: bytes) -> str:
    """The text of an uploaded file, whatever encoding the club's spreadsheet saved it in
    (UTF-8 with or without BOM, UTF-16, cp1252); an error if it is not text."""
    for bom, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            return data.decode(codec)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    best = charset_normalizer.from_bytes(
        data, cp_isolation=["cp1252", "latin_1", "utf_16", "mac_roman"]
    ).best()
    if best is None or "\x00" in str(best):
        raise ArbitroError("the file is not a text (CSV) file")
    return str(best)


def csv_rows(text: str) -> list[list[str]]:
    """The rows of a CSV text, its delimiter found among ``,`` ``;`` and tab from the first
    line (clubs save with any of them); an empty file refused."""
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise ArbitroError("empty CSV file")
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            text.split("\n", 1)[0], ";,\t"
        )
    except csv.Error:
        dialect = csv.excel
    try:
        return list(csv.reader(io.StringIO(text), dialect))
    except csv.Error as exc:  # e.g. a field over the csv module's 128 KiB: never a 500
        raise ArbitroError("the CSV file cannot be read ({error})", error=str(exc)) from None


@dataclass(frozen=True, slots=True)
class FileRow:
    """A competitor read from a registration file, with the file's line it is on (the header
    is line 1)."""

    line: int
    name: str
    players: list[str]


@dataclass(frozen=True, slots=True)
class LineProblem:
    """What is wrong with one line of a registration file, in the director's words, and the
    article it breaks, if any."""

    line: int
    problem: Message
    article: Citation | None = None

    def render(self, lang: str | None = None) -> str:
        """ "line 12: «Rossi / Bianchi» is duplicated at lines 3 and 12 (FIBAS art. 2)"."""
        text = render(msg("line {line}: {problem}", line=self.line, problem=self.problem), lang)
        if self.article is not None:
            text += f" ({self.article.render(lang)})"
        return text


class FileRefused(ArbitroError):
    """A registration file with problems: every problem of the file, by line, and nobody
    registered (all or nothing). Its message lists them one per line (the terminal's
    ``import-csv``); the desk shows :attr:`problems` as a list."""

    def __init__(self, problems: Sequence[LineProblem]) -> None:
        self.problems = sorted(problems, key=lambda p: p.line)  # read by message()
        super().__init__(
            ngettext(
                "the file has {count} problem: nobody is registered (all or nothing); "
                "correct it and load the file again",
                "the file has {count} problems: nobody is registered (all or nothing); "
                "correct them and load the file again",
                len(problems),
            ),
            key="registrations.file",
        )

    def message(self, lang: str | None = None) -> str:
        """The summary, then each problem on a line of its own."""
        head = super().message(lang)
        return "\n".join([head, *(f"  {p.render(lang)}" for p in self.problems)])

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The error as JSON, with ``problems``: each line's number and message."""
        out = super().to_json(lang)
        out["problems"] = [
            {"line": p.line, "message": p.render(lang), "msgid": p.problem.msgid}
            for p in self.problems
        ]
        return out


def read_registrations_csv(text: str) -> tuple[list[FileRow], list[LineProblem]]:
    """Read registrations from a CSV text: a header row with a name column (``nome``/
    ``name``...) and optional player columns (``giocatore1``, ``giocatore2``... or
    ``player1``...); one competitor per line, blank lines ignored. Every line's problem is
    collected, not only the first: the rows read well and the problems, both by line. A file
    without a name column is refused at once (nothing can be read)."""
    return read_registration_table(csv_rows(text))


def read_registration_table(
    table: Sequence[Sequence[str]],
) -> tuple[list[FileRow], list[LineProblem]]:
    """The rows and the problems of a registration table (a CSV's rows, a worksheet's cells
    as text; its first non-blank row is the header), each by its line in the file."""
    first = next((i for i, row in enumerate(table) if any(c.strip() for c in row)), None)
    if first is None:
        raise ArbitroError("empty sheet")
    header = [h.strip().casefold() for h in table[first]]
    name_col = next((i for i, h in enumerate(header) if h in NAME_HEADERS), None)
    if name_col is None:
        raise ArbitroError(
            "no name column (one of: {names}); header: {header}",
            names=", ".join(NAME_HEADERS),
            header=str([h for h in table[first] if h.strip()]),
        )
    player_cols = [i for i, h in enumerate(header) if h.startswith(PLAYER_PREFIXES)]
    lines = sum(1 for row in table[first + 1 :] if any(cell.strip() for cell in row))
    if lines > max_competitors():  # refused at once: no line of it is worth checking
        raise too_many(lines)
    rows: list[FileRow] = []
    problems: list[LineProblem] = []
    for line, row in enumerate(table[first + 1 :], start=first + 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header) and any(cell.strip() for cell in row[len(header) :]):
            problems.append(
                LineProblem(
                    line,
                    msg(
                        "more values than the header has columns ({row}): a name with the "
                        "delimiter in it must be quoted",
                        row=", ".join(row),
                    ),
                )
            )
            continue
        if name_col >= len(row) or not row[name_col].strip():
            problems.append(LineProblem(line, msg("the name is missing")))
            continue
        cells = [row[name_col], *(row[i] for i in player_cols if i < len(row))]
        long = next((c.strip() for c in cells if len(c.strip()) > MAX_NAME), None)
        if long is not None:
            problems.append(
                LineProblem(
                    line,
                    msg(
                        "«{text}…» is too long ({length} characters, at most {limit})",
                        text=long[:30],
                        length=len(long),
                        limit=MAX_NAME,
                    ),
                )
            )
            continue
        # The one text rule (issue 29): no control character, lone surrogate or override.
        bad = next(((c, p) for c in cells if (p := text_problem(c.strip(), name=True))), None)
        if bad is not None:
            problems.append(
                LineProblem(
                    line,
                    msg(
                        "«{text}»: {problem}", text=ascii(bad[0].strip())[1:-1][:30], problem=bad[1]
                    ),
                )
            )
            continue
        players = [row[i].strip() for i in player_cols if i < len(row) and row[i].strip()]
        rows.append(FileRow(line, row[name_col].strip(), players))
    return rows, problems


def parse_registrations_csv(text: str) -> list[tuple[str, list[str]]]:
    """Parse registrations (see :func:`read_registrations_csv`): ``(name, players)`` in file
    order; a :class:`FileRefused` listing every problem of the file if it has any."""
    rows, problems = read_registrations_csv(text)
    if problems:
        raise FileRefused(problems)
    return [(r.name, r.players) for r in rows]


def decide_registrations(
    snapshot: EventState,
    rows: Sequence[FileRow],
    now: datetime,
    actor: str,
    problems: Sequence[LineProblem] = (),
) -> list[Record]:
    """The records registering every row of a file (FIBAS art. 2, 4; late entries art. 37),
    each row decided against the event and the rows before it on ``snapshot`` (a private copy
    of the state, folded as it goes); every refusal is collected with its line, ``problems``
    (those found reading the file) included, and a :class:`FileRefused` lists them all:
    nobody is registered unless the whole file is right. A name twice in the file is
    "duplicated at lines 12 and 42", not "already registered"."""
    check_room(snapshot, len(rows))
    found = list(problems)
    seen: dict[str, int] = {}
    out: list[Record] = []
    scratch = snapshot
    for row in rows:
        key = row.name.strip().casefold()
        if key in seen:
            found.append(
                LineProblem(
                    row.line,
                    msg(
                        "«{name}» is duplicated at lines {first} and {line}",
                        name=row.name,
                        first=seen[key],
                        line=row.line,
                    ),
                )
            )
            continue
        seen[key] = row.line
        try:
            made = commands.register(scratch, row.name, row.players, now, actor)
        except ArbitroError as exc:
            found.append(LineProblem(row.line, exc.msg, exc.article))
            continue
        for rec in made:
            scratch.apply(replace(rec, seq=scratch.last_seq + 1))
        out += made
    if found:
        raise FileRefused(found)
    return out
