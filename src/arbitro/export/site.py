"""The static site's pages from a :class:`ResultsFile`: Jinja templates of this package, the
hall pages' style sheets copied beside them (``static/``), every link relative."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from arbitro.errors import ArbitroError
from arbitro.i18n import Message, Renderable, msg, ngettext, render
from arbitro.services.results import CompetitorInfo, ResultsFile, Round, StandingRow
from arbitro.tournament.standings.tiebreaks import CRITERIA, tiebreak_line

HERE = Path(__file__).resolve().parent
WEB_STATIC = HERE.parent / "web" / "static"
SHEETS = ("arbitro.css", "public.css")
"""The hall pages' style sheets, copied into the export (never edited here)."""

SOURCES: dict[str, Message] = {
    "sheet": msg("score sheet"),
    "rest": msg("rest score"),
    "rest-average": msg("rest score (average)"),
    "forfeit": msg("forfeit"),
    "zero": msg("zero"),
    "arbitral": msg("arbitral score"),
    "pending": msg("not scored yet"),
}
"""How a result's source reads on the pages (FIBAS art. 36, 37, 40)."""


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE / "templates")),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )

    def translate(context: Any, text: str | Message | Renderable, **params: Any) -> str:
        lang = str(context.get("lang") or "it")
        if isinstance(text, str):
            return render(Message(text, params), lang)
        return render(text, lang)

    env.globals["_"] = jinja2.pass_context(translate)
    env.globals["ngettext"] = ngettext  # a Message, rendered by ``_``
    return env


def standings_page(after_round: int) -> str:
    """The file of the standings after ``after_round``."""
    return f"standings-{after_round}.html"


def round_page(number: int) -> str:
    """The file of round ``number``'s tables and sheets."""
    return f"round-{number}.html"


def competitor_page(number: int) -> str:
    """The file of competitor ``number``'s card."""
    return f"competitor-{number}.html"


def _card(results: ResultsFile, comp: CompetitorInfo) -> list[dict[str, Any]]:
    """The competitor's rounds: table, side, opponents, MP, VP, source."""
    rows: list[dict[str, Any]] = []
    for rnd in results.rounds:
        res = next((r for r in rnd.results if r.competitor == comp.number), None)
        table = next(
            (t for t in rnd.tables if any(comp.number in ln.competitors for ln in t.lines)), None
        )
        if table is None:  # not seated; a late entry's arbitral score (Scala 40 art. 26)
            rows.append({"round": rnd.number, "table": None, "result": res})
            continue
        side = next(ln.side for ln in table.lines if comp.number in ln.competitors)
        opponents = [c for ln in table.lines if ln.side != side for c in ln.competitors]
        rows.append(
            {
                "round": rnd.number,
                "table": table.table,
                "side": side,
                "opponents": [results.competitor(c) for c in opponents],
                "result": res,
            }
        )
    return rows


def _rank(results: ResultsFile, number: int) -> StandingRow | None:
    final = results.final_standings()
    if final is None:
        return None
    return next((r for r in final.rows if r.competitor == number), None)


def _round_results(rnd: Round) -> dict[int, Any]:
    return {r.competitor: r for r in rnd.results}


def _common(results: ResultsFile, lang: str) -> dict[str, Any]:
    if lang not in ("it", "en"):
        raise ArbitroError("language «{lang}»: use it or en", lang=lang)
    return {
        "lang": lang,
        "results": results,
        "event": results.event,
        "names": {c.number: c for c in results.competitors},
        "sources": SOURCES,
        "standings_page": standings_page,
        "round_page": round_page,
        "competitor_page": competitor_page,
        "side_label": lambda side: _side_label(side, lang),
        "final": results.final_standings(),
        # The tie-breaks' line (issue 34): those of the file the arbitro of today knows.
        "tiebreaks": tiebreak_line(
            [t for t in results.event.tiebreaks if t in CRITERIA],
            results.event.mp_lower_is_better,
        ),
        # The rounds with a result still to come: their standings are not the last word.
        "incomplete": {
            rnd.number for rnd in results.rounds if any(r.source == "pending" for r in rnd.results)
        },
    }


def _side_label(side: str, lang: str) -> str:
    """A line's side as the room reads it (N-S, E-O in Italian); a seat number as it is."""
    if side == "ns":
        return "N-S"
    if side == "ew":
        return render(msg("E-W"), lang)
    return side


def page_names(results: ResultsFile) -> list[str]:
    """The file names of the site's pages, the index first."""
    return [
        "index.html",
        *(standings_page(t.after_round) for t in results.standings),
        *(round_page(r.number) for r in results.rounds),
        *(competitor_page(c.number) for c in results.competitors),
    ]


def site_page(
    results: ResultsFile, name: str, lang: str = "it", env: jinja2.Environment | None = None
) -> str | None:
    """The page ``name`` of the site (one of :func:`page_names`), or None if there is none:
    the live app serves the pages one at a time."""
    env = env or _env()
    common = _common(results, lang)
    if name == "index.html":
        return env.get_template("index.html").render(common, page="index")
    for table in results.standings:
        if name == standings_page(table.after_round):
            return env.get_template("standings.html").render(common, page="standings", table=table)
    for rnd in results.rounds:
        if name == round_page(rnd.number):
            return env.get_template("round.html").render(
                common, page="round", round=rnd, by_competitor=_round_results(rnd)
            )
    for comp in results.competitors:
        if name == competitor_page(comp.number):
            return env.get_template("competitor.html").render(
                common,
                page="competitor",
                comp=comp,
                card=_card(results, comp),
                standing=_rank(results, comp.number),
            )
    return None


def site_pages(results: ResultsFile, lang: str = "it") -> dict[str, str]:
    """Every page of the site: file name → HTML."""
    _common(results, lang)  # the language checked before anything is drawn
    env = _env()
    pages: dict[str, str] = {}
    for name in page_names(results):
        html = site_page(results, name, lang, env)
        assert html is not None  # every name of page_names has its page
        pages[name] = html
    return pages


STYLE_SHEETS: dict[str, Path] = {
    **{name: WEB_STATIC / name for name in SHEETS},
    "export.css": HERE / "static" / "export.css",
}
"""The site's style sheets, in ``static/`` beside the pages (its pages link ``static/<name>``)."""


def site_files(results: ResultsFile, lang: str = "it") -> dict[str, bytes]:
    """Every file of the site: relative path → content (the pages, then ``static/``)."""
    files = {name: html.encode() for name, html in site_pages(results, lang).items()}
    for name, path in STYLE_SHEETS.items():
        files[f"static/{name}"] = path.read_bytes()
    return files


def write_site(results: ResultsFile, out: Path, lang: str = "it") -> list[Path]:
    """Write the site into the folder ``out`` (made if missing): the pages and
    ``static/`` (the hall's style sheets and the export's own). The files written."""
    files = site_files(results, lang)
    if out.exists() and not out.is_dir():
        raise ArbitroError("{path} is a file, not a folder", path=str(out))
    written: list[Path] = []
    try:
        (out / "static").mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            (out / name).write_bytes(data)
            written.append(out / name)
    except OSError as exc:
        raise ArbitroError(
            "cannot write {file}: {reason}", file=exc.filename or str(out), reason=exc.strerror
        ) from None
    return written
