"""``arbitro articles``: search and show the articles of the competition codes.

``register(app)`` adds the group; ``search QUERY [--code C] [--limit N] [--json]`` and
``show CODE NUMBER [--json]`` print text for the arbiter, or JSON for scripts.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from arbitro.codes.catalogue import Article, SearchHit, load_catalogue
from arbitro.errors import ArbitroError, current_language


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


def _fail(error: ArbitroError) -> typer.Exit:
    prefix = "Error" if current_language() == "en" else "Errore"
    typer.echo(f"{prefix}: {error.message()}", err=True)
    return typer.Exit(code=2)


def register(app: typer.Typer) -> None:
    """Add the ``articles`` command group (search, show) to the ``arbitro`` CLI."""
    group = typer.Typer(
        name="articles",
        help=(
            "Articoli dei codici di gara: ricerca e consultazione. "
            "/ Articles of the competition codes: search and show."
        ),
        no_args_is_help=True,
    )

    @group.command("search")
    def search_command(
        query: Annotated[
            str, typer.Argument(help="Cosa cercare, in italiano (es. 'pozzetto visto prima').")
        ],
        code: Annotated[
            str | None,
            typer.Option(
                "--code",
                "-c",
                help=(
                    "Solo questo codice: burraco-fibas, burraco-parole-uisp, scala40, "
                    "briscola, bridge-law-13."
                ),
            ),
        ] = None,
        limit: Annotated[
            int, typer.Option("--limit", "-n", help="Numero massimo di risultati.")
        ] = 10,
        as_json: Annotated[bool, typer.Option("--json", help="Risultati in JSON.")] = False,
    ) -> None:
        """Cerca negli articoli (accenti e desinenze non contano); il migliore per primo."""
        try:
            hits = load_catalogue().search(query, code=code, limit=limit)
        except ArbitroError as error:
            raise _fail(error) from error
        if as_json:
            typer.echo(json.dumps([_hit_json(h) for h in hits], ensure_ascii=False, indent=2))
            return
        if not hits:
            typer.echo(
                "No article matches." if current_language() == "en" else "Nessun articolo trovato."
            )
            return
        for rank, hit in enumerate(hits, start=1):
            a = hit.article
            typer.echo(f"{rank}. [{a.code} {a.ref}] {a.label}  ({hit.score:.2f})")
            typer.echo(f"   {hit.snippet}")

    @group.command("show")
    def show_command(
        code: Annotated[str, typer.Argument(help="Codice di gara (es. burraco-fibas).")],
        number: Annotated[
            str,
            typer.Argument(
                help="Numero dell'articolo come stampato (es. 23, 4.1) o voce '2:pozzetto'."
            ),
        ],
        as_json: Annotated[bool, typer.Option("--json", help="Articolo in JSON.")] = False,
    ) -> None:
        """Mostra un articolo con il suo testo come scritto nel codice."""
        try:
            catalogue = load_catalogue()
            article = catalogue.article(code, number)
            info = catalogue.code(article.code)
        except ArbitroError as error:
            raise _fail(error) from error
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
            typer.echo(f"Nota: {article.note}")

    app.add_typer(group, name="articles")
