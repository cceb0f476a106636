"""The room displays: public, read-only pages for the projector (no login). The seating of
the round by table and by name, and the standings of the latest published round with the
movements since the previous round and a VP-progress chart drawn server-side as SVG.

The pages refresh themselves (htmx polls a fragment every 2 s and gets "204 No Content" when
nothing changed; without JavaScript a meta refresh every 5 s). They never show a countdown
nor the remaining playing time: the code forbids telling players the time left (FIBAS
art. 7). They accept only GET and HEAD, and link to no write action.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from markupsafe import Markup, escape

from arbitro.bidi import isolated
from arbitro.collation import name_key
from arbitro.i18n import Message
from arbitro.services import series
from arbitro.services.series import SeriesStandings
from arbitro.tournament.event import EventState
from arbitro.tournament.model import Line
from arbitro.tournament.sheets.individuals import short_tables_note
from arbitro.tournament.standings.standings import (
    StandingRow,
    session_rounds,
    session_standings,
    standings,
)
from arbitro.tournament.standings.tiebreaks import chosen, tiebreak_line
from arbitro.tournament.zone import SHORT, event_zone, local_text
from arbitro.web.context import Web, web_of
from arbitro.web.live import READ_ONLY, add_display, display, page_key
from arbitro.web.names import line_label, line_names
from arbitro.web.page_cache import cached, page_response

router = APIRouter()


POLL_SECONDS = 2
CHART_TOP = 8
CHART_COLOURS = (
    "#ffd400",
    "#00e5ff",
    "#ff6ec7",
    "#7cfc00",
    "#ff9100",
    "#b388ff",
    "#ffffff",
    "#ff5252",
)


def _names(state: EventState, line: Line | None) -> str:
    return line_names(state, line)


def seating_round(state: EventState) -> int | None:
    """The round shown on the seating display: the latest with its seating published."""
    published = [n for n, r in state.rounds.items() if r.seating_published_at is not None]
    return max(published, default=None)


def standings_round(state: EventState) -> int | None:
    """The round shown on the standings display: the latest with its standings published."""
    published = [n for n, r in state.rounds.items() if r.standings_published_at is not None]
    return max(published, default=None)


# ---------------------------------------------------------------------- seating
@dataclass(frozen=True)
class SeatRow:
    """One table of the seating display."""

    table: int
    ns: str
    ew: str
    individuals: bool = False  # a table of individuals (Scala 40): ``ns`` lists them all


@dataclass(frozen=True)
class NameRow:
    """One competitor on the by-name list: where it sits."""

    name: str
    table: int
    line: Message | str  # the line's label (N-S, E-W), or the seat at a table of individuals


def seating_view(state: EventState) -> dict[str, Any]:
    """The seating of the round by table and, alphabetically, by name (art. 4)."""
    rnd = seating_round(state)
    if rnd is None:
        return {"round": None, "tables": [], "names": []}
    seating = state.round(rnd).seating
    assert seating is not None
    tables = [
        SeatRow(t.table, _names(state, t.ns), _names(state, t.ew))
        if t.players is None
        else SeatRow(t.table, _names(state, t.players), "", individuals=True)
        for t in seating.tables
    ]
    names: list[NameRow] = []
    for t in seating.tables:
        places: list[tuple[Message | str, Line | None]] = [
            (line_label("ns"), t.ns),
            (line_label("ew"), t.ew),
        ]
        if t.players is not None:  # tables of individuals (Scala 40): the seat in order
            places = [(str(seat), (p,)) for seat, p in enumerate(t.players, start=1)]
        for label, line in places:
            for c in line or ():
                if c in state.competitors:
                    names.append(NameRow(state.competitors[c].name, t.table, label))
    names.sort(key=lambda r: (name_key(r.name), r.table))  # "Coppia 2" before "Coppia 10"
    return {"round": rnd, "tables": tables, "names": names}


# ---------------------------------------------------------------------- standings
@dataclass(frozen=True)
class PublicRow:
    """One line of the standings display."""

    row: StandingRow
    movement: int | None  # places gained (+) or lost (-) since the previous round; None: new

    @property
    def penalties(self) -> tuple[tuple[str, str], ...]:
        """The penalties in the standings: warnings' VP and MP and lateness MP (art. 37, 41),
        each as a signed number and the msgid of its unit ("VP" / "MP": "−1 V.P.")."""
        parts = []
        if self.row.penalty_vp:
            parts.append((_signed(self.row.penalty_vp), "VP"))
        mp = self.row.penalty_mp + self.row.lateness_mp
        if mp:
            parts.append((_signed(mp), "MP"))
        return tuple(parts)


def _signed(n: int) -> str:
    """``n`` with its sign, the minus as the typographic one (``+1``, ``−100``)."""
    return f"{n:+d}".replace("-", "−")


def movements(state: EventState, rnd: int) -> dict[int, int]:
    """Each competitor's places gained (+) or lost (-) in round ``rnd``'s standings since the
    previous round's (read from the memoized standings; kept as a view of the state)."""

    def compute() -> dict[int, int]:
        if rnd <= 1:
            return {}
        before = {r.competitor: r.rank for r in standings(state, rnd - 1)}
        return {
            r.competitor: before[r.competitor] - r.rank
            for r in standings(state, rnd)
            if r.competitor in before
        }

    return state.view("public_movements", rnd, compute)


