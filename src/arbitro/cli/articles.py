"""``arbitro articles``: search and show the articles of the competition codes.

``register(app)`` adds the group; ``search QUERY [--code C] [--limit N] [--json]`` and
``show CODE NUMBER [--json]`` print text for the arbiter, or JSON for scripts.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitro.cli.common import command_group, errors
from arbitro.i18n import _
from arbitro.lazy_names import lazy_module

if TYPE_CHECKING:
    from arbitro.codes import catalogue as codes_catalogue
    from arbitro.codes.catalogue import Article, SearchHit
else:
    # Loaded on first use: the command line's start-up (issue 14).
    codes_catalogue = lazy_module("arbitro.codes.catalogue")


def _article_json(article: Article) -> dict[str, Any]:
    return {
        "code": article.code,
        "number": article.number,
        "ref": article.ref,
        "term": article.term,
        "title": article.title,
        "section": article.section,
        "keywords": list(article.keywords),
        "note": article.note,
        "text": article.text,
    }


def _hit_json(hit: SearchHit) -> dict[str, Any]:
    return {
        "code": hit.article.code,
        "number": hit.article.number,
        "ref": hit.article.ref,
        "term": hit.article.term,
        "title": hit.article.title,
        "label": hit.article.label,
        "score": hit.score,
        "snippet": hit.snippet,
    }


def register(app: typer.Typer) -> None:
    """Add the ``articles`` command group (search, show) to the ``arbitro`` CLI."""
    group = command_group(app, "articles", _("Articles of the competition codes: search and show."))

    @group.command(
        "search",
        help=_("Search the articles (accents and endings do not matter); the best first."),
    )
    def search_command(
        query: Annotated[
            str,
            typer.Argument(help=_("What to look for, in Italian (e.g. 'pozzetto visto prima').")),
        ],
        code: Annotated[
            str | None,
            typer.Option(
                "--code",
                "-c",
                help=_(
                    "Only this code: burraco-fibas, burraco-parole-uisp, scala40, "
                    "briscola, bridge-law-13."
                ),
            ),
        ] = None,
        limit: Annotated[
            int, typer.Option("--limit", "-n", help=_("Maximum number of results."))
        ] = 10,
        as_json: Annotated[bool, typer.Option("--json", help=_("Output as JSON."))] = False,
    ) -> None:
        """Search the articles of the codes (accents and endings do not matter), best first."""
        with errors(as_json):
            hits = codes_catalogue.load_catalogue().search(query, code=code, limit=limit)
        if as_json:
            typer.echo(json.dumps([_hit_json(h) for h in hits], ensure_ascii=False, indent=2))
            return
        if not hits:
            typer.echo(_("No article matches."))
            return
        for rank, hit in enumerate(hits, start=1):
            a = hit.article
            typer.echo(f"{rank}. [{a.code} {a.ref}] {a.label}  ({hit.score:.2f})")
            typer.echo(f"   {hit.snippet}")

    @group.command("show", help=_("Show an article with its text as written in the code."))
    def show_command(
        code: Annotated[str, typer.Argument(help=_("Competition code (e.g. burraco-fibas)."))],
        number: Annotated[
            str,
            typer.Argument(
                help=_("The article's number as printed (e.g. 23, 4.1) or the entry '2:pozzetto'.")
            ),
        ],
        as_json: Annotated[bool, typer.Option("--json", help=_("Output as JSON."))] = False,
    ) -> None:
        """Show an article of a code with its text as written in the code."""
        with errors(as_json):
            catalogue = codes_catalogue.load_catalogue()
            article = catalogue.article(code, number)
            info = catalogue.code(article.code)
        if as_json:
            typer.echo(json.dumps(_article_json(article), ensure_ascii=False, indent=2))
            return
        typer.echo(info.name)
        if article.section:
            typer.echo(article.section)
        typer.echo("")
        typer.echo(article.label)
        typer.echo("")
        if article.text:
            typer.echo(article.text)
        if article.note:
            typer.echo("")
            typer.echo(_("Note: {note}", note=article.note))
