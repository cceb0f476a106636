"""Pages of the desk's lists that grow with the field (issue 29: a 100,000-pair event made a
126 MiB desk page): the event page's competitors (registrations and check-in, FIBAS art. 4)
are shown ``PAGE_SIZE`` at a time, with links to the other pages and a search box (a
competitor's number, or part of its name or of a player's); so are the round page's tables
(the seating to review and the sheets, FIBAS art. 4, 19-20), the seating editor's tables
(art. 4) and the cash summary's rows (a table's number, or a part of a competitor's name);
and a list of competitors to choose from (a withdrawal, two competitors kept apart, a
penalty, a swap) becomes a number to type once it is longer than ``PAGE_SIZE``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar
from urllib.parse import urlencode

from fastapi import Request

PAGE_SIZE = 200
"""Rows of a desk list per page (about 200 KiB of HTML for the competitors' table)."""
MAX_QUERY = 200


class Listed(Protocol):
    """What a competitor's row is searched by."""

    @property
    def number(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def players(self) -> Sequence[str]: ...


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a list: its number (from 1), how many pages, how many rows were found
    (all of them, or those matching ``q``), and the rows' positions (from 1)."""

    number: int
    pages: int
    found: int
    q: str
    first: int
    last: int

    def href(self, number: int) -> str:
        """The query of page ``number`` (the search kept)."""
        params: list[tuple[str, str | int]] = [("page", number)]
        if self.q:
            params.append(("q", self.q))
        return "?" + urlencode(params)

    @property
    def query(self) -> str:
        """The query of the page shown (``page=2&q=...``), for a panel that reloads itself."""
        return self.href(self.number)[1:]

    @property
    def size(self) -> int:
        """Rows per page (``PAGE_SIZE``)."""
        return PAGE_SIZE

    @property
    def several(self) -> bool:
        """Whether there is more than one page (then the links are shown)."""
        return self.pages > 1


def whole_number(text: str) -> bool:
    """Whether ``text`` is a plain whole number of at most 9 digits (no sign, no other
    script's digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def contains(texts: Sequence[str], q: str) -> bool:
    """Whether ``q`` is a part of one of ``texts`` (case as typed or not, accents as typed)."""
    wanted = q.casefold()
    return any(wanted in t.casefold() for t in texts)


def matches(row: Listed, q: str) -> bool:
    """Whether ``row`` is the competitor ``q`` names: its number, or a part of its name or of
    a player's name (case and accents as typed)."""
    if whole_number(q):
        return row.number == int(q)
    return contains([row.name, *row.players], q)


def table_matches(row: dict[str, object], q: str) -> bool:
    """Whether the table ``row`` (a dict with ``table`` and its lines' names as text) is the
    one ``q`` names: its number ("go to table N"), or a part of a competitor's name seated
    there."""
    if whole_number(q):
        return row["table"] == int(q)
    return contains([str(row.get(k) or "") for k in ("ns", "ew", "players")], q)


def page_of(
    request: Request, rows: Sequence[T], match: Callable[[T, str], bool]
) -> tuple[list[T], Page]:
    """The rows of the page the request asks for (``?page=``, ``?q=`` kept by ``match``): at
    most ``PAGE_SIZE``; a page past the end shows the last one."""
    q = request.query_params.get("q", "").strip()[:MAX_QUERY]
    found = [r for r in rows if match(r, q)] if q else list(rows)
    pages = max(1, -(-len(found) // PAGE_SIZE))
    asked = request.query_params.get("page", "")
    number = min(max(int(asked), 1), pages) if whole_number(asked) else 1
    start = (number - 1) * PAGE_SIZE
    shown = found[start : start + PAGE_SIZE]
    return shown, Page(number, pages, len(found), q, start + 1, start + len(shown))


SHORT_LIST = 30
"""Numbers a line names one by one (the tables without a sheet, FIBAS art. 19-20)."""


def spans(numbers: Sequence[int], most: int = SHORT_LIST) -> tuple[list[str], int]:
    """``numbers`` (ascending) as a line says them: each one while they are at most ``most``;
    past that as runs ("1–1000") and at most ``most`` of them, with how many numbers were
    left out (issue 29: 1,000 tables without a sheet filled the first screen)."""
    if len(numbers) <= most:
        return [str(n) for n in numbers], 0
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    said = runs[:most]
    left = len(numbers) - sum(b - a + 1 for a, b in said)
    return [str(a) if a == b else f"{a}–{b}" for a, b in said], left