def standings_tiebreaks(state: EventState) -> Message:
    """The standings' line naming the event's tie-breaks (issue 34): «a parità di V.P.: M.P.,
    poi scontro diretto»."""
    return tiebreak_line(chosen(state)[0], state.sheet_kind.mp_lower_is_better)


def standings_view(state: EventState, now: datetime) -> dict[str, Any]:
    """The latest published standings (VP then MP, art. 19), each competitor's movement
    since the previous round, provisional or final (art. 39), and the VP chart."""
    rnd = standings_round(state)
    if rnd is None:
        return {"round": None, "rows": [], "final": False, "event_final": False, "chart": ""}
    rows = standings(state, rnd)
    moved = movements(state, rnd)
    public = [PublicRow(r, moved.get(r.competitor)) for r in rows]
    final = state.standings_final(rnd, now)
    return {
        "round": rnd,
        "rows": public,
        "final": final,
        "event_final": final and rnd == state.config.rounds,
        "chart": vp_chart_svg(rows[:CHART_TOP], rnd),
        "short_tables": short_tables_note(state, rnd),  # Scala 40 art. 26
        "tiebreaks": standings_tiebreaks(state),  # issue 34
    }


def vp_chart_svg(rows: list[StandingRow], rounds: int) -> Markup:
    """An inline SVG line chart of the cumulative VP after each round of ``rows`` (the top of
    the standings), one coloured line each, labelled at its end with rank and name."""
    if not rows or rounds < 1:
        return Markup("")
    width, height = 1200, 600
    left, right, top, bottom = 70, 430, 24, 56
    series = []
    for r in rows:
        total = 0
        points = [0]
        for vp in r.round_vp[:rounds]:
            total += vp or 0
            points.append(total)
        series.append(points)
    top_vp = max(max(s) for s in series)
    step = 10 if top_vp <= 80 else 20 if top_vp <= 200 else 50
    y_max = max(step, -(-top_vp // step) * step)
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + plot_w * i / rounds

    def y(v: float) -> float:
        return top + plot_h * (1 - v / y_max)

    out = [
        f'<svg class="vp-chart" viewBox="0 0 {width} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" aria-labelledby="vp-chart-title">'
    ]
    out.append('<title id="vp-chart-title">V.P.</title>')
    for v in range(0, y_max + 1, step):
        out.append(
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" '
            f'stroke="#444" stroke-width="1"/>'
            f'<text x="{left - 10}" y="{y(v) + 8:.1f}" text-anchor="end" fill="#ccc" '
            f'font-size="24">{v}</text>'
        )
    for i in range(rounds + 1):
        out.append(
            f'<text x="{x(i):.1f}" y="{height - 18}" text-anchor="middle" fill="#ccc" '
            f'font-size="24">{i}</text>'
        )
    # labels at the right end, pushed apart so that they never overlap
    gap = 30
    ends = sorted(((y(s[-1]), n) for n, s in enumerate(series)), key=lambda e: e[0])
    placed: dict[int, float] = {}
    last: float = top - gap
    for ypos, n in ends:
        ypos = max(ypos, last + gap)
        placed[n] = ypos
        last = ypos
    overflow = last - (height - bottom)
    if overflow > 0:
        placed = {n: v - overflow for n, v in placed.items()}
    for n, (r, s) in enumerate(zip(rows, series, strict=True)):
        colour = CHART_COLOURS[n % len(CHART_COLOURS)]
        pts = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(s))
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="5" '
            f'stroke-linejoin="round" stroke-linecap="round"/>'
        )
        for i, v in enumerate(s):
            out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="6" fill="{colour}"/>')
        name = escape(isolated(r.name if len(r.name) <= 20 else r.name[:19] + "…"))
        out.append(
            f'<text x="{left + plot_w + 16}" y="{placed[n] + 8:.1f}" fill="{colour}" '
            f'font-size="26" font-weight="700">{r.rank}. {name} · {s[-1]}</text>'
        )
    out.append("</svg>")
    return Markup("".join(out))


# ---------------------------------------------------------------------- routes
def _state(web: Web, event_id: str) -> EventState:
    return web.service.state(event_id)


def _version(state: EventState, *flags: object) -> str:
    return ".".join([str(state.last_seq), *(str(int(bool(f))) for f in flags)])


def _unchanged(request: Request, version: str) -> bool:
    return request.query_params.get("v") == version


@router.api_route("/e/{event_id}", methods=READ_ONLY, include_in_schema=False)
def event_page(request: Request, event_id: str) -> Response:
    """The event's public page: links to the room displays."""
    web = web_of(request)
    with web.locked():
        state = _state(web, event_id)
        key = page_key(request, "public/index.html", _version(state))
        ctx: dict[str, Any] = {
            "seating_round": seating_round(state),
            "standings_round": standings_round(state),
            "event_name": state.config.name,
            "sessions": len(state.config.session_starts),
            "session_article": state.code.cite_if("session"),  # Parole has no such article
        }
    return cached(
        request,
        web.pages,
        key,
        lambda: web.render(request, "public/index.html", event_id=event_id, **ctx),
    )


def _display(
    request: Request,
    event_id: str,
    template: str,
    name: str,
    view: Callable[[EventState, datetime], Mapping[str, Any]],
) -> Response:
    """A room display of the event (``name``): ``view`` gives its part; the version is the digest of
    what it shows (it changes when the seating or the standings shown change, or when the
    standings become final)."""
    web = web_of(request)
    shown: dict[str, Any] = {}

    def version() -> str:
        """The digest of what the display shows (read under the lock): a record that does not
        change it (a sheet of the round under way, for the standings of the last one) keeps
        the version, so the phones keep their page (204, 304) and it is not rendered again.
        Computed once per record (a view of the state), not at every poll."""
        state = _state(web, event_id)
        now = web.service.clock()
        rnd = standings_round(state)
        final = rnd is not None and state.standings_final(rnd, now)

        def compute() -> tuple[str, dict[str, Any]]:
            ctx: dict[str, Any] = {
                "event_id": event_id,
                "event_name": state.config.name,
                "rounds": state.config.rounds,
                "game": state.config.game,
                "individuals": state.sheet_kind.individual_tables,
                "sheet_texts": state.sheet_kind.texts,
                **view(state, now),
            }
            digest = hashlib.blake2b(repr(sorted(ctx.items())).encode(), digest_size=10)
            return digest.hexdigest(), ctx

        digest, ctx = state.view(f"public_display:{name}:{int(final)}", 0, compute)
        shown.clear()
        shown.update(ctx)
        return digest

    def context() -> dict[str, Any]:
        return dict(shown)

    return display(request, template, web.locked(), version, context, POLL_SECONDS)


def _seating(request: Request, event_id: str, template: str) -> Response:
    return _display(request, event_id, template, "seating", lambda state, now: seating_view(state))


add_display(
    router,
    "/e/{event_id}/seating",
    "public/seating",
    _seating,
    "The room display of the round's seating, by table and by name.",
)


def _standings(request: Request, event_id: str, template: str) -> Response:
    return _display(request, event_id, template, "standings", standings_view)


add_display(
    router,
    "/e/{event_id}/standings",
    "public/standings",
    _standings,
    "The room display of the latest published standings and the VP chart.",
)


# ---------------------------------------------------------------------- hall display
HALL_ROWS = 13  # rows in each of a page's two columns: 24 px text and more at 1366x768
HALL_COLUMNS = 2
HALL_SECONDS = 10  # each page shows this long, then the next (no interaction needed)
HALL_SECONDS_RANGE = (5, 300)  # what ``?seconds=`` may ask: a slower or faster room


@dataclass(frozen=True)
class HallPage:
    """One page of the hall display: a part (``seating`` or ``standings``), its page number
    within the part and the part's page count, and its rows in columns."""

    part: str
    page: int
    pages: int
    columns: list[list[Any]]


def _paged(part: str, rows: list[Any], columns: int = HALL_COLUMNS) -> list[HallPage]:
    """``rows`` on the pages of a hall display's ``part``: :data:`HALL_ROWS` a column,
    ``columns`` columns a page, every row on some page (one empty page if none)."""
    size = HALL_ROWS * columns
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]
    return [
        HallPage(
            part,
            n,
            len(chunks),
            [chunk[c * HALL_ROWS : (c + 1) * HALL_ROWS] for c in range(columns)],
        )
        for n, chunk in enumerate(chunks, start=1)
    ]


def local_time(state: EventState, at: datetime) -> str:
    """``at`` as HH:MM in the event's time zone (its setting, else Europe/Rome)."""
    return local_text(at, event_zone(state.config), SHORT)


def complaints_deadline(state: EventState, rnd: int) -> datetime | None:
    """When the complaints window of round ``rnd``'s standings closes (art. 39)."""
    published = state.round(rnd).standings_published_at
    if published is None:
        return None
    return published + timedelta(minutes=state.config.complaints_window_minutes)


def hall_pages(state: EventState, now: datetime) -> list[HallPage]:
    """The pages the hall display cycles through: the round's seating by name (players look
    for their table, art. 4), then the latest standings (art. 19), every row on some page.
    Once the last round's standings are published nobody looks for a table any more: the
    standings only (with their final mark once complaints are closed, art. 39)."""
    pages: list[HallPage] = []
    seating = seating_view(state)
    over = standings_round(state) == state.config.rounds
    if seating["round"] is not None and not over:
        pages += _paged("seating", seating["names"])
    view = standings_view(state, now)
    if view["round"] is not None:
        pages += _paged("standings", view["rows"])
    return pages


def hall_view(state: EventState, now: datetime, page: int) -> dict[str, Any]:
    """Page ``page`` (1-based, wrapping around) of the hall display, and the next page's
    number. With the standings: provisional or final, and when complaints close (art. 39)
    in the event's local time. Never the playing time (art. 7)."""
    pages = hall_pages(state, now)
    if not pages:
        return {"page": None, "next": 1, "total": 0}
    index = (page - 1) % len(pages)
    current = pages[index]
    ctx: dict[str, Any] = {"page": current, "next": (index + 1) % len(pages) + 1}
    ctx["total"] = len(pages)
    if current.part == "seating":
        ctx["round"] = seating_round(state)
    else:
        rnd = standings_round(state)
        assert rnd is not None
        final = state.standings_final(rnd, now)
        deadline = complaints_deadline(state, rnd)
        ctx.update(
            round=rnd,
            final=final,
            event_final=final and rnd == state.config.rounds,
            deadline=None if final or deadline is None else local_time(state, deadline),
            open_complaints=bool(state.round(rnd).open_complaints),
            tiebreaks=standings_tiebreaks(state),
        )
    return ctx


@router.api_route("/e/{event_id}/hall", methods=READ_ONLY, include_in_schema=False)
def hall_display(
    request: Request,
    event_id: str,
    page_number: int = Query(1, alias="page"),
    seconds: int = Query(HALL_SECONDS),
) -> Response:
    """The hall display for the projector: no navigation, no language switch; it pages by
    itself (a refresh every ``seconds``, 10 by default, to the next page, which also shows
    the latest records) through the seating by name and the standings at a size read across
    the room."""
    low, high = HALL_SECONDS_RANGE
    seconds = min(max(seconds, low), high)
    web = web_of(request)
    with web.locked():
        state = _state(web, event_id)
        now = web.service.clock()
        rnd = standings_round(state)
        final = rnd is not None and state.standings_final(rnd, now)
        key = page_key(request, "public/hall.html", _version(state, final))
        page = web.pages.get(key)
        if page is None:  # the context read under the lock (new values), rendered outside
            ctx = hall_view(state, now, page_number)
            ctx.update(
                event_id=event_id,
                event_name=state.config.name,
                rounds=state.config.rounds,
                individuals=state.sheet_kind.individual_tables,
                sheet_texts=state.sheet_kind.texts,
                code=state.code,
            )
    if page is not None:
        return page_response(request, page)
    return cached(
        request,
        web.pages,
        key,
        lambda: web.render(request, "public/hall.html", seconds=seconds, **ctx),
    )


# ---------------------------------------------------------------------- series display
SERIES_WIDE = 4  # up to this many events: two columns of rows a page, each event's points


def series_pages(result: SeriesStandings) -> list[HallPage]:
    """The pages of a series display: every player's row on some page, two columns a page
    (one when the series has more than :data:`SERIES_WIDE` events, for their points)."""
    columns = HALL_COLUMNS if len(result.events) <= SERIES_WIDE else 1
    return _paged("series", list(result.rows), columns)


@router.api_route("/s/{series_id}", methods=READ_ONLY, include_in_schema=False)
def series_display(
    request: Request,
    series_id: str,
    page_number: int = Query(1, alias="page"),
    seconds: int = Query(HALL_SECONDS),
) -> Response:
    """The series standings for the projector (a club's season, a circuit of stages), in
    the hall display's style: large type, no navigation; it pages by itself every
    ``seconds``. Rendered once per version of the series and its events (the page cache)."""
    low, high = HALL_SECONDS_RANGE
    seconds = min(max(seconds, low), high)
    web = web_of(request)
    with web.locked():
        version = hashlib.blake2b(
            series.version(web.store, series_id, web.service).encode(), digest_size=10
        ).hexdigest()
        key = page_key(request, "public/series.html", version)
        page = web.pages.get(key)
        if page is None:  # the context read under the lock, rendered outside
            result = series.standings(web.store, series_id, web.service)
            pages = series_pages(result)
            index = (page_number - 1) % len(pages)
            ctx: dict[str, Any] = {
                "result": result,
                "page": pages[index],
                "next": (index + 1) % len(pages) + 1,
                "total": len(pages),
                "wide": len(pages[index].columns) > 1,
            }
    if page is not None:
        return page_response(request, page)
    return cached(
        request,
        web.pages,
        key,
        lambda: web.render(request, "public/series.html", seconds=seconds, **ctx),
    )


# ---------------------------------------------------------------------- sessions
def session_view(state: EventState, session: int) -> dict[str, Any]:
    """The published standings of one session (FIBAS art. 2 "Sessione"): its rounds only, up
    to the latest round with published standings; the sessions to choose from."""
    first, last = session_rounds(state, session)
    rnd = standings_round(state)
    shown = None if rnd is None or rnd < first else min(rnd, last)
    rows = [] if shown is None else session_standings(state, session, shown)
    return {
        "session": session,
        "sessions": list(range(1, len(state.config.session_starts) + 1)),
        "first": first,
        "last": last,
        "round": shown,
        "rows": rows,
        "rounds_shown": list(range(first, (shown or first - 1) + 1)),
        "article": state.code.cite_if("session"),
        "tiebreaks": standings_tiebreaks(state),
    }


@router.api_route("/e/{event_id}/sessions/{session}", methods=READ_ONLY, include_in_schema=False)
def session_page(request: Request, event_id: str, session: int) -> Response:
    """The standings of one session of the event (FIBAS art. 2: the rounds played
    consecutively), with a selector of the sessions; rendered once per version of the
    event (the page cache)."""
    web = web_of(request)
    with web.locked():
        state = _state(web, event_id)
        key = page_key(request, "public/session.html", _version(state))
        page = web.pages.get(key)
        if page is None:
            ctx = session_view(state, session)
            ctx.update(
                event_id=event_id,
                event_name=state.config.name,
                individuals=state.sheet_kind.individual_tables,
                sheet_texts=state.sheet_kind.texts,
            )
    if page is not None:
        return page_response(request, page)
    return cached(
        request, web.pages, key, lambda: web.render(request, "public/session.html", **ctx)
    )
